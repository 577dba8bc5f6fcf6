"""The registry: every game package under ``scorekeeper/games/`` found by looking, each game loaded when asked.

A game package's ``__init__.py`` holds its ``RECORDS`` (:class:`~scorekeeper.games.base.GameRecord`) and
imports nothing else, so finding the games costs one small module per package; a game's engine, pieces
or pages are imported only when the platform asks for them (importing one engine loads no other game).
Standard library only.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator, Mapping
from dataclasses import replace
from functools import cache
from typing import Any

from ..core.domains import PLAYER_NAME, Text
from .base import Game, GameRecord, Ref

#: the package whose sub-packages are the games
HOME = __name__.rsplit(".", 1)[0]


@cache
def records() -> Mapping[str, GameRecord]:
    """Every game's record by its name, from each package under ``scorekeeper/games/`` (in the packages' order)."""
    home = importlib.import_module(HOME)
    found: dict[str, GameRecord] = {}
    for info in pkgutil.iter_modules(home.__path__):
        if not info.ispkg:
            continue
        package = importlib.import_module(f"{HOME}.{info.name}")
        for record in getattr(package, "RECORDS", ()):
            if not isinstance(record, GameRecord) or record.name in found:
                raise LookupError(f"{package.__name__}: a bad or second record {record!r}")
            found[record.name] = record
    return found


@cache
def player_name() -> Text:
    """A player's name as every group takes it: never one that a game gives a party of its table (its records'
    ``dishes``), whatever its case, since a group's players play every game."""
    return replace(PLAYER_NAME, reserved=frozenset(d.casefold() for r in records().values() for d in r.dishes))


def load(record: GameRecord, ref: Ref) -> Any:
    """What ``ref`` of ``record`` names, imported now (a module, or one of its attributes); None for ``""``."""
    if not ref:
        return None
    module = importlib.import_module(record.module(ref))
    _, _, attribute = ref.partition(":")
    return getattr(module, attribute) if attribute else module


class Registry(Mapping[str, Game[Any]]):
    """The games by name, as a read-only mapping that loads a game the first time it is looked up."""

    def __init__(self) -> None:
        self._loaded: dict[str, Game[Any]] = {}

    def __getitem__(self, name: str) -> Game[Any]:
        game = self._loaded.get(name)
        if game is None:
            record = records()[name]
            game = load(record, record.game)
            if not isinstance(game, Game) or game.spec.name != name:
                raise LookupError(f"{record.package}: {record.game} is not the game {name!r}")
            self._loaded[name] = game
        return game

    def __contains__(self, name: object) -> bool:
        return name in records()

    def __iter__(self) -> Iterator[str]:
        return iter(records())

    def __len__(self) -> int:
        return len(records())

    def __repr__(self) -> str:
        return f"Registry({list(records())!r})"
