"""Session files in and out: export as JSON, import as a new session, the ledger as CSV."""

from __future__ import annotations

import csv
import io
import json

from ..db import db
from ..engine import SessionError, dump_session, load_session, replay
from ..i18n import _
from ..models import GameSession, Group, HandRecord, Player
from ..narration import ledger_json
from .history import history_json, keep_history, load_history
from .refusals import Refused, refused_from
from .replays import ledger_for, session_dict


def export_json(gs: GameSession) -> str:
    """The session file: the setup, the hands, and the history of changes (when there is one)."""
    d = dump_session(load_session(session_dict(gs)))
    log = history_json(gs)
    if log:
        d["history"] = log
    return json.dumps(d, ensure_ascii=False, indent=1) + "\n"


def import_session(group: Group, text: str) -> GameSession:
    """A session file becomes a new session of ``group``; a broken file changes nothing."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise Refused("file", _("This is not a session file (not JSON: {error}).").format(error=exc)) from None
    if not isinstance(data, dict):
        raise Refused("file", _("This is not a session file (not a JSON object)."))
    log = load_history(data.get("history"))
    try:
        session = load_session({k: v for k, v in data.items() if k != "history"})
        ledger = replay(session)
    except SessionError as exc:
        raise refused_from(exc) from None
    setup = session.setup
    dumped = dump_session(session)
    existing = {p.name for p in group.players}
    for name in setup.players:
        if name not in existing:
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
    )
    db.session.add(gs)
    for i, (hand, result) in enumerate(zip(dumped["hands"], ledger.results, strict=True)):
        # every stored hand records who dealt it (a file may leave it to the deal passing)
        db.session.add(HandRecord(session=gs, position=i, data=dict(hand, dealer=result.dealer),
                                  idem_key=f"import-{i}"))
    keep_history(gs, log)
    db.session.commit()
    return gs


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
