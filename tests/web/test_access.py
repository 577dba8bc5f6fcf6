"""Who may do what (docs/security.md): every route tried with each kind of link.

A group link opens ``/g/…``, a session link ``/s/…``, a watch link ``/w/…``.
Any other link is answered with a 4xx that says why (403 for a link of ours
of the wrong kind, 404 for one that opens nothing, replaced links included),
never a 500, and a refused post changes nothing.
"""

from __future__ import annotations

import re

import pytest
from sqlalchemy import text

from conftest import gen_group, gen_session, hand_fields
from scorekeeper.db import db

KINDS = ("group", "session", "watch", "wrong", "rotated")
#: the kind of link each prefix needs
NEEDS = {"/g/": "group", "/s/": "session", "/w/": "watch"}
#: a value for each other part of a route's address
FILLERS = {"number": "1", "player_id": None, "action": "retire", "kind": "report", "fmt": "html", "game": "rovescino",
           "night_id": "1"}
WRONG_KIND = "Not with this link"
UNKNOWN = "This link opens nothing"


def token_rules(app):
    rules = [r for r in app.url_map.iter_rules() if "token" in r.arguments]
    for rule in rules:
        assert rule.rule[:3] in NEEDS, f"{rule.rule}: a token route outside /g/, /s/ and /w/"
    return sorted(rules, key=lambda r: r.rule)


def url_of(rule, token: str, player_id: int) -> str:
    url = rule.rule
    for name in rule.arguments:
        value = token if name == "token" else str(player_id) if name == "player_id" else FILLERS[name]
        url = re.sub(rf"<(?:[^<>:]+:)?{name}>|<any\([^)]*\):{name}>", value, url)
    assert "<" not in url, url
    return url


def state(app) -> tuple:
    """Everything a post could change, read straight from the database."""
    with app.app_context():
        q = lambda sql: tuple(db.session.execute(text(sql)).all())  # noqa: E731
        state = (q("SELECT id, token, name, language FROM groups ORDER BY id"),
                 q("SELECT id, name, retired FROM players ORDER BY id"),
                 q("SELECT id, token, watch_token, version, closed FROM sessions ORDER BY id"),
                 q("SELECT id, session_id, position FROM hands ORDER BY id"),
                 q("SELECT id FROM history ORDER BY id"))
        db.session.remove()
    return state


@pytest.fixture
def links(app, browser, worked_example):
    """A group with a session of two hands, and the links of another group whose links were replaced."""
    group = gen_group(browser)
    session = gen_session(browser, group)
    for hand in worked_example["hands"][:2]:
        browser.get(f"/s/{session}/hand")
        data = hand_fields(hand, ["North", "West", "South", "East"])
        assert browser.post(f"/s/{session}/hand", data).status_code == 302
    old_group = gen_group(browser, name="Old table")
    old_session = gen_session(browser, old_group)
    with app.app_context():
        from scorekeeper import services

        watch = services.find_session(session).watch_token
        old_watch = services.find_session(old_session).watch_token
        player_id = services.find_group(group).players[0].id
        db.session.remove()
    browser.get(f"/g/{old_group}")
    r = browser.post(f"/g/{old_group}/links", {"confirm": "y"})
    assert r.status_code == 302
    return {"group": group, "session": session, "watch": watch, "player_id": player_id,
            "rotated": {"/g/": old_group, "/s/": old_session, "/w/": old_watch},
            "wrong": "AAAAAAAAAAAAAAAAAAAAAA"}


def link_for(links: dict, kind: str, prefix: str) -> str:
    return links[kind][prefix] if kind == "rotated" else links[kind]


def test_every_route_with_every_kind_of_link(app, browser, links):
    browser.get(f"/g/{links['group']}")  # a valid form token: posts are refused for the link, not the form
    tried = 0
    for rule in token_rules(app):
        prefix = rule.rule[:3]
        for method in sorted({"GET", "POST"} & rule.methods):
            for kind in sorted(KINDS, key=lambda k: k == NEEDS[prefix]):  # the allowed kind last
                url = url_of(rule, link_for(links, kind, prefix), links["player_id"])
                before = state(app) if method == "POST" else None
                r = browser.get(url) if method == "GET" else browser.post(url, {})
                body = r.get_data(as_text=True)
                where = f"{method} {url} with the {kind} link ({rule.rule})"
                assert r.status_code < 500, where
                tried += 1
                if kind == NEEDS[prefix]:
                    assert WRONG_KIND not in body and UNKNOWN not in body, where
                    continue
                if kind in ("wrong", "rotated"):
                    assert r.status_code == 404 and UNKNOWN in body, where
                else:
                    assert r.status_code == 403 and WRONG_KIND in body, where
                if before is not None:
                    assert state(app) == before, f"{where} changed the database"
    assert tried > 150


def test_watch_link_follows_the_table_and_cannot_post(app, browser, links):
    watch, session = links["watch"], links["session"]
    page = browser.get(f"/w/{watch}").get_data(as_text=True)
    assert "Hand <span id=\"hand-number\">3</span>" in page and "nothing can be changed" in page
    # the spectator's pages carry neither the session's own link nor the group's
    for url in (f"/w/{watch}", f"/w/{watch}/version", f"/w/{watch}/report.html", f"/w/{watch}/paper.html"):
        r = browser.get(url)
        assert r.status_code == 200, url
        assert session not in r.get_data(as_text=True) and links["group"] not in r.get_data(as_text=True), url
    assert browser.get(f"/w/{watch}/version").get_json()["hands"] == 2
    pdf = browser.get(f"/w/{watch}/report.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")
    # a hand posted through the watch link is refused and stores nothing
    browser.get(f"/s/{session}/hand")
    form = browser.get(f"/s/{session}/hand").get_data(as_text=True)
    idem = re.search(r'name="idem_key" type="hidden" value="([^"]+)"', form).group(1)
    before = state(app)
    r = browser.post(f"/s/{watch}/hand", {"idem_key": idem, "number": "3", "contract": "entrada"})
    assert r.status_code == 403 and "cannot change anything" in r.get_data(as_text=True)
    assert state(app) == before


def test_session_pages_never_lead_to_the_group(app, browser, links):
    """Every page a session link opens (GET) is free of the group's link."""
    for rule in token_rules(app):
        if not rule.rule.startswith("/s/") or "GET" not in rule.methods:
            continue
        url = url_of(rule, links["session"], links["player_id"])
        r = browser.get(url)
        assert links["group"] not in r.get_data(as_text=True), url


def test_replaced_links_stop_working_and_the_new_ones_work(app, browser, links):
    group, session, watch = links["group"], links["session"], links["watch"]
    browser.get(f"/g/{group}")
    assert browser.post(f"/g/{group}/links", {}).status_code == 400  # asked for on purpose: the box unticked
    assert browser.get(f"/g/{group}").status_code == 200
    r = browser.post(f"/g/{group}/links", {"confirm": "y"})
    assert r.status_code == 302
    new_group = r.headers["Location"].split("/g/")[1].split("?")[0].split("#")[0]
    assert new_group != group and len(new_group) >= 22
    page = browser.get(r.headers["Location"]).get_data(as_text=True)
    assert "The links were replaced" in page
    for old in (f"/g/{group}", f"/s/{session}", f"/w/{watch}", f"/s/{session}/report.html"):
        r = browser.get(old)
        assert r.status_code == 404 and UNKNOWN in r.get_data(as_text=True), old
    with app.app_context():
        from scorekeeper import services

        gs = services.find_group(new_group).sessions[0]
        new_session, new_watch = gs.token, gs.watch_token
        db.session.remove()
    assert {new_session, new_watch}.isdisjoint({session, watch})
    assert browser.get(f"/s/{new_session}").status_code == 200
    assert browser.get(f"/w/{new_watch}").status_code == 200
    assert new_session in page  # the group page lists the session under its new link


def test_links_are_unguessable(app, browser, links):
    """128 random bits each (secrets.token_urlsafe(16)): 22 URL-safe characters, all different."""
    every = [links["group"], links["session"], links["watch"], *links["rotated"].values()]
    assert len(set(every)) == len(every)
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{22}", t) for t in every)


def test_sessions_kept_before_watch_links_get_one_in_the_migration(app):
    from flask_migrate import downgrade, upgrade

    with app.app_context():
        downgrade(revision="e5a0c3f19d27")
        with db.engine.begin() as conn:
            conn.execute(text("INSERT INTO groups (id, token, name, created_at) VALUES (1, 'g', 'T', '2026-11-23')"))
            for sid in (1, 2, 3):
                conn.execute(text(
                    "INSERT INTO sessions (id, token, group_id, rules, options, players, first_dealer, start_tokens, "
                    "tanto_value, currency, paper_in, end_paper, closed, version, created_at) VALUES "
                    "(:id, :token, 1, 'pagat', '{}', '[\"A\", \"B\", \"C\"]', 'A', 160, '0.10', 'EUR', '[]', "
                    "'settle', false, 0, '2026-11-23')"), {"id": sid, "token": f"s{sid}"})
        upgrade()
        with db.engine.connect() as conn:
            tokens = conn.execute(text("SELECT watch_token FROM sessions ORDER BY id")).scalars().all()
    assert len(set(tokens)) == 3 and all(re.fullmatch(r"[A-Za-z0-9_-]{22}", t) for t in tokens)
