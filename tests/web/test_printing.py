"""PDFs drawn one at a time per server and kept (scorekeeper/web/printing.py), through the test client.

The real server under twelve PDFs at once is tests/web/test_heavy.py; here:
a kept PDF is sent again without drawing, a saved hand makes a new one, a
busy server says 429 in words (es, fr, it) with Retry-After, and the cache
stays within its bytes.
"""

from __future__ import annotations

import fcntl
import os
from dataclasses import replace
from pathlib import Path

import pytest

from conftest import Browser, gen_group, gen_hand, gen_session
from scorekeeper.games.tresillo import documents
from scorekeeper.web.printing import Busy, Printer


@pytest.fixture
def drawn(monkeypatch):
    """Every PDF drawn by the real WeasyPrint, counted (the web finds Tresillo's documents through the registry)."""
    calls: list[str] = []
    real = documents.DOCUMENTS.pdf

    def counting(kind, view, **extra):
        calls.append(kind)
        return real(kind, view, **extra)

    monkeypatch.setattr(documents, "DOCUMENTS", replace(documents.DOCUMENTS, pdf=counting))
    return calls


def _table(browser: Browser, hands: list[dict]) -> str:
    """A session of the worked example's players with its first hand saved."""
    token = gen_session(browser, gen_group(browser))
    gen_hand(browser, token, hands[0])
    return token


def _watch(app, token: str) -> str:
    from scorekeeper.db import db
    from scorekeeper.models import GameSession

    with app.app_context():
        gs = db.session.query(GameSession).filter_by(token=token).one()
        return str(gs.watch_token)


def test_a_kept_pdf_is_sent_again_without_drawing_and_a_saved_hand_draws_anew(app, browser, drawn, worked_example):
    token = _table(browser, worked_example["hands"])
    first = browser.get(f"/s/{token}/report.pdf")
    again = browser.get(f"/s/{token}/report.pdf")
    assert first.status_code == again.status_code == 200 and first.data.startswith(b"%PDF")
    assert again.data == first.data and drawn == ["report"]
    # another language or kind is another document
    assert browser.get(f"/s/{token}/report.pdf?lang=es").status_code == 200
    assert browser.get(f"/s/{token}/settlement.pdf").status_code == 200
    assert drawn == ["report", "report", "settlement"]
    # a hand saved: the session's version moved, the kept report is not sent
    gen_hand(browser, token, worked_example["hands"][1])
    later = browser.get(f"/s/{token}/report.pdf")
    assert later.status_code == 200 and later.data != first.data and drawn[-1] == "report" and len(drawn) == 4


@pytest.mark.parametrize("language, words", [
    ("en", "printing another PDF just now"),
    ("es", "imprimiendo otro PDF"),
    ("fr", "imprime un autre PDF"),
    ("it", "stampando un altro PDF"),
])
def test_a_pdf_while_another_is_drawn_is_429_in_words_with_retry_after(app, browser, drawn, worked_example, language, words):
    """Another worker of the server holds the one drawing slot (its lock file): the watch link is told
    to come back, in the phone's language; the table's pages are answered as usual."""
    token = _table(browser, worked_example["hands"])
    watch = _watch(app, token)
    slot = Path(app.instance_path) / "pdf-slots" / "slot-0.lock"
    slot.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(slot, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as another worker process drawing a PDF
        browser.get(f"/language/{language}")  # the spectator's phone chose its language
        r = browser.get(f"/w/{watch}/report.pdf")
        assert r.status_code == 429, r.status_code
        assert 1 <= int(r.headers["Retry-After"]) <= 60
        assert words in r.get_data(as_text=True) and r.mimetype == "text/html"
        assert drawn == []
        assert browser.get(f"/s/{token}").status_code == 200
        assert browser.get(f"/w/{watch}/report.html").status_code == 200  # HTML is not drawn by WeasyPrint
    finally:
        os.close(fd)  # the other worker is done
    r = browser.get(f"/w/{watch}/report.pdf")
    assert r.status_code == 200 and r.data.startswith(b"%PDF") and drawn == ["report"]


def test_the_kept_pdfs_stay_within_their_bytes_oldest_out_first(tmp_path):
    printer = Printer(tmp_path / "slots", slots=1, cache_bytes=250)
    drawn: list[str] = []

    def draw(name: str, size: int):
        def make() -> tuple[str, bytes]:
            drawn.append(name)
            return name, b"x" * size
        return make

    key = lambda n: ("tok", 1, "en", n, "digest")  # noqa: E731
    for name in ("a", "b"):
        printer.pdf(key(name), draw(name, 100))
    printer.pdf(key("a"), draw("a", 100))  # kept: a is now the newest
    printer.pdf(key("c"), draw("c", 100))  # 300 > 250: b, the oldest, goes
    printer.pdf(key("a"), draw("a", 100))
    printer.pdf(key("b"), draw("b", 100))
    printer.pdf(key("big"), draw("big", 300))  # larger than the whole cache: sent, never kept
    printer.pdf(key("big"), draw("big", 300))
    assert drawn == ["a", "b", "c", "b", "big", "big"]


def test_the_same_pdf_asked_while_it_is_drawn_is_busy_not_drawn_twice(tmp_path):
    printer = Printer(tmp_path / "slots", slots=2, cache_bytes=1000)
    key = ("tok", 1, "en", "report", "digest")
    told: list[int] = []

    def draw() -> tuple[str, bytes]:
        try:
            printer.pdf(key, draw)  # the same document asked again while it is being drawn
        except Busy as busy:
            told.append(busy.seconds)
        return "r.pdf", b"%PDF"

    assert printer.pdf(key, draw) == ("r.pdf", b"%PDF")
    assert told == [2]  # the first Retry-After: 2 s until a PDF has been timed
