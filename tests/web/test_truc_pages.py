"""Rentoy, Truc and Put at the table through the test client: the hand form's buttons read into the
session file's hands, bad input told next to its field (400, nothing saved), the matchsticks, the undo
of the last hand, the head-to-head records and the revancha in one tap."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from conftest import field_value, gen_group

FOUR = ("Ana", "Bea", "Cleo", "Dan")


def errors_on(html: str) -> dict[str, str]:
    found = re.finditer(r'id="([\w-]+)-error"><p class="error" role="alert">([^<]*)<', html)
    return {m.group(1): unescape(m.group(2)) for m in found}


def start(browser, group, game="truc", seats=FOUR, **fields):
    page = browser.get(f"/g/{group}/play/{game}").get_data(as_text=True)
    data = {f"seat{i + 1}": name for i, name in enumerate(seats)}
    data.update({"idem_key": field_value(page, "idem_key"), "stake": "2", "currency": "EUR", **fields})
    r = browser.post(f"/g/{group}/play/{game}", data)
    assert r.status_code == 302, errors_on(r.get_data(as_text=True))
    return r.headers["Location"].split("/")[2]


def hand(browser, token, number=None, **fields):
    url = f"/s/{token}/play/deal" + (f"/{number}" if number else "")
    page = browser.get(url).get_data(as_text=True)
    data = {"idem_key": field_value(page, "idem_key"), "number": field_value(page, "number"), **fields}
    return browser.post(url, data)


def deals(browser, token):
    return json.loads(browser.get(f"/s/{token}/play/session.json").get_data(as_text=True))["deals"]


@pytest.fixture
def group(browser):
    return gen_group(browser, players=FOUR)


@pytest.fixture
def truc(browser, group):
    return start(browser, group)


def test_the_buttons_read_into_the_hands_of_the_session_file(browser, truc):
    """Teams sit opposite (A: Ana, Cleo; B: Bea, Dan); the raises alternate from the first caller."""
    assert hand(browser, truc, end="won-0").status_code == 302  # a plain hand: the winner's button
    assert hand(browser, truc, first="1", raises="2", end="fold-1").status_code == 302
    assert hand(browser, truc, first="0", raises="1", end="tricks", **{"trick-1": "tie", "trick-2": "1"}).status_code == 302
    assert hand(browser, truc, end="tricks", eldest="0",
                **{"trick-1": "tie", "trick-2": "tie", "trick-3": "tie"}).status_code == 302
    assert deals(browser, truc) == [
        {"won": "A"}, {"raises": ["B", "A"], "folded": "B"}, {"raises": ["A"], "tricks": ["tie", "B"]},
        {"tricks": ["tie", "tie", "tie"], "eldest": "A"}]
    html = browser.get(f"/s/{truc}/play").get_data(as_text=True)
    # A: 1 + 3 (B folded the raise to 6) + 1 (eldest); B: 3 (the truc, the tie then B's trick)
    assert re.findall(r'class="score">(\d+)<', html) == ["5", "3"]
    assert "needs 7" in html and "needs 9" in html
    assert "B: truc (3) · A: ↑ (6) · B folded" in html
    assert html.count('class="lit"') == 8 and html.count('class="due"') == 16


def test_the_form_offers_only_what_may_follow(browser, truc):
    html = browser.get(f"/s/{truc}/play/deal").get_data(as_text=True)
    shown = re.findall(r'<button type="button" class="call" data-step="(\d)" data-side="(\d)">', html)
    assert shown == [("1", "0"), ("1", "1")]  # before any call: either side calls truc, nothing else
    assert re.findall(r'value="fold-\d" class="big fold" data-side="\d">', html) == []  # no fold without a raise
    assert hand(browser, truc, first="0", raises="1", end="tricks", **{"trick-1": "0", "trick-2": "tie"}).status_code == 302
    fix = browser.get(f"/s/{truc}/play/deal/1").get_data(as_text=True)
    # the fix shows the truc made by A: B may raise to 6, B may fold
    assert re.findall(r'<button type="button" class="call" data-step="(\d)" data-side="(\d)">', fix) == [("2", "1")]
    assert re.findall(r'value="fold-(\d)" class="big fold" data-side="\d">', fix) == ["1"]


@pytest.mark.parametrize(("fields", "where", "said"), [
    ({}, "end", "Say how the hand ended"),
    ({"end": "fold-0"}, "end", "Nobody raised"),
    ({"first": "0", "raises": "1", "end": "fold-0"}, "end", "made the last raise"),
    ({"end": "fold-7"}, "end", "Say how the hand ended"),
    ({"raises": "2", "end": "won-0"}, "raises", "Say who called first."),
    ({"first": "0", "raises": "9", "end": "won-0"}, "raises", "Choose the calls"),
    ({"end": "tricks"}, "tricks", "Tap who took each trick."),
    ({"end": "tricks", "trick-1": "7"}, "trick-1", "Choose who took this trick."),
    ({"end": "tricks", "trick-1": "0"}, "tricks", "1 tricks do not decide the hand"),
    ({"end": "tricks", "trick-1": "0", "trick-2": "0", "trick-3": "1"}, "trick-3", "decided after 2 tricks"),
    ({"end": "tricks", "trick-1": "tie", "trick-2": "tie", "trick-3": "tie"}, "eldest", "eldest team"),
])
def test_a_bad_hand_is_told_next_to_its_field_and_nothing_is_saved(browser, truc, fields, where, said):
    r = hand(browser, truc, **fields)
    assert r.status_code == 400
    shown = errors_on(r.get_data(as_text=True))
    assert said.lower() in shown.get(where, "").lower(), shown
    assert deals(browser, truc) == []


def test_rentoy_has_no_tied_trick_and_put_one_raise_to_5(browser, group):
    rentoy = start(browser, group, "rentoy")
    assert "tied" not in browser.get(f"/s/{rentoy}/play/deal").get_data(as_text=True).split("by-tricks")[1]
    r = hand(browser, rentoy, end="tricks", **{"trick-1": "tie"})
    assert r.status_code == 400 and "cannot be tied" in errors_on(r.get_data(as_text=True))["trick-1"]
    put = start(browser, group, "put", seats=("Ana", "Bea"))
    html = browser.get(f"/s/{put}/play/deal").get_data(as_text=True)
    assert "Ana raises to 5" in html and "raises to 9" not in html
    assert hand(browser, put, first="1", raises="1", end="won-1").status_code == 302
    page = browser.get(f"/s/{put}/play").get_data(as_text=True)
    assert re.findall(r'class="score">(\d+)<', page) == ["0", "5"] and 'id="end-game"' in page


def test_undo_the_last_hand_is_one_tap_and_a_confirm(browser, truc):
    for _ in range(2):
        assert hand(browser, truc, end="won-1").status_code == 302
    html = browser.get(f"/s/{truc}/play").get_data(as_text=True)
    undo = re.search(r'href="([^"]+)" id="undo-hand"|id="undo-hand" href="([^"]+)"', html)
    assert undo and (undo.group(1) or undo.group(2)).endswith(f"/s/{truc}/play/deal/2/delete")
    page = browser.get(f"/s/{truc}/play/deal/2/delete").get_data(as_text=True)
    assert browser.post(f"/s/{truc}/play/deal/2/delete",
                        {k: field_value(page, k) for k in ("change", "version", "key")}).status_code == 302
    assert deals(browser, truc) == [{"won": "B"}]


def play_to_12(browser, token, side):
    for _ in range(4):
        r = hand(browser, token, first=side, raises="1", end=f"won-{side}")
        assert r.status_code == 302
    page = browser.get(f"/s/{token}/play/end").get_data(as_text=True)
    assert browser.post(f"/s/{token}/play/end", {"idem_key": field_value(page, "idem_key")}).status_code == 302


def test_head_to_head_and_a_revancha_in_one_tap(browser, group, truc):
    play_to_12(browser, truc, "0")
    html = browser.get(f"/s/{truc}/play/result").get_data(as_text=True)
    assert "Tonight: Ana, Cleo 1 – 0 Bea, Dan" in html
    again = {name: unescape(value) for name, value in
             re.findall(r'<input type="hidden" name="([\w-]+)" value="([^"]*)">', html.split('class="again"')[1])}
    assert again["seat1"] == "Ana" and again["opt-three_ties"] == '"eldest"' and again["stake"] == "2"
    r = browser.post(f"/g/{group}/play/truc", {**again, "idem_key": field_value(html, "idem_key")})
    assert r.status_code == 302
    second = r.headers["Location"].split("/")[2]
    assert second != truc
    play_to_12(browser, second, "1")
    third = start(browser, group)
    play_to_12(browser, third, "1")
    html = browser.get(f"/s/{third}/play/result").get_data(as_text=True)
    assert "Tonight: Bea, Dan 2 – 1 Ana, Cleo" in html
    assert "Best of three: Bea, Dan won it." in html
    pairs = re.findall(r'<tr><th scope="row">([^<]+)</th><td>(\d+)</td><td>(\d+)</td><td>(\d+)</td></tr>', html)
    # by pair then by player: Bea and Dan won 2 in a row, Ana and Cleo won the first
    assert pairs[:2] == [("Bea, Dan", "2", "1", "2"), ("Ana, Cleo", "1", "2", "1")]
    assert ("Ana", "1", "2", "1") in pairs[2:] and ("Dan", "2", "1", "2") in pairs[2:]


def test_a_watch_link_shows_the_tally_without_the_undo(browser, app, truc):
    from scorekeeper import services

    assert hand(browser, truc, end="won-0").status_code == 302
    with app.app_context():
        watch = services.find_session(truc).watch_token
    html = browser.get(f"/w/{watch}/play").get_data(as_text=True)
    assert 'class="sticks"' in html and 'id="undo-hand"' not in html and f"/s/{truc}" not in html


@pytest.mark.parametrize(("lang", "words"), [
    ("es", ("¿Quién ganó la mano?", "A canta truc (3)", "Baza 1")),
    ("fr", ("Qui a gagné la main ?", "A annonce truc (3)", "Pli 1")),
    ("it", ("Chi ha vinto la mano?", "A chiama truc (3)", "Presa 1")),
    ("ca", ("Qui ha guanyat la mà?", "A canta truc (3)", "Basa 1")),
])
def test_the_hand_form_and_the_tally_in_each_language(browser, truc, lang, words):
    """Every sentence is translated; the game's word (truc) stays as it is."""
    assert hand(browser, truc, first="1", raises="1", end="won-1").status_code == 302
    browser.client.set_cookie("lang", lang)
    html = unescape(browser.get(f"/s/{truc}/play/deal").get_data(as_text=True))
    for said in words:
        assert said in html
    table = unescape(browser.get(f"/s/{truc}/play").get_data(as_text=True))
    assert {"es": "le faltan 9", "fr": "il manque 9", "it": "mancano 9", "ca": "li'n falten 9"}[lang] in table
