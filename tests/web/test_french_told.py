"""A French points evening entered at the table by how a hand ended (no tricks), where French can pay it.

Three players N, W, S, 100 tokens each, entrada 5, codillo ×3; N deals hand 1, W hand 2:
1. West's entrada, "won": North and South pay West 5 (N 95, W 110, S 95).
2. South's entrada, codillo made by North: South pays North 15 (N 110, W 110, S 80).
A told puesta is refused next to "How it ended", and nothing is saved.
"""

from __future__ import annotations

import re

from conftest import field_value, gen_group, gen_session

PLAYERS = ("N", "W", "S")


def told(browser, s: str, **fields) -> object:
    page = browser.get(f"/s/{s}/hand").get_data(as_text=True)
    data = {"contract": "entrada", "idem_key": field_value(page, "idem_key"), "number": field_value(page, "number"),
            **fields}
    return browser.post(f"/s/{s}/hand", data)


def bowls(browser, s: str) -> list[int]:
    return [int(x) for x in re.findall(r'class="num bowl">(\d+)', browser.get(f"/s/{s}").get_data(as_text=True))]


def test_french_hands_told_by_how_they_ended(browser):
    g = gen_group(browser, players=PLAYERS)
    s = gen_session(browser, g, players=PLAYERS, rules="french", start_tokens="100")
    form = browser.get(f"/s/{s}/hand").get_data(as_text=True)
    assert re.findall(r'name="result"[^>]* value="(\w+)"', form) == ["sacado", "codillo", "tricks"]
    assert told(browser, s, declarer="W", result="sacado").status_code == 302
    assert bowls(browser, s) == [95, 110, 95]
    assert told(browser, s, declarer="S", result="codillo", winner="N").status_code == 302
    assert bowls(browser, s) == [110, 110, 80]
    r = told(browser, s, declarer="N", result="puesta")
    assert r.status_code == 400 and bowls(browser, s) == [110, 110, 80]
