"""Races and forged requests at the front door: two taps at once, a post without its key, a forged Host.

Run on a SQLite file and on PostgreSQL (the ``app`` fixture); the two posts of a round leave together
(a barrier) from two phones of their own.
"""

from __future__ import annotations

import re
import threading

from sqlalchemy import func, select

from conftest import Browser, end_session, field_value, gen_group, gen_hand, gen_session, hand_fields, start_fields
from scorekeeper.db import db
from scorekeeper.models import GameSession, Group

ROUNDS = 20


def at_once(*calls):
    """Run the calls in threads released together; their answers in order."""
    barrier = threading.Barrier(len(calls))
    answers: list = [None] * len(calls)

    def run(i, call):
        barrier.wait()
        answers[i] = call()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def sessions_of(app, token_of_group):
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(GameSession)) or 0


def test_next_evening_tapped_twice_at_once_starts_one_evening(app, browser):
    group = gen_group(browser)
    first = gen_session(browser, group)
    assert end_session(browser, first, "settle").status_code == 302
    for n in range(ROUNDS):
        phones = [Browser(app.test_client()) for _ in range(2)]
        pages = [p.get(f"/g/{group}").get_data(as_text=True) for p in phones]
        newest = [re.search(r'name="newest" value="(\d+)"', page).group(1) for page in pages]
        assert newest[0] == newest[1]
        before = sessions_of(app, group)
        answers = at_once(*(lambda p=p, n=newest[0]: p.post(f"/g/{group}/next", {"newest": n}) for p in phones))
        assert [a.status_code for a in answers] == [302, 302], (n, [a.get_data(as_text=True)[:300] for a in answers])
        assert answers[0].headers["Location"] == answers[1].headers["Location"]  # both phones at the one table
        assert sessions_of(app, group) == before + 1, f"round {n}: two evenings"
        assert end_session(browser, answers[0].headers["Location"].rsplit("/", 1)[1], "settle").status_code == 302


def start_tresillo_post(phone, group):
    """Tresillo's start, posted by a phone that opened the form (its key drawn on the page)."""
    page = phone.get(f"/g/{group}/start").get_data(as_text=True)
    data = start_fields(idem_key=field_value(page, "idem_key"))
    return lambda: phone.post(f"/g/{group}/start", data)


def start_game_post(phone, group, game):
    """A registry game's start, posted by a phone that opened its form."""
    page = phone.get(f"/g/{group}/play/{game}").get_data(as_text=True)
    data = {"seat1": "North", "seat2": "West", "seat3": "South", "seat4": "East", "stake": "1", "currency": "EUR",
            "idem_key": field_value(page, "idem_key")}
    return lambda: phone.post(f"/g/{group}/play/{game}", data)


def test_two_different_games_started_at_once_join_one_evening(app, browser):
    """Two phones start the group's first games at the same instant, each a different game: one evening holds both.

    The open evening is found or made under the group's row lock (PostgreSQL) or SQLite's one writer; without it
    each start would find no open evening and make its own.
    """
    for n in range(ROUNDS // 4):
        group = gen_group(browser, name=f"Table {n}")
        phones = [Browser(app.test_client()) for _ in range(2)]
        posts = [start_tresillo_post(phones[0], group), start_game_post(phones[1], group, "cacho")]
        answers = at_once(*posts)
        assert [a.status_code for a in answers] == [302, 302], (n, [a.get_data(as_text=True)[:300] for a in answers])
        with app.app_context():
            nights = set(db.session.scalars(
                select(GameSession.night_id).join(GameSession.group).where(Group.token == group)))
        assert len(nights) == 1 and None not in nights, f"round {n}: {nights}"


def test_keyed_posts_without_their_key_are_refused_with_a_sentence(app, browser):
    """Create a group, replace the links, start a game (the platform's and Tresillo's), import: each needs the
    key its page gave; without one nothing is made, and the page says why (with a key to send it again)."""
    said = "This form came without its key, so a second tap could save it twice: reload the page and send it again."
    group = gen_group(browser, players=("Ana", "Bea", "Cleo", "Dan"))
    before = sessions_of(app, group)
    posts = [("/", {"name": "Keyless"}),
             (f"/g/{group}/links", {"confirm": "y"}),
             (f"/g/{group}/play/tressette", {f"seat{i}": n for i, n in enumerate(("Ana", "Bea", "Cleo", "Dan"), 1)}),
             (f"/g/{group}/start", {"seat1": "Ana", "seat2": "Bea", "seat3": "Cleo", "first_dealer": "1",
                                    "rules": "pagat", "tanto_value": "0.10", "currency": "EUR",
                                    "start_tokens": "160", "scale": "1"}),
             (f"/g/{group}/import", {"text": '{"format": "scorekeeper-session/2", "game": "cacho"}'})]
    for url, data in posts:
        browser.get(url if url != "/" else "/")
        answer = browser.post(url, {**data, "key": "", "idem_key": ""})
        text = answer.get_data(as_text=True)
        assert answer.status_code == 400 and said in text, (url, answer.status_code)
        assert re.search(r'name="(idem_)?key" type="hidden" value="[\w-]{8,}"', text), url  # sent again with one
    assert sessions_of(app, group) == before
    assert browser.get(f"/g/{group}").status_code == 200  # the links were not replaced
    assert browser.get("/").status_code == 200
    # the same posts with their keys, each twice at once (a double tap): one of each is made
    page = browser.get("/").get_data(as_text=True)
    key = re.search(r'name="key" type="hidden" value="([^"]+)"', page).group(1)
    phones = [Browser(app.test_client()) for _ in range(2)]
    for phone in phones:
        phone.get("/")  # its own CSRF token; the key is the one page's (a double tap sends it twice)
    made = at_once(*(lambda p=p: p.post("/", {"name": "Keyed", "key": key}) for p in phones))
    assert [m.status_code for m in made] == [302, 302]
    assert made[0].headers["Location"] == made[1].headers["Location"]  # one group


def test_a_tresillo_hand_posted_without_its_key_is_refused_and_not_saved(app, browser):
    """Tresillo's hand form is keyed like every other: a post without its key saves nothing and says why,
    and the page it answers carries a fresh key, with which the same hand is saved once."""
    said = "This form came without its key, so a second tap could save it twice: reload the page and send it again."
    group = gen_group(browser)
    session = gen_session(browser, group)
    hand = {"contract": "entrada", "declarer": "West", "tricks": {"West": 5, "South": 2, "East": 2}}
    page = browser.get(f"/s/{session}/hand").get_data(as_text=True)
    data = {**hand_fields(hand, ("North", "West", "South", "East")), "number": field_value(page, "number")}
    answer = browser.post(f"/s/{session}/hand", {**data, "idem_key": ""})
    text = answer.get_data(as_text=True)
    assert answer.status_code == 400 and said in text, re.findall(r'class="error"[^>]*>([^<]*)', text)
    assert re.search(r'name="idem_key" type="hidden" value="[\w-]{8,}"', text)
    assert "Hand 1" not in browser.get(f"/s/{session}/hands").get_data(as_text=True)
    gen_hand(browser, session, hand)  # with its key: saved
    assert browser.get(f"/s/{session}/hand").status_code == 200


def test_the_invite_page_builds_no_link_to_a_forged_host(app, browser):
    from scorekeeper.web.outside import network_address

    group = gen_group(browser)
    session = gen_session(browser, group)
    forged = {"Host": "evil.example", "X-Forwarded-Host": "evil.example"}
    page = browser.client.get(f"/s/{session}/invite", headers=forged)
    text = page.get_data(as_text=True)
    assert page.status_code == 200 and "evil.example" not in text
    assert f'href="http://{network_address()}/s/{session}"' in text  # the table's own address instead
    app.config["SCOREKEEPER_BASE_URL"] = "https://cards.example.org"
    text = browser.client.get(f"/s/{session}/invite", headers=forged).get_data(as_text=True)
    assert "evil.example" not in text and f'href="https://cards.example.org/s/{session}"' in text
    app.config["SCOREKEEPER_BASE_URL"] = None
    text = browser.client.get(f"/s/{session}/invite", base_url="http://localhost:5000").get_data(as_text=True)
    assert f'href="http://localhost:5000/s/{session}"' in text  # the address the page was opened at, this machine's
