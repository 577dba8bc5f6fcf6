"""The two refusals every game answers alike, one page each of the platform (``web/changes.py``): a change asked of
an ended session (``closed_page``) and a link that cannot be read (``damaged_link``), for every registered game,
Tresillo included: the status, the title, the game's word and the way back to the game's own table."""

from __future__ import annotations

import json
import random
import re
from html import unescape
from typing import Any

import pytest
from flask import url_for

from scorekeeper import services
from scorekeeper.db import db
from scorekeeper.games import GAMES
from scorekeeper.services.played import counts_hands
from scorekeeper.web.changes import closed_page
from scorekeeper.web.endpoints import endpoint
from tests.games.sessions import VALID

NAMES = sorted(GAMES)


def _stored(app: Any, name: str) -> str:
    """A random valid session of ``name``, brought in through the platform's import, ended; its token."""
    doc = VALID[name](random.Random(7))
    with app.app_context():
        group = services.create_group(f"Refusals {name}", "en")
        gs = services.import_file(group, json.dumps(doc))
        gs.closed = True
        db.session.commit()
        token = str(gs.token)
        db.session.remove()
    return token


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _lead(html: str) -> str:
    """The page's sentence (its title is the ``h1``)."""
    found = re.search(r'<p class="lead">(.*?)</p>', html, re.S)
    assert found is not None
    return _text(found.group(1))


@pytest.mark.parametrize("name", NAMES)
def test_a_change_asked_of_an_ended_session_is_one_page_in_the_games_word(app: Any, name: str) -> None:
    token = _stored(app, name)
    with app.test_request_context():
        gs = services.find_session(token)
        assert gs is not None and gs.closed
        body, status = closed_page(gs)
        entering, _status = closed_page(gs, entering=True)
        table = endpoint(name, "screen")
        back = url_for(table, token=token)
    assert status == 409
    assert "<h1>Session closed</h1>" in str(body) and f'href="{back}"' in str(body)
    if counts_hands(name):  # an evening: reopened from its page, its hands changed or entered
        assert _lead(str(body)) == ("This session is closed: its hands can no longer be changed. Reopen it from its "
                                    "page to fix something.")
        assert _lead(str(entering)) == ("This session is closed: hands can no longer be entered. Reopen it from its "
                                        "page to enter more.")
    else:  # a game: read, not changed (its end is taken back by an undo)
        assert _lead(str(body)) == _lead(str(entering)) == "This game has ended: it can be read, not changed."


@pytest.mark.parametrize("name", NAMES)
def test_a_damaged_link_is_one_page_leading_back_to_the_games_table(app: Any, client: Any, name: str) -> None:
    token = _stored(app, name)
    with app.test_request_context():
        pending = url_for(endpoint(name, "pending"), token=token)
        back = url_for(endpoint(name, "screen"), token=token)
    for args in ({"key": "x", "number": "1"}, {"key": "abcdefgh12345678", "number": "0"}):
        r = client.get(pending, query_string=args)
        page = r.get_data(as_text=True)
        assert r.status_code == 400, (name, args)
        assert "This link is damaged" in _text(page) and f'href="{back}"' in page
