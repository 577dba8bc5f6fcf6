"""The closed table: a settled paper is said settled (never owed), the share-out said once, one way to reopen."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest
from pypdf import PdfReader

from conftest import DATA

WORKED = (DATA / "worked_example.json").read_text()
#: the settlement's share-out sentence for the worked example with its paper settled
SHARE_OUT = "53 tantos are shared out"


def _session(app: Any, paper: str | None, *, ended_by_file: bool = False) -> str:
    """The worked example as a session of a new group, ended with ``paper`` (None: still open)."""
    from scorekeeper.games.tresillo import services

    data = json.loads(WORKED)
    if ended_by_file:
        data["end"] = {"paper": paper, "ended": True}
    with app.app_context():
        group = services.create_group("Closed table")
        gs = services.import_session(group, json.dumps(data))
        if paper is not None and not ended_by_file:
            services.end_session(gs, paper=paper, version=gs.version)
        return str(gs.token)


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _pdf_text(pdf: bytes) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())


def test_a_settled_paper_is_said_settled_once_with_one_reopen(app: Any, client: Any) -> None:
    token = _session(app, "settle")
    page = client.get(f"/s/{token}").get_data(as_text=True)
    text = _text(page)
    assert "Settled when the session ended: these reserved puestas were paid into the pot and shared out." in text
    # the debts that were on the paper are shown struck out, not as owed
    assert re.findall(r'<ul class="owing settled">.*?</ul>', page, re.S)
    assert '<ul class="owing">' not in page and "<b>22</b>" not in page
    assert text.count(SHARE_OUT) == 1
    # one way to reopen: the end's undo; no second "Reopen the session" button beside it
    assert text.count("Undo the end: reopen the session") == 1
    assert f'/s/{token}/reopen"' not in page
    # the settlement page the same
    end = client.get(f"/s/{token}/end").get_data(as_text=True)
    assert _text(end).count("reopen the session") + _text(end).count("Reopen the session") == 1


def test_a_kept_paper_is_still_owed(app: Any, client: Any) -> None:
    token = _session(app, "keep")
    page = client.get(f"/s/{token}").get_data(as_text=True)
    assert re.search(r'<ul class="owing">.*?West.*?<b>22</b>', page, re.S)
    assert "Settled when the session ended" not in page


def test_without_an_end_to_undo_the_closed_page_offers_reopen(app: Any, client: Any) -> None:
    """A session imported already ended has no end in its history to undo: the reopen button is there."""
    token = _session(app, "settle", ended_by_file=True)
    page = client.get(f"/s/{token}").get_data(as_text=True)
    assert "Undo the end" not in page
    assert _text(page).count("Reopen the session") == 1 and f'/s/{token}/reopen"' in page


@pytest.mark.parametrize("paper", ["settle", "keep", None])
def test_the_paper_pdf_says_how_the_paper_ended(app: Any, client: Any, paper: str | None) -> None:
    token = _session(app, paper)
    r = client.get(f"/s/{token}/paper.pdf")
    assert r.status_code == 200 and r.mimetype == "application/pdf"
    text = _pdf_text(r.data)
    if paper == "settle":
        assert "Reserved puestas settled when the session ended" in text
        assert "West 22 22 South 21 21" in text and "Total settled" in text
        assert "Settled tonight." in text
        assert "still owed" not in text and "Total owed" not in text
        assert "Kept by" not in text and "Next session" not in text
    else:
        assert "Reserved puestas still owed" in text and "Total owed" in text
        assert "West 22 22 South 21 21" in text
        assert "Kept by" in text and "Next session" in text
        assert "Settled tonight." not in text and "settled when the session ended" not in text
        assert ("Keep this sheet." in text) == (paper == "keep")
        assert ("The session is still open." in text) == (paper is None)
