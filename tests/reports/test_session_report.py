"""The session report of the worked example, read back from the PDF with pypdf."""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Iterator

import pytest
from pypdf import PdfReader

from scorekeeper.games.tresillo.documents.render import (
    KINDS,
    UnknownDocument,
    document_filename,
    render_html,
    render_pdf,
)
from scorekeeper.games.tresillo.engine import Ledger
from scorekeeper.games.tresillo.views import SessionView, build_view

from .conftest import GROUP, WORKED_ROWS, pdf_pages


@pytest.fixture(scope="module")
def report_pdf(worked_view: SessionView) -> bytes:
    return render_pdf("report", worked_view)


@pytest.fixture(scope="module")
def report_text(report_pdf: bytes) -> str:
    return "\n".join(pdf_pages(report_pdf))


def _row_pattern(row: tuple) -> re.Pattern[str]:
    """A ledger line: the row number, four bowls, plato and pajaritos, then the paper."""
    figures = r"\s+".join(str(x) for x in row[:7])
    paper = r"\s+".join(re.escape(part) for part in row[7].split())
    return re.compile(rf"(?m)^ *{figures}\s+{paper}\s")


def test_all_17_rows_in_order_with_their_paper(report_text: str) -> None:
    assert len(WORKED_ROWS) == 17
    pos = 0
    for row in WORKED_ROWS:
        m = _row_pattern(row).search(report_text, pos)
        assert m is not None, f"row {row[0]} not found after position {pos}"
        pos = m.end()


def _row_text(text: str, i: int) -> str:
    """Row ``i`` of the ledger as extracted: from its figures to the next row's, spaces folded."""
    start = _row_pattern(WORKED_ROWS[i]).search(text)
    assert start is not None
    end = _row_pattern(WORKED_ROWS[i + 1]).search(text, start.end()) if i + 1 < len(WORKED_ROWS) else None
    return " ".join(text[start.start():end.start() if end else text.index("The settlement")].split())


def test_each_row_says_what_happened_and_why(report_text: str) -> None:
    # the event in words and the comment explaining the payment, on the row they belong to
    row6 = _row_text(report_text, 6)
    assert "All pass, nobody holds the espada: South (dealer) penetro" in row6
    assert "A debt of 21 (plato 17 + 4) is written against South on the paper." in row6
    assert "East pays the reserved puesta of 23, which is crossed out." in _row_text(report_text, 14)
    assert "East deals (+1)." in _row_text(report_text, 15)
    assert "South's own largest debt (23) is crossed out." in _row_text(report_text, 16)
    assert "crossed out" not in _row_text(report_text, 15)


def test_crossed_debts_are_marked_where_they_are_crossed(report_text: str) -> None:
    # East's 23 is crossed at row 14, South's 23 at row 16: each shows "~23~" once, in its row
    flat = " ".join(report_text.split())  # the name and its first debt are joined by a no-break space
    assert flat.count("East: ~23~") == 1
    assert flat.count("South: 21 ~23~") == 1
    row14 = _row_pattern(WORKED_ROWS[14]).search(report_text)
    row16 = _row_pattern(WORKED_ROWS[16]).search(report_text)
    assert row14 and row16 and row14.start() < row16.start()
    # the ledger's rows before 14 have no crossed debt at all
    assert "~" not in report_text[_row_pattern(WORKED_ROWS[0]).search(report_text).start():row14.start()]


def test_crossed_debts_are_struck_through_in_the_markup(worked_view: SessionView) -> None:
    html = render_html("report", worked_view)
    ledger = html[html.index("<tbody>"):html.index("</tbody>")]
    assert ledger.count('<span class="crossed">~<del>23</del>~</span>') == 2
    assert re.search(r"\.crossed del \{[^}]*line-through", html), "the strike-through rule is in the page"


def test_settlement_figures(report_text: str) -> None:
    flat = " ".join(report_text.split())
    for player, bowl, paid, share, final, net, money in [
        ("North", 166, "0", "+13", 179, "+19", "+ESP 190"),
        ("West", 157, "−22", "+13", 148, "−12", "−ESP 120"),
        ("South", 173, "−21", "+13", 165, "+5", "+ESP 50"),
        ("East", 134, "0", "+14 *", 148, "−12", "−ESP 120"),
    ]:
        assert f"{player} {bowl} {paid} {share} {final} {net} {money}" in flat
    assert "= 53 tantos, 13 to each player; * the odd tanto to East" in flat
    for line in ("West North 12 ESP 120", "East North 7 ESP 70", "East South 5 ESP 50"):
        assert line in flat


def test_header_names_the_evening(report_text: str) -> None:
    flat = " ".join(report_text.split())
    assert GROUP in flat
    assert "Tuesday, 17 November 2026" in flat and "20:30 – 00:45" in flat
    assert "1. North (first dealer), 2. West, 3. South, 4. East" in flat
    assert "Tresillo as played in Spain (pagat)" in flat
    assert "entrada 0, vuelta 1, solo 2, penetro 1, estuche 1, primeras 1, bola 8" in flat
    assert "Tanto value ESP 10 a tanto" in flat


def test_pages_are_numbered_n_of_total_with_headers_repeated(report_pdf: bytes) -> None:
    pages = pdf_pages(report_pdf)
    assert len(pages) >= 2
    for n, text in enumerate(pages, 1):
        assert text.rstrip().endswith(f"{n} / {len(pages)}"), text[-80:]
    ledger_pages = [t for t in pages if re.search(r"(?m)^ *1[0-6] +1\d\d ", t)]
    assert len(ledger_pages) == 2, "the ledger spans a page break"
    for text in ledger_pages:
        assert "# North West South East Plato Pajaritos Paper Event and payment" in " ".join(text.split())


def test_fonts_are_embedded(report_pdf: bytes) -> None:
    reader = PdfReader(io.BytesIO(report_pdf))
    fonts = {}
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            fonts[str(font["/BaseFont"])] = descendant["/FontDescriptor"].get_object()
    assert fonts
    for name, descriptor in fonts.items():
        assert "DejaVu" in name
        assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), f"{name} not embedded"


def test_page_is_a4_landscape_for_the_report_and_portrait_for_the_sheets(worked_view: SessionView) -> None:
    for kind, (w, h) in {"report": (842, 595), "paper": (595, 842), "settlement": (595, 842)}.items():
        box = PdfReader(io.BytesIO(render_pdf(kind, worked_view))).pages[0].mediabox
        assert (round(float(box.width)), round(float(box.height))) == (w, h), kind


def test_the_chart_draws_every_bowl(worked_view: SessionView, report_text: str) -> None:
    html = render_html("report", worked_view)
    svg = html[html.index("<svg"):html.index("</svg>")]
    polylines = re.findall(r'<polyline points="([^"]+)"', svg)
    assert len(polylines) == 4
    assert all(len(p.split()) == 17 for p in polylines)
    # the line ends are labelled with name and last bowl, so no colour is needed
    for label in ("North 166", "West 157", "South 173", "East 134"):
        assert label in report_text


def test_html_stands_alone(worked_view: SessionView) -> None:
    for kind in KINDS:
        html = render_html(kind, worked_view)
        assert "<script" not in html
        assert not re.search(r'(?:src|href)="(?:https?:)?//', html), "no asset from elsewhere"
        assert "@page" in html and "@media screen" in html  # print CSS inlined, screen layout too


def test_unknown_document_is_refused(worked_view: SessionView) -> None:
    with pytest.raises(UnknownDocument, match="unknown document 'invoice'"):
        render_html("invoice", worked_view)
    assert issubclass(UnknownDocument, ValueError)


def test_names_are_printed_as_written_not_as_markup(worked_ledger: Ledger) -> None:
    view = build_view(worked_ledger, group='<b>Tom & "Jerry"</b>')
    html = render_html("settlement", view)
    assert "<b>Tom" not in html and "&lt;b&gt;Tom &amp;" in html
    text = " ".join(" ".join(pdf_pages(render_pdf("settlement", view))).split())
    assert 'Settlement sheet <b>Tom & "Jerry"</b>' in text


def test_download_names(worked_view: SessionView, worked_ledger: Ledger) -> None:
    assert document_filename("report", worked_view) == "report-2026-11-17.pdf"
    assert document_filename("paper", build_view(worked_ledger)) == "paper.pdf"
    with pytest.raises(UnknownDocument):
        document_filename("../etc/passwd", worked_view)


def test_documents_rendered_at_once_in_threads_match_those_rendered_one_by_one(worked_view: SessionView) -> None:
    """Renders borrow a font configuration (Pango's font map is not thread-safe): at once, none shares one."""
    from concurrent.futures import ThreadPoolExecutor

    from scorekeeper import reports

    alone = {kind: pdf_pages(render_pdf(kind, worked_view)) for kind in KINDS}
    borrowed: list[int] = []
    real = reports._font_config

    @contextlib.contextmanager
    def watched() -> Iterator[object]:
        with real() as config:
            assert id(config) not in borrowed, "a font configuration lent to two renders at once"
            borrowed.append(id(config))
            try:
                yield config
            finally:
                borrowed.remove(id(config))

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(reports, "_font_config", watched)
        with ThreadPoolExecutor(max_workers=3) as pool:
            together = list(pool.map(lambda kind: pdf_pages(render_pdf(kind, worked_view)), KINDS * 2))
    assert together == [alone[kind] for kind in KINDS * 2]
    assert 1 <= len(reports._idle_font_configs) <= 3 + 1, "configurations are reused, never more than renders at once"
