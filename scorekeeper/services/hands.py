"""The hand lifecycle: start a session, add, preview and edit hands, end the evening.

Every function validates through the engine before it writes and commits
once, so a refused change leaves nothing half-saved.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..db import db
from ..engine import RULESETS, HandResult, Ledger, SessionError, Table, Upcoming
from ..engine.sessionfile import load_hand
from ..models import GameSession, Group, HandRecord, HistoryEntry, now
from . import history
from .groups import carried_paper
from .refusals import Conflict, Refused, refused_from
from .replays import count_hands, hand_data, ledger_for, table_for, table_for_hands


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
) -> GameSession:
    known = {p.name for p in group.players if not p.retired}
    if len(set(players)) != len(players):
        raise Refused("players", "Each player sits only once.")
    for name in players:
        if name not in known:
            raise Refused("players", f"{name} is not an active player of this group.")
    if rules not in RULESETS:
        raise Refused("rules", f"Unknown rules {rules!r}.")
    try:
        value = Decimal(tanto_value)
        if not value.is_finite() or value < 0:
            raise InvalidOperation
    except (InvalidOperation, ValueError):
        raise Refused("tanto_value", "A tanto value like 0.10, please.") from None
    gs = GameSession(
        group_id=group.id,
        rules=rules,
        options=dict(options or {}),
        players=list(players),
        first_dealer=first_dealer,
        start_tokens=start_tokens,
        tanto_value=str(value),
        currency=currency.strip() or "EUR",
        paper_in=carried_paper(group),
        end_paper="settle",
        closed=False,
        version=0,
    )
    try:
        ledger_for(gs, [])
    except SessionError as exc:
        raise refused_from(exc) from None
    db.session.add(gs)
    db.session.commit()
    return gs


def _check_open(gs: GameSession) -> None:
    if gs.closed:
        raise Refused("session", "This session is closed: it can be read, not changed. Reopen it from its page "
                                  "to change it.", status=409)


def _check_version(gs: GameSession, version: int | None) -> None:
    """A page made for an older state of the session is refused, saying what changed meanwhile."""
    if version is not None and version != gs.version:
        what = history.told_since(gs, version) or "the session was changed on another phone"
        raise Conflict(
            f"Nothing was saved: since you opened this page, {what}. "
            "Reload to see the hands as they are now, then make your change again if it is still needed."
        )


def _check_hands(gs: GameSession, hands: list[dict[str, Any]]) -> Ledger:
    try:
        return ledger_for(gs, hands)
    except SessionError as exc:
        raise refused_from(exc) from None


@dataclass(frozen=True)
class Saved:
    """A hand stored by :func:`add_hand`, or found stored by an earlier copy of the same post.

    ``record`` is None when that earlier copy's hand was deleted since:
    ``entry`` (its history entry) says when and where it was saved.
    """

    record: HandRecord | None
    created: bool  # False when a retried post found the hand already stored
    entry: HistoryEntry | None = None
@dataclass(frozen=True)
class HandPreview:
    """What a hand in the form would do (nothing saved): its result, or the first refusal."""

    result: HandResult | None
    field: str = ""
    message: str = ""


def _lock(gs: GameSession) -> None:
    """Serialise writers of one session (row lock on PostgreSQL; SQLite already holds BEGIN IMMEDIATE)."""
    if gs.id is not None:
        db.session.refresh(gs, with_for_update=True)


def _stored_by_key(gs: GameSession, idem_key: str) -> HandRecord | None:
    return db.session.scalars(
        select(HandRecord).where(HandRecord.session_id == gs.id, HandRecord.idem_key == idem_key)
    ).first()


def add_hand(
    gs: GameSession,
    hand: dict[str, Any],
    *,
    idem_key: str,
    number: int | None = None,
    table: Table | None = None,
    version: int | None = None,
    phone: str = "",
) -> Saved:
    """Store the next hand. A retried post (same key) returns the stored hand.

    ``number`` is the hand number the form was made for and ``version`` the
    session version it was made at: if the hands changed meanwhile, this one
    is refused with what changed, instead of being stored under another
    number. ``table`` is the table as the caller replayed it (saves a second
    replay when it is still current).
    """
    _lock(gs)
    found = find_saved(gs, idem_key)
    if found is not None:
        return found
    _check_open(gs)
    count = count_hands(gs)
    if number is not None and number != count + 1:
        raise Conflict(_moved_on(gs, number, count, version))
    if table is None or table.hands_played != count:
        table = table_for(gs)
    try:
        table.preview(load_hand(hand, count + 1, tuple(gs.players)))
    except SessionError as exc:
        raise refused_from(exc) from None
    record = HandRecord(session_id=gs.id, position=count, data=hand, idem_key=idem_key)
    db.session.add(record)
    gs.version += 1
    history.record(gs, "add", key=idem_key, phone=phone, hand=count + 1, after=hand)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        again = _stored_by_key(gs, idem_key)
        if again is None:
            raise
        return Saved(again, False)
    return Saved(record, True)


def find_saved(gs: GameSession, idem_key: str) -> Saved | None:
    """The hand an earlier copy of this post stored (or its history entry, if it was deleted since)."""
    if not idem_key:
        return None
    existing = _stored_by_key(gs, idem_key)
    if existing is not None:
        return Saved(existing, False)
    logged = history.entry_by_key(gs, idem_key)
    return Saved(None, False, logged) if logged is not None else None


def _moved_on(gs: GameSession, number: int, count: int, version: int | None) -> str:
    """Why hand ``number`` cannot be stored as such: what other phones did since the form was opened."""
    what = history.told_since(gs, version) if version is not None else ""
    if number <= count:
        done = what or f"hand {number} was entered on another phone"
        return (f"Hand {number} was not saved: since this form was opened, {done}. "
                f"Look at the table before entering hand {count + 1}.")
    done = what or "hands were deleted on another phone"
    return (f"Hand {number} was not saved: since this form was opened, {done}, so this is now hand "
            f"{count + 1}. Check the form and save it as hand {count + 1}.")


def preview_hand(
    gs: GameSession, hand: dict[str, Any], edit: int | None = None, insert: int | None = None
) -> HandPreview:
    """The result ``hand`` would have as the next hand, in place of hand ``edit``, or inserted as hand ``insert``."""
    hands = hand_data(gs)
    number = edit or insert or len(hands) + 1
    if not 1 <= number <= len(hands) + (0 if edit else 1):
        raise Refused("hand", f"There is no hand {number}.", status=404)
    try:
        parsed = load_hand(hand, number, tuple(gs.players))
        if edit is None and insert is None:
            return HandPreview(table_for_hands(gs, hands).preview(parsed))
        if edit is not None:
            hands[edit - 1] = dict(hand, **{k: hands[edit - 1][k] for k in KEPT_ON_EDIT if k in hands[edit - 1]})
        else:
            hands.insert(number - 1, hand)
        return HandPreview(ledger_for(gs, hands).results[number - 1])
    except SessionError as exc:
        return HandPreview(None, exc.first.field, exc.first.message)


def upcoming_before(gs: GameSession, number: int | None = None) -> Upcoming:
    """What was in play before hand ``number`` (the next hand when None): the hand form is built from it."""
    hands = None if number is None else hand_data(gs)[: number - 1]
    return table_for_hands(gs, hands).upcoming()


def edit_hand(
    gs: GameSession, position: int, hand: dict[str, Any], *, version: int, key: str = "", phone: str = ""
) -> Saved:
    """Replace hand ``position`` (0-based), keeping who dealt it; a re-sent fix (same key) is not made twice."""
    _lock(gs)
    done = history.entry_by_key(gs, key)
    if done is not None:
        return Saved(_record_at(gs, done.hand), False, done)
    _check_open(gs)
    if version != gs.version:
        if not 0 <= position < len(gs.hands):
            raise Refused("hand", gone_message(gs, position + 1, version), status=409)
        _check_version(gs, version)
    record = _hand_at(gs, position)
    hands = [h.data for h in gs.hands]
    hand = dict(hand, **{k: record.data[k] for k in KEPT_ON_EDIT if k in record.data})
    hands[position] = hand
    _check_hands(gs, hands)
    before = record.data
    record.data = hand
    gs.version += 1
    entry = history.record(gs, "edit", key=key or secrets.token_urlsafe(16), phone=phone, hand=position + 1,
                           before=before, after=hand)
    db.session.commit()
    return Saved(record, True, entry)


#: what a fix of a hand's play keeps from the stored hand (corrected on their own pages)
KEPT_ON_EDIT = ("dealer", "seating")


def _record_at(gs: GameSession, number: int | None) -> HandRecord | None:
    return gs.hands[number - 1] if number is not None and 1 <= number <= len(gs.hands) else None


def gone_message(gs: GameSession, number: int, version: int | None = None) -> str:
    """Hand ``number`` is not in the session (any more): say what happened to it, from the history."""
    count = len(gs.hands)
    what = history.told_since(gs, version) if version is not None else ""
    if not what:
        gone = [e for e in history.entries(gs) if e.kind in ("delete", "undo") and (e.hand or 0) <= number]
        what = history.told(gone[-1]) if gone else ""
    why = f": since this page was opened, {what}" if what else ""
    return (f"There is no hand {number} in this session any more{why}. It has {count} hand"
            f"{'s' if count != 1 else ''} now; nothing was changed. Look at all hands to see where things stand.")


def _hand_at(gs: GameSession, position: int) -> HandRecord:
    if not 0 <= position < len(gs.hands):
        raise Refused("hand", f"There is no hand {position + 1}.", status=404)
    return gs.hands[position]


def stored_hand(gs: GameSession, number: int) -> dict[str, Any] | None:
    """Hand ``number`` (1-based) as stored, or None."""
    return gs.hands[number - 1].data if 1 <= number <= len(gs.hands) else None


def end_session(gs: GameSession, *, paper: str, version: int, key: str = "", phone: str = "") -> Saved:
    """Close the session (the paper settled or kept); a re-sent end (same key) is not made twice."""
    _lock(gs)
    done = history.entry_by_key(gs, key)
    if done is not None:
        return Saved(None, False, done)
    _check_open(gs)
    _check_version(gs, version)
    if paper not in ("settle", "keep"):
        raise Refused("paper", "Settle the paper or keep it.")
    gs.end_paper = paper
    gs.closed = True
    gs.closed_at = now()
    gs.version += 1
    entry = history.record(gs, "end", key=key or secrets.token_urlsafe(16), phone=phone,
                           before={"closed": False}, after={"closed": True, "paper": paper})
    db.session.commit()
    return Saved(None, True, entry)
