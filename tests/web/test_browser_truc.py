"""Four play a game of Truc to the end in a real browser at 390×844: plain hands, a fold, a tied trick.

Every tap is counted (a plain hand from the table is 2: enter the hand, tap the winner). The tally is
photographed in the light and the dark theme into SCREENSHOT_DIR when it is set, and axe finds nothing
on the table, the hand form and the result page in either theme.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from conftest import migrated_app, revisit, served

pytestmark = pytest.mark.browser

FOUR = ["Ana", "Bea", "Cleo", "Dan"]
SHOTS = Path(os.environ["SCREENSHOT_DIR"]) if os.environ.get("SCREENSHOT_DIR") else None
AXE = (Path(__file__).resolve().parent / "vendor" / "axe.min.js").read_text()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served(migrated_app(tmp_path_factory.mktemp("truc") / "truc.sqlite", "truc")) as url:
        yield url


class Taps:
    """The page with every tap counted."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def tap(self, selector):
        """One tap; when it navigates, the page it arrives at is loaded before anything reads it (a click returns
        once the new page's address is committed, its document maybe not yet parsed)."""
        self.page.locator(selector).click()
        self.page.wait_for_load_state()
        self.count += 1


def shot(page, name):
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def fits(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def no_axe_violations(page):
    page.add_script_tag(content=AXE)
    result = page.evaluate("axe.run(document)")
    assert result["passes"], "axe did not look"
    assert [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]] == []


def scores(page):
    return dict(zip(page.locator(".truc-side .name").evaluate_all("els => els.map(e => e.firstChild.textContent)"),
                    map(int, page.locator(".truc-side .score").all_inner_texts()), strict=True))


def plain(taps, side):
    """A hand nobody raised: enter it, tap its winner."""
    before = taps.count
    taps.tap("#enter-deal")
    taps.tap(f".end-buttons button[value=won-{side}]")
    taps.page.wait_for_selector("#enter-deal, #end-game")
    assert taps.count - before == 2


def test_four_play_truc_to_the_end_with_a_fold_and_a_tied_trick(chromium, server):
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, bypass_csp=True)
    page = ctx.new_page()
    page.goto(server + "/")
    page.fill("#name", "Penya")
    page.click("text=Create group")
    for name in FOUR:
        page.fill("#add-player #name", name)
        page.click("text=Add player")
    group = page.url.split("#")[0]
    page.goto(group)
    page.click("a[href$='/play/truc?preset=seed']")
    page.fill("#team-1", "A")
    page.fill("#team-2", "B")  # the teams as the tests name them
    page.fill("#stake", "1")
    page.click("form.game-start button[type=submit]")
    page.wait_for_selector(".truc-tally")
    taps = Taps(page)

    plain(taps, 0)
    plain(taps, 1)
    # A calls truc, B raises to 6, A folds: B takes 3 (the value before the refused raise)
    before = taps.count
    taps.tap("#enter-deal")
    assert page.locator("button.fold:visible").count() == 0
    taps.tap("button.call[data-step='1'][data-side='0']")
    taps.tap("button.call[data-step='2'][data-side='1']")
    assert page.locator("button.call:visible").all_inner_texts() == ["A raises to 9"]
    assert page.locator(".worth .value").inner_text() == "6"
    assert page.locator("button.fold:visible").inner_text().startswith("A folded")
    fits(page)
    shot(page, "truc-hand-calls")
    no_axe_violations(page)
    taps.tap("button.fold:visible")
    page.wait_for_selector("#enter-deal")
    assert taps.count - before == 4
    assert scores(page) == {"A": 1, "B": 4}
    # B calls truc, accepted; the first trick tied, A takes the second: A takes 3
    before = taps.count
    taps.tap("#enter-deal")
    taps.tap("button.call[data-step='1'][data-side='1']")
    taps.tap(".by-tricks summary")
    taps.tap(".trick[data-trick='1'] label.choice:has(input[value=tie])")
    taps.tap(".trick[data-trick='2'] label.choice:has(input[value='0'])")
    assert not page.locator(".trick[data-trick='3']").is_visible()  # decided: the third is not played
    shot(page, "truc-hand-tricks")
    taps.tap(".by-tricks-save")
    page.wait_for_selector("#enter-deal")
    assert taps.count - before == 6
    assert scores(page) == {"A": 4, "B": 4}
    assert "B: truc (3) · tricks: tie, A" in page.locator(".deals li").first.inner_text()
    for _ in range(2):
        plain(taps, 1)
    assert scores(page) == {"A": 4, "B": 6}
    fits(page)
    shot(page, "truc-tally-light")
    no_axe_violations(page)
    dark = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, color_scheme="dark",
                                bypass_csp=True)
    night = dark.new_page()
    night.goto(page.url)
    assert night.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(18, 20, 18)"
    assert night.locator(".sticks .lit").count() == 10
    shot(night, "truc-tally-dark")
    no_axe_violations(night)
    # A raises to 9 after B's truc and 6, B accepts, A takes two tricks: A reaches 13
    taps.tap("#enter-deal")
    taps.tap("button.call[data-step='1'][data-side='1']")
    taps.tap("button.call[data-step='2'][data-side='0']")
    taps.tap("button.call[data-step='3'][data-side='1']")
    taps.tap("button.undo-call")  # B did not go to 9: A did not answer yet
    assert page.locator(".worth .value").inner_text() == "6"
    taps.tap("button.call[data-step='3'][data-side='1']")
    assert page.locator(".worth .value").inner_text() == "9"
    taps.tap(".end-buttons button[value=won-0]")
    page.wait_for_selector("#end-game")
    assert scores(page) == {"A": 13, "B": 6}
    shot(page, "truc-over-light")
    taps.tap("#end-game")
    taps.tap("form button[type=submit]")
    page.wait_for_selector(".payments")
    payments = [re.sub(r"\s+", " ", p).strip() for p in page.locator(".payments li").all_inner_texts()]
    assert payments == ["Bea pays Ana €1.00", "Dan pays Cleo €1.00"]
    assert "Tonight: Ana, Cleo 1 – 0 Bea, Dan" in page.locator(".versus").inner_text()
    fits(page)
    shot(page, "truc-result-light")
    no_axe_violations(page)
    revisit(night, page.url)  # night shows the table page has just saved to
    shot(night, "truc-result-dark")
    no_axe_violations(night)
    # the revancha: one tap, the same teams at 0-0
    taps.tap("#again")
    page.wait_for_selector(".truc-tally")
    assert scores(page) == {"A": 0, "B": 0}
    assert page.locator(".truc-side .members").all_inner_texts() == ["Ana, Cleo", "Bea, Dan"]
    dark.close()
    ctx.close()


def test_a_target_in_halves_draws_malas_and_buenas(chromium, server, monkeypatch):
    """A ruleset played to 30 in halves (as Río de la Plata's is): rules with the halves flag draw the line.

    The seed's games have no such ruleset yet: one is made here from Truc's rules, to 30."""
    from dataclasses import replace

    from scorekeeper.games import GAMES
    from scorekeeper.games.truc import engine, tally, views

    thirty = replace(engine.TRUC_RULES, target=30)
    GAMES["truc"]  # loaded, then replaced among the registry's loaded games
    monkeypatch.setitem(GAMES._loaded, "truc", engine.game_of(engine.TRUC_SPEC, thirty))
    monkeypatch.setitem(tally.RULES, "truc", thirty)
    monkeypatch.setattr(views, "halves", lambda rules: rules.target == 30)
    monkeypatch.setattr(views.forms, "rules_of", lambda game, options=None: thirty)  # the start form sends ruleset=seed
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, bypass_csp=True)
    page = ctx.new_page()
    page.goto(server + "/")
    page.fill("#name", "Boliche")
    page.click("text=Create group")
    for name in FOUR:
        page.fill("#add-player #name", name)
        page.click("text=Add player")
    page.click("a[href$='/play/truc?preset=seed']")
    page.fill("#team-1", "A")
    page.fill("#team-2", "B")  # the teams as the tests name them
    page.click("form.game-start button[type=submit]")
    page.wait_for_selector(".truc-tally")
    taps = Taps(page)
    for k, side in ((4, "0"), (2, "0"), (3, "1")):  # A 12, A 18: buenas; B 9: still in malas
        taps.tap("#enter-deal")
        for step in range(1, k + 1):
            taps.tap(f"button.call[data-step='{step}']:visible" + (f"[data-side='{side}']" if step == 1 else ""))
        taps.tap(f".end-buttons button[value=won-{side}]")
        page.wait_for_selector("#enter-deal")
    assert scores(page) == {"A": 18, "B": 9}
    assert page.locator(".truc-side .half").all_inner_texts() == ["BUENAS", "MALAS"]
    assert page.locator(".sticks .divide").count() == 2
    assert page.locator(".truc-side .to-go").all_inner_texts() == ["needs 12", "needs 21"]
    fits(page)
    shot(page, "truc-30-light")
    no_axe_violations(page)
    dark = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, color_scheme="dark",
                                bypass_csp=True)
    night = dark.new_page()
    night.goto(page.url)
    shot(night, "truc-30-dark")
    no_axe_violations(night)
    dark.close()
    ctx.close()


def test_without_a_script_the_calls_are_two_lists_and_every_ending_a_button(chromium, server):
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = ctx.new_page()
    page.goto(server + "/")
    page.fill("#name", "Sense script")
    page.click("text=Create group")
    for name in FOUR:
        page.fill("#add-player #name", name)
        page.click("text=Add player")
    page.click("a[href$='/play/truc?preset=seed']")
    page.fill("#team-1", "A")
    page.fill("#team-2", "B")  # the teams as the tests name them
    page.click("form.game-start button[type=submit]")
    page.click("#enter-deal")
    page.wait_for_selector("#first")
    assert not page.locator("button.call").first.is_visible()  # the call buttons need the script
    page.select_option("#first", "1")
    page.select_option("#raises", "2")
    page.click("button.fold[data-side='1']")  # B called truc, A raised to 6, B folded: A takes 3
    page.wait_for_selector("#enter-deal")
    assert scores(page) == {"A": 3, "B": 0}
    fits(page)
    shot(page, "truc-nojs-table")
    ctx.close()
