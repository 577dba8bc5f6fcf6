"""The engine adapters: a stored session as a session file, replayed into a ledger or a live table.

A session is replayed once per change, not once per request: :func:`replayed`
keeps the replay of each (session, version) in a small per-process cache
(:class:`ReplayCache`). The version is the session's ``version`` column, bumped
in the same transaction as every change to its hands or setup, so a key names
one state of the inputs in every worker; a replay is only stored when the
transaction that made it wrote nothing and the version read back afterwards is
still the one it was keyed by. Everything cached is immutable (the ledger, the
session, the hands as a tuple) except the live table, which is only handed out
as a fork. :func:`entry_for` makes the one pass a hand page needs: the table
just before the hand being entered or edited, and the ledger as stored.

A worker that meets a version it has not replayed (the other worker saved the
last hand) does not replay the evening again when it can help it: if every
change since a version it kept was a hand added at the end (:func:`appended`),
it plays those hands on a fork of that replay (:func:`_catch_up`). The cache, the catch-up's bookkeeping and the
waiting are the platform's, one for every game (``services/replays.py``); what is Tresillo's is its
:data:`REPLAYER`, which its record names (``replays=``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, cast

from ....models import GameSession
from ....services.games import REPLAYS
from ....services.replays import Replayer, Version
from ....services.sessions import hand_data
from ..engine import (
    Hand,
    Ledger,
    Session,
    SessionError,
    Table,
    Upcoming,
    load_hand,
    load_session,
    replay,
    settle,
)
from ..engine.sessionfile import FORMAT as FORMAT_SESSION


def session_dict(
    gs: GameSession, hands: list[dict[str, Any]] | None = None, end_paper: str | None = None
) -> dict[str, Any]:
    """The session as a session file (the engine's input)."""
    d: dict[str, Any] = {
        "format": FORMAT_SESSION,
        "rules": gs.rules,
        "players": list(gs.players),
        "first_dealer": gs.first_dealer,
        "start_tokens": gs.start_tokens,
        "tanto_value": gs.stake,
        "currency": gs.currency,
        "end": {"paper": end_paper or gs.end_paper, **({"ended": True} if gs.closed else {})},
        "hands": hand_data(gs) if hands is None else hands,
    }
    if gs.options:
        d["options"] = dict(gs.options)
    if gs.paper_in:
        d["paper"] = list(gs.paper_in)
    return d


def ledger_for(
    gs: GameSession, hands: list[dict[str, Any]] | None = None, end_paper: str | None = None
) -> Ledger:
    """The ledger of ``gs`` as stored (from the cache), or of ``hands`` in place of its hands;
    ``end_paper`` settles or keeps the paper at the end instead of what the session says."""
    if hands is not None:
        return replay(load_session(session_dict(gs, hands, end_paper)))
    return replayed(gs).ledger_as(end_paper)


@dataclass(frozen=True)
class Replayed(Version):
    """A session replayed as of one version: its inputs (``hands``), the table after its last hand, its ledger;
    what the pages derive from it is kept with it (:meth:`Version.kept`)."""

    session: Session
    table: Table  # never played on: callers get forks
    ledger: Ledger

    def ledger_as(self, end_paper: str | None) -> Ledger:
        """The ledger with the paper settled or kept at the end (None: as the session says)."""
        setup = self.ledger.setup
        if end_paper is None or end_paper == setup.end_paper:
            return self.ledger
        other = replace(setup, end_paper="keep" if end_paper == "keep" else "settle")
        return replace(self.ledger, setup=other, settlement=settle(other, self.ledger.last, self.ledger.rules.scoring))


def _catch_up(gs: GameSession, older: Replayed, added: list[dict[str, Any]]) -> Replayed | None:
    """``gs`` as of its version, from an older replay this worker kept when only hands were added since:
    those hands played on a fork of it (a few milliseconds), not the evening from the stored hands."""
    players = older.session.setup.players
    try:
        hands = [load_hand(h, len(older.hands) + 1 + i, players) for i, h in enumerate(added)]
        table = older.table.fork().play_all(hands)
    except SessionError:  # not as it was stored: the whole replay says why
        return None
    session = Session(older.session.setup, (*older.session.hands, *hands))
    return Replayed(gs.version, (*older.hands, *added), session, table, table.ledger()).carry(older)


#: how an evening is replayed and caught up, for the platform's one cache of every game's replays (the record's
#: ``replays``)
REPLAYER: Replayer[Replayed] = Replayer(lambda gs: _replay(gs, None, False)[0], _catch_up)


def replayed(gs: GameSession) -> Replayed:
    """``gs`` replayed as of its version: from the cache, or caught up, or replayed once and kept.

    A version one thread is already replaying (or catching up to) is waited for, not replayed
    again beside it: the phones of a table ask for a new version together."""
    return cast(Replayed, REPLAYS.replayed(gs))


def _replay(gs: GameSession, number: int | None, keep_it: bool = True) -> tuple[Replayed, Table]:
    """One pass over the stored hands, kept (unless ``keep_it`` is false: the caller keeps it); and the table
    paused before hand ``number`` on the way (None: after the last hand, the kept replay's own table: never play
    on it, play on a fork)."""
    hands = hand_data(gs)
    session = load_session(session_dict(gs, hands))
    number = len(hands) + 1 if number is None else number
    table = Table(session.setup).play_all(session.hands[: number - 1])
    rest = session.hands[number - 1:]
    whole = table.fork().play_all(rest) if rest else table
    made = Replayed(gs.version, tuple(hands), session, whole, whole.ledger())
    if keep_it:
        REPLAYS.keep(gs, made)
    return made, table


def kept_after(gs: GameSession, before: Replayed, table: Table, hand: Hand, hand_data: dict[str, Any],
               version: int) -> None:
    """After committing ``hand`` as the next hand of ``before``: cache version ``version``, whose table is
    ``table`` (``before``'s with ``hand`` played: the save played it once; the caller held the session's
    lock from ``before`` to the commit)."""
    session = Session(before.session.setup, (*before.session.hands, hand))
    REPLAYS.kept_after(gs, Replayed(version, (*before.hands, hand_data), session, table, table.ledger()).carry(before))


@dataclass(frozen=True)
class Entry:
    """A session replayed once around hand ``number`` (the next hand, or one being edited)."""

    number: int
    hands: list[dict[str, Any]]  # the stored hand objects the replay was made from
    session: Session
    #: the table just before hand ``number``, never played on (for the next hand it is the cached replay's)
    paused: Table
    ledger: Ledger  # the session as stored
    #: the replay of the whole session this entry came from (None: not as stored, e.g. a test's)
    source: Replayed | None = None

    @cached_property
    def table(self) -> Table:
        """The table just before hand ``number``, this entry's own: play it (or a fork of it) from here.

        Copied from ``paused`` when first asked for: opening the hand form asks for none (its form object
        lives until the garbage collector finds it, and with it whatever it holds).
        """
        return self.paused.fork()

    @property
    def upcoming(self) -> Upcoming:
        """What was in play before hand ``number``: the hand form is built from it."""
        if self.editing:
            return self.paused.upcoming()  # entry_for replayed this table for this entry alone
        return self.ledger.upcoming  # the next hand, as the stored evening's ledger says it

    @property
    def editing(self) -> bool:
        return self.number <= len(self.hands)

    def parse(self, hand: dict[str, Any]) -> Hand:
        """A hand object from the form, read as hand ``number`` (raises SessionError)."""
        return load_hand(hand, self.number, self.session.setup.players)

    def then(self, hands: list[dict[str, Any]]) -> Ledger:
        """The ledger with the stored hands from ``number`` on replaced by ``hands``; raises SessionError."""
        players = self.session.setup.players
        return self.table.fork().play_all(
            [load_hand(h, self.number + i, players) for i, h in enumerate(hands)]).ledger()

    def inserted(self, hand: Hand) -> Ledger:
        """The ledger with ``hand`` inserted as hand ``number`` (the stored ones move on); raises SessionError."""
        return self.table.fork().play_all([hand, *self.session.hands[self.number - 1:]]).ledger()

    def replaced(self, hand: Hand | None) -> Ledger:
        """The ledger with hand ``number`` replaced by ``hand`` (None: removed); raises SessionError."""
        rest = self.session.hands[self.number:]
        return self.table.fork().play_all(([hand] if hand is not None else []) + list(rest)).ledger()


def entry_for(gs: GameSession, number: int | None = None) -> Entry:
    """One replay of ``gs``, paused before hand ``number`` (the next hand when None).

    The next hand starts from the cached replay (its table, forked when played on), made by
    :func:`replayed` (a version another thread is replaying is waited for); a hand being edited
    replays the hands before it (one pass even when nothing was cached).
    """
    whole = replayed(gs) if number is None else cast(Replayed | None, REPLAYS.cached(gs) or REPLAYS.caught_up(gs))
    if whole is None:
        whole, table = _replay(gs, number)
    elif number is None or number == len(whole.hands) + 1:
        table = whole.table
    else:
        table = Table(whole.session.setup).play_all(whole.session.hands[: number - 1])
    hands = list(whole.hands)
    return Entry(len(hands) + 1 if number is None else number, hands, whole.session, table, whole.ledger, whole)


def deals_ahead(gs: GameSession, count: int = 8) -> list[dict[str, Any]]:
    """Who deals, who is mano and who plays each of the next ``count`` hands, if the deal passes on
    (as it does for hands entered on a phone: they record no dealer or seating of their own).

    A phone keeps this for offline use: a hand form opened offline for a hand after the ones the
    server has (hands waiting on the phone) is built for that hand, not for the one it was kept for.
    """
    whole = replayed(gs)
    ahead = whole.kept(("deals ahead", count), lambda: tuple(_deals_ahead(whole, count)))
    return [{"number": number, "dealer": dealer, "mano": mano, "active": list(active)}
            for number, dealer, mano, active in ahead]


def _deals_ahead(whole: Replayed, count: int) -> Iterator[tuple[int, str, str, tuple[str, ...]]]:
    """:func:`deals_ahead` of one version (every phone's outbox asks it every 15 s: worked out once)."""
    dealer, order = whole.table.deal_of(None)
    first = len(whole.hands) + 1
    for k in range(count):
        yield first + k, dealer, order.after(dealer), tuple(order.active(dealer))
        dealer = order.next[dealer]
