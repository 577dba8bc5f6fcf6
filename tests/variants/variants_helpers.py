"""Shared helpers for the rule-variant tests.

Every scenario is written once as a session-file object and replayed two
ways: through the engine's own constructors (Setup/Hand built here, no
session-file code involved) and through the session file (JSON text ->
``loads`` -> replay, and back through ``dump_session``). Both must give the
figures worked out by hand in the test's docstring.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from scorekeeper.games.tresillo.engine import (
    Hand,
    Ledger,
    Options,
    PaperDebt,
    Row,
    Session,
    Setup,
    Surrender,
    dump_session,
    loads,
    replay,
)


def engine_session(d: dict[str, Any]) -> Session:
    """The session built with the engine's dataclasses only."""
    setup = Setup(
        players=tuple(d["players"]),
        first_dealer=d.get("first_dealer", d["players"][0]),
        rules=d.get("rules", "pagat"),
        start_tokens=d.get("start_tokens", 160),
        tanto_value=Decimal(d.get("tanto_value", "0.10")),
        paper=tuple(PaperDebt(p["player"], p["amount"]) for p in d.get("paper", [])),
        options=Options(d.get("options", {})),
    )
    hands = []
    for h in d["hands"]:
        kw = dict(h)
        if "surrender" in kw:
            kw["surrender"] = Surrender(kw["surrender"].get("takeover"))
        hands.append(Hand(**kw))
    return Session(setup, tuple(hands))


def file_session(d: dict[str, Any]) -> Session:
    """The session read from its JSON text; writing it back and reading again changes nothing."""
    doc = {"format": "tresillo-session/1", **d}
    session = loads(json.dumps(doc))
    again = loads(json.dumps(dump_session(session)))
    assert again == session
    return session


def both(d: dict[str, Any]) -> list[Ledger]:
    """Replay a scenario through the engine and through the session file; both ledgers agree."""
    by_engine = replay(engine_session(d))
    by_file = replay(file_session(d))
    assert [r.bowls_tuple for r in by_engine.rows] == [r.bowls_tuple for r in by_file.rows]
    assert [r.transfers for r in by_engine.rows] == [r.transfers for r in by_file.rows]
    return [by_engine, by_file]


def hand_row(ledger: Ledger, number: int) -> Row:
    """The row after hand ``number`` (1-based)."""
    return next(r for r in ledger.rows if r.kind == "hand" and r.hand == number)


def deal_row(ledger: Ledger, number: int) -> Row:
    return next(r for r in ledger.rows if r.kind == "deal" and r.hand == number)


def open_paper(row: Row) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for d in row.paper:
        if not d.crossed:
            out.setdefault(d.player, []).append(d.amount)
    return out
