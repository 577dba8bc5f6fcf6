"""What waits on a phone, reported by its outbox and shown to the other phones (``/s/<t>/waiting``, the sync)."""

from __future__ import annotations

import pytest

from conftest import Browser, gen_group, gen_session

ANA = "ana-phone-key-0001"
BEA = "bea-phone-key-0002"


def _report(browser: Browser, s: str, **fields: str):
    csrf = browser.client.get(f"/s/{s}/sync").get_json()["csrf"]
    return browser.client.post(f"/s/{s}/waiting", data={"csrf_token": csrf, **fields})


def _elsewhere(browser: Browser, s: str, key: str) -> list[dict]:
    return browser.client.get(f"/s/{s}/sync?phone={key}").get_json()["elsewhere"]


def test_a_report_is_shown_to_the_other_phones_not_its_own(app, browser):
    s = gen_session(browser, gen_group(browser))
    browser.client.set_cookie("phone", "Ana", domain="localhost")
    assert _report(browser, s, phone=ANA, hands="2", choices="1", first="3").status_code == 204
    assert _elsewhere(browser, s, BEA) == [{"phone": "Ana", "hands": 2, "choices": 1, "first": 3}]
    assert _elsewhere(browser, s, ANA) == []
    # the next report replaces it; nothing waiting removes it
    assert _report(browser, s, phone=ANA, hands="1", choices="0", first="4").status_code == 204
    assert _elsewhere(browser, s, BEA) == [{"phone": "Ana", "hands": 1, "choices": 0, "first": 4}]
    assert _report(browser, s, phone=ANA, hands="0", choices="0").status_code == 204
    assert _elsewhere(browser, s, BEA) == []


def test_the_sync_gives_the_deals_ahead(app, browser):
    s = gen_session(browser, gen_group(browser))
    deals = browser.client.get(f"/s/{s}/sync").get_json()["deals"]
    assert [d["number"] for d in deals[:5]] == [1, 2, 3, 4, 5]
    assert [d["dealer"] for d in deals[:5]] == ["North", "West", "South", "East", "North"]
    assert deals[0]["mano"] == "West" and "North" not in deals[0]["active"] and len(deals[0]["active"]) == 3


@pytest.mark.parametrize("fields", [
    {"phone": "", "hands": "1", "choices": "0", "first": "1"},
    {"phone": "short", "hands": "1", "choices": "0", "first": "1"},
    {"phone": ANA, "hands": "-1", "choices": "0", "first": "1"},
    {"phone": ANA, "hands": "1001", "choices": "0", "first": "1"},
    {"phone": ANA, "hands": "1", "choices": "2", "first": "1"},
    {"phone": ANA, "hands": "1", "choices": "0", "first": "0"},
    {"phone": ANA, "hands": "99999999999999999999", "choices": "0", "first": "1"},
    {"phone": ANA, "hands": "x", "choices": "0", "first": "1"},
])
def test_a_damaged_report_is_refused_with_a_sentence(app, browser, fields):
    s = gen_session(browser, gen_group(browser))
    r = _report(browser, s, **fields)
    assert r.status_code == 400 and "damaged" in r.get_json()["message"]
    assert _elsewhere(browser, s, BEA) == []


def test_a_report_without_its_form_token_is_refused(app, browser):
    s = gen_session(browser, gen_group(browser))
    r = browser.client.post(f"/s/{s}/waiting", data={"phone": ANA, "hands": "1", "choices": "0", "first": "1"})
    assert r.status_code == 400 and r.headers.get("X-Form-Stale") == "1"
    assert _elsewhere(browser, s, BEA) == []
