"""The hand lifecycle: start a session, add, preview, edit, delete and undo hands, end the evening.

Every function validates through the engine before it writes and commits
once, so a refused change leaves nothing half-saved.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from .. import narration
from ..db import db
from ..engine import RULESETS, HandResult, Ledger, SessionError, domains
from ..engine.domains import OutOfDomain
from ..models import GameSession, Group, HandRecord, now
from ..viewmodel import RowView, SessionView
from .groups import carried_paper
from .refusals import Conflict, Refused, clean, refused_from, sentence, whole
from .replays import Entry, count_hands, entry_for, hand_data, ledger_for
from .summaries import keep_summary
from .views import changed_rows, view_from

Made = TypeVar("Made", GameSession, HandRecord)


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
    """A new session of ``group``; a re-sent form (the same ``idem_key``) returns the session it made."""
    key = form_key(idem_key)
    made = made_by(group, key)
    if made is not None:
        return made
    known = {p.name for p in group.players if not p.retired}
    if len(set(players)) != len(players):
        raise Refused("players", "Each player sits only once.")
    for name in players:
        if name not in known:
            raise Refused("players", f"{name} is not an active player of this group.")
    if rules not in RULESETS:
        raise Refused("rules", "Choose the rules from the list.")
    try:
        value = domains.TANTO_VALUE.check(tanto_value)
    except OutOfDomain as exc:
        raise Refused("tanto_value", sentence(exc.message)) from None
    gs = GameSession(
        group_id=group.id,
        rules=rules,
        options=dict(options or {}),
        players=list(players),
        first_dealer=first_dealer,
        start_tokens=whole(domains.START_TOKENS, start_tokens, "start_tokens"),
        tanto_value=str(value),
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
    db.session.add(gs)
    return commit_made(gs, group, key)


def form_key(value: str | None) -> str | None:
    """The key a start or import form carries (None: a caller without one); a damaged key is refused."""
    if value is None or value == "":
        return None
    try:
        return domains.FORM_KEY.check(value)
    except OutOfDomain as exc:
        raise Refused("form", sentence(exc.message)) from None


def made_by(group: Group, key: str | None) -> GameSession | None:
    """The session a start or import form with ``key`` already made in ``group``, if any."""
    if key is None:
        return None
    return db.session.scalars(
        select(GameSession).where(GameSession.group_id == group.id, GameSession.idem_key == key)
    ).first()


def commit_made(gs: GameSession, group: Group, key: str | None) -> GameSession:
    """Commit a new session; when the same form was sent twice at once, the first one's session wins."""
    return _commit_once(gs, lambda: made_by(group, key))[0]


def _commit_once(made: Made, stored: Callable[[], Made | None]) -> tuple[Made, bool]:
    """Commit ``made``; if a unique form key says a twin post committed first, answer the twin's row.

    The second item is False when the row answered is the twin's.
    """
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        again = stored()
        if again is None:
            raise
        return again, False
    return made, True


def _check_open(gs: GameSession) -> None:
    if gs.closed:
        raise Refused("session", "This session is closed: it can be read, not changed.", status=409)


def _check_version(gs: GameSession, version: int | None) -> None:
    if version is not None and version != gs.version:
        raise Conflict(
            "Someone changed this session on another phone since you opened this page. "
            "Reload to see the latest hands, then try again."
        )


@dataclass(frozen=True)
class Saved:
    record: HandRecord
    created: bool  # False when a retried post found the hand already stored


@dataclass(frozen=True)
class HandPreview:
    """What a hand in the form would do (nothing saved): its result in words, or the first refusal."""

    result: HandResult | None
    field: str = ""
    message: str = ""
    summary: str = ""  # "wins · 10 in play"
    moves: tuple[str, ...] = ()  # the token moves, one line each


@dataclass(frozen=True)
class Recomputed:
    """A hand changed or removed: the evening before and after, and the rows whose figures changed."""

    before: SessionView
    after: SessionView
    changed: list[RowView]


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
    entry: Entry | None = None,
) -> Saved:
    """Store the next hand. A retried post (same key) returns the stored hand.

    ``number`` is the hand number the form was made for: if another phone
    has entered that hand meanwhile, this one is refused instead of being
    stored as the following hand. ``entry`` is the replay the caller made
    for the form (saves a second replay when it is still current).
    """
    _lock(gs)
    existing = _stored_by_key(gs, idem_key)
    if existing is not None:
        return Saved(existing, False)
    _check_open(gs)
    count = count_hands(gs)
    if number is not None and number != count + 1:
        raise Conflict(
            f"Hand {number} was already entered on another phone. Reload to see it before entering the next hand."
        )
    if entry is None or entry.number != count + 1 or entry.table.hands_played != count:
        entry = entry_for(gs)
    try:
        entry.table.preview(entry.parse(hand))
    except SessionError as exc:
        raise refused_from(exc) from None
    record = HandRecord(session_id=gs.id, position=count, data=hand, idem_key=idem_key)
    db.session.add(record)
    gs.version += 1
    return Saved(*_commit_once(record, lambda: _stored_by_key(gs, idem_key)))


def preview_hand(entry: Entry, hand: dict[str, Any]) -> HandPreview:
    """The result ``hand`` would have as hand ``entry.number`` (the next one, or in place of a stored
    one, checking the hands after it still stand)."""
    try:
        parsed = entry.parse(hand)
        if entry.editing:
            result = entry.replaced(parsed).results[entry.number - 1]
        else:
            result = entry.table.preview(parsed)
    except SessionError as exc:
        return HandPreview(None, exc.first.field, exc.first.message)
    return HandPreview(result, summary=narration.preview_summary(result),
                       moves=tuple(m.text for m in narration.token_moves(result.transfers)))


def _current(gs: GameSession, entry: Entry | None, number: int) -> Entry:
    """``entry`` if it was replayed from the hands stored now (checked under the lock), else a new one."""
    if entry is None or entry.number != number or entry.hands != hand_data(gs):
        return entry_for(gs, number)
    return entry


def _recomputed(gs: GameSession, before: Ledger, after: Ledger) -> Recomputed:
    old, new = view_from(gs, before, rows=True), view_from(gs, after, rows=True)
    return Recomputed(old, new, changed_rows(old, new))


def edit_hand(
    gs: GameSession, position: int, hand: dict[str, Any], *, version: int, entry: Entry | None = None
) -> Recomputed:
    """Replace the hand at ``position`` (0-based); the hands after it must still stand."""
    _lock(gs)
    _check_open(gs)
    _check_version(gs, version)
    record = _hand_at(gs, position)
    entry = _current(gs, entry, position + 1)
    try:
        after = entry.replaced(entry.parse(hand))
    except SessionError as exc:
        raise refused_from(exc) from None
    record.data = hand
    gs.version += 1
    db.session.commit()
    return _recomputed(gs, entry.ledger, after)


def delete_hand(gs: GameSession, position: int, *, version: int) -> Recomputed:
    """Remove a hand; the ones after it move up and must still be valid."""
    _lock(gs)
    _check_open(gs)
    _check_version(gs, version)
    record = _hand_at(gs, position)
    entry = entry_for(gs, position + 1)
    try:
        after = entry.replaced(None)
    except SessionError as exc:
        raise refused_from(exc) from None
    later = [h for h in gs.hands if h.position > position]
    gs.hands.remove(record)
    db.session.delete(record)
    db.session.flush()
    for h in later:
        h.position -= 1
    gs.version += 1
    db.session.commit()
    return _recomputed(gs, entry.ledger, after)


def undo_last(gs: GameSession, *, version: int) -> Recomputed:
    if not gs.hands:
        raise Refused("hand", "There is no hand to undo.")
    return delete_hand(gs, len(gs.hands) - 1, version=version)


def _hand_at(gs: GameSession, position: int) -> HandRecord:
    if not 0 <= position < len(gs.hands):
        raise Refused("hand", f"There is no hand {position + 1}.", status=404)
    return gs.hands[position]


def stored_hand(gs: GameSession, number: int) -> dict[str, Any] | None:
    """Hand ``number`` (1-based) as stored, or None."""
    return gs.hands[number - 1].data if 1 <= number <= len(gs.hands) else None


def end_session(gs: GameSession, *, paper: str, version: int) -> GameSession:
    _lock(gs)
    _check_open(gs)
    _check_version(gs, version)
    if paper not in ("settle", "keep"):
        raise Refused("paper", "Settle the paper or keep it.")
    gs.end_paper = paper
    gs.closed = True
    gs.closed_at = now()
    gs.version += 1
    keep_summary(gs)  # a closed evening does not change: its figures are worked out once, here
    db.session.commit()
    return gs
