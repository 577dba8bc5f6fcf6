"""``scorekeeper replay --json`` is written a row at a time, and says exactly what the whole document said."""

from __future__ import annotations

import io
import json
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.games.tresillo.commands import format_ledger, write_ledger_json
from scorekeeper.games.tresillo.engine import Hand, Ledger, PaperDebt, Session, Setup, dump_session, loads, replay
from scorekeeper.games.tresillo.words import ledger_json

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from reports.conftest import gen_session  # noqa: E402  (the 300-hand evening of the report tests)

EXAMPLE = Path(__file__).resolve().parents[1] / "data" / "worked_example.json"


def carried_in() -> Session:
    """Paper brought in and kept at the end, a puesta played for it."""
    setup = Setup(players=("North", "West", "South"), first_dealer="North", paper=(PaperDebt("West", 20),),
                  end_paper="keep", tanto_value=Decimal("0.25"))
    return Session(setup, (Hand("entrada", declarer="South", tricks={"North": 2, "West": 2, "South": 5}),
                           Hand("vuelta", declarer="North", tricks={"North": 3, "West": 4, "South": 2})))


SESSIONS = {
    "worked example": lambda: loads(EXAMPLE.read_text(encoding="utf-8")),
    "300 hands": lambda: gen_session(300),
    "paper carried in": carried_in,
}


class Writes(io.StringIO):
    """Counts what each write() is given."""

    def __init__(self) -> None:
        super().__init__()
        self.sizes: list[int] = []

    def write(self, s: str) -> int:
        self.sizes.append(len(s))
        return super().write(s)


@pytest.mark.parametrize("name", list(SESSIONS))
def test_the_streamed_json_is_the_document(name: str, tmp_path: Path) -> None:
    session = SESSIONS[name]()
    ledger = replay(session)
    whole = json.dumps(ledger_json(ledger), ensure_ascii=False, indent=1) + "\n"
    path = tmp_path / "session.json"
    path.write_text(json.dumps(dump_session(session)), encoding="utf-8")
    out = Writes()
    assert main(["replay", str(path), "--json", "--lang", "es"], out) == 0
    text = out.getvalue()
    assert text == json.dumps(json.loads(text), ensure_ascii=False, indent=1) + "\n"  # as json.dump writes it
    english = Writes()
    write_ledger_json(ledger, english)
    assert english.getvalue() == whole
    # a row at a time: no write holds more than a row or the settlement
    assert len(english.sizes) >= len(ledger.rows) and max(english.sizes) < max(2_000, len(whole) // 5)


@pytest.mark.parametrize("name", list(SESSIONS))
def test_each_rows_paper_is_the_paper_of_its_version_as_the_row_shows_it(name: str) -> None:
    """The paper carried from row to row says what reading each row's paper whole says, as the worked example's
    paper column shows it: the open debts, and those this row crossed out (struck through); a debt paid in an
    earlier row is no longer shown."""
    ledger: Ledger = replay(SESSIONS[name]())
    rows = ledger_json(ledger)["rows"]
    for row, data in zip(ledger.rows, rows, strict=True):
        crossed_here = {t.debt for t in row.transfers if t.source == "paper"}
        whole = {p: [{"amount": d.amount, "crossed": d.crossed} for d in debts
                     if not d.crossed or d.number in crossed_here]
                 for p, debts in row.paper_by_player().items()}
        assert data["paper"] == {p: debts for p, debts in whole.items() if debts}
    assert any(data["paper"] for data in rows)
    assert any(cell["crossed"] for data in rows for cells in data["paper"].values() for cell in cells)


def test_the_worked_examples_paper_column() -> None:
    """Rows 12 to 16 of the worked example (shared/rules/worked-example.md): East's 23 is struck through on
    the row that paid it, and gone from the next; South's 23 likewise."""
    rows = ledger_json(replay(SESSIONS["worked example"]()))["rows"]

    def column(index: int) -> str:
        return "; ".join(f"{p}: " + " ".join(f"~~{c['amount']}~~" if c["crossed"] else str(c["amount"]) for c in cells)
                         for p, cells in rows[index]["paper"].items())

    assert [column(i) for i in range(12, 17)] == [
        "West: 22; South: 21 23; East: 23", "West: 22; South: 21 23; East: 23", "West: 22; South: 21 23; East: ~~23~~",
        "West: 22; South: 21 23", "West: 22; South: 21 ~~23~~"]


def test_a_rows_paper_does_not_grow_with_the_debts_paid_before_it() -> None:
    """A long evening's rows stay the size of the paper as it stands: `replay --json` of 10,000 hands wrote
    2.9 GB when every row listed every debt ever written."""
    ledger = replay(gen_session(300))
    rows = ledger_json(ledger)["rows"]
    paid_before = [sum(1 for d in row.paper if d.crossed) for row in ledger.rows]
    shown = [sum(len(cells) for cells in data["paper"].values()) for data in rows]
    open_now = [len(row.open_debts()) for row in ledger.rows]
    assert max(paid_before) > 20  # the evening paid many debts
    assert all(n <= o + 2 for n, o in zip(shown, open_now, strict=True))  # open ones, and the one or two paid here


@pytest.mark.parametrize("name", list(SESSIONS))
def test_the_text_ledger_reads_each_rows_paper_as_the_row_shows_it(name: str) -> None:
    """``scorekeeper replay`` (text) carries the paper too: each row's paper column is its version's paper as the
    worked example shows it (the open debts, and those this row crossed out)."""
    ledger = replay(SESSIONS[name]())
    text = format_ledger(ledger).split("\n")
    lines = text[2:2 + 2 * len(ledger.rows):2]  # the header, the rule, then a line and a comment for each row
    for row, line in zip(ledger.rows, lines, strict=True):
        crossed_here = {t.debt for t in row.transfers if t.source == "paper"}
        shown = {p: [d for d in debts if not d.crossed or d.number in crossed_here]
                 for p, debts in row.paper_by_player().items()}
        paper = "; ".join(f"{p}: " + " ".join(f"~{d.amount}~" if d.crossed else str(d.amount) for d in debts)
                          for p, debts in shown.items() if debts) or "empty"
        assert line.startswith(str(row.index)) and line.endswith(paper), (row.index, line, paper)
