"""Issue 38, must-show 1: the table's changes run for EVERY registered game, Tresillo included, as one suite (one
set of scenarios, one small adapter per kind of pages), on SQLite and on PostgreSQL (the ``app`` fixture):

1. two phones fix the same deal: one is saved, the other is answered 409 with the compare page;
2. a fix or a delete opened before another phone's delete never touches another deal (409, nothing changed);
3. a deal beaten by another phone is answered 409, and the outbox's compare-and-choose (the game's ``pending``
   page) puts the kept deal beside it; nothing is stored twice;
4. undo takes back the last change (a fix); the same undo again changes nothing more;
5. insert before deal k: shown first on the change page, confirmed, the forgotten deal is deal k and the later
   ones moved down; a re-sent confirmation inserts nothing more.

A game kept by the platform's pages is played as ``test_table_conformance.py`` plays it (its ``Table`` and
sessions, under ``/s/<token>/play/…``); Tresillo, whose pages are its own, from the worked example through its
hand form (``tests/conftest.py``), at its own addresses. Where the platform knows a page's address
(``web.endpoints.endpoint``: the new deal, a fix, the outbox's page, the table screen), it is asked for it; the
compare page's sentences are the platform's own (``web.compare.WORDS``, in the game's word, hand or deal).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from html import unescape
from typing import Any, cast

import pytest
from test_table_conformance import STORED, Table, case, fixed, opened, text_of

from conftest import Browser, change_confirmed, gen_group, gen_hand, gen_session, hand_fields, led_to_table
from scorekeeper import services
from scorekeeper.db import db
from scorekeeper.games import GAMES
from scorekeeper.services.played import counts_hands
from scorekeeper.web.compare import WORDS
from scorekeeper.web.endpoints import EndpointKind, endpoint

#: every registered game: the scenarios below run for each
EVERY = sorted(GAMES)

# ------------------------------------------------------------------ the adapters: how a game's pages are driven


class Seat:
    """A game's table as the scenarios play it: its addresses, its deal form filled with a deal, what it stores.

    ``STORED`` deals are stored at the start; ``alt`` is a valid fix of deal 2 and ``following`` a valid next
    deal; ``(gap, forgotten)``: a deal the insert puts in before deal ``gap`` (on a table made ``inserting``)."""

    #: the pages the platform's endpoints do not name (delete, insert, undo): the endpoints of the game's pages
    OWN: Mapping[str, str] = {}
    #: where the undo's form is (its own page, or a one-tap button on the table screen)
    UNDO_ON = "undo"

    app: Any
    name: str
    token: str
    alt: dict[str, Any]
    following: dict[str, Any]
    gap: int
    forgotten: dict[str, Any]

    def url(self, kind: str, number: int | None = None) -> str:
        """The address of page ``kind``: the platform's endpoint of that kind, or the pages' own."""
        from flask import url_for

        with self.app.test_request_context():
            name = self.OWN[kind] if kind in self.OWN else endpoint(self.name, cast(EndpointKind, kind))
            return url_for(name, token=self.token, **({"number": number} if number is not None else {}))

    def phone(self) -> Any:
        return self.app.test_client()

    def deals(self) -> list[dict[str, Any]]:
        """The deals stored, in order (what a change must never touch unasked)."""
        with self.app.app_context():
            deals = services.games.deal_data(services.find_session(self.token))
            db.session.remove()
            return deals

    @property
    def words(self) -> Any:
        """The compare page's sentences for this game (hand or deal)."""
        return WORDS[counts_hands(self.name)]

    @property
    def word(self) -> str:
        return "hand" if counts_hands(self.name) else "deal"

    def fields(self, number: int, deal: dict[str, Any], *, insert: bool = False) -> dict[str, str]:
        raise NotImplementedError

    def stored_as(self, number: int, deal: dict[str, Any], *, insert: bool = False) -> dict[str, Any]:
        """The deal object stored for ``deal`` entered as deal ``number`` (asked before it is entered)."""
        raise NotImplementedError


class PlatformSeat(Seat):
    """A game on the platform's pages: ``test_table_conformance.Table`` and its random valid sessions."""

    OWN = {"delete": "games.delete", "insert": "games.insert", "undo": "games.undo"}
    UNDO_ON = "undo"

    def __init__(self, app: Any, name: str, *, inserting: bool = False) -> None:
        c = case(name)
        deals = [*c.deals[:c.gap - 1], *c.deals[c.gap:]] if inserting else c.deals
        self.table = Table(app, name, deals)
        self.app, self.name, self.token = app, name, self.table.token
        self.alt, self.following, self.gap, self.forgotten = c.alt, c.following, c.gap, c.deals[c.gap - 1]

    def fields(self, number: int, deal: dict[str, Any], *, insert: bool = False) -> dict[str, str]:
        return self.table.fields(number, deal, insert=insert)

    def stored_as(self, number: int, deal: dict[str, Any], *, insert: bool = False) -> dict[str, Any]:
        return self.table.read(number, self.fields(number, deal, insert=insert), insert=insert)


PLAYERS = ("North", "West", "South", "East")


class TresilloSeat(Seat):
    """Tresillo at its own addresses: the worked example's first hands entered through its hand form."""

    OWN = {"delete": "fixes.delete", "insert": "fixes.insert", "undo": "fixes.undo"}
    UNDO_ON = "screen"  # a one-tap button on the table screen, after the change

    def __init__(self, app: Any, name: str, worked: dict[str, Any], *, inserting: bool = False) -> None:
        self.app, self.name = app, name
        browser = Browser(app.test_client())
        self.token = gen_session(browser, gen_group(browser))
        hands = worked["hands"]
        for hand in hands[:STORED]:
            gen_hand(browser, self.token, hand)
        self.following = hands[STORED]
        # hand 2 fixed: North's entrada with five tricks (West deals hand 2 and sits out)
        self.alt = {"contract": "entrada", "declarer": "North", "tricks": {"North": 5, "South": 2, "East": 2}}
        self.gap, self.forgotten = 2, self.alt  # a forgotten hand put in before hand 2 (West deals it)

    def fields(self, number: int, deal: dict[str, Any], *, insert: bool = False) -> dict[str, str]:
        return hand_fields(deal, PLAYERS)

    def stored_as(self, number: int, deal: dict[str, Any], *, insert: bool = False) -> dict[str, Any]:
        """A hand is stored as entered with its dealer (the deal passes to the left from North, here unchanged)."""
        return {**deal, "dealer": PLAYERS[(number - 1) % len(PLAYERS)]}


#: the games whose pages are their own, each with its adapter (every other game is on the platform's pages)
OWN_PAGES = {"tresillo": TresilloSeat}


def seat_of(app: Any, name: str, worked: dict[str, Any], *, inserting: bool = False) -> Seat:
    if services.games.on_pages(name):
        return PlatformSeat(app, name, inserting=inserting)
    return OWN_PAGES[name](app, name, worked, inserting=inserting)


@pytest.fixture(params=EVERY)
def name(request):
    return request.param


@pytest.fixture
def seat(app, name, worked_example):
    return seat_of(app, name, worked_example)


# ------------------------------------------------------------------ what a phone does on the pages


def hidden(form: str) -> dict[str, str]:
    """A form's hidden fields, whatever the order of their attributes."""
    found = {}
    for tag in re.findall(r"<input[^>]*>", form):
        kind, name, value = (re.search(rf'\b{a}="([^"]*)"', tag) for a in ("type", "name", "value"))
        if kind and kind.group(1) == "hidden" and name:
            found[unescape(name.group(1))] = unescape(value.group(1)) if value else ""
    return found


def undo_form(seat: Seat, phone: Any) -> tuple[str, dict[str, str]]:
    """The undo of the last change as the phone finds it (the game's undo page, or the table screen's button):
    where it posts and its fields."""
    page_url = seat.url(seat.UNDO_ON)
    page = phone.get(page_url).get_data(as_text=True)
    undo = seat.url("undo")
    for action, form in re.findall(r'<form method="post"(?: action="([^"]*)")?[^>]*>(.*?)</form>', page, re.S):
        if unescape(action or page_url) == undo and 'name="seq"' in form:
            return undo, hidden(form)
    raise AssertionError(f"no undo on {page_url}: {page[-2000:]}")


# ------------------------------------------------------------------ the scenarios, every game


def test_the_scenarios_cover_every_registered_game():
    """Every registered game is played below: the platform's pages' games and those with pages of their own."""
    assert set(EVERY) == set(GAMES) and len(EVERY) >= 11
    assert {n for n in GAMES if not services.games.on_pages(n)} == set(OWN_PAGES)


def test_two_phones_fix_the_same_deal_one_saved_the_other_409_with_the_compare_page(seat):
    a, b = seat.phone(), seat.phone()
    url = seat.url("fix", 2)
    form_a, form_b = opened(a, url), opened(b, url)
    assert form_a["version"] == form_b["version"]
    original = seat.deals()[1]
    r = fixed(a, url, {**form_a, **seat.fields(2, seat.alt)})
    assert r.status_code == 302, text_of(r)[-2000:]
    saved = seat.deals()
    assert saved[1] != original and saved[1] == seat.stored_as(2, seat.alt)
    # B's fix (deal 2 back as it was), made at the version A's fix replaced: refused, compared, nothing changed
    r = fixed(b, url, {**form_b, **seat.fields(2, original)})
    assert r.status_code == 409, text_of(r)[-2000:]
    said = " ".join(text_of(r).split())
    assert seat.words.fix_title % {"n": 2} in said and f"{seat.word} 2 fixed" in said
    assert f'data-pending-key="{form_b["idem_key"]}"' in r.get_data(as_text=True)  # the compare page, B's fix kept
    assert seat.words.apply_fix % {"n": 2} in said  # and its choice: B's fix over A's, at the version of now
    assert seat.deals() == saved


def test_a_fix_or_delete_opened_before_another_phones_delete_never_touches_another_deal(seat):
    a, b = seat.phone(), seat.phone()
    fix_2, delete_2 = opened(a, seat.url("fix", 2)), opened(a, seat.url("delete", 2))
    fix_last = opened(a, seat.url("fix", STORED))
    before = seat.deals()
    assert b.post(seat.url("delete", 1), data=opened(b, seat.url("delete", 1))).status_code == 302
    after = seat.deals()
    assert after == before[1:]  # deal 2 is in place 1 now, deal 3 in place 2
    r = fixed(a, seat.url("fix", 2), {**fix_2, **seat.fields(2, seat.alt)})
    assert r.status_code == 409, text_of(r)[-2000:]
    assert seat.deals() == after
    r = a.post(seat.url("delete", 2), data=delete_2)
    assert r.status_code == 409, text_of(r)[-2000:]
    assert seat.deals() == after
    r = fixed(a, seat.url("fix", STORED), {**fix_last, **seat.fields(STORED, before[-1])})  # gone since opened
    assert r.status_code == 409, text_of(r)[-2000:]
    said = " ".join(text_of(r).split()).lower()
    assert f"no {seat.word} {STORED}" in said and "deleted" in said
    assert seat.deals() == after


def test_a_deal_beaten_by_another_phone_is_409_and_the_outbox_compares_it(seat):
    a, b = seat.phone(), seat.phone()
    n = STORED + 1
    form_a, form_b = opened(a, seat.url("hand")), opened(b, seat.url("hand"))
    assert form_a["number"] == form_b["number"] == str(n)
    fields = seat.fields(n, seat.following)
    assert b.post(seat.url("hand"), data={**form_b, **fields}).status_code == 302
    r = a.post(seat.url("hand"), data={**form_a, **fields})
    assert r.status_code == 409, text_of(r)[-2000:]  # static/offline.js: a deal's 409 opens compare-and-choose
    assert len(seat.deals()) == n
    # the outbox's compare-and-choose: the game's pending page, the kept deal in its address
    r = a.get(seat.url("pending"), query_string={**fields, "key": form_a["idem_key"], "number": str(n)})
    assert r.status_code == 200, text_of(r)[-2000:]
    page, said = r.get_data(as_text=True), " ".join(text_of(r).split())
    assert f'data-pending-key="{form_a["idem_key"]}"' in page
    assert seat.words.twice_title % {"n": n} in said and seat.words.same in said and "Drop mine" in said
    assert len(seat.deals()) == n  # looking writes nothing
    assert a.get(seat.url("pending"), query_string={"key": "x", "number": "1"}).status_code == 400


def test_undo_takes_back_the_last_change_once(seat):
    a = seat.phone()
    before = seat.deals()
    form = opened(a, seat.url("fix", 2))
    assert fixed(a, seat.url("fix", 2), {**form, **seat.fields(2, seat.alt)}).status_code == 302
    assert seat.deals() != before
    url, undo = undo_form(seat, a)
    first = a.post(url, data=undo)
    assert first.status_code == 302 and "again=1" not in first.headers["Location"]
    assert seat.deals() == before
    again = a.post(url, data=undo)  # the same undo re-sent (its answer lost): done once, said so
    assert again.status_code == 302 and again.headers["Location"].endswith("&again=1")
    assert "Already done" in text_of(a.get(again.headers["Location"]))
    assert seat.deals() == before
    other = a.post(url, data={**undo, "key": "another-undo-0001", "idem_key": "another-undo-0001"})
    assert other.status_code == 302 and other.headers["Location"].endswith("&again=1")  # another tap: done already
    assert seat.deals() == before


def test_insert_puts_a_forgotten_deal_before_deal_k(app, name, worked_example):
    seat = seat_of(app, name, worked_example, inserting=True)
    k, a = seat.gap, seat.phone()
    before = seat.deals()
    form = opened(a, seat.url("insert", k))
    fields = seat.fields(k, seat.forgotten, insert=True)
    forgotten = seat.stored_as(k, seat.forgotten, insert=True)
    shown = a.post(seat.url("insert", k), data={**form, **fields})
    assert shown.status_code == 200 and 'id="confirm"' in shown.get_data(as_text=True)  # shown first
    assert seat.deals() == before
    assert f"Insert a forgotten {seat.word} as {seat.word} {k}?" in " ".join(text_of(shown).split())
    confirmed = change_confirmed(a, shown)
    assert "Already done" not in led_to_table(Browser(a), confirmed)
    assert seat.deals() == [*before[:k - 1], forgotten, *before[k - 1:]]
    again = change_confirmed(a, shown)  # the confirmation re-sent: inserted once
    assert again.status_code == 302 and again.headers["Location"].endswith("&again=1")
    assert seat.deals() == [*before[:k - 1], forgotten, *before[k - 1:]]
