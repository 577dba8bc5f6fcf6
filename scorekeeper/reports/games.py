"""The printed sheet of a game of the registry: one HTML page, the same as A4 PDF.

It lays out the view the table screen shows (:class:`scorekeeper.services.games.GameView`): the
players, the options and the stake, each deal in one line with the running scores, the ending and
the money in the fewest payments. The frame (fonts, page, footer) is the documents' own
(``static/report.css``), drawn by WeasyPrint as the Tresillo documents are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from markupsafe import Markup

from . import environment, stylesheet, write_pdf

if TYPE_CHECKING:  # pragma: no cover
    from ..services.games import GameView

#: from this many score columns on, the sheet is printed across the page (A4 landscape)
WIDE_FROM = 6


def sheet_filename(view: GameView) -> str:
    """A download name: ``rovescino-2026-11-22.pdf``."""
    name = view.spec.name
    return f"{name}-{view.started:%Y-%m-%d}.pdf" if view.started is not None else f"{name}.pdf"


def _html(view: GameView, css: Markup, nonce: str) -> str:
    template = environment().get_template("games/sheet.html")
    return template.render(v=view, css=css, nonce=nonce, wide=len(view.scores) >= WIDE_FROM, dict=dict)


def render_sheet_html(view: GameView, nonce: str = "") -> str:
    """The sheet as a standalone page (its CSS inlined, print rules included)."""
    return _html(view, Markup(stylesheet()), nonce)


def sheet_pdf_html(view: GameView) -> str:
    """The sheet's HTML as a PDF draws it: no CSS inlined (the PDF brings the documents' CSS parsed)."""
    return _html(view, Markup(""), "")


def render_sheet_pdf(view: GameView) -> bytes:
    """The sheet as A4 PDF bytes (fonts embedded by WeasyPrint)."""
    return write_pdf(sheet_pdf_html(view))
