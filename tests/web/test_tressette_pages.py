"""The Tressette games and Terziglio at the table through the test client: the deal forms read what is
tapped (one side's points fill the other in), refusals land next to their chip, the table page's claim
and special ending post as one deal, and the pages show the scores, who deals and what the game is worth."""

from __future__ import annotations

import re
from html import unescape

import pytest

from conftest import field_value, gen_group

FOUR = ("Ana", "Bea", "Cleo", "Dan")


def errors_on(html: str) -> dict[str, str]:
    found = re.finditer(r'id="([\w-]+)-error"><p class="error" role="alert">([^<]*)<', html)
    return {m.group(1): unescape(m.group(2)) for m in found}


def start(browser, game, players=FOUR, group=None, **options):
    group = group or gen_group(browser, players=players)
    page = browser.get(f"/g/{group}/play/{game}").get_data(as_text=True)
    data = {f"seat{i + 1}": name for i, name in enumerate(players)}
    data.update({"idem_key": field_value(page, "idem_key"), "stake": "0,50", "currency": "EUR", **options})
    r = browser.post(f"/g/{group}/play/{game}", data)
    assert r.status_code == 302, errors_on(r.get_data(as_text=True))
    return r.headers["Location"].split("/")[2]


def post_deal(browser, token, fields, number=None):
    url = f"/s/{token}/play/deal" + (f"/{number}" if number else "")
    page = browser.get(url).get_data(as_text=True)
    data = {"idem_key": field_value(page, "idem_key"), "number": field_value(page, "number"), **fields}
    return browser.post(url, data)


def table(browser, token):
    return browser.get(f"/s/{token}/play").get_data(as_text=True)


def quick(html, form_class):
    """The hidden fields of one of the table page's quick forms, as a browser posts them."""
    form = re.search(rf'<form method="post" action="([^"]+)" class="{form_class}">(.*?)</form>', html, re.S)
    assert form, form_class
    hidden = dict(re.findall(r'<input name="([\w-]+)" type="hidden" value="([^"]*)"', form.group(2)))
    return unescape(form.group(1)), hidden


def shown_scores(html):
    return [int(s) for s in re.findall(r'class="score">(-?\d+)<', html)]


def test_a_plain_deal_needs_one_sides_points_and_the_last_trick(browser):
    game = start(browser, "tressette")
    html = table(browser, game)
    assert "A: Ana · Cleo" in html and "needs 21" in html and "Ana deals, Bea leads." in html
    # team A tapped 7; B's 3 is filled in; B took the last trick: 7 and 4
    assert post_deal(browser, game, {"mode": "points", "points-0": "7", "last": "1"}).status_code == 302
    html = table(browser, game)
    assert shown_scores(html) == [7, 4]
    assert "needs 14" in html and "needs 17" in html and "Bea deals, Cleo leads." in html
    # the stored deal is the session file's
    doc = browser.get(f"/s/{game}/play/session.json").get_json()
    assert doc["deals"] == [{"points": {"A": 7, "B": 3}, "last": "B"}]
    assert doc["teams"] == {"A": ["Ana", "Cleo"], "B": ["Bea", "Dan"]}


def test_an_annulled_deal_scores_nothing_and_the_same_dealer_deals_again(browser):
    game = start(browser, "tressette")
    assert post_deal(browser, game, {"mode": "annulled", "points-0": "7"}).status_code == 302
    html = table(browser, game)
    assert shown_scores(html) == [0, 0] and "Ana deals, Bea leads." in html
    assert "annulled: the same dealer deals again" in html


def test_declarations_are_chips_and_a_contradiction_is_refused_next_to_its_chip(browser):
    game = start(browser, "tressette")
    napoletana = {"decl-0-player": "0", "decl-0-what": "napoletana", "decl-0-suit": "coins"}
    r = post_deal(browser, game, {"mode": "points", "points-1": "4", "last": "0", **napoletana,
                                  "decl-1-player": "1", "decl-1-what": "three-3", "decl-1-suit": "swords"})
    assert r.status_code == 400
    said = errors_on(r.get_data(as_text=True))
    assert said == {"decl-1": "The Three of coins is already in Ana's hand."}
    # a three of a kind asks for its missing suit
    r = post_deal(browser, game, {"mode": "points", "points-1": "4", "last": "0", **napoletana,
                                  "decl-1-player": "1", "decl-1-what": "three-3"})
    assert errors_on(r.get_data(as_text=True)) == {"decl-1": "Say which suit is missing."}
    r = post_deal(browser, game, {"mode": "points", "points-1": "4", "last": "0", **napoletana,
                                  "decl-1-player": "1", "decl-1-what": "three-3", "decl-1-suit": "coins"})
    assert r.status_code == 302
    html = table(browser, game)
    assert shown_scores(html) == [3 + 6 + 1, 3 + 4]  # A: napoletana, 6 and the last; B: three Threes, 4
    assert "Ana, napoletana of coins <b>+3</b>" in html and "Bea, three Threes, no coins <b>+3</b>" in html


def test_an_italian_page_names_the_refused_card_in_italian(browser):
    """The refusal's values are translated too: "il Tre di denari", never the file's "3" and "coins"."""
    game = start(browser, "tressette")
    browser.client.set_cookie("lang", "it")  # the phone's own choice
    url = f"/s/{game}/play/deal"
    page = browser.get(url).get_data(as_text=True)
    r = browser.post(url, {"idem_key": field_value(page, "idem_key"), "number": field_value(page, "number"),
                           "mode": "points", "points-1": "4", "last": "0", "decl-0-player": "0",
                           "decl-0-what": "napoletana", "decl-0-suit": "coins", "decl-1-player": "1",
                           "decl-1-what": "three-3", "decl-1-suit": "swords"})
    assert r.status_code == 400
    assert errors_on(r.get_data(as_text=True)) == {"decl-1": "Il Tre di denari è già nella mano di Ana."}


def test_without_declarations_the_form_offers_none(browser):
    game = start(browser, "tressette", **{"opt-declarations": "false"})
    html = browser.get(f"/s/{game}/play/deal").get_data(as_text=True)
    assert "decl-0" not in html and 'name="points-0"' in html
    assert "collatondrione" not in table(browser, game)


def test_a_false_claim_from_the_table_loses_in_one_post(browser):
    game = start(browser, "tressette", **{"opt-target": "31"})
    assert post_deal(browser, game, {"mode": "points", "points-0": "9", "last": "0"}).status_code == 302
    html = table(browser, game)
    url, hidden = quick(html, "claim-form")
    assert hidden["mode"] == "claim" and hidden["number"] == "2"
    # Cleo (team A, 10 points) claims 31 with 8 taken: 18 < 31, so team B wins
    r = browser.post(url, {**hidden, "claim-by": "2", "claim-points": "8"})
    assert r.status_code == 302
    html = table(browser, game)
    assert "a false claim: the claimants lose" in html and "claim-form" not in html
    result = browser.get(f"/s/{game}/play/result").get_data(as_text=True)
    assert "Winners: Bea, Dan" in result and 'id="multiplier"' not in result


def test_a_cappotto_from_the_table_and_the_result_spells_the_multiplier(browser):
    game = start(browser, "tressette")
    url, hidden = quick(table(browser, game), "ending-form")
    assert re.findall(r'name="ending" value="([^"]+)"', table(browser, game)) == [
        "cappotto:s0", "cappotto:s1", "cappottone:p0", "cappottone:p1", "cappottone:p2", "cappottone:p3",
        "stramazzo:s0-l0", "stramazzo:s0-l1", "stramazzo:s1-l1", "stramazzo:s1-l0",
        "strammazzone:p0", "strammazzone:p1", "strammazzone:p2", "strammazzone:p3"]
    r = browser.post(url, {**hidden, "ending": "cappotto:s1"})
    assert r.status_code == 302
    assert browser.get(f"/s/{game}/play/session.json").get_json()["deals"] == [{"event": "cappotto", "by": "B"}]
    html = table(browser, game)
    assert "cappotto: ×2 the stake, €1.00 to each winner." in html
    r = browser.post(f"/s/{game}/play/end", {"idem_key": field_value(
        browser.get(f"/s/{game}/play/end").get_data(as_text=True), "idem_key")})
    result = browser.get(f"/s/{game}/play/result").get_data(as_text=True)
    assert "cappotto: ×2 the stake" in result and "Winners: Bea, Dan" in result


def test_a_stramazzo_says_who_took_the_last_trick(browser):
    game = start(browser, "tressette-in-due", players=("Ugo", "Vera"))
    html = table(browser, game)
    assert "cappottone" not in html  # a player alone: cappotto and stramazzo only
    url, hidden = quick(html, "ending-form")
    assert browser.post(url, {**hidden, "ending": "stramazzo:s0-l1"}).status_code == 302
    assert browser.get(f"/s/{game}/play/session.json").get_json()["deals"] == [
        {"event": "stramazzo", "by": "Ugo", "last": "Vera"}]
    assert shown_scores(table(browser, game)) == [10, 0]


def test_chiamata_asks_the_caller_and_partner(browser):
    game = start(browser, "tressette-chiamata")
    r = post_deal(browser, game, {"mode": "points", "points-0": "7", "last": "0"})
    said = errors_on(r.get_data(as_text=True))
    assert said == {"caller": "Say who called.", "partner": "Say who held the called Three."}
    r = post_deal(browser, game, {"mode": "points", "points-0": "7", "last": "0", "caller": "1", "partner": "3",
                                  "called": "cups", "decl-0-player": "1", "decl-0-what": "four-3"})
    assert errors_on(r.get_data(as_text=True)) == {
        "decl-0": "The caller cannot hold four Threes: he called one he lacks."}
    r = post_deal(browser, game, {"mode": "points", "points-0": "7", "last": "0", "caller": "1", "partner": "3",
                                  "called": "cups"})
    assert r.status_code == 302
    assert shown_scores(table(browser, game)) == [3, 8, 3, 8]


def test_chiamata_offers_the_eldest_as_the_caller(browser):
    """The eldest calls (rules-decisions.md §2): chosen on a new deal's form and on the table's quick forms,
    the next seat after each deal; the partner is left to tap, and a fix shows the caller entered."""
    game = start(browser, "tressette-chiamata")
    checked = r'name="caller" value="(\d)"[^>]* checked'
    assert re.findall(checked, browser.get(f"/s/{game}/play/deal").get_data(as_text=True)) == ["1"]
    assert re.findall(checked, table(browser, game)) == ["1", "1"]  # the claim and the ending forms
    assert 'name="partner" value="3" checked' not in browser.get(f"/s/{game}/play/deal").get_data(as_text=True)
    r = post_deal(browser, game, {"mode": "points", "points-0": "7", "last": "0", "caller": "0", "partner": "2"})
    assert r.status_code == 302  # the table may say otherwise: the caller is not checked
    assert re.findall(checked, browser.get(f"/s/{game}/play/deal").get_data(as_text=True)) == ["2"]
    assert re.findall(checked, browser.get(f"/s/{game}/play/deal/1").get_data(as_text=True)) == ["0"]


def test_a_fix_shows_the_deal_as_entered(browser):
    game = start(browser, "tressette")
    post_deal(browser, game, {"mode": "cards", "aces-0": "3", "thirds-0": "11", "last": "0"})
    assert browser.get(f"/s/{game}/play/session.json").get_json()["deals"] == [
        {"cards": {"A": {"aces": 3, "thirds": 11}, "B": {"aces": 1, "thirds": 9}}, "last": "A"}]
    html = browser.get(f"/s/{game}/play/deal/1").get_data(as_text=True)
    assert 'name="aces-1" inputmode="numeric" pattern="[0-9]*" maxlength="1" autocomplete="off" value="1"' in html
    assert re.search(r'name="mode" value="cards" checked', html)


def test_terziglio_paid_every_deal(browser):
    game = start(browser, "terziglio", players=("Ana", "Bea", "Cleo"), **{"opt-scoring": '"payments"'})
    doc = browser.get(f"/s/{game}/play/session.json").get_json()
    assert doc["options"] == {"scoring": "payments", "stake": "0.50"}
    # solo, Bea alone, 4 points: she pays 2 to each
    assert post_deal(browser, game, {"bid": "solo", "soloist": "1", "mode": "points", "points": "4"}).status_code == 302
    html = table(browser, game)
    assert shown_scores(html) == [2, -4, 2] and "−€2.00" in html and "Bea deals, Cleo bids first." in html
    r = post_deal(browser, game, {"bid": "solissimo", "mode": "points", "points": "7"})
    assert errors_on(r.get_data(as_text=True)) == {"soloist": "Say who played alone."}
    result = browser.get(f"/s/{game}/play/result").get_data(as_text=True)
    assert "A game paid as it goes: the money as it stands." in result and "nobody pays anything" not in result


def test_terziglio_pass_out_rule_offers_no_chiamo(browser):
    game = start(browser, "terziglio", players=("Ana", "Bea", "Cleo"), **{"opt-pass_out": "true"})
    assert 'value="chiamo"' in browser.get(f"/s/{game}/play/deal").get_data(as_text=True)
    assert post_deal(browser, game, {"bid": "pass"}).status_code == 302
    assert "the lowest bid now is solo" in table(browser, game)
    assert 'value="chiamo"' not in browser.get(f"/s/{game}/play/deal").get_data(as_text=True)
    r = post_deal(browser, game, {"bid": "chiamo", "soloist": "0", "points": "6"})
    assert r.status_code == 400 and "the lowest bid is solo" in errors_on(r.get_data(as_text=True))["bid"]


def test_a_decima_ends_the_game_with_nothing_else_entered(browser):
    game = start(browser, "tressette")
    r = post_deal(browser, game, {"mode": "points", "decl-0-player": "3", "decl-0-what": "decima",
                                  "decl-0-suit": "cups"})
    assert r.status_code == 302
    assert browser.get(f"/s/{game}/play/session.json").get_json()["deals"] == [
        {"declarations": [{"player": "Dan", "kind": "decima", "suit": "cups"}]}]
    assert "collatondrione: ×16 the stake, €8.00 to each winner." in table(browser, game)


def test_chiamata_claims_from_the_table_with_the_caller_and_partner(browser):
    game = start(browser, "tressette-chiamata")
    html = table(browser, game)
    url, hidden = quick(html, "claim-form")
    assert html.count('name="caller"') == 2 * 4 and html.count('name="partner"') == 2 * 4
    # Bea called Dan; Ana (an opponent, 0) claims 21 with 9 taken: false, Bea and Dan win
    r = browser.post(url, {**hidden, "caller": "1", "partner": "3", "claim-by": "0", "claim-points": "9"})
    assert r.status_code == 302
    assert browser.get(f"/s/{game}/play/session.json").get_json()["deals"] == [
        {"caller": "Bea", "partner": "Dan", "claim": {"by": "Ana", "points": 9}}]
    result = browser.get(f"/s/{game}/play/result").get_data(as_text=True)
    assert "Winners: Bea, Dan" in result


HOSTILE = ["", "²", "9" * 4301, "-1", "11", "x" * 500, "A\x00B", "s9", "cappotto:p9", "cappotto:s0-l1", "2", "0"]
GOOD = {
    "tressette": {"mode": "points", "points-0": "7", "last": "1", "decl-0-player": "0", "decl-0-what": "three-A",
                  "decl-0-suit": "cups", "claim-by": "1", "claim-points": "5", "event": "cappotto", "by": "s0",
                  "aces-0": "1", "thirds-0": "2", "ending": "cappotto:s1"},
    "terziglio": {"bid": "solo", "soloist": "1", "mode": "points", "points": "6", "aces": "1", "thirds": "3",
                  "last": "yes", "every_trick": "soloist"},
}


@pytest.mark.parametrize("game", ["tressette", "tressette-chiamata", "tressette-in-due", "terziglio"])
def test_hostile_fields_are_told_never_a_server_error(browser, game):
    """Every field of the form broken in turn: a 302 or a 400 with a sentence, never a 5xx."""
    players = {"terziglio": FOUR[:3], "tressette-in-due": FOUR[:2]}.get(game, FOUR)
    token = start(browser, game, players=players)
    good = dict(GOOD["terziglio" if game == "terziglio" else "tressette"])
    if game == "tressette-chiamata":
        good.update({"caller": "0", "partner": "2", "called": "coins"})
    modes = ("points", "cards", "claim", "event", "annulled") if game != "terziglio" else ("points", "cards")
    # each field broken three ways, the kind of deal turning with them (a bounded sample, not every pair)
    tries = [(modes[(i + k) % len(modes)], name, HOSTILE[(3 * i + k) % len(HOSTILE)])
             for i, name in enumerate(good) for k in range(3)]
    for mode, name, bad in tries:
        page = browser.get(f"/s/{token}/play/deal").get_data(as_text=True)
        if 'name="idem_key"' not in page:  # the game ended: start another
            token = start(browser, game, players=players)
            page = browser.get(f"/s/{token}/play/deal").get_data(as_text=True)
        data = {**good, "mode": mode, name: bad, "idem_key": field_value(page, "idem_key"),
                "number": field_value(page, "number")}
        r = browser.post(f"/s/{token}/play/deal", data)
        assert r.status_code in (302, 400), (mode, name, bad, r.status_code)
        if r.status_code == 400:
            assert errors_on(r.get_data(as_text=True)), (mode, name, bad)


@pytest.mark.parametrize("game", ["tressette", "terziglio"])
def test_a_watch_link_shows_the_scores_and_no_form(browser, app, game):
    from scorekeeper import services

    players = FOUR[:3] if game == "terziglio" else FOUR
    token = start(browser, game, players=players)
    with app.app_context():
        watch = services.find_session(token).watch_token
    html = browser.get(f"/w/{watch}/play").get_data(as_text=True)
    assert shown_scores(html) == [0] * (3 if game == "terziglio" else 2)
    assert "<form" not in html.split("<main")[1].split("</main>")[0] and f"/s/{token}" not in html


def end(browser, token):
    page = browser.get(f"/s/{token}/play/end").get_data(as_text=True)
    assert browser.post(f"/s/{token}/play/end", {"idem_key": field_value(page, "idem_key")}).status_code == 302


def test_the_tressette_feats_show_on_the_statistics_across_games(browser):
    """The feats hook (games.views.feats_for) reaches /g/<group>/stats: A's cappotto in Tressette
    (Ana and Cleo win, each a cappotto), then Ana's false claim in chiamata (Bea and Dan win)."""
    group = gen_group(browser, players=FOUR)
    plain = start(browser, "tressette", group=group)
    assert post_deal(browser, plain, {"mode": "event", "event": "cappotto", "by": "s0"}).status_code == 302
    called = start(browser, "tressette-chiamata", group=group)
    assert post_deal(browser, called, {"mode": "claim", "caller": "1", "partner": "3", "claim-by": "0",
                                       "claim-points": "9"}).status_code == 302
    stats = browser.get(f"/g/{group}/stats").get_data(as_text=True)
    assert 'id="feats"' not in stats  # open games count nothing yet
    end(browser, plain)
    end(browser, called)
    said = re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", browser.get(f"/g/{group}/stats")
                                             .get_data(as_text=True))))
    # the claim counts for the claimant's side of that deal (views.feats: the row keeps no claimant)
    assert ("Feats Ana : partite won 1, cappotti made 1, claims made 1, claims failed 1 "
            "Cleo : partite won 1, cappotti made 1, claims made 1, claims failed 1 "
            "Bea : partite won 1 Dan : partite won 1 ") in said
