"""Rovescino's quick entry on the server (the page works without a script): an empty field is 0, and the
player ticked for "the rest" gets what the others leave of the pack's 10 points, where the total allows.

Figures by hand: 5 players' card points may total 8, 9 or 10 (rules-decisions.md §4), the last trick adds 1.
"""

from __future__ import annotations

import re
from html import unescape

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import field_value, gen_group

FIVE = ("Ana", "Bea", "Cleo", "Dan", "Eva")


def start(browser, group):
    page = browser.get(f"/g/{group}/play/rovescino").get_data(as_text=True)
    data = {f"seat{i + 1}": name for i, name in enumerate(FIVE)}
    data.update({"idem_key": field_value(page, "idem_key"), "stake": "1", "currency": "EUR"})
    r = browser.post(f"/g/{group}/play/rovescino", data)
    assert r.status_code == 302, r.get_data(as_text=True)
    return r.headers["Location"].split("/")[2]


def post(browser, token, fields):
    page = browser.get(f"/s/{token}/play/deal").get_data(as_text=True)
    data = {"idem_key": field_value(page, "idem_key"), "number": field_value(page, "number"), "mode": "points",
            **fields}
    return browser.post(f"/s/{token}/play/deal", data)


def deals(browser, token):
    return browser.get(f"/s/{token}/play/session.json").get_json()["deals"]


def errors_on(html):
    found = re.finditer(r'id="([\w-]+)-error"><p class="error" role="alert">([^<]*)<', html)
    return {m.group(1): unescape(m.group(2)) for m in found}


def test_empty_fields_are_0(browser):
    """Ana 6, Cleo 4, the others left empty: 0 each; 10 in all. Bea took the last trick: Bea 1."""
    token = start(browser, gen_group(browser, players=FIVE))
    r = post(browser, token, {"points-0": "6", "points-2": " 4 ", "points-1": "", "last": "Bea"})
    assert r.status_code == 302, errors_on(r.get_data(as_text=True))
    assert deals(browser, token) == [{"points": {"Ana": 6, "Bea": 0, "Cleo": 4, "Dan": 0, "Eva": 0},
                                      "last": "Bea"}]


def test_the_rest_goes_to_the_player_ticked(browser):
    """Ana 3, Cleo 2, Bea and Dan empty; the rest to Eva: 10 − 5 = 5, whatever her field said (7)."""
    token = start(browser, gen_group(browser, players=FIVE))
    r = post(browser, token, {"points-0": "3", "points-2": "2", "points-4": "7", "rest": "4", "last": "Ana"})
    assert r.status_code == 302, errors_on(r.get_data(as_text=True))
    assert deals(browser, token)[0]["points"] == {"Ana": 3, "Bea": 0, "Cleo": 2, "Dan": 0, "Eva": 5}
    table = browser.get(f"/s/{token}/play").get_data(as_text=True)
    assert [int(s) for s in re.findall(r'class="score">(-?\d+)<', table)] == [4, 0, 2, 0, 5]


def test_no_rest_when_the_others_already_have_more_than_10(browser):
    """Ana 6 and Bea 5 are 11: nothing is left for Eva; refused next to her field, nothing saved."""
    token = start(browser, gen_group(browser, players=FIVE))
    r = post(browser, token, {"points-0": "6", "points-1": "5", "rest": "4", "last": "Ana"})
    assert r.status_code == 400
    assert errors_on(r.get_data(as_text=True)) == {
        "points-4": "The others already have 11 points, more than the 10 of the pack: no rest to give."}
    assert deals(browser, token) == []


def test_the_rest_of_0_is_given_too(browser):
    """Ana 10 alone: the rest is 0 and the deal is 10 in all."""
    token = start(browser, gen_group(browser, players=FIVE))
    assert post(browser, token, {"points-0": "10", "rest": "4", "last": "Eva"}).status_code == 302
    assert deals(browser, token)[0]["points"]["Eva"] == 0


def test_all_empty_is_a_total_of_0_and_refused_by_the_rules(browser):
    """Five empty fields are five zeros: 0 is not a total five players can make (8, 9 or 10)."""
    token = start(browser, gen_group(browser, players=FIVE))
    r = post(browser, token, {"last": "Ana"})
    assert r.status_code == 400
    assert "add up to one of 8, 9, 10" in " ".join(errors_on(r.get_data(as_text=True)).values())


TYPED = st.one_of(st.just(""), st.integers(-3, 15).map(str), st.text(max_size=4))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(points=st.lists(TYPED, min_size=5, max_size=5), rest=st.one_of(st.just(""), st.integers(-1, 6).map(str),
                                                                     st.text(max_size=3)))
def test_hostile_fields_are_a_form_error_or_a_deal_the_rules_allow(browser, points, rest):
    """Whatever is typed or posted: a 400 with the errors by field, or a saved deal of whole points whose
    total five players can make; never a 500, never a half-saved deal."""
    if not hasattr(browser, "rovescino_group"):  # one group per test run (and database), a new game each time
        browser.rovescino_group = gen_group(browser, players=FIVE)
    token = start(browser, browser.rovescino_group)
    before = len(deals(browser, token))
    r = post(browser, token, {**{f"points-{i}": v for i, v in enumerate(points)}, "rest": rest, "last": "Ana"})
    assert r.status_code in (302, 400), r.status_code
    after = deals(browser, token)
    if r.status_code == 400:
        assert errors_on(r.get_data(as_text=True)) and len(after) == before
        return
    got = after[-1]["points"]
    assert len(after) == before + 1 and all(isinstance(v, int) and v >= 0 for v in got.values())
    assert sum(got.values()) in (8, 9, 10)
