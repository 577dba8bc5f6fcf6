"""What a change of the table would do (or did), for every game: one record, computed one way.

A change (a fix, an insert, a delete, an undo; Tresillo's dealer and seating) is a :class:`changes.Plan`; the game
replays the deals before and after it, and :func:`previewed` compares the two replays: the deal (or hand) rows whose
figures change, each player's score and money before and after, how the game's outcome changes (the winner, a
claim, an elimination) and, for a fix, the deal's fields it changes. What differs between games is data the game
hands in as a :class:`Reading` of its replay (its rows, a row's figures, a row as its page shows it, each player's
standing, its outcome in words), never a test of which game it is. Nothing here writes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ..i18n import _
from .changes import Plan
from .deal_words import altered

#: a game's replay, as its :class:`Reading` reads it (a game's ``Played`` with its deals, Tresillo's ledger)
G = TypeVar("G")
#: one row of such a replay (a game's deal row, Tresillo's ledger row or row in words)
R = TypeVar("R")

#: at most this many changed rows are listed in a preview (the rest are counted)
SHOWN = 12

#: a player's standing in a replay: (the player, their score, their money in words)
Standing = tuple[str, int, str]


@dataclass(frozen=True)
class RowChange:
    """A deal (or hand) whose figures change, as its page shows it: before (None: inserted) and after (None:
    removed)."""

    before: Any
    after: Any


@dataclass(frozen=True)
class MoneyChange:
    """A player's score (Tresillo's bowl) and money, before and after the change."""

    player: str
    score_before: int
    score_after: int
    money_before: str
    money_after: str

    @property
    def changed(self) -> bool:
        return (self.score_before, self.money_before) != (self.score_after, self.money_after)


@dataclass(frozen=True)
class ChangePreview:
    """What a change would do (or did), replayed, every game's: the rows whose figures change (``more``: those not
    listed), each player's score and money before and after, how the outcome changes (empty: as it was), the
    deal's fields a fix changes, and why the change cannot be made ("" when it can)."""

    rows: tuple[RowChange, ...] = ()
    more: int = 0
    money: tuple[MoneyChange, ...] = ()
    outcome: tuple[str, ...] = ()
    fields: tuple[str, ...] = ()
    refusal: str = ""
    #: the change leaves the deals as they are stored (a fix to what is recorded already): refused, said next to
    #: the form, never saved
    same: bool = False

    @property
    def money_moves(self) -> bool:
        """Whether any player's score or money changes."""
        return any(m.changed for m in self.money)


def _nothing(_before: Any, _after: Any, _plan: Plan) -> tuple[str, ...]:
    return ()


@dataclass(frozen=True)
class Reading(Generic[G, R]):
    """How a game's replay is read for a preview: its rows (a deal's or a hand's), what of a row its figures are
    (two rows with the same figures are not listed), a row as the page shows it, each player's standing in
    seating order, and how the outcome changes in words (none: the game has no winner to change)."""

    rows: Callable[[G], Sequence[R]]
    figures: Callable[[R], Any]
    shown: Callable[[G, R], Any]
    standing: Callable[[G], Sequence[Standing]]
    outcome: Callable[[G, G, Plan], tuple[str, ...]] = _nothing


def unchanged(plan: Plan, stored: Sequence[Any]) -> ChangePreview | None:
    """The preview of a change that leaves the deals (or hands) as they are ``stored``, for every game: refused
    before anything is replayed, as the save refuses it (:func:`changes.unchanged_refused`); None for a change
    that changes something."""
    if plan.changes_nothing(stored):
        return ChangePreview(refusal=_("That is how it is recorded already: nothing would change."), same=True)
    return None


def previewed(reading: Reading[G, R], before: G, after: G, plan: Plan, fields: Sequence[str] = ()) -> ChangePreview:
    """The preview of ``plan`` from the game replayed before and after it: only the rows it can touch are compared
    (:meth:`Plan.pairs`), by their figures, and only those listed are shown (a 500-deal game is not put in words
    to delete one deal)."""
    rows = altered(plan.pairs(), reading.rows(before), reading.rows(after), reading.figures)
    listed = tuple(RowChange(None if b is None else reading.shown(before, b),
                             None if a is None else reading.shown(after, a)) for b, a in rows[:SHOWN])
    return ChangePreview(listed, max(0, len(rows) - SHOWN),
                         money_changes(reading.standing(before), reading.standing(after)),
                         reading.outcome(before, after, plan), tuple(fields))


def money_changes(before: Sequence[Standing], after: Sequence[Standing]) -> tuple[MoneyChange, ...]:
    """Each player's score and money before and after, in the order after the change (a player not there
    before had nothing: the score 0, the money as after's)."""
    was = {player: (score, money) for player, score, money in before}
    return tuple(MoneyChange(player, was.get(player, (0, money))[0], score, was.get(player, (0, money))[1], money)
                 for player, score, money in after)
