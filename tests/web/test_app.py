"""Every route of the table app through the Flask test client, refusals included."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from conftest import end_session, field_value, gen_group, gen_hand, gen_session, hand_fields

PLAYERS = ("North", "West", "South", "East")


def bowls_on(html: str) -> list[int]:
    return [int(x) for x in re.findall(r'class="num bowl">(\d+)', html)]


def hand_count(client, token: str) -> int:
    return client.get(f"/s/{token}/version").get_json()["hands"]


def play_worked_example(browser, worked_example):
    g = gen_group(browser)
    s = gen_session(browser, g)
    for hand in worked_example["hands"]:
        gen_hand(browser, s, hand)
    return g, s


# ------------------------------------------------------------------ groups and players


def test_index_and_create_group(browser):
    assert browser.get("/").status_code == 200
    r = browser.post("/", {"name": "  "})
    assert r.status_code == 400 and "Give the group a name." in r.get_data(as_text=True)
    token = gen_group(browser, players=())
    page = browser.get(f"/g/{token}").get_data(as_text=True)
    assert "Tuesday table" in page and "No players yet." in page


def test_players_add_rename_retire(browser, client):
    token = gen_group(browser, players=("Ana", "Luis"))
    r = browser.post(f"/g/{token}/players", {"name": "ana"})
    assert r.status_code == 400 and "Ana is already in this group." in r.get_data(as_text=True)
    page = browser.get(f"/g/{token}").get_data(as_text=True)
    ids = re.findall(rf"/g/{token}/players/(\d+)/rename", page)
    assert len(ids) == 2
    assert browser.post(f"/g/{token}/players/{ids[0]}/rename", {"name": "Ana María"}).status_code == 302
    assert "Ana María" in browser.get(f"/g/{token}").get_data(as_text=True)
    r = browser.post(f"/g/{token}/players/{ids[0]}/rename", {"name": "Luis"})
    assert r.status_code == 400 and "Luis is already in this group." in r.get_data(as_text=True)
    assert browser.post(f"/g/{token}/players/{ids[1]}/retire").status_code == 302
    assert 'class="retired"' in browser.get(f"/g/{token}").get_data(as_text=True)
    assert browser.post(f"/g/{token}/players/{ids[1]}/return").status_code == 302
    assert 'class="retired"' not in browser.get(f"/g/{token}").get_data(as_text=True)
    assert browser.post(f"/g/{token}/players/99999/retire").status_code == 404


def test_unknown_tokens_are_404(client):
    for url in ("/g/nope", "/g/nope/start", "/s/nope", "/s/nope/hand", "/s/nope/hands", "/s/nope/end",
                "/s/nope/session.json", "/s/nope/ledger.csv", "/s/nope/report.pdf", "/s/nope/version"):
        r = client.get(url)
        assert r.status_code == 404, url
        if not url.endswith("version"):
            assert "No group or session has this link." in r.get_data(as_text=True)  # the access model's 404


def test_tokens_are_unguessable(browser):
    g = gen_group(browser)
    s = gen_session(browser, g)
    assert len(g) >= 22 and len(s) >= 22  # 128 bits, URL-safe
    assert browser.get("/s/1").status_code == 404


def test_csrf_is_required(client, browser):
    g = gen_group(browser)
    r = client.post(f"/g/{g}/players", data={"name": "Zoe"})
    assert r.status_code == 400 and "out of date" in r.get_data(as_text=True)


# ------------------------------------------------------------------ starting a session


def test_start_refusals(browser):
    g = gen_group(browser)
    browser.get(f"/g/{g}/start")
    base = {"seat1": "North", "seat2": "West", "seat3": "", "seat4": "", "first_dealer": "1", "rules": "pagat",
            "tanto_value": "0.10", "currency": "EUR", "start_tokens": "160", "scale": "1", "palo_de_favor": ""}
    r = browser.post(f"/g/{g}/start", base)
    assert r.status_code == 400 and "three or four players" in r.get_data(as_text=True)
    r = browser.post(f"/g/{g}/start", dict(base, seat3="North"))
    assert r.status_code == 400 and "Each player sits only once." in r.get_data(as_text=True)
    r = browser.post(f"/g/{g}/start", dict(base, seat3="South", tanto_value="ten"))
    assert r.status_code == 400 and "with at most 4 decimals, such as 0.10" in r.get_data(as_text=True)
    r = browser.post(f"/g/{g}/start", dict(base, seat3="South", first_dealer="4"))
    assert r.status_code == 400 and "That seat is empty." in r.get_data(as_text=True)
    r = browser.post(f"/g/{g}/start", dict(base, seat3="Nobody"))
    assert r.status_code == 400 and "“Nobody” is not one of the choices" in r.get_data(as_text=True)
    assert "(playing)" not in browser.get(f"/g/{g}").get_data(as_text=True)


def test_table_screen_before_the_first_hand(browser):
    g = gen_group(browser)
    s = gen_session(browser, g)
    page = browser.get(f"/s/{s}").get_data(as_text=True)
    assert "North: Move a pajarito (5) to the plato and add 1 tanto." in page
    assert 'id="in-play">10<' in page  # 6 in the plato + 1 per player
    assert "mano <b>West</b>" in page
    assert bowls_on(page) == [155, 155, 155, 155]


# ------------------------------------------------------------------ hands


def test_worked_example_through_the_form(browser, worked_example):
    _, s = play_worked_example(browser, worked_example)
    page = browser.get(f"/s/{s}").get_data(as_text=True)
    assert bowls_on(page) == [166, 157, 173, 134]
    assert 'id="plato">0<' in page and 'id="pajaritos">10<' in page
    assert "<del" in page and ">23</del>" in page
    assert 'id="in-play">23<' in page  # West's 22 + 1 in the plato


def test_saved_hand_shows_the_token_moves_and_undo(browser, worked_example):
    g = gen_group(browser)
    s = gen_session(browser, g)
    r = gen_hand(browser, s, worked_example["hands"][0])
    assert r.headers["Location"].endswith(f"/s/{s}?saved=1")
    page = browser.get(r.headers["Location"]).get_data(as_text=True)
    assert "Hand 1 saved" in page and "North gives South 3" in page and "South takes 6 from the plato" in page
    undo = {"seq": field_value(page, "seq"), "key": field_value(page, "key")}
    r = browser.post(f"/s/{s}/undo", undo)
    assert r.status_code == 302 and hand_count(browser.client, s) == 0
    assert "Undo of change 1 (hand 1 entered)" in browser.get(r.headers["Location"]).get_data(as_text=True)
    # the same tap sent again: told it was done, nothing else removed
    again = browser.post(f"/s/{s}/undo", undo)
    assert again.status_code == 302 and "again=1" in again.headers["Location"]
    assert "Already done" in browser.get(again.headers["Location"]).get_data(as_text=True)


@pytest.mark.parametrize(
    "hand, message",
    [
        ({"contract": "entrada", "declarer": "West", "tricks": {"West": 5, "South": 2, "East": 1}}, "add up to 8, not 9"),
        ({"contract": "entrada", "declarer": "West"}, "say how it ended, or the surrender"),
        ({"contract": "solo", "declarer": "West", "surrender": {"takeover": None}}, "a solo cannot be surrendered"),
        ({"contract": "entrada", "declarer": "North", "tricks": {"West": 5, "South": 2, "East": 2}}, "North is dealing"),
        ({"contract": "entrada", "tricks": {"West": 5, "South": 2, "East": 2}}, "who played?"),
    ],
)
def test_bad_hands_are_refused_next_to_the_field(browser, hand, message):
    g = gen_group(browser)
    s = gen_session(browser, g)
    r = gen_hand(browser, s, hand, expect=400)
    assert message in r.get_data(as_text=True)
    assert 'class="error"' in r.get_data(as_text=True)
    assert hand_count(browser.client, s) == 0


def test_retried_post_stores_the_hand_once(browser, worked_example):
    g = gen_group(browser)
    s = gen_session(browser, g)
    page = browser.get(f"/s/{s}/hand").get_data(as_text=True)
    data = hand_fields(worked_example["hands"][0], PLAYERS)
    data.update(idem_key=field_value(page, "idem_key"), number=field_value(page, "number"))
    first = browser.post(f"/s/{s}/hand", data)
    again = browser.post(f"/s/{s}/hand", data)
    assert first.status_code == again.status_code == 302
    # the copy is told where its hand is, and that it was kept once (issue 11)
    assert again.headers["Location"] == first.headers["Location"] + "&again=1"
    assert hand_count(browser.client, s) == 1
    told = browser.get(again.headers["Location"]).get_data(as_text=True)
    assert "Hand 1 saved" in told and "kept once, not twice" in told
    assert "not twice" not in browser.get(first.headers["Location"]).get_data(as_text=True)


def test_two_phones_enter_the_same_hand(browser, worked_example):
    """Both forms were opened for hand 1; the second save is refused, not stored as hand 2."""
    g = gen_group(browser)
    s = gen_session(browser, g)
    page_a = browser.get(f"/s/{s}/hand").get_data(as_text=True)
    page_b = browser.get(f"/s/{s}/hand").get_data(as_text=True)
    for page, expect in ((page_a, 302), (page_b, 409)):
        data = hand_fields(worked_example["hands"][0], PLAYERS)
        data.update(idem_key=field_value(page, "idem_key"), number=field_value(page, "number"),
                    version=field_value(page, "version"))
        r = browser.post(f"/s/{s}/hand", data)
        assert r.status_code == expect
    assert "Hand 1 was not saved: since this form was opened, hand 1 entered on" in r.get_data(as_text=True)
    assert hand_count(browser.client, s) == 1


def test_preview_endpoint(browser, worked_example):
    g = gen_group(browser)
    s = gen_session(browser, g)
    browser.get(f"/s/{s}/hand")
    ok = browser.post(f"/s/{s}/preview", hand_fields(worked_example["hands"][0], PLAYERS)).get_json()
    assert ok["ok"] and ok["outcome"] == "sacado" and ok["in_play"] == 10
    assert "West gives South 3" in ok["moves"]
    bad = browser.post(f"/s/{s}/preview", {"contract": "entrada", "declarer": "West", "t1": "5"}).get_json()
    assert bad == {"ok": False, "field": "tricks", "message": "South's tricks are missing"}
    assert hand_count(browser.client, s) == 0


def test_edit_recomputes_everything_after(browser, worked_example):
    _, s = play_worked_example(browser, worked_example)
    page = browser.get(f"/s/{s}/hands/1/edit").get_data(as_text=True)
    checked = re.findall(r'<input checked[^>]*name="contract"[^>]*value="(\w+)"', page)
    assert checked == ["vuelta"], checked
    data = hand_fields(dict(worked_example["hands"][0], contract="entrada"), PLAYERS)
    data["version"] = field_value(page, "version")
    r = browser.post(f"/s/{s}/hands/1/edit", data)
    assert r.status_code == 302 and r.headers["Location"] == f"/s/{s}?done=9"
    assert "Hand 1 fixed" in browser.get(r.headers["Location"]).get_data(as_text=True)
    # without the vuelta South gets 1 less from each: 173 − 3, the others + 1
    assert bowls_on(browser.get(f"/s/{s}").get_data(as_text=True)) == [167, 158, 170, 135]
    data["version"] = str(int(data["version"]) - 1)
    stale = browser.post(f"/s/{s}/hands/1/edit", data)
    assert stale.status_code == 409 and "hand 8 entered on" in stale.get_data(as_text=True)


def test_edit_that_breaks_a_later_hand_is_refused(browser, worked_example):
    """Making hand 6 (a surrendered entrada taken over) a solo is refused, since a solo cannot be
    surrendered; the bowls stay as they were."""
    _, s = play_worked_example(browser, worked_example)
    page = browser.get(f"/s/{s}/hands/6/edit").get_data(as_text=True)
    data = hand_fields(dict(worked_example["hands"][5], contract="solo"), PLAYERS)
    data["version"] = field_value(page, "version")
    data.pop("forced", None)
    r = browser.post(f"/s/{s}/hands/6/edit", data)
    assert r.status_code == 400 and "a solo cannot be surrendered" in r.get_data(as_text=True)
    assert bowls_on(browser.get(f"/s/{s}").get_data(as_text=True)) == [166, 157, 173, 134]


def test_delete_a_hand(browser, worked_example):
    _, s = play_worked_example(browser, worked_example)
    page = browser.get(f"/s/{s}/hands/8/delete").get_data(as_text=True)
    assert "Hand 8 is removed" in page and hand_count(browser.client, s) == 8  # asked first
    form = {k: field_value(page, k) for k in ("change", "version", "key")}
    r = browser.post(f"/s/{s}/hands/8/delete", form)
    assert r.status_code == 302 and "Hand 8 deleted" in browser.get(r.headers["Location"]).get_data(as_text=True)
    assert hand_count(browser.client, s) == 7
    assert browser.get(f"/s/{s}/hands/99/edit").status_code == 404


def test_end_session_settles_and_closes(browser, worked_example):
    g, s = play_worked_example(browser, worked_example)
    page = browser.get(f"/s/{s}/end").get_data(as_text=True)
    assert "If you keep the paper" in page
    r = end_session(browser, s, "settle")
    assert r.status_code == 302
    page = browser.get(f"/s/{s}/end").get_data(as_text=True)
    finals = [int(x) for x in re.findall(r'class="num final">(\d+)', page)]
    assert finals == [179, 148, 165, 148]
    assert "West pays North €1.20" in page and "East pays South €0.50" in page
    # read-only now
    assert browser.get(f"/s/{s}/hand").status_code == 409
    assert browser.get(f"/s/{s}/hands/1/edit").status_code == 409
    r = browser.post(f"/s/{s}/hands/1/delete", {"change": '{"kind": "delete", "number": 1}', "version": "999",
                                                 "key": "k"})
    assert r.status_code == 409 and hand_count(browser.client, s) == 8
    # the group page remembers the evening with its result
    assert re.search(rf'<a class="when" href="/s/{s}/end">.*?8 hands', browser.get(f"/g/{g}").get_data(as_text=True), re.S)


def test_kept_paper_is_carried_into_the_next_session(browser, worked_example):
    g, s = play_worked_example(browser, worked_example)
    end_session(browser, s, "keep")
    group_page = browser.get(f"/g/{g}").get_data(as_text=True)
    assert "The paper carried in" in group_page and "West: <b>22</b>" in group_page
    s2 = gen_session(browser, g)
    page = browser.get(f"/s/{s2}").get_data(as_text=True)
    assert "North: Add 1 tanto to the plato." in page  # no pajarito while the paper is open
    assert 'id="in-play">23<' in page


# ------------------------------------------------------------------ import and export


def test_export_and_import_round_trip(browser, worked_example):
    g, s = play_worked_example(browser, worked_example)
    exported = json.loads(browser.get(f"/s/{s}/session.json").get_data(as_text=True))
    assert exported["hands"] == worked_example["hands"] or len(exported["hands"]) == 8
    browser.get(f"/g/{g}/import")
    r = browser.post(f"/g/{g}/import", {"text": json.dumps(worked_example)})
    assert r.status_code == 302
    page = browser.get(r.headers["Location"]).get_data(as_text=True)
    assert bowls_on(page) == [166, 157, 173, 134]


def test_broken_import_changes_nothing(browser, worked_example):
    g = gen_group(browser)
    browser.get(f"/g/{g}/import")
    r = browser.post(f"/g/{g}/import", {"text": "{not json"})
    assert r.status_code == 400 and "not JSON" in r.get_data(as_text=True)
    broken = dict(worked_example)
    broken["hands"] = list(worked_example["hands"])
    broken["hands"][2] = {"contract": "penetro", "declarer": "West"}
    r = browser.post(f"/g/{g}/import", {"text": json.dumps(broken)})
    assert r.status_code == 400 and "Hand 3: declarer: only the dealer (South) plays a penetro" in r.get_data(as_text=True)
    group_page = browser.get(f"/g/{g}").get_data(as_text=True)
    assert "No evening has ended yet." in group_page and "Back to the table" not in group_page


def test_ledger_csv(browser, worked_example):
    _, s = play_worked_example(browser, worked_example)
    rows = list(csv.reader(io.StringIO(browser.get(f"/s/{s}/ledger.csv").get_data(as_text=True))))
    assert len(rows) == 18
    assert rows[0][:8] == ["row", "kind", "hand", "event", "North", "West", "South", "East"]
    assert rows[-1][4:8] == ["166", "157", "173", "134"]
    assert "~23~" in rows[-1][10]


def test_documents(browser, worked_example):
    _, s = play_worked_example(browser, worked_example)
    r = browser.get(f"/s/{s}/settlement.pdf")
    assert r.status_code == 200 and r.mimetype == "application/pdf" and r.data.startswith(b"%PDF")
    assert "179" in browser.get(f"/s/{s}/settlement.html").get_data(as_text=True)
    assert browser.get(f"/s/{s}/nonsense.pdf").status_code == 404


def test_version_endpoint_moves_with_every_change(browser, worked_example):
    g = gen_group(browser)
    s = gen_session(browser, g)
    v0 = browser.client.get(f"/s/{s}/version").get_json()
    gen_hand(browser, s, worked_example["hands"][0])
    v1 = browser.client.get(f"/s/{s}/version").get_json()
    assert v1["version"] == v0["version"] + 1 and v1["hands"] == 1 and v1["closed"] is False


def test_variant_questions_only_when_the_variant_is_on(browser):
    """The trump suit is asked only with a palo de favor, the count of top trumps only with ×5."""
    g = gen_group(browser)
    plain = gen_session(browser, g)
    page = browser.get(f"/s/{plain}/hand").get_data(as_text=True)
    assert 'name="trump"' not in page and 'name="estuche_count"' not in page
    favour = gen_session(browser, g, palo_de_favor="oros", scale="5")
    page = browser.get(f"/s/{favour}/hand").get_data(as_text=True)
    assert 'name="trump"' in page and 'name="estuche_count"' in page
    table = browser.get(f"/s/{favour}").get_data(as_text=True)
    assert "Palo de favor oros" in table and "Scores ×5" in table
    assert 'id="in-play">50<' in table  # ×5: pajarito 25 + ante 5, + 5 per player


def test_house_rules_ask_for_contra_estuche(browser):
    g = gen_group(browser, players=("Ana", "Luis", "Pilar"))
    s = gen_session(browser, g, players=("Ana", "Luis", "Pilar"), rules="house")
    page = browser.get(f"/s/{s}/hand").get_data(as_text=True)
    assert 'name="contra_estuche"' in page and 'value="penetro"' not in page


def test_french_scoring_at_four_asks_for_the_dealers_bet(browser):
    g = gen_group(browser)
    s = gen_session(browser, g, rules="french")
    page = browser.get(f"/s/{s}/hand").get_data(as_text=True)
    assert 'name="bet"' in page and 'name="estuche"' not in page  # no estuche in points scoring
    data = {"contract": "entrada", "declarer": "West", "t1": "5", "t2": "2", "t3": "2", "bet": "J",
            "idem_key": field_value(page, "idem_key"), "number": "1"}
    r = browser.post(f"/s/{s}/hand", data)
    assert r.status_code == 302, r.get_data(as_text=True)[:2000]
    exported = json.loads(browser.get(f"/s/{s}/session.json").get_data(as_text=True))
    assert exported["hands"][0]["bet"] == "J"
    table = browser.get(f"/s/{s}").get_data(as_text=True)
    assert "entrada 5 · vuelta 10 · solo 30" in table and 'id="plato"' not in table


def test_damaged_hidden_fields_are_refused_not_500(browser, worked_example):
    g = gen_group(browser)
    s = gen_session(browser, g)
    page = browser.get(f"/s/{s}/hand").get_data(as_text=True)
    data = hand_fields(worked_example["hands"][0], PLAYERS)
    data.update(idem_key=field_value(page, "idem_key"), number="one")
    assert browser.post(f"/s/{s}/hand", data).status_code == 400
    assert browser.post(f"/s/{s}/undo", {"version": "x"}).status_code in (400, 409)
    assert browser.post(f"/s/{s}/end", {"paper": "settle", "version": "x"}).status_code == 409
    assert browser.post(f"/s/{s}/end", {"paper": "burn", "version": "0"}).status_code == 400
    assert hand_count(browser.client, s) == 0


def test_own_condiciones_when_starting(browser):
    g = gen_group(browser)
    r = browser.post(f"/g/{g}/start", {"seat1": "North", "seat2": "West", "seat3": "South", "seat4": "East",
                                        "first_dealer": "1", "rules": "pagat", "tanto_value": "0.10",
                                        "currency": "EUR", "start_tokens": "160", "scale": "1",
                                        "palo_de_favor": "", "own": "vuelta two"})
    assert r.status_code == 400 and "write a name and a whole number" in r.get_data(as_text=True)
    s = gen_session(browser, g, own="vuelta 3, ante 2")
    page = browser.get(f"/s/{s}").get_data(as_text=True)
    assert "North: Move a pajarito (5) to the plato and add 2 tantos." in page
    assert 'id="in-play">11<' in page  # pajarito 5 + ante 2 + 4 players
    r = browser.post(f"/g/{g}/start", {"seat1": "North", "seat2": "West", "seat3": "South", "seat4": "",
                                        "first_dealer": "1", "rules": "pagat", "tanto_value": "0.10",
                                        "currency": "EUR", "start_tokens": "160", "scale": "1",
                                        "palo_de_favor": "", "own": "grand 4"})
    assert r.status_code == 400 and "grand" in r.get_data(as_text=True)
