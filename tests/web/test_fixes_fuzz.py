"""Damaged and hostile posts to every route that fixes the evening: never a 500, a refusal changes nothing.

Hypothesis sends field values a phone might send (a stale page, a half
edited confirmation, a hostile client): change requests with any kind,
number, hand, dealer or seating; keys and versions of any shape. Whatever
the answer, it is never a server error, and when the session's hands,
history or closed state changed, the answer said it was done.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.conftest import field_value, gen_group, gen_hand, gen_session

NAMES = ["North", "West", "South", "East", "Nobody", "", "north"]
NUMBERS = st.one_of(st.integers(-3, 12), st.sampled_from([2**31, 2**63, 10**40]), st.floats(allow_nan=True),
                    st.sampled_from(["3", "", None, True]))
HANDS = st.one_of(
    st.sampled_from([{"contract": "entrada", "declarer": "West", "tricks": {"West": 5, "South": 2, "East": 2}},
                     {"contract": "pass"}, {"contract": "penetro"}, {}, {"contract": "solo", "declarer": "Nobody"}]),
    st.dictionaries(st.sampled_from(["contract", "declarer", "tricks", "dealer", "seating", "bola", "zzz"]),
                    st.one_of(st.sampled_from(NAMES), st.integers(-1, 9), st.none()), max_size=4),
    st.none(), st.integers(), st.text(max_size=5),
)
CHANGES = st.one_of(
    st.builds(lambda kind, number, hand, dealer, seating: json.dumps(
        {"kind": kind, "number": number, "hand": hand, "dealer": dealer, "seating": seating}),
        st.sampled_from(["delete", "insert", "dealer", "seating", "edit", "burn", None]), NUMBERS, HANDS,
        st.one_of(st.sampled_from(NAMES), st.integers(), st.none()),
        st.one_of(st.permutations(["North", "West", "South", "East"]), st.lists(st.sampled_from(NAMES), max_size=5),
                  st.none(), st.text(max_size=3))),
    st.sampled_from(["", "{", "[]", "null", "1" * 30, "[" * 5000 + "]" * 5000, '{"kind": "delete"}']),
    st.text(max_size=20),
)
WEIRD = st.one_of(st.sampled_from(NAMES), st.integers(-5, 30).map(str), st.text(max_size=8),
                  st.sampled_from(["9" * 30, "²", "①", "٣", "-0", " 1", "settle", "keep", "yes", "x" * 80]))
FIELDS = st.fixed_dictionaries({}, optional={
    "change": CHANGES, "version": WEIRD, "key": st.one_of(WEIRD, st.just("fuzz-key")), "seq": WEIRD,
    "phone": WEIRD, "name": WEIRD, "dealer": WEIRD, "seat1": WEIRD, "seat2": WEIRD, "seat3": WEIRD,
    "seat4": WEIRD, "paper": WEIRD, "confirm": WEIRD, "contract": WEIRD, "declarer": WEIRD, "t1": WEIRD,
})
ROUTES = st.sampled_from(["change", "hands/2/delete", "hands/9/delete", "undo", "reopen", "phone", "hands/2/dealer",
                          "hands/3/seating", "hands/insert/2", "hands/insert/0", "end", "hands/2/edit",
                          "hands/0/seating", "hands/99/dealer"])
SLOW = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def _state(browser, token):
    text = browser.client.get(f"/s/{token}/session.json").get_data(as_text=True)
    data = json.loads(text)
    status = browser.client.get(f"/s/{token}/version").get_json()
    return data["hands"], data.get("history"), status["closed"], status["version"]


def _table(browser, worked_example):
    group = gen_group(browser)
    token = gen_session(browser, group)
    for hand in worked_example["hands"][:3]:
        gen_hand(browser, token, hand)
    return token


@SLOW
@given(data=FIELDS, where=ROUTES, fresh=st.booleans())
def test_damaged_fix_posts_are_refused_cleanly(browser, worked_example, data, where, fresh):
    token = getattr(browser, "_fuzz_token", None)
    if token is None:
        token = browser._fuzz_token = _table(browser, worked_example)
    data = dict(data)
    if fresh:  # sometimes with the page's own version and key, so that real changes happen too
        page = browser.get(f"/s/{token}/hands/2/delete").get_data(as_text=True)
        if 'id="version"' in page:
            data.setdefault("version", field_value(page, "version"))
            data.setdefault("key", field_value(page, "key"))
    browser.get(f"/s/{token}")  # a fresh CSRF token
    before = _state(browser, token)
    r = browser.post(f"/s/{token}/{where}", data)
    assert r.status_code < 500, r.get_data(as_text=True)[:2000]
    event(f"status {r.status_code}")
    if r.status_code >= 400:
        assert 'class="error"' in r.get_data(as_text=True) or "<h1>" in r.get_data(as_text=True)
    after = _state(browser, token)
    if after != before:
        assert r.status_code in (200, 302), (where, data, r.status_code)
        browser._fuzz_token = None  # the next example starts on a fresh table


GAME_CHANGES = st.one_of(
    st.builds(lambda kind, number, deal, old: json.dumps({"kind": kind, "number": number, ("hand" if old else "deal"): deal}),
              st.sampled_from(["delete", "insert", "fix", "dealer", "seating", "edit", None]), NUMBERS,
              st.one_of(st.sampled_from([{}, {"points": {}}, {"won": "Nobody"}]), st.none(), st.integers(),
                        st.dictionaries(st.sampled_from(["points", "last", "winner", "zzz"]),
                                        st.one_of(st.sampled_from(NAMES), st.integers(-1, 99), st.none()), max_size=3)),
              st.booleans()),
    st.sampled_from(["", "{", "[]", "null", "[" * 5000 + "]" * 5000, '{"kind": "fix", "number": 1}']),
    st.text(max_size=20),
)
GAME_FIELDS = st.fixed_dictionaries({}, optional={
    "change": GAME_CHANGES, "version": WEIRD, "key": st.one_of(WEIRD, st.just("fuzz-key")), "idem_key": WEIRD,
    "phone": WEIRD,
})
GAME_ROUTES = st.sampled_from(["play/change", "play/deal/2/delete", "play/deal/9/delete"])


@SLOW
@given(data=GAME_FIELDS, where=GAME_ROUTES, fresh=st.booleans())
def test_damaged_confirmations_of_a_games_change_are_refused_cleanly(app, browser, data, where, fresh):
    """The platform's change page's confirm, every game's (here Rovescino's): a damaged change (any kind, number
    or deal, a page's old ``hand``), key or version is never a 500, and what is refused changes nothing."""
    from tests.web.test_table_conformance import Table, case

    token = getattr(browser, "_fuzz_game", None)
    if token is None:
        token = browser._fuzz_game = Table(app, "rovescino", case("rovescino").deals).token
    data = dict(data)
    page = browser.get(f"/s/{token}/play/deal/2/delete").get_data(as_text=True)
    if fresh and 'id="version"' in page:  # sometimes the page's own version and key: real changes happen too
        data.setdefault("version", field_value(page, "version"))
        data.setdefault("key", field_value(page, "key"))
    before = browser.client.get(f"/s/{token}/play/session.json").get_data(as_text=True)
    r = browser.post(f"/s/{token}/{where}", data)
    assert r.status_code < 500, r.get_data(as_text=True)[:2000]
    event(f"status {r.status_code}")
    if r.status_code >= 400:
        assert 'class="error"' in r.get_data(as_text=True) or "<h1>" in r.get_data(as_text=True)
    if browser.client.get(f"/s/{token}/play/session.json").get_data(as_text=True) != before:
        assert r.status_code == 302 and "done=" in r.headers["Location"], (where, data, r.status_code)
        browser._fuzz_game = None  # the next example starts on a fresh table


def test_a_change_is_read_back_as_written_and_a_page_from_before_still_reads():
    """The change a page carries is read back as it was written; a Tresillo insert page shown before the change
    record was the platform's carries its hand as ``hand``: read as the deal. A kind the game does not take is
    damaged."""
    from scorekeeper.services.asked import Change, change_from_json
    from scorekeeper.services.refusals import Refused

    insert = Change("insert", 2, deal={"contract": "pass", "dealer": "Ñico"})
    assert change_from_json(insert.to_json(), ("insert",)) == insert and '"deal"' in insert.to_json()
    assert change_from_json('{"kind": "insert", "number": 2, "hand": {"contract": "pass", "dealer": "Ñico"}}',
                            ("insert",)) == insert
    seating = Change("seating", 3, dealer="West", seating=("West", "North", "South"))
    assert change_from_json(seating.to_json(), ("delete", "seating")) == seating
    for kinds in (("delete", "fix"), ()):
        try:
            change_from_json(seating.to_json(), kinds)
        except Refused as exc:
            assert exc.field == "change" and "damaged" in exc.message
        else:
            raise AssertionError("a kind the game does not take was read")
