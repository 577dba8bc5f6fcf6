"""Any game from the first tap: the group page lists every game of the registry alike (Tresillo's start form
beside every other's, each preset of a game on its own, by its own title), the group's recent games first, and a
start form seats a table the game allows from a larger group, so two taps start any game."""

from __future__ import annotations

import dataclasses
import re

import pytest

from conftest import field_value, gen_group
from scorekeeper.games import GAMES
from scorekeeper.games.base import Preset

SIX = ("Ana", "Bea", "Cleo", "Dan", "Eva", "Fede")


def listed(html: str) -> list[tuple[str, str, str]]:
    """The group page's games to start: (address, game, title), in order."""
    section = html[html.index('id="start"'):]
    section = section[:section.index("</section>")]
    return re.findall(r'<a class="button[^"]*" href="([^"]+)" data-game="([^"]+)"[^>]*>([^<]+)</a>', section)


@pytest.fixture
def truc_presets(monkeypatch):
    """Truc with two presets (as a game's package would declare them), one of them historical."""
    truc = GAMES["truc"]
    spec = dataclasses.replace(truc.spec, presets=(
        Preset("viejo", "Truc de los libros", {"ruleset": "seed"}, historical=True),
        Preset("hoy", "Truco de hoy", {"ruleset": "rioplatense", "target": 15, "flor": True})))
    monkeypatch.setitem(GAMES._loaded, "truc", dataclasses.replace(truc, spec=spec))  # the registry's loaded game


def test_every_game_is_listed_alike_and_tresillo_among_them(browser):
    group = gen_group(browser, players=SIX)
    html = browser.get(f"/g/{group}").get_data(as_text=True)
    games = listed(html)
    # each game once, a game with presets once a preset (Truc: Truco rioplatense, truc valencià, the seed's Truc)
    assert sorted(g for _, g, _ in games) == sorted(
        name for name, game in GAMES.items() for _ in range(max(1, len(game.spec.presets))))
    assert ("Tresillo" in [t for _, _, t in games]) and "Other games" not in html and "Start a session" not in html
    assert f"/g/{group}/start?game=tresillo" in [h.replace("&amp;", "&") for h, _, _ in games]
    assert 'class="brand">Scorekeeper</a>' in html and ">Tresillo</a></nav>" not in html
    for href, _, _ in games:  # each link opens a start form
        assert browser.get(href.replace("&amp;", "&")).status_code == 200


def test_the_groups_recent_games_come_first(browser):
    group = gen_group(browser, players=SIX)
    for game in ("cacho", "tressette"):
        page = browser.get(f"/g/{group}/play/{game}").get_data(as_text=True)
        r = browser.post(f"/g/{group}/play/{game}", {"idem_key": field_value(page, "idem_key"), "stake": "1",
                                                    **{f"seat{i}": n for i, n in enumerate(SIX[:4], 1)}})
        assert r.status_code == 302, r.get_data(as_text=True)
    games = listed(browser.get(f"/g/{group}").get_data(as_text=True))
    assert [g for _, g, _ in games[:2]] == ["tressette", "cacho"]  # newest first
    assert 'class="recent"' in browser.get(f"/g/{group}").get_data(as_text=True)


def test_a_group_of_six_starts_a_game_of_four_in_two_taps(browser):
    group = gen_group(browser, players=SIX)
    page = browser.get(f"/g/{group}/play/tressette").get_data(as_text=True)  # tap one: the game
    assert len(re.findall(r'<select id="seat\d+"', page)) == 4
    picked = re.findall(r'<option value="([^"]+)" selected>', page)
    assert picked == list(SIX[:4])  # who sits, in deal order: the group's first four
    data = {"idem_key": field_value(page, "idem_key"), "stake": "1", "currency": "EUR",
            **{f"seat{i}": n for i, n in enumerate(picked, 1)}}
    r = browser.post(f"/g/{group}/play/tressette", data)  # tap two: Start, as the form stands
    assert r.status_code == 302, r.get_data(as_text=True)
    token = r.headers["Location"].split("/")[2]
    assert browser.get(f"/s/{token}/play/session.json").get_json()["players"] == list(SIX[:4])
    # the next start of the game seats the table that played it last, even when others were chosen
    page = browser.get(f"/g/{group}/play/truc").get_data(as_text=True)
    assert re.findall(r'<option value="([^"]+)" selected>', page) == list(SIX)  # six of 2, 4, 6 or 8


def test_a_preset_is_listed_by_its_own_title_and_starts_with_its_options(browser, truc_presets):
    group = gen_group(browser, players=SIX[:4])
    games = listed(browser.get(f"/g/{group}").get_data(as_text=True))
    titles = [t for _, _, t in games]
    assert "Truc" not in titles and "Truco de hoy" in titles and "Truc de los libros" in titles
    assert titles.index("Truc de los libros") == len(titles) - 1  # the historical one after the games of today
    href = next(h for h, _, t in games if t == "Truco de hoy").replace("&amp;", "&")
    assert href == f"/g/{group}/play/truc?preset=hoy"
    page = browser.get(href).get_data(as_text=True)
    assert "Start a game of Truco de hoy" in page
    assert re.search(r'name="opt-target" value="15" checked', page) and re.search(
        r'name="opt-flor" value="true" checked', page)
    r = browser.post(f"/g/{group}/play/truc", {
        "idem_key": field_value(page, "idem_key"), "preset": "hoy", "opt-ruleset": '"rioplatense"',
        "opt-target": "15", "opt-flor": "true",
        "stake": "1", **{f"seat{i}": n for i, n in enumerate(SIX[:4], 1)}})
    assert r.status_code == 302, r.get_data(as_text=True)
    token = r.headers["Location"].split("/")[2]
    options = browser.get(f"/s/{token}/play/session.json").get_json()["options"]
    assert options["ruleset"] == "rioplatense" and options["target"] == 15 and options["flor"] is True
    games = listed(browser.get(f"/g/{group}").get_data(as_text=True))
    assert games[0][2] == "Truco de hoy"  # recognised as the preset the session started with
