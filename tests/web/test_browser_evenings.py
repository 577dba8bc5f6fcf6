"""The group across evenings in a real browser (Playwright driving Debian's Chromium at 390×844).

End an evening, send the result (the page's ``navigator.share`` is stubbed to
capture the text, then the copy fallback), find the result on the group page,
start the next evening with the same seats in one tap, read the statistics.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect
from test_browser import (  # noqa: F401
    CAPTURE_SHARE,
    NO_SHARE_CAPTURE_COPY,
    SHOTS,
    enter_hand,
    make_group,
    make_group_and_session,
    new_page,
    server,
    start_session,
)

from conftest import DATA

pytestmark = pytest.mark.browser


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, page.url


def test_an_evening_ends_is_shared_remembered_and_the_next_begins(chromium, server):  # noqa: F811
    example = json.loads((DATA / "worked_example.json").read_text())
    ctx, page = new_page(chromium)
    ctx.add_init_script(CAPTURE_SHARE)
    group = make_group(page, server, "Thursday table")
    table = start_session(page)
    for hand in example["hands"][:3]:  # hand 3 writes South's 21 on the paper
        enter_hand(page, hand)
    assert page.locator("#bowls-chart svg polyline").count() == 4
    if SHOTS:
        page.locator("#bowls-chart").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "table-bowls-chart.png"))

    # end the evening keeping the paper
    page.click("text=End the session")
    page.click("label.choice:has(input[name=paper][value=keep])")
    page.click("form.card button[type=submit]")
    page.click("text=Yes, end the session")  # ending is confirmed
    page.wait_for_selector("#share")
    button = page.locator("#share-button")
    assert button.is_visible() and button.inner_text() == "Send the result"
    button.click()
    page.wait_for_function("() => window.__shared.length === 1")
    shared = page.evaluate("window.__shared[0]")
    lines = shared["text"].split("\n")
    assert shared["title"] == "Thursday table"
    assert re.fullmatch(r"Thursday table · Tresillo, \d{1,2} \w+ \d{4} \(3 hands\)", lines[0])
    # each player's money as the settlement on the page says it
    money = dict(re.fullmatch(r"(\w+) ([+−]?€[\d.]+)", line).groups() for line in lines[1:5])
    assert list(money) == ["North", "West", "South", "East"]
    page_money = page.locator("#settlement .money").all_inner_texts()
    assert list(money.values()) == page_money
    assert any(" pays " in line for line in lines[5:]) and lines[-1] == "Paper kept: South 21"
    assert page.inner_text("#share-status") == "Sent."
    no_sideways_scroll(page)
    if SHOTS:
        page.locator("#share").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "end-share.png"))

    # the group page remembers the evening: its date, everyone's money, the kept paper
    page.goto(group)  # the group's link: the session's pages do not lead back to it (docs/security.md)
    evening = page.locator("ol.evenings > li").first
    assert "3 hands · paper kept" in evening.inner_text()
    assert evening.locator("ul.money b").all_inner_texts() == page_money
    assert "South: 21" in page.inner_text("#paper")
    assert page.locator("#paper a", has_text="Print the paper").count() == 1
    no_sideways_scroll(page)
    if SHOTS:
        page.screenshot(path=str(SHOTS / "group.png"), full_page=True)

    # statistics over this evening
    page.click("#nights >> text=Statistics across games")  # the group page's one way there (the platform's)
    page.wait_for_selector("#span")  # the statistics page is parsed, not only committed
    assert "1 evening · 3 hands" in page.inner_text("#span")
    assert page.locator("section.chart svg polyline").count() == 4
    no_sideways_scroll(page)
    if SHOTS:
        page.screenshot(path=str(SHOTS / "statistics.png"), full_page=True)
    page.click("#players >> text=South")
    # the player's page loads after the tap: wait for its table, never read the old page
    expect(page.locator("#declared tr[data-contract=vuelta] td")).to_have_text(["1", "0", "0"])
    no_sideways_scroll(page)
    if SHOTS:
        page.screenshot(path=str(SHOTS / "statistics-player.png"), full_page=True)

    # one tap: the next evening, with the same seats and the kept paper
    page.goto(server + "/" + "/".join(page.url.split("/")[3:5]))
    page.click("text=Start the next evening")
    page.wait_for_selector("#in-play")
    assert page.url != table
    assert page.locator("tr[data-player]").evaluate_all("rows => rows.map(r => r.dataset.player)") == [
        "North", "West", "South", "East"]
    assert page.locator(".owing li[data-player=South] .debts").inner_text() == "21"
    assert "North" in page.inner_text(".next .who")
    ctx.close()


def test_send_the_result_falls_back_to_copying(chromium, server):  # noqa: F811
    example = json.loads((DATA / "worked_example.json").read_text())
    ctx, page = new_page(chromium)
    ctx.add_init_script(NO_SHARE_CAPTURE_COPY)
    make_group_and_session(page, server, "Copy table")
    enter_hand(page, example["hands"][0])
    page.click("text=End the session")
    page.click("form.card button[type=submit]")
    page.click("text=Yes, end the session")
    button = page.locator("#share-button")
    assert button.inner_text() == "Copy the result"
    button.click()
    page.wait_for_function("() => window.__copied.length === 1")
    copied = page.evaluate("window.__copied[0]")
    assert copied == page.inner_text("#share-text")
    assert copied.startswith("Copy table · Tresillo,") and "(1 hand)" in copied
    assert page.inner_text("#share-status") == "Copied: paste it into the group's chat."
    ctx.close()


def test_count_check_and_what_if_at_the_table(chromium, server):  # noqa: F811
    example = json.loads((DATA / "worked_example.json").read_text())
    ctx, page = new_page(chromium)
    make_group_and_session(page, server, "Counting table")
    for hand in example["hands"][:4]:
        enter_hand(page, hand)
    # after hand 4 the app says: North 164, West 130, South 166, East 152, plato 18, dish 10;
    # the players forgot West's codillo payment to North (22)
    page.click("text=Count the tokens")
    for field, value in (("b0", "142"), ("b1", "152"), ("b2", "166"), ("b3", "152"), ("plato", "18"),
                         ("pajaritos", "10")):
        page.fill(f"#{field}", value)
    page.click("text=Check the count")
    answer = page.inner_text("#answer")
    assert "This move was never made at the table:" in answer
    assert "Hand 4: West gives North 22, for the codillo" in answer
    no_sideways_scroll(page)
    if SHOTS:
        page.screenshot(path=str(SHOTS / "count-check.png"), full_page=True)
    # a mistyped figure is refused next to its field, and kept to be corrected
    page.fill("#b1", "15O")
    page.click("text=Check the count")
    expect(page.locator("form.count")).to_contain_text("A whole number of tokens")
    assert page.locator("#answer").count() == 0
    assert page.input_value("#b1") == "15O" and "A whole number of tokens" in page.inner_text("form.count")
    page.click("text=Back to the table")
    page.click("text=What if… (other rules)")
    page.select_option("#scale", "5")
    page.click("text=Replay under these rules")
    expect(page.locator("#answer tr[data-player]")).to_have_count(4)
    no_sideways_scroll(page)
    if SHOTS:
        page.screenshot(path=str(SHOTS / "what-if.png"), full_page=True)
    ctx.close()
