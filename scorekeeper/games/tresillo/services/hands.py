"""The hand lifecycle: start a session, add, preview and edit hands, end the evening.

Every function validates through the engine before it writes and commits
once, so a refused change leaves nothing half-saved.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....core import domains
from ....core.domains import OutOfDomain
from ....core.errors import SessionError
from ....i18n import _
from ....models import GameSession, Group, HistoryEntry
from ....services import changes
from ....services.groups import carried_paper
from ....services.refusals import Refused, clean, refused_from, sentence, whole
from ....services.saves import Next, Saved, add_next
from ....services.sessions import (
    hand_data,
    start,
)
from ....services.summaries import keep_summary
from ....words import refusal
from .. import words as narration
from ..engine import RULESETS, HandResult, Ledger
from .replays import Entry, entry_for, kept_after, ledger_for


def start_session(
    group: Group,
    *,
    players: list[str],
    first_dealer: str,
    rules: str,
    start_tokens: int,
    tanto_value: str,
    currency: str,
    options: dict[str, Any] | None = None,
    idem_key: str | None = None,
) -> GameSession:
    """A new session of ``group``; a re-sent form (the same ``idem_key``) returns the session it made (the
    platform's :func:`sessions.start`)."""

    def make(key: str | None) -> GameSession:
        if rules not in RULESETS:
            raise Refused("rules", _("Choose the rules from the list."))
        try:
            value = domains.STAKE.check(tanto_value)
        except OutOfDomain as exc:
            raise Refused("tanto_value", sentence(refusal(exc))) from None
        gs = GameSession(
            group_id=group.id,
            rules=rules,
            options=dict(options or {}),
            players=list(players),
            first_dealer=first_dealer,
            start_tokens=whole(domains.START_TOKENS, start_tokens, "start_tokens"),
            stake=str(value),
            currency=clean(domains.CURRENCY, currency or "EUR", "currency"),
            paper_in=carried_paper(group),
            end_paper="settle",
            closed=False,
            version=0,
            idem_key=key,
        )
        try:
            ledger_for(gs, [])
        except SessionError as exc:
            raise refused_from(exc) from None
        return gs

    return start(group, idem_key, players, make)


@dataclass(frozen=True)
class HandPreview:
    """What a hand in the form would do (nothing saved): its result in words, or the first refusal."""

    result: HandResult | None
    field: str = ""
    message: str = ""
    summary: str = ""  # "wins · 10 in play"
    moves: tuple[str, ...] = ()  # the token moves, one line each


def add_hand(
    gs: GameSession,
    hand: dict[str, Any],
    *,
    idem_key: str,
    number: int | None = None,
    entry: Entry | None = None,
    version: int | None = None,
    phone: str = "",
) -> Saved:
    """Store the next hand, recording who dealt it (the platform's save, :func:`saves.add_next`). A retried
    post (same key) returns the stored hand; a form made for another hand number is refused with what changed.
    ``entry`` is the replay the caller made for the form (saves a second replay when it is still current).
    """

    def play(count: int) -> Next:
        current = entry
        if (current is None or current.number != count + 1 or current.source is None
                or current.source.version != gs.version):
            current = entry_for(gs)
        table = current.paused.fork()  # the hand is played once, here: the next page's replay is this table
        try:
            stored = dict(hand, dealer=table.deal_of(current.parse(hand))[0])
            played = current.parse(stored)  # the hand as it is stored (its dealer recorded), as a replay reads it
            table.play(played)
        except SessionError as exc:
            raise refused_from(exc) from None
        source = current.source

        def keep(now: int) -> None:
            if source is not None and source.version == now - 1:
                kept_after(gs, source, table, played, stored, now)

        return Next(stored, keep)

    return add_next(gs, number, idem_key, phone, play, version=version)


def kept_on_edit(entry: Entry, hand: dict[str, Any]) -> dict[str, Any]:
    """A fixed hand keeps who dealt it and its seating change (corrected on their own pages)."""
    if not entry.editing:
        return hand
    stored = entry.hands[entry.number - 1]
    return dict(hand, **{k: stored[k] for k in KEPT_ON_EDIT if k in stored})


#: what a fix of a hand's play keeps from the stored hand
KEPT_ON_EDIT = ("dealer", "seating")


def preview_hand(entry: Entry, hand: dict[str, Any], *, insert: bool = False) -> HandPreview:
    """The result ``hand`` would have as hand ``entry.number`` (the next one, in place of a stored
    one, or inserted before it, checking the hands after it still stand)."""
    try:
        parsed = entry.parse(hand if insert else kept_on_edit(entry, hand))
        if insert:
            result = entry.inserted(parsed).results[entry.number - 1]
        elif entry.editing:
            result = entry.replaced(parsed).results[entry.number - 1]
        else:
            result = entry.table.preview(parsed)
    except SessionError as exc:
        return HandPreview(None, exc.first.field, refusal(exc.first))
    return HandPreview(result, summary=narration.preview_summary(result),
                       moves=tuple(m.text for m in narration.token_moves(result.transfers)))


def _current(gs: GameSession, entry: Entry | None, number: int) -> Entry:
    """``entry`` if it was replayed from the hands stored now (checked under the lock), else a new one."""
    if entry is None or entry.number != number or entry.hands != hand_data(gs):
        return entry_for(gs, number)
    return entry


def edit_hand(
    gs: GameSession, position: int, hand: dict[str, Any], *, version: int, entry: Entry | None = None,
    key: str = "", phone: str = "",
) -> tuple[HistoryEntry, bool]:
    """Replace the hand at ``position`` (0-based), keeping who dealt it; the hands after it must still
    stand. Returns the fix's history entry and whether it was made already: ``key`` is the fix's own key, by
    which a re-sent copy is found (see :func:`history.find_change`), also when the copies arrive at once: the
    one that waited for the lock gets the first one's entry, never a refusal as stale caused by the change its
    own twin made."""
    number = position + 1
    current = entry

    def plan(hands: list[dict[str, Any]]) -> changes.Plan:
        nonlocal current
        current = _current(gs, entry, number)
        return changes.replaced(hands, position, kept_on_edit(current, hand))

    def check(p: changes.Plan) -> tuple[changes.Plan, tuple[Ledger, Ledger]]:
        assert current is not None  # planned first
        try:
            return p, (current.ledger, current.replaced(current.parse(p.hands[position])))
        except SessionError as exc:
            raise refused_from(exc) from None

    logged, done = changes.change(gs, "edit", number, key=key, phone=phone,
                                  version=version, plan=plan, check=check, made_from="form")
    return logged, done is None  # None: a re-sent copy, answered by its first copy's entry


def stored_hand(gs: GameSession, number: int) -> dict[str, Any] | None:
    """Hand ``number`` (1-based) as stored, or None."""
    return gs.hands[number - 1].data if 1 <= number <= len(gs.hands) else None


def end_session(gs: GameSession, *, paper: str, version: int, key: str = "", phone: str = "") -> Saved:
    """Close the session (the paper settled or kept; the platform's :func:`changes.end`); a re-sent end (same
    key) is not made twice."""

    def said() -> dict[str, str]:
        if paper not in ("settle", "keep"):
            raise Refused("paper", _("Settle the paper or keep it."))
        gs.end_paper = paper
        return {"paper": paper}

    # a closed evening does not change: its figures are worked out once, at its end
    entry, made = changes.end(gs, key=key, phone=phone, version=version,
                              made_from="form", said=said, closed=lambda: keep_summary(gs))
    return Saved(None, made, entry)
