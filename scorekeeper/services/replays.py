"""The engine adapters: a stored session as a session file, replayed into a ledger or a live table.

Each request replays a session once. :func:`entry_for` makes the one pass a
hand page needs: the table just before the hand being entered or edited (to
build the form and to play the hand on), and the ledger as stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select

from ..db import db
from ..engine import Hand, Ledger, Session, Table, Upcoming, load_hand, load_session, replay
from ..engine.sessionfile import FORMAT as FORMAT_SESSION
from ..models import GameSession, HandRecord


def find_session(token: str) -> GameSession | None:
    """The session behind a session link, or None."""
    return db.session.scalars(select(GameSession).where(GameSession.token == token)).first()


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
        "tanto_value": gs.tanto_value,
        "currency": gs.currency,
        "end": {"paper": end_paper or gs.end_paper, **({"ended": True} if gs.closed else {})},
        "hands": hand_data(gs) if hands is None else hands,
    }
    if gs.options:
        d["options"] = dict(gs.options)
    if gs.paper_in:
        d["paper"] = list(gs.paper_in)
    return d


def hand_data(gs: GameSession) -> list[dict[str, Any]]:
    """The stored hand objects in order, without loading ORM rows (fast on long evenings)."""
    if gs.id is None:
        return []
    return list(db.session.scalars(
        select(HandRecord.data).where(HandRecord.session_id == gs.id).order_by(HandRecord.position)
    ))


def count_hands(gs: GameSession) -> int:
    return db.session.scalar(
        select(func.count()).select_from(HandRecord).where(HandRecord.session_id == gs.id)
    ) or 0


def ledger_for(
    gs: GameSession, hands: list[dict[str, Any]] | None = None, end_paper: str | None = None
) -> Ledger:
    return replay(load_session(session_dict(gs, hands, end_paper)))


@dataclass(frozen=True)
class Entry:
    """A session replayed once around hand ``number`` (the next hand, or one being edited)."""

    number: int
    hands: list[dict[str, Any]]  # the stored hand objects the replay was made from
    session: Session
    table: Table  # the table just before hand ``number``: play it (or a fork of it) from here
    ledger: Ledger  # the session as stored

    @property
    def upcoming(self) -> Upcoming:
        """What was in play before hand ``number``: the hand form is built from it."""
        return self.table.upcoming()

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
    """One replay of ``gs``, paused before hand ``number`` (the next hand when None)."""
    hands = hand_data(gs)
    session = load_session(session_dict(gs, hands))
    number = len(hands) + 1 if number is None else number
    table = Table(session.setup).play_all(session.hands[: number - 1])
    rest = session.hands[number - 1:]
    ledger = table.fork().play_all(rest).ledger() if rest else table.ledger()
    return Entry(number, hands, session, table, ledger)
