"""Tresillo's printed documents, as the platform finds them (:func:`scorekeeper.games.views.documents_for`).

The session report, the paper and the settlement sheet (:mod:`.render`, templates in
``templates/games/tresillo/``), the bowl chart the report and the table screen draw (:mod:`.chart`),
and the command line's ``report``, ``paper`` and ``settlement`` (:mod:`.commands`). They print
through the platform's frame (:mod:`scorekeeper.reports`: the CSS, the fonts, the A4 PDF).
"""

from __future__ import annotations

from typing import Any

from ...views import Documents
from .chart import bowl_chart
from .render import KINDS, document_filename, html, pdf_html, render_pdf


def add_commands(sub: Any) -> None:
    """``report``, ``paper`` and ``settlement`` on the command line (loaded only then: they read session files)."""
    from .commands import add_document_commands

    add_document_commands(sub)


DOCUMENTS = Documents(kinds=KINDS, html=html, pdf=render_pdf, pdf_html=pdf_html, filename=document_filename,
                      chart=bowl_chart, add_commands=add_commands)
