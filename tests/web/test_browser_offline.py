"""Offline at the table, in a real browser: Playwright driving Debian's Chromium at 390×844.

A real server runs in a thread on 127.0.0.1 (a secure context, so the
service worker runs) with a SQLite file. The network is switched off with
``context.set_offline`` and replies are dropped with route interception.
Every test ends by reading the stored hands from the server (the session
file export), so "never lost, never doubled" is checked where it counts.
"""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path

import pytest

from conftest import migrated_app, served

pytestmark = pytest.mark.browser

PLAYERS = ("Ana", "Bea", "Carlos")
SHOTS = Path(os.environ["SCREENSHOT_DIR"]) if os.environ.get("SCREENSHOT_DIR") else None
#: two different hands for the same hand number (Carlos deals hand 1 in these tests)
HAND_A = {"contract": "entrada", "declarer": "Ana", "tricks": {"Ana": 5, "Bea": 2, "Carlos": 2}}
HAND_B = {"contract": "vuelta", "declarer": "Bea", "tricks": {"Ana": 1, "Bea": 6, "Carlos": 2}}
HAND_C = {"contract": "entrada", "declarer": "Carlos", "tricks": {"Ana": 3, "Bea": 1, "Carlos": 5}}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    app = migrated_app(tmp_path_factory.mktemp("offline") / "table.sqlite", "offline")
    with served(app) as url:
        yield {"url": url, "app": app}


def new_phone(chromium, init_script: str | None = None):
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    if init_script:
        ctx.add_init_script(init_script)
    return ctx, ctx.new_page()


def new_table(server, name: str) -> str:
    """A group of three and an open session, made through the services; the table's address."""
    from scorekeeper.games.tresillo import services

    with server["app"].app_context():
        group = services.create_group(name)
        for p in PLAYERS:
            services.add_player(group, p)
        gs = services.start_session(group, players=list(PLAYERS), first_dealer="Carlos", rules="pagat",
                                    start_tokens=160, tanto_value="0.10", currency="EUR")
        return f"{server['url']}/s/{gs.token}"


def stored_hands(table_url: str) -> list[dict]:
    """The hands as the server stores them (its session file), without what the server adds."""
    with urllib.request.urlopen(table_url + "/session.json") as r:
        hands = json.load(r)["hands"]
    return [{k: v for k, v in h.items() if k not in ("dealer", "seating")} for h in hands]


def open_table(page, table_url: str) -> None:
    """Open the table and wait until the service worker controls it (the second load is controlled)."""
    page.goto(table_url)
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.ready.then(() => true)")
    page.evaluate("navigator.serviceWorker.ready")
    page.goto(table_url)
    page.wait_for_function("() => !!navigator.serviceWorker.controller")


def fill_hand(page, hand: dict) -> None:
    page.click(f"label.choice:has(input[name=contract][value={hand['contract']}])")
    page.click(f"label.choice:has(input[name=declarer][value={hand['declarer']}])")
    page.click("label.choice:has(input[name=result][value=tricks])")
    for player, n in hand["tricks"].items():
        page.get_by_role("radio", name=f"{n} tricks for {player}").check()


def save_offline(ctx, page, hand: dict) -> None:
    """Open the hand form, lose the network, enter ``hand`` and tap Save: it waits on the phone."""
    page.click("#enter-hand")
    page.wait_for_selector("#hand-form")
    ctx.set_offline(True)
    fill_hand(page, hand)
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector(".kept-list .kept-pending")


def shot(page, name: str) -> None:
    if SHOTS:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_service_worker_keeps_the_table_for_offline(chromium, server):
    """Must show 1: the service worker controls the table; reloaded offline, it shows the offline banner."""
    table = new_table(server, "Kept table")
    ctx, page = new_phone(chromium)
    open_table(page, table)
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL").endswith("/sw.js")
    assert not page.is_visible("#net")
    ctx.set_offline(True)
    page.reload()
    page.wait_for_selector("#net.off")
    banner = page.inner_text("#net")
    assert banner.startswith("Offline — last updated ")
    assert page.get_attribute("#net", "data-copy") == "kept"
    assert page.inner_text("#hand-number") == "1"  # the table itself, from the phone
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "offline-banner")
    # back online: it catches up by itself, and the banner goes
    ctx.set_offline(False)
    page.wait_for_selector("#net", state="hidden", timeout=15000)
    assert page.get_attribute("#net", "data-copy") == "live"
    assert stored_hands(table) == []
    ctx.close()


def test_hand_saved_offline_is_sent_once_when_back(chromium, server):
    """Must show 2: offline Save → the pending notice → back online → exactly one hand, shown, no notice."""
    table = new_table(server, "Offline hand")
    ctx, page = new_phone(chromium)
    open_table(page, table)
    save_offline(ctx, page, HAND_A)
    assert page.url.rstrip("/") == table
    pending = page.inner_text(".kept-list")
    assert "Hand 1" in pending
    assert "Saved on this phone — will be sent when back online." in pending
    assert "Ana" in pending and "entrada" in pending
    assert page.is_visible("#net.off")
    shot(page, "pending-hand")
    assert stored_hands(table) == []  # nothing reached the server
    ctx.set_offline(False)
    page.wait_for_selector(".saved", timeout=15000)
    assert "Hand 1 saved" in page.inner_text(".saved")
    assert page.locator(".kept-list").count() == 0
    assert not page.is_visible("#net")
    assert page.inner_text("#hand-number") == "2"
    assert stored_hands(table) == [HAND_A]
    ctx.close()


def save_hand(page, hand: dict) -> None:
    page.click("#enter-hand")
    page.wait_for_selector("#hand-form")
    fill_hand(page, hand)
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector(".saved")


def test_lost_reply_is_resolved_with_the_same_key(chromium, server):
    """Must show 3: the post reaches the server, its reply is dropped → one hand stored, the user told so."""
    table = new_table(server, "Lost reply")
    ctx, page = new_phone(chromium)
    open_table(page, table)
    posts: list[int] = []

    def drop_the_first_reply(route):
        if route.request.method != "POST":
            route.continue_()
            return
        posts.append(1)
        if len(posts) == 1:
            route.fetch(max_redirects=0)  # the server gets the post and saves the hand…
            route.abort("connectionreset")  # …and its answer never reaches the phone
        else:
            route.continue_()

    page.route("**/hand", drop_the_first_reply)
    page.click("#enter-hand")
    page.wait_for_selector("#hand-form")
    fill_hand(page, HAND_A)
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector(".saved")
    assert len(posts) == 2  # the phone asked again, with the same key
    saved = page.inner_text(".saved")
    assert "Hand 1 saved" in saved
    assert "saved already" in saved and "not twice" in saved
    assert stored_hands(table) == [HAND_A]
    page.unroute("**/hand")
    # the next hand goes on as usual: a fresh form, a fresh key, hand 2
    save_hand(page, HAND_B)
    assert "Hand 2 saved" in page.inner_text(".saved")
    assert "saved already" not in page.inner_text(".saved")
    assert stored_hands(table) == [HAND_A, HAND_B]
    ctx.close()


def test_two_phones_offline_enter_the_same_hand_number(chromium, server):
    """Must show 4: one stored, the other phone shows the conflict with its hand intact, then enters it next."""
    table = new_table(server, "Two phones")
    ctx_a, a = new_phone(chromium)
    ctx_b, b = new_phone(chromium)
    for ctx, page, hand in ((ctx_a, a, HAND_A), (ctx_b, b, HAND_B)):
        open_table(page, table)
        save_offline(ctx, page, hand)
    assert stored_hands(table) == []
    ctx_a.set_offline(False)
    a.wait_for_selector(".saved", timeout=15000)
    assert stored_hands(table) == [HAND_A]
    ctx_b.set_offline(False)
    b.wait_for_selector(".kept-list .kept-conflict", timeout=15000)
    card = b.inner_text(".kept-conflict")
    assert "another phone entered hand 1" in card
    assert "vuelta" in card and "Bea" in card and "Bea 6" in card  # B's hand, intact
    assert stored_hands(table) == [HAND_A]  # not doubled, not dropped
    b.click("text=Compare and choose")
    b.wait_for_selector("table.compare")
    assert "Hand 1 was entered on two phones" in b.inner_text("h1")
    rows = {r.locator("th").inner_text(): [td.inner_text() for td in r.locator("td").all()]
            for r in b.locator("table.compare tbody tr").all()}
    assert rows["Contract"] == ["entrada", "vuelta"]
    assert rows["Declarer"] == ["Ana", "Bea"]
    assert "Yours as hand 2" in b.inner_text(".mine")
    assert b.evaluate("document.documentElement.scrollWidth") <= 390
    shot(b, "conflict")
    b.click("text=Enter mine as hand 2")
    b.wait_for_selector(".saved")
    assert "Hand 2 saved" in b.inner_text(".saved")
    assert b.locator(".kept-list").count() == 0
    assert stored_hands(table) == [HAND_A, HAND_B]
    ctx_a.close()
    ctx_b.close()


def test_stale_queued_edit_is_shown_not_applied(chromium, server):
    """Must show 5: a fix saved offline, made stale by another phone, is refused with a message and kept."""
    table = new_table(server, "Stale fix")
    ctx_a, a = new_phone(chromium)
    ctx_b, b = new_phone(chromium)
    open_table(a, table)
    save_hand(a, HAND_A)
    a.goto(table + "/hands/1/edit")
    a.wait_for_selector("#hand-form")
    ctx_a.set_offline(True)
    a.click("label.choice:has(input[name=contract][value=vuelta])")
    a.click("#hand-form button[type=submit]")
    a.wait_for_selector(".kept-list .kept-pending")
    assert "Fix hand 1" in a.inner_text(".kept-list")
    # meanwhile another phone fixes hand 1 its own way
    b.goto(table + "/hands/1/edit")
    b.get_by_role("radio", name="6 tricks for Ana").check()
    b.get_by_role("radio", name="1 tricks for Bea").check()
    b.click("#hand-form button[type=submit]")
    b.wait_for_selector("#done:has-text('Hand 1 fixed')")  # the table the fix leads back to, which says so
    theirs = dict(HAND_A, tricks={"Ana": 6, "Bea": 1, "Carlos": 2})
    assert stored_hands(table) == [theirs]
    ctx_a.set_offline(False)
    a.wait_for_selector(".kept-list .kept-stale", timeout=15000)
    card = a.inner_text(".kept-stale")
    assert "Not applied" in card and "since you opened this page, hand 1 fixed" in card  # what happened meanwhile
    assert "vuelta" in card  # the user's change is still shown
    shot(a, "stale-change")
    assert stored_hands(table) == [theirs]  # and was not applied
    a.click("text=Compare and choose")
    a.wait_for_selector("table.compare")
    assert "Your fix of hand 1 was not applied" in a.inner_text("h1")
    rows = {r.locator("th").inner_text(): [td.inner_text() for td in r.locator("td").all()]
            for r in a.locator("table.compare tbody tr").all()}
    assert rows["Contract"] == ["entrada", "vuelta"]
    assert rows["Tricks"] == ["Ana 6 · Bea 1 · Carlos 2", "Ana 5 · Bea 2 · Carlos 2"]
    shot(a, "stale-change-compare")
    # looking at it again in the form: the user's answers, over the hand as it is now
    a.click("text=Change mine first")
    a.wait_for_selector(".kept-note")
    assert a.is_checked("input[name=contract][value=vuelta]")
    assert a.get_by_role("radio", name="5 tricks for Ana").is_checked()
    assert a.locator(".kept-list").count() == 0  # shown in the form, not twice
    assert stored_hands(table) == [theirs]
    # dropping it takes two taps, then nothing waits any more
    a.goto(table)
    a.click(".kept-stale >> text=Compare and choose")
    a.click("text=Drop mine")
    assert "Tap again" in a.inner_text("[data-offline-drop]")
    a.click("[data-offline-drop]")
    a.wait_for_url(table)
    a.wait_for_selector("#hand-number")
    assert a.locator(".kept-list").count() == 0
    assert stored_hands(table) == [theirs]
    ctx_a.close()
    ctx_b.close()


WAKE_STUB = """
window.__wake = {requests: 0, held: []};
Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {request: function (type) {
  window.__wake.requests += 1;
  var s = new EventTarget();
  s.type = type; s.released = false;
  s.release = function () { s.released = true; s.dispatchEvent(new Event("release")); return Promise.resolve(); };
  window.__wake.held.push(s);
  return Promise.resolve(s);
}}});
"""


def test_wake_lock_on_the_table_screen(chromium, server):
    """Must show 6: the table screen asks to keep the screen on, again when it comes back, with a switch."""
    table = new_table(server, "Screen on")
    ctx, page = new_phone(chromium, WAKE_STUB)
    page.goto(table)
    page.wait_for_function("() => window.__wake.requests === 1")
    assert page.is_checked("#wake input")
    # the browser lets the lock go when the phone is switched away; visible again, it is asked for again
    page.evaluate("window.__wake.held[0].release(); document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("() => window.__wake.requests === 2")
    page.uncheck("#wake input")
    assert page.evaluate("window.__wake.held[1].released")
    page.reload()
    page.wait_for_selector("#wake:not([hidden])")
    assert not page.is_checked("#wake input")
    assert page.evaluate("window.__wake.requests") == 0  # switched off: remembered, nothing asked
    # the hand form is not the table screen: it does not ask
    page.click("#enter-hand")
    page.wait_for_selector("#hand-form")
    assert page.evaluate("window.__wake.requests") == 0
    assert stored_hands(table) == []
    ctx.close()


def test_hand_kept_offline_is_sent_when_the_app_is_next_opened(chromium, server):
    """Must show 2, the other way back: the app is closed while offline; opening it again sends the hand once."""
    table = new_table(server, "Next opening")
    ctx, page = new_phone(chromium)
    open_table(page, table)
    save_offline(ctx, page, HAND_C)
    page.close()  # the app is closed while the phone is still offline
    ctx.set_offline(False)
    assert stored_hands(table) == []
    page = ctx.new_page()
    page.goto(server["url"] + "/start")  # the installed app's start address: the last table
    page.wait_for_selector(".saved", timeout=15000)
    assert "Hand 1 saved" in page.inner_text(".saved")
    assert page.locator(".kept-list").count() == 0
    assert stored_hands(table) == [HAND_C]
    # opening the app once more sends nothing again
    again = ctx.new_page()
    again.goto(table)
    again.wait_for_selector("#hand-number")
    again.wait_for_timeout(1500)
    assert again.inner_text("#hand-number") == "2"
    assert stored_hands(table) == [HAND_C]
    ctx.close()


def test_the_hand_form_works_without_javascript(chromium, server):
    """Progressive enhancement: with scripts off, Save posts the form as always and the hand is stored once."""
    table = new_table(server, "No scripts")
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = ctx.new_page()
    page.goto(table)
    page.click("#enter-hand")
    page.wait_for_selector("#hand-form")
    fill_hand(page, HAND_B)
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector(".saved")
    assert "Hand 1 saved" in page.inner_text(".saved")
    assert page.inner_text("#outbox") == ""
    assert stored_hands(table) == [HAND_B]
    ctx.close()
