"""Briscola through the platform's pages (the test client, SQLite and PostgreSQL): started from the group page,
deals entered on its form (a blank side gets the rest of 120), a bad deal told next to its field, a deal fixed,
the match ended and paid, the printed sheet read back, the session file replayed, every language."""

from __future__ import annotations

import io
import json
import re
from html import unescape
from typing import Any

from scorekeeper.cli import main
from tests.conftest import field_value, gen_group
from tests.reports.conftest import pdf_pages

FOUR = ("Ana", "Bea", "Cleo", "Dan")


def errors_on(html: str) -> dict[str, str]:
    found = re.finditer(r'id="([\w-]+)-error"><p class="error" role="alert">([^<]*)<', html)
    return {m.group(1): unescape(m.group(2)) for m in found}


def start(browser: Any, players: tuple[str, ...], **fields: str) -> Any:
    group = gen_group(browser, players=players)
    page = browser.get(f"/g/{group}/play/briscola").get_data(as_text=True)
    data = {f"seat{i + 1}": name for i, name in enumerate(players)}
    data.update({"idem_key": field_value(page, "idem_key"), "opt-wins": "2", "stake": "0,50", "currency": "EUR"})
    data.update(fields)
    return browser.post(f"/g/{group}/play/briscola", data)


def token_of(response: Any) -> str:
    assert response.status_code == 302, response.get_data(as_text=True)
    return str(response.headers["Location"].split("/")[2])


def post_deal(browser: Any, token: str, fields: dict[str, str], number: int | None = None) -> Any:
    url = f"/s/{token}/play/deal" + (f"/{number}" if number else "")
    page = browser.get(url).get_data(as_text=True)
    return browser.post(url, {"idem_key": field_value(page, "idem_key"), "number": field_value(page, "number"),
                              **fields})


def deals_of(browser: Any, token: str) -> list[dict[str, Any]]:
    doc: dict[str, Any] = json.loads(browser.get(f"/s/{token}/play/session.json").get_data(as_text=True))
    return list(doc["deals"])


def test_four_play_a_match_fix_a_deal_end_and_pay(browser, tmp_path):
    token = token_of(start(browser, FOUR))
    assert post_deal(browser, token, {"points-0": "70", "points-1": ""}).status_code == 302  # B gets the rest
    assert post_deal(browser, token, {"annulled": "1"}).status_code == 302
    assert deals_of(browser, token) == [{"points": {"A": 70, "B": 50}}, {"annulled": True}]
    html = browser.get(f"/s/{token}/play").get_data(as_text=True)
    assert re.findall(r'class="score">(\d+)<', html) == ["1", "0"] and "needs 1 deal" in html
    assert "Ana, Cleo" in html and "needs 2 deals" in html

    r = post_deal(browser, token, {"points-0": "70", "points-1": "60"})  # 130: the engine refuses, nothing saved
    assert r.status_code == 400 and "add up to 120, not 130" in errors_on(r.get_data(as_text=True))["points-0"]
    r = post_deal(browser, token, {"points-0": "sixty"})
    assert r.status_code == 400 and "whole number" in errors_on(r.get_data(as_text=True))["points-0"]
    assert len(deals_of(browser, token)) == 2

    assert post_deal(browser, token, {"points-0": "40", "points-1": "80"}, number=1).status_code == 302  # a fix
    assert deals_of(browser, token)[0] == {"points": {"A": 40, "B": 80}}
    assert post_deal(browser, token, {"points-0": "", "points-1": "61"}).status_code == 302
    assert browser.get(f"/s/{token}/play/deal").status_code == 302  # B has won 2: over
    result = browser.get(f"/s/{token}/play/result").get_data(as_text=True)
    assert "a side won the deals it needed" in result
    money = dict(re.findall(r"<li><span>([^<]+)</span> <b>([^<]+)</b></li>", result))
    assert {k: unescape(v) for k, v in money.items()} == {"Ana": "−€0.50", "Bea": "+€0.50", "Cleo": "−€0.50",
                                                         "Dan": "+€0.50"}, money
    payments = re.findall(r"<li>(\w+) pays (\w+) <b>([^<]+)</b>", result)
    assert sorted((payer, payee) for payer, payee, _ in payments) == [("Ana", "Bea"), ("Cleo", "Dan")], payments

    pdf = browser.get(f"/s/{token}/play/sheet.pdf")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    text = re.sub(r"\s+", " ", " ".join(pdf_pages(pdf.get_data())))
    assert "Briscola" in text and "Who pays whom" in text and "A 40 · B 80" in text and "Annulled" in text

    path = tmp_path / "briscola.json"
    path.write_bytes(browser.get(f"/s/{token}/play/session.json").get_data())
    out = io.StringIO()
    assert main(["replay", str(path), "--json"], out=out) == 0
    said = json.loads(out.getvalue())
    assert said["result"]["winners"] == ["Bea", "Dan"] and said["result"]["money"]["Ana"] == "-0.50"
    assert [d["scores"]["B"] for d in said["deals"]] == [1, 1, 2]


def test_two_play_alone_and_each_page_speaks_every_language(browser):
    token = token_of(start(browser, ("Ana", "Bea"), **{"opt-wins": "1"}))
    html = browser.get(f"/s/{token}/play/deal").get_data(as_text=True)
    assert 'name="points-0"' in html and 'name="points-1"' in html and 'name="points-2"' not in html
    assert post_deal(browser, token, {"points-0": "59", "points-1": "61"}).status_code == 302
    words = {"en": "won the match", "es": "ganó la partida", "fr": "a gagné la partie", "it": "ha vinto la partita",
             "ca": "ha guanyat la partida"}
    for language, said in words.items():
        browser.client.set_cookie("lang", language)
        assert said in browser.get(f"/s/{token}/play").get_data(as_text=True), language
        page = browser.get(f"/s/{token}/play/result").get_data(as_text=True)
        assert f'lang="{language}"' in page


def test_a_bad_start_is_told_next_to_its_field(browser):
    r = start(browser, ("Ana", "Bea", "Cleo"))
    assert r.status_code == 400 and "2, 4 players, not 3" in errors_on(r.get_data(as_text=True))["seat1"]
    r = start(browser, FOUR, **{"opt-wins": "9"})
    said = errors_on(r.get_data(as_text=True))
    assert r.status_code == 400 and "Choose one of the answers shown." in said["opt-wins"]
