"""The cached replay is always the replay of the hands stored now (and the table screen's lines of the log
are those of the whole log).

Random evenings are changed through the pages as a table would (hands added,
fixed, deleted, inserted, undone, some of them refused), looking at pages in
between so the cache fills; after every step the state a page would be built
from (the cached ledger, the next hand's table) must equal a fresh replay of
the stored hands. And a replay is kept under the database's version, never
under a state that was not committed.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorekeeper.db import db
from scorekeeper.games.tresillo import services
from scorekeeper.games.tresillo.engine import Table, load_session, replay
from scorekeeper.games.tresillo.services.replays import session_dict
from scorekeeper.services.replays import CACHE
from tests.conftest import field_value, gen_group, gen_session, hand_fields

PLAYERS = ("North", "West", "South", "East")
#: (tricks of who plays, of the two others): wins, puestas and codillos
SPLITS = [(5, 2, 2), (6, 2, 1), (4, 3, 2), (3, 3, 3), (2, 5, 2), (3, 4, 2), (5, 4, 0)]
STEPS = st.lists(st.tuples(st.sampled_from(["add", "add", "add", "edit", "delete", "insert", "undo", "look"]),
                           st.integers(0, 10**6)), min_size=3, max_size=14)


def random_hand(rng: random.Random, active: tuple[str, ...]) -> dict:
    """A hand some of whose players are ``active`` (a hand that no longer fits is refused: fine too)."""
    declarer = rng.choice(active)
    others = [p for p in active if p != declarer]
    d, a, b = rng.choice(SPLITS)
    return {"contract": rng.choice(["entrada", "vuelta", "solo"]), "declarer": declarer,
            "tricks": {declarer: d, others[0]: a, others[1]: b}}


def fresh_and_cached(app, token: str) -> None:
    """The ledger and the next hand's table as served equal a replay of the stored hands from scratch."""
    with app.app_context():
        gs = services.find_session(token)
        assert gs is not None
        fresh = replay(load_session(session_dict(gs)))
        served = services.ledger_for(gs)
        assert served == fresh
        assert services.ledger_for(gs, end_paper="keep").settlement == replay(
            load_session(session_dict(gs, end_paper="keep"))).settlement
        entry = services.entry_for(gs)
        table = Table(fresh.setup).play_all(load_session(session_dict(gs)).hands)
        assert entry.upcoming == table.upcoming()
        assert entry.table.rows == table.rows
        kept = CACHE.get((gs.token, gs.version))
        assert kept is not None and kept.ledger == fresh
        # the table screen's few lines of the log are those of the whole log
        whole = services.history_view(gs)
        for line in whole.lines:
            part = services.recent_view(gs, line.seq)
            assert line in part.lines and part.undo == whole.undo
        assert services.recent_view(gs).undo == whole.undo
        db.session.remove()


def _active(app, token: str, number: int) -> tuple[str, ...]:
    with app.app_context():
        gs = services.find_session(token)
        ledger = services.ledger_for(gs)
        active = ledger.results[number - 1].active if number <= len(ledger.results) else ledger.upcoming.active
        db.session.remove()
        return tuple(active)


def step(browser, app, token: str, kind: str, seed: int) -> None:
    """One change (or a look at the pages) as a phone would make it."""
    rng = random.Random(seed)
    count = len(browser.client.get(f"/s/{token}/session.json").get_json()["hands"])
    number = rng.randint(1, count) if count else 1
    if kind == "look" or (count == 0 and kind in ("edit", "delete", "insert")):
        for url in (f"/s/{token}", f"/s/{token}/hands", f"/s/{token}/end"):
            assert browser.get(url).status_code == 200
    elif kind == "add":
        page = browser.get(f"/s/{token}/hand").get_data(as_text=True)
        data = {**hand_fields(random_hand(rng, _active(app, token, count + 1)), PLAYERS),
                "idem_key": field_value(page, "idem_key"), "number": field_value(page, "number")}
        assert browser.post(f"/s/{token}/hand", data).status_code in (302, 400)
    elif kind == "edit":
        page = browser.get(f"/s/{token}/hands/{number}/edit").get_data(as_text=True)
        data = {**hand_fields(random_hand(rng, _active(app, token, number)), PLAYERS),
                "version": field_value(page, "version")}
        assert browser.post(f"/s/{token}/hands/{number}/edit", data).status_code in (200, 302, 400, 409)
    elif kind == "delete":
        page = browser.get(f"/s/{token}/hands/{number}/delete").get_data(as_text=True)
        confirm = {k: field_value(page, k) for k in ("change", "version", "key")}
        assert browser.post(f"/s/{token}/hands/{number}/delete", confirm).status_code in (200, 302, 400, 409)
    elif kind == "insert":
        hand = hand_fields(random_hand(rng, _active(app, token, number)), PLAYERS)
        page = browser.post(f"/s/{token}/hands/insert/{number}", hand)
        if page.status_code == 200 and 'name="change"' in page.get_data(as_text=True):
            text = page.get_data(as_text=True)
            confirm = {k: field_value(text, k) for k in ("change", "version", "key")}
            assert browser.post(f"/s/{token}/change", confirm).status_code in (200, 302, 400, 409)
    elif kind == "undo":
        table = browser.get(f"/s/{token}").get_data(as_text=True)
        if 'name="seq"' in table:
            undo = {"seq": field_value(table, "seq"), "key": field_value(table, "key")}
            assert browser.post(f"/s/{token}/undo", undo).status_code in (200, 302, 400, 409)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(steps=STEPS)
def test_cached_state_is_a_fresh_replay(browser, app, steps):
    token = gen_session(browser, gen_group(browser))
    for kind, seed in steps:
        before = browser.client.get(f"/s/{token}/version").get_json()["version"]
        step(browser, app, token, kind, seed)
        after = browser.client.get(f"/s/{token}/version").get_json()["version"]
        event(f"{kind}: {'changed the session' if after != before else 'changed nothing'}")
        browser.get(f"/s/{token}")  # a page fills the cache for this version
        fresh_and_cached(app, token)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(steps=STEPS)
def test_a_version_the_other_worker_made_is_a_fresh_replay(browser, app, steps):
    """As above, but each change is served as if the other worker had made it: this worker kept only
    older versions, and catches up on them (hands added) or replays (anything else)."""
    token = gen_session(browser, gen_group(browser))
    browser.get(f"/s/{token}")
    for kind, seed in steps:
        step(browser, app, token, kind, seed)
        newest = browser.client.get(f"/s/{token}/version").get_json()["version"]
        CACHE.forget((token, newest))
        browser.get(f"/s/{token}")
        fresh_and_cached(app, token)


def test_an_uncommitted_change_is_never_kept(browser, app, worked_example):
    """A replay made inside a transaction that changed the session is not cached: it may roll back."""
    token = gen_session(browser, gen_group(browser))
    for hand in worked_example["hands"][:3]:
        page = browser.get(f"/s/{token}/hand").get_data(as_text=True)
        browser.post(f"/s/{token}/hand", {**hand_fields(hand, PLAYERS), "idem_key": field_value(page, "idem_key"),
                                         "number": field_value(page, "number")})
    with app.app_context():
        gs = services.find_session(token)
        CACHE.clear()
        db.session.delete(gs.hands[-1])
        gs.version += 1
        db.session.flush()
        assert len(services.ledger_for(gs).results) == 2  # replayed with the change in the open transaction
        assert CACHE.get((gs.token, gs.version)) is None
        db.session.rollback()
        db.session.remove()
    fresh_and_cached(app, token)


def test_a_version_read_back_changed_is_not_kept(browser, app, monkeypatch):
    """Another worker committed while this one was replaying: its replay is not kept under the old version."""
    token = gen_session(browser, gen_group(browser))
    from scorekeeper.services import replays  # the platform's replay cache, Tresillo's evenings' too

    monkeypatch.setattr(replays, "stored_version", lambda gs: gs.version + 1)
    with app.app_context():
        gs = services.find_session(token)
        CACHE.clear()
        services.ledger_for(gs)
        assert CACHE.get((gs.token, gs.version)) is None
        db.session.remove()


def test_the_replays_kept_are_bounded_by_their_hands_and_a_session_keeps_its_newest_two() -> None:
    """Behind a proxy every worker meets every table: the cache holds as many hands as its budget, not a
    count of replays, and a session's versions older than the one before the newest go when it comes."""
    from types import SimpleNamespace

    from scorekeeper.services.replays import ReplayCache

    def made(hands: int) -> SimpleNamespace:
        return SimpleNamespace(hands=(None,) * hands)

    cache = ReplayCache(hands=100)
    cache.put(("a", 1), made(30))  # type: ignore[arg-type]
    cache.put(("a", 2), made(31))  # type: ignore[arg-type]
    cache.put(("b", 1), made(20))  # type: ignore[arg-type]
    assert cache.keys() == [("a", 1), ("a", 2), ("b", 1)]  # 31 + 32 + 21 hands' weight: within 100
    cache.put(("a", 3), made(32))  # type: ignore[arg-type]
    assert cache.keys() == [("a", 2), ("b", 1), ("a", 3)]  # a's version 1 went with a's version 3
    assert cache.get(("b", 1)) is not None  # b used last: a's version 2 is now the least used
    cache.put(("c", 1), made(40))  # type: ignore[arg-type]
    assert cache.keys() == [("a", 3), ("b", 1), ("c", 1)]  # 33 + 21 + 41: a's version 2 made room
    cache.put(("d", 1), made(500))  # type: ignore[arg-type]
    assert cache.keys() == [("d", 1)]  # heavier than the budget alone: kept, the rest made room
    cache.forget(("d", 1))
    assert cache.keys() == [] and cache._held == 0
