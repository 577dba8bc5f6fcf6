"""Names and cells a hostile player could type: a formula in the ledger, an invisible joiner, a Cyrillic "А".

On SQLite and PostgreSQL (the ``app`` fixture).
"""

from __future__ import annotations

import csv
import io
import json
import re
from decimal import Decimal, InvalidOperation
from html import unescape

from conftest import field_value, gen_group, gen_hand, gen_session, hand_fields

FORMULA_PLAYERS = ("=cmd|' /C calc'!A0", "+Bob", "-Eve", "@Ana")


def said(answer) -> str:
    return unescape(" ".join(re.findall(r'<p class="(?:lead|error)"[^>]*>([^<]+)</p>', answer.get_data(as_text=True))))


def renamed(hand: dict, names: dict[str, str]) -> dict:
    """A worked-example hand with its players renamed."""
    text = json.dumps(hand)
    for old, new in names.items():
        text = text.replace(json.dumps(old), json.dumps(new))
    return json.loads(text)


def is_number(cell: str) -> bool:
    try:
        Decimal(cell)
    except InvalidOperation:
        return False
    return True


def test_the_ledger_csv_never_starts_a_text_cell_with_a_formula(browser, worked_example):
    """OWASP's CSV injection: = + - @ tab or CR at the start of a text cell gets a single quote before it."""
    group = gen_group(browser, players=FORMULA_PLAYERS)
    token = gen_session(browser, group, players=FORMULA_PLAYERS)
    names = dict(zip(("North", "West", "South", "East"), FORMULA_PLAYERS, strict=True))
    for hand in worked_example["hands"][:4]:
        gen_hand(browser, token, renamed(hand, names), players=FORMULA_PLAYERS)
    text = browser.get(f"/s/{token}/ledger.csv").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][4:8] == ["'" + name for name in FORMULA_PLAYERS]
    dangerous = [cell for row in rows for cell in row
                 if cell[:1] in ("=", "+", "-", "@", "\t", "\r") and not is_number(cell)]
    assert not dangerous, dangerous
    assert any(cell.startswith("'=cmd") for row in rows for cell in row[8:]), "the paper or events name the player"
    # the figures stay figures: the bowls after the fourth hand, as the worked example has them
    assert rows[-1][4:8] == ["164", "130", "166", "152"]


def test_names_are_trimmed_composed_and_invisible_characters_refused(app, browser):
    group = gen_group(browser, players=("Ana", "Luis", "Marta"))
    browser.get(f"/g/{group}")
    # trimmed and composed (NFC): "Jose\u0301" is "José"
    assert browser.post(f"/g/{group}/players", {"name": "  Jose\u0301  "}).status_code == 302
    assert "José" in browser.get(f"/g/{group}").get_data(as_text=True)
    assert "already in this group" in said(browser.post(f"/g/{group}/players", {"name": "JOSÉ"}))
    for hidden in ("An\u200da", "Ana\u200b", "Lu\u00adis", "\u2060Marta", "Pe\ufeffdro"):
        answer = browser.post(f"/g/{group}/players", {"name": hidden})
        assert answer.status_code == 400, hidden
        assert "invisible character (U+" in said(answer), said(answer)
    page = browser.get(f"/g/{group}").get_data(as_text=True)
    assert "\u200d" not in page and "\u200b" not in page and "Pe\ufeffdro" not in page


def test_look_alikes_of_a_player_are_refused_with_the_reason(app, browser):
    group = gen_group(browser, players=("Ana", "Marco", "Pepe"))
    page = browser.get(f"/g/{group}").get_data(as_text=True)
    for fake, like in (("\u0410na", "Ana"), ("\u0410NA", "Ana"), ("\u039carco", "Marco"), ("Mar\u0441o", "Marco"),
                       ("\u0420\u0435\u0440\u0435", "Pepe")):
        answer = browser.post(f"/g/{group}/players", {"name": fake})
        assert answer.status_code == 400, fake
        assert f"looks the same as {like}" in said(answer) and "another alphabet" in said(answer), said(answer)
    # renaming a player into another's look-alike is refused too; renaming one to itself is not
    ids = re.findall(r'/players/(\d+)/rename', page)
    assert ids
    answer = browser.post(f"/g/{group}/players/{ids[0]}/rename", {"name": "\u041carco"})
    assert answer.status_code == 400 and "looks the same as Marco" in said(answer), said(answer)
    # a truly Cyrillic name that looks like nobody here is welcome
    assert browser.post(f"/g/{group}/players", {"name": "Анна"}).status_code == 302


def test_an_import_brings_no_look_alike_or_invisible_player(app, browser, worked_example):
    group = gen_group(browser)
    for name, reason in (("N\u043erth", "looks the same as North"), ("Ea\u200dst", "invisible character")):
        data = json.loads(json.dumps(worked_example).replace('"North"', json.dumps(name))) if "o" in name else \
            json.loads(json.dumps(worked_example).replace('"East"', json.dumps(name)))
        page = browser.get(f"/g/{group}/import").get_data(as_text=True)
        answer = browser.post(f"/g/{group}/import", {"text": json.dumps(data), "idem_key": field_value(page, "idem_key")})
        assert answer.status_code == 400 and reason in said(answer), said(answer)


def test_a_tapped_choice_with_a_trailing_space_is_refused_not_stored(app, browser, worked_example):
    group = gen_group(browser)
    token = gen_session(browser, group)
    page = browser.get(f"/s/{token}/hand").get_data(as_text=True)
    data = hand_fields(worked_example["hands"][0], ("North", "West", "South", "East"))
    data.update(declarer="South ", idem_key=field_value(page, "idem_key"), number=field_value(page, "number"))
    answer = browser.post(f"/s/{token}/hand", data)
    assert answer.status_code == 400 and "“South ” is not one of the choices" in said(answer), said(answer)
    exported = browser.get(f"/s/{token}/session.json").get_data(as_text=True)
    assert "South " not in exported and json.loads(exported)["hands"] == []
