"""The pages as the players see them, in a real Chromium: accessible, readable, reflowing, steady.

Every page of a demo evening (bench/demo.py: the worked example open and
closed, a palo de favor, a 300-hand session) is checked in both themes with
axe-core (vendored from npm in tests/web/vendor, injected into the page),
for tap targets, text sizes, reflow at 320 px and at 200% zoom, layout shift
and the screen settings a phone remembers.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import served

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
AXE = (Path(__file__).resolve().parent / "vendor" / "axe.min.js").read_text()

TAP_TARGETS = """() => {
  const bad = [];
  const sel = "a, button, summary, label.choice > span, label.check, select, textarea, " +
              "input:not([type=radio]):not([type=checkbox]):not([type=hidden])";
  for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    if (r.width < 44 || r.height < 44)
      bad.push(`${el.tagName} "${el.textContent.trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`);
  }
  return bad;
}"""

SMALL_TEXT = """() => {
  const bad = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, el = node.parentElement;
    // skipped: words read aloud only (.vh), and charts, pictures whose figures the page also gives as text
    if (!node.textContent.trim() || !el.getClientRects().length || el.closest(".vh, svg")) continue;
    const size = parseFloat(getComputedStyle(el).fontSize), least = el.closest(".tag") ? 14 : 16;
    if (size < least - 0.01)
      bad.add(`${el.tagName}.${el.className} ${size}px "${node.textContent.trim().slice(0, 30)}"`);
  }
  return [...bad];
}"""

LAYOUT_SHIFT = """() => new Promise(done => {
  let cls = 0;
  new PerformanceObserver(list => { for (const e of list.getEntries()) if (!e.hadRecentInput) cls += e.value; })
    .observe({type: "layout-shift", buffered: true});
  setTimeout(() => done(cls), 600);
})"""


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The demo evening served on 127.0.0.1: (base URL, {page name: path})."""
    sys.path.insert(0, str(ROOT / "bench"))
    from demo import demo_app

    app, pages = demo_app(tmp_path_factory.mktemp("demo") / "demo.sqlite")
    with served(app) as url:
        yield url, pages


def open_page(chromium: Any, *, width: int = 390, height: int = 844, scale: int = 1, theme: str = "light") -> Any:
    ctx = chromium.new_context(viewport={"width": width, "height": height}, device_scale_factor=scale,
                               color_scheme=theme, bypass_csp=True)
    return ctx, ctx.new_page()


def axe(page: Any) -> dict[str, Any]:
    page.add_script_tag(content=AXE)
    result: dict[str, Any] = page.evaluate("axe.run(document)")
    return result


def follow(page: Any, selector: str) -> None:
    """Click what opens another page and wait until it has loaded: axe run while the page is being replaced
    found no document to add its script to (a newer Chromium in CI)."""
    with page.expect_navigation():
        page.click(selector)


def look(page: Any, name: str, found: dict[str, list[str]]) -> None:
    """axe run once on the page as it stands; its violations kept under ``name``."""
    result = axe(page)
    if result["violations"]:
        found[name] = problems(result)


def problems(result: dict[str, Any]) -> list[str]:
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:4]}"
            for v in result["violations"]]


def background(page: Any) -> str:
    return str(page.evaluate("getComputedStyle(document.body).backgroundColor"))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_axe_finds_nothing_on_any_page(chromium: Any, demo: Any, theme: str) -> None:
    base, pages = demo
    ctx, page = open_page(chromium, theme=theme)
    found: dict[str, list[str]] = {}
    for name, path in pages.items():
        page.goto(base + path)
        result = axe(page)
        # axe really looked: the contrast of the text was measured in this theme
        assert any(p["id"] == "color-contrast" for p in result["passes"]), name
        found.update({name: problems(result)} if result["violations"] else {})
        if name != "report":
            assert page.locator("h1").count() == 1, f"{name}: one h1"
            assert (background(page) == "rgb(18, 20, 18)") == (theme == "dark"), name
    # pages only reached by posting: a refused hand, a fixed hand
    page.goto(base + pages["hand"])
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector(".error")
    look(page, "hand refused", found)
    page.goto(base + pages["end"])  # ending is asked once more (nothing ends here)
    page.click("form.card button[type=submit]")
    page.wait_for_selector("#confirm-end")
    look(page, "end confirm", found)
    page.goto(base + pages["edit"])
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector("text=Back to the table")
    look(page, "recomputed", found)
    if theme == "dark":  # once: the last hand of the palo de favor evening goes (its page, preview, result)
        page.goto(base + pages["hands-favour"])
        follow(page, "#hand-8 >> text=Delete, insert, dealer…")
        look(page, "hand's fixes", found)
        follow(page, "text=Delete hand 8")
        look(page, "delete preview", found)
        follow(page, "#confirm button[type=submit]")
        assert "Hand 8 deleted" in page.inner_text("#done")  # the table, saying what was done
        look(page, "deleted", found)
        follow(page, "text=History of changes")
        look(page, "history", found)
    ctx.close()
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())


def test_tap_targets_and_text_sizes(chromium: Any, demo: Any) -> None:
    base, pages = demo
    ctx, page = open_page(chromium)
    small: dict[str, list[str]] = {}
    text: dict[str, list[str]] = {}
    for name, path in pages.items():
        if name == "report":  # a printed document, read on paper
            continue
        page.goto(base + path)
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        small.update({name: page.evaluate(TAP_TARGETS)} if page.evaluate(TAP_TARGETS) else {})
        text.update({name: page.evaluate(SMALL_TEXT)} if page.evaluate(SMALL_TEXT) else {})
    ctx.close()
    assert small == {}, "\n".join(f"{k}: {v}" for k, v in small.items())
    assert text == {}, "\n".join(f"{k}: {v}" for k, v in text.items())


@pytest.mark.parametrize("width,height,scale", [(320, 568, 1), (195, 422, 2)], ids=["320px", "zoom200"])
def test_nothing_wider_than_the_screen(chromium: Any, demo: Any, width: int, height: int, scale: int) -> None:
    """At 320 px and at 200% zoom of a 390-px phone (195 CSS px) every column stays on the screen."""
    base, pages = demo
    ctx, page = open_page(chromium, width=width, height=height, scale=scale)
    wide = {}
    for name, path in pages.items():
        if name == "report":
            continue
        page.goto(base + path)
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        scroll = page.evaluate("document.documentElement.scrollWidth")
        if scroll > width:
            wide[name] = scroll
    ctx.close()
    assert wide == {}


def test_a_slow_phone_sees_the_hand_form_laid_out_once(chromium: Any, demo: Any) -> None:
    """A phone six times slower paints the page before the form has arrived: the short screen's layout
    (the language links at the foot) must hold from that first paint (a CI run saw 0.15 on the edit page)."""
    base, pages = demo
    for name in ("hand", "edit"):
        ctx, page = open_page(chromium, width=360, height=640)  # a new phone: nothing cached
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 6})
        page.goto(base + pages[name])
        assert page.evaluate(LAYOUT_SHIFT) <= 0.05, name
        ctx.close()


def test_hand_form_keeps_save_in_reach_and_does_not_jump(chromium: Any, demo: Any) -> None:
    base, pages = demo
    ctx, page = open_page(chromium, width=360, height=640)
    for name in ("hand", "edit", "hand-favour", "table", "table-long"):
        page.goto(base + pages[name])
        assert page.evaluate(LAYOUT_SHIFT) <= 0.05, name
    page.goto(base + pages["hand"])
    save = page.locator("#hand-form button[type=submit]")
    for y in (0, 600, 1200):
        page.evaluate(f"window.scrollTo(0, {y})")
        box = save.bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 640, y
    ctx.close()


def test_trick_buttons_name_every_count_and_enter_does_not_save(chromium: Any, demo: Any) -> None:
    base, pages = demo
    ctx, page = open_page(chromium)
    page.goto(base + pages["hand"])
    page.click("label.choice:has(input[name=contract][value=entrada])")
    page.click("label.choice:has(input[name=declarer][value=West])")
    page.click("label.choice:has(input[name=result][value=tricks])")
    for player in ("West", "South", "East"):
        for n in range(10):
            assert page.get_by_role("radio", name=f"{n} tricks for {player}").count() == 1
    # North deals and rests: no buttons for North
    assert not page.get_by_role("radio", name="5 tricks for North").is_visible()
    page.get_by_role("radio", name="5 tricks for West").check()
    page.get_by_role("radio", name="2 tricks for South").check()
    assert page.get_by_role("radio", name="2 tricks for East").is_checked()  # filled in
    page.get_by_role("radio", name="3 tricks for South").check()
    assert page.get_by_role("radio", name="1 tricks for East").is_checked()  # follows the change
    # Enter on a half-filled hand stays on the form
    page.get_by_role("radio", name="3 tricks for South").press("Enter")
    page.wait_for_timeout(300)
    assert page.url == base + pages["hand"]
    assert page.locator("#hand-form").count() == 1
    page.wait_for_selector("#preview-line:has-text('Preview')")
    assert "in play" in page.inner_text("#preview-line")
    ctx.close()


def test_the_phone_remembers_theme_and_text_size(chromium: Any, demo: Any) -> None:
    base, pages = demo
    ctx, page = open_page(chromium, theme="light")
    page.goto(base + pages["table"])
    assert background(page) == "rgb(243, 241, 234)"
    page.get_by_label("Dark").check()
    assert background(page) == "rgb(18, 20, 18)"
    page.get_by_label("Larger text").check()
    assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "20px"
    page.goto(base + pages["hand"])  # another page, same phone
    assert background(page) == "rgb(18, 20, 18)"
    assert page.get_by_label("Dark").is_checked()
    assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "20px"
    page.get_by_label("Like the phone").check()
    assert background(page) == "rgb(243, 241, 234)"
    ctx.close()
    # a dark phone gets the dark theme without asking
    ctx, page = open_page(chromium, theme="dark")
    page.goto(base + pages["table"])
    assert background(page) == "rgb(18, 20, 18)"
    assert page.get_by_label("Like the phone").is_checked()
    ctx.close()


class Finger:
    """Taps as a player does: on what is on the screen, without scrolling or typing; counts them."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.taps = 0

    def tap(self, selector: str) -> None:
        page = self.page
        target = page.locator(selector)
        box = target.bounding_box()
        height = page.viewport_size["height"]
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, f"{selector} is off the screen"
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        # nothing (the Save bar, say) lies over it
        assert target.evaluate("(el, [x, y]) => el.contains(document.elementFromPoint(x, y))", [x, y]), selector
        page.mouse.click(x, y)
        self.taps += 1


@pytest.mark.parametrize("width,height", [(390, 844), (360, 640)])
def test_a_plain_entrada_won_takes_five_taps(chromium: Any, demo: Any, width: int, height: int) -> None:
    """From the table screen: Enter hand, entrada, West, won, Save. No typing, no scrolling."""
    base, pages = demo
    ctx, page = open_page(chromium, width=width, height=height)
    page.goto(base + pages["table-fresh" if width == 390 else "table-fresh-2"])
    bowls = [int(x) for x in page.locator("td.bowl").all_inner_texts()]
    finger = Finger(page)
    finger.tap("#enter-hand")
    page.wait_for_selector("#hand-form")
    finger.tap("label.choice:has(input[name=contract][value=entrada])")
    finger.tap("label.choice:has(input[name=declarer][value=West])")
    finger.tap("label.choice:has(input[name=result][value=sacado])")
    page.wait_for_selector("#preview-line:has-text('Preview: wins')")
    finger.tap("#hand-form button[type=submit]")
    page.wait_for_selector(".saved")
    assert finger.taps <= 5
    assert page.inner_text(".saved h1") == "Hand 1 saved"
    assert "West" in page.inner_text(".saved") and "wins" in page.inner_text(".saved")
    # West took the plato (6) and the tanto from each (pagat): 155 + 6 + 3, the others 155 − 1
    after = [int(x) for x in page.locator("td.bowl").all_inner_texts()]
    assert bowls == [155, 155, 155, 155] and after == [153, 164, 154, 154]
    ctx.close()


@pytest.mark.parametrize("name", ["table", "table-fresh", "table-long"])
def test_the_next_hand_is_on_the_first_screen_at_320px(chromium: Any, demo: Any, name: str) -> None:
    """On the smallest phone (320×568) the table opens on the next hand and its Enter button, unscrolled;
    a phone not yet named is asked below it."""
    base, pages = demo
    ctx, page = open_page(chromium, width=320, height=568)
    page.goto(base + pages[name])
    box = page.locator("#enter-hand").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 568, box
    assert page.locator("#name-phone").bounding_box()["y"] > box["y"]  # type: ignore[index]
    ctx.close()


def test_the_form_shows_only_what_applies(chromium: Any, demo: Any) -> None:
    """The script hides what the engine would refuse: a takeover of a penetro, the declarer taking
    over his own hand, a codillo by the declarer or by the dealer sitting out."""
    base, pages = demo
    ctx, page = open_page(chromium)
    page.goto(base + pages["hand"])  # North deals hand 9 of the worked example (pagat, four players)
    takeover = "label.choice:has(input[name=surrender][value=takeover])"
    page.click("label.choice:has(input[name=contract][value=penetro])")
    page.click("details.surrender summary")  # folded until tapped open
    assert page.is_visible("label.choice:has(input[name=surrender][value=accepted])")
    assert not page.is_visible(takeover)
    page.click("label.choice:has(input[name=contract][value=vuelta])")
    page.click("label.choice:has(input[name=declarer][value=South])")
    page.click(takeover)
    by = page.locator(".takeover label.choice:visible").all_inner_texts()
    assert by == ["West", "East"]
    page.click("label.choice:has(input[name=surrender][value='']) ")
    page.click("label.choice:has(input[name=result][value=codillo])")
    assert page.locator(".codillo-by label.choice:visible").all_inner_texts() == ["West", "East"]
    assert not page.is_visible(".tricks")
    assert not page.is_visible("input[name=primeras]")  # primeras is a won hand
    page.click("label.choice:has(input[name=result][value=tricks])")
    assert page.is_visible(".tricks") and page.is_visible(".codillo-by") is False
    ctx.close()
    # under house rules a vuelta cannot be taken over
    ctx, page = open_page(chromium)
    page.goto(base + pages["hand-house"])
    page.click("label.choice:has(input[name=contract][value=vuelta])")
    page.click("details.surrender summary")
    assert page.is_visible("label.choice:has(input[name=surrender][value=accepted])")
    assert not page.is_visible(takeover)
    page.click("label.choice:has(input[name=contract][value=entrada])")
    assert page.is_visible(takeover)
    ctx.close()


def test_only_the_banner_and_the_save_bar_stick(chromium: Any, demo: Any) -> None:
    """The offline banner's look stays on the banner: a figure classed "net" (the settlement's tantos,
    the statistics' money) once took its sticky place, padding and amber rule."""
    base, pages = demo
    ctx, page = open_page(chromium)
    stuck = {}
    for name in ("settlement", "end", "stats", "stats-player", "table", "hand"):
        page.goto(base + pages[name])
        found = page.evaluate("""() => [...document.querySelectorAll("body *")]
            .filter(el => getComputedStyle(el).position === "sticky" && el.id !== "net" && !el.matches(".savebar"))
            .map(el => el.tagName + "." + el.className)""")
        stuck.update({name: found} if found else {})
    assert page.goto(base + pages["settlement"]) and page.locator(".standings .net").count() == 4
    ctx.close()
    assert stuck == {}
