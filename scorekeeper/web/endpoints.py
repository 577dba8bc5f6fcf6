"""Where the platform links for a session's pages: a game with pages of its own declares them in its ``pages``
module's ``ENDPOINTS`` (found through the registry), every other game has the platform's game pages. The
platform's web asks :func:`endpoint`, never naming a game's endpoint (``tests/games/test_endpoints.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType, ModuleType
from typing import Literal, get_args

from flask import Flask

from ..games import GAMES
from ..games.views import part_of

#: a session's pages the platform links to: its table screen, the page an ended session opens on, its watch
#: page, its hand form, its fix of a hand (given its ``number``), and the outbox's sync answer and its page of a hand
#: kept on the phone; and the game's start form (given the group's ``token``, the ``game`` and a ``preset``)
EndpointKind = Literal["screen", "ended", "watch", "hand", "fix", "sync", "pending", "start"]
#: the platform's game pages, for every game without pages of its own
PLATFORM_ENDPOINTS: Mapping[str, str] = MappingProxyType({
    "screen": "games.table", "ended": "games.table", "watch": "games.watch", "hand": "games.deal",
    "fix": "games.deal", "sync": "games.sync", "pending": "games.pending", "start": "games.start"})


@cache
def pages_of(name: str) -> ModuleType | None:
    """The ``pages`` module of the game called ``name``, found through the registry (None: it has none)."""
    found: ModuleType | None = part_of(GAMES[name], "pages") if name in GAMES else None
    return found


def game_pages() -> list[ModuleType]:
    """The ``pages`` modules of the games that have pages of their own (Tresillo's table, fixes and watch pages),
    found through the registry, each once (one package may hold several games)."""
    found: dict[str, ModuleType] = {}
    for name in GAMES:
        module = pages_of(name)
        if module is not None:
            found.setdefault(module.__name__, module)
    return list(found.values())


def group_sections() -> tuple[str, ...]:
    """The templates of the games' own sections of the group page, each a pages module's ``GROUP_SECTION``
    (Tresillo's evening being played, the next one, its paper and its past evenings): macros ``now`` (under
    the group's name) and ``past`` (after the evenings across games), given the group's memory."""
    return tuple(pages.GROUP_SECTION for pages in game_pages() if hasattr(pages, "GROUP_SECTION"))


def endpoints_of(game: str) -> Mapping[str, str]:
    """Every page of ``kind`` of the game called ``game``: its own pages' ``ENDPOINTS``, or the platform's."""
    pages = pages_of(game)
    found: Mapping[str, str] = pages.ENDPOINTS if pages is not None else PLATFORM_ENDPOINTS
    return found


def endpoint(game: str, kind: EndpointKind) -> str:
    """The endpoint of the ``kind`` page of a session of ``game`` (``table.show``, ``games.table``…)."""
    return endpoints_of(game)[kind]


@cache
def screens() -> frozenset[str]:
    """The endpoints of every game's table screen (what ``/start`` reopens); asked before every request."""
    return frozenset(endpoint(name, "screen") for name in GAMES)


def check_endpoints(app: Flask) -> None:
    """Every game's pages named for each kind exist in the app: a misspelt ``ENDPOINTS`` fails at start-up."""
    for name in GAMES:
        named = endpoints_of(name)
        wrong = [kind for kind in get_args(EndpointKind) if named.get(kind) not in app.view_functions]
        if wrong:
            raise LookupError(f"the game {name!r} names no page of the app for {', '.join(wrong)}")
