"""Every game's table on real phones: Playwright driving Debian's Chromium at 390×844, a real server in a thread.

- Two phones at one Truco table: a hand saved on one is on the other within one poll period (3 s), by the
  table screen's "anything new?" poll (``static/follow.js``, answered 304 while nothing changed).
- A fresh phone that opened a Cacho table (and one that opened a Tressette table), never their deal form,
  enters a deal offline: the form is on the phone, the deal waits in the outbox, and it is saved once when
  the network returns.
"""

from __future__ import annotations

import json
import os
import time
import urllib.request
from pathlib import Path
from urllib.parse import urljoin

import pytest

from conftest import migrated_app, served, until_true

pytestmark = pytest.mark.browser

FOUR = ("Ana", "Bea", "Cleo", "Dan")
SHOTS = Path(os.environ["SCREENSHOT_DIR"]) if os.environ.get("SCREENSHOT_DIR") else None
#: the table screen's poll period (static/follow.js)
POLL_SECONDS = 3.0


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    app = migrated_app(tmp_path_factory.mktemp("games-tables") / "tables.sqlite", "games-tables")
    with served(app) as url:
        yield {"url": url, "app": app}


def new_game(server, name: str, game: str, options: dict) -> str:
    """A group of four and an open game of ``game``, made through the services; its table's address."""
    from scorekeeper import services
    from scorekeeper.web.games import teams_of

    with server["app"].app_context():
        group = services.create_group(name)
        for p in FOUR:
            services.add_player(group, p)
        spec = services.games.game_spec(game)
        assert spec is not None
        gs = services.games.start_game(group, game, list(FOUR), teams_of(spec, list(FOUR)), options, "EUR")
        return f"{server['url']}/s/{gs.token}/play"


def stored_deals(table_url: str) -> list[dict]:
    with urllib.request.urlopen(table_url + "/session.json") as r:
        deals: list[dict] = json.load(r)["deals"]
        return deals


def phone(chromium):
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    return ctx, ctx.new_page()


def shot(page, name: str) -> None:
    if SHOTS:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_two_phones_at_a_truco_table_follow_each_other_within_one_poll(chromium, server):
    table = new_game(server, "Truco followed", "truc", {"ruleset": "rioplatense"})
    ctx_a, a = phone(chromium)
    ctx_b, b = phone(chromium)
    a.goto(table)
    b.goto(table)
    assert b.locator(".truc-side .score").all_inner_texts() == ["0", "0"]
    b.evaluate("window.__sameDocument = true")  # gone once the page reloads
    reloads: list[float] = []  # when phone B asked for the table screen again
    b.on("request", lambda r: reloads.append(time.monotonic()) if r.is_navigation_request() else None)
    a.click("#enter-deal")
    a.click(".end-buttons button[value=won-1]")  # nobody called: the second side takes the hand's point
    a.wait_for_selector("#enter-deal")
    saved = time.monotonic()
    assert a.locator(".truc-side .score").all_inner_texts() == ["0", "1"]
    b.wait_for_function("() => !window.__sameDocument && document.querySelectorAll('.truc-side .score')[1]"
                        " && document.querySelectorAll('.truc-side .score')[1].textContent.trim() === '1'",
                        timeout=10_000)
    # the other phone asks every 3 s: it sees the save at its next poll and asks for the new screen at once
    assert reloads and reloads[0] - saved <= POLL_SECONDS + 0.5, [t - saved for t in reloads]
    assert b.locator(".truc-side .score").all_inner_texts() == ["0", "1"]
    assert b.locator("#deal-1").count() == 1
    shot(b, "truco-followed")
    assert len(stored_deals(table)) == 1
    ctx_a.close()
    ctx_b.close()


def fresh_phone_opens(chromium, table: str):
    """A phone that never saw the app opens the table once (no reload) and waits until the service worker has
    taken the page over and kept the deal form (never opened on this phone)."""
    ctx, page = phone(chromium)
    page.goto(table)
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=15_000)
    form = table + "/deal"
    until_true(page, "url => caches.open('sk-pages').then(c => c.match(url)).then(r => !!r)", form)
    return ctx, page


def go_offline(ctx, page) -> None:
    """The network drops: the phone says so."""
    ctx.set_offline(True)
    page.wait_for_selector("#net.off")
    page.wait_for_selector("#enter-deal")


def open_deal_form(page) -> None:
    """The "Enter deal" link followed offline: the deal form, from the phone (never opened online). Followed as
    its address (not a tap) so that an outbox check answered just before going offline, which shows the table
    afresh, cannot replace the form as it opens (a race of the test, not of the phone: it taps again)."""
    form = urljoin(page.url, page.get_attribute("#enter-deal", "href"))
    page.goto(form)
    page.wait_for_selector("form.deal-form")


def back_online_saved_once(ctx, page, table: str) -> list[dict]:
    assert stored_deals(table) == []  # nothing reached the server while offline
    ctx.set_offline(False)
    page.wait_for_function("() => document.querySelectorAll('.kept-list .kept-pending').length === 0",
                           timeout=20_000)
    deadline = time.monotonic() + 10
    while not stored_deals(table) and time.monotonic() < deadline:
        time.sleep(0.3)
    time.sleep(1)  # nothing more arrives: the outbox sent it once
    return stored_deals(table)


def test_a_cacho_hand_entered_offline_on_a_fresh_phone_is_saved_once(chromium, server):
    table = new_game(server, "Cacho offline", "cacho", {"counters": dict.fromkeys(FOUR, 20)})
    ctx, page = fresh_phone_opens(chromium, table)
    go_offline(ctx, page)
    open_deal_form(page)
    assert page.get_attribute("#net", "data-copy") == "kept"  # the copy kept on the phone, said so
    page.click("#round-1 button.match")
    page.click("label.choice:has(input[name=winner][value=Bea])")
    page.click(".deal-form button[type=submit]")
    page.wait_for_selector(".kept-list .kept-pending")
    assert "Deal 1" in page.inner_text(".kept-list")
    shot(page, "cacho-offline-kept")
    deals = back_online_saved_once(ctx, page, table)
    assert len(deals) == 1 and deals[0]["dealer"] == "Ana" and deals[0]["winner"] == "Bea"
    assert deals[0]["rounds"][0]["put"] == dict.fromkeys(FOUR, 1)
    ctx.close()


def test_a_tressette_deal_entered_offline_on_a_fresh_phone_is_saved_once(chromium, server):
    table = new_game(server, "Tressette offline", "tressette", {})
    ctx, page = fresh_phone_opens(chromium, table)
    go_offline(ctx, page)
    open_deal_form(page)
    page.click("label.choice:has(input[name='last'][value='0'])")
    page.click("label.choice:has(input[name='points-0'][value='7'])")
    page.click(".deal-form > button.big")
    page.wait_for_selector(".kept-list .kept-pending")
    shot(page, "tressette-offline-kept")
    deals = back_online_saved_once(ctx, page, table)
    assert len(deals) == 1 and deals[0]["last"] == "A" and deals[0]["points"]["A"] == 7
    ctx.close()


def test_a_deal_kept_offline_while_another_phone_ends_the_game_stays_on_the_phone(chromium, server):
    """The deal waits on a phone offline; another phone ends the game; back online the outbox sends it and the
    server refuses it (409, the game is over): the deal stays on the phone, waiting for a choice, and its compare
    page says the game was ended elsewhere; nothing is stored, nothing dropped unseen."""
    from scorekeeper import services

    table = new_game(server, "Cacho ended elsewhere", "cacho", {"counters": dict.fromkeys(FOUR, 20)})
    ctx, page = fresh_phone_opens(chromium, table)
    go_offline(ctx, page)
    open_deal_form(page)
    page.click("#round-1 button.match")
    page.click("label.choice:has(input[name=winner][value=Bea])")
    page.click(".deal-form button[type=submit]")
    page.wait_for_selector(".kept-list .kept-pending")
    with server["app"].app_context():
        services.games.end_game(services.find_session(table.split("/")[-2]), "ended-on-another-phone")
    ctx.set_offline(False)
    held = page.wait_for_selector(".kept-list .kept-conflict", timeout=20_000)  # sent, refused: held here
    assert "Deal 1" in held.inner_text()
    held.query_selector("a").click()
    page.wait_for_url("**/pending?**")
    said = page.inner_text("main")
    assert "The game was ended on another phone" in said and "Yours is still on this phone" in said
    shot(page, "cacho-ended-elsewhere")
    assert stored_deals(table) == []
    ctx.close()
