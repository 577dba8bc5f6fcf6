"""Tresillo's own pages: its table screen and hand form, fixing a hand, its watch page,
the group's evenings of Tresillo (the next evening, the carried paper, statistics, the count check, what if).

The app registers them through the registry (``web.register``: every game's ``pages`` module gives its
``BLUEPRINTS``); the platform's web never imports them. Their endpoints keep their names (``table.show``,
``fixes.history``, ``watch.show``…), so every ``url_for`` and template works unchanged.
"""

from __future__ import annotations

from flask import Blueprint

from . import evenings, fixes, table, watch

#: the blueprints the app registers for Tresillo
BLUEPRINTS: tuple[Blueprint, ...] = (table.bp, evenings.bp, fixes.bp, watch.bp)
