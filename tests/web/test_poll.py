"""The phones' poll every 3 seconds: an unchanged evening costs one indexed row, never its hands.

Each table screen asks "anything new?" every three seconds. The phone sends
the version it shows as ``If-None-Match``; while nothing changed the answer is
an empty 304 read from the session's row through its link's unique index.
Before this change (main c1fdf21) every poll cost three statements: the session, its group
and a count of its hands. The hands' own queries go through the index on
``hands(session_id, position)``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import event, text
from sqlalchemy.orm import Session as OrmSession

from conftest import Browser, gen_group, gen_hand, gen_session, migrated_app, served, templates_drawn
from scorekeeper import services
from scorekeeper.db import db

HANDS = [
    {"contract": "entrada", "declarer": "West", "tricks": {"West": 5, "South": 2, "East": 2}},
    {"contract": "entrada", "declarer": "South", "tricks": {"North": 2, "South": 5, "East": 2}},
]
TRANSACTION = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")


@contextmanager
def statements(app) -> Iterator[list[str]]:
    """The SQL statements the app sends while the block runs (transaction control left out)."""
    sent: list[str] = []

    def keep(_conn, _cursor, statement, *_rest) -> None:
        if not statement.lstrip().upper().startswith(TRANSACTION):
            sent.append(" ".join(statement.split()))

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", keep)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", keep)


def evening(browser, hands: int = 2) -> str:
    token = gen_session(browser, gen_group(browser))
    for hand in HANDS[:hands]:
        gen_hand(browser, token, hand)
    return token


def test_an_unchanged_poll_is_one_row_of_sessions(app, browser):
    token = evening(browser)
    full = browser.client.get(f"/s/{token}/version")
    assert full.status_code == 200 and full.get_json()["hands"] == 2
    tag = full.headers["ETag"]
    assert tag == f'"{full.get_json()["version"]}"'
    with statements(app) as sent:
        for _ in range(5):
            again = browser.client.get(f"/s/{token}/version", headers={"If-None-Match": tag})
            assert again.status_code == 304 and again.get_data() == b""
            assert again.headers["ETag"] == tag and again.headers["Cache-Control"] == "no-store"
    assert len(sent) == 5, sent
    assert all(s.startswith("SELECT sessions.version FROM sessions WHERE sessions.token =") for s in sent), sent


def test_an_unchanged_poll_opens_no_orm_session(app, browser):
    """The unchanged evening's poll reads its one row on a connection of its own: the request's ORM session,
    the dearer way to the database, is never begun (a poll that is answered in full begins it)."""
    token = evening(browser, hands=1)
    tag = browser.client.get(f"/s/{token}/version").headers["ETag"]
    begun: list[object] = []

    def keep(_session, _transaction, connection) -> None:
        begun.append(connection)

    event.listen(OrmSession, "after_begin", keep)
    try:
        for _ in range(3):
            assert browser.client.get(f"/s/{token}/version", headers={"If-None-Match": tag}).status_code == 304
        assert begun == []
        assert browser.client.get(f"/s/{token}/version", headers={"If-None-Match": '"0"'}).status_code == 200
        assert begun
    finally:
        event.remove(OrmSession, "after_begin", keep)


def test_a_changed_session_is_answered_in_full(app, browser):
    token = evening(browser, hands=1)
    tag = browser.client.get(f"/s/{token}/version").headers["ETag"]
    gen_hand(browser, token, HANDS[1])
    with statements(app) as sent:
        now = browser.client.get(f"/s/{token}/version", headers={"If-None-Match": tag})
    assert now.status_code == 200
    assert now.get_json()["hands"] == 2 and now.headers["ETag"] == f'"{now.get_json()["version"]}"' != tag
    # the full answer: the row, the session and its group (the page's language), the count of hands
    assert len(sent) <= 4 and any("FROM hands" in s for s in sent), sent


def test_the_watch_link_polls_the_same_way(app, browser):
    token = evening(browser, hands=1)
    with app.app_context():
        link = services.find_session(token).watch_token
    full = browser.client.get(f"/w/{link}/version")
    assert full.status_code == 200 and full.get_json()["hands"] == 1
    with statements(app) as sent:
        again = browser.client.get(f"/w/{link}/version", headers={"If-None-Match": full.headers["ETag"]})
    assert again.status_code == 304
    assert len(sent) == 1 and "sessions.watch_token =" in sent[0], sent


def test_a_link_that_opens_nothing_is_refused_whatever_tag_it_sends(app, browser):
    token = evening(browser, hands=0)
    tag = browser.client.get(f"/s/{token}/version").headers["ETag"]
    assert browser.client.get("/s/nope/version", headers={"If-None-Match": tag}).status_code == 404
    assert browser.client.get("/w/nope/version", headers={"If-None-Match": tag}).status_code == 404
    # a session link on the watch page (and the reverse) is refused as before, never answered 304
    assert browser.client.get(f"/w/{token}/version", headers={"If-None-Match": tag}).status_code == 403
    assert browser.client.get(f"/s/{token}/version", headers={"If-None-Match": '"999"'}).status_code == 200
    assert browser.client.get(f"/s/{token}/version", headers={"If-None-Match": "*"}).status_code == 304


def test_a_sessions_hands_in_order_come_from_the_index(app, browser):
    """The replay's query (hands of one session by position) is answered by ix_hands_session_position."""
    evening(browser)
    query = "SELECT data FROM hands WHERE session_id = 1 ORDER BY position"
    with app.app_context():
        with db.engine.connect() as conn:
            if conn.dialect.name == "sqlite":
                plan = " ".join(str(row[-1]) for row in conn.execute(text(f"EXPLAIN QUERY PLAN {query}")))
                assert "ix_hands_session_position" in plan and "TEMP B-TREE" not in plan, plan
            else:
                # two hands: the planner would rather read the table; asked to use an index, it needs no sort
                conn.execute(text("SET enable_seqscan = off"))
                conn.execute(text("SET enable_bitmapscan = off"))
                plan = " ".join(row[0] for row in conn.execute(text(f"EXPLAIN {query}")))
                assert "Index Scan using ix_hands_session_position" in plan and "Sort" not in plan, plan


@pytest.mark.browser
def test_a_table_screen_polls_with_its_version_and_reloads_when_a_hand_is_saved(chromium, tmp_path):
    """In Chromium: the screen's polls are answered 304 until another phone saves a hand, then it reloads."""
    app = migrated_app(tmp_path / "poll.sqlite", "poll")
    app.config.update(RATELIMIT_ENABLED=False)
    other = Browser(app.test_client())
    token = evening(other, hands=1)
    with served(app) as base:
        ctx = chromium.new_context(viewport={"width": 390, "height": 844})
        page = ctx.new_page()
        answers: list[int] = []
        page.on("response", lambda r: answers.append(r.status) if r.url.endswith("/version") else None)
        page.goto(f"{base}/s/{token}")
        assert page.text_content("#hand-number") == "2"
        page.wait_for_timeout(6500)  # two polls, nothing changed
        assert answers and set(answers) == {304}, answers
        gen_hand(other, token, HANDS[1])
        page.wait_for_function("() => document.getElementById('hand-number').textContent === '3'", timeout=10000)
        assert 200 in answers
        ctx.close()


def test_the_watch_page_is_drawn_once_a_version_for_every_spectator(app, browser):
    """Tresillo's watch page is served as every table screen is (web/screens.py): the spectators of one version
    take one drawing, each with its own time of drawing; a hand saved draws the next version, never the old one."""
    token = evening(browser, hands=1)
    with app.app_context():
        link = services.find_session(token).watch_token
    with templates_drawn(app) as drawn:
        pages = [browser.get(f"/w/{link}").get_data(as_text=True) for _ in range(3)]
        assert drawn.count("games/tresillo/pages/watch.html") == 1
        assert all(re.search(r'data-rendered="\d+"', p) for p in pages) and "hole-" not in "".join(pages)
        assert token not in pages[0] and f"/w/{link}/version" in pages[0]
        gen_hand(browser, token, HANDS[1])
        after = browser.get(f"/w/{link}").get_data(as_text=True)
        assert drawn.count("games/tresillo/pages/watch.html") == 2 and after != pages[0]
        assert 'id="hand-2"' in after or "Hand 2" in after
