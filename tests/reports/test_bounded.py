"""The report of a long evening stays bounded: the paper carried forward, only the printed rows said,
the chart sampled, a full paper shown as its newest debts, the HTML paged (docs/reports.md)."""

from __future__ import annotations

import random
import re

import pytest

from scorekeeper.games.tresillo import views as viewmodel
from scorekeeper.games.tresillo import words as narration
from scorekeeper.games.tresillo.documents.render import HTML_LINES, ledger_lines, render_html, render_report_page
from scorekeeper.games.tresillo.engine import Hand, Ledger, Session, Setup, Table, replay
from scorekeeper.games.tresillo.engine.model import PaperVersion, PaperWalk
from scorekeeper.games.tresillo.views import CHART_POINTS, MOST_DEBTS, build_view

from .conftest import PLAYERS

#: (declarer's tricks, first opponent's, second opponent's): wins and losses
SPLITS = [(5, 2, 2), (6, 2, 1), (4, 3, 2), (3, 3, 3), (2, 5, 2), (3, 4, 2), (1, 4, 4), (4, 4, 1)]


def full_paper(count: int, seed: int = 29) -> Session:
    """Random contracts, a declarer who loses one hand in two: the paper fills and is seldom cleared."""
    rng = random.Random(seed)
    table = Table(Setup(players=PLAYERS, first_dealer=PLAYERS[0]))
    hands = []
    for _ in range(count):
        up = table.upcoming()
        declarer = rng.choice(up.active)
        opp = [p for p in up.active if p != declarer]
        d, a, b = rng.choice(SPLITS[3:] if rng.random() < 0.5 else SPLITS)
        hand = Hand(rng.choice(("entrada", "vuelta", "solo")), declarer=declarer,
                    tricks={declarer: d, opp[0]: a, opp[1]: b})
        table.play(hand)
        hands.append(hand)
    return Session(table.setup, tuple(hands))


@pytest.fixture(scope="module")
def full_ledger() -> Ledger:
    ledger = replay(full_paper(600))
    assert len(ledger.last.open_debts()) > 4 * MOST_DEBTS, "the generator fills the paper"
    return ledger


def test_the_walk_reads_every_version_as_the_paper_does(full_ledger: Ledger, long_ledger: Ledger) -> None:
    for ledger in (full_ledger, long_ledger):
        walk = PaperWalk()
        for row in ledger.rows:
            sheet = list(walk.at(row.paper_version).sheet.values())
            assert sheet == list(PaperVersion(None, row.paper_version.debts()).debts())
            for p in row.players:
                owed = [d for d in sheet if d.player == p and not d.crossed]
                assert list(walk.open.get(p, {}).values()) == owed


def test_a_jump_reads_the_version_whole(full_ledger: Ledger) -> None:
    walk = PaperWalk()
    late, early = full_ledger.rows[900].paper_version, full_ledger.rows[40].paper_version
    assert list(walk.at(late).sheet.values()) == list(late.debts())
    assert list(walk.at(early).sheet.values()) == list(early.debts())  # backwards too


def test_reading_the_rows_keeps_no_sheet_per_version(full_ledger: Ledger) -> None:
    """The cause of the 4.7 GB report: a tuple of every debt ever written kept for every version read."""
    ledger = replay(full_paper(600))  # fresh versions, nothing read yet
    view = build_view(ledger)
    lines = ledger_lines(view).lines
    assert len(list(lines)) == len(lines) == 501
    versions = {id(r.paper_version): r.paper_version for r in ledger.rows}
    kept = [v for v in versions.values() if v._cache is not None]
    assert len(versions) > 500 and len(kept) <= 2


def test_rows_read_in_any_order_say_the_same(full_ledger: Ledger) -> None:
    in_order = list(build_view(full_ledger).rows)
    backwards = build_view(full_ledger).rows
    for i in (*range(len(backwards) - 1, len(backwards) - 40, -1), 7, 300, 8, 9, 0):
        assert backwards[i] == in_order[i]
    assert build_view(full_ledger).rows[5:9] == tuple(in_order[5:9])
    with pytest.raises(IndexError):
        backwards[len(in_order)]


def test_a_full_paper_shows_its_newest_debts_and_counts_the_older(full_ledger: Ledger) -> None:
    view = build_view(full_ledger)
    walk = PaperWalk()
    cut = 0
    for r, row in zip(view.rows, full_ledger.rows, strict=True):
        walk.at(row.paper_version)
        for line in r.paper_now:
            owed = list(walk.open.get(line.player, {}).values())
            open_cells = [c.amount for c in line.cells if not c.crossed]
            assert len(open_cells) == min(len(owed), MOST_DEBTS) and line.older == len(owed) - len(open_cells)
            assert open_cells == [d.amount for d in owed[len(owed) - len(open_cells):]]  # the newest
            assert line.open_total == sum(d.amount for d in owed)
            cut += bool(line.older)
    assert cut > 100
    html = render_html("report", view)
    assert re.search(r"\[\d+ older debts: [1-9][\d,]*\] \d", html) and "older debts: 0]" not in html


def test_the_report_says_only_the_rows_it_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    said = []
    row_words = narration.row_words

    def counted(row):  # type: ignore[no-untyped-def]
        said.append(row.index)
        return row_words(row)

    ledger = replay(full_paper(1200))
    monkeypatch.setattr(viewmodel.narration, "row_words", counted)
    view = build_view(ledger)
    html = render_html("report", view)
    printed = ledger_lines(view).lines
    assert len(printed) == 501 and "Hands 1 to 700 are not printed here" in " ".join(html.split())
    # the current row, then the start row and the deal and hand rows of the last 500 hands, once each
    assert sorted(said) == sorted([len(ledger.rows) - 1, 0, *range(2 * 700 + 1, len(ledger.rows))])


def test_the_chart_is_sampled_in_the_view(full_ledger: Ledger) -> None:
    chart = build_view(full_ledger).chart
    assert all(len(s) == CHART_POINTS for s in chart["series"]) and len(chart["hands"]) == CHART_POINTS
    assert [s[-1] for s in chart["series"]] == list(full_ledger.last.bowls_tuple)
    assert [s[0] for s in chart["series"]] == list(full_ledger.rows[0].bowls_tuple)
    assert chart["hands"][-1] == 600


def test_the_html_report_of_a_long_evening_is_paged(full_ledger: Ledger) -> None:
    view = build_view(full_ledger)
    whole = ledger_lines(view).lines
    pages = -(-len(whole) // HTML_LINES) + 1
    seen: list[str] = []
    for page in range(1, pages + 1):
        html = render_report_page(view, page)
        assert len(html.encode()) <= 40 * 1024, (page, len(html.encode()))
        assert f"is on {pages} pages, page {page} is shown" in html
        seen += re.findall(r'<td class="figs">\s*(\d+) ', html)
        settlement = page == pages
        assert ('<section class="settlement"' in html) == settlement
        assert ('class="bowl-chart"' in html) == settlement
        assert ('<section class="ledger"' in html) != settlement
    assert seen == [str(line.row.index) for line in whole]  # every printed line once, in order
    assert render_report_page(view, 0) == render_report_page(view, 1)
    assert render_report_page(view, 999) == render_report_page(view, pages)


def test_a_short_report_is_one_page(worked_view: viewmodel.SessionView) -> None:
    assert render_report_page(worked_view, 1) == render_html("report", worked_view)
    assert render_report_page(worked_view, 3) == render_html("report", worked_view)
