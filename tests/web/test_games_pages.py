"""The games' pages through the test client: every page answers, bad input is told next to its field
(400, never a 500), and a Tresillo page reached with a game's link goes to the game's own table."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from conftest import field_value, gen_group, gen_session
from scorekeeper.cli import main
from tests.webcheck import message_of

FIVE = ("Ana", "Bea", "Cleo", "Dan", "Eva")


def errors_on(html: str) -> dict[str, str]:
    """Each refusal on the page by the field it stands under (``id="points-0-error"``)."""
    found = re.finditer(r'id="([\w-]+)-error"><p class="error" role="alert">([^<]*)<', html)
    return {m.group(1): unescape(m.group(2)) for m in found}


def start_rovescino(browser, group, **fields):
    page = browser.get(f"/g/{group}/play/rovescino").get_data(as_text=True)
    data = {f"seat{i + 1}": name for i, name in enumerate(FIVE)}
    data.update({"idem_key": field_value(page, "idem_key"), "opt-elimination": "true",
                 "opt-payout": '"loser_pays_each"', "stake": "0,50", "currency": "EUR"})
    data.update(fields)
    return browser.post(f"/g/{group}/play/rovescino", data)


@pytest.fixture
def game(browser):
    group = gen_group(browser, players=FIVE)
    r = start_rovescino(browser, group)
    assert r.status_code == 302, r.get_data(as_text=True)
    return r.headers["Location"].split("/")[2]


def post_deal(browser, token, fields, number=None):
    url = f"/s/{token}/play/deal" + (f"/{number}" if number else "")
    page = browser.get(url).get_data(as_text=True)
    data = {"idem_key": field_value(page, "idem_key"), "number": field_value(page, "number"), **fields}
    return browser.post(url, data)


def points(*values, last):
    return {"mode": "points", "last": last, **{f"points-{i}": str(v) for i, v in enumerate(values)}}


def test_the_group_page_lists_every_registered_game(browser):
    group = gen_group(browser, players=FIVE)
    html = browser.get(f"/g/{group}").get_data(as_text=True)
    for title in ("Rovescino", "Tressette", "Terziglio", "Tressette in due"):
        assert f'data-game="{title.lower().replace(" ", "-")}">{title}</a>' in html
    for name in ("rovescino", "tressette", "tressette-chiamata", "tressette-in-due", "terziglio"):
        assert browser.get(f"/g/{group}/play/{name}").status_code == 200
    assert browser.get(f"/g/{group}/play/chess").status_code == 404


def test_every_page_of_a_game_answers(browser, game):
    assert post_deal(browser, game, points(2, 3, 1, 3, 0, last="Bea")).status_code == 302
    html = browser.get(f"/s/{game}/play").get_data(as_text=True)
    assert re.findall(r'class="score">(\d+)<', html) == ["2", "4", "1", "3", "0"]
    assert "17 left before 21" in html and "Bea deals next." in html
    for url in ("/play/deal", "/play/deal/1", "/play/deal/1/delete", "/play/end", "/play/result",
                "/play/session.json"):
        assert browser.get(f"/s/{game}{url}").status_code == 200, url
    assert browser.get(f"/s/{game}/play/deal/2").status_code == 404
    group_page = browser.get(browser.get(f"/s/{game}/play").request.path).get_data(as_text=True)
    assert "Rovescino" in group_page


@pytest.mark.parametrize(("fields", "where", "said"), [
    (points(9, 9, 9, 9, 9, last="Bea"), "points", "add up to one of 8, 9, 10"),
    (points(2, 3, 1, 3, 0, last="Zed"), "last", "Say who took the last trick."),
    (points("two", 3, 1, 3, 0, last="Bea"), "points-0", "Write a whole number"),
    (points(2, 3, 1, 3, 11, last="Bea"), "points-4", "11 is not between 0 and 10"),
    ({"mode": "guess", "last": "Bea"}, "mode", "Choose how the cards are counted"),
    ({"mode": "cards", "last": "Bea", "aces-0": "3", "thirds-0": "5", "aces-1": "2", "thirds-1": "5",
      "aces-2": "0", "thirds-2": "5", "aces-3": "0", "thirds-3": "5", "aces-4": "", "thirds-4": ""},
     "cards", "the aces add up to 5, not 4"),
    ({"mode": "cards", "last": "Bea", "aces-0": "9", "thirds-0": "5", "aces-1": "0", "thirds-1": "5",
      "aces-2": "0", "thirds-2": "5", "aces-3": "0", "thirds-3": "5"}, "aces-0", "9 is not between 0 and 4"),
    ({"mode": "cards", "last": "Bea", "aces-0": "1"}, "thirds-0", "Write a whole number"),
])
def test_a_bad_deal_is_told_next_to_its_field_and_nothing_is_saved(browser, game, fields, where, said):
    r = post_deal(browser, game, fields)
    assert r.status_code == 400
    shown = errors_on(r.get_data(as_text=True))
    assert said.lower() in shown.get(where, "").lower(), shown
    assert json.loads(browser.get(f"/s/{game}/play/session.json").get_data(as_text=True))["deals"] == []


def test_the_last_players_aces_and_thirds_fill_themselves_in(browser, game):
    r = post_deal(browser, game, {"mode": "cards", "last": "Eva", "aces-0": "1", "thirds-0": "6", "aces-1": "0",
                                  "thirds-1": "5", "aces-2": "2", "thirds-2": "4", "aces-3": "1", "thirds-3": "5"})
    assert r.status_code == 302
    deal = json.loads(browser.get(f"/s/{game}/play/session.json").get_data(as_text=True))["deals"][0]
    assert deal["cards"]["Eva"] == {"aces": 0, "thirds": 0}


def test_a_bad_start_is_told_next_to_its_field(browser):
    group = gen_group(browser, players=FIVE)
    r = start_rovescino(browser, group, **{"opt-payout": '"nobody"'})
    assert r.status_code == 400 and "Choose one of the answers shown." in errors_on(r.get_data(as_text=True))[
        "opt-payout"]
    r = start_rovescino(browser, group, stake="lots")
    assert r.status_code == 400 and "decimal" in errors_on(r.get_data(as_text=True))["stake"]
    r = start_rovescino(browser, group, seat4="", seat5="", seat3="")
    assert r.status_code == 400 and "3, 4, 5, 6, 7, 8 players, not 2" in errors_on(r.get_data(as_text=True))["seat1"]
    r = start_rovescino(browser, group, seat4="", seat5="")
    assert r.status_code == 400
    assert "Elimination needs at least four players." in errors_on(r.get_data(as_text=True))["opt-elimination"]
    r = start_rovescino(browser, group, seat2="Ana")
    assert r.status_code == 400 and "Each player sits only once." in errors_on(r.get_data(as_text=True))["seat1"]
    r = browser.post(f"/g/{group}/play/rovescino", {"seat1": "Ana", "csrf_token": "forged"})
    assert r.status_code == 400
    assert 'id="games"' not in browser.get(f"/g/{group}").get_data(as_text=True)  # no game kept: none listed


def test_fix_delete_end_and_settle_then_the_file_replays(browser, game, tmp_path):
    for deal in (points(10, 0, 0, 0, 0, last="Bea"), points(10, 0, 0, 0, 0, last="Ana")):
        assert post_deal(browser, game, deal).status_code == 302
    html = browser.get(f"/s/{game}/play").get_data(as_text=True)
    assert "out at deal 2" in html and "Cleo deals next." in html  # Ana dealt the first, Bea the second
    later = {"mode": "points", "last": "Cleo", "points-1": "0", "points-2": "0", "points-3": "0", "points-4": "9"}
    assert post_deal(browser, game, later).status_code == 302
    # a fix that would put Ana back in is refused: deal 3 was played without her
    r = post_deal(browser, game, points(5, 0, 0, 0, 5, last="Bea"), number=2)
    assert r.status_code == 400 and errors_on(r.get_data(as_text=True))["form"] == "Deal 3: 'Ana' is missing."
    assert post_deal(browser, game, {**later, "points-4": "8"}, number=3).status_code == 302
    page = browser.get(f"/s/{game}/play/deal/3/delete").get_data(as_text=True)
    assert browser.post(f"/s/{game}/play/deal/3/delete",
                        {k: field_value(page, k) for k in ("change", "version", "key")}).status_code == 302
    page = browser.get(f"/s/{game}/play/end").get_data(as_text=True)
    assert browser.post(f"/s/{game}/play/end", {"idem_key": field_value(page, "idem_key")}).status_code == 302
    html = browser.get(f"/s/{game}/play/result").get_data(as_text=True)
    assert "The game was not over" in html and "Nobody pays anybody." in html
    assert browser.get(f"/s/{game}/play/deal").status_code == 302  # ended: the result, no form
    assert browser.get(f"/s/{game}/play/deal").headers["Location"].endswith(f"/s/{game}/play/result")
    path = tmp_path / "session.json"
    path.write_bytes(browser.get(f"/s/{game}/play/session.json").get_data())
    out = __import__("io").StringIO()
    assert main(["replay", str(path), "--json"], out=out) == 0
    assert [d["scores"]["Ana"] for d in json.loads(out.getvalue())["deals"]] == [10, 21]


def test_a_tresillo_page_with_a_games_link(browser, game):
    for url in ("", "/hand", "/hands", "/end", "/history", "/session.json"):
        r = browser.get(f"/s/{game}{url}")
        assert r.status_code == 302 and r.headers["Location"].endswith(f"/s/{game}/play"), url
    r = browser.post(f"/s/{game}/hand", {"contract": "entrada"})
    assert r.status_code == 404
    assert "This link is for a game of Rovescino" in unescape(r.get_data(as_text=True))


def test_a_tresillo_link_on_a_games_page(browser):
    group = gen_group(browser)
    token = gen_session(browser, group)
    for url in ("/play", "/play/deal", "/play/end", "/play/result", "/play/session.json"):
        assert browser.get(f"/s/{token}{url}").headers["Location"].endswith(f"/s/{token}"), url
    r = browser.post(f"/s/{token}/play/end", {})
    assert r.status_code == 404 and "This link is for a game of Tresillo" in unescape(r.get_data(as_text=True))
    # the group page of Tresillo still sees only its evenings
    html = browser.get(f"/g/{group}").get_data(as_text=True)
    assert "Back to the table" in html


def test_a_games_watch_link_shows_its_table_read_only(browser, app, game):
    from scorekeeper import services

    with app.app_context():
        watch = services.find_session(game).watch_token
    assert browser.get(f"/w/{watch}").headers["Location"].endswith(f"/w/{watch}/play")
    html = browser.get(f"/w/{watch}/play").get_data(as_text=True)
    assert "Rovescino" in html and 'id="enter-deal"' not in html and f"/s/{game}" not in html
    assert browser.get(f"/w/{game}/play").status_code == 403  # a session link is not a watch link


def test_a_game_over_offers_the_end_not_another_deal(browser):
    group = gen_group(browser, players=FIVE)
    r = start_rovescino(browser, group, **{"opt-elimination": "false"})
    game = r.headers["Location"].split("/")[2]
    for _ in range(2):
        assert post_deal(browser, game, points(10, 0, 0, 0, 0, last="Ana")).status_code == 302
    html = browser.get(f"/s/{game}/play").get_data(as_text=True)
    assert 'id="end-game"' in html and 'id="enter-deal"' not in html and "a player reached 21" in html
    assert browser.get(f"/s/{game}/play/deal").headers["Location"].endswith(f"/s/{game}/play")
    r = browser.post(f"/s/{game}/play/deal", {"number": "3", "mode": "points", "last": "Ana",
                                               **{f"points-{i}": "2" for i in range(5)}})
    assert r.status_code == 400 and "ended at deal 2" in errors_on(r.get_data(as_text=True))["form"]


def test_every_registered_game_starts_and_takes_its_deals_on_the_same_pages(browser):
    """A game without pieces of its own is still played: its deals as the session file's objects."""
    from scorekeeper.games import GAMES
    from scorekeeper.services.games import on_pages

    group = gen_group(browser, players=("Ana", "Bea", "Cleo", "Dan", "Eva", "Fede", "Gino", "Ugo"))
    players = ["Ana", "Bea", "Cleo", "Dan", "Eva", "Fede", "Gino", "Ugo"]
    # Tresillo is registered too, but its evenings have pages of their own: these do not start one
    assert browser.get(f"/g/{group}/play/tresillo").status_code == 404
    for name, game in ((n, g) for n, g in GAMES.items() if on_pages(n)):
        page = browser.get(f"/g/{group}/play/{name}").get_data(as_text=True)
        seats = {f"seat{i + 1}": p for i, p in enumerate(players[: min(game.spec.seats)])}
        r = browser.post(f"/g/{group}/play/{name}", {**seats, "idem_key": field_value(page, "idem_key"),
                                                       "stake": "1", "currency": "EUR"})
        assert r.status_code == 302, (name, errors_on(r.get_data(as_text=True)))
        token = r.headers["Location"].split("/")[2]
        assert browser.get(f"/s/{token}/play").status_code == 200, name
        r = post_deal(browser, token, {"deal": '{"nothing": 1}', "mode": "points", "last": "nobody"})
        assert r.status_code == 400 and message_of(r), name
        assert json.loads(browser.get(f"/s/{token}/play/session.json").get_data(as_text=True))["game"] == name
