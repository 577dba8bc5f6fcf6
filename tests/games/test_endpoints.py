"""The platform links to a session's pages through the registry, never by a game's endpoint name.

A game with pages of its own (Tresillo) declares in its ``pages`` module which of its endpoints are a
session's screen, watch page, hand form and outbox pages (``ENDPOINTS``); every other game has the platform's
game pages. ``web.endpoint`` gives them; the access checks, the invite page, the outbox's banner and
``/start`` ask it, so no platform module names an endpoint of a game's own blueprints.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import scorekeeper
import scorekeeper.games
import scorekeeper.games.tresillo.pages as tresillo_pages
from conftest import end_session, field_value, gen_group, gen_session
from scorekeeper.web.endpoints import check_endpoints, endpoint, game_pages, screens
from scorekeeper.web.outside import network_address

PACKAGE = Path(scorekeeper.__file__).parent
TEMPLATES = PACKAGE.parent / "templates"
#: the platform's templates: every page of templates/web/ (the group page included: Tresillo's sections of it
#: are its own template) and the game pages' frame in templates/games/
PLATFORM_TEMPLATES = tuple(f"{folder}/{p.name}" for folder in ("web", "games")
                           for p in sorted((TEMPLATES / folder).glob("*.html")))
#: a template of a game's own folder (``games/tresillo/pages/table.html``)
GAME_TEMPLATE = re.compile(r"games/[a-z_]+/[\w/]+\.html")
GAMES = Path(scorekeeper.games.__file__).parent
FIVE = ("Ana", "Bea", "Cleo", "Dan", "Eva")


def games_own_endpoints(app) -> set[str]:
    """Every endpoint the app registers from the games' own blueprints (``table.show``, ``fixes.history``…)."""
    names = {blueprint.name for pages in game_pages() for blueprint in pages.BLUEPRINTS}
    return {e for e in app.view_functions if e.split(".", 1)[0] in names and "." in e}


def string_literals(source: str) -> list[tuple[int, str]]:
    return [(node.lineno, node.value) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def test_no_platform_module_names_an_endpoint_of_a_games_pages(app):
    own = games_own_endpoints(app)
    assert {"table.show", "table.new_hand", "watch.show", "fixes.history", "evenings.versus"} <= own
    assert not own & {"games.table", "offline.sync", "groups.start", "static"}  # the platform's names stay its own
    outside = [p for p in PACKAGE.rglob("*.py") if GAMES not in p.parents]
    assert len(outside) > 50
    bad = [f"{p.relative_to(PACKAGE)}:{line}: {text}" for p in outside
           for line, text in string_literals(p.read_text()) if text in own]
    assert bad == []
    assert string_literals('redirect(url_for("table.show", token=t))') == [(1, "table.show")]  # the scan sees one


def test_the_platforms_templates_name_no_endpoint_of_a_games_pages(app):
    own = games_own_endpoints(app)
    assert len(PLATFORM_TEMPLATES) > 5
    bad = [f"{name}: {text}" for name in PLATFORM_TEMPLATES
           for text in re.findall(r"""['"]([a-z_]+\.[a-z_]+)['"]""", (TEMPLATES / name).read_text()) if text in own]
    assert bad == []


def test_the_platform_names_no_template_of_a_games_folder():
    """A game's pages, sections and documents are drawn by its own modules (or named by them to the platform,
    like ``GROUP_SECTION``): no platform module or template names one."""
    assert "web/group.html" in PLATFORM_TEMPLATES and "web/table.html" not in PLATFORM_TEMPLATES
    outside = [p for p in PACKAGE.rglob("*.py") if GAMES not in p.parents]
    bad = [f"{p.relative_to(PACKAGE)}:{line}: {text}" for p in outside
           for line, text in string_literals(p.read_text()) if GAME_TEMPLATE.search(text)]
    bad += [f"{name}: {found}" for name in PLATFORM_TEMPLATES
            for found in GAME_TEMPLATE.findall((TEMPLATES / name).read_text())]
    assert bad == []
    assert GAME_TEMPLATE.findall('{% from "games/tresillo/pages/_macros.html" import paper %}') == [
        "games/tresillo/pages/_macros.html"]  # the scan sees one


def test_the_group_page_draws_each_games_sections_through_the_registry(app, browser, monkeypatch):
    """Tresillo's evenings on the group page (the next one, the paper, the past ones) are its pages module's
    ``GROUP_SECTION``; without it the platform's page stands alone: players, language, links."""
    from scorekeeper.web import groups
    from scorekeeper.web.endpoints import group_sections

    assert group_sections() == (tresillo_pages.GROUP_SECTION,) == ("games/tresillo/pages/group.html",)
    assert (TEMPLATES / tresillo_pages.GROUP_SECTION).is_file()
    group = gen_group(browser, players=FIVE)
    page = browser.get(f"/g/{group}").get_data(as_text=True)
    assert 'id="evenings"' in page
    # Tresillo's start form is listed beside every game's, found through its ENDPOINTS
    assert f'href="/g/{group}/start?game=tresillo" data-game="tresillo">Tresillo</a>' in page
    assert page.index("<h1>") < page.index('id="start"') < page.index('id="evenings"')
    monkeypatch.setattr(groups, "group_sections", lambda: ())
    page = browser.get(f"/g/{group}").get_data(as_text=True)
    assert 'id="evenings"' not in page and "Start the next evening" not in page
    assert 'id="start"' in page and 'id="add-player"' in page and 'id="links"' in page


def test_the_lookup_gives_each_games_pages(app):
    assert endpoint("tresillo", "screen") == "table.show" and endpoint("tresillo", "hand") == "table.new_hand"
    assert endpoint("tresillo", "watch") == "watch.show" and endpoint("tresillo", "ended") == "table.end"
    assert endpoint("rovescino", "ended") == "games.table"
    assert endpoint("rovescino", "screen") == "games.table" and endpoint("rovescino", "watch") == "games.watch"
    assert endpoint("rovescino", "hand") == "games.deal" and endpoint("rovescino", "sync") == "games.sync"
    assert endpoint("no-such-game", "screen") == "games.table"
    assert screens() == {"table.show", "games.table"}
    own = games_own_endpoints(app)
    assert {tresillo_pages.ENDPOINTS[k] for k in ("screen", "watch", "hand")} <= own


def test_a_misspelt_endpoint_stops_the_app_at_start_up(app, monkeypatch):
    check_endpoints(app)
    monkeypatch.setitem(tresillo_pages.ENDPOINTS, "watch", "watch.shows")
    with pytest.raises(LookupError, match="'tresillo' names no page of the app for watch"):
        check_endpoints(app)


@pytest.fixture
def tables(app, browser):
    """A Tresillo session and a Rovescino one of the same group: (session token, watch token) of each."""
    group = gen_group(browser, players=FIVE)
    tresillo = gen_session(browser, group, players=FIVE[:4])
    page = browser.get(f"/g/{group}/play/rovescino").get_data(as_text=True)
    r = browser.post(f"/g/{group}/play/rovescino", {**{f"seat{i + 1}": n for i, n in enumerate(FIVE)},
                                                    "idem_key": field_value(page, "idem_key"), "stake": "1",
                                                    "currency": "EUR"})
    assert r.status_code == 302
    rovescino = r.headers["Location"].split("/")[2]
    with app.app_context():
        from scorekeeper import services

        found = {token: services.find_session(token) for token in (tresillo, rovescino)}
        watch = {token: gs.watch_token for token, gs in found.items()}
        nights = {gs.night_id for gs in found.values()}
    assert len(nights) == 1 and None not in nights
    return {"tresillo": (tresillo, watch[tresillo]), "rovescino": (rovescino, watch[rovescino]),
            "evening": f"/g/{group}/nights/{nights.pop()}"}


def where(browser, path: str) -> str:
    r = browser.client.get(path)
    assert r.status_code == 302, (path, r.status_code)
    return r.headers["Location"]


def test_a_link_on_the_other_games_page_reaches_its_own_page(browser, tables):
    tresillo, tresillo_watch = tables["tresillo"]
    game, game_watch = tables["rovescino"]
    assert where(browser, f"/s/{tresillo}/play") == f"/s/{tresillo}"
    assert where(browser, f"/w/{tresillo_watch}/play") == f"/w/{tresillo_watch}"
    assert where(browser, f"/s/{game}") == f"/s/{game}/play"
    assert where(browser, f"/s/{game}/hand") == f"/s/{game}/play"
    assert where(browser, f"/w/{game_watch}") == f"/w/{game_watch}/play"
    for path in (f"/s/{tresillo}", f"/w/{tresillo_watch}", f"/s/{game}/play", f"/w/{game_watch}/play"):
        assert browser.client.get(path).status_code == 200, path


def test_the_invite_page_links_to_the_sessions_own_pages(browser, tables):
    tresillo, tresillo_watch = tables["tresillo"]
    page = browser.get(f"/s/{tresillo}/invite", base_url=f"http://{network_address()}:8000").get_data(as_text=True)
    assert f'href="http://{network_address()}:8000/s/{tresillo}"' in page
    assert f'href="http://{network_address()}:8000/w/{tresillo_watch}"' in page
    # the outbox's banner of a Tresillo page points at Tresillo's pages
    assert (f'data-table="{tresillo}" data-table-url="/s/{tresillo}" data-sync="/s/{tresillo}/sync" '
            f'data-hand-url="/s/{tresillo}/hand" data-pending="/s/{tresillo}/pending"') in page
    game, _ = tables["rovescino"]
    assert where(browser, f"/s/{game}/invite") == f"/s/{game}/play"


def test_start_reopens_the_last_table_of_any_game(browser, tables):
    tresillo, _ = tables["tresillo"]
    game, _ = tables["rovescino"]
    assert browser.client.get(f"/s/{tresillo}").status_code == 200
    assert where(browser, "/start") == f"/s/{tresillo}"
    assert browser.client.get(f"/s/{game}/play").status_code == 200
    assert where(browser, "/start") == f"/s/{game}/play"
    assert browser.client.get(f"/s/{tresillo}/hand").status_code == 200  # a hand form is not a table to reopen
    assert where(browser, "/start") == f"/s/{game}/play"


def test_the_platform_sends_a_link_to_its_own_screen_before_any_games_page(app, browser, tables, monkeypatch):
    """``/s/<token>`` is Tresillo's address: another game's link there is sent on by the platform, from the
    registry, before Tresillo's page is asked; and the other way round on the games' screen."""
    tresillo, _ = tables["tresillo"]
    game, _ = tables["rovescino"]

    def never(token: str) -> None:
        raise AssertionError("the other game's page was asked")

    monkeypatch.setitem(app.view_functions, "table.show", never)
    monkeypatch.setitem(app.view_functions, "games.table", never)
    assert where(browser, f"/s/{game}") == f"/s/{game}/play"
    assert where(browser, f"/s/{tresillo}/play") == f"/s/{tresillo}"


def test_a_table_screen_looks_its_session_up_once(app, browser, tables):
    from sqlalchemy import event

    tresillo, _ = tables["tresillo"]
    game, _ = tables["rovescino"]
    with app.app_context():
        from scorekeeper.db import db

        engine = db.engine
    lookups: list[str] = []

    def count(_conn, _cursor, statement, _params, _context, _many) -> None:
        if "sessions.token =" in statement:
            lookups.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        for path in (f"/s/{tresillo}", f"/s/{game}/play"):
            lookups.clear()
            assert browser.client.get(path).status_code == 200
            assert len(lookups) == 1, (path, lookups)
    finally:
        event.remove(engine, "before_cursor_execute", count)


def test_the_evenings_list_of_games_links_each_to_its_own_page(browser, tables):
    tresillo, _ = tables["tresillo"]
    game, _ = tables["rovescino"]
    page = browser.get(tables["evening"]).get_data(as_text=True)
    assert f'href="/s/{tresillo}"' in page and f'href="/s/{game}/play"' in page
    assert end_session(browser, tresillo, "settle").status_code == 302
    page = browser.get(tables["evening"]).get_data(as_text=True)
    assert f'href="/s/{tresillo}/end"' in page and f'href="/s/{game}/play"' in page
