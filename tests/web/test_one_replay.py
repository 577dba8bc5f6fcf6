"""Each request replays the session at most once: pages, hand posts, previews, edits, deletions, the end;
and a session is replayed once per change, not once per request (the replay cache).

The engine's :class:`Table` is counted as it is built (a fork of a replayed
table is not a new replay: it copies the rows, it does not play them again).
Before, an edit post replayed the session four times.
"""

from __future__ import annotations

import pytest

from conftest import field_value, gen_group, gen_hand, gen_session, hand_fields
from scorekeeper.games.tresillo.engine import Table
from scorekeeper.services.replays import CACHE

PLAYERS = ("North", "West", "South", "East")


@pytest.fixture
def replays(monkeypatch):
    """How many tables the requests since the last reset built (each one a replay from the start)."""
    built: list[int] = []
    real = Table.__init__

    def counting(self, *args, **kwargs):
        built.append(1)
        real(self, *args, **kwargs)

    monkeypatch.setattr(Table, "__init__", counting)
    return built


@pytest.fixture
def table(browser, worked_example):
    token = gen_session(browser, gen_group(browser))
    for hand in worked_example["hands"][:6]:
        gen_hand(browser, token, hand)
    return token


def test_every_page_and_post_replays_once(browser, table, worked_example, replays):
    hand7 = worked_example["hands"][6]
    hand2 = worked_example["hands"][1]

    def once(method, url, data=None, status=(200, 302), at_most=False):
        CACHE.clear()  # each request as if it were the first since the last change
        replays.clear()
        r = browser.get(url) if method == "get" else browser.post(url, data)
        assert r.status_code in status, (url, r.status_code)
        assert len(replays) == 1 or at_most and not replays, (method, url, len(replays))
        return r

    for url in (f"/s/{table}", f"/s/{table}/hand", f"/s/{table}/hands", f"/s/{table}/hands/2/edit",
                f"/s/{table}/end", f"/s/{table}/report.html", f"/s/{table}/ledger.csv"):
        once("get", url)
    page = browser.get(f"/s/{table}/hand").get_data(as_text=True)
    new = {**hand_fields(hand7, PLAYERS), "idem_key": field_value(page, "idem_key"),
           "number": field_value(page, "number")}
    once("post", f"/s/{table}/preview", new)
    once("post", f"/s/{table}/preview?edit=2", hand_fields(hand2, PLAYERS))
    once("post", f"/s/{table}/hand", {**new, "contract": "grand"}, status=(400,))
    once("post", f"/s/{table}/hand", new)
    edit = browser.get(f"/s/{table}/hands/2/edit").get_data(as_text=True)
    changed = {**hand_fields({**hand2, "tricks": {"North": 5, "South": 3, "East": 1}}, PLAYERS),
               "version": field_value(edit, "version")}
    r = once("post", f"/s/{table}/hands/2/edit", changed)
    assert "Hand 2 fixed" in r.get_data(as_text=True)
    # fixing the evening: each preview and each confirmation replays once too
    page = once("get", f"/s/{table}/hands/7/delete").get_data(as_text=True)
    confirm = {k: field_value(page, k) for k in ("change", "version", "key")}
    r = once("post", f"/s/{table}/hands/7/delete", confirm)
    assert "Hand 7 deleted" in r.get_data(as_text=True)
    table_page = browser.get(f"/s/{table}").get_data(as_text=True)
    once("post", f"/s/{table}/undo", {"seq": field_value(table_page, "seq"), "key": field_value(table_page, "key")})
    for url in (f"/s/{table}/hands/3", f"/s/{table}/hands/insert/3"):
        once("get", url)
    for url in (f"/s/{table}/hands/3/dealer", f"/s/{table}/hands/3/seating", f"/s/{table}/history"):
        once("get", url, at_most=True)  # the recorded dealers and the log: no replay needed
    page = once("post", f"/s/{table}/hands/3/dealer", {"dealer": "West"}).get_data(as_text=True)
    assert "This change cannot be made" in page  # South's penetro: only the dealer plays it
    hand3 = hand_fields(worked_example["hands"][2], PLAYERS)
    page = once("post", f"/s/{table}/hands/insert/3", hand3).get_data(as_text=True)
    confirm = {k: field_value(page, k) for k in ("change", "version", "key")}
    r = once("post", f"/s/{table}/change", confirm)
    assert "A hand inserted as hand 3" in r.get_data(as_text=True)


def test_pages_replay_once_per_change(browser, table, worked_example, replays):
    """The second look at any page, and the pages after a saved hand, replay nothing: the state of
    each version is kept; an edit (a new version) replays once, and then no more."""
    pages = (f"/s/{table}", f"/s/{table}/hand", f"/s/{table}/hands", f"/s/{table}/end", f"/s/{table}/report.html")
    for url in pages:
        browser.get(url)
    replays.clear()
    for url in pages:
        assert browser.get(url).status_code == 200
    assert not replays, "a page replayed a session that had not changed"
    page = browser.get(f"/s/{table}/hand").get_data(as_text=True)
    new = {**hand_fields(worked_example["hands"][6], PLAYERS), "idem_key": field_value(page, "idem_key"),
           "number": field_value(page, "number")}
    assert browser.post(f"/s/{table}/hand", new).status_code == 302
    for url in pages:
        assert browser.get(url).status_code == 200
    assert not replays, "saving a hand replayed the evening instead of playing one hand"
    hand2 = worked_example["hands"][1]
    edit = browser.get(f"/s/{table}/hands/2/edit").get_data(as_text=True)
    replays.clear()
    changed = {**hand_fields({**hand2, "tricks": {"North": 5, "South": 3, "East": 1}}, PLAYERS),
               "version": field_value(edit, "version")}
    assert browser.post(f"/s/{table}/hands/2/edit", changed).status_code == 200
    for url in pages:
        assert browser.get(url).status_code == 200
    assert len(replays) <= 2, replays  # the edit's own (from hand 2), then the new version's once
