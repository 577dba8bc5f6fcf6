"""Small builders for engine scenarios: a session-file dict in, a ledger out."""

from __future__ import annotations

from typing import Any

from scorekeeper.games.tresillo.engine import Ledger, Row, Table, load_session, replay

NWSE = ["North", "West", "South", "East"]
NWS = ["North", "West", "South"]


def session(players: list[str], hands: list[dict[str, Any]], **setup: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"format": "tresillo-session/1", "rules": "pagat", "players": players,
                         "first_dealer": players[0], "start_tokens": 160, "tanto_value": "0.10",
                         "hands": hands}
    d.update(setup)
    return d


def run(players: list[str], hands: list[dict[str, Any]], **setup: Any) -> Ledger:
    return replay(load_session(session(players, hands, **setup)))


def table(players: list[str], hands: list[dict[str, Any]], **setup: Any) -> Table:
    s = load_session(session(players, hands, **setup))
    t = Table(s.setup)
    for h in s.hands:
        t.play(h)
    return t


def bowls(row: Row) -> list[int]:
    return list(row.bowls_tuple)


def paper(row: Row) -> dict[str, list[int]]:
    """Open debts per player (crossed ones left out)."""
    out: dict[str, list[int]] = {}
    for p, debts in row.paper_by_player().items():
        open_ = [d.amount for d in debts if not d.crossed]
        if open_:
            out[p] = open_
    return out


def crossed(row: Row) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for p, debts in row.paper_by_player().items():
        c = [d.amount for d in debts if d.crossed]
        if c:
            out[p] = c
    return out


def state(row: Row) -> tuple[list[int], int, int, dict[str, list[int]]]:
    return bowls(row), row.plato, row.pajaritos, paper(row)
