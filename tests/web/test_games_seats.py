"""A game seats as many players as its description allows (2 to 8 on the games' path; Tresillo keeps its
own 3 or 4), and every page of a game names the game in its header and title, not Tresillo."""

from __future__ import annotations

import re

import pytest

from conftest import field_value, gen_group
from scorekeeper.games import GAMES
from scorekeeper.services.games import on_pages

EIGHT = ("Ana", "Bea", "Cleo", "Dan", "Eva", "Fede", "Gina", "Hugo")

#: the games these shared pages play (Tresillo keeps its own pages: tests/web/test_browser*.py)
PAGE_GAMES = sorted(n for n in GAMES if on_pages(n))


def start(browser, group, game, players, **fields):
    page = browser.get(f"/g/{group}/play/{game}").get_data(as_text=True)
    data = {f"seat{i + 1}": name for i, name in enumerate(players)}
    data.update({"idem_key": field_value(page, "idem_key"), "stake": "1", "currency": "EUR", **fields})
    return browser.post(f"/g/{group}/play/{game}", data)


@pytest.mark.parametrize(("game", "count"), [("rovescino", 8), ("cacho", 8), ("cacho", 2), ("put", 2),
                                             ("truc", 6), ("rovescino", 3)])
def test_a_game_seats_what_its_description_allows(browser, game, count):
    assert count in GAMES[game].spec.seats
    group = gen_group(browser, players=EIGHT)
    html = browser.get(f"/g/{group}/play/{game}").get_data(as_text=True)
    assert len(re.findall(r'<select id="seat\d+"', html)) == max(GAMES[game].spec.seats)
    r = start(browser, group, game, EIGHT[:count])
    assert r.status_code == 302, r.get_data(as_text=True)
    token = r.headers["Location"].split("/")[2]
    exported = browser.get(f"/s/{token}/play/session.json").get_json()
    assert exported["players"] == list(EIGHT[:count])


def test_a_count_the_game_does_not_allow_is_refused_next_to_the_seats(browser):
    group = gen_group(browser, players=EIGHT)
    r = start(browser, group, "rovescino", EIGHT[:2])
    assert r.status_code == 400
    assert 'id="seat1-error"' in r.get_data(as_text=True)


@pytest.mark.parametrize("game", PAGE_GAMES)
def test_the_header_names_the_game_played(browser, game):
    group = gen_group(browser, players=EIGHT)
    title = GAMES[game].spec.title
    html = browser.get(f"/g/{group}/play/{game}").get_data(as_text=True)
    assert f'class="brand">{title}</a>' in html
    assert re.search(rf"<title>[^<]*{re.escape(title)}[^<]*</title>", html) and "Tresillo</title>" not in html
    platform = browser.get(f"/g/{group}").get_data(as_text=True)  # the group page names no game in its header
    assert 'class="brand">Scorekeeper</a>' in platform
