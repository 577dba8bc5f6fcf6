"""Every game of the registry, page by page in a real browser: no sideways scrolling at 360 and 390 px,
and no English left on its pages in Spanish, French and Italian.

Parametrized over :data:`scorekeeper.games.GAMES`: a game added to the registry is checked here with no
change to this file. Each game's session comes from the conformance suite's generator
(tests/games/sessions.py), brought in through the group's import page.
"""

from __future__ import annotations

import json
import random

import pytest

from conftest import migrated_app, served
from scorekeeper.games import GAMES
from scorekeeper.services.games import on_pages
from tests.english import refusal_words
from tests.games.sessions import VALID

#: the games these shared pages play (Tresillo keeps its own pages: tests/web/test_browser*.py)
PAGE_GAMES = sorted(n for n in GAMES if on_pages(n))

pytestmark = pytest.mark.browser

WIDTHS = (360, 390)
#: words of the English list that are words of that language too ("le score le plus bas")
ALSO = {"fr": {"score", "scores"}}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served(migrated_app(tmp_path_factory.mktemp("pages") / "pages.sqlite", "pages")) as url:
        yield url


def a_session(game):
    """A session of ``game`` that is not over after its first deal (so every page has something to show)."""
    for seed in range(300):
        doc = VALID[game](random.Random(seed))
        if len(doc["deals"]) >= 2:
            return doc
    raise AssertionError(f"no session of {game} with 2 deals")


def import_game(page, server, doc):
    """A new group, and the game's session file imported into it: the game's table."""
    page.goto(server + "/")
    page.fill("#name", f"Peña {doc['game']}")
    page.click("text=Create group")
    group = page.url.split("#")[0]
    page.goto(group + "/import")
    page.fill("textarea[name=text]", json.dumps(doc, ensure_ascii=False))
    page.click("form[enctype] button[type=submit]")
    page.wait_for_selector(".deals")
    return group, page.url.split("#")[0].split("?")[0]


def pages_of(group, table, game):
    """Every page of a game: start, table, a new deal's form, a fix, a delete, the end and the result."""
    return {"start": f"{group}/play/{game}", "table": table, "deal": f"{table}/deal", "fix": f"{table}/deal/1",
            "delete": f"{table}/deal/1/delete", "end": f"{table}/end", "result": f"{table}/result"}


def names_out(text, doc):
    """The page's text without the names the file gives (players, teams, the group) and the game's title."""
    for name in sorted([*doc["players"], *(doc.get("teams") or {}), GAMES[doc["game"]].spec.title, "Peña"],
                       key=len, reverse=True):
        text = text.replace(name, " ")
    return text


@pytest.mark.parametrize("game", PAGE_GAMES)
def test_every_page_of_the_game_fits_and_speaks_the_language(chromium, server, game):
    doc = a_session(game)
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    page = ctx.new_page()
    group, table = import_game(page, server, doc)
    assert page.inner_text("header .brand") == GAMES[game].spec.title  # the header names the game played
    for name, url in {**pages_of(group, table, game), "sheet": f"{table}/sheet.html"}.items():
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 844})
            page.goto(url)
            assert page.evaluate("document.documentElement.scrollWidth") <= width, (game, name, width)
    for language in ("es", "fr", "it"):
        ctx.add_cookies([{"name": "lang", "value": language, "url": server}])
        for name, url in pages_of(group, table, game).items():
            page.goto(url)
            assert page.get_attribute("html", "lang") == language
            said = names_out(page.inner_text("header") + "\n" + page.inner_text("main"), doc)
            english = [w for w in refusal_words(said) if w.lower() not in ALSO.get(language, set())]
            assert english == [], (game, language, name, said)
    ctx.close()
