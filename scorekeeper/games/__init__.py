"""The games the table companion keeps, each a plug-in found here by its name.

Every game is a package under ``scorekeeper/games/`` whose ``__init__.py`` lists its ``RECORDS``
(:class:`~scorekeeper.games.base.GameRecord`: its engine, pieces, pages, documents, endings…). The
registry (:mod:`.registry`) finds the packages by looking and loads a game only when it is asked for;
:data:`GAMES` maps each name to its :class:`~scorekeeper.games.base.Game`. The platform (services, web,
CLI) reaches a game only through here. Standard library only.
"""

from __future__ import annotations

from typing import Any

from .base import Game, GameRecord, GameSpec
from .registry import Registry, records

#: every game of the session file ``scorekeeper-session/2``, by its name in the file (loaded when looked up)
GAMES = Registry()


def game(name: str) -> Game[Any]:
    """The game called ``name`` (KeyError for an unknown one: check with ``name in GAMES``)."""
    return GAMES[name]


def record(name: str) -> GameRecord:
    """The record of the game called ``name``: what it says about itself (KeyError for an unknown one)."""
    return records()[name]


def owner_of_file(data: Any, part: str) -> Game[Any] | None:
    """The game whose own session format (``GameSpec.session_format``) the parsed file ``data`` names, among the
    games whose record names ``part`` (``"commands"`` to replay such a file, ``"reader"`` to bring it into a
    group). A file naming no format one of them owns goes to the first of them, whose files came first and may
    leave the format out: its reader refuses it naming the format it expected. None: no game has that part."""
    owners = [GAMES[name] for name, found in records().items() if getattr(found, part)]
    named = data.get("format") if isinstance(data, dict) else None
    return next((g for g in owners if g.spec.session_format == named), owners[0] if owners else None)


__all__ = ["GAMES", "Game", "GameRecord", "GameSpec", "game", "owner_of_file", "record", "records"]
