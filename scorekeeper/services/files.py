"""Session files in and out: export as JSON, import as a new session, the ledger as CSV."""

from __future__ import annotations

import csv
import io
import json

from sqlalchemy.exc import IntegrityError

from ..db import begin_writing, db
from ..engine import Ledger, Session, SessionError, domains, dump_session, load_session, replay
from ..engine.sessionfile import parse_json
from ..i18n import _
from ..models import GameSession, Group, HandRecord, Player, now
from ..narration import ledger_json, refusal_line
from .groups import players_under_lock
from .hands import commit_made, form_key, made_by
from .history import LoggedChange, history_json, keep_history, load_history
from .limits import check_file_hands, check_room_for_players
from .refusals import Refused, sentence
from .replays import ledger_for, session_dict


def export_json(gs: GameSession) -> str:
    """The session file: the setup, the hands, and the history of changes (when there is one)."""
    d = dump_session(load_session(session_dict(gs)))
    log = history_json(gs)
    if log:
        d["history"] = log
    return json.dumps(d, ensure_ascii=False, indent=1) + "\n"


def import_session(group: Group, data: str | bytes, *, idem_key: str | None = None) -> GameSession:
    """A session file (its text or bytes) becomes a new session of ``group``; a broken file changes nothing.

    The file is read as the engine reads any file (UTF-8 with or without a
    byte-order mark; anything else refused naming the encoding). An ended
    session stays ended. A re-sent form (the same ``idem_key``) returns the
    session it made.
    """
    key = form_key(idem_key)
    try:
        parsed = parse_json(data)
        check_file_hands(parsed)  # before the file is checked hand by hand and replayed
        session = load_session(parsed)  # checks the whole file, its history too (depth, surrogates…)
        ledger = replay(session)
    except SessionError as exc:
        raise Refused("file", sentence(refusal_line(exc.first))) from None
    log = load_history(parsed.get("history"))
    for _attempt in range(2):
        try:
            return _store(group, session, ledger, log, key)
        except IntegrityError:  # a player of the file was added by another phone meanwhile: look again
            db.session.rollback()
    raise Refused("file", _("Another phone changed this group's players while the file was read; nothing was "
                            "imported. Import the file again."))


def _store(group: Group, session: Session, ledger: Ledger, log: list[LoggedChange], key: str | None) -> GameSession:
    """The checked file stored as a new session, under the write lock (a re-sent form finds its session)."""
    begin_writing()
    made = made_by(group, key)
    if made is not None:
        return made
    setup = session.setup
    dumped = dump_session(session)
    have = players_under_lock(group)  # an import and a phone adding a player never both take the last place
    newcomers = _new_players(group, setup.players)
    check_room_for_players(have, len(newcomers), "file")
    for name in newcomers:
        db.session.add(Player(group=group, name=name))
    gs = GameSession(
        group=group,
        rules=setup.rules,
        options=dumped.get("options", {}),
        players=list(setup.players),
        first_dealer=setup.first_dealer,
        start_tokens=setup.start_tokens,
        tanto_value=str(setup.tanto_value),
        currency=setup.currency,
        paper_in=[{"player": d.player, "amount": d.amount} for d in setup.paper],
        end_paper=setup.end_paper,
        closed=setup.ended,
        closed_at=now() if setup.ended else None,
        idem_key=key,
    )
    db.session.add(gs)
    for i, (hand, result) in enumerate(zip(dumped["hands"], ledger.results, strict=True)):
        # every stored hand records who dealt it (a file may leave it to the deal passing)
        db.session.add(HandRecord(session=gs, position=i, data=dict(hand, dealer=result.dealer),
                                  idem_key=f"import-{i}"))
    keep_history(gs, log)
    return commit_made(gs, group, key)


def _new_players(group: Group, names: tuple[str, ...]) -> list[str]:
    """The file's players the group does not have yet; one spelled differently from the group's is refused."""
    known = {p.name_key: p.name for p in group.players}
    new = []
    for name in names:
        same = known.get(domains.name_key(name))
        if same is None:
            new.append(name)
        elif same != name:
            raise Refused("file", _("The file's player “{name}” is called “{same}” in this group: "
                                    "spell the name the same way in both, then import again.").format(
                                        name=name, same=same))
    return new


def ledger_csv(gs: GameSession) -> str:
    ledger = ledger_for(gs)
    data = ledger_json(ledger)
    players = list(gs.players)
    out = io.StringIO()
    w = csv.writer(out)
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
