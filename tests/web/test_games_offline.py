"""The server's side of a game's deal saved offline: the outbox's sync and waiting addresses on a game's
pages, a re-sent deal (the same form key) stored once, and the kept deal's "compare and choose"."""

from __future__ import annotations

import re

import pytest

from conftest import field_value, gen_group

FIVE = ("Ana", "Bea", "Cleo", "Dan", "Eva")
PHONE = "phone-key-0123456789"


@pytest.fixture
def game(browser):
    group = gen_group(browser, players=FIVE)
    page = browser.get(f"/g/{group}/play/rovescino").get_data(as_text=True)
    r = browser.post(f"/g/{group}/play/rovescino", {**{f"seat{i + 1}": n for i, n in enumerate(FIVE)},
                                                    "idem_key": field_value(page, "idem_key"), "stake": "1",
                                                    "currency": "EUR"})
    return r.headers["Location"].split("/")[2]


def deal_fields(browser, token):
    page = browser.get(f"/s/{token}/play/deal").get_data(as_text=True)
    return {"idem_key": field_value(page, "idem_key"), "number": field_value(page, "number"), "mode": "points",
            "last": "Bea", **{f"points-{i}": str(v) for i, v in enumerate((2, 3, 1, 3, 0))}}


def test_the_games_pages_give_the_outbox_their_addresses(browser, game):
    html = browser.get(f"/s/{game}/play/deal").get_data(as_text=True)
    assert f'data-sync="/s/{game}/play/sync"' in html and f'data-table-url="/s/{game}/play"' in html
    assert re.search(r'<form method="post" class="card deal-form" data-offline="hand"', html)
    fix = browser.get(f"/s/{game}/play/deal").get_data(as_text=True)
    assert 'data-heading="Deal {n}"' in fix and 'data-save="Save deal {n}"' in fix


def test_the_sync_says_where_the_game_stands(browser, game):
    state = browser.get(f"/s/{game}/play/sync?phone={PHONE}").get_json()
    assert state["hands"] == 0 and state["closed"] is False and state["csrf"] and state["elsewhere"] == []
    assert browser.post(f"/s/{game}/play/deal", deal_fields(browser, game)).status_code == 302
    assert browser.get(f"/s/{game}/play/sync").get_json()["hands"] == 1


def test_a_re_sent_deal_is_stored_once(browser, game):
    fields = deal_fields(browser, game)
    for _ in range(3):  # the answer lost on the way: the phone sends the same deal with the same key again
        assert browser.post(f"/s/{game}/play/deal", fields).status_code == 302
    assert len(browser.get(f"/s/{game}/play/session.json").get_json()["deals"]) == 1


def test_what_waits_on_a_phone_is_told_to_the_others(browser, game):
    csrf = browser.get(f"/s/{game}/play/sync").get_json()["csrf"]
    r = browser.client.post(f"/s/{game}/play/waiting", data={"csrf_token": csrf, "phone": PHONE, "hands": "2",
                                                             "choices": "0", "first": "1"})
    assert r.status_code == 204
    other = browser.get(f"/s/{game}/play/sync?phone=another-phone-0123").get_json()["elsewhere"]
    assert [(w["hands"], w["first"]) for w in other] == [(2, 1)]
    r = browser.client.post(f"/s/{game}/play/waiting", data={"csrf_token": csrf, "phone": PHONE, "hands": "x"})
    assert r.status_code == 400


def test_compare_and_choose_opens_the_deal_form_with_the_kept_deal(browser, game):
    r = browser.get(f"/s/{game}/play/deal?mode=points&key=kept-key-0123456789&number=1")
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/s/{game}/play/deal?pending=kept-key-0123456789")
    assert browser.post(f"/s/{game}/play/deal", deal_fields(browser, game)).status_code == 302
    r = browser.get(f"/s/{game}/play/deal?key=kept-key-0123456789&edit=1")
    assert r.headers["Location"].endswith(f"/s/{game}/play/deal/1?pending=kept-key-0123456789")


def end_fields(browser, token):
    page = browser.get(f"/s/{token}/play/end").get_data(as_text=True)
    return {"idem_key": field_value(page, "idem_key"), "version": field_value(page, "version")}


def test_a_deal_sent_after_the_game_was_ended_elsewhere_is_refused_not_lost(browser, game):
    """A phone's outbox takes a redirect for "saved": a deal it sends to a game ended on another phone must not
    get one (it would be dropped from the phone, never stored). It gets the closed page, 409, which the outbox
    keeps for the player to look at; a re-sent copy of a deal stored before the end is still answered as saved."""
    stored = deal_fields(browser, game)
    assert browser.post(f"/s/{game}/play/deal", stored).status_code == 302
    late = deal_fields(browser, game)  # the form of deal 2, opened before the end
    assert browser.post(f"/s/{game}/play/end", end_fields(browser, game)).status_code == 302
    r = browser.post(f"/s/{game}/play/deal", late)
    assert r.status_code == 409 and "This game has ended" in r.get_data(as_text=True)
    again = browser.post(f"/s/{game}/play/deal", stored)
    assert again.status_code == 302 and again.headers["Location"].endswith(f"/s/{game}/play/result")
    for url in (f"/s/{game}/play/deal/1/delete", f"/s/{game}/play/deal/1/insert"):
        refused = browser.post(url, {"idem_key": "a-change-sent-late-0001", "version": "1"})
        assert refused.status_code == 409, url
    assert browser.get(f"/s/{game}/play/deal").status_code == 302  # a form opened: the result
    assert len(browser.get(f"/s/{game}/play/session.json").get_json()["deals"]) == 1
