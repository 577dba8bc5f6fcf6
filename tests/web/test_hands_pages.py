"""The All hands page, a page of hands at a time (newest first), and the links that reach one hand."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from replay import PLAYERS, make_hands  # noqa: E402

HANDS = 60


@pytest.fixture
def long_session(app):
    """A 60-hand evening imported as a session file: its token."""
    from scorekeeper.games.tresillo import services
    from scorekeeper.games.tresillo.engine import Session, Setup, dump_session

    data = dump_session(Session(Setup(players=PLAYERS, first_dealer="North"), tuple(make_hands(HANDS))))
    with app.app_context():
        group = services.create_group("Long table")
        return services.import_session(group, json.dumps(data)).token


def shown(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<li id="hand-(\d+)"', html)]


def link(html: str, words: str) -> str | None:
    m = re.search(rf'href="([^"]+)">{words}</a>', html)
    return m.group(1).replace("&amp;", "&") if m else None


def test_pages_of_hands_newest_first_reach_every_hand_once(client, long_session):
    url: str | None = f"/s/{long_session}/hands"
    seen: list[int] = []
    pages = []
    while url:
        r = client.get(url)
        assert r.status_code == 200
        html = r.get_data(as_text=True)
        pages.append(shown(html))
        seen += shown(html)
        url = link(html, "Older hands")
        assert len(pages) < 10
    assert pages[0] == list(range(60, 35, -1))
    assert [len(p) for p in pages] == [25, 25, 10]
    assert seen == list(range(60, 0, -1))
    # from the oldest page back: the page of newer hands, then the newest (no ?before)
    html = client.get(f"/s/{long_session}/hands?before=11").get_data(as_text=True)
    assert "Hands 10 to 1 of 60, newest first." in html
    newer = link(html, "Newer hands")
    assert newer == f"/s/{long_session}/hands?before=36"
    html = client.get(newer).get_data(as_text=True)
    assert shown(html) == list(range(35, 10, -1))
    assert link(html, "Newer hands") == f"/s/{long_session}/hands"
    assert "Newer hands" not in client.get(f"/s/{long_session}/hands").get_data(as_text=True)


def test_a_page_shows_its_hands_as_the_whole_evening_does(app, client, long_session):
    """The window's rows are the same words and figures as the full view's rows of those hands."""
    from scorekeeper.games.tresillo import services

    html = client.get(f"/s/{long_session}/hands?before=30").get_data(as_text=True)
    assert shown(html) == list(range(29, 4, -1))
    with app.test_request_context():
        gs = services.find_session(long_session)
        full = {r.hand: r for r in services.view_for(gs, rows=True).rows if r.kind == "hand"}
        page = services.hands_page(gs, before=30)
    assert [r.hand for r in page.rows] == list(range(29, 4, -1))
    assert all(r == full[r.hand] for r in page.rows)
    for r in page.rows:
        assert f"<h2>Hand {r.hand}</h2><p>{r.event}</p>" in html.replace("&#39;", "'")


def test_a_hands_links_reach_its_page(client, long_session):
    s = long_session
    for number, page in ((60, range(60, 35, -1)), (36, range(60, 35, -1)), (35, range(35, 10, -1)),
                         (3, range(10, 0, -1))):
        html = client.get(f"/s/{s}/hands/{number}").get_data(as_text=True)
        back = link(html, "All hands")
        assert back == f"/s/{s}/hands?hand={number}#hand-{number}"
        assert shown(client.get(back.split("#")[0]).get_data(as_text=True)) == list(page)
    # the delete preview's "Cancel" goes back to the hand too
    html = client.get(f"/s/{s}/hands/12/delete").get_data(as_text=True)
    assert link(html, "Cancel, change nothing") == f"/s/{s}/hands?hand=12#hand-12"


@pytest.mark.parametrize("query", ["before=abc", "before=-4", "before=0", "before=99999", "hand=0", "hand=-1",
                                   "hand=999", "hand=x", "before=1e9", "hand=3&before=50", "before=%00"])
def test_odd_page_links_show_a_page_never_an_error(client, long_session, query):
    r = client.get(f"/s/{long_session}/hands?{query}")
    assert r.status_code == 200
    hands = shown(r.get_data(as_text=True))
    assert 10 <= len(hands) <= 25 and hands == sorted(hands, reverse=True)


def test_an_evening_without_hands_says_so(app, client, worked_example):
    from scorekeeper.games.tresillo import services

    with app.app_context():
        group = services.create_group("Empty table")
        token = services.import_session(group, json.dumps(dict(worked_example, hands=[]))).token
    html = client.get(f"/s/{token}/hands?before=5").get_data(as_text=True)
    assert "No hands yet." in html and "Older hands" not in html and "Newer hands" not in html


def test_kept_hands_never_show_an_old_state(app, client, long_session):
    """Each hand's list item is drawn once and kept with the replay: a look after a change, in another
    language, after the end or with new links shows that, never what was drawn before."""
    from scorekeeper.games.tresillo import services
    from scorekeeper.i18n import COOKIE

    def page(token: str, lang: str = "en") -> str:
        client.set_cookie(COOKIE, lang)  # the phone's own choice
        r = client.get(f"/s/{token}/hands")
        assert r.status_code == 200
        return r.get_data(as_text=True)

    first = page(long_session)
    assert shown(first)[0] == 60 and "Fix hand 60" in first
    def stamped(html: str) -> str:  # the time the page was made aside
        return re.sub(r'data-rendered="\d+"', "", html)

    assert stamped(page(long_session)) == stamped(first)  # the kept items make the same page
    spanish = page(long_session, "es")
    assert "<h2>Mano 60</h2>" in spanish and "<h2>Hand 60</h2>" not in spanish
    assert "<h2>Hand 60</h2>" in page(long_session)  # English kept beside Spanish, not replaced by it

    with app.test_request_context():
        gs = services.find_session(long_session)
        services.apply_change(gs, services.Change("delete", 60), key="kept-delete", version=gs.version, phone="test")
    after = page(long_session)
    assert shown(after)[:2] == [59, 58] and "Fix hand 60" not in after
    with app.test_request_context():
        gs = services.find_session(long_session)
        services.end_session(gs, paper="settle", version=gs.version, key="kept-end")
    ended = page(long_session)
    assert shown(ended)[0] == 59 and "Fix hand" not in ended
    with app.test_request_context():
        gs = services.find_session(long_session)
        services.replace_links(gs.group)
        token = gs.token
    assert client.get(f"/s/{long_session}/hands").status_code == 404
    renewed = page(token)
    assert long_session not in renewed and shown(renewed)[0] == 59
