"""Session files in and out: export as JSON, import as a new session, the ledger as CSV.

:func:`import_session` is the game's reader (its record's ``reader``): the group's import page, the
platform's, hands it every file that is not ``scorekeeper-session/2`` (``services.files.import_file``)."""

from __future__ import annotations

import csv
import hashlib
import io
import json
from typing import Any

from sqlalchemy import select

from ....core.errors import SessionError
from ....core.sessionjson import decode, parse_json
from ....db import begin_writing, db
from ....models import GameSession, Group, HandRecord, now
from ....services.files import AlreadyImported  # the platform's: any game's reader may raise it
from ....services.history import LoggedChange, history_json, keep_history, load_history
from ....services.limits import check_export_size, check_file_hands, check_file_history
from ....services.refusals import Refused, sentence
from ....services.sessions import commit_made, file_stored, form_key, join_players, made_by
from ....words import refusal_line
from ..engine import Ledger, Session, dump_session, load_session, replay
from ..game import SPEC
from ..words import ledger_json
from .replays import ledger_for, session_dict


def export_json(gs: GameSession) -> str:
    """The session file: the setup, the hands, and the history of changes (when there is one)."""
    d = dump_session(load_session(session_dict(gs)))
    log = history_json(gs)
    if log:
        d["history"] = log
    return json.dumps(d, ensure_ascii=False, indent=1) + "\n"


def file_digest(session: Session, ledger: Ledger) -> str:
    """The SHA-256 of a file's canonical content: its setup and hands as the engine reads them, each hand
    with the dealer it was dealt by. Spacing, key order, a byte-order mark, a history, or dealers written
    out or left to the deal do not change it, so an exported copy of an imported evening is the same file."""
    dumped = dump_session(session)
    dumped["hands"] = [dict(h, dealer=r.dealer) for h, r in zip(dumped["hands"], ledger.results, strict=True)]
    canonical = json.dumps(dumped, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def imported_as(group: Group, digest: str) -> GameSession | None:
    """The group's first session imported from a file with ``digest``, if any."""
    return db.session.scalars(select(GameSession).where(GameSession.group_id == group.id, GameSession.game == SPEC.name,
                                                        GameSession.file_digest == digest)
                              .order_by(GameSession.id)).first()


def import_session(group: Group, data: str | bytes, *, idem_key: str | None = None,
                   copy: bool = False) -> GameSession:
    """A session file (its text or bytes) becomes a new session of ``group``; a broken file changes nothing.

    The file is read as the engine reads any file (UTF-8 with or without a
    byte-order mark; anything else refused naming the encoding). An ended
    session stays ended. A re-sent form (the same ``idem_key``) returns the
    session it made. A file this group imported before raises
    :class:`AlreadyImported` unless ``copy`` asks for a second evening anyway.
    """
    key = form_key(idem_key)
    try:
        parsed = parse_json(data)
        check_file_hands(parsed)  # before the file is checked hand by hand and replayed
        check_file_history(parsed)
        session = load_session(parsed)  # checks the whole file, its history too (depth, surrogates…)
        ledger = replay(session)
    except SessionError as exc:
        raise Refused("file", sentence(refusal_line(exc.first))) from None
    log = load_history(parsed.get("history"))
    check_export_size(_export_size(session, parsed.get("history")))
    try:
        return file_stored(lambda: _store(group, session, ledger, log, key, copy))
    except AlreadyImported as seen:
        raise AlreadyImported(seen.session, decode(data) if isinstance(data, bytes) else data) from None


def _export_size(session: Session, history: Any) -> int:
    """About the bytes :func:`export_json` will write for this session: its hands and the history as given."""
    d = dump_session(session)
    if history:
        d["history"] = history
    return len(json.dumps(d, ensure_ascii=False, indent=1).encode("utf-8"))


def _store(group: Group, session: Session, ledger: Ledger, log: list[LoggedChange], key: str | None,
           copy: bool) -> GameSession:
    """The checked file stored as a new session, under the write lock (a re-sent form finds its session;
    two phones importing one file at once make one evening)."""
    digest = file_digest(session, ledger)
    begin_writing()
    made = made_by(group, key)
    if made is not None:
        return made
    seen = None if copy else imported_as(group, digest)
    if seen is not None:
        db.session.rollback()
        raise AlreadyImported(seen)
    setup = session.setup
    dumped = dump_session(session)
    join_players(group, setup.players)
    gs = GameSession(
        group=group,
        rules=setup.rules,
        options=dumped.get("options", {}),
        players=list(setup.players),
        first_dealer=setup.first_dealer,
        start_tokens=setup.start_tokens,
        stake=str(setup.tanto_value),
        currency=setup.currency,
        paper_in=[{"player": d.player, "amount": d.amount} for d in setup.paper],
        end_paper=setup.end_paper,
        closed=setup.ended,
        closed_at=now() if setup.ended else None,
        idem_key=key,
        file_digest=digest,
    )
    db.session.add(gs)
    for i, (hand, result) in enumerate(zip(dumped["hands"], ledger.results, strict=True)):
        # every stored hand records who dealt it (a file may leave it to the deal passing)
        db.session.add(HandRecord(session=gs, position=i, data=dict(hand, dealer=result.dealer),
                                  idem_key=f"import-{i}"))
    keep_history(gs, log)
    return commit_made(gs, group, key)


#: what a spreadsheet reads as the start of a formula (OWASP, "CSV Injection"): = + - @, a tab, a carriage return
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(cell: object) -> object:
    """A text cell that a spreadsheet would run as a formula, kept as text: a single quote before it.

    Numbers stay numbers (a bowl of -3 is a figure, not a formula); only text (a player's name, the
    event, the paper, a comment) is neutralised, as OWASP advises.

    >>> spreadsheet_safe("=cmd|' /C calc'!A0"), spreadsheet_safe("Ana"), spreadsheet_safe(-3)
    ("'=cmd|' /C calc'!A0", 'Ana', -3)
    """
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell


def ledger_csv(gs: GameSession) -> str:
    """The ledger row by row for a spreadsheet; every text cell is safe to open (:func:`spreadsheet_safe`)."""
    ledger = ledger_for(gs)
    data = ledger_json(ledger)
    players = list(gs.players)
    out = io.StringIO()
    w = SafeWriter(out)
    w.writerow(["row", "kind", "hand", "event", *players, "plato", "pajaritos", "paper", "in_play", "outcome",
                "comment"])
    for r in data["rows"]:
        paper = "; ".join(
            f"{p}: " + " ".join(f"~{d['amount']}~" if d["crossed"] else str(d["amount"]) for d in debts)
            for p, debts in r["paper"].items()
        )
        w.writerow([r["index"], r["kind"], r["hand"] or "", r["event"], *[r["bowls"][p] for p in players],
                    r["plato"], r["pajaritos"], paper, r.get("in_play", ""), r.get("outcome", "") or "",
                    r["comment"]])
    return out.getvalue()


class SafeWriter:
    """``csv.writer`` whose every row goes through :func:`spreadsheet_safe` first."""

    def __init__(self, out: io.StringIO) -> None:
        self.writer = csv.writer(out)

    def writerow(self, row: list[object]) -> None:
        self.writer.writerow([spreadsheet_safe(cell) for cell in row])
