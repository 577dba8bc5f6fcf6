"""Four play Cacho in a real browser at 390×844, in Spanish then Italian: a fold, a tie decided by the eldest,
a void hand, a hand everyone else folds, and the resto refused beside the amount; every tap counted.

Playwright drives Debian's Chromium against a real server on 127.0.0.1 (a SQLite file); axe-core (vendored in
tests/web/vendor) checks the hand form and the table. Screenshots go to SCREENSHOT_DIR when it is set.
Without /usr/bin/chromium this skips locally and fails in CI.
"""

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
    with served(migrated_app(tmp_path_factory.mktemp("pot") / "pot.sqlite", "pot")) as url:
        yield url


class Phone:
    """A page whose taps are counted (one tap: one click)."""

    def __init__(self, page):
        self.page = page
        self.taps = 0

    def tap(self, selector):
        self.page.click(selector)
        self.page.wait_for_load_state()  # a tap that navigates: the page it arrives at, parsed
        self.taps += 1

    def counted(self):
        taps, self.taps = self.taps, 0
        return taps


def shot(page, name):
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def fits(page, width=390):
    wide = page.evaluate("""w => [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > w)
        .map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).slice(0, 5)""", width)
    assert page.evaluate("document.documentElement.scrollWidth") <= width, wide


def no_axe_violations(page):
    page.add_script_tag(content=AXE)
    result = page.evaluate("axe.run(document)")
    assert any(p["id"] == "color-contrast" for p in result["passes"])  # axe really looked
    assert [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]] == []


def row(r, player):
    return f"#round-{r} .stake-row[data-seat='{FOUR.index(player)}']"


def put(page, r):
    """What each player still in shows in round ``r``."""
    return {p: int(page.input_value(f"#put-{r}-{FOUR.index(p)}")) for p in FOUR
            if page.locator(row(r, p)).is_visible()}


def counters(page):
    return dict(zip(page.locator(".scores .name").all_inner_texts(),
                    map(int, page.locator(".scores .score").all_inner_texts()), strict=True))


def test_four_play_cacho_with_a_fold_a_tie_and_a_void_hand(chromium, server):
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1,
                               bypass_csp=True)  # for axe, injected into the page
    page = ctx.new_page()
    phone = Phone(page)
    page.goto(server + "/")
    page.fill("#name", "Peña")
    page.click("text=Create group")
    for name in FOUR:
        page.fill("#add-player #name", name)
        page.click("text=Add player")
    group = page.url.split("#")[0]
    ctx.add_cookies([{"name": "lang", "value": "es", "url": server}])
    page.goto(group)
    page.click("a[href$='/play/cacho']")
    page.fill("#stake", "0,10")
    page.fill("#counters", "20")
    fits(page)
    shot(page, "es-start")
    no_axe_violations(page)
    page.click("form.game-start button[type=submit]")
    page.wait_for_selector(".pot-now")
    table = page.url
    assert counters(page) == dict.fromkeys(FOUR, 20)

    # hand 1, dealt by Ana: everyone matches the first card, Dan folds; the second card matched; Ana bets 3
    # on the third and everyone matches; Cleo wins: pot 3 + 6 + 9 = 18
    page.click("#enter-deal")
    assert page.is_checked("input[name=dealer][value=Ana]")
    phone.tap("#round-1 button.match")
    assert put(page, 1) == dict.fromkeys(FOUR, 1)  # "everyone matches" is one tap
    phone.tap(f"{row(1, 'Dan')} label.fold")
    assert put(page, 1) == {"Ana": 1, "Bea": 1, "Cleo": 1, "Dan": 0}
    assert not page.locator(row(2, "Dan")).is_visible() and not page.locator(row(3, "Dan")).is_visible()
    phone.tap("#round-2 button.match")
    for _ in range(3):
        phone.tap(f"{row(3, 'Ana')} button.more")
    phone.tap("#round-3 button.match")
    assert put(page, 3) == {"Ana": 3, "Bea": 3, "Cleo": 3}
    assert page.inner_text("#pot-total") == "18"
    assert not page.locator("label.choice:has(input[name=winner][value=Dan])").is_visible()
    phone.tap("label.choice:has(input[name=winner][value=Cleo])")
    for box in page.locator(".stepper .step:visible").all():  # 48 px targets
        size = box.bounding_box()
        assert size["width"] >= 48 and size["height"] >= 48
    fits(page)
    shot(page, "es-hand-1")
    phone.tap(".deal-form button[type=submit]")
    page.wait_for_selector(".pot-now")
    assert phone.counted() == 9
    assert counters(page) == {"Ana": 14, "Bea": 14, "Cleo": 32, "Dan": 20}
    assert page.inner_text(".pot-now .pot-big") == "18"

    # hand 2, dealt by Bea: both cards matched by all four; on the third Cleo bets 2, everyone matches, then
    # Ana folds; Bea and Dan tie: the eldest after Bea is Dan (Cleo, Dan, Ana, Bea): pot 4 + 8 + 6 = 18
    page.click("#enter-deal")
    assert page.is_checked("input[name=dealer][value=Bea]")
    phone.tap("#round-1 button.match")
    phone.tap("#round-2 button.match")
    phone.tap(f"{row(3, 'Cleo')} button.more")
    phone.tap(f"{row(3, 'Cleo')} button.more")
    phone.tap("#round-3 button.match")
    phone.tap(f"{row(3, 'Ana')} label.fold")
    assert put(page, 3) == {"Ana": 0, "Bea": 2, "Cleo": 2, "Dan": 2}
    phone.tap("label.choice:has(input[name=winner][value=tie])")
    phone.tap(f"label.choice:has(input[name=tied-{FOUR.index('Bea')}])")
    phone.tap(f"label.choice:has(input[name=tied-{FOUR.index('Dan')}])")
    assert page.inner_text(".eldest").startswith("Dan se lleva el bote")
    assert page.inner_text("#pot-total") == "18"
    fits(page)
    shot(page, "es-hand-2-tie")
    no_axe_violations(page)
    phone.tap(".deal-form button[type=submit]")
    page.wait_for_selector(".pot-now")
    assert phone.counted() == 10
    assert counters(page) == {"Ana": 11, "Bea": 9, "Cleo": 27, "Dan": 33}
    assert "Dan" in page.inner_text(".pot-now .lead")

    # the resto: Bea holds 9; 1 + 2 and then 50 typed on the third card is refused beside her amount, nothing saved
    page.click("#enter-deal")
    page.click("#round-1 button.match")
    page.click("#round-2 button.match")
    for _ in range(6):
        page.click(f"{row(3, 'Bea')} button.more")
    assert page.input_value("#put-3-1") == "6" and page.is_disabled(f"{row(3, 'Bea')} button.more")  # 9 - 3
    page.fill("#put-3-1", "50")  # typed: the stepper stops at the resto, typing does not
    page.click(".deal-form button[type=submit]")
    page.wait_for_selector("#put-3-1-error")  # the server's page, shown by the phone's outbox
    error = page.locator("#put-3-1-error")
    assert error.is_visible() and error.inner_text() == "Bea tiene 9 fichas y no puede poner 53 en esta mano."
    fits(page)
    shot(page, "es-hand-resto-refused")
    page.goto(table)
    assert counters(page) == {"Ana": 11, "Bea": 9, "Cleo": 27, "Dan": 33}

    # hand 3, dealt by Cleo: void, everybody passed the first card
    page.click("#enter-deal")
    assert page.is_checked("input[name=dealer][value=Cleo]")
    phone.tap("label.choice:has(input[name=hand][value=void])")
    assert not page.locator("#round-1").is_visible()
    phone.tap(".deal-form button[type=submit]")
    page.wait_for_selector(".pot-now")
    assert phone.counted() == 2
    assert counters(page) == {"Ana": 11, "Bea": 9, "Cleo": 27, "Dan": 33}

    # hand 4, dealt by Dan: Bea bets the first card and everyone else passes it: she takes the pot of 1
    page.click("#enter-deal")
    assert page.is_checked("input[name=dealer][value=Dan]")
    phone.tap(f"{row(1, 'Bea')} button.more")
    assert not page.locator("#round-2").is_visible() and not page.locator(".showdown .winners").is_visible()
    assert page.inner_text(".showdown .alone") == "Bea se lleva el bote: los demás se retiraron."
    phone.tap(".deal-form button[type=submit]")
    page.wait_for_selector(".pot-now")
    assert phone.counted() == 2

    # the table: counters, money at 0,10 a counter (Ana 11 - 20 = -9: -0,90 €), the value, who deals next
    assert counters(page) == {"Ana": 11, "Bea": 9, "Cleo": 27, "Dan": 33}
    money = [m.replace("\xa0", " ") for m in page.locator(".scores .money").all_inner_texts()]
    assert money == ["−0,90 €", "−1,10 €", "+0,70 €", "+1,30 €"]
    assert "Una ficha vale 0,10 €." in page.inner_text("main").replace("\xa0", " ")
    assert page.inner_text(".scores li.dealer .name") == "Ana"
    assert page.locator(".sheet tbody tr").count() == 4
    assert page.locator(".sheet tbody tr").nth(1).inner_text().split() == ["3", "nula", "11", "9", "27", "33"]
    fits(page)
    shot(page, "es-table")
    no_axe_violations(page)

    ctx.add_cookies([{"name": "lang", "value": "it", "url": server}])
    page.reload()
    assert "Un gettone vale 0,10 €." in page.inner_text("main").replace("\xa0", " ")
    fits(page)
    shot(page, "it-table")
    page.click("#enter-deal")
    page.click("#round-1 button.match")
    page.click(f"{row(1, 'Cleo')} label.fold")
    page.click("#round-2 button.match")
    page.click("label.choice:has(input[name=winner][value=tie])")
    page.click("label.choice:has(input[name=tied-0])")
    page.click("label.choice:has(input[name=tied-3])")
    assert page.inner_text(".eldest").startswith("Dan prende il piatto")  # Ana dealt: Bea, Cleo, Dan, Ana
    fits(page)
    shot(page, "it-hand-tie")
    page.set_viewport_size({"width": 320, "height": 700})
    fits(page, 320)
    shot(page, "it-hand-320")
    ctx.close()
