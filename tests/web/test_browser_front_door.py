"""Any game from the first tap, in a real browser at 390×844: from the home page a new group of six starts a
Cacho, a Tressette and a Tresillo, each in two taps from the group page (the game, then Start), with the
seats chosen from the group; in Italian, Spanish and Catalan. Then the evening names each game by its own name.

Playwright drives Debian's Chromium against a real server on 127.0.0.1 (a SQLite file). Screenshots go to
SCREENSHOT_DIR when it is set (``/work/shots/p42``). Without /usr/bin/chromium this skips locally and fails
in CI.
"""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path

import pytest

from conftest import migrated_app, served

pytestmark = pytest.mark.browser

SIX = ["Ana", "Bea", "Cleo", "Dan", "Eva", "Fede"]
SHOTS = Path(os.environ["SCREENSHOT_DIR"]) if os.environ.get("SCREENSHOT_DIR") else None
#: the game, the seats its start form offers a group of six (who sits, in deal order)
GAMES = [("cacho", SIX), ("tressette", SIX[:4]), ("tresillo", SIX[:4])]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served(migrated_app(tmp_path_factory.mktemp("front") / "front.sqlite", "front-door")) as url:
        yield url


def shot(page, language, name):
    if SHOTS is not None:
        (SHOTS / language).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / language / f"{name}.png"), full_page=True)


def fits(page, width=390):
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def stored_players(server, table_url):
    """The players of the session the table shows, as the server stores them (its session file or version)."""
    path = table_url.split(server, 1)[1].split("#")[0].split("?")[0]
    token = path.split("/")[2]
    if path.endswith("/play"):
        with urllib.request.urlopen(f"{server}/s/{token}/play/session.json") as r:
            return json.load(r)["players"]
    with urllib.request.urlopen(f"{server}/s/{token}/session.json") as r:
        return json.load(r)["players"]


@pytest.mark.parametrize("language", ["it", "es", "ca"])
def test_a_new_group_of_six_starts_any_game_in_two_taps(chromium, server, language):
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    ctx.add_cookies([{"name": "lang", "value": language, "url": server}])
    page = ctx.new_page()
    page.goto(server + "/")
    assert page.get_attribute("html", "lang") == language
    assert "Tresillo" not in page.inner_text("header.bar")  # the app is named for the family
    links = page.locator("nav.langs a")
    assert len({round(links.nth(i).bounding_box()["y"]) for i in range(links.count())}) == 1  # one row
    shot(page, language, "home")
    page.fill("#name", {"it": "Circolo", "es": "Peña", "ca": "Penya"}[language])
    page.click("form.card button[type=submit]")
    for name in SIX:
        page.fill("#add-player #name", name)
        page.click("#add-player button[type=submit]")
    group = page.url.split("#")[0].split("?")[0]
    starts = page.locator("#start a")
    titles = starts.all_inner_texts()
    assert {"Cacho", "Tressette", "Tresillo"} <= set(titles) and len(titles) == len(set(titles))
    fits(page)
    shot(page, language, "group")
    for game, seats in GAMES:
        page.goto(group)
        page.click(f"#start a[data-game={game}]")  # tap one: the game
        page.wait_for_selector("form button[type=submit].big")
        chosen = [page.input_value(f"#seat{i}") for i in range(1, len(seats) + 2) if page.locator(f"#seat{i}").count()]
        assert [c for c in chosen if c] == seats, (game, chosen)  # who sits, from the group of six, in deal order
        fits(page)
        shot(page, language, f"start-{game}")
        page.click("form.card button[type=submit].big")  # tap two: Start
        page.wait_for_url("**/s/**")
        assert stored_players(server, page.url) == seats
        fits(page)
        shot(page, language, f"table-{game}")
    # the group's recent games come first now, newest first
    page.goto(group)
    assert page.locator("#start a").all_inner_texts()[:3] == ["Tresillo", "Tressette", "Cacho"]
    shot(page, language, "group-after")
    # a table of four chosen from the six: the last table of the game is offered first, and any four may sit
    page.click("#start a[data-game=tressette]")
    for i, name in enumerate(["Eva", "Fede", "Ana", "Bea"], 1):
        page.select_option(f"#seat{i}", name)
    page.click("form.card button[type=submit].big")
    page.wait_for_url("**/s/**")
    assert stored_players(server, page.url) == ["Eva", "Fede", "Ana", "Bea"]
    # the evening: every game by its own name, the money headed with the players' names
    page.goto(group)
    page.click("#nights a.button.big")
    page.wait_for_selector("#money")
    heads = page.locator("#money thead th[data-player]").all_inner_texts()
    assert heads == SIX
    games = page.locator("#money tbody tr[data-game] th").all_inner_texts()
    assert games == ["Cacho", "Tressette", "Tresillo", "Tressette"]
    fits(page)
    shot(page, language, "evening")
    ctx.close()
