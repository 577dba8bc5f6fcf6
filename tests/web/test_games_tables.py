"""Every game's table as the phones read it: replayed once per version, polled from one row, flat pages.

A game of ``scorekeeper-session/2`` (here Cacho, whose games may run to hundreds of deals) is replayed once
per version and worker (``services/replays.py``); a save plays its one deal on the replay kept and keeps the
game it makes; the table screen shows the last deals and pages the rest; the other phones' poll is an empty
304 from the session's row while nothing changed; the outbox's sync counts the deals without loading them.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from test_poll import statements

from conftest import field_value, gen_group, templates_drawn
from scorekeeper import services
from scorekeeper.db import db
from scorekeeper.services import games as game_services

THREE = ("Ana", "Bea", "Cleo")


def cacho_file(deals: int, seed: int = 7) -> dict:
    """A Cacho game of ``deals`` deals, each a valid pot (tests/games/sessions_truc.py's hands)."""
    from tests.games.sessions_truc import _pot_hand

    rng = random.Random(seed)
    made = [_pot_hand(rng, list(THREE), None)[0] for _ in range(deals)]
    return {"format": "scorekeeper-session/2", "game": "cacho", "players": list(THREE), "options": {"stake": "1"},
            "deals": made}


def imported(app, browser, deals: int) -> str:
    """A Cacho game of ``deals`` deals brought in as a session file; its session link."""
    group_token = gen_group(browser, players=THREE)
    with app.app_context():
        group = services.find_group(group_token)
        assert group is not None
        token = game_services.import_game(group, json.dumps(cacho_file(deals))).token
        db.session.remove()
    return token


def save_void(browser, token: str, number: int):
    """Deal ``number`` entered on the form as a deal nobody played (the pot carried)."""
    page = browser.get(f"/s/{token}/play/deal").get_data(as_text=True)
    assert field_value(page, "number") == str(number)
    return browser.post(f"/s/{token}/play/deal", {"idem_key": field_value(page, "idem_key"),
                                                   "number": str(number), "hand": "void", "dealer": "Ana"})


def deal_numbers(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<li id="deal-(\d+)">', html)]


def test_the_table_shows_the_last_deals_and_the_rest_a_page_at_a_time(app, browser):
    token = imported(app, browser, 60)
    table = browser.get(f"/s/{token}/play").get_data(as_text=True)
    assert deal_numbers(table) == [60, 59, 58, 57]
    assert f'href="/s/{token}/play/deals"' in table and "All deals (60)" in table
    # Cacho's own sheet of counters: the last twelve hands, the others said to be on All deals
    assert re.findall(r'<tr><th scope="row">(\d+)</th>', table) == [str(n) for n in range(60, 48, -1)]
    assert "The last 12 hands; 48 earlier hands are under All deals." in table
    first = browser.get(f"/s/{token}/play/deals").get_data(as_text=True)
    assert deal_numbers(first) == list(range(60, 35, -1))
    assert "Deals 60 to 36 of 60, newest first." in first
    assert f'href="/s/{token}/play/deals?before=36"' in first
    older = browser.get(f"/s/{token}/play/deals?before=36").get_data(as_text=True)
    assert deal_numbers(older) == list(range(35, 10, -1))
    last = browser.get(f"/s/{token}/play/deals?deal=3").get_data(as_text=True)
    assert deal_numbers(last) == list(range(10, 0, -1)) and "Older deals" not in last
    # a damaged page number shows the newest page, never an error
    assert deal_numbers(browser.get(f"/s/{token}/play/deals?before=x").get_data(as_text=True))[0] == 60


def test_the_watch_link_pages_its_deals_without_changing_anything(app, browser):
    token = imported(app, browser, 30)
    with app.app_context():
        link = services.find_session(token).watch_token
    watched = browser.get(f"/w/{link}/play").get_data(as_text=True)
    assert deal_numbers(watched) == [30, 29, 28, 27] and f'href="/w/{link}/play/deals"' in watched
    assert f'data-version-url="/w/{link}/play/version"' in watched
    page = browser.get(f"/w/{link}/play/deals").get_data(as_text=True)
    assert deal_numbers(page) == list(range(30, 5, -1))
    assert token not in page and "/play/deal/" not in page  # no fix or delete, no session link


def test_the_other_phones_poll_one_row_and_see_a_save(app, browser):
    token = imported(app, browser, 5)
    table = browser.get(f"/s/{token}/play").get_data(as_text=True)
    version = re.search(r'id="live" data-version-url="([^"]+)" data-version="(\d+)"', table)
    assert version is not None and version.group(1) == f"/s/{token}/play/version"
    tag = f'"{version.group(2)}"'
    with statements(app) as sent:
        for _ in range(3):
            unchanged = browser.client.get(f"/s/{token}/play/version", headers={"If-None-Match": tag})
            assert unchanged.status_code == 304 and unchanged.get_data() == b""
    assert len(sent) == 3 and all(s.startswith("SELECT sessions.version FROM sessions WHERE sessions.token =")
                                  for s in sent), sent
    assert save_void(browser, token, 6).status_code == 302
    now = browser.client.get(f"/s/{token}/play/version", headers={"If-None-Match": tag})
    assert now.status_code == 200 and now.get_json()["hands"] == 6 and now.headers["ETag"] != tag


def test_the_sync_counts_the_deals_without_loading_them(app, browser):
    token = imported(app, browser, 40)
    with statements(app) as sent:
        state = browser.client.get(f"/s/{token}/play/sync").get_json()
    assert state["hands"] == 40
    read = [s for s in sent if "FROM hands" in s]
    assert read and all(s.startswith("SELECT count(*)") for s in read), read


def test_a_save_plays_one_deal_and_the_table_after_it_replays_nothing(app, browser, monkeypatch):
    token = imported(app, browser, 50)
    browser.get(f"/s/{token}/play")  # the phones have the game's replay of this version
    replays: list[int] = []
    whole = game_services._replayed_from

    def counted(gs, version, deals):
        replays.append(len(deals))
        return whole(gs, version, deals)

    monkeypatch.setattr(game_services, "_replayed_from", counted)
    assert save_void(browser, token, 51).status_code == 302
    table = browser.get(f"/s/{token}/play").get_data(as_text=True)
    assert deal_numbers(table)[0] == 51
    assert replays == []  # neither the save nor the screen after it replayed the game's 50 deals
    # a version this worker never saw (another worker's save) is caught up, not replayed: one deal played
    # (the list of deals asks the replay: the table screen of a version is kept drawn, web/screens.py)
    with app.app_context():
        game_services.REPLAYS.cache.clear()
    browser.get(f"/s/{token}/play/deals")
    assert replays == [51]
    game_services.REPLAYS.cache.forget((token, 52))
    assert save_void(browser, token, 52).status_code == 302
    browser.get(f"/s/{token}/play/deals")
    assert replays == [51]  # the version before (51) was kept: the save played deal 52 on it


@pytest.mark.parametrize("deals", [3, 200])
def test_the_table_screen_weighs_the_same_at_any_length(app, browser, deals):
    token = imported(app, browser, deals)
    page = browser.get(f"/s/{token}/play").get_data()
    assert len(page) < 40 * 1024
    assert len(deal_numbers(page.decode())) == min(deals, 4)


def test_the_table_screen_is_drawn_once_a_version_for_every_phone(app, browser):
    """The platform's kept screen (web/screens.py), as Tresillo's: the table's phones opening a version take
    one drawing, each with its own time of drawing; a save draws the next version; the watch page is drawn
    apart and never carries the session's link."""
    token = imported(app, browser, 5)
    with app.app_context():
        link = services.find_session(token).watch_token
    with templates_drawn(app) as drawn:
        pages = [browser.get(f"/s/{token}/play").get_data(as_text=True) for _ in range(3)]
        assert drawn.count("games/table.html") == 1
        assert all(deal_numbers(p) == [5, 4, 3, 2] for p in pages)
        assert all(re.search(r'data-rendered="\d+"', p) for p in pages) and "hole-" not in "".join(pages)
        watched = browser.get(f"/w/{link}/play").get_data(as_text=True)
        assert drawn.count("games/table.html") == 2 and token not in watched
        assert save_void(browser, token, 6).status_code == 302
        after = browser.get(f"/s/{token}/play").get_data(as_text=True)
        assert deal_numbers(after) == [6, 5, 4, 3] and drawn.count("games/table.html") == 3
        made_up = browser.get(f"/s/{token}/play?x=1").get_data(as_text=True)  # drawn for itself, not kept
        assert deal_numbers(made_up) == [6, 5, 4, 3] and drawn.count("games/table.html") == 4


def test_the_list_of_deals_draws_each_deal_once_a_version_and_language(app, browser):
    """As Tresillo's All hands: a page of deals draws only its own deals' items, each kept with the version's
    replay by language and link (services/screens.py, DealsPage.items); the watch link's items are its own."""
    token = imported(app, browser, 40)
    with app.app_context():
        gs = services.find_session(token)
        version, link = gs.version, gs.watch_token

    def kept_items() -> set[tuple]:
        made = game_services.REPLAYS.cache.get((token, version))
        assert made is not None
        return {key[1] for key in made._kept if isinstance(key, tuple) and key[0] == "hands page"}

    first = browser.get(f"/s/{token}/play/deals").get_data(as_text=True)
    assert deal_numbers(first) == list(range(40, 15, -1))
    assert kept_items() == {("en", token, False, n) for n in range(16, 41)}
    again = browser.get(f"/s/{token}/play/deals").get_data(as_text=True)
    assert deal_numbers(again) == deal_numbers(first) and len(kept_items()) == 25  # the same page again drew nothing
    older = browser.get(f"/s/{token}/play/deals?before=16").get_data(as_text=True)
    assert deal_numbers(older) == list(range(15, 0, -1)) and len(kept_items()) == 40
    watched = browser.get(f"/w/{link}/play/deals").get_data(as_text=True)
    assert deal_numbers(watched) == list(range(40, 15, -1)) and "/play/deal/" not in watched
    assert ("en", None, True, 40) in kept_items()
    from scorekeeper.i18n import COOKIE

    browser.client.set_cookie(COOKIE, "es")
    spanish = browser.get(f"/s/{token}/play/deals").get_data(as_text=True)
    assert "Mano 40" in spanish and "Deal 40" not in spanish  # drawn again in its own language, not the kept English
    assert ("es", token, False, 40) in kept_items()
