"""The printed sheet of a game of the registry: one HTML page, the same as A4 PDF.

It lays out the view the table screen shows (:class:`scorekeeper.services.games.GameView`): the
players, the options and the stake, each deal in one line with the running scores, the ending and
the money in the fewest payments. The frame (fonts, page, footer) is the documents' own
(``static/report.css``), drawn by WeasyPrint as the Tresillo documents are.
"""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING

from markupsafe import Markup

from . import _asset_root, _font_config, _parsed_stylesheet, environment, stylesheet

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


def render_sheet_pdf(view: GameView) -> bytes:
    """The sheet as A4 PDF bytes (fonts embedded by WeasyPrint)."""
    from weasyprint import HTML  # loading Pango is slow and only PDFs need it

    html = _html(view, Markup(""), "")
    paused = gc.isenabled()
    gc.disable()  # as for the reports: the boxes live until the end, the collector would walk them for nothing
    try:
        with _font_config() as fonts:
            pdf = HTML(string=html, base_url=str(_asset_root("static"))).write_pdf(
                stylesheets=[_parsed_stylesheet()], font_config=fonts)
    finally:
        if paused:
            gc.enable()
    assert pdf is not None
    return bytes(pdf)
