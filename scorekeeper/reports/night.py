"""The evening's report as one PDF: a summary page (each game's result, the one settlement, the paper
carried), then each game's own part: the document a game prints for the evening (Tresillo's settlement
sheet, found through the registry), or the printed sheet every game has (:mod:`scorekeeper.reports.games`)."""

from __future__ import annotations

import gc
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from markupsafe import Markup

from ..games import GAMES
from ..games.views import documents_for
from ..i18n import gettext
from . import _asset_root, _font_config, _parsed_stylesheet, environment

if TYPE_CHECKING:  # pragma: no cover
    from ..services.games import GameView
    from ..services.night import NightPage

#: a game's part: (its game's name, the document kind, its view); kind ``"game"`` is the sheet every game has
Sheet = tuple[str, str, Any]


def night_html(group: str, page: NightPage, css: str = "", nonce: str = "") -> str:
    """The summary page's HTML with ``css`` in its ``<style>`` (none for the PDF: it brings the CSS parsed)."""
    return environment().get_template("report/night.html").render(
        group=group, page=page, doc_title=gettext("The evening"), css=Markup(css), nonce=nonce)


def _sheet_html(game: str, kind: str, view: Any) -> str:
    """One game's part as the PDF draws it (the CSS comes parsed, not inlined)."""
    documents = documents_for(GAMES[game]) if kind != "game" else None
    if documents is None:
        from .games import sheet_pdf_html

        return sheet_pdf_html(cast("GameView", view))
    return documents.pdf_html(kind, view)


def render_night_pdf(group: str, page: NightPage, sheets: Sequence[Sheet]) -> bytes:
    """One A4 PDF: the summary page first, then each sheet's pages, in the order the games were played."""
    from weasyprint import HTML

    paused = gc.isenabled()
    gc.disable()  # as in render_pdf: the boxes all live until the end
    try:
        with _font_config() as fonts:
            def drawn(html: str) -> Any:
                return HTML(string=html, base_url=str(_asset_root("static"))).render(
                    stylesheets=[_parsed_stylesheet()], font_config=fonts)

            documents = [drawn(night_html(group, page))]
            documents += [drawn(_sheet_html(game, kind, view)) for game, kind, view in sheets]
            pdf = documents[0].copy([p for d in documents for p in d.pages]).write_pdf()
    finally:
        if paused:
            gc.enable()
    assert pdf is not None
    return bytes(pdf)
