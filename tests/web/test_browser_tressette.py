"""Tressette and Terziglio at a real table: Chromium at 390×844, in Italian and Spanish.

A Tressette partita with a plain deal, a declaration and a claim that fails; another ended by a
cappotto; a Terziglio evening paid every deal. The taps are counted: a plain deal takes 4 from the
table page, a claim 2, a special ending 2. Every page of these games is checked with axe-core.
The screenshots go to SCREENSHOT_DIR when it is set.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from conftest import migrated_app, served

pytestmark = pytest.mark.browser

FOUR = ["Ana", "Bea", "Cleo", "Dan"]
SHOTS = Path(os.environ["SCREENSHOT_DIR"]) if os.environ.get("SCREENSHOT_DIR") else None
AXE = (Path(__file__).resolve().parent / "vendor" / "axe.min.js").read_text()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served(migrated_app(tmp_path_factory.mktemp("tressette") / "t.sqlite", "tressette")) as url:
        yield url


class Table:
    """A phone at the table: it counts every tap, and checks each page it shows with axe."""

    def __init__(self, chromium, server, lang):
        self.ctx = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1,
                                        bypass_csp=True)
        self.page = self.ctx.new_page()
        self.server, self.lang, self.taps, self.problems = server, lang, 0, {}

    def tap(self, selector):
        self.taps += 1
        self.page.click(selector)
        self.page.wait_for_load_state()  # a tap that navigates: the page it arrives at, parsed

    def chip(self, name, value):
        self.tap(f"label.choice:has(input[name='{name}'][value='{value}'])")

    def look(self, name):
        """The page fits the phone, axe finds nothing on it, and its screenshot is kept."""
        page = self.page
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, name
        page.add_script_tag(content=AXE)
        found = page.evaluate("axe.run(document)")["violations"]
        if found:
            self.problems[name] = [f"{v['id']}: {[n['target'] for n in v['nodes']][:3]}" for v in found]
        if SHOTS is not None:
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"{self.lang}-{name}.png"), full_page=True)

    def group(self, name, players):
        page = self.page
        page.goto(self.server + "/")
        page.fill("#name", name)
        page.click("text=Create group")
        for p in players:
            page.fill("#add-player #name", p)
            page.click("text=Add player")
        url = page.url.split("#")[0]
        self.ctx.add_cookies([{"name": "lang", "value": self.lang, "url": self.server}])
        page.goto(url)
        return url

    def start(self, group, game, *chips):
        self.page.goto(group)
        self.page.click(f"a[href$='/play/{game}']")
        for name, value in chips:
            self.page.click(f"label.choice:has(input[name='{name}'][value='{value}'])")
        self.page.fill("#stake", "0,50")
        self.look(f"{game}-start")
        self.page.click("form.game-start button[type=submit]")
        self.page.wait_for_selector(".scores")

    def scores(self):
        return [int(s) for s in self.page.locator(".scores .score").all_inner_texts()]


def test_tressette_a_declaration_a_false_claim_then_a_cappotto(chromium, server):
    t = Table(chromium, server, "it")
    page = t.page
    group = t.group("Circolo", FOUR)
    t.start(group, "tressette")
    assert "Ana" in page.locator("#turn").inner_text() and "Bea" in page.locator("#turn").inner_text()
    t.look("table-new")

    # a plain deal: enter, who took the last trick, one side's points, save
    t.taps = 0
    t.tap("#enter-deal")
    t.chip("last", 1)
    t.chip("points-0", 7)
    assert page.is_checked("input[name='points-1'][value='3']")  # the other side filled itself in
    t.look("deal-points")
    t.tap(".deal-form > button.big")
    page.wait_for_selector("#enter-deal")
    assert t.taps == 4
    assert t.scores() == [7, 4]

    # a deal with declarations: Bea's four Threes are refused beside Ana's napoletana (the Three of coins is hers)
    page.click("#enter-deal")
    page.click("details.declarations > summary")  # the buon gioco is folded away: most deals have none
    page.click("label.choice:has(input[name='decl-0-player'][value='0'])")
    assert not page.locator(".slot[data-slot='0'] .suit-row").is_visible()
    page.click("label.choice:has(input[name='decl-0-what'][value='napoletana'])")
    assert page.locator(".slot[data-slot='0'] .suit-row").is_visible()  # a napoletana asks its suit
    page.click("label.choice:has(input[name='decl-0-suit'][value='coins'])")
    page.click("label.choice:has(input[name='decl-1-player'][value='1'])")
    page.click("label.choice:has(input[name='decl-1-what'][value='four-3'])")
    assert not page.locator(".slot[data-slot='1'] .suit-row").is_visible()  # four of a kind: no suit
    page.click("label.choice:has(input[name='last'][value='0'])")
    page.click("label.choice:has(input[name='points-0'][value='6'])")
    page.click(".deal-form > button.big")
    page.wait_for_selector("#decl-1-error")  # the server's page, shown by the phone's outbox
    assert page.locator("#decl-1-error").inner_text() == "Il Tre di denari è già nella mano di Ana."
    t.look("deal-refused")
    # fixed: Cleo's three Twos, the missing one the 2 of coins (Ana's)
    page.click("label.choice:has(input[name='decl-1-player'][value='2'])")
    page.click("label.choice:has(input[name='decl-1-what'][value='three-2'])")
    assert page.locator(".slot[data-slot='1'] .asks-missing").is_visible()
    page.click("label.choice:has(input[name='decl-1-suit'][value='coins'])")
    page.click(".deal-form > button.big")
    page.wait_for_selector("#enter-deal")
    # A: napoletana 3 + Cleo's three Twos 3 + 6 + the last 1 = 13, on 7: 20; B: 4 on 4: 8
    assert t.scores() == [20, 8]
    assert page.locator(".declared li").count() == 2
    t.look("table-declared")

    # a claim from the table page, two taps: Bea says B has 21 with 5 taken: 8 + 5 < 21, B loses
    t.taps = 0
    t.chip("claim-by", 1)
    t.tap("button[name='claim-points'][value='5']")
    page.wait_for_selector("#end-game")
    assert t.taps == 2
    assert t.scores() == [20, 13]
    t.look("table-false-claim")
    page.click("#end-game")
    page.click("form button[type=submit]")
    page.wait_for_selector(".payments")
    payments = [re.sub(r"\s+", " ", p).strip() for p in page.locator(".payments li").all_inner_texts()]
    assert payments == ["Bea paga a Ana 0,50 €", "Dan paga a Cleo 0,50 €"]
    t.look("result-false-claim")

    # a new partita in Spanish, ended by B's cappotto in two taps
    t.ctx.add_cookies([{"name": "lang", "value": "es", "url": server}])
    t.lang = "es"
    t.start(group, "tressette")
    t.taps = 0
    t.tap("#end-cappotto > summary")
    t.look("table-ending")
    t.tap("button[name='ending'][value='cappotto:s1']")
    page.wait_for_selector("#end-game")
    assert t.taps == 2
    assert t.scores() == [0, 11]
    assert "×2" in page.locator("#worth-now").inner_text()
    t.look("table-cappotto")
    page.click("#end-game")
    page.click("form button[type=submit]")
    page.wait_for_selector(".payments")
    assert "cappotto" in page.locator("#multiplier").inner_text() and "×2" in page.locator("#multiplier").inner_text()
    t.look("result-cappotto")
    t.lang = "it"
    t.ctx.add_cookies([{"name": "lang", "value": "it", "url": server}])
    page.reload()
    t.look("result-cappotto")
    assert t.problems == {}
    t.ctx.close()


def test_chiamata_a_plain_deal_in_five_taps_the_eldest_calling(chromium, server):
    """Chiamata: the eldest (after the dealer) calls by the rules, so he comes chosen; who held the called
    Three nobody knows before the deal, so the partner is one tap: 4 + 1 = 5."""
    t = Table(chromium, server, "it")
    page = t.page
    group = t.group("Chiamata", FOUR)
    t.start(group, "tressette-chiamata")
    # deal 1: Ana deals, Bea calls; Dan held the Three; the caller's side takes 7 and the last trick
    t.taps = 0
    t.tap("#enter-deal")
    assert page.is_checked("input[name='caller'][value='1']")
    t.chip("partner", 3)
    t.chip("last", 0)
    t.chip("points-0", 7)
    t.look("chiamata-deal")
    t.tap(".deal-form > button.big")
    page.wait_for_selector("#enter-deal")
    assert t.taps == 5
    assert t.scores() == [3, 8, 3, 8]
    # deal 2: Bea deals, so Cleo calls: chosen on the table page's quick forms and on the deal form
    assert page.is_checked(".claim-form input[name='caller'][value='2']")
    page.click("#enter-deal")
    assert page.is_checked("input[name='caller'][value='2']")
    assert t.problems == {}
    t.ctx.close()


def test_terziglio_paid_every_deal(chromium, server):
    t = Table(chromium, server, "it")
    page = t.page
    group = t.group("Calabresella", FOUR[:3])
    t.start(group, "terziglio", ("opt-scoring", '"payments"'))
    # solo, Bea alone takes 7: made, each opponent pays her 2; a plain deal in 4 taps
    t.taps = 0
    t.tap("#enter-deal")
    t.chip("bid", "solo")
    t.chip("soloist", 1)
    t.look("deal-bid")
    t.tap("button[name='points'][value='7']")
    page.wait_for_selector("#enter-deal")
    assert t.taps == 4
    assert t.scores() == [-2, 4, -2]
    # everybody passes
    page.click("#enter-deal")
    page.click("label.choice:has(input[name='bid'][value='pass'])")
    assert not page.locator("button[name='points']").first.is_visible()
    page.click(".deal-form > button.big")
    page.wait_for_selector("#enter-deal")
    # solissimo, Cleo alone takes 3: lost, she pays 4 to each
    page.click("#enter-deal")
    page.click("label.choice:has(input[name='bid'][value='solissimo'])")
    page.click("label.choice:has(input[name='soloist'][value='2'])")
    page.click("button[name='points'][value='3']")
    page.wait_for_selector("#enter-deal")
    t.look("table-payments")
    page.click("a[href$='/play/end']")
    page.click("form button[type=submit]")
    page.wait_for_selector(".payments")
    money = [re.sub(r"\s+", " ", m).strip() for m in page.locator(".money li").all_inner_texts()]
    # Ana −2 +4 = +2 points, Bea +4 +4 = +8, Cleo −2 −8 = −10; at 0,50 € a point
    assert money == ["Ana +1,00 €", "Bea +4,00 €", "Cleo −5,00 €"]
    t.look("result-payments")
    t.ctx.add_cookies([{"name": "lang", "value": "es", "url": server}])
    t.lang = "es"
    page.reload()
    t.look("result-payments")
    assert t.problems == {}
    t.ctx.close()
