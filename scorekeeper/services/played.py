"""What the platform asks of a game whose sessions are kept by services of its own.

Most games are played through the platform alone: their sessions are ``scorekeeper-session/2`` files
replayed by :mod:`scorekeeper.services.games`. A game with a stack of its own (Tresillo's evenings: its
hands, fixes, paper and pages) gives the platform a ``service`` module in its package whose ``SERVICE``
implements :class:`OwnService`. The platform finds it through the registry (:func:`service_of`),
never by naming the game, and asks it only what the group's pages, the evening across games and the
change log need to know of such a session.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from functools import cache
from typing import Any, Protocol

from ..core.evenings import Evening
from ..games import GAMES
from ..games.views import part_of
from ..models import GameSession, Group
from .asked import Changes


class OwnService(Changes, Protocol):
    """A game's own services, as the platform sees them: what the group's pages, the evening across games and the
    change log ask, and its changes of the stored deals as its change page asks them (:class:`asked.Changes`)."""

    def summary(self, gs: GameSession) -> Evening:
        """A closed session's figures as the group remembers it, worked out from its inputs (one replay)."""

    def money(self, gs: GameSession) -> Mapping[str, Decimal]:
        """Each player's money as the session stands (an open one: as if it ended now)."""

    def paper(self, gs: GameSession) -> list[dict[str, Any]]:
        """The debts a closed session kept on paper for the next one (``{"player", "amount"}`` each)."""

    def feats(self, evening: Evening) -> dict[str, dict[str, int]]:
        """What each player did worth counting across games (an ``N_("…")`` label → how many times)."""

    def hand_words(self, hand: Mapping[str, Any]) -> str:
        """One stored hand in a line, for the change log."""

    def hand_changes(self, before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
        """What a fix of a stored hand changed, field by field, for the change log."""

    def sheet(self, gs: GameSession) -> tuple[str, Any]:
        """The session's part of the evening's PDF: its printed document's kind and the view it prints."""

    def start_like(self, group: Group, last: GameSession) -> GameSession:
        """A new session of ``group`` with the seats, rules and stakes of ``last`` (the next evening)."""


@cache
def service_of(name: str) -> OwnService | None:
    """The own services of the game called ``name`` (None: the platform alone plays it, or no such game)."""
    if name not in GAMES:
        return None
    found: OwnService | None = part_of(GAMES[name], "service")
    return found


def own_service(name: str) -> OwnService:
    """The own services of ``name``, which the caller knows it has (a session it chose by :func:`served`)."""
    found = service_of(name)
    if found is None:
        raise LookupError(f"the game {name!r} has no services of its own")
    return found


def served() -> tuple[str, ...]:
    """The games whose sessions are kept by services of their own (a SQL filter's names)."""
    return tuple(name for name in GAMES if service_of(name) is not None)


def counts_hands(name: str) -> bool:
    """Whether the game's pages call what is entered a hand rather than a deal: a game with services of its own
    keeps an evening of hands, which a reopen opens again (Tresillo's); every other game a game of deals, whose
    end an undo takes back. The platform's sentences about the table (the session closed, a deal gone, a change
    in the history) say it in the game's own word."""
    return service_of(name) is not None


def carries_paper(name: str) -> bool:
    """Whether the game called ``name`` keeps debts on paper from one session to the next."""
    return name in GAMES and GAMES[name].spec.carries_paper


def paper_games() -> tuple[str, ...]:
    """The games that carry paper (a SQL filter's names)."""
    return tuple(name for name in GAMES if carries_paper(name))
