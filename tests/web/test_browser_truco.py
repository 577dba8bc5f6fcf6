"""Río de la Plata truco in a real browser at 390×844: the envido chain tapped on the hand form beside
the truco, counted taps, the form photographed (SCREENSHOT_DIR) and checked by axe."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import migrated_app, revisit, served

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
    page.click("a[href$='/play/truc?preset=seed']")
    page.fill("#team-1", "A")
    page.fill("#team-2", "B")  # the teams as the tests name them
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


class Taps:
    """The page with every tap counted."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def tap(self, selector):
        self.page.locator(selector).click()
        self.page.wait_for_load_state()  # a tap that navigates: the page it arrives at, parsed
        self.count += 1


def shot(page, name):
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def no_axe_violations(page):
    page.add_script_tag(content=AXE)
    result = page.evaluate("axe.run(document)")
    assert result["passes"], "axe did not look"
    assert [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]] == []


def scores(page):
    return list(map(int, page.locator(".truc-side .score").all_inner_texts()))


def offered(page, step):
    """The envido buttons a step shows, as their values (``0:envido``)."""
    return page.locator(f"label.choice:visible input[name=bet-envido-{step}]").evaluate_all(
        "els => els.map(e => e.value)")


def envido(taps, calls, answer):
    """Open the envido, tap each call in order (each step offering only what may follow), then the answer."""
    taps.tap("details.bet summary")
    for k, value in enumerate(calls, start=1):
        taps.tap(f"label.choice:has(input[name=bet-envido-{k}][value='{value}'])")
    taps.tap(f"label.choice:has(input[name=bet-envido-answer][value={answer}])")


def test_a_truco_to_30_with_an_envido_and_a_falta_envido(chromium, server):
    """Río de la Plata to 30 (docs/rules.md, "Truco as played today"): A's envido, B's falta envido
    won by A is the falta from 0-0, 15 (what takes A out of the malas), and A's plain win makes 16; B
    wins a plain hand in 2 taps; B's truco A wins (2): 18-1; B's envido, A's falta envido won by A is
    now what A lacks for the game, 12: A reaches 30 and B's hand comes too late. The tally, with its malas/buenas divider,
    photographed in both themes."""
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, bypass_csp=True)
    page = ctx.new_page()
    page.goto(server + "/")
    page.fill("#name", "Boliche")
    page.click("text=Create group")
    for name in FOUR:
        page.fill("#add-player #name", name)
        page.click("text=Add player")
    page.goto(page.url.split("#")[0])
    page.click("a[href$='/play/truc?preset=seed']")
    page.fill("#team-1", "A")
    page.fill("#team-2", "B")  # the teams as the tests name them
    page.check("input[name=opt-ruleset][value='\"rioplatense\"']")
    page.fill("#stake", "1")
    page.click("form.game-start button[type=submit]")
    page.wait_for_selector(".truc-tally")
    taps = Taps(page)

    taps.tap("#enter-deal")
    taps.tap("details.bet summary")
    assert offered(page, 1) == [f"{i}:{c}" for i in "01" for c in ("envido", "real_envido", "falta_envido")]
    assert not page.locator("fieldset.bet-step[data-step='2']").is_visible()   # nothing to answer yet
    taps.tap("label.choice:has(input[name=bet-envido-1][value='0:envido'])")
    assert offered(page, 2) == ["1:envido", "1:real_envido", "1:falta_envido"]   # the other side answers
    taps.tap("label.choice:has(input[name=bet-envido-2][value='1:falta_envido'])")
    assert not page.locator("fieldset.bet-step[data-step='3']").is_visible()   # the falta ends the chain
    assert page.locator("label.choice:visible input[name=bet-envido-answer]").evaluate_all(
        "els => els.map(e => e.value)") == ["won-0", "won-1", "refused-0"]      # no quiero is A's to say
    taps.tap("label.choice:has(input[name=bet-envido-answer][value=won-0])")
    shot(page, "truco-falta-form")
    no_axe_violations(page)
    taps.tap(".end-buttons button[value=won-0]")
    page.wait_for_selector("#enter-deal")
    assert taps.count == 6 and scores(page) == [16, 0]

    before = taps.count
    taps.tap("#enter-deal")
    taps.tap(".end-buttons button[value=won-1]")
    page.wait_for_selector("#enter-deal")
    assert taps.count - before == 2 and scores(page) == [16, 1]

    before = taps.count
    taps.tap("#enter-deal")
    taps.tap("button.call[data-step='1'][data-side='1']")
    taps.tap(".end-buttons button[value=won-0]")
    page.wait_for_selector("#enter-deal")
    assert taps.count - before == 3 and scores(page) == [18, 1]
    assert [t.lower() for t in page.locator(".truc-side .half").all_inner_texts()] == ["buenas", "malas"]
    assert page.locator(".sticks .divide").count() == 2
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "truco-tally-light")
    no_axe_violations(page)
    dark = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, color_scheme="dark",
                                bypass_csp=True)
    night = dark.new_page()
    night.goto(page.url)
    assert night.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(18, 20, 18)"
    shot(night, "truco-tally-dark")
    no_axe_violations(night)

    before = taps.count
    taps.tap("#enter-deal")
    envido(taps, ["1:envido", "0:falta_envido"], "won-0")
    taps.tap(".end-buttons button[value=won-1]")
    page.wait_for_selector("#end-game")
    assert taps.count - before == 6 and scores(page) == [30, 1]    # the envido is scored first: A is out
    shot(page, "truco-over-light")
    revisit(night, page.url)  # night shows the table page has just saved to
    shot(night, "truco-over-dark")
    dark.close()
    ctx.close()


def test_the_envit_steps_follow_the_calls_as_they_change(chromium, server):
    """Truc valencià: torne only answers an envit, by the other side; changing who called the envit
    redraws the next step for the other team, and no quiero is never the last caller's to say."""
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, bypass_csp=True)
    page = ctx.new_page()
    page.goto(server + "/")
    page.fill("#name", "Casino")
    page.click("text=Create group")
    for name in FOUR:
        page.fill("#add-player #name", name)
        page.click("text=Add player")
    page.goto(page.url.split("#")[0])
    page.click("a[href$='/play/truc?preset=seed']")
    page.fill("#team-1", "A")
    page.fill("#team-2", "B")  # the teams as the tests name them
    page.check("input[name=opt-ruleset][value='\"valenciano\"']")
    page.fill("#stake", "1")
    page.click("form.game-start button[type=submit]")
    page.wait_for_selector(".truc-tally")
    assert page.locator("h1").inner_text() == "Truc valencià"
    page.click("#enter-deal")
    page.click("details.bet summary")

    def shown(name):
        return page.locator(f"label.choice:visible input[name={name}]").evaluate_all("els => els.map(e => e.value)")

    assert shown("bet-envit-1") == ["0:envit", "0:falta", "1:envit", "1:falta"]
    assert shown("bet-envit-answer") == []
    page.click("label.choice:has(input[name=bet-envit-1][value='0:envit'])")
    assert shown("bet-envit-2") == ["1:torne", "1:falta"]
    assert shown("bet-envit-answer") == ["won-0", "won-1", "refused-1"]
    page.click("label.choice:has(input[name=bet-envit-2][value='1:torne'])")
    assert shown("bet-envit-3") == ["0:falta"]
    page.click("label.choice:has(input[name=bet-envit-1][value='1:envit'])")   # B called it, not A
    assert shown("bet-envit-2") == ["0:torne", "0:falta"] and shown("bet-envit-3") == []
    assert shown("bet-envit-answer") == ["won-0", "won-1", "refused-0"]
    ctx.close()
