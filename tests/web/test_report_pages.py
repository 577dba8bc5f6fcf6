"""The HTML report of a long evening is served a page at a time (``report.html?page=n``), each under 40 KB."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from scorekeeper.games.tresillo.engine import dump_session

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from reports.conftest import gen_session  # noqa: E402  (the long evening of the report tests)


def imported(app, hands: int) -> str:
    """A stored session of ``hands`` generated hands (imported like a session file); its token."""
    from scorekeeper.db import db
    from scorekeeper.games.tresillo import services

    with app.app_context():
        group = services.create_group("Long table")
        token = services.import_session(group, json.dumps(dump_session(gen_session(hands)))).token
        db.session.remove()
    return token


def test_a_long_report_is_paged(app, client) -> None:
    token = imported(app, 120)  # compact: the start row and 120 hands, 121 lines: 4 pages, then the settlement
    first = client.get(f"/s/{token}/report.html")
    assert first.status_code == 200
    html = first.get_data(as_text=True)
    assert "this report is on 5 pages, page 1 is shown" in html
    links = re.findall(r'<a href="\?page=(\d+)">([^<]+)</a>', html)
    assert links == [("2", "Hands 40 to 79"), ("3", "Hands 80 to 119"), ("4", "Hands 120 to 120"),
                     ("5", "The settlement")]
    assert '<b aria-current="page">Hands 1 to 39</b>' in html
    rows: list[str] = []
    for page in range(1, 6):
        r = client.get(f"/s/{token}/report.html?page={page}")
        assert r.status_code == 200 and len(r.get_data()) <= 40 * 1024
        text = r.get_data(as_text=True)
        rows += re.findall(r'<td class="figs">\s*(\d+) ', text)
        assert ('<section class="settlement"' in text) == (page == 5)
    assert rows == ["0", *(str(2 * h) for h in range(1, 121))]  # every hand's row once, in order
    # a page out of range, or not a number, is the nearest page, never an error
    def page(query: str) -> str:  # the page without its CSP nonce (new on every request)
        return re.sub(r'nonce="[^"]+"', "", client.get(f"/s/{token}/report.html{query}").get_data(as_text=True))

    assert page("?page=99") == page("?page=5") and page("?page=0") == page("")
    assert client.get(f"/s/{token}/report.html?page=x").status_code == 200
    # the PDF is whole
    assert client.get(f"/s/{token}/report.pdf").status_code == 200
