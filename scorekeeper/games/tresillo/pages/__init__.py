"""Tresillo's own pages: its table screen and hand form, fixing a hand, its watch page, the group's evenings of
Tresillo (the next evening, the carried paper, statistics, the count check, what if), starting a session, and
its side of the phone's outbox (a file of its own format comes in through the platform's import page and its
record's ``reader``).

The app registers them through the registry (``web.register``: every game's ``pages`` module gives its
``BLUEPRINTS`` and ``ROUTES``); the platform's web never imports them. Their endpoints keep their names
(``table.show``, ``fixes.history``, ``watch.show``…), and :data:`ROUTES` the names of the platform pages they
sit under (``groups.start``, ``offline.pending``…), so every ``url_for`` and template works unchanged. The
platform links to them through :data:`ENDPOINTS` (``web.endpoints.endpoint``), never by name.
"""

from __future__ import annotations

from flask import Blueprint

from . import evenings, fixes, groups, outbox, table, watch

#: the blueprints the app registers for Tresillo
BLUEPRINTS: tuple[Blueprint, ...] = (table.bp, evenings.bp, fixes.bp, watch.bp)
#: its pages under a platform page's endpoint (the group page's start, the outbox's sync and pending
#: hand): (rule, endpoint, view, methods)
ROUTES = groups.ROUTES + outbox.ROUTES
#: the pages the platform links to for a Tresillo session (``web.endpoints.endpoint``): its table screen, the
#: evening's end page an ended one opens on, its watch page, its hand form and a hand's fix, its side of the
#: outbox (the sync answer, a hand kept on the phone), and its start form (the group page lists it beside every game)
ENDPOINTS = {"screen": "table.show", "ended": "table.end", "watch": "watch.show", "hand": "table.new_hand",
             "fix": "table.edit_hand", "sync": "offline.sync", "pending": "offline.pending", "start": "groups.start"}
#: the templates its table screen and hand form draw, compiled once in gunicorn's master (``serving.TABLE_PAGES``)
COMPILED = ("games/tresillo/pages/_page.html", "games/tresillo/pages/_macros.html", "games/tresillo/pages/_fixes.html",
            "games/tresillo/pages/table.html", "games/tresillo/pages/hand.html")
#: its sections of the group page (``web.endpoints.group_sections``): the evening being played or the next one,
#: the paper carried in and the past evenings, drawn from the group's memory (``services.group_memory``)
GROUP_SECTION = "games/tresillo/pages/group.html"
