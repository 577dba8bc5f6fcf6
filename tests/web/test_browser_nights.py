"""The evening of three games in a real browser at 390×844, with two phones.

Phone A keeps the evening: it imports the Tresillo (the worked example at 0.10 € a tanto), plays the
Rovescino and opens the evening's page; phone B joins for the Cacho only (its session link) and enters
its deal. The figures are those worked by hand in tests/web/test_nights.py. With SCREENSHOT_DIR set,
the pages, the evening's PDF (as PNG, through pdftoppm) and the share text are written there.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import urllib.request
from pathlib import Path

import pytest
from english import english_words

from conftest import DATA, migrated_app, served
from tests.web.test_nights import ROVESCINO_DEALS, SEATS

pytestmark = pytest.mark.browser

SHOTS = Path(os.environ["SCREENSHOT_DIR"]) if os.environ.get("SCREENSHOT_DIR") else None


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served(migrated_app(tmp_path_factory.mktemp("nights") / "nights.sqlite", "nights")) as url:
        yield url


def shot(page, name):
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def fits(page, width=390):
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def phone(chromium):
    return chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)


def start_game(page, group, game, seats, stake):
    page.goto(group)
    page.click(f"a[href$='/play/{game}']")
    page.wait_for_selector("form.game-start")  # the start page, not the group page still shown (a CI run
    # counted no seat selects on the old page and started the game with its default seats)
    for i in range(1, 6):
        if page.locator(f"#seat{i}").count():
            page.select_option(f"#seat{i}", seats[i - 1] if i <= len(seats) else "")
    page.fill("#stake", stake)
    page.click("form.game-start button[type=submit]")
    page.wait_for_selector("#enter-deal")
    return page.url


def test_an_evening_of_three_games_on_two_phones(chromium, server, tmp_path):
    a = phone(chromium)
    page = a.new_page()
    page.goto(server + "/")
    page.fill("#name", "Tuesday")
    page.click("text=Create group")
    for name in SEATS:
        page.fill("#add-player #name", name)
        page.click("text=Add player")
    group = page.url.split("#")[0]
    # 1. the Tresillo: the worked example, still being played
    doc = json.loads((DATA / "worked_example.json").read_text())
    doc.update(currency="EUR", tanto_value="0.10")
    doc.pop("end")
    page.goto(group + "/import")
    page.fill("textarea[name=text]", json.dumps(doc))
    page.click("form button[type=submit]:has-text('Import')")
    page.wait_for_url(re.compile(r"/s/"))
    # 2. the Rovescino, its three deals on phone A
    start_game(page, group, "rovescino", SEATS, "0.50")
    for deal in ROVESCINO_DEALS:
        page.click("#enter-deal")
        page.wait_for_selector(".deal-form")
        for name, value in deal["points"].items():
            page.fill(f"#points-{SEATS.index(name)}", str(value))
        page.click(f"label.choice:has(input[name=last][value={deal['last']}])")
        page.click(".deal-form button[type=submit]")
        page.wait_for_selector("#enter-deal, #end-game")
    # 3. the Cacho: started on phone A, its link opened on phone B, which enters the deal
    cacho = start_game(page, group, "cacho", ["West", "South", "North"], "0.10")
    b = phone(chromium)
    other = b.new_page()
    other.goto(cacho)
    other.click("#enter-deal")  # Cacho's own hand form: steppers, "everyone matches", folds, the winner
    other.wait_for_selector(".deal-form")
    other.wait_for_load_state()  # its script (deferred) runs the steppers: tap them once it has
    three = ["West", "South", "North"]

    def row(r, player):
        return f"#round-{r} .stake-row[data-seat='{three.index(player)}']"

    other.click("#round-1 button.match")
    other.click(f"{row(1, 'North')} label.fold")
    other.click("#round-2 button.match")
    for _ in range(6):
        other.click(f"{row(3, 'West')} button.more")
    other.click("#round-3 button.match")
    assert other.inner_text("#pot-total") == "18"  # CACHO_DEALS[0]: 1 + 1, 2 + 2, 6 + 6
    other.click("label.choice:has(input[name=winner][value=South])")
    fits(other)
    shot(other, "phone-b-cacho-deal")
    other.click(".deal-form button[type=submit]")
    other.wait_for_selector(".pot-now")
    shot(other, "phone-b-cacho-table")
    assert group.rsplit("/", 1)[1] not in other.content()  # phone B has the Cacho's link only, not the group's
    # phone A, still on the Cacho's table, follows B's save by reloading (follow.js polls every 3 s); let that
    # reload land first, or it aborts the navigation below
    page.wait_for_selector("#deal-1", timeout=15_000)
    page.wait_for_load_state()
    # the evening's page on phone A
    page.goto(group)
    page.click("#nights a.button.big")
    page.wait_for_selector("#money")
    evening_url = page.url.split("#")[0]
    # a row per game (and the total), a column per player headed with the player's name
    heads = page.locator("#money thead th[data-player]").evaluate_all("hs => hs.map(h => h.textContent)")
    rows = [[re.sub(r"\s+", " ", c).strip() for c in row.locator("td").all_inner_texts()]
            for row in page.locator("#money tbody tr").all()]
    money = {name: [row[i] for row in rows] for i, name in enumerate(heads)}
    assert money == {"North": ["+1.90", "−1.50", "0.00", "+0.40"],  # one currency: named once, in the heading
                     "West": ["−1.20", "+0.50", "−0.90", "−1.60"],
                     "South": ["+0.50", "+0.50", "+0.90", "+1.90"],
                     "East": ["−1.20", "+0.50", "—", "−0.70"]}
    assert page.inner_text("#money thead th:first-child").endswith("(€)")
    assert [re.sub(r"\s+", " ", t).strip() for t in page.locator("#settlement .night-pay li").all_inner_texts()] == [
        "West pays South €1.60", "East pays North €0.40", "East pays South €0.30"]
    fits(page)
    shot(page, "evening-open")
    # ending the evening settles everything at once
    page.click("#end-night button[type=submit]")
    page.wait_for_selector("#share-text")
    assert page.locator("#end-night").count() == 0
    share = page.locator("#share-text").inner_text()
    assert share.splitlines()[-3:] == ["West pays South €1.60", "East pays North €0.40", "East pays South €0.30"]
    fits(page)
    shot(page, "evening-ended")
    pdf = urllib.request.urlopen(page.url.split("#")[0] + "/report.pdf").read()
    assert pdf.startswith(b"%PDF")
    if SHOTS is not None:
        (SHOTS / "share.txt").write_text(share + "\n", encoding="utf-8")
        (SHOTS / "evening.pdf").write_bytes(pdf)
        if shutil.which("pdftoppm"):
            subprocess.run(["pdftoppm", "-png", "-r", "60", str(SHOTS / "evening.pdf"), str(SHOTS / "evening-pdf")],
                           check=True)
    # statistics across games, now that every game has ended
    page.goto(group + "/stats")
    assert "+€1.90" in page.locator("#money tr[data-player=South]").inner_text()
    fits(page)
    shot(page, "statistics")
    # the same pages in Spanish, Italian and French: no English word left
    for language in ("es", "it", "fr"):
        a.add_cookies([{"name": "lang", "value": language, "url": server}])
        for where in (evening_url, group + "/stats"):
            page.goto(where)
            words = " ".join([page.inner_text("main"), page.title()])
            assert english_words(words) == [], (language, where, english_words(words))
        shot(page, f"{language}-statistics")
    page.goto(evening_url)
    assert re.search(r"West paie 1,60\s€ à South", page.inner_text("#settlement"))
    shot(page, "fr-evening")
    a.close()
    b.close()
