"""Limits, with clear messages: hands per session, players per group, and the rate of new groups and imports."""

from __future__ import annotations

import json
import threading

import pytest
from sqlalchemy import func, select

from conftest import Browser, gen_group, gen_session, hand_fields, migrated_app
from scorekeeper.db import db
from scorekeeper.models import GameSession, Group, HandRecord, Player
from scorekeeper.services import limits


def counts(app) -> tuple[int, int, int, int]:
    with app.app_context():
        got = tuple(db.session.scalar(select(func.count()).select_from(m)) for m in (Group, Player, GameSession,
                                                                                     HandRecord))
        db.session.remove()
    return got  # type: ignore[return-value]


def test_an_import_over_the_hand_limit_is_refused_before_it_is_read(app, browser, worked_example, monkeypatch):
    g = gen_group(browser)
    hands = worked_example["hands"]
    big = dict(worked_example, hands=[hands[i % len(hands)] for i in range(limits.SESSION_HANDS + 1)])

    def no_work(*_a, **_k):
        raise AssertionError("the file was read hand by hand")

    monkeypatch.setattr("scorekeeper.games.tresillo.services.files.load_session", no_work)
    before = counts(app)
    browser.get(f"/g/{g}/import")
    r = browser.post(f"/g/{g}/import", {"text": json.dumps(big)})
    assert r.status_code == 400
    most = limits.SESSION_HANDS
    assert f"This file has {most + 1} hands; a session holds at most {most}." in r.get_data(as_text=True)
    assert counts(app) == before


def test_a_full_session_refuses_one_more_hand_saying_so(app, browser, worked_example, monkeypatch):
    monkeypatch.setattr(limits, "SESSION_HANDS", 2)
    g = gen_group(browser)
    s = gen_session(browser, g)
    players = ["North", "West", "South", "East"]
    for hand in worked_example["hands"][:2]:
        browser.get(f"/s/{s}/hand")
        assert browser.post(f"/s/{s}/hand", hand_fields(hand, players)).status_code == 302
    browser.get(f"/s/{s}/hand")
    before = counts(app)
    r = browser.post(f"/s/{s}/hand", hand_fields(worked_example["hands"][2], players))
    assert r.status_code == 400
    assert "A session holds at most 2 hands, and this one is full." in r.get_data(as_text=True)
    assert counts(app) == before
    # inserting a forgotten hand is refused the same way, in its preview (no button to confirm it)
    assert browser.get(f"/s/{s}/hands/insert/1").status_code == 200
    r = browser.post(f"/s/{s}/hands/insert/1", hand_fields(worked_example["hands"][2], players))
    page = r.get_data(as_text=True)
    assert r.status_code == 200 and "This change cannot be made: A session holds at most 2 hands" in page
    assert 'id="confirm"' not in page
    assert counts(app) == before


def test_a_group_keeps_at_most_its_players(app, browser):
    g = gen_group(browser, players=[f"P{i}" for i in range(limits.GROUP_PLAYERS)])
    before = counts(app)
    r = browser.post(f"/g/{g}/players", {"name": "One too many"})
    assert r.status_code == 400
    assert "A group keeps at most 30 players, retired ones included." in r.get_data(as_text=True)
    assert counts(app) == before


def test_phones_adding_players_at_once_stop_at_the_limit(app, browser):
    """Eight phones add a player at the same moment to a group four short of the limit: four get in, the
    other four are told the limit (two phones never both take the last place), nothing else is stored."""
    g = gen_group(browser, players=[f"P{i}" for i in range(limits.GROUP_PLAYERS - 4)])
    answers: list[tuple[int, str]] = []
    lock = threading.Lock()
    gate = threading.Barrier(8)

    def phone(i: int) -> None:
        b = Browser(app.test_client())
        b.get(f"/g/{g}")
        gate.wait(10)
        r = b.post(f"/g/{g}/players", {"name": f"Newcomer {i}"})
        with lock:
            answers.append((r.status_code, r.get_data(as_text=True)))

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(status for status, _ in answers) == [302] * 4 + [400] * 4
    assert all("A group keeps at most 30 players" in body for status, body in answers if status == 400)
    assert counts(app)[1] == limits.GROUP_PLAYERS


def test_an_import_bringing_too_many_players_is_refused(app, browser, worked_example):
    g = gen_group(browser, players=[f"P{i}" for i in range(limits.GROUP_PLAYERS - 2)])
    before = counts(app)
    browser.get(f"/g/{g}/import")
    r = browser.post(f"/g/{g}/import", {"text": json.dumps(worked_example)})  # four players the group lacks
    assert r.status_code == 400 and "at most 30 players" in r.get_data(as_text=True)
    assert counts(app) == before


@pytest.fixture
def limited(tmp_path):
    """The app as ./scripts/run serves it: rate limits on (the ``app`` fixture turns them off)."""
    return migrated_app(tmp_path / "limited.sqlite", "limits")


def test_a_burst_of_new_groups_is_refused_with_429_in_words(limited):
    app = limited
    client = app.test_client()
    browser = Browser(client)
    browser.get("/")
    made = [browser.post("/", {"name": f"Table {i}"}).status_code for i in range(12)]
    assert made == [302] * 10 + [429] * 2
    r = browser.post("/", {"name": "Table 13"})
    body = r.get_data(as_text=True)
    assert r.status_code == 429 and "at most 10 times a minute" in body and "nothing was made" in body
    assert int(r.headers["Retry-After"]) > 0
    assert counts(app)[0] == 10
    # another address is counted apart; reading pages is never limited
    other = client.post("/", data={"name": "Next door", "csrf_token": browser.token, "key": "next-door"},
                        environ_base={"REMOTE_ADDR": "192.0.2.7"})
    assert other.status_code == 302
    assert all(browser.get("/").status_code == 200 for _ in range(15))


def test_only_the_limited_posts_ask_the_limiter_for_their_limits(limited, monkeypatch):
    """Pages, polls and other posts are never limited, so they skip the limiter's look-up of limits (a cost on
    every request); the two limited posts still ask it, and are counted."""
    manager = limited.extensions["scorekeeper.limiter"].limit_manager
    asked: list[str | None] = []
    resolve = manager.resolve_limits
    monkeypatch.setattr(manager, "resolve_limits", lambda app, endpoint=None, *a, **k: (
        asked.append(endpoint), resolve(app, endpoint, *a, **k))[1])
    browser = Browser(limited.test_client())
    group = gen_group(browser)
    browser.get(f"/g/{group}")
    browser.get("/ping")
    assert set(asked) == {"groups.index"}  # creating the group, nothing else
    made = [browser.post("/", {"name": f"Table {i}"}).status_code for i in range(10)]
    assert made == [302] * 9 + [429]  # the group made above was counted


@pytest.mark.parametrize("language, words", [("es", "como mucho 20 veces por minuto"),
                                             ("fr", "au plus 20 fois par minute")])
def test_a_burst_of_imports_is_refused_in_the_phones_language(limited, worked_example, language, words):
    app = limited
    browser = Browser(app.test_client())
    g = gen_group(browser)
    browser.get(f"/g/{g}/import")
    statuses = [browser.post(f"/g/{g}/import", {"text": "{not json"}).status_code for _ in range(20)]
    assert statuses == [400] * 20
    r = browser.post(f"/g/{g}/import", {"text": json.dumps(worked_example)},
                     headers={"Accept-Language": language})
    assert r.status_code == 429 and words in r.get_data(as_text=True)
    assert counts(app)[2] == 0
