"""Head to head: two players over the evenings they shared, with figures worked by hand.

Four ended evenings are imported, each the worked example (at 10 ESP a tanto: North +190 / +19 tantos,
West −120 / −12, South +50 / +5, East −120 / −12) with players swapped:
1. as it is;
2. North and West swapped: North −120 (−12), West +190 (+19);
3. West and East swapped: West −120 (−12), East −120 (−12);
4. West replaced by Ana: North +190 (+19), West not at the table.
North against West shared evenings 1–3: North ahead in 1 and 3, West in 2; North 190 − 120 + 190 = +260 ESP
(+26 tantos), West −120 + 190 − 120 = −50 ESP (−5 tantos); between them North 310 ESP ahead.
West against East shared evenings 1–3: level in 1 and 3 (−12 each), West ahead in 2 (+19 to −12).
"""

from __future__ import annotations

import html
import json
import re

from conftest import gen_group


def swapped(example: dict, names: dict[str, str]) -> str:
    """The example with players renamed (both ways for a swap), ended."""
    text = json.dumps(dict(example, end={"paper": "settle", "ended": True}))
    marks = {old: f"@{i}@" for i, old in enumerate(names)}
    for old, mark in marks.items():
        text = text.replace(f'"{old}"', f'"{mark}"')
    for old, mark in marks.items():
        text = text.replace(f'"{mark}"', f'"{names[old]}"')
    return text


def evenings(browser, example) -> str:
    g = gen_group(browser, players=("North", "West", "South", "East", "Ana"))
    for names in ({}, {"North": "West", "West": "North"}, {"West": "East", "East": "West"}, {"West": "Ana"}):
        browser.get(f"/g/{g}/import")
        assert browser.post(f"/g/{g}/import", {"text": swapped(example, names)}).status_code == 302
    return g


def words(fragment: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", fragment))).strip()


def section(page: str, name: str) -> str:
    m = re.search(rf'<section class="card" id="{name}"[^>]*>(.*?)</section>', page, re.S)
    assert m, f"no {name} on the page"
    return m.group(1)


def test_north_against_west(browser, worked_example):
    g = evenings(browser, worked_example)
    r = browser.get(f"/g/{g}/versus?a=North&b=West")
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    assert "<h1>North against West</h1>" in page
    tally = words(section(page, "versus"))
    assert tally.startswith("They shared 3 evenings. North finished ahead 2 times West finished ahead once")
    assert "level" not in tally
    totals = re.findall(r'<tr data-player="(\w+)"><th scope="row">\w+</th><td class="num">([^<]+)</td>'
                        r'<td class="num">([^<]+)</td>', page)
    assert totals == [("North", "+ESP\xa0260", "+26"), ("West", "−ESP\xa050", "−5")]
    assert "Between them, North finished ESP 310 ahead of West." in tally
    rows = [words(r) for r in re.findall(r"<tr><th scope=\"row\">(.*?)</tr>", section(page, "shared"), re.S)]
    # newest first: evening 3, 2, 1 (each cell: ahead?, money, tantos)
    assert [re.sub(r"^.*? 8 hands ", "", r) for r in rows] == [
        "ahead +ESP 190 +19 tantos −ESP 120 −12 tantos",
        "−ESP 120 −12 tantos ahead +ESP 190 +19 tantos",
        "ahead +ESP 190 +19 tantos −ESP 120 −12 tantos",
    ]


def test_west_against_east_level_twice(browser, worked_example):
    g = evenings(browser, worked_example)
    page = browser.get(f"/g/{g}/versus?a=West&b=East").get_data(as_text=True)
    tally = words(section(page, "versus"))
    assert tally.startswith("They shared 3 evenings. West finished ahead once East never finished ahead "
                            "level 2 times")
    assert "Between them, West finished ESP 310 ahead of East." in tally  # −50 against −360


def test_players_who_never_shared_an_evening_and_bad_choices(browser, worked_example):
    g = evenings(browser, worked_example)
    page = browser.get(f"/g/{g}/versus?a=West&b=Ana").get_data(as_text=True)
    assert "West and Ana have not ended an evening at the same table yet." in words(section(page, "versus"))
    r = browser.get(f"/g/{g}/versus?a=West&b=West")
    assert r.status_code == 400 and "Choose two different players." in r.get_data(as_text=True)
    r = browser.get(f"/g/{g}/versus?a=West&b=Nobody")
    assert r.status_code == 400 and 'id="versus"' not in r.get_data(as_text=True)
    # the statistics lead to it, and a player's own page to each pairing
    assert f"/g/{g}/versus?a=" in browser.get(f"/g/{g}/stats").get_data(as_text=True)
    mine = browser.get(f"/g/{g}/stats?player=West").get_data(as_text=True)
    assert f"/g/{g}/versus?a=West&amp;b=North" in mine and "against North" in mine
