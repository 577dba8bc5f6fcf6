"""Every keyed action done once, whatever the network repeats (issue 24).

Copies of one request carry the same form and key and the same phone's cookie:
sent again after a lost answer, or arriving at the same moment (threads against
the real app and database, started together by a barrier).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from conftest import Browser, field_value, gen_group, gen_hand, gen_session, hand_fields

PLAYERS = ("North", "West", "South", "East")
COPIES = 5


def twin(app: Any, browser: Browser) -> Browser:
    """Another connection of the same phone: its cookies (the form's CSRF token stays valid)."""
    other = Browser(app.test_client())
    for cookie in browser.client._cookies.values():
        other.client.set_cookie(cookie.key, cookie.value, domain=cookie.domain, path=cookie.path)
    other.token = browser.token
    return other


def at_once(app: Any, browser: Browser, send: Callable[[Browser], Any]) -> list[Any]:
    """``send`` run by COPIES connections of this phone, released together; their answers."""
    phones = [twin(app, browser) for _ in range(COPIES)]
    gate = threading.Barrier(COPIES)
    answers: list[Any] = [None] * COPIES

    def one(i: int) -> None:
        gate.wait(10)
        answers[i] = send(phones[i])

    threads = [threading.Thread(target=one, args=(i,)) for i in range(COPIES)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert all(a is not None for a in answers), "a copy got no answer"
    return answers


def links_form(page: str) -> dict[str, str]:
    section = page[page.index('id="links"'):]
    return {"confirm": "y", "key": field_value(section, "key")}


def session_links(browser: Browser, group: str) -> list[str]:
    page = browser.get(f"/g/{group}").get_data(as_text=True)
    return sorted(set(__import__("re").findall(r'href="/s/([A-Za-z0-9_-]{22})"', page)))


# ------------------------------------------------------------------ Replace the links


def test_replace_the_links_resent_after_a_lost_answer_gives_the_same_new_links(app, browser, worked_example):
    """The answer to "Replace the links" is lost; the phone sends the same post again to the old link:
    it is sent to the same new group link (not a 404), and the links are not replaced a second time."""
    group = gen_group(browser)
    session = gen_session(browser, group)
    gen_hand(browser, session, worked_example["hands"][0])
    form = links_form(browser.get(f"/g/{group}").get_data(as_text=True))
    first = browser.post(f"/g/{group}/links", form)
    assert first.status_code == 302 and group not in first.headers["Location"]
    new_group = first.headers["Location"].split("/g/")[1].split("?")[0]
    new_sessions = session_links(browser, new_group)
    assert len(new_sessions) == 1 and session not in new_sessions

    again = browser.post(f"/g/{group}/links", form)  # the lost answer's copy, to the old link
    assert again.status_code == 302 and again.headers["Location"] == first.headers["Location"]
    assert session_links(browser, new_group) == new_sessions  # not replaced again
    assert browser.get(f"/s/{new_sessions[0]}").status_code == 200
    assert browser.get(f"/s/{session}").status_code == 404 and browser.get(f"/g/{group}").status_code == 404
    # a post to the old link without this request's key opens nothing
    stranger = browser.post(f"/g/{group}/links", dict(form, key="another-key-of-the-page"))
    assert stranger.status_code == 404 and new_group not in stranger.get_data(as_text=True)


def test_copies_of_replace_the_links_at_once_make_one_set_of_links(app, browser, worked_example):
    group = gen_group(browser)
    session = gen_session(browser, group)
    form = links_form(browser.get(f"/g/{group}").get_data(as_text=True))
    answers = at_once(app, browser, lambda phone: phone.post(f"/g/{group}/links", form))
    assert [a.status_code for a in answers] == [302] * COPIES
    assert len({a.headers["Location"] for a in answers}) == 1
    new_group = answers[0].headers["Location"].split("/g/")[1].split("?")[0]
    (new_session,) = session_links(browser, new_group)
    assert new_session != session and browser.get(f"/s/{new_session}").status_code == 200


def test_two_replacements_with_their_own_keys_each_make_new_links(app, browser):
    """Replacing the links twice on purpose (two forms, two keys) is two replacements."""
    group = gen_group(browser)
    first = browser.post(f"/g/{group}/links", links_form(browser.get(f"/g/{group}").get_data(as_text=True)))
    second_group = first.headers["Location"].split("/g/")[1].split("?")[0]
    second = browser.post(f"/g/{second_group}/links",
                          links_form(browser.get(f"/g/{second_group}").get_data(as_text=True)))
    third_group = second.headers["Location"].split("/g/")[1].split("?")[0]
    assert len({group, second_group, third_group}) == 3
    assert browser.get(f"/g/{third_group}").status_code == 200 and browser.get(f"/g/{second_group}").status_code == 404


# ------------------------------------------------------------------ Create the group


def _groups(app: Any) -> list[str]:
    from scorekeeper.db import db
    from scorekeeper.models import Group

    with app.app_context():
        names = [g.name for g in db.session.query(Group)]
        db.session.remove()
    return names


def test_a_double_tapped_create_the_group_makes_one_group(app, browser):
    page = browser.get("/").get_data(as_text=True)
    form = {"name": "Tuesday table", "language": "en", "key": field_value(page, "key")}
    answers = at_once(app, browser, lambda phone: phone.post("/", form))
    assert [a.status_code for a in answers] == [302] * COPIES
    assert len({a.headers["Location"] for a in answers}) == 1
    assert _groups(app) == ["Tuesday table"]
    later = browser.post("/", form)  # and a copy sent later
    assert later.headers["Location"] == answers[0].headers["Location"] and _groups(app) == ["Tuesday table"]


def test_two_forms_make_two_groups(app, browser):
    """Each form has its own key: two groups of the same name are two groups, as before."""
    for _ in range(2):
        page = browser.get("/").get_data(as_text=True)
        assert browser.post("/", {"name": "Tuesday table", "key": field_value(page, "key")}).status_code == 302
    assert _groups(app) == ["Tuesday table"] * 2
    keyless = browser.post("/", {"name": "Tuesday table", "key": ""})  # a post without its key (a script)
    assert keyless.status_code == 400 and "came without its key" in keyless.get_data(as_text=True)
    assert _groups(app) == ["Tuesday table"] * 2


# ------------------------------------------------------------------ identical copies of one fix


def test_identical_copies_of_one_fix_at_once_are_each_told_it_was_saved(app, browser, worked_example):
    """Five copies of one fix of hand 1 (same key, same version) at once: one change is made; every copy
    is answered that the fix was made (the first with what it did, the others "Already done"), none 409."""
    group = gen_group(browser)
    s = gen_session(browser, group)
    for hand in worked_example["hands"][:3]:
        gen_hand(browser, s, hand)
    page = browser.get(f"/s/{s}/hands/1/edit").get_data(as_text=True)
    data = hand_fields(dict(worked_example["hands"][0], contract="entrada"), PLAYERS)
    data.update(version=field_value(page, "version"), idem_key=field_value(page, "idem_key"))
    answers = at_once(app, browser, lambda phone: phone.post(f"/s/{s}/hands/1/edit", data))
    assert [a.status_code for a in answers] == [302] * COPIES, [a.get_data(as_text=True)[:300] for a in answers]
    places = sorted(a.headers["Location"] for a in answers)
    assert places == [f"/s/{s}?done=4"] + [f"/s/{s}?done=4&again=1"] * (COPIES - 1)
    texts = [browser.get(place).get_data(as_text=True) for place in places]
    assert sum("Already done" in t for t in texts) == COPIES - 1
    assert all("Hand 1 fixed" in t for t in texts)
    exported = browser.get(f"/s/{s}/session.json").get_json()
    assert [e["kind"] for e in exported["history"]].count("edit") == 1
    assert exported["hands"][0]["contract"] == "entrada" and len(exported["hands"]) == 3


# ------------------------------------------------------------------ copies of one saved hand


def saved_hand_form(browser: Browser, s: str, hand: dict) -> dict[str, str]:
    page = browser.get(f"/s/{s}/hand").get_data(as_text=True)
    data = hand_fields(hand, PLAYERS)
    data.update({name: field_value(page, name) for name in ("idem_key", "number", "version")})
    return data


def test_copies_of_one_saved_hand_at_once_store_it_once(app, browser, worked_example):
    """Five copies of one hand's save (same key, same version) at once: one hand and one history entry are
    stored; every copy is sent to the table showing it, the first as saved, the others as saved already."""
    s = gen_session(browser, gen_group(browser))
    data = saved_hand_form(browser, s, worked_example["hands"][0])
    answers = at_once(app, browser, lambda phone: phone.post(f"/s/{s}/hand", data))
    assert [a.status_code for a in answers] == [302] * COPIES, [a.get_data(as_text=True)[:300] for a in answers]
    places = sorted(a.headers["Location"] for a in answers)
    assert places == [f"/s/{s}?saved=1"] + [f"/s/{s}?saved=1&again=1"] * (COPIES - 1)
    exported = browser.get(f"/s/{s}/session.json").get_json()
    assert len(exported["hands"]) == 1 and [e["kind"] for e in exported["history"]] == ["add"]


def test_a_hand_resent_after_it_was_deleted_is_not_entered_again(browser, worked_example):
    """Hand 2 saved, then deleted; its post sent again (an answer lost long ago) is told so, and stores nothing."""
    s = gen_session(browser, gen_group(browser))
    gen_hand(browser, s, worked_example["hands"][0])
    data = saved_hand_form(browser, s, worked_example["hands"][1])
    assert browser.post(f"/s/{s}/hand", data).status_code == 302
    page = browser.get(f"/s/{s}/hands/2/delete").get_data(as_text=True)
    confirm = {k: field_value(page, k) for k in ("change", "version", "key")}
    assert browser.post(f"/s/{s}/hands/2/delete", confirm).status_code == 302
    again = browser.post(f"/s/{s}/hand", data)
    text = again.get_data(as_text=True)
    assert again.status_code == 200 and "Already saved" in text
    assert "This hand was saved as hand 2 at" in text and "It was not entered again." in text
    exported = browser.get(f"/s/{s}/session.json").get_json()
    assert len(exported["hands"]) == 1 and [e["kind"] for e in exported["history"]] == ["add", "add", "delete"]
