"""The next deal saved, for every game: once whatever the network repeats, never under another number.

Moved here from Tresillo's hands (``games/tresillo/services/hands.py``), which the games' ``add_deal`` now
shares: under the session's lock one statement looks up the post's key among the deals and the history,
counts the deals and reads the history's last seq; a re-sent post gets what its first copy stored, a closed
session or a form made for another deal number is refused, and the game plays the deal (its callback, on
the replay it keeps) before the deal, the version and the history entry are committed at once. The replay
the save made is kept as the new version's, so the table screen that follows replays nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Integer, Select, String, bindparam, select

from ..db import db
from ..i18n import N_, _
from ..models import GameSession, HandRecord, HistoryEntry
from . import history
from .limits import check_room_for_hand
from .played import counts_hands
from .refusals import Conflict
from .sessions import check_open, commit_once, hands_counted, lock_session


@dataclass(frozen=True)
class Saved:
    """A deal stored by :func:`add_next`, or found stored by an earlier copy of the same post.

    ``record`` is None when that earlier copy's deal was deleted since: ``entry`` (its history entry) says
    when and where it was saved; ``entry`` is the history entry of the save (None: a deal stored without one,
    a file's)."""

    record: HandRecord | None
    created: bool  # False when a retried post found the deal already stored
    entry: HistoryEntry | None = None


@dataclass(frozen=True)
class Next:
    """The deal a game played on the game as stored (under the session's lock): as it is stored (a game may
    record more than was entered: Tresillo's dealer), and ``keep(version)``, which keeps the replay the play
    made as that new version's once the save is committed."""

    deal: dict[str, Any]
    keep: Callable[[int], None]


def _by_key(session_id: Any, idem_key: Any) -> Select[HandRecord]:
    return select(HandRecord).where(HandRecord.session_id == session_id, HandRecord.idem_key == idem_key)


@dataclass(frozen=True)
class _Found:
    """What a save reads under the session's lock before it stores anything, in one statement."""

    stored: int | None  # the row id of the deal an earlier copy of this post stored
    logged: int | None  # the row id of that copy's history entry (its deal may have been deleted since)
    count: int  # the deals stored
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
    """The idempotency key looked up among the deals and the history, the deals counted and the history's
    last seq: one round trip instead of four. A save asks it once the lock is taken, in a statement of its
    own: on PostgreSQL a statement sees what was committed before it began, so one begun while waiting for
    the lock (the locking read itself) would miss the deal a twin post committed meanwhile."""
    stored, logged, count, last = db.session.execute(
        _FOUND, {"session": gs.id, "key": idem_key, "logged": idem_key[:history.KEY_MAX]}).one()
    if not idem_key:  # a post without a key is never a copy of another
        stored = logged = None
    return _Found(stored, logged, count or 0, last or 0)


def _saved_before(found: _Found) -> Saved | None:
    """The answer to a re-sent post, from what :func:`_found` read (None: this post is the first)."""
    entry = db.session.get_one(HistoryEntry, found.logged) if found.logged is not None else None
    if found.stored is not None:
        return Saved(db.session.get_one(HandRecord, found.stored), False, entry)
    if entry is not None:
        return Saved(None, False, entry)
    return None


def find_saved(gs: GameSession, idem_key: str) -> Saved | None:
    """The deal an earlier copy of this post stored (or its history entry, if it was deleted since)."""
    return _saved_before(_found(gs, idem_key)) if idem_key else None


def add_next(gs: GameSession, number: int | None, idem_key: str, phone: str, play: Callable[[int], Next], *,
             version: int | None = None) -> Saved:
    """Store the next deal, which ``play(count)`` plays on the ``count`` deals stored (raising
    :class:`Refused`); a retried post (same key) returns what its first copy stored.

    ``number`` is the deal number the form was made for and ``version`` the session's version it was made
    at: if the deals changed meanwhile, this one is refused with what changed (409), instead of being stored
    under another number.
    """
    lock_session(gs)
    found = _found(gs, idem_key)
    again = _saved_before(found)
    if again is not None:
        return again
    check_open(gs)
    count = found.count
    if number is not None and number != count + 1:
        raise Conflict(moved_on(gs, number, count, version))
    check_room_for_hand(count)
    made = play(count)
    record = HandRecord(session_id=gs.id, position=count, data=made.deal, idem_key=idem_key)
    db.session.add(record)
    gs.version += 1
    now = gs.version
    entry = history.record(gs, "add", key=idem_key, phone=phone, hand=count + 1, after=made.deal, last=found.last)
    # read under the lock and written here, the rows stay loaded: the answer reads none of them again
    stored, created = commit_once(record, lambda: db.session.scalars(_by_key(gs.id, idem_key)).first(),
                                  keep_loaded=True)
    if not created:
        return Saved(stored, False, db.session.scalars(history.keyed(gs.id, idem_key[:history.KEY_MAX])).first())
    made.keep(now)  # the next page replays nothing
    return Saved(stored, True, entry)


def moved_on(gs: GameSession, number: int, count: int, version: int | None) -> str:
    """Why deal ``number`` cannot be stored as such (the session has ``count``): what other phones did since
    the form was opened (``version``; None: a form without it), in the game's words."""
    what = history.told_since(gs, version) if version is not None else ""
    taken, taken_said, deleted, deleted_said = MOVED_ON[counts_hands(gs.game)]
    if number <= count:
        return _(taken_said).format(n=number, done=what or _(taken).format(n=number), next=count + 1)
    return _(deleted_said).format(n=number, done=what or _(deleted), next=count + 1)


#: :func:`moved_on`'s sentences by whether the game counts hands (Tresillo) or deals: the number taken by another
#: phone, and the number moved on by a delete, each with what is said when no history tells it (two words that
#: a translation may decline differently, so two sentences each, not one with a word put in)
MOVED_ON = {
    True: (N_("hand {n} was entered on another phone"),
           N_("Hand {n} was not saved: since this form was opened, {done}. "
              "Look at the table before entering hand {next}."),
           N_("hands were deleted on another phone"),
           N_("Hand {n} was not saved: since this form was opened, {done}, so this is now hand {next}. "
              "Check the form and save it as hand {next}.")),
    False: (N_("deal {n} was entered on another phone"),
            N_("Deal {n} was not saved: since this form was opened, {done}. "
               "Look at the table before entering deal {next}."),
            N_("deals were deleted on another phone"),
            N_("Deal {n} was not saved: since this form was opened, {done}, so this is now deal {next}. "
               "Check the form and save it as deal {next}.")),
}
