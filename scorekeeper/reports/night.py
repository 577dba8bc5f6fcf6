"""The evening's report as one PDF: a summary page (each game's result, the one settlement, the paper
carried), then each game's own sheet where the game has one (Tresillo's settlement sheet today)."""

from __future__ import annotations

import gc
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from ..i18n import gettext
from . import _asset_root, _document, _font_config, _parsed_stylesheet, environment

if TYPE_CHECKING:  # pragma: no cover
    from ..games.tresillo.views import SessionView
    from ..services.night import NightPage

#: a game's own sheet: (document kind, its view)
Sheet = tuple[str, "SessionView"]


def night_html(group: str, page: NightPage, css: str = "", nonce: str = "") -> str:
    """The summary page's HTML with ``css`` in its ``<style>`` (none for the PDF: it brings the CSS parsed)."""
    return environment().get_template("report/night.html").render(
        group=group, page=page, doc_title=gettext("The evening"), css=Markup(css), nonce=nonce)


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
            documents += [drawn(_document(kind, view, Markup(""), {}, for_pdf=True)) for kind, view in sheets]
            pdf = documents[0].copy([p for d in documents for p in d.pages]).write_pdf()
    finally:
        if paused:
            gc.enable()
    assert pdf is not None
    return bytes(pdf)
