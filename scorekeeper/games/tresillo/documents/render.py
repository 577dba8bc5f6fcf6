"""Tresillo's printed documents: the session report, the paper, the settlement sheet.

One set of Jinja templates (``templates/games/tresillo/``, on the documents' own
``templates/report/base.html``) lays out the one view model
(:class:`scorekeeper.games.tresillo.views.SessionView`); the same HTML is served
as a page (with print CSS) and turned into an A4 PDF by WeasyPrint through the
platform's frame (:mod:`scorekeeper.reports`). The CSS is inlined so the HTML
stands alone and the PDF needs no base URL.

>>> KINDS
('report', 'paper', 'settlement')
>>> document_filename("paper", None)
'paper.pdf'
"""

from __future__ import annotations

import base64
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, overload

from markupsafe import Markup

from ....i18n import N_, gettext
from ....reports import environment, stylesheet, write_pdf
from ....reports.chart import PAGE
from ..views import format_tantos
from .chart import bowl_chart

if TYPE_CHECKING:  # pragma: no cover
    from ..views import RowView, SessionView

KINDS = ("report", "paper", "settlement")
#: each document's title, said in the document's language when it is printed
TITLES = {"report": N_("Session report"), "paper": N_("The paper"), "settlement": N_("Settlement sheet")}


class UnknownDocument(ValueError):
    """A document kind other than those in :data:`KINDS`."""


@dataclass(frozen=True)
class FigureGrid:
    """The ledger's figures (row number, bowls, plato, pajaritos) as fixed-width lines.

    Set in a monospaced font, each row's figures are one run of text instead of
    seven table cells: WeasyPrint lays a 601-row ledger out in about two thirds
    of the time, and the columns still line up under the header exactly.
    """

    header: str
    lines: tuple[str, ...]
    font_pt: float = 8.5

    @property
    def width_mm(self) -> float:
        """The column's width: DejaVu Sans Mono advances 0.602 em a character, plus the cell padding."""
        return round(len(self.header) * 0.602 * self.font_pt * 25.4 / 72 + 3.5, 1)


#: from this many hands on, the report's ledger is compact: each deal is told in its hand's row
COMPACT_FROM = 100
#: the report's ledger prints at most the last this many hands (the CSV and the session file have them all)
MOST_HANDS = 500


@dataclass(frozen=True)
class LedgerLine:
    """One printed row of the report's ledger: a row's figures and paper, and (compact) the deal before it."""

    row: RowView
    deal: RowView | None = None


@dataclass(frozen=True)
class PrintedLedger:
    """What the report's ledger prints: its lines, whether it is compact, how many hands it leaves out."""

    lines: Sequence[LedgerLine]
    compact: bool
    left_out: int  # the first hands, not printed (a very long evening)


class LedgerLines(Sequence[LedgerLine]):
    """The lines of the report's ledger, each read from the view's rows when it is asked for.

    The rows are the start row, then a deal row and a hand row for each hand (hand h's deal is row
    2h − 1), so line j's rows are found by their index: a page of the HTML report says only its own
    rows, and the whole PDF says each printed row once.
    """

    __slots__ = ("_rows", "_compact", "_left_out")

    def __init__(self, rows: Sequence[RowView], compact: bool, left_out: int) -> None:
        self._rows, self._compact, self._left_out = rows, compact, left_out

    def __len__(self) -> int:
        skipped = 2 * self._left_out  # the rows of the hands left out
        return 1 + (len(self._rows) - 1 - skipped) // (2 if self._compact else 1)

    def hand_of(self, j: int) -> int | None:
        """The hand line ``j`` prints (None: the start row)."""
        if j == 0:
            return None
        return self._left_out + j if self._compact else self._left_out + (j + 1) // 2

    def _line(self, j: int) -> LedgerLine:
        rows, skipped = self._rows, 2 * self._left_out
        if j == 0:
            return LedgerLine(rows[0])
        if self._compact:  # the hand's row, its deal told first
            deal = rows[skipped + 2 * j - 1]
            return LedgerLine(rows[skipped + 2 * j], deal)
        return LedgerLine(rows[skipped + j])

    @overload
    def __getitem__(self, index: int) -> LedgerLine: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[LedgerLine, ...]: ...

    def __getitem__(self, index: int | slice) -> LedgerLine | tuple[LedgerLine, ...]:
        if isinstance(index, slice):
            return tuple(self._line(j) for j in range(*index.indices(len(self))))
        j = index + len(self) if index < 0 else index
        if not 0 <= j < len(self):
            raise IndexError("line index out of range")
        return self._line(j)

    def __iter__(self) -> Iterator[LedgerLine]:
        return (self._line(j) for j in range(len(self)))


def ledger_lines(view: SessionView, compact_from: int = COMPACT_FROM, most: int = MOST_HANDS) -> PrintedLedger:
    """The report's ledger: one line per row; from ``compact_from`` hands on one line per hand (its
    deal told first), and never more than the last ``most`` hands. The layout time of a PDF grows
    with its rows, so a long evening's report stays within a request's time (docs/reports.md).
    The lines are read when asked for (:class:`LedgerLines`)."""
    assert len(view.rows) == 1 + 2 * view.hands, "the start row, then a deal row and a hand row for each hand"
    left_out = max(0, view.hands - most)
    compact = view.hands >= compact_from
    return PrintedLedger(LedgerLines(view.rows, compact, left_out), compact, left_out)


def figure_grid(view: SessionView, shown: Sequence[RowView] | None = None) -> FigureGrid:
    """Right-aligned columns, two spaces apart; each as wide as its longest label or figure.

    ``shown``: the rows printed (all of the view's when None)."""
    labels = ["#", *view.players, "Plato", "Pajaritos"]
    rows = [
        [str(r.index), *(format_tantos(b) for b in r.bowls), format_tantos(r.plato), format_tantos(r.pajaritos)]
        for r in (view.rows if shown is None else shown)
    ]
    widths = [max([len(labels[i]), *(len(row[i]) for row in rows)]) for i in range(len(labels))]

    def line(cells: list[str]) -> str:
        return "  ".join(c.rjust(w) for c, w in zip(cells, widths, strict=True))

    return FigureGrid(line(labels), tuple(line(row) for row in rows))


def _check(kind: str) -> None:
    if kind not in KINDS:
        raise UnknownDocument(f"unknown document {kind!r} (one of: {', '.join(KINDS)})")


def document_filename(kind: str, view: SessionView | None) -> str:
    """A download name: ``report-2026-11-22.pdf``, or ``report.pdf`` without a date."""
    _check(kind)
    started = getattr(view, "started", None)
    return f"{kind}-{started:%Y-%m-%d}.pdf" if started is not None else f"{kind}.pdf"


#: a long evening's HTML report is paged (``render_html(..., page=n)``, the web's ``report.html?page=n``):
#: this many ledger lines a page, then a page for the settlement and the chart; each page under 40 KB
HTML_LINES = 40
#: the paged report's chart: a screen shows fewer points than A4 (and every point is bytes to send)
SCREEN_CHART = replace(PAGE, most_points=150)


@dataclass(frozen=True)
class Paging:
    """Which page of a paged HTML report this is: ledger pages first, then the settlement's."""

    page: int  # 1-based
    pages: int
    #: (page, first hand, last hand) of each ledger page, for the links between pages
    ledger_pages: tuple[tuple[int, int, int], ...]

    @property
    def settlement(self) -> bool:
        """This is the last page: the settlement and the chart."""
        return self.page == self.pages


def paging(ledger: PrintedLedger, page: int, per_page: int = HTML_LINES) -> tuple[Paging | None, slice]:
    """Which lines page ``page`` (1-based, brought within the pages) shows; no paging for a short ledger."""
    count = len(ledger.lines)
    if count <= per_page:
        return None, slice(0, count)
    ledger_pages = -(-count // per_page)
    page = min(max(page, 1), ledger_pages + 1)
    hand_of = ledger.lines.hand_of if isinstance(ledger.lines, LedgerLines) else (lambda j: j)
    spans = tuple((n + 1, hand_of(max(n * per_page, 1)) or 0, hand_of(min((n + 1) * per_page, count) - 1) or 0)
                  for n in range(ledger_pages))
    shown = slice((page - 1) * per_page, min(page * per_page, count)) if page <= ledger_pages else slice(0, 0)
    return Paging(page, ledger_pages + 1, spans), shown


def render_html(kind: str, view: SessionView, **extra: Any) -> str:
    """The document ``kind`` as a standalone HTML page (CSS inlined, print rules included)."""
    return _document(kind, view, Markup(stylesheet()), extra)


def render_report_page(view: SessionView, page: int, **extra: Any) -> str:
    """Page ``page`` (1-based) of the session report as HTML: the whole report for a short evening, one
    page of a long one's (:func:`paging`: :data:`HTML_LINES` ledger lines, or the settlement)."""
    return _document("report", view, Markup(stylesheet()), extra, page=page)


def chart_image(svg: str) -> Markup:
    """The chart's SVG as an ``<img>`` for WeasyPrint, the same drawing to the pixel.

    WeasyPrint draws an inline ``<svg>`` as an image too, but first its HTML parser (pure
    Python) reads every line and mark of it and the cascade styles each: as an image the
    SVG goes to the XML parser alone. The worked example's report takes an eighth fewer
    instructions. The page keeps the inline ``<svg>`` (its text can be selected and read)."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return Markup('<img class="bowl-chart" alt="{}" src="data:image/svg+xml;base64,{}">').format(
        gettext("Bowls across the session"), data)


def _document(kind: str, view: SessionView, css: Markup, extra: dict[str, Any], for_pdf: bool = False,
              page: int | None = None) -> str:
    """The document's HTML with ``css`` in its ``<style>`` (none for a PDF: it brings the CSS parsed);
    ``page``: that page of a paged report."""
    _check(kind)
    template = environment().get_template(f"games/tresillo/{kind}.html")
    ledger = ledger_lines(view, COMPACT_FROM, MOST_HANDS) if kind == "report" else None
    pages, shown = paging(ledger, page) if ledger is not None and page is not None else (None, slice(None))
    if ledger is not None:  # the lines printed, each said once
        ledger = replace(ledger, lines=tuple(ledger.lines[shown]))
    svg = ""
    if kind == "report" and (pages is None or pages.settlement):
        svg = bowl_chart(view.chart, frame=PAGE if pages is None else SCREEN_CHART)
    chart = chart_image(svg) if svg and for_pdf else Markup(svg)
    grid = figure_grid(view, [line.row for line in ledger.lines]) if ledger is not None else None
    return template.render(
        v=view,
        grid=grid,
        ledger=ledger,
        paging=pages,
        kind=kind,
        doc_title=gettext(TITLES[kind]),
        css=css,
        chart=chart,
        **extra,
    )


def render_pdf(kind: str, view: SessionView, **extra: Any) -> bytes:
    """The document ``kind`` as A4 PDF bytes (fonts embedded by WeasyPrint)."""
    return write_pdf(pdf_html(kind, view, **extra))


def pdf_html(kind: str, view: SessionView, **extra: Any) -> str:
    """The document's HTML as a PDF draws it: no CSS inlined (the PDF brings the documents' CSS parsed)."""
    return _document(kind, view, Markup(""), extra, for_pdf=True)


def html(kind: str, view: SessionView, page: int | None = None, **extra: Any) -> str:
    """The document ``kind`` as a page: the report paged when ``page`` is given (1-based), else whole."""
    if kind == "report" and page is not None:
        return render_report_page(view, page, **extra)
    return render_html(kind, view, **extra)


__all__ = ["KINDS", "TITLES", "UnknownDocument", "document_filename", "html", "ledger_lines", "pdf_html",
           "render_html", "render_pdf", "render_report_page"]
