"""Every game's table screen served from one drawing per version: the platform's holes and the phone's own copy.

The phones of a table open each new version together; the screen is drawn once for all of them
(``services.screens.kept_screen``) with holes where each phone has something of its own (its form token,
its undo key, its time of drawing), and each request gets its own copy with them filled in
(:func:`own_copy`). A game's screen says which of its addresses are kept (those the app links to: after
a save, a change); an address the app never links to is drawn for itself, never kept.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable

from flask import request
from flask_wtf.csrf import generate_csrf

from ..i18n import current_language
from ..services import GameSession
from ..services.screens import kept_screen
from .forms import new_key
from .offline import rendered_now
from .phones import phone_name

#: what differs between two phones' copies of one table screen, drawn as holes and filled in per request
CSRF_HOLE, KEY_HOLE, RENDERED_HOLE = "hole-csrf-7c1e", "hole-key-7c1e", "hole-rendered-7c1e"
#: a screen whose only address kept is its plain one (no query)
PLAIN = re.compile("")
#: a screen kept also as it is led to after a change (``?done=<seq>``, ``&again=1``: it says what was done)
AFTER_A_CHANGE = re.compile(r"(?:done=[1-9][0-9]{0,5}(?:&again=1)?)?")


def table_screen(gs: GameSession, draw: Callable[[], str], sound: Callable[[GameSession], bool], *,
                 addresses: re.Pattern[str] = PLAIN, looks: tuple[Hashable, ...] = ()) -> str:
    """This phone's copy of the table screen ``draw()`` draws with holes (:func:`with_holes`), drawn once per
    version, language, address (one of ``addresses``), whether the phone has a name and ``looks``; kept when
    ``sound(gs)`` says it was drawn from this version as committed (``services.screens.kept_screen``)."""
    address = request.query_string.decode("ascii", "replace")
    if not addresses.fullmatch(address):  # a made-up address is drawn for itself, never kept
        return own_copy(draw())
    return own_copy(kept_screen(gs, (current_language(), address, bool(phone_name()), *looks), draw, sound))


def with_holes(page: str) -> str:
    """A screen drawn for this request, its forms' token made a hole (drawn with :data:`RENDERED_HOLE` for
    its time of drawing and :data:`KEY_HOLE` for a fresh key, it is then every phone's)."""
    if 'name="csrf_token"' in page:  # the page's forms carry this phone's token: the one drawn for it
        page = page.replace(generate_csrf(), CSRF_HOLE)
    return page


def own_copy(page: str) -> str:
    """This phone's copy of a table screen drawn with holes: its own form tokens, its time of drawing."""
    page = page.replace(RENDERED_HOLE, str(rendered_now()))
    if KEY_HOLE in page:
        page = page.replace(KEY_HOLE, new_key())
    if CSRF_HOLE in page:
        page = page.replace(CSRF_HOLE, generate_csrf())
    return page
