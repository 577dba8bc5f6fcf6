"""A 300-hand evening: the report renders, headers repeat, pages are numbered, the end adds up;
a long evening's ledger is compact (a hand per row, its deal told first) and bounded (the last hands)."""

from __future__ import annotations

import re

import pytest

from scorekeeper.games.tresillo.documents import render
from scorekeeper.games.tresillo.documents.render import ledger_lines, render_pdf
from scorekeeper.games.tresillo.engine import Ledger
from scorekeeper.games.tresillo.views import SessionView, build_view

from .conftest import pdf_pages


def test_300_hand_report_renders(long_ledger: Ledger) -> None:
    assert len(long_ledger.results) == 300 and len(long_ledger.rows) == 601
    outcomes = {r.outcome for r in long_ledger.results}
    assert {"sacado", "puesta", "codillo"} <= outcomes  # the paper was written and crossed
    pages = pdf_pages(render_pdf("report", build_view(long_ledger)))
    total = len(pages)
    assert total > 10
    # the figures are padded into columns: one space between words is enough to compare
    pages = [re.sub(r"(?m)^ +| +(?= )", "", page) for page in pages]
    text = "\n".join(pages)
    ledger_pages = 0
    for n, page in enumerate(pages, 1):
        assert page.rstrip().endswith(f"{n} / {total}")
        if re.search(r"(?m)^\d+ −?\d+ −?\d+ −?\d+ −?\d+ \d+ \d+ ", page):
            ledger_pages += 1
            assert "# North West South East Plato Pajaritos Paper Event and payment" in page
    assert ledger_pages >= total - 2
    # compact: every hand's row number appears at the start of a line, in order, its deal told in it
    assert "A long evening: one row per hand" in " ".join(text.split())
    pos = 0
    for row in long_ledger.rows[2::2]:
        m = re.compile(rf"(?m)^{row.index} ").search(text, pos)
        assert m is not None, f"row {row.index} missing"
        pos = m.end()
    assert not re.search(r"(?m)^1 ", text), "a deal row printed on its own"
    dealt = [r.happened for r in long_ledger.rows[1::2]]
    flat_text = " ".join(text.split())
    assert flat_text.count(" deals") >= len(dealt)
    # the last row and the final bowls, a bowl below zero with a true minus
    last = long_ledger.rows[-1]
    bowls = " ".join(_fig(b) for b in last.bowls_tuple)
    assert f"\n{last.index} {bowls} {last.plato} {last.pajaritos} " in text
    st = long_ledger.settlement
    finals = " ".join(f"{p} {_fig(st.final[p])} {_fig(st.net[p], True)}" for p in long_ledger.setup.players)
    assert any(b < 0 for b in last.bowls_tuple), "the generator leaves one bowl below zero"
    flat = " ".join(text.split())
    for p in long_ledger.setup.players:
        assert f"{p} " in finals and f"{_fig(st.final[p])} {_fig(st.net[p], True)} " in flat


def _fig(n: int, signed: bool = False) -> str:
    return f"−{-n}" if n < 0 else (f"+{n}" if signed and n > 0 else str(n))


def test_ledger_lines_fold_deals_and_keep_the_last_hands(worked_view: SessionView) -> None:
    """Short: a line per row. Compact: a line per hand with its deal. Bounded: the last hands only."""
    rows = worked_view.rows
    whole = ledger_lines(worked_view)
    assert not whole.compact and not whole.left_out and [line.row for line in whole.lines] == list(rows)
    folded = ledger_lines(worked_view, compact_from=8)
    assert folded.compact and [line.row.index for line in folded.lines] == [0, *range(2, 17, 2)]
    assert [line.deal.index if line.deal else None for line in folded.lines] == [None, *range(1, 17, 2)]
    last = ledger_lines(worked_view, compact_from=8, most=3)
    assert last.left_out == 5 and [line.row.hand for line in last.lines] == [None, 6, 7, 8]
    assert [line.deal.hand if line.deal else None for line in last.lines] == [None, 6, 7, 8]


@pytest.mark.parametrize(("most", "said"), [(7, "Hand 1 is not printed here"), (3, "Hands 1 to 5 are not printed here")])
def test_a_very_long_report_prints_its_last_hands(worked_view: SessionView, monkeypatch: pytest.MonkeyPatch,
                                                  most: int, said: str) -> None:
    """Beyond MOST_HANDS the PDF says which hands it leaves out, and prints the rest in full."""
    monkeypatch.setattr(render, "MOST_HANDS", most)
    monkeypatch.setattr(render, "COMPACT_FROM", 4)
    text = " ".join(" ".join(pdf_pages(render_pdf("report", worked_view))).split())
    assert said in text and f"this report prints the last {most} hands" in text
    assert "The ledger CSV and the session file have every hand." in text
    assert "A long evening: one row per hand" in text
    # the last hand is printed; the first hand's words are not
    assert " ".join(f"{worked_view.rows[-1].event}.".split()) in text
    assert "South, vuelta with estuche: wins" not in text
