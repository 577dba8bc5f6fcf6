"""The hand form asks in the order a hand is told, from one rule of what applies (web/shown.py)."""

from __future__ import annotations

import re

import pytest

from conftest import gen_group, gen_session
from scorekeeper.games.tresillo.engine import get_ruleset, hand_choices
from scorekeeper.games.tresillo.pages.shown import Answers, field_shown, hand_parts

PAGAT = hand_parts(hand_choices(get_ruleset("pagat"), 4))
HOUSE = hand_parts(hand_choices(get_ruleset("house"), 4))


def hand_count(client, token: str) -> int:
    return int(client.get(f"/s/{token}/version").get_json()["hands"])


def answers(contract: str = "entrada", result: str = "", surrender: str = "none") -> Answers:
    return Answers(contract, result, surrender, asks_result=True)


@pytest.mark.parametrize("field, said, shown", [
    ("declarer", answers("penetro"), False),
    ("declarer", answers("vuelta"), True),
    ("surrender", answers("solo"), False),  # a solo is never surrendered
    ("surrender", answers("penetro"), True),
    ("takeover", answers(surrender="takeover"), True),
    ("takeover", answers("solo", surrender="takeover"), False),  # inside the surrender, hidden for a solo
    ("result", answers(surrender="accepted"), False),  # an accepted surrender ends the hand
    ("result", answers(surrender="takeover"), True),
    ("t0", answers(result=""), False),  # the tricks only when the players count them
    ("t2", answers(result="tricks"), True),
    ("t0", answers(result="tricks", surrender="accepted"), False),
    ("winner", answers(result="codillo"), True),
    ("winner", answers("pass", result="codillo"), False),  # inside "how it ended", hidden for all pass
    ("estuche", answers(surrender="takeover"), False),  # pagat: a new declarer claims no condición
    ("primeras", answers(result="puesta"), False),  # primeras is a won hand
    ("estuche_count", answers("pass"), False),
    ("forced", answers("vuelta"), False),
    ("bet", answers("pass"), True),  # not a part that depends on an answer
])
def test_what_applies_to_which_answers(field: str, said: Answers, shown: bool) -> None:
    assert field_shown(PAGAT, field, said) is shown


def test_the_rule_follows_the_ruleset() -> None:
    """Under house rules a vuelta may be surrendered but not taken over; an entrada may be both."""
    assert HOUSE["surrender"].holds(answers("vuelta")) and not HOUSE["takeover_choice"].holds(answers("vuelta"))
    assert HOUSE["takeover_choice"].holds(answers("entrada"))
    assert str(HOUSE["takeover_choice"].attributes(answers("vuelta"))) == ' data-show="entrada" hidden'
    assert str(PAGAT["tricks"].attributes(answers(result="tricks"))) == (
        ' data-hide="pass" data-result="tricks" data-surrender="none takeover"')


def test_the_page_asks_the_surrender_before_how_it_ended(browser) -> None:
    s = gen_session(browser, gen_group(browser))
    page = browser.get(f"/s/{s}/hand").get_data(as_text=True)
    assert page.index('class="surrender"') < page.index('class="result"') < page.index('class="tricks"')
    # drawn with the parts of an unchosen contract hidden, with the conditions the script re-reads
    assert re.search(r'<details class="surrender" data-show="entrada vuelta penetro" hidden>', page)


def test_not_yet_follows_the_choices(browser) -> None:
    s = gen_session(browser, gen_group(browser))
    browser.get(f"/s/{s}/hand")
    base = {"contract": "vuelta", "declarer": "South"}

    def preview(**more: str) -> dict:
        return browser.post(f"/s/{s}/preview", dict(base, **more)).get_json()

    assert preview() == {"ok": False, "field": "outcome", "message": "say how it ended, or the surrender"}
    assert preview(surrender="takeover") == {"ok": False, "field": "takeover",
                                             "message": "say who took the hand over"}
    # after a takeover the surrender is no longer offered
    assert preview(surrender="takeover", takeover="West")["message"] == "say how it ended"
    assert preview(surrender="takeover", takeover="West", result="tricks")["message"] == "give the tricks"
    assert preview(surrender="accepted")["ok"]
    # a solo cannot be surrendered: it is not offered
    assert preview(contract="solo")["message"] == "say how it ended"
    assert preview(surrender="takeover", takeover="West", result="sacado")["ok"]


def test_taken_over_by_nobody_is_asked_not_saved_as_accepted(browser) -> None:
    s = gen_session(browser, gen_group(browser))
    page = browser.get(f"/s/{s}/hand").get_data(as_text=True)
    number = re.search(r'id="number" name="number" type="hidden" value="(\d+)"', page)
    key = re.search(r'id="idem_key" name="idem_key" type="hidden" value="([^"]+)"', page)
    assert number and key
    r = browser.post(f"/s/{s}/hand", {"contract": "vuelta", "declarer": "South", "surrender": "takeover",
                                      "number": number.group(1), "idem_key": key.group(1)})
    assert r.status_code == 400 and "say who took the hand over" in r.get_data(as_text=True)
    # the folded surrender is drawn open, so the refusal next to it is seen
    assert '<details class="surrender" data-show="entrada vuelta penetro" open>' in r.get_data(as_text=True)
    assert hand_count(browser.client, s) == 0
