"""The table screen after a save, and the closed table, in a real browser (Debian's Chromium at 390×844).

After each hand the players move the tokens the saved card lists, then count the bowls, the plato and
the paper against the phone: all of them must be on the first screen, without scrolling.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_browser import SHOTS, enter_hand, make_group_and_session

from conftest import DATA, migrated_app, served

pytestmark = pytest.mark.browser

HEIGHT = 844


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A served app holding the worked example already (``server.worked``: its table's path)."""
    from scorekeeper.games.tresillo import services

    app = migrated_app(tmp_path_factory.mktemp("web") / "table.sqlite", "browser")
    with app.app_context():
        worked = services.import_session(services.create_group("Worked"), (DATA / "worked_example.json").read_text())
        path = f"/s/{worked.token}"
    with served(app) as url:
        yield Served(url, path)


class Served(str):
    """The server's address, with the worked example's table path."""

    worked: str

    def __new__(cls, url: str, worked: str) -> Served:
        made = super().__new__(cls, url)
        made.worked = worked
        return made


def off_the_first_screen(page: Any, selectors: list[str]) -> list[str]:
    """The elements (every match of each selector) not wholly inside the unscrolled 390×844 screen."""
    assert page.evaluate("window.scrollY") == 0
    off = []
    for sel in selectors:
        boxes = [el.bounding_box() for el in page.locator(sel).all()]
        assert boxes, f"{sel} is not on the page"
        for box in boxes:
            if box is None or box["y"] < 0 or box["y"] + box["height"] > HEIGHT or box["x"] + box["width"] > 390:
                off.append(f"{sel} at {box}")
    return off


def test_after_each_save_the_moves_bowls_plato_and_paper_are_on_the_first_screen(chromium: Any, server: str) -> None:
    """Every hand of the worked example, entered as at the table (a phone not yet named, so the page also
    asks for its name): the moves, each bowl, the plato, the pajaritos and the paper fit in 844 px."""
    example = json.loads((DATA / "worked_example.json").read_text())
    ctx = chromium.new_context(viewport={"width": 390, "height": HEIGHT}, device_scale_factor=1)
    page = ctx.new_page()
    make_group_and_session(page, server, "First screen")
    seen_paper = False
    for number, hand in enumerate(example["hands"], 1):
        enter_hand(page, hand)
        assert page.inner_text(".saved h1") == f"Hand {number} saved"
        assert page.locator("#name-phone").count() == 1  # the phone's name is still asked, further down
        what = [".saved .moves li", "#standing td.bowl", "#plato", "#pajaritos", "#paper"]
        if page.locator("#paper .owing li").count():
            what.append("#paper .owing li")
            seen_paper = True
        assert off_the_first_screen(page, what) == [], number
        # the undo of the hand just saved is on the first screen too
        assert off_the_first_screen(page, [f"text=Undo hand {number}"]) == [], number
        if SHOTS:
            page.screenshot(path=str(SHOTS / f"table-saved-{number}.png"))
    assert seen_paper  # the worked example writes on the paper: the open debts were checked
    ctx.close()


def test_the_hand_form_asks_in_the_order_a_hand_is_told(chromium: Any, server: str) -> None:
    """The surrender comes before how it ended, and the "not yet" line follows the choices: it offers the
    surrender only while none is chosen, and asks who took over before how the hand played on ended."""
    ctx = chromium.new_context(viewport={"width": 390, "height": HEIGHT}, device_scale_factor=1)
    page = ctx.new_page()
    make_group_and_session(page, server, "Told in order")
    page.click("#enter-hand")
    page.click("label.choice:has(input[name=contract][value=vuelta])")
    page.click("label.choice:has(input[name=declarer][value=South])")
    surrender, result = page.locator("details.surrender"), page.locator("fieldset.result")
    assert surrender.bounding_box()["y"] < result.bounding_box()["y"]  # type: ignore[index]
    line = page.locator("#preview-line")

    def says(text: str) -> str:
        page.wait_for_function("t => document.getElementById('preview-line').textContent === t", arg=text)
        return line.inner_text()

    assert says("Not yet: say how it ended, or the surrender")
    page.click("details.surrender summary")
    page.click("label.choice:has(input[name=surrender][value=takeover])")
    assert says("Not yet: say who took the hand over")
    page.click("label.choice:has(input[name=takeover][value=West])")
    assert "surrender" not in says("Not yet: say how it ended")
    page.click("label.choice:has(input[name=result][value=sacado])")
    page.wait_for_selector("#preview-line:has-text('Preview: ')")
    page.click("label.choice:has(input[name=surrender][value=accepted])")
    page.wait_for_selector("#preview-line:has-text('Preview: puesta')")
    assert not page.is_visible("fieldset.result")  # an accepted surrender ends the hand: nothing more to tell
    ctx.close()


@pytest.mark.parametrize("width", [320, 390])
def test_the_what_if_table_fits_a_small_phone(chromium: Any, server: Any, width: int) -> None:
    """Scores ×5 make the widest figures (ESP 2,230): every one stays inside its card, the page never
    scrolls sideways."""
    ctx = chromium.new_context(viewport={"width": width, "height": 568}, device_scale_factor=1)
    page = ctx.new_page()
    page.goto(server + server.worked + "/whatif?rules=pagat&scale=5")
    assert page.locator("#answer td.num").count() == 12
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    card = page.locator("#answer").bounding_box()
    assert card is not None
    for cell in page.locator("#answer td.num").all():
        box = cell.bounding_box()
        assert box is not None and card["x"] <= box["x"] and box["x"] + box["width"] <= card["x"] + card["width"]
    # nothing cut: the card itself does not need scrolling either
    assert page.evaluate("(el => el.scrollWidth <= el.clientWidth)(document.getElementById('answer'))")
    ctx.close()
