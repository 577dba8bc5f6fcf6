"""The platform finds a game's own documents through the registry (issue 23), never by naming the game.

Tresillo's report, paper and settlement sheet live in ``games/tresillo/documents``; the platform keeps
the frame (``scorekeeper.reports``) and reaches them with ``games.views.documents_for``. A game without
a ``documents`` module prints the sheet every game has.
"""

from __future__ import annotations

import argparse

from scorekeeper.games import GAMES
from scorekeeper.games.tresillo import documents as tresillo_documents
from scorekeeper.games.tresillo.documents.render import KINDS, pdf_html, render_html, render_report_page
from scorekeeper.games.tresillo.views import CHART_POINTS, SessionView
from scorekeeper.games.views import documents_for
from scorekeeper.reports import add_document_commands, stylesheet
from scorekeeper.reports.chart import PAGE
from scorekeeper.reports.night import _sheet_html

from .conftest import WORKED


def test_tresillo_alone_has_documents_of_its_own() -> None:
    found = {name: documents_for(game) for name, game in GAMES.items()}
    assert found["tresillo"] is tresillo_documents.DOCUMENTS
    assert found["tresillo"].kinds == KINDS == ("report", "paper", "settlement")
    assert [name for name, documents in found.items() if documents is not None] == ["tresillo"]
    assert len(found) >= 11


def test_the_hooks_pages_are_the_documents_pages(worked_view: SessionView) -> None:
    """``html`` pages the report only when asked for a page; the paper and the settlement are never paged."""
    documents = documents_for(GAMES["tresillo"])
    assert documents is not None
    assert documents.html("report", worked_view) == render_html("report", worked_view)
    assert documents.html("report", worked_view, page=1) == render_report_page(worked_view, 1)
    assert documents.html("paper", worked_view, page=3) == render_html("paper", worked_view)
    assert documents.filename("settlement", worked_view).startswith("settlement")
    assert documents.chart is not None and 'class="bowl-chart"' in documents.chart(worked_view.chart)


def test_the_evenings_pdf_takes_tresillos_part_through_the_registry(worked_view: SessionView) -> None:
    html = _sheet_html("tresillo", "settlement", worked_view)
    assert html == pdf_html("settlement", worked_view)
    rule = stylesheet().strip().splitlines()[-1]
    assert rule not in html and rule in render_html("settlement", worked_view)  # the PDF brings the CSS parsed
    assert "Settlement sheet" in html and "North" in html


def test_the_command_line_gets_the_documents_commands_once() -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command")
    add_document_commands(sub)
    assert set(sub.choices) == set(KINDS)
    args = parser.parse_args(["paper", str(WORKED), "-o", "out.pdf"])
    assert args.command == "paper" and args.output == "out.pdf"


def test_the_view_model_samples_no_more_points_than_the_page_draws() -> None:
    assert PAGE.most_points == CHART_POINTS
