"""The engine adapters: a stored session as a session file, replayed into a ledger or a live table."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from ..db import db
from ..engine import Ledger, Table, load_session, replay, replay_table
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
        "end": {"paper": end_paper or gs.end_paper},
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


def table_for(gs: GameSession) -> Table:
    """A live table after every stored hand (to preview or check the next one)."""
    return table_for_hands(gs, None)


def table_for_hands(gs: GameSession, hands: list[dict[str, Any]] | None) -> Table:
    return replay_table(load_session(session_dict(gs, hands)))
