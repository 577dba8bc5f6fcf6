"""The five language links in a real browser: on the screen at 320 px and at 200% zoom, finger-sized, no JavaScript.

Five names in themselves (Español · English · Français · Italiano · Català) no longer fit beside the
way back on a 320-px phone: they take one row of their own, each shown by its code (ES, EN, FR, IT, CA) in
five even cells, and a screen reader still reads each name. Screenshots of the
Catalan table at 320 and 390 px go to SCREENSHOT_DIR when it is set.
"""

from __future__ import annotations

import pytest
from test_browser import SHOTS, make_group_and_session, server  # noqa: F401

pytestmark = pytest.mark.browser

NAMES = ["Español", "English", "Français", "Italiano", "Català"]
CODES = ["ES", "EN", "FR", "IT", "CA"]


def phone(chromium, server, width, height=700, scale=1, script=True):  # noqa: F811
    """A phone that chose Catalan (the switcher's cookie)."""
    ctx = chromium.new_context(viewport={"width": width, "height": height}, device_scale_factor=scale,
                               java_script_enabled=script)
    ctx.add_cookies([{"name": "lang", "value": "ca", "url": server}])
    return ctx, ctx.new_page()


def links_on_screen(page, width):
    """Every language link, named in itself, whole on the screen, big enough for a finger, none over another."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    links = page.locator("nav.langs a")
    assert page.locator("nav.langs a .lang-name").all_text_contents() == NAMES  # what a reader hears
    shown = page.locator("nav.langs a").evaluate_all(
        "links => links.map(a => [...a.children].filter(c => c.offsetWidth > 2).map(c => c.textContent).join(''))")
    assert shown in (NAMES, CODES), shown  # the names where they fit, else the codes
    boxes = [links.nth(i).bounding_box() for i in range(links.count())]
    for name, box in zip(NAMES, boxes, strict=True):
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (name, box)
        assert box["height"] >= 44 and box["width"] >= 44, (name, box)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart = (a["x"] + a["width"] <= b["x"] + 0.5 or b["x"] + b["width"] <= a["x"] + 0.5
                     or a["y"] + a["height"] <= b["y"] + 0.5 or b["y"] + b["height"] <= a["y"] + 0.5)
            assert apart, (a, b)
    return boxes


@pytest.mark.parametrize("width", [320, 390])
def test_the_language_links_fit_a_phone(chromium, server, width):  # noqa: F811
    ctx, page = phone(chromium, server, width)
    ctx.clear_cookies()  # the shared helper taps the English buttons
    table = make_group_and_session(page, server, "Taula dels dimarts")
    ctx.add_cookies([{"name": "lang", "value": "ca", "url": server}])
    page.goto(table)
    assert page.get_attribute("html", "lang") == "ca"
    boxes = links_on_screen(page, width)
    # one row of five even cells under the way back (it took two rows, about 140 px, before)
    assert len({round(b["y"]) for b in boxes}) == 1 and len({round(b["width"]) for b in boxes}) == 1
    assert page.locator("nav.langs").bounding_box()["height"] <= 56
    assert page.locator("header.bar").bounding_box()["height"] <= 110
    if width == 320:
        assert page.locator("nav.langs").bounding_box()["y"] >= page.locator(".bar > nav").first.bounding_box()["y"]
    if SHOTS:
        (SHOTS / "ca").mkdir(parents=True, exist_ok=True)
        page.goto(table)
        page.screenshot(path=str(SHOTS / "ca" / f"table-{width}.png"), full_page=False)
        page.goto(server + "/")
        page.screenshot(path=str(SHOTS / "ca" / f"start-{width}.png"), full_page=False)
    ctx.close()


@pytest.mark.parametrize("width", [160, 195], ids=["zoom200-of-320", "zoom200-of-390"])
def test_the_language_links_fit_at_200_percent_zoom(chromium, server, width):  # noqa: F811
    ctx, page = phone(chromium, server, width, height=422, scale=2)
    page.goto(server + "/")
    links_on_screen(page, width)
    if SHOTS:
        (SHOTS / "ca").mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "ca" / f"start-zoom200-{width}.png"), full_page=True)
    ctx.close()


def test_the_links_change_the_language_without_javascript(chromium, server):  # noqa: F811
    ctx, page = phone(chromium, server, 320, script=False)
    page.goto(server + "/?x=1")
    assert page.get_attribute("html", "lang") == "ca"
    assert page.get_attribute("nav.langs a[lang=ca]", "aria-current") == "true"
    page.click("nav.langs a[lang=it]")
    assert page.get_attribute("html", "lang") == "it"
    assert page.url.endswith("/?x=1")  # back where the phone was
    page.click("nav.langs a[lang=ca]")
    assert page.get_attribute("html", "lang") == "ca"
    assert page.text_content("nav.langs a[aria-current] .lang-name") == "Català"
    ctx.close()
