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
    assert r.status_code == 302 and "Hand 2 fixed" in browser.get(r.headers["Location"]).get_data(as_text=True)
    # fixing the evening: each preview and each confirmation replays once too
    page = once("get", f"/s/{table}/hands/7/delete").get_data(as_text=True)
    confirm = {k: field_value(page, k) for k in ("change", "version", "key")}
    r = once("post", f"/s/{table}/hands/7/delete", confirm)
    assert r.status_code == 302 and "Hand 7 deleted" in browser.get(r.headers["Location"]).get_data(as_text=True)
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
    assert r.status_code == 302 and "A hand inserted as hand 3" in browser.get(r.headers["Location"]).get_data(as_text=True)


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
    assert browser.post(f"/s/{table}/hands/2/edit", changed).status_code == 302
    for url in pages:
        assert browser.get(url).status_code == 200
    assert len(replays) <= 2, replays  # the edit's own (from hand 2), then the new version's once


def test_a_save_plays_its_hand_once(browser, table, worked_example, monkeypatch):
    """Saving a hand reads, stakes and scores it once (it was done for a preview, then again for the cache)."""
    planned: list[int] = []
    real = Table.plan_hand

    def counting(self, deal, hand):
        planned.append(hand)
        return real(self, deal, hand)

    browser.get(f"/s/{table}")  # the version before the save is kept
    page = browser.get(f"/s/{table}/hand").get_data(as_text=True)
    new = {**hand_fields(worked_example["hands"][6], PLAYERS), "idem_key": field_value(page, "idem_key"),
           "number": field_value(page, "number")}
    monkeypatch.setattr(Table, "plan_hand", counting)
    assert browser.post(f"/s/{table}/hand", new).status_code == 302
    assert len(planned) == 1 and planned[0].dealer is not None  # played as stored: its dealer recorded
    for url in (f"/s/{table}", f"/s/{table}/hand"):
        assert browser.get(url).status_code == 200
    assert len(planned) == 1, "a page after the save played a hand again"


def _made_elsewhere(token: str) -> None:
    """Forget this worker's replay of the session's newest version, as if the other worker had made it."""
    newest = max(version for kept, version in CACHE.keys() if kept == token)
    CACHE.forget((token, newest))


def test_a_version_made_by_the_other_worker_is_caught_up(browser, app, table, worked_example, replays):
    """A worker that meets a version the other worker saved plays the added hand on the replay it kept
    (no replay of the evening), and what it serves is the fresh replay of the stored hands; after an edit
    it replays the evening once."""
    from scorekeeper.db import db
    from scorekeeper.games.tresillo import services
    from scorekeeper.games.tresillo.engine import load_session, replay
    from scorekeeper.games.tresillo.services.replays import session_dict

    browser.get(f"/s/{table}")
    token = table
    for hand in worked_example["hands"][6:8]:
        page = browser.get(f"/s/{token}/hand").get_data(as_text=True)
        new = {**hand_fields(hand, PLAYERS), "idem_key": field_value(page, "idem_key"),
               "number": field_value(page, "number")}
        assert browser.post(f"/s/{token}/hand", new).status_code == 302
        _made_elsewhere(token)
    replays.clear()
    for url in (f"/s/{token}", f"/s/{token}/hand", f"/s/{token}/hands"):
        assert browser.get(url).status_code == 200
    assert not replays, "a version the other worker made replayed the evening"
    with app.app_context():
        gs = services.find_session(token)
        fresh = replay(load_session(session_dict(gs)))
        assert len(fresh.results) == 8 and services.ledger_for(gs) == fresh
        assert services.entry_for(gs).table.rows == fresh.rows
        db.session.remove()
    hand2 = worked_example["hands"][1]
    edit = browser.get(f"/s/{token}/hands/2/edit").get_data(as_text=True)
    changed = {**hand_fields({**hand2, "tricks": {"North": 5, "South": 3, "East": 1}}, PLAYERS),
               "version": field_value(edit, "version")}
    assert browser.post(f"/s/{token}/hands/2/edit", changed).status_code == 302
    _made_elsewhere(token)
    replays.clear()
    assert browser.get(f"/s/{token}").status_code == 200
    assert len(replays) == 1, "an edit since the kept replay: the evening is replayed, not caught up"
    with app.app_context():
        gs = services.find_session(token)
        assert services.ledger_for(gs) == replay(load_session(session_dict(gs)))
        db.session.remove()


def test_the_session_view_is_built_once_per_version_and_language(browser, table, worked_example, monkeypatch):
    """The table screen and the hands list show one session view per version and language: built once,
    kept with the replay, built again for a new version or another language. The hand form builds none:
    it shows the next hand (the ledger's own) and the rules, not the evening's settlement."""
    from scorekeeper.games.tresillo import views as viewmodel
    from scorekeeper.games.tresillo.services import views

    built: list[int] = []
    real = viewmodel.build_view

    def counting(*args, **kwargs):
        built.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(views, "build_view", counting)
    assert browser.get(f"/s/{table}/hand").status_code == 200
    assert built == []  # the hand form alone, on a version nothing was drawn for yet
    pages = (f"/s/{table}", f"/s/{table}/hand", f"/s/{table}/hands")
    for url in pages:
        assert browser.get(url).status_code == 200
    assert len(built) == 2  # the table screen's (the paper settled as if now) and the paper as the session says
    for url in pages:
        assert browser.get(url).status_code == 200
    assert len(built) == 2
    browser.client.get("/language/es")
    spanish = browser.get(f"/s/{table}").get_data(as_text=True)
    assert len(built) == 3 and 'lang="es"' in spanish
    gen_hand(browser, table, worked_example["hands"][6])  # its form and its save build no view
    assert len(built) == 3
    for url in pages:
        assert browser.get(url).status_code == 200
    assert len(built) == 5  # the new version's two


def test_the_hand_form_copies_no_table(browser, table, worked_example, monkeypatch):
    """Opening the hand form reads the cached replay and copies nothing: a WTForms form lives until the
    garbage collector finds it (its fields point back at it), and a copied table rode along, rows and all.
    Saving plays the hand on one table of its own (the one kept for the next version)."""
    forks: list[int] = []
    real = Table.fork

    def counting(self):
        forks.append(1)
        return real(self)

    browser.get(f"/s/{table}/hand")  # the replay of this version, kept
    monkeypatch.setattr(Table, "fork", counting)
    page = browser.get(f"/s/{table}/hand")
    assert page.status_code == 200 and forks == []
    edit = browser.get(f"/s/{table}/hands/2/edit")  # a hand being fixed: its own table, replayed for it
    assert edit.status_code == 200 and forks == []
    gen_hand(browser, table, worked_example["hands"][6])  # its form, then its save
    assert forks == [1]


def test_the_table_pages_are_compiled_before_the_workers_fork(app, browser, table, monkeypatch):
    """gunicorn's master compiles the table's pages (serving.compile_table_pages): no worker's first
    table screen or hand form compiles a template."""
    from scorekeeper.serving import compile_table_pages

    app.jinja_env.cache.clear()
    compile_table_pages(app)
    compiled: list[str] = []
    real = app.jinja_env.compile

    def counting(source, name=None, filename=None, *args, **kwargs):
        compiled.append(name)
        return real(source, name, filename, *args, **kwargs)

    monkeypatch.setattr(app.jinja_env, "compile", counting)
    for url in (f"/s/{table}", f"/s/{table}/hand"):
        assert browser.get(url).status_code == 200
    assert compiled == []
    app.jinja_env.cache.clear()
    assert browser.get(f"/s/{table}/hand").status_code == 200
    assert "games/tresillo/pages/hand.html" in compiled  # the counting sees a compilation when there is one


def test_two_hand_forms_of_a_new_version_replay_it_once(app, browser, table, monkeypatch):
    """Two threads opening the hand form of a version their worker has not replayed: one replays it,
    the other waits for it (services.replayed's lock), as the table screen's phones do."""
    import threading
    import time

    from scorekeeper.db import db
    from scorekeeper.games.tresillo import services
    from scorekeeper.games.tresillo.services import replays as replays_module

    made: list[int] = []
    real = replays_module._replay

    def slow(gs, number, *keep):
        made.append(1)
        time.sleep(0.2)  # long enough for the other thread to arrive meanwhile
        return real(gs, number, *keep)

    monkeypatch.setattr(replays_module, "_replay", slow)
    CACHE.clear()
    numbers: list[int] = []

    def open_form() -> None:
        with app.app_context():
            numbers.append(services.entry_for(services.find_session(table)).number)
            db.session.remove()

    threads = [threading.Thread(target=open_form) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert numbers == [7, 7] and made == [1]
