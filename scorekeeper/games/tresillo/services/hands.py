"""The hand lifecycle: start a session, add, preview and edit hands, end the evening.

Every function validates through the engine before it writes and commits
once, so a refused change leaves nothing half-saved.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Integer, Select, String, bindparam, select

from ....core import domains
from ....core.domains import OutOfDomain
from ....core.errors import SessionError
from ....db import begin_writing, db
from ....i18n import _
from ....models import GameSession, Group, HandRecord, HistoryEntry, now
from ....services import changes, history
from ....services.groups import carried_paper
from ....services.limits import check_room_for_hand
from ....services.refusals import Conflict, Refused, clean, refused_from, sentence, whole
from ....services.sessions import (
    check_open,
    check_seated,
    commit_made,
    commit_once,
    form_key,
    hand_data,
    hands_counted,
    lock_session,
    made_by,
)
from ....services.summaries import keep_summary
from ....words import refusal
from .. import words as narration
from ..engine import RULESETS, HandResult, Ledger
from ..views import SessionView
from .replays import Entry, entry_for, kept_after, ledger_for
from .views import view_from


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
    begin_writing()
    made = made_by(group, key)
    if made is not None:
        return made
    check_seated(group, players)
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
    db.session.add(gs)
    return commit_made(gs, group, key)


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
    """What a hand in the form would do (nothing saved): its result in words, or the first refusal."""

    result: HandResult | None
    field: str = ""
    message: str = ""
    summary: str = ""  # "wins · 10 in play"
    moves: tuple[str, ...] = ()  # the token moves, one line each


@dataclass(frozen=True)
class Recomputed:
    """A hand changed: the evening before and after (what changed is told by :func:`.fixes.edit_outcome`)."""

    before: SessionView
    after: SessionView
    logged: HistoryEntry | None = None  # the change's history entry


def _stored_by_key(gs: GameSession, idem_key: str) -> HandRecord | None:
    return db.session.scalars(_by_key(gs.id, idem_key)).first()


def _by_key(session_id: Any, idem_key: Any) -> Select[HandRecord]:
    return select(HandRecord).where(HandRecord.session_id == session_id, HandRecord.idem_key == idem_key)


@dataclass(frozen=True)
class _Found:
    """What a save reads under the session's lock before it stores anything, in one statement."""

    stored: int | None  # the row id of the hand an earlier copy of this post stored
    logged: int | None  # the row id of that copy's history entry (its hand may have been deleted since)
    count: int  # the hands stored
    last: int  # the history's last seq (0: none yet)


#: the parameters of :data:`_FOUND`: the session's id, the post's key, and the key as the history keeps it
_SESSION = bindparam("session", type_=Integer())
_KEY = bindparam("key", type_=String())
_LOGGED = bindparam("logged", type_=String())
#: what :func:`_found` asks, built once (a statement costs more to build than to run)
_FOUND = select(
    _by_key(_SESSION, _KEY).with_only_columns(HandRecord.id).limit(1).scalar_subquery(),
    history.keyed(_SESSION, _LOGGED).with_only_columns(HistoryEntry.id).limit(1).scalar_subquery(),
    hands_counted(_SESSION).scalar_subquery(),
    history.last_seq(_SESSION).scalar_subquery(),
)


def _found(gs: GameSession, idem_key: str) -> _Found:
    """The idempotency key looked up among the hands and the history, the hands counted and the history's
    last seq: one round trip instead of four. A save asks it once the lock is taken, in a statement of its
    own: on PostgreSQL a statement sees what was committed before it began, so one begun while waiting for
    the lock (the locking read itself) would miss the hand a twin post committed meanwhile."""
    stored, logged, count, last = db.session.execute(
        _FOUND, {"session": gs.id, "key": idem_key, "logged": idem_key[:history.KEY_MAX]}).one()
    if not idem_key:  # a post without a key is never a copy of another
        stored = logged = None
    return _Found(stored, logged, count or 0, last or 0)


def _saved_before(found: _Found) -> Saved | None:
    """The answer to a re-sent post, from what :func:`_found` read (None: this post is the first)."""
    if found.stored is not None:
        return Saved(db.session.get_one(HandRecord, found.stored), False)
    if found.logged is not None:
        return Saved(None, False, db.session.get_one(HistoryEntry, found.logged))
    return None


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
    """Store the next hand, recording who dealt it. A retried post (same key) returns the stored hand.

    ``number`` is the hand number the form was made for and ``version`` the
    session version it was made at: if the hands changed meanwhile, this one
    is refused with what changed, instead of being stored under another
    number. ``entry`` is the replay the caller made for the form (saves a
    second replay when it is still current).
    """
    lock_session(gs)
    found = _found(gs, idem_key)
    again = _saved_before(found)
    if again is not None:
        return again
    check_open(gs)
    count = found.count
    if number is not None and number != count + 1:
        raise Conflict(_moved_on(gs, number, count, version))
    check_room_for_hand(count)
    if entry is None or entry.number != count + 1 or entry.source is None or entry.source.version != gs.version:
        entry = entry_for(gs)
    table = entry.paused.fork()  # the hand is played once, here: the next page's replay is this table
    try:
        hand = dict(hand, dealer=table.deal_of(entry.parse(hand))[0])
        played = entry.parse(hand)  # the hand as it is stored (its dealer recorded), as a replay reads it
        table.play(played)
    except SessionError as exc:
        raise refused_from(exc) from None
    record = HandRecord(session_id=gs.id, position=count, data=hand, idem_key=idem_key)
    db.session.add(record)
    gs.version += 1
    version = gs.version
    history.record(gs, "add", key=idem_key, phone=phone, hand=count + 1, after=hand, last=found.last)
    # read under the lock and written here, the rows stay loaded: the answer reads none of them again
    saved = Saved(*commit_once(record, lambda: _stored_by_key(gs, idem_key), keep_loaded=True))
    if saved.created and entry.source is not None and entry.source.version == version - 1:
        kept_after(gs, entry.source, table, played, hand, version)  # the next page replays nothing
    return saved


def find_saved(gs: GameSession, idem_key: str) -> Saved | None:
    """The hand an earlier copy of this post stored (or its history entry, if it was deleted since)."""
    return _saved_before(_found(gs, idem_key)) if idem_key else None


def _moved_on(gs: GameSession, number: int, count: int, version: int | None) -> str:
    """Why hand ``number`` cannot be stored as such: what other phones did since the form was opened."""
    what = history.told_since(gs, version) if version is not None else ""
    if number <= count:
        done = what or _("hand {n} was entered on another phone").format(n=number)
        return _("Hand {n} was not saved: since this form was opened, {done}. "
                 "Look at the table before entering hand {next}.").format(n=number, done=done, next=count + 1)
    done = what or _("hands were deleted on another phone")
    return _("Hand {n} was not saved: since this form was opened, {done}, so this is now hand {next}. "
             "Check the form and save it as hand {next}.").format(n=number, done=done, next=count + 1)


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


def _recomputed(gs: GameSession, before: Ledger, after: Ledger) -> Recomputed:
    old, new = view_from(gs, before, rows=True), view_from(gs, after, rows=True)
    return Recomputed(old, new)


def edit_hand(
    gs: GameSession, position: int, hand: dict[str, Any], *, version: int, entry: Entry | None = None,
    key: str = "", phone: str = "",
) -> Recomputed | HistoryEntry:
    """Replace the hand at ``position`` (0-based), keeping who dealt it; the hands after it must still
    stand. ``key`` is the fix's own key: a re-sent copy is found by it (see :func:`history.find_change`),
    also when the copies arrive at once: the one that waited for the lock gets the first one's history entry,
    never a refusal as stale caused by the change its own twin made."""
    twin = changes.begun(gs, key)
    if twin is not None:
        return twin
    check_open(gs)
    changes.check_current(gs, position + 1, version, "form")
    changes.stored_at(gs, position + 1)
    entry = _current(gs, entry, position + 1)
    hand = kept_on_edit(entry, hand)
    try:
        after = entry.replaced(entry.parse(hand))
    except SessionError as exc:
        raise refused_from(exc) from None
    hands = hand_data(gs)
    logged = changes.made(gs, "edit", position + 1, hands, changes.replaced(hands, position, hand),
                          key=key or secrets.token_urlsafe(16), phone=phone)
    done = _recomputed(gs, entry.ledger, after)
    return Recomputed(done.before, done.after, logged)


def stored_hand(gs: GameSession, number: int) -> dict[str, Any] | None:
    """Hand ``number`` (1-based) as stored, or None."""
    return gs.hands[number - 1].data if 1 <= number <= len(gs.hands) else None


def end_session(gs: GameSession, *, paper: str, version: int, key: str = "", phone: str = "") -> Saved:
    """Close the session (the paper settled or kept); a re-sent end (same key) is not made twice."""
    done = changes.begun(gs, key)
    if done is not None:
        return Saved(None, False, done)
    check_open(gs)
    changes.check_version(gs, version, "form")
    if paper not in ("settle", "keep"):
        raise Refused("paper", _("Settle the paper or keep it."))
    gs.end_paper = paper
    gs.closed = True
    gs.closed_at = now()
    gs.version += 1
    entry = history.record(gs, "end", key=key or secrets.token_urlsafe(16), phone=phone,
                           before={"closed": False}, after={"closed": True, "paper": paper})
    keep_summary(gs)  # a closed evening does not change: its figures are worked out once, here
    db.session.commit()
    return Saved(None, True, entry)
