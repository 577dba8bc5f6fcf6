"""Tresillo's side of the platform's comparison of a hand kept on a phone (``services/pending.py``): what the
table's hand did and what the phone's would do, in its rows' words and money. The comparison, its rules and its
page are the platform's; nothing here writes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ....core.errors import SessionError
from ....i18n import _
from ....models import GameSession
from ....services.pending import Answers, Comparison, compared
from ....services.refusals import refused_from
from ..engine import Ledger
from ..views import RowView, row_view
from .replays import Entry

#: what the server adds to a stored hand that the phone never sends (issue 12 records the dealer)
ADDED_WHEN_STORED = ("dealer", "seating")


def _hand_row(ledger: Ledger, number: int) -> RowView | None:
    rows = [r for r in ledger.rows if r.kind == "hand"]
    return row_view(rows[number - 1]) if 1 <= number <= len(rows) else None


def _said(stored: RowView | None, mine: RowView | None, refusal: str, gs: GameSession) -> dict[str, Any]:
    return {"stored_said": stored.event if stored else "", "mine_said": mine.event if mine else "",
            "mine_moves": tuple(m.text for m in mine.moves) if mine else (), "refusal": refusal,
            "closed": bool(gs.closed)}


def compare_pending(gs: GameSession, entry: Entry, hand: dict[str, Any], number: int, mine: Answers,
                    answers: Callable[[Mapping[str, Any]], Answers]) -> Comparison:
    """The phone's new ``hand`` entered as ``number``; ``entry`` is the replay before the next hand. ``mine`` is
    the phone's hand question by question, ``answers`` gives a stored hand's."""
    stored = entry.hands[number - 1] if 1 <= number <= len(entry.hands) else None
    mine_row, refusal = None, ""
    try:
        ledger = entry.table.fork().play_all([entry.parse(hand)]).ledger()
    except SessionError as exc:
        refusal = refused_from(exc).message
    else:
        mine_row = row_view(ledger.rows[-1])
    return compared(number, entry.number, stored, hand, stored_answers=answers(stored) if stored else {},
                    mine_answers=mine, added=ADDED_WHEN_STORED,
                    **_said(_hand_row(entry.ledger, number) if stored else None, mine_row, refusal, gs))


def compare_fix(gs: GameSession, entry: Entry, hand: dict[str, Any], number: int, mine: Answers,
                answers: Callable[[Mapping[str, Any]], Answers]) -> Comparison:
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
    return compared(number, number, stored, hand, stored_answers=answers(stored) if stored else {},
                    mine_answers=mine, added=ADDED_WHEN_STORED, editing=True,
                    **_said(_hand_row(entry.ledger, number) if stored else None, mine_row, refusal, gs))
