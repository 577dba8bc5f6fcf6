"""A group of five plays Rovescino with elimination in a real browser at 390×844, in Italian and Spanish.

Playwright drives Debian's Chromium against a real server on 127.0.0.1 (a SQLite file). The
screenshots go to SCREENSHOT_DIR when it is set. Without /usr/bin/chromium this skips locally and
fails in CI.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import urllib.request
from pathlib import Path

import pytest

from conftest import migrated_app, served
from tests.reports.conftest import pdf_pages

pytestmark = pytest.mark.browser

FIVE = ["Ana", "Bea", "Cleo", "Dan", "Eva"]
SHOTS = Path(os.environ["SCREENSHOT_DIR"]) if os.environ.get("SCREENSHOT_DIR") else None


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served(migrated_app(tmp_path_factory.mktemp("games") / "games.sqlite", "games")) as url:
        yield url


def shot(page, name):
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def stored_deals(table_url):
    """The deals as the server stores them (its session file), read past the browser and its network."""
    with urllib.request.urlopen(table_url + "/session.json") as r:
        return json.load(r)["deals"]


def fits(page, width=390):
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def by_points(page, points, last):
    """The deal form in points: each player still in (by name), and who took the last trick."""
    page.click("#enter-deal")
    page.wait_for_selector(".deal-form")
    for name, value in points.items():
        page.fill(f"#points-{FIVE.index(name)}", str(value))
    page.click(f"label.choice:has(input[name=last][value={last}])")
    page.click(".deal-form button[type=submit]")
    page.wait_for_selector("#enter-deal, #end-game")


def scores(page):
    return dict(zip(page.locator(".scores .name").all_inner_texts(),
                    map(int, page.locator(".scores .score").all_inner_texts()), strict=True))


def test_five_play_rovescino_with_elimination_to_the_end(chromium, server):
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    page = ctx.new_page()
    page.goto(server + "/")
    page.fill("#name", "Circolo")
    page.click("text=Create group")
    for name in FIVE:
        page.fill("#add-player #name", name)
        page.click("text=Add player")
    group = page.url.split("#")[0]
    ctx.add_cookies([{"name": "lang", "value": "it", "url": server}])
    page.goto(group)
    page.click("a[href$='/play/rovescino']")
    page.click("label.choice:has(input[name=opt-elimination][value=true])")
    page.fill("#stake", "0,50")
    fits(page)
    shot(page, "it-start")
    page.click("form.game-start button[type=submit]")
    page.wait_for_selector(".scores")
    table = page.url

    by_points(page, {"Ana": 10, "Bea": 0, "Cleo": 0, "Dan": 0, "Eva": 0}, "Bea")
    by_points(page, {"Ana": 0, "Bea": 0, "Cleo": 0, "Dan": 0, "Eva": 9}, "Eva")
    # deal 3 in aces and thirds: Eva's count is left for the page to fill in
    page.click("#enter-deal")
    page.click("label.choice:has(input[name=mode][value=cards])")
    for seat, (aces, thirds) in enumerate([(4, 20), (0, 0), (0, 0), (0, 0)]):
        page.fill(f"#aces-{seat}", str(aces))
        page.fill(f"#thirds-{seat}", str(thirds))
    assert page.input_value("#aces-4") == "0" and page.input_value("#thirds-4") == "0"
    page.click("label.choice:has(input[name=last][value=Ana])")
    fits(page)
    shot(page, "it-deal-cards")
    page.click(".deal-form button[type=submit]")
    page.wait_for_selector("#enter-deal")
    assert scores(page) == {"Ana": 21, "Bea": 1, "Cleo": 0, "Dan": 0, "Eva": 10}
    assert page.locator(".scores li.out .name").all_inner_texts() == ["Ana"]
    # a wrong total is told next to the field, nothing saved
    page.click("#enter-deal")
    for name in ("Bea", "Cleo", "Dan", "Eva"):
        page.fill(f"#points-{FIVE.index(name)}", "9")
    page.click("label.choice:has(input[name=last][value=Eva])")
    page.click(".deal-form button[type=submit]")
    page.wait_for_selector("#points-error")  # the server's page, shown by the outbox
    fits(page)
    shot(page, "it-deal-refused")
    page.goto(table)
    by_points(page, {"Bea": 0, "Cleo": 0, "Dan": 0, "Eva": 10}, "Eva")
    assert page.locator(".scores li.out").count() == 2
    # the fix of deal 2: Eva had 10 card points, not 9
    page.click("#deal-2 a.fix")
    page.fill("#points-4", "10")
    page.click(".deal-form button[type=submit]")
    page.wait_for_selector("#enter-deal")
    assert scores(page)["Eva"] == 22
    assert "Bea" in page.locator(".scores li.dealer .name").inner_text()  # Dan dealt deal 4; Eva is out
    fits(page)
    shot(page, "it-table")
    # deal 5 saved with the network gone: kept on the phone, then saved once when the network returns
    page.goto(table)
    page.wait_for_function("() => navigator.serviceWorker && !!navigator.serviceWorker.controller")
    page.click("#enter-deal")
    page.wait_for_selector(".deal-form")
    ctx.set_offline(True)
    for name, value in {"Bea": 10, "Cleo": 0, "Dan": 0}.items():
        page.fill(f"#points-{FIVE.index(name)}", str(value))
    page.click("label.choice:has(input[name=last][value=Bea])")
    page.click(".deal-form button[type=submit]")
    page.wait_for_selector(".kept-list .kept-pending")
    assert "Smazzata 5" in page.inner_text(".kept-list")
    assert len(stored_deals(table)) == 4  # nothing reached the server
    fits(page)
    shot(page, "it-offline-kept")
    ctx.set_offline(False)
    page.wait_for_selector(".kept-list", state="detached", timeout=20000)
    page.goto(table)
    assert len(stored_deals(table)) == 5 and stored_deals(table)[4] == {"points": {"Bea": 10, "Cleo": 0, "Dan": 0},
                                                                        "last": "Bea"}
    assert scores(page)["Bea"] == 12
    by_points(page, {"Bea": 10, "Cleo": 0, "Dan": 0}, "Bea")
    assert page.locator("#end-game").is_visible()
    page.click("#end-game")
    page.click("form button[type=submit]")
    page.wait_for_selector(".payments")
    payments = page.locator(".payments li").all_inner_texts()
    assert [re.sub(r"\s+", " ", p).strip() for p in payments] == [
        "Ana paga a Cleo 1,50 €", "Ana paga a Dan 0,50 €", "Eva paga a Dan 1,00 €"]
    fits(page)
    shot(page, "it-result")
    # the printed sheet, linked from the result: the whole game, read back, and drawn as PNG
    pdf = page.request.get(server + page.locator("#sheet-pdf").get_attribute("href") + "?lang=it").body()
    text = re.sub(r"\s+", " ", " ".join(pdf_pages(pdf)))
    for said in ("Rovescino", "Circolo", "1. Ana", "Chi paga chi", "Ana Cleo 1,50 €", "Eva Dan 1,00 €"):
        assert said in text, (said, text)
    assert len(re.findall(r"ultima presa", text)) == 6  # every deal, in one line each
    if SHOTS is not None:
        (SHOTS / "it-sheet.pdf").write_bytes(pdf)
        subprocess.run(["pdftoppm", "-png", "-r", "70", str(SHOTS / "it-sheet.pdf"), str(SHOTS / "it-sheet")],
                       check=True)
    ctx.add_cookies([{"name": "lang", "value": "es", "url": server}])
    page.reload()
    payments = page.locator(".payments li").all_inner_texts()
    assert re.sub(r"\s+", " ", payments[0]).strip() == "Ana paga a Cleo 1,50 €"
    fits(page)
    shot(page, "es-result")
    page.goto(table)
    fits(page)
    shot(page, "es-table")
    page.set_viewport_size({"width": 320, "height": 700})
    fits(page, 320)
    page.goto(group)  # the group page lists the game, ended, among its other games
    assert "Rovescino" in page.locator("#games").inner_text()
    fits(page, 320)
    shot(page, "es-group-320")
    ctx.close()
