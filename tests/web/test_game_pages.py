"""A game's own pages are found through the registry and registered by the app under their old endpoints.

Tresillo's table, fixes, watch and evenings blueprints, its start page and its side of the outbox live in
``games/tresillo/pages``; the group's import page serves every game's files and is the platform's (issue 38); ``web.game_pages`` finds them (each package once) and
``web.register`` registers them, so ``url_for("table.show")`` and ``url_for("groups.start")`` work as they
always did and the platform's web never imports the game.
"""

from __future__ import annotations

from flask import url_for

import scorekeeper.games.tresillo.pages as tresillo_pages
from conftest import gen_group
from scorekeeper.web import game_pages

#: endpoints Tresillo's pages serve, and the ones that stay the platform's
TRESILLO_ENDPOINTS = ("table.show", "table.new_hand", "fixes.history", "watch.show", "evenings.versus",
                      "groups.start", "offline.sync", "offline.pending")
PLATFORM_ENDPOINTS = ("groups.show", "groups.index", "groups.import_session", "offline.waiting", "offline.manifest",
                      "games.table", "night.statistics")


def test_the_registry_gives_tresillos_pages_once():
    assert game_pages() == [tresillo_pages]
    assert tresillo_pages.BLUEPRINTS and tresillo_pages.ROUTES


def test_each_endpoint_is_served_from_where_it_lives(app):
    views = app.view_functions
    for endpoint in TRESILLO_ENDPOINTS:
        assert views[endpoint].__module__.startswith("scorekeeper.games.tresillo.pages."), endpoint
    for endpoint in PLATFORM_ENDPOINTS:
        assert views[endpoint].__module__.startswith("scorekeeper.web."), endpoint


def test_a_route_under_a_platform_endpoint_keeps_its_address_and_its_page(app, browser):
    token = gen_group(browser)
    with app.test_request_context():
        assert url_for("groups.start", token=token) == f"/g/{token}/start"
        assert url_for("offline.pending", token="t") == "/s/t/pending"
    page = browser.client.get(f"/g/{token}/start")
    assert page.status_code == 200 and 'name="seat1"' in page.get_data(as_text=True)
