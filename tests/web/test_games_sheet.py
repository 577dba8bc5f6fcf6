"""The printed sheet of every game (its PDF read back) and a game's session file brought into a group.

Rovescino is played through its own form; a game of each other family (Tressette, Truc, the pot games)
through the session file: the file's envelope imported, then each deal entered as the file writes it.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from conftest import field_value, gen_group
from scorekeeper.games import GAMES
from scorekeeper.services.games import pieces_of
from tests.games.sessions import VALID
from tests.reports.conftest import pdf_pages

FIVE = ("Ana", "Bea", "Cleo", "Dan", "Eva")


def post_deal(browser, token, fields, number=None):
    url = f"/s/{token}/play/deal" + (f"/{number}" if number else "")
    page = browser.get(url).get_data(as_text=True)
    data = {"idem_key": field_value(page, "idem_key"), "number": field_value(page, "number"), **fields}
    return browser.post(url, data)


def seated(got, last):
    """Rovescino's form in points: each player's card points by seat (0 unless given), who took the last."""
    return {"mode": "points", "last": last, **{f"points-{i}": str(got.get(p, 0)) for i, p in enumerate(FIVE)}}


def import_file(browser, group, doc):
    page = browser.get(f"/g/{group}/import").get_data(as_text=True)
    return browser.post(f"/g/{group}/import", {"idem_key": field_value(page, "idem_key"),
                                                "text": json.dumps(doc, ensure_ascii=False)})


def a_session(game, least=3):
    """A valid session of ``game`` with at least ``least`` deals (the first seed that gives one)."""
    for seed in range(200):
        doc = VALID[game](random.Random(seed))
        if len(doc["deals"]) >= least:
            return doc
    raise AssertionError(f"no session of {game} with {least} deals")


def sheet_text(browser, token):
    r = browser.get(f"/s/{token}/play/sheet.pdf")
    assert r.status_code == 200 and r.mimetype == "application/pdf", r.get_data(as_text=True)[:300]
    return re.sub(r"\s+", " ", " ".join(pdf_pages(r.get_data())))


def test_the_rovescino_sheet_says_the_whole_game(browser):
    group = gen_group(browser, name="Circolo di Bari", players=FIVE)
    page = browser.get(f"/g/{group}/play/rovescino").get_data(as_text=True)
    r = browser.post(f"/g/{group}/play/rovescino", {
        **{f"seat{i + 1}": name for i, name in enumerate(FIVE)}, "idem_key": field_value(page, "idem_key"),
        "opt-elimination": "true", "opt-payout": '"loser_pays_each"', "stake": "0,50", "currency": "EUR"})
    token = r.headers["Location"].split("/")[2]
    for got, last in [({"Ana": 10}, "Bea"), ({"Eva": 9}, "Eva"), ({"Ana": 10}, "Ana"), ({"Eva": 10}, "Eva")]:
        assert post_deal(browser, token, seated(got, last)).status_code == 302
    table = browser.get(f"/s/{token}/play").get_data(as_text=True)
    assert 'id="sheet-pdf"' in table
    text = sheet_text(browser, token)
    for said in ("Rovescino", "Circolo di Bari", "1. Ana", "5. Eva", "Elimination", "Yes (four players or more)",
                 "Who reaches 21 pays each player still in", "€0.50 per unit of the result",
                 "last trick: Bea", "Who pays whom"):
        assert said in text, said
    # deal 3 puts Ana on 21 (10 + 10 and the last trick): her column reads +11 then 21
    assert re.search(r"3 last trick: Ana \+11 21", text), text
    assert "The game was not over: nobody pays anything." in text
    # three are left: the next to reach 21 ends the game
    for _ in range(2):
        assert post_deal(browser, token, seated({"Bea": 10}, "Bea")).status_code == 302
    end = browser.get(f"/s/{token}/play/end").get_data(as_text=True)
    assert browser.post(f"/s/{token}/play/end", {"idem_key": field_value(end, "idem_key")}).status_code == 302
    result = browser.get(f"/s/{token}/play/result").get_data(as_text=True)
    assert 'id="sheet-pdf"' in result
    payments = [re.sub(r"<[^>]+>|\s+", " ", p).split(" pays ") for p in
                re.findall(r'<ul class="payments">(.*?)</ul>', result, re.S)[0].split("<li>")[1:]]
    text = sheet_text(browser, token)
    assert "Ended at deal 6" in text
    for payer, rest in payments:
        payee, amount = rest.split(" ", 1)
        assert re.search(rf"{payer.strip()} {payee} {re.escape(amount.strip())}", text), (payer, payee, amount, text)
    html = browser.get(f"/s/{token}/play/sheet.html").get_data(as_text=True)
    assert "<h1" in html and "Who pays whom" in html and "last trick: Bea" in html


def test_the_sheet_in_the_groups_language(browser):
    group = gen_group(browser, players=FIVE)
    doc = a_session("rovescino", 2)
    token = import_file(browser, group, doc).headers["Location"].split("/")[2]
    text = " ".join(pdf_pages(browser.get(f"/s/{token}/play/sheet.pdf?lang=it").get_data()))
    assert "Chi paga chi" in text and "Rovescino" in text


@pytest.mark.parametrize("game", ["tressette", "truc", "cacho"])
def test_a_game_of_each_family_entered_as_session_file_deals(browser, game):
    doc = a_session(game)
    group = gen_group(browser, name="Peña", players=doc["players"])
    own_form = pieces_of(game) is not None  # a game with its own deal form: the deals come in the file itself
    r = import_file(browser, group, doc if own_form else {**doc, "deals": []})
    assert r.status_code == 302, r.get_data(as_text=True)
    token = r.headers["Location"].split("/")[2]
    for deal in [] if own_form else doc["deals"]:  # each deal as the session file writes it, in the form
        r = post_deal(browser, token, {"deal": json.dumps(deal)})
        assert r.status_code == 302, r.get_data(as_text=True)
    exported = json.loads(browser.get(f"/s/{token}/play/session.json").get_data(as_text=True))
    assert exported == doc
    text = sheet_text(browser, token)
    assert GAMES[game].spec.title in text and "Peña" in text
    for k, name in enumerate(doc["players"]):
        assert f"{k + 1}. {name}" in text
    last = browser.get(f"/s/{token}/play").get_data(as_text=True)
    final = re.findall(r'class="score">(-?\d+)<', last)
    n = len(doc["deals"])
    row = re.search(rf" {n} [^+]*?((?: [+-]\d+ -?\d+)+) Each column", text)  # the last deal's line
    assert row is not None, text
    assert row.group(1).split()[1::2] == final, (row.group(1), final)


def test_a_refused_file_says_the_deal_and_field_and_stores_nothing(browser):
    doc = a_session("rovescino", 2)
    group = gen_group(browser, players=doc["players"])
    before = browser.get(f"/g/{group}").get_data(as_text=True)
    broken = {**doc, "deals": [*doc["deals"][:1], {"points": {}, "last": "Zed"}]}
    r = import_file(browser, group, broken)
    assert r.status_code == 400
    html = r.get_data(as_text=True)
    said = re.search(r"Deal 2: last: [^<]+", html)
    assert said is not None, html
    assert browser.get(f"/g/{group}").get_data(as_text=True).count("/s/") == before.count("/s/")
