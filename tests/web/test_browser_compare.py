"""In Chromium: the same file imported twice, what if hand by hand, head to head (issue 25).

Pages are looked at 390×844 and 320 px wide (light and dark) when SCREENSHOT_DIR is set.
"""

from __future__ import annotations

import json

import pytest
from test_browser import SHOTS, make_group, server  # noqa: F401

from conftest import DATA

pytestmark = pytest.mark.browser

WORKED = DATA / "worked_example.json"


def page_at(chromium, width=390, dark=False):
    ctx = chromium.new_context(viewport={"width": width, "height": 844}, device_scale_factor=1,
                               color_scheme="dark" if dark else "light")
    return ctx, ctx.new_page()


def fits(page, width) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def import_file(page, group: str, path=WORKED) -> None:
    page.goto(group + "/import")
    page.set_input_files("#file", str(path))
    page.click("form.card button[type=submit]")


def test_the_same_file_imported_twice(chromium, server):  # noqa: F811
    ctx, page = page_at(chromium)
    group = make_group(page, server, "Import table")
    import_file(page, group)
    page.wait_for_selector("#in-play")
    first = page.url
    import_file(page, group)  # the same file again
    seen = page.locator("#seen")
    seen.wait_for()
    assert "This file was already imported as the evening of" in seen.inner_text()
    assert page.locator("#open-seen").get_attribute("href") == first.removeprefix(server)
    fits(page, 390)
    shot(page, "import-seen-390")
    page.click("text=Import a copy anyway")
    page.wait_for_selector("#in-play")
    copy = page.url
    assert copy != first
    import_file(page, group)  # a third time: still the first evening it made
    page.click("#open-seen")
    page.wait_for_selector("#in-play")
    assert page.url == first
    ctx.close()
    for width, dark in ((320, False), (320, True)):
        ctx, page = page_at(chromium, width, dark)
        import_file(page, group)
        page.locator("#seen").wait_for()
        fits(page, width)
        shot(page, f"import-seen-{width}{'-dark' if dark else ''}")
        ctx.close()


def what_if(page, rules: str) -> dict[int, str]:
    page.select_option("#rules", rules)
    page.click("text=Replay under these rules")
    page.locator("#answer").wait_for()
    return {int(li.get_attribute("data-hand")): li.inner_text() for li in page.locator("li[data-hand]").all()}


def test_what_if_of_the_worked_example_under_house_and_french(chromium, server):  # noqa: F811
    ctx, page = page_at(chromium)
    group = make_group(page, server, "What if table")
    import_file(page, group)
    page.wait_for_selector("#in-play")
    page.click("text=What if… (other rules)")
    hands = what_if(page, "house")
    assert sorted(hands) == list(range(1, 9))
    left = [n for n in hands if page.locator(f'li[data-hand="{n}"].left-out').count()]
    assert left == [3]
    assert "Left out: there is no penetro under house rules" in hands[3]
    assert all("\nUnder " in hands[n] for n in hands if n != 3)
    assert "Hand 3 is left out" in page.inner_text("#left-out")
    assert page.locator("#answer tr[data-player]").count() == 4
    fits(page, 390)
    shot(page, "whatif-house-390")
    hands = what_if(page, "french")
    left = [n for n in hands if page.locator(f'li[data-hand="{n}"].left-out').count()]
    assert left == [3, 6, 7]
    assert "Left out: there is no penetro under french rules" in hands[3]
    assert "Left out: under french scoring nobody is forced" in hands[6]
    assert "Scored without the estuche" in hands[1] and "Scored without the estuche" in hands[5]
    assert "South, retourne: South wins (10 in play)" in hands[8]
    # the money of the comparable hands, worked by hand in tests/engine/test_compare.py (10 ESP a tanto)
    would = {r.get_attribute("data-player"): r.locator("td").nth(1).inner_text()
             for r in page.locator("#answer tr[data-player]").all()}
    assert would == {"North": "0", "West": "−650", "South": "+150", "East": "+500"}
    assert page.inner_text("#answer caption") == "Money in ESP"
    fits(page, 390)
    shot(page, "whatif-french-390")
    url = page.url
    ctx.close()
    for width, dark in ((320, False), (320, True)):
        ctx, page = page_at(chromium, width, dark)
        page.goto(url)
        page.locator("#answer").wait_for()
        fits(page, width)
        shot(page, f"whatif-french-{width}{'-dark' if dark else ''}")
        ctx.close()


def test_head_to_head(chromium, server, tmp_path):  # noqa: F811
    example = json.loads(WORKED.read_text())
    ctx, page = page_at(chromium)
    group = make_group(page, server, "Versus table")
    for i, (x, y) in enumerate(((None, None), ("North", "West"), ("West", "East"))):
        text = json.dumps(dict(example, end={"paper": "settle", "ended": True}))
        if x:
            text = text.replace(f'"{x}"', '"@"').replace(f'"{y}"', f'"{x}"').replace('"@"', f'"{y}"')
        path = tmp_path / f"evening{i}.json"
        path.write_text(text)
        import_file(page, group, path)
        page.wait_for_selector("h1")
    page.goto(group + "/stats")
    page.click("#versus-link")
    page.select_option("#a", "North")
    page.select_option("#b", "West")
    page.click("text=Compare them")
    page.locator("#versus").wait_for()
    assert page.inner_text("h1") == "North against West"
    assert "North finished ahead 2 times" in page.inner_text("#versus")
    assert page.locator("#shared tbody tr").count() == 3
    fits(page, 390)
    shot(page, "versus-390")
    url = page.url
    ctx.close()
    for width, dark in ((320, False), (320, True)):
        ctx, page = page_at(chromium, width, dark)
        page.goto(url)
        page.locator("#versus").wait_for()
        fits(page, width)
        shot(page, f"versus-{width}{'-dark' if dark else ''}")
        ctx.close()
