"""A hand kept on a phone while it was offline, against the table as it is when the phone is back.

The phone sends its hand with the number it was entered as. When another
phone entered that hand number meanwhile the server refuses it (a
:class:`~.refusals.Conflict`), and the phone asks for this comparison: the
hand stored under that number beside the phone's own hand, and what the
phone's hand would do as the next hand. A fix of a hand made stale by
another phone is compared the same way with the hand as it is now. Nothing
here writes; the choice (drop it, enter it as the next hand, apply the fix)
goes through :mod:`.hands` like any other post.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....core.errors import SessionError
from ....i18n import _
from ....models import GameSession
from ....services.refusals import refused_from
from ..engine import Ledger
from ..views import RowView, row_view
from .replays import Entry

#: what the server adds to a stored hand that the phone never sends (issue 12 records the dealer)
ADDED_WHEN_STORED = ("dealer", "seating")


@dataclass(frozen=True)
class PendingComparison:
    """The phone's hand ``number`` beside the table's hand ``number``, and what the phone's would do.

    For a new hand, "what it would do" is as the next hand (``next_number``);
    for a fix of hand ``number`` (``editing``), in place of the hand stored now.
    """

    number: int  # the hand number the phone entered (or fixed) it as
    next_number: int  # the number it would get now
    mine: dict[str, Any]  # the phone's hand, as entered
    stored: dict[str, Any] | None  # the table's hand ``number`` as stored (None: no such hand now)
    stored_row: RowView | None  # what that hand did
    mine_row: RowView | None  # what the phone's hand would do (as the next hand, or in place of it)
    refusal: str = ""  # why the phone's hand cannot be entered (or applied) as it is
    closed: bool = False  # the session was ended meanwhile: nothing can be entered
    editing: bool = False  # the phone's hand is a fix of hand ``number``

    @property
    def same(self) -> bool:
        """Both phones entered the same hand: the phone's copy is already on the table."""
        return self.stored is not None and _as_entered(self.mine) == _as_entered(self.stored)


def _as_entered(hand: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in hand.items() if k not in ADDED_WHEN_STORED}


def _hand_row(ledger: Ledger, number: int) -> RowView | None:
    rows = [r for r in ledger.rows if r.kind == "hand"]
    return row_view(rows[number - 1]) if 1 <= number <= len(rows) else None


def compare_pending(gs: GameSession, entry: Entry, hand: dict[str, Any], number: int) -> PendingComparison:
    """The phone's new ``hand`` entered as ``number``; ``entry`` is the replay before the next hand."""
    stored = entry.hands[number - 1] if 1 <= number <= len(entry.hands) else None
    mine_row, refusal = None, ""
    try:
        ledger = entry.table.fork().play_all([entry.parse(hand)]).ledger()
    except SessionError as exc:
        refusal = refused_from(exc).message
    else:
        mine_row = row_view(ledger.rows[-1])
    return PendingComparison(number, entry.number, hand, stored, _hand_row(entry.ledger, number) if stored else None,
                             mine_row, refusal, bool(gs.closed))


def compare_fix(gs: GameSession, entry: Entry, hand: dict[str, Any], number: int) -> PendingComparison:
    """The phone's fix of hand ``number`` beside that hand as it is now (``entry`` is paused before it)."""
    stored = entry.hands[number - 1] if number == entry.number and number <= len(entry.hands) else None
    mine_row, refusal = None, ""
    if stored is None:
        refusal = _("There is no hand {number} in this session any more.").format(number=number)
    else:
        try:
            mine_row = _hand_row(entry.replaced(entry.parse(hand)), number)
        except SessionError as exc:
            refusal = refused_from(exc).message
    return PendingComparison(number, number, hand, stored, _hand_row(entry.ledger, number) if stored else None,
                             mine_row, refusal, bool(gs.closed), editing=True)
