"""Truthful at a glance: netted token moves, the "if we settled now" money, the paper folded.

The figures are checked against the worked example by hand (seed 000's
table in /work/shared/rules/worked-example.md), not against the code that
makes them.
"""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from conftest import DATA, gen_group, gen_hand, gen_session
from scorekeeper.games.tresillo.engine import PAPER, loads, replay
from scorekeeper.games.tresillo.views import row_view

PLAYERS = ("North", "West", "South", "East")


def worked(hands: int | None = None) -> dict:
    data = json.loads((DATA / "worked_example.json").read_text())
    if hands is not None:
        data["hands"] = data["hands"][:hands]
    return data


def hand_rows(data: dict):
    return [r for r in replay(loads(json.dumps(data))).rows if r.kind == "hand"]


# ------------------------------------------------------------------ netting


def test_hand_5_gives_one_line_per_pair():
    """East's solo with estuche and a failed bola: 13 payments, four moves at the table."""
    moves = row_view(hand_rows(worked())[4]).moves
    assert [m.text for m in moves] == [
        "East takes 19 from the plato",
        "East gives North 4",  # 1 tanto + 2 solo + 1 estuche to East, 8 bola back
        "East gives West 4",
        "East gives South 4",
    ]
    assert moves[1].reasons == (
        "tanto: North gives East 1", "solo: North gives East 2", "estuche: North gives East 1",
        "bola: East gives North 8",
    )


def test_every_hand_nets_each_pair_once_and_moves_the_bowls_it_shows():
    """For each hand: no pair of parties twice, and the netted moves change the bowls as the ledger says."""
    from scorekeeper.games.tresillo.engine import PAJARITOS, PLATO

    rows = replay(loads(json.dumps(worked()))).rows
    for before, row in zip(rows, rows[1:], strict=False):
        if row.kind != "hand":
            continue
        moves = row_view(row).moves
        pairs = Counter(frozenset((m.source, m.target)) for m in moves if PAPER not in (m.source, m.target))
        assert max(pairs.values(), default=1) == 1, row.hand
        change = Counter()
        for m in moves:
            if PAPER not in (m.source, m.target):
                change[m.source] -= m.amount
                change[m.target] += m.amount
        for i, p in enumerate(PLAYERS):
            assert change[p] == row.bowls_tuple[i] - before.bowls_tuple[i], (row.hand, p)
        assert change[PLATO] == row.plato - before.plato
        assert change[PAJARITOS] == row.pajaritos - before.pajaritos


def test_hand_6_keeps_the_paper_lines_apart():
    """Twin puestas: each loser's debt is written on the paper, never netted with a token move."""
    texts = [m.text for m in row_view(hand_rows(worked())[5]).moves]
    assert texts == ["South: 23 written on the paper", "East: 23 written on the paper"]


# ---------------------------------------------------- if we settled now


def money_on(html: str) -> list[str]:
    """The money lines, the no-break space between currency and figure read as a space."""
    return [m.replace("\u00a0", " ") for m in re.findall(r'class="sub money">([^<]+)<', html)]


def test_if_we_settled_now_starts_at_zero(browser):
    """At the start the pajaritos in the dish are everybody's: nobody has lost anything yet."""
    s = gen_session(browser, gen_group(browser))
    page = browser.get(f"/s/{s}").get_data(as_text=True)
    assert money_on(page) == ["€0.00"] * 4
    assert "If we settled now:" in page


def test_if_we_settled_now_by_hand_after_hand_4(browser):
    """After hand 4 (row 8): bowls 164 130 166 152, plato 18, dish 10, paper West 22 and South 21.

    The dishes and the paper make a pot of 18 + 10 + 22 + 21 = 71: 17 each and
    3 odd tantos to the three lowest after paying their debts (West 108,
    South 145, East 152). Finals 181 126 163 170 against 160, at 10 a tanto.
    """
    s = gen_session(browser, gen_group(browser), tanto_value="10", currency="ESP")
    for hand in worked(4)["hands"]:
        gen_hand(browser, s, hand)
    page = browser.get(f"/s/{s}").get_data(as_text=True)
    assert money_on(page) == ["+ESP 210", "−ESP 340", "+ESP 30", "+ESP 100"]


def test_if_we_settled_now_equals_the_settlement_at_the_end(browser):
    s = gen_session(browser, gen_group(browser), tanto_value="10", currency="ESP")
    for hand in worked()["hands"]:
        gen_hand(browser, s, hand)
    before = money_on(browser.get(f"/s/{s}").get_data(as_text=True))
    end = browser.get(f"/s/{s}/end").get_data(as_text=True)
    version = re.search(r'id="version" name="version" type="hidden" value="(\d+)"', end).group(1)
    assert browser.post(f"/s/{s}/end", {"paper": "settle", "version": version, "confirm": "yes",
                                        "key": "end-once"}).status_code == 302  # the end, confirmed
    settled = browser.get(f"/s/{s}/end").get_data(as_text=True)
    closed = browser.get(f"/s/{s}").get_data(as_text=True)
    # seed 000: North +190, West −120, South +50, East −120
    assert before == money_on(settled) == money_on(closed) == [
        "+ESP 190", "−ESP 120", "+ESP 50", "−ESP 120"]
    # the closed table shows the final bowls of the settlement, not the bowls before it
    assert re.findall(r'class="num final">(\d+)<', closed) == ["179", "148", "165", "148"]
    assert "Session closed" in closed


# ------------------------------------------------------------------ the paper


def test_the_paper_shows_open_debts_and_folds_the_paid_ones(browser):
    s = gen_session(browser, gen_group(browser))
    for hand in worked()["hands"]:
        gen_hand(browser, s, hand)
    page = browser.get(f"/s/{s}").get_data(as_text=True)
    owing = re.search(r'<ul class="owing">(.*?)</ul>', page, re.S).group(1)
    assert re.findall(r'data-player="(\w+)">.*?<b>(\d+)</b>', owing, re.S) == [("West", "22"), ("South", "21")]
    assert "<del" not in owing
    paid = re.search(r'<details class="paid"><summary>(.*?)</summary>(.*?)</details>', page, re.S)
    assert paid.group(1) == "2 paid"
    assert re.findall(r"(\w+): <del>(\d+)</del>, written in hand (\d)", paid.group(2)) == [
        ("South", "23", "6"), ("East", "23", "6")]


@pytest.mark.parametrize("hands", [0, 8])
def test_the_report_names_the_group_once(browser, hands):
    s = gen_session(browser, gen_group(browser))
    for hand in worked(hands)["hands"]:
        gen_hand(browser, s, hand)
    html = browser.get(f"/s/{s}/report.html").get_data(as_text=True)
    subtitle = re.search(r'<p class="subtitle">([^<]*)</p>', html).group(1)
    assert re.fullmatch(r"Tuesday table — \d{1,2} [A-Z][a-z]+ \d{4}", subtitle), subtitle  # the date as the language writes it


def test_all_hands_numbers_each_hand_once(browser):
    s = gen_session(browser, gen_group(browser))
    for hand in worked(2)["hands"]:
        gen_hand(browser, s, hand)
    page = browser.get(f"/s/{s}/hands").get_data(as_text=True)
    # newest first (the page is a window of the evening, see tests/web/test_hands_pages.py)
    assert re.findall(r'<li id="hand-(\d)"><h2>Hand (\d)</h2>', page) == [("2", "2"), ("1", "1")]
    assert "<b>1.</b>" not in page
