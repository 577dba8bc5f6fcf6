"""Río de la Plata truco in a real browser at 390×844: the envido chain tapped on the hand form beside
the truco, counted taps, the form photographed (SCREENSHOT_DIR) and checked by axe."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import migrated_app, served

pytestmark = pytest.mark.browser

FOUR = ["Ana", "Bea", "Cleo", "Dan"]
SHOTS = Path(os.environ["SCREENSHOT_DIR"]) if os.environ.get("SCREENSHOT_DIR") else None
AXE = (Path(__file__).resolve().parent / "vendor" / "axe.min.js").read_text()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served(migrated_app(tmp_path_factory.mktemp("truco") / "truco.sqlite", "truco")) as url:
        yield url


def test_an_envido_and_a_truco_in_one_hand(chromium, server):
    """A calls envido, B answers real envido, A wins it (5); A calls truco and wins the hand (2):
    9 taps after opening the hand (docs/rules.md, "Truco as played today")."""
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, bypass_csp=True)
    page = ctx.new_page()
    page.goto(server + "/")
    page.fill("#name", "Peña")
    page.click("text=Create group")
    for name in FOUR:
        page.fill("#add-player #name", name)
        page.click("text=Add player")
    page.goto(page.url.split("#")[0])
    page.click("a[href$='/play/truc']")
    page.check("input[name=opt-ruleset][value='\"rioplatense\"']")
    page.fill("#stake", "1")
    page.click("form.game-start button[type=submit]")
    page.wait_for_selector(".truc-tally")
    page.click("#enter-deal")
    taps = 0
    for selector in ("details.bet summary", "label.choice:has(input[name=bet-envido-1][value='0:envido'])",
                     "label.choice:has(input[name=bet-envido-2][value='1:real_envido'])",
                     "label.choice:has(input[name=bet-envido-answer][value=won-0])",
                     "button.call[data-step='1'][data-side='0']"):
        page.click(selector)
        taps += 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "truco-envido.png"), full_page=True)
    page.add_script_tag(content=AXE)
    result = page.evaluate("axe.run(document)")
    assert [v["id"] for v in result["violations"]] == []
    page.click(".end-buttons button[value=won-0]")
    taps += 1
    page.wait_for_selector("#enter-deal")
    assert taps == 6
    sides = page.locator(".truc-side .score").all_inner_texts()
    assert list(map(int, sides)) == [7, 0]
    ctx.close()
