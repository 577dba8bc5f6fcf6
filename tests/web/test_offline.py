"""What the server gives the phone for offline use (issue 11), through the test client.

The browser side (service worker, outbox, banner) is in test_browser_offline.py;
here: the manifest and its icons, the worker served from the top, the start
address, the outbox's sync answer and the comparison page, including damaged
addresses thrown at it by Hypothesis (a 4xx with words, never a 500, nothing written).
"""

from __future__ import annotations

import json
import re
import struct

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import gen_group, gen_hand, gen_session, hand_fields

PLAYERS = ("North", "West", "South", "East")


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def stored(client, token: str) -> list[dict]:
    return json.loads(client.get(f"/s/{token}/session.json").get_data(as_text=True))["hands"]


def test_manifest_makes_the_app_installable(client):
    r = client.get("/manifest.webmanifest")
    assert r.status_code == 200 and r.mimetype == "application/manifest+json"
    m = json.loads(r.get_data(as_text=True))
    assert m["display"] == "standalone" and m["start_url"] == "/start"
    assert m["short_name"] == "Scorekeeper" and m["name"] == "Scorekeeper for Spanish and Italian cards"
    assert "Tresillo" not in json.dumps(m)  # the installed app is named for the family, not for one game
    assert m["theme_color"].startswith("#") and m["background_color"].startswith("#")
    sizes = {(i["sizes"], i["purpose"]) for i in m["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")} <= sizes
    for icon in m["icons"]:
        got = client.get(icon["src"])
        assert got.status_code == 200 and got.mimetype == "image/png"
        side = int(icon["sizes"].split("x")[0])
        assert png_size(got.get_data()) == (side, side)
    page = client.get("/").get_data(as_text=True)
    assert 'rel="manifest"' in page and 'name="theme-color"' in page


def test_service_worker_is_served_from_the_top_with_its_shell(client):
    r = client.get("/sw.js")
    assert r.status_code == 200 and r.mimetype == "text/javascript"
    assert r.headers["Service-Worker-Allowed"] == "/"
    assert "no-cache" in r.headers["Cache-Control"]
    body = r.get_data(as_text=True)
    shell = json.loads(body.split("var SHELL = ", 1)[1].split(";\n", 1)[0])
    assert shell[-1] == "/offline"
    # static files under their content-hashed names (scorekeeper/web/assets.py), which the worker keeps for good
    assert any(re.fullmatch(r"/static/app\.[0-9a-f]{12}\.css", u) for u in shell)
    assert any(re.fullmatch(r"/static/offline\.[0-9a-f]{12}\.js", u) for u in shell)
    # a game's own script too (Tresillo's hand form: games/tresillo.js), kept for a page opened offline
    assert any(re.fullmatch(r"/static/games/tresillo\.[0-9a-f]{12}\.js", u) for u in shell)
    assert not any("sw." in u for u in shell)
    for url in shell:  # every file the worker keeps at install can be fetched
        assert client.get(url).status_code == 200, url
    assert 'self.addEventListener("fetch"' in body


def test_start_reopens_the_last_table_this_phone_opened(browser):
    assert browser.client.get("/start").headers["Location"].endswith("/")
    token = gen_session(browser, gen_group(browser))
    browser.get(f"/s/{token}")
    r = browser.client.get("/start")
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/s/{token}")
    # a damaged or unknown cookie leads to the list of groups, not to an error
    for bad in ("nope", "x" * 40, "../../etc", ""):
        browser.client.set_cookie("last_table", bad)
        r = browser.client.get("/start")
        assert r.status_code == 302 and r.headers["Location"].endswith("/"), bad


def test_sync_says_where_the_session_stands(browser, worked_example):
    token = gen_session(browser, gen_group(browser))
    first = browser.client.get(f"/s/{token}/sync").get_json()
    assert first["hands"] == 0 and first["closed"] is False and first["csrf"]
    gen_hand(browser, token, worked_example["hands"][0])
    then = browser.client.get(f"/s/{token}/sync").get_json()
    assert then["hands"] == 1 and then["version"] > first["version"]
    assert browser.client.get("/s/unknown-token-123/sync").status_code == 404


def _pending_args(hand: dict, key: str, **extra: str) -> dict:
    return {**hand_fields(hand, PLAYERS), "key": key, **extra}


def test_a_hand_entered_on_two_phones_is_compared_then_entered_once(browser, worked_example):
    token = gen_session(browser, gen_group(browser))
    first, second = worked_example["hands"][:2]
    gen_hand(browser, token, first)  # the other phone's hand 1
    page = browser.client.get(f"/s/{token}/pending", query_string=_pending_args(second, "mine-key-0001", number="1"))
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    assert "Hand 1 was entered on two phones" in html and "Enter mine as hand 2" in html
    assert len(stored(browser.client, token)) == 1  # looking writes nothing
    # the "enter mine" form carries the phone's own key: sent twice, stored once, as hand 2
    form = html.split('data-offline-key="mine-key-0001"', 1)[1].split("</form>", 1)[0]
    data = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form))
    assert data["idem_key"] == "mine-key-0001" and data["number"] == "2"
    data.pop("csrf_token")
    a = browser.post(f"/s/{token}/hand", data)
    b = browser.post(f"/s/{token}/hand", data)
    assert a.status_code == b.status_code == 302
    assert "again=1" in b.headers["Location"] and "again" not in a.headers["Location"]
    assert len(stored(browser.client, token)) == 2
    # the same hand from both phones: it says so, and offers to drop it first
    same = browser.client.get(f"/s/{token}/pending", query_string=_pending_args(first, "mine-key-0002", number="1"))
    assert "Both phones entered the same hand" in same.get_data(as_text=True)


KEYS = st.one_of(st.just("good-key-0001"), st.text(max_size=70))
ARGS = st.dictionaries(
    st.sampled_from(["key", "number", "edit", "contract", "declarer", "t0", "t1", "t2", "t3", "surrender",
                     "takeover", "estuche", "bola", "drops_out", "debt", "trump", "bet", "forced"]),
    st.one_of(st.sampled_from(["1", "2", "3", "0", "-1", "9" * 12, "٣", "entrada", "vuelta", "North", "y", ""]),
              st.text(max_size=10)),
    max_size=9)


def test_damaged_comparison_addresses_are_refused_cleanly(browser, worked_example):
    token = gen_session(browser, gen_group(browser))
    for hand in worked_example["hands"][:2]:
        gen_hand(browser, token, hand)
    before = stored(browser.client, token)

    @settings(max_examples=60, deadline=None)
    @given(args=ARGS, key=KEYS)
    def look(args, key):
        args = dict(args)
        args.setdefault("key", key)
        r = browser.client.get(f"/s/{token}/pending", query_string=args)
        assert r.status_code in (200, 400), r.get_data(as_text=True)[:2000]
        if r.status_code == 400:
            assert "This link is damaged" in r.get_data(as_text=True)

    look()
    assert stored(browser.client, token) == before
