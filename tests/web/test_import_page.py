"""The group's import page is the platform's: one page for every game's files, reaching a game's own format
through the registry (its record's ``reader``), never by naming the game (issue 38).

A ``scorekeeper-session/2`` file of any game goes to the platform's games; a file in a game's own format goes to
the reader of the game whose format it names; a file naming none (or no JSON at all) to the first game that
reads files of its own, whose refusal says what is wrong. The same file again is the platform's
:class:`~scorekeeper.services.AlreadyImported`, whoever read it.
"""

from __future__ import annotations

import json
from pathlib import Path

import scorekeeper
from conftest import gen_group, templates_drawn
from scorekeeper import services
from scorekeeper.games import GAMES, owner_of_file, records
from scorekeeper.games.registry import load
from scorekeeper.services.files import reader_for
from scorekeeper.web.endpoints import game_pages

TEMPLATES = Path(scorekeeper.__file__).parents[1] / "templates"


def readers() -> dict[str, object]:
    """Every game's reader of its own files, by game, as its record names it."""
    return {name: load(r, r.reader) for name, r in records().items() if r.reader}


def test_the_page_and_its_template_are_the_platforms(app, browser):
    assert app.view_functions["groups.import_session"].__module__ == "scorekeeper.web.groups"
    assert not any(name == "groups.import_session" for pages in game_pages()
                   for _, name, _, _ in getattr(pages, "ROUTES", ()))
    assert (TEMPLATES / "web" / "import.html").exists()
    assert not list((TEMPLATES / "games").rglob("import.html"))
    g = gen_group(browser)
    with templates_drawn(app) as drawn:
        r = browser.get(f"/g/{g}/import")
    assert r.status_code == 200
    assert drawn[0] == "web/import.html" and not any(name.startswith("games/") for name in drawn)


def test_the_group_page_offers_the_import_beside_the_games_it_starts(browser):
    """Any game's file comes in from the platform's "Start a game", not from one game's part of the page."""
    g = gen_group(browser)
    html = browser.get(f"/g/{g}").get_data(as_text=True)
    start = html.index('id="start"')
    link = html.index(f'href="/g/{g}/import"')
    assert start < link < html.index("</section>", start)
    assert html.count(f'href="/g/{g}/import"') == 1


def test_every_reader_is_a_game_with_a_format_of_its_own():
    found = readers()
    assert found, "no game reads files of its own format"
    for name, reader in found.items():
        assert callable(reader)
        assert GAMES[name].spec.session_format, f"{name} reads files but names no format of its own"


def test_a_file_goes_to_the_reader_of_the_format_it_names(worked_example):
    found = readers()
    first = next(iter(found))
    for name, reader in found.items():
        own = dict(worked_example, format=GAMES[name].spec.session_format)
        assert owner_of_file(own, "reader") is GAMES[name]
        assert reader_for(json.dumps(own)) is reader
    # a format no game owns, a file leaving it out, a file that is no JSON: the first reader, which refuses it
    for data in (json.dumps(dict(worked_example, format="nobody/9")), json.dumps({"hands": []}), "{not json",
                 b"\xff\xfe"):
        assert reader_for(data) is found[first]
    # a scorekeeper-session/2 file: the platform's games, not a game's reader
    assert reader_for(json.dumps({"format": "scorekeeper-session/2", "game": "truc"})) is None


def test_a_file_of_a_games_own_format_opens_its_screen_and_again_offers_it(app, browser, worked_example):
    """Through the page: the game's reader stores it and the page opens the game's own screen (found through the
    registry); the same file again is the platform's AlreadyImported, with the session it made to open."""
    g = gen_group(browser)
    browser.get(f"/g/{g}/import")
    r = browser.post(f"/g/{g}/import", {"text": json.dumps(worked_example)})
    assert r.status_code == 302
    made = r.headers["Location"]
    browser.get(f"/g/{g}/import")
    again = browser.post(f"/g/{g}/import", {"text": json.dumps(worked_example)})
    assert again.status_code == 200
    page = again.get_data(as_text=True)
    assert 'id="seen"' in page and f'id="open-seen" href="{made}"' in page
    with app.app_context():
        group = services.find_group(g)
        assert group is not None
        try:
            services.import_file(group, json.dumps(worked_example))
        except services.AlreadyImported as seen:
            assert seen.session.token == made.rsplit("/", 1)[1]
        else:
            raise AssertionError("the same file again was imported a second time")
