"""Every game's table replayed once per change, not once per request: the platform's replay cache.

A session's ``version`` column is bumped in the same transaction as every change to its deals or setup, so
(session token, version) names one state of the inputs in every worker. :class:`Replays` keeps the replay of
each such key in a small per-process cache (:class:`ReplayCache`); a replay is only kept when the
transaction that made it wrote nothing and the version read back afterwards is still the one it was keyed
by. A worker that meets a version it has not replayed (another worker saved the last deal) plays only the
deals added since the newest replay it kept, when the history shows one ``add`` for each version since
(:func:`appended`); anything else replays the session. What a page derives from one version (a view in
one language, a drawn part) is kept with that version (:meth:`Version.kept`).

Every game's replays are kept in one cache, :data:`CACHE`, bounded once by the deals it holds, by one
:class:`Replays` (``services.games.REPLAYS``). What differs by game is only how a session is replayed and
caught up, its :class:`Replayer`: the games of ``scorekeeper-session/2`` share the platform's
(``services/games.py``); a game whose sessions are not such files names its own in its record
(``GameRecord.replays``: Tresillo's evenings, ``games/tresillo/services/replays.py``).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, Self, TypeVar, cast

from sqlalchemy import select

from ..db import db, unwritten
from ..games import GAMES
from ..games.views import part_of
from ..models import GameSession, HandRecord, HistoryEntry
from .kept import Kept

T = TypeVar("T")
#: the first part of the key a row's own words are kept under (``(ROW, language, index)``): adding deals
#: after a row changes nothing of it, so a version made that way keeps them (:meth:`Version.carry`)
ROW = "row"


class Versioned(Protocol):
    """What the cache needs of a replay: the version it is of and the stored deals it was made from."""

    @property
    def version(self) -> int: ...

    @property
    def hands(self) -> Sequence[Any]: ...


@dataclass(frozen=True)
class Version:
    """A session replayed as of one version: the stored deal objects, in order (read only), and what the
    pages derived from it and keep (:meth:`kept`). A game's replay adds its own results."""

    version: int
    hands: tuple[dict[str, Any], ...]
    #: what pages derived from this version and keep (a row in words, per language): see :meth:`kept`
    _kept: dict[Hashable, Any] = field(default_factory=dict, compare=False, repr=False, kw_only=True)
    _making: threading.RLock = field(default_factory=threading.RLock, compare=False, repr=False, kw_only=True)

    def kept(self, key: Hashable, make: Callable[[], T]) -> T:
        """``make()``, made once for this version and kept under ``key`` (it must be immutable and
        depend on nothing but this version and the key, e.g. a row's words in one language).

        The table's phones open a new version at once, two or three on one worker: one thread
        makes it while the others wait for it, rather than all making it side by side
        (bench/tableside.py)."""
        try:
            return cast(T, self._kept[key])
        except KeyError:
            pass
        with self._making:
            try:
                return cast(T, self._kept[key])
            except KeyError:
                made = self._kept[key] = make()
                return made

    def carry(self, older: Version) -> Self:
        """This version, made by adding deals to ``older``, keeps what ``older`` kept of its rows
        (keys beginning with :data:`ROW`): those rows are the same rows, so the table screen's last
        deals are said once, not again for every new version."""
        self._kept.update((key, made) for key, made in list(older._kept.items())
                          if isinstance(key, tuple) and key[:1] == (ROW,))
        return self


V = TypeVar("V", bound=Versioned)


class ReplayCache(Kept[tuple[str, int], V]):
    """The replays of the sessions a worker serves, by (session token, version), shared by its threads.

    The token, not the row id: a token is never given to another session, even in
    another database (the tests make one a test).

    Bounded by the hands the replays hold (``hands``; a replay holds about 1.5 KB a hand, so the
    default 60,000 hands is under 100 MB a worker), not by their count: behind a proxy every
    worker serves every table, and a count of 32 was soon too few (bench/tables.py). A session's
    newest two versions are kept, the older ones dropped when a new one comes: the newest is what
    the phones ask for, the one before is what a worker that meets a version made elsewhere
    catches up from.
    """

    def __init__(self, hands: int = 60_000) -> None:
        super().__init__(hands, weight=lambda made: len(made.hands) + 1)

    def put(self, key: tuple[str, int], value: V) -> None:
        token, version = key
        with self._lock:
            for older in [k for k in self._items if k[0] == token and k[1] < version - 1]:
                self._drop(older)
        super().put(key, value)

    def keys(self) -> list[tuple[str, int]]:
        with self._lock:
            return list(self._items)

    def forget(self, key: tuple[str, int]) -> None:
        """Drop one replay (the tests make a version another worker made this way)."""
        with self._lock:
            self._drop(key)

    def newest(self, token: str, below: int) -> V | None:
        """The newest replay kept of session ``token`` older than version ``below``, if any."""
        with self._lock:
            older = [made for (kept, version), made in self._items.items() if kept == token and version < below]
        return max(older, key=lambda made: made.version, default=None)


def appended(gs: GameSession, older: Versioned) -> list[dict[str, Any]] | None:
    """The deals added at the end of ``gs`` since version ``older.version``, if that is all that changed:
    each version since has one history entry and it is an ``add`` (an edit, a deletion, a new seating, the
    end, an undo, or a version without its entry: None, and the caller replays the session)."""
    changes = db.session.execute(select(HistoryEntry.version, HistoryEntry.kind).where(
        HistoryEntry.session_id == gs.id, HistoryEntry.version > older.version,
        HistoryEntry.version <= gs.version)).all()
    if sorted(v for v, _ in changes) != list(range(older.version + 1, gs.version + 1)):
        return None
    if any(kind != "add" for _, kind in changes):
        return None
    first = len(older.hands)
    added = list(db.session.scalars(
        select(HandRecord.data).where(HandRecord.session_id == gs.id, HandRecord.position >= first,
                                      HandRecord.position < first + len(changes)).order_by(HandRecord.position)))
    return added if len(added) == len(changes) else None


def stored_version(gs: GameSession) -> int | None:
    """The session's version as the database has it now (not as loaded at the start of the request)."""
    return db.session.scalar(select(GameSession.version).where(GameSession.id == gs.id))


def reads_committed(gs: GameSession) -> bool:
    """Whether ``gs`` is stored and this transaction has not changed anything (yet): the state it
    reads is the committed state of ``gs.version``."""
    return gs.id is not None and unwritten()


#: this process's replays of every game (each gunicorn worker has its own; the version in the key is the
#: database's), as many deals or hands as ``SCOREKEEPER_REPLAY_HANDS`` says (docs/deploy.md)
CACHE: ReplayCache[Version] = ReplayCache(int(os.environ.get("SCOREKEEPER_REPLAY_HANDS", "60000")))


@dataclass(frozen=True)
class Replayer(Generic[V]):
    """How one kind of session is replayed, all the platform's cache asks of a game: ``replay(gs)`` its stored
    deals in one pass, ``catch_up(gs, older, added)`` the deals added since an older version kept played on
    from it (None: it cannot, and the session is replayed). A game names its own in its record
    (``GameRecord.replays``); the games of ``scorekeeper-session/2`` share the platform's."""

    replay: Callable[[GameSession], V]
    catch_up: Callable[[GameSession, V, list[dict[str, Any]]], V | None]


class Replays:
    """Every game's replays kept per session version, in one cache: made by the game's :class:`Replayer`
    (its record's ``replays``, else ``platform``), or caught up from an older version kept when only deals
    were added since."""

    def __init__(self, cache: ReplayCache[Version], platform: Replayer[Any]) -> None:
        self.cache = cache
        self._platform = platform
        self._own: dict[str, Replayer[Any]] = {}
        #: one lock per stripe of sessions, held while a version is replayed (no code under it takes another)
        self._replaying = tuple(threading.Lock() for _ in range(64))

    def replayer(self, game: str) -> Replayer[Any]:
        """The replayer of the game called ``game``: its record's own, else the platform's."""
        found = self._own.get(game)
        if found is None:
            own = part_of(GAMES[game], "replays") if game in GAMES else None
            found = self._own[game] = own if isinstance(own, Replayer) else self._platform
        return found

    def replayed(self, gs: GameSession) -> Version:
        """``gs`` replayed as of its version: from the cache, or caught up, or replayed once and kept.

        A version one thread is already replaying (or catching up to) is waited for, not replayed
        again beside it: the phones of a table ask for a new version together."""
        found = self.cached(gs)
        if found is not None:
            return found
        with self._replaying[hash(gs.token) % len(self._replaying)]:
            found = self.cached(gs) or self.caught_up(gs)
            if found is None:
                found = self.replayer(gs.game).replay(gs)
                self.keep(gs, found)
            return found

    def cached(self, gs: GameSession) -> Version | None:
        return self.cache.get((gs.token, gs.version)) if reads_committed(gs) else None

    def caught_up(self, gs: GameSession) -> Version | None:
        """``gs`` as of its version, from an older replay this worker kept when only deals were added since."""
        older = self.cache.newest(gs.token, gs.version) if reads_committed(gs) else None
        added = appended(gs, older) if older is not None else None
        if older is None or added is None:
            return None
        made = self.replayer(gs.game).catch_up(gs, older, added)
        if made is not None:
            self.keep(gs, made)
        return made

    def keep(self, gs: GameSession, made: Version) -> None:
        """Cache ``made`` if it is the state of version ``made.version`` as committed: this transaction
        wrote nothing (it may yet roll back) and the database still has that version."""
        if reads_committed(gs) and stored_version(gs) == made.version:
            self.cache.put((gs.token, made.version), made)

    def kept_after(self, gs: GameSession, made: Version) -> None:
        """Cache ``made``, the replay a change just committed made (the caller held the session's lock from
        the replay to the commit, so it is that version's): the next page reads it, not a replay again."""
        self.cache.put((gs.token, made.version), made)
