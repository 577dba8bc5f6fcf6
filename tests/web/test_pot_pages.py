"""Cacho and Flor's pages through the test client: the hand form read into the session file's hand, hostile
values refused next to their field with nothing saved, the resto told beside the amount, and the table page's
pot, counters, money, value of a counter and next dealer, with figures worked by hand."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from conftest import change_confirmed, field_value, gen_group

THREE = ("Ana", "Bea", "Cleo")


def errors_on(html: str) -> dict[str, str]:
    found = re.finditer(r'id="([\w-]+)-error"><p class="error" role="alert">([^<]*)<', html)
    return {m.group(1): unescape(m.group(2)) for m in found}


def start(browser, group, game="cacho", **fields):
    page = browser.get(f"/g/{group}/play/{game}").get_data(as_text=True)
    data = {f"seat{i + 1}": name for i, name in enumerate(THREE)}
    data.update({"idem_key": field_value(page, "idem_key"), "stake": "0,10", "currency": "EUR", "counters": "50"})
    data.update(fields)
    return browser.post(f"/g/{group}/play/{game}", data)


@pytest.fixture
def game(browser):
    group = gen_group(browser, players=THREE)
    r = start(browser, group)
    assert r.status_code == 302, errors_on(r.get_data(as_text=True))
    return r.headers["Location"].split("/")[2]


def post_hand(browser, token, fields, number=None):
    url = f"/s/{token}/play/deal" + (f"/{number}" if number else "")
    page = browser.get(url).get_data(as_text=True)
    data = {"idem_key": field_value(page, "idem_key"), "number": field_value(page, "number"), **fields}
    return browser.post(url, data)


def hand(dealer="Ana", *rounds, **rest):
    """Form fields: ``rounds`` as (amounts by seat, folded seats); the rest as posted."""
    out = {"hand": "played", "dealer": dealer}
    for r, (amounts, folded) in enumerate(rounds, start=1):
        out.update({f"put-{r}-{i}": str(a) for i, a in enumerate(amounts) if a is not None})
        out.update({f"fold-{r}-{i}": "on" for i in folded})
    out.update(rest)
    return out


def deals(browser, token):
    return json.loads(browser.get(f"/s/{token}/play/session.json").get_data(as_text=True))["deals"]


#: the format's example: Cleo folds the first card, Ana and Bea put 1, 2 and 6, Bea wins (a pot of 18)
EXAMPLE = hand("Ana", ([1, 1, 0], [2]), ([2, 2, None], []), ([6, 6, None], []), winner="Bea")


def test_a_hand_is_read_into_the_session_files_hand(browser, game):
    assert post_hand(browser, game, EXAMPLE).status_code == 302
    assert post_hand(browser, game, {"hand": "void", "dealer": "Bea", "put-1-0": "1"}).status_code == 302
    assert deals(browser, game) == [
        {"rounds": [{"put": {"Ana": 1, "Bea": 1, "Cleo": 0}, "folded": ["Cleo"]},
                    {"put": {"Ana": 2, "Bea": 2}}, {"put": {"Ana": 6, "Bea": 6}}],
         "winner": "Bea", "dealer": "Ana"},
        {"void": True, "dealer": "Bea"}]


def test_the_table_shows_the_pot_counters_money_value_and_next_dealer(browser, game):
    """Hand 1, the example: Ana 50-9 = 41, Bea 59, Cleo 50; at 0.10 a counter Ana -0.90, Bea +0.90.
    Hand 2, dealt by Bea: Cleo bets 1, the others fold; Cleo takes the pot of 1 (her own): nothing changes.
    Hand 3, dealt by Cleo: a tie of Ana and Bea at 1 + 2 + 3 each with Cleo out at the first card:
    the eldest after Cleo is Ana, pot 12: Ana 41 + 6 = 47, Bea 59 - 6 = 53. Ana deals next."""
    html = browser.get(f"/s/{game}/play").get_data(as_text=True)
    assert 'class="pot-big">0<' in html and "Ana deals next." in html
    assert post_hand(browser, game, EXAMPLE).status_code == 302
    assert post_hand(browser, game, hand("Bea", ([0, 0, 1], [0, 1]))).status_code == 302
    r = post_hand(browser, game, hand("Cleo", ([1, 1, 0], [2]), ([2, 2, None], []), ([3, 3, None], []),
                                      winner="tie", **{"tied-0": "on", "tied-1": "on"}))
    assert r.status_code == 302, errors_on(r.get_data(as_text=True))
    html = unescape(browser.get(f"/s/{game}/play").get_data(as_text=True))
    assert re.findall(r'class="score">(-?\d+)<', html) == ["47", "53", "50"]
    assert re.search(r'Pot of hand 3</h2>\s*<p class="pot-big">12</p>\s*<p class="lead">Ana took it.', html)
    assert re.findall(r'class="money">([^<]*)<', html) == ["−€0.30", "+€0.30", "€0.00"]
    assert "A counter is worth €0.10." in html and "Ana deals next." in html
    assert '<li class="dealer" data-player="Ana">' in html
    sheet = html.split('id="pot-sheet"')[1].split("</table>")[0]
    rows = [re.findall(r">(-?\w+)(?:<span|</t[dh]>)", tr) for tr in sheet.split("<tr>")[2:]]
    assert rows == [["3", "12", "47", "53", "50"], ["2", "1", "41", "59", "50"], ["1", "18", "41", "59", "50"]]
    assert "Pot of 12 · tie between Ana, Bea: the eldest takes it" in html
    assert "Pot of 1 · Cleo takes it: everyone else folded" in html


def test_the_next_hand_is_dealt_by_the_next_seat(browser, game):
    assert post_hand(browser, game, {"hand": "void", "dealer": "Cleo"}).status_code == 302
    page = browser.get(f"/s/{game}/play/deal").get_data(as_text=True)
    assert re.search(r'name="dealer" value="Ana" checked', page)  # after Cleo, the deal comes round to Ana


@pytest.mark.parametrize(("fields", "where", "said"), [
    (hand("Ana", (["x", 1, 0], [2]), ([0, 0, None], []), ([0, 0, None], []), winner="Ana"), "put-1-0",
     "Write a whole number of counters"),
    (hand("Ana", (["-1", 1, 0], [2]), ([0, 0, None], []), ([0, 0, None], []), winner="Ana"), "put-1-0",
     "Write a whole number of counters"),
    (hand("Ana", (["1e3", 1, 0], [2]), ([0, 0, None], []), ([0, 0, None], []), winner="Ana"), "put-1-0",
     "Write a whole number of counters"),
    (hand("Ana", ([5, 5, 5], []), ([0, 0, 0], []), ([0, 0, 0], []), winner="Ana"), "put-1-0",
     "puts in 0 or 1"),
    (hand("Ana", ([1, 1, 1], []), ([2, 0, 2], []), ([0, 0, 0], []), winner="Ana"), "round-2",
     "'Bea' put in less than 2 and so folded"),
    (hand("Ana", ([0, 0, 0], []), ([0, 0, 0], []), ([0, 0, 0], []), winner="Ana"), "round-1",
     "enter the hand as void"),
    (hand("Ana", ([1, 1, 1], []), ([0, 0, 0], []), ([0, 0, 0], []), winner="Zed"), "winner",
     "Say who won the showdown"),
    (hand("Ana", ([1, 1, 1], []), ([0, 0, 0], []), ([0, 0, 0], []), winner="tie", **{"tied-0": "on"}), "winner",
     "two or more players"),
    (hand("Ana", ([1, 1, 0], [2]), ([0, 0, None], []), ([0, 0, None], []), winner="Cleo"), "winner",
     "Say who won the showdown"),
    (hand("Zed", ([1, 1, 1], []), ([0, 0, 0], []), ([0, 0, 0], []), winner="Ana"), "dealer", "Say who dealt"),
    ({"hand": "maybe", "dealer": "Ana"}, "hand", "Say whether the hand was played"),
    (hand("Ana", ([1, 1, 1], []), ([2, 2, 2], []), ([48, 48, 48], []), winner="Ana"), "put-3-0",
     "Ana holds 50 counters and cannot put 51 into this hand."),
    (hand("Ana", ([1, 1, 1], []), ([2, 2, 2], []), ([9999999, 9999999, 9999999], []), winner="Ana"), "put-3-0",
     "cannot put 10000002"),
])
def test_a_hostile_hand_is_told_next_to_its_field_and_nothing_is_saved(browser, game, fields, where, said):
    r = post_hand(browser, game, fields)
    assert r.status_code == 400
    shown = errors_on(r.get_data(as_text=True))
    assert said.lower() in shown.get(where, "").lower(), shown
    assert deals(browser, game) == []


def test_a_folded_player_is_not_read_in_the_later_rounds(browser, game):
    """Bea folds the first card: whatever the page sends for her later is not read; Ana is left alone
    after the second card (Cleo folds it), so no third round and no showdown are read."""
    fields = hand("Ana", ([1, 0, 1], [1]), ([2, "junk", 0], [2]), (["junk", "junk", "junk"], []), winner="Zed")
    assert post_hand(browser, game, fields).status_code == 302
    assert deals(browser, game) == [{"rounds": [{"put": {"Ana": 1, "Bea": 0, "Cleo": 1}, "folded": ["Bea"]},
                                                {"put": {"Ana": 2, "Cleo": 0}, "folded": ["Cleo"]}],
                                     "dealer": "Ana"}]


def test_the_fix_of_a_hand_shows_it_as_entered(browser, game):
    assert post_hand(browser, game, EXAMPLE).status_code == 302
    page = browser.get(f"/s/{game}/play/deal/1").get_data(as_text=True)
    assert re.search(r'name="fold-1-2" checked', page) and re.search(r'id="put-3-1" name="put-3-1"[^>]*value="6"', page)
    assert re.search(r'name="winner" value="Bea" checked', page)
    assert re.search(r'id="pot-total"[^>]*>18<', page)  # the pot as drawn by the server, before any script
    fixed = {**EXAMPLE, "winner": "Ana"}
    shown = post_hand(browser, game, fixed, number=1)  # a new winner: the fix is shown first, saying so
    assert shown.status_code == 200 and "This changes how the game comes out" in shown.get_data(as_text=True)
    assert "the winner was Bea, now Ana" in shown.get_data(as_text=True)
    assert deals(browser, game)[0]["winner"] == "Bea"
    assert change_confirmed(browser, shown).status_code == 302  # confirmed on the change page, as shown
    assert deals(browser, game)[0]["winner"] == "Ana"


def test_the_start_form_takes_the_counters(browser):
    group = gen_group(browser, players=THREE)
    for bad in ("lots", "0", "-5", "99999999"):
        r = start(browser, group, counters=bad)
        assert r.status_code == 400 and "whole number from 1 to" in errors_on(r.get_data(as_text=True))[
            "opt-counters"], bad
    r = start(browser, group, game="flor", counters="")
    assert r.status_code == 302
    token = r.headers["Location"].split("/")[2]
    doc = json.loads(browser.get(f"/s/{token}/play/session.json").get_data(as_text=True))
    assert doc["game"] == "flor" and "counters" not in doc["options"]
    # without counters there is no resto: a big bet is taken, and the figures are nets
    assert post_hand(browser, token, hand("Ana", ([1, 1, 1], []), ([2, 2, 2], []), ([100, 100, 0], [2]),
                                          winner="Ana")).status_code == 302
    html = browser.get(f"/s/{token}/play").get_data(as_text=True)
    assert re.findall(r'class="score">(-?\d+)<', html) == ["106", "-103", "-3"]
    assert "were not given" in html
