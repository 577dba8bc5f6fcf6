"""The services layer: every change to the database goes through here.

Each function validates through the engine first and commits once, so a
refused hand or form leaves nothing half-saved. Refusals are raised as
:class:`Refused` (a ``ValueError`` carrying a field and a message) for the
view to show next to the field.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from ..db import db
from ..engine import (
    Ledger,
    RULESETS,
    SessionError,
    Table,
    dump_session,
    ledger_json,
    load_session,
    replay,
    replay_table,
)
from ..engine.sessionfile import FORMAT as FORMAT_SESSION
from ..engine.sessionfile import load_hand
from ..models import GameSession, Group, HandRecord, Player, now


class Refused(ValueError):
    """A change the table cannot accept; ``field`` says where to show it."""

    def __init__(self, field: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.status = status


class Conflict(Refused):
    """Somebody else changed the session first (another phone)."""

    def __init__(self, message: str) -> None:
        super().__init__("version", message, status=409)


def _refused_from(exc: SessionError) -> Refused:
    err = exc.first
    where = f"Hand {err.hand}: " if err.hand is not None else ""
    field = err.field.split(".")[0].split("[")[0]
    if field == "options":  # a group's own amounts, named in full: "options.condiciones.vuelta"
        return Refused("own", f"{err.field.removeprefix('options.')}: {err.message}")
    return Refused(field, f"{where}{err.message}")


# ---------------------------------------------------------------- groups


def create_group(name: str) -> Group:
    name = (name or "").strip()
    if not name:
        raise Refused("name", "Give the group a name.")
    group = Group(name=name[:80])
    db.session.add(group)
    db.session.commit()
    return group


def add_player(group: Group, name: str) -> Player:
    name = _player_name(group, name)
    player = Player(group=group, name=name)
    db.session.add(player)
    db.session.commit()
    return player


def _player_name(group: Group, name: str, player: Player | None = None) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise Refused("name", "Give the player a name.")
    if len(name) > 40:
        raise Refused("name", "A name of at most 40 letters, please.")
    for other in group.players:
        if other is not player and other.name.casefold() == name.casefold():
            raise Refused("name", f"{other.name} is already in this group.")
    return name


def rename_player(player: Player, name: str) -> Player:
    """Rename in the group; sessions already played keep the name they were played with."""
    player.name = _player_name(player.group, name, player)
    db.session.commit()
    return player


def set_retired(player: Player, retired: bool) -> Player:
    """Players are retired, never deleted: their evenings stay in the history."""
    player.retired = retired
    db.session.commit()
    return player


def carried_paper(group: Group) -> list[dict[str, Any]]:
    """The paper kept at the end of the group's last closed session, if any."""
    last = db.session.scalars(
        select(GameSession).where(GameSession.group_id == group.id, GameSession.closed.is_(True))
        .order_by(GameSession.closed_at.desc(), GameSession.id.desc()).limit(1)
    ).first()
    if last is None or last.end_paper != "keep":
        return []
    return [{"player": d.player, "amount": d.amount} for d in ledger_for(last).settlement.kept_paper]


# ---------------------------------------------------------------- sessions


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


def ledger_for(
    gs: GameSession, hands: list[dict[str, Any]] | None = None, end_paper: str | None = None
) -> Ledger:
    return replay(load_session(session_dict(gs, hands, end_paper)))


def table_for(gs: GameSession) -> Table:
    """A live table after every stored hand (to preview or check the next one)."""
    return table_for_hands(gs, None)


def table_for_hands(gs: GameSession, hands: list[dict[str, Any]] | None) -> Table:
    return replay_table(load_session(session_dict(gs, hands)))


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
    paper_in = carried_paper(group)
    gs = GameSession(
        group_id=group.id,
        rules=rules,
        options=dict(options or {}),
        players=list(players),
        first_dealer=first_dealer,
        start_tokens=start_tokens,
        tanto_value=str(value),
        currency=currency.strip() or "EUR",
        paper_in=paper_in,
        end_paper="settle",
        closed=False,
        version=0,
    )
    try:
        ledger_for(gs, [])
    except SessionError as exc:
        raise _refused_from(exc) from None
    db.session.add(gs)
    db.session.commit()
    return gs


def _check_open(gs: GameSession) -> None:
    if gs.closed:
        raise Refused("session", "This session is closed: it can be read, not changed.", status=409)


def _check_version(gs: GameSession, version: int | None) -> None:
    if version is not None and version != gs.version:
        raise Conflict(
            "Someone changed this session on another phone since you opened this page. "
            "Reload to see the latest hands, then try again."
        )


def _check_hands(gs: GameSession, hands: list[dict[str, Any]]) -> Ledger:
    try:
        return ledger_for(gs, hands)
    except SessionError as exc:
        raise _refused_from(exc) from None


@dataclass(frozen=True)
class Saved:
    record: HandRecord
    created: bool  # False when a retried post found the hand already stored


def _lock(gs: GameSession) -> None:
    """Serialise writers of one session (row lock on PostgreSQL; SQLite already holds BEGIN IMMEDIATE)."""
    if gs.id is not None:
        db.session.refresh(gs, with_for_update=True)


def add_hand(
    gs: GameSession,
    hand: dict[str, Any],
    *,
    idem_key: str,
    number: int | None = None,
    table: Table | None = None,
) -> Saved:
    """Store the next hand. A retried post (same key) returns the stored hand.

    ``number`` is the hand number the form was made for: if another phone
    has entered that hand meanwhile, this one is refused instead of being
    stored as the following hand. ``table`` is the table as the caller
    replayed it (saves a second replay when it is still current).
    """
    _lock(gs)
    existing = db.session.scalars(
        select(HandRecord).where(HandRecord.session_id == gs.id, HandRecord.idem_key == idem_key)
    ).first()
    if existing is not None:
        return Saved(existing, False)
    _check_open(gs)
    count = count_hands(gs)
    if number is not None and number != count + 1:
        raise Conflict(
            f"Hand {number} was already entered on another phone. Reload to see it before entering the next hand."
        )
    if table is None or table.hands_played != count:
        table = table_for(gs)
    try:
        table.preview(load_hand(hand, count + 1, tuple(gs.players)))
    except SessionError as exc:
        raise _refused_from(exc) from None
    record = HandRecord(session_id=gs.id, position=count, data=hand, idem_key=idem_key)
    db.session.add(record)
    gs.version += 1
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        again = db.session.scalars(
            select(HandRecord).where(HandRecord.session_id == gs.id, HandRecord.idem_key == idem_key)
        ).first()
        if again is None:
            raise
        return Saved(again, False)
    return Saved(record, True)


def edit_hand(gs: GameSession, position: int, hand: dict[str, Any], *, version: int) -> HandRecord:
    _lock(gs)
    _check_open(gs)
    _check_version(gs, version)
    record = _hand_at(gs, position)
    hands = [h.data for h in gs.hands]
    hands[position] = hand
    _check_hands(gs, hands)
    record.data = hand
    gs.version += 1
    db.session.commit()
    return record


def delete_hand(gs: GameSession, position: int, *, version: int) -> None:
    """Remove a hand; the ones after it move up and must still be valid."""
    _lock(gs)
    _check_open(gs)
    _check_version(gs, version)
    record = _hand_at(gs, position)
    hands = [h.data for h in gs.hands]
    del hands[position]
    _check_hands(gs, hands)
    later = [h for h in gs.hands if h.position > position]
    gs.hands.remove(record)
    db.session.delete(record)
    db.session.flush()
    for h in later:
        h.position -= 1
    gs.version += 1
    db.session.commit()


def undo_last(gs: GameSession, *, version: int) -> None:
    if not gs.hands:
        raise Refused("hand", "There is no hand to undo.")
    delete_hand(gs, len(gs.hands) - 1, version=version)


def _hand_at(gs: GameSession, position: int) -> HandRecord:
    if not 0 <= position < len(gs.hands):
        raise Refused("hand", f"There is no hand {position + 1}.", status=404)
    return gs.hands[position]


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
    db.session.commit()
    return gs


# ---------------------------------------------------------------- import / export


def export_json(gs: GameSession) -> str:
    d = dump_session(load_session(session_dict(gs)))
    return json.dumps(d, ensure_ascii=False, indent=1) + "\n"


def import_session(group: Group, text: str) -> GameSession:
    """A session file becomes a new session of ``group``; a broken file changes nothing."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise Refused("file", f"This is not a session file (not JSON: {exc}).") from None
    try:
        session = load_session(data)
        replay(session)
    except SessionError as exc:
        raise _refused_from(exc) from None
    setup = session.setup
    existing = {p.name for p in group.players}
    for name in setup.players:
        if name not in existing:
            db.session.add(Player(group=group, name=name))
    gs = GameSession(
        group=group,
        rules=setup.rules,
        options=dict(setup.options) if getattr(setup, "options", None) else {},
        players=list(setup.players),
        first_dealer=setup.first_dealer,
        start_tokens=setup.start_tokens,
        tanto_value=str(setup.tanto_value),
        currency=setup.currency,
        paper_in=[{"player": d.player, "amount": d.amount} for d in setup.paper],
        end_paper=setup.end_paper,
    )
    db.session.add(gs)
    dumped = dump_session(session)["hands"]
    for i, hand in enumerate(dumped):
        db.session.add(HandRecord(session=gs, position=i, data=hand, idem_key=f"import-{i}"))
    db.session.commit()
    return gs


def ledger_csv(gs: GameSession) -> str:
    ledger = ledger_for(gs)
    data = ledger_json(ledger)
    players = list(gs.players)
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["row", "kind", "hand", "event", *players, "plato", "pajaritos", "paper", "in_play", "outcome", "comment"])
    for r in data["rows"]:
        paper = "; ".join(
            f"{p}: " + " ".join(f"~{d['amount']}~" if d["crossed"] else str(d["amount"]) for d in debts)
            for p, debts in r["paper"].items()
        )
        w.writerow([r["index"], r["kind"], r["hand"] or "", r["event"], *[r["bowls"][p] for p in players],
                    r["plato"], r["pajaritos"], paper, r.get("in_play", ""), r.get("outcome", "") or "",
                    r["comment"]])
    return out.getvalue()


def count_hands(gs: GameSession) -> int:
    return db.session.scalar(select(func.count()).select_from(HandRecord).where(HandRecord.session_id == gs.id)) or 0


def validate_hand_dict(gs: GameSession, hand: dict[str, Any], number: int) -> None:
    """Shape check of one hand object (names, types) before the rules."""
    try:
        load_hand(hand, number, tuple(gs.players))
    except SessionError as exc:
        raise _refused_from(exc) from None
