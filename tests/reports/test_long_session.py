"""A 300-hand evening: the report renders, headers repeat, pages are numbered, the end adds up."""

from __future__ import annotations

import re

from scorekeeper.engine import Ledger
from scorekeeper.reports import render_pdf
from scorekeeper.viewmodel import build_view

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
    # every row number appears at the start of a line, in order
    pos = 0
    for row in long_ledger.rows:
        m = re.compile(rf"(?m)^{row.index} ").search(text, pos)
        assert m is not None, f"row {row.index} missing"
        pos = m.end()
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
