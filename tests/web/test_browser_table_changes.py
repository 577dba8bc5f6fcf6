"""Two phones at one Rovescino table in a real browser (Chromium at 390×844, a real server on a SQLite file):
a deal both phones enter is saved once and the other phone's outbox opens compare-and-choose; a fix beaten by
another phone's fix is shown beside it and saved over it on purpose; a fix that changes the outcome is shown
first; the history says so. Screenshots go to SCREENSHOT_DIR when it is set."""

from __future__ import annotations

import pytest
from test_browser_games import fits, shot, stored_deals

from conftest import game_on_table, migrated_app, served

pytestmark = pytest.mark.browser

FIVE = ["Ana", "Bea", "Cleo", "Dan", "Eva"]
DEALS = [{"points": {"Ana": 2, "Bea": 3, "Cleo": 1, "Dan": 3, "Eva": 0}, "last": "Bea"},
         {"points": {"Ana": 9, "Bea": 0, "Cleo": 0, "Dan": 0, "Eva": 0}, "last": "Ana"}]


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    app = migrated_app(tmp_path_factory.mktemp("changes") / "changes.sqlite", "changes")
    token = game_on_table(app, "rovescino", FIVE, DEALS, group="Circolo",
                          options={"elimination": False, "stake": "0.50"})
    with served(app) as url:
        yield f"{url}/s/{token}/play"


def fill_points(page, points, last):
    for name, value in points.items():
        page.fill(f"#points-{FIVE.index(name)}", str(value))
    page.click(f"label.choice:has(input[name=last][value={last}])")


def phone(chromium):
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    return ctx, ctx.new_page()


def test_two_phones_race_for_a_deal_and_a_fix(chromium, table):
    (ctx_a, a), (ctx_b, b) = phone(chromium), phone(chromium)
    for p in (a, b):
        p.goto(table)
        p.wait_for_function("() => navigator.serviceWorker && !!navigator.serviceWorker.controller")
        p.click("#enter-deal")
        p.wait_for_selector(".deal-form")
    fill_points(b, {"Ana": 1, "Bea": 1, "Cleo": 1, "Dan": 1, "Eva": 5}, "Eva")
    b.click(".deal-form button[type=submit]")
    b.wait_for_selector("#enter-deal")
    fill_points(a, {"Ana": 2, "Bea": 2, "Cleo": 2, "Dan": 2, "Eva": 1}, "Cleo")
    a.click(".deal-form button[type=submit]")
    # 409: the outbox keeps A's deal and opens compare-and-choose
    a.wait_for_url("**/play/pending?**")
    assert "Deal 3 was entered on two phones" in a.inner_text("main")
    assert len(stored_deals(table)) == 3
    fits(a)
    shot(a, "compare-deal")
    a.click("text=Enter mine as deal 4")
    a.wait_for_selector("#enter-deal")
    deals = stored_deals(table)
    assert len(deals) == 4 and deals[3]["last"] == "Cleo" and deals[2]["last"] == "Eva"
    # both phones fix deal 1; B first
    for p in (a, b):
        p.goto(table + "/deal/1")
        p.wait_for_selector(".deal-form")
    fill_points(b, {"Ana": 3, "Bea": 2, "Cleo": 1, "Dan": 3, "Eva": 0}, "Bea")
    b.click(".deal-form button[type=submit]")
    b.wait_for_selector("#enter-deal")
    fill_points(a, {"Ana": 2, "Bea": 3, "Cleo": 1, "Dan": 2, "Eva": 1}, "Bea")
    a.click(".deal-form button[type=submit]")
    a.wait_for_selector("text=Your fix of deal 1 was not saved")
    assert "deal 1 fixed" in a.inner_text("main")
    assert stored_deals(table)[0]["points"]["Ana"] == 3  # B's fix stands
    fits(a)
    shot(a, "compare-fix")
    a.click("text=Save my fix over it")
    a.wait_for_selector("#enter-deal")
    assert stored_deals(table)[0]["points"] == {"Ana": 2, "Bea": 3, "Cleo": 1, "Dan": 2, "Eva": 1}
    # a fix that makes Ana reach 21 (22): shown before it is saved, then told in the history
    a.goto(table + "/deal/4")
    a.wait_for_selector(".deal-form")
    fill_points(a, {"Ana": 8, "Bea": 0, "Cleo": 0, "Dan": 0, "Eva": 1}, "Ana")
    a.click(".deal-form button[type=submit]")
    a.wait_for_selector(".outcome")
    assert "This changes how the game comes out" in a.inner_text("main")
    fits(a)
    shot(a, "fix-preview")
    assert not a.is_visible(".deal-form")  # the platform's change page: its button makes the fix as shown
    a.click("form#confirm button[type=submit]")
    a.wait_for_selector("#end-game")
    a.goto(table + "/history")
    text = a.inner_text("main")
    assert "Outcome:" in text and "points · Ana: 2 → 8" in text
    fits(a)
    shot(a, "history")
    ctx_b.add_cookies([{"name": "lang", "value": "es", "url": table}])
    b.goto(table + "/history")
    assert "Resultado:" in b.inner_text("main") and "Outcome" not in b.inner_text("main")
    fits(b)
    shot(b, "history-es")
    ctx_a.close()
    ctx_b.close()
