"""The games the table companion keeps, each a plug-in found here by its name.

Every game of the ``scorekeeper-session/2`` format is a :class:`~scorekeeper.games.base.Game`
(its fixed description and its pure scoring functions) registered in :data:`GAMES`. The platform
(services, web, CLI) reaches a game only through this registry. Standard library only.
"""

from __future__ import annotations

from typing import Any

from .base import Game, GameSpec
from .pot import CACHO, FLOR
from .rovescino import ROVESCINO
from .terziglio import TERZIGLIO
from .tresillo import TRESILLO
from .tressette import TRESSETTE, TRESSETTE_CHIAMATA, TRESSETTE_IN_DUE
from .truc import PUT, RENTOY, TRUC

#: every game of the session file ``scorekeeper-session/2``, by its name in the file
GAMES: dict[str, Game[Any]] = {game.spec.name: game for game in (
    TRESILLO,
    ROVESCINO,
    TRESSETTE, TRESSETTE_CHIAMATA, TRESSETTE_IN_DUE, TERZIGLIO,
    RENTOY, TRUC, PUT,
    CACHO, FLOR,
)}


def game(name: str) -> Game[Any]:
    """The game called ``name`` (KeyError for an unknown one: check with ``name in GAMES``)."""
    return GAMES[name]


__all__ = ["GAMES", "Game", "GameSpec", "game"]
