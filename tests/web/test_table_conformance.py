"""The table's conformance, run through the pages for every game the platform keeps (every registered game but
those with pages of their own), on SQLite and on PostgreSQL (the ``app`` fixture):

- two phones fix the same deal: one is saved, the other is answered 409 with the compare page, whose "save
  mine over it" then saves it with the version of now;
- a fix or a delete opened before another phone's delete never touches another deal (409, nothing changed);
- a deal beaten by another phone is answered 409 (what the outbox opens compare-and-choose on), and the
  outbox's pending page compares the two;
- undo takes back the last change, once; insert puts a forgotten deal before deal k;
- a fix that changes the outcome says so in its preview and in the history, field by field;
- every change's key makes a re-sent copy harmless.

Each game's deals come from the conformance suite's random valid sessions (``tests/games/sessions.py``),
entered through the game's own deal form (its ``Pieces.deal_fields``).
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from html import unescape
from typing import Any

import pytest

from conftest import change_confirmed, field_value
from scorekeeper import services
from scorekeeper.core.errors import SessionError
from scorekeeper.db import db
from scorekeeper.games import GAMES
from scorekeeper.games.replay import replay
from scorekeeper.games.views import pieces_for
from scorekeeper.services import history
from scorekeeper.services.deal_words import outcome_changes
from tests.games.sessions import VALID

#: every game kept by the platform's pages
NAMES = sorted(n for n in GAMES if services.games.on_pages(n))
#: deals stored before a test starts (the next deal of the session file is the one phones race for)
STORED = 5


def _replays(doc: dict[str, Any], deals: list[dict[str, Any]]) -> Any:
    try:
        return replay({**doc, "deals": deals}, GAMES)
    except SessionError:
        return None


@dataclass(frozen=True)
class Case:
    """A session of a game to play the table's changes on."""

    doc: dict[str, Any]
    deals: list[dict[str, Any]]  # the deals stored at the start
    following: dict[str, Any]  # a valid next deal
    alt: dict[str, Any]  # a valid fix of deal 2, different from it
    gap: int  # deal ``gap`` (1-based) may be left out and inserted again
    outcome: tuple[int, dict[str, Any]]  # a fix (deal, object) that changes how the game comes out


def _alternatives(doc: dict[str, Any], deals: list[dict[str, Any]], place: int) -> list[dict[str, Any]]:
    """The doc's other deals that stand in place of deal ``place`` (0-based), the rest still standing."""
    found = []
    for cand in doc["deals"]:
        if cand != deals[place] and _replays(doc, [*deals[:place], cand, *deals[place + 1:]]) is not None:
            found.append(cand)
    return found


def _outcome_fix(doc: dict[str, Any], deals: list[dict[str, Any]]) -> tuple[int, dict[str, Any]] | None:
    before = _replays(doc, deals)
    for place in range(len(deals)):
        for cand in _alternatives(doc, deals, place):
            after = _replays(doc, [*deals[:place], cand, *deals[place + 1:]])
            if outcome_changes(before, after, list(range(len(deals))), place):
                return place + 1, cand
    return None


def case_of(name: str) -> Case:
    """The first random session of ``name`` with room for every test: enough deals, a fix of deal 2, a deal
    that may be left out, a fix that changes the outcome."""
    for seed in range(400):
        doc = VALID[name](random.Random(seed))
        if len(doc["deals"]) <= STORED:
            continue
        deals = doc["deals"][:STORED]
        ahead = _replays(doc, deals)
        if ahead is None or ahead.result.finished:
            continue
        alt = _alternatives(doc, deals, 1)
        gap = next((k for k in range(2, STORED) if _replays(doc, [*deals[:k - 1], *deals[k:]]) is not None), 0)
        outcome = _outcome_fix(doc, deals)
        if alt and gap and outcome:
            return Case(doc, deals, doc["deals"][STORED], alt[0], gap, outcome)
    raise AssertionError(f"no session of {name} to test the table with")


CASES: dict[str, Case] = {}


def case(name: str) -> Case:
    if name not in CASES:
        CASES[name] = case_of(name)
    return CASES[name]


class Table:
    """A game stored through the services, played through the pages by phones (test clients)."""

    def __init__(self, app: Any, name: str, deals: list[dict[str, Any]]) -> None:
        self.app, self.name, self.case = app, name, case(name)
        doc = self.case.doc
        with app.app_context():
            group = services.create_group("Conformance", "en")
            for player in doc["players"]:
                services.add_player(group, player)
            gs = services.games.start_game(group, name, list(doc["players"]), doc.get("teams"),
                                           dict(doc.get("options") or {}), "EUR", idem_key="start-1")
            self.token, self.watch_token = gs.token, gs.watch_token
            db.session.remove()
        for i, deal in enumerate(deals, start=1):  # each as the game's form enters it (a dealer recorded…)
            with app.test_request_context():
                gs = services.find_session(self.token)
                services.games.add_deal(gs, i, self.read(i, self.fields(i, deal)), f"deal-{i}")
                db.session.remove()

    def phone(self) -> Any:
        return self.app.test_client()

    def deals(self) -> list[dict[str, Any]]:
        with self.app.app_context():
            gs = services.find_session(self.token)
            return services.games.deal_data(gs)

    def fields(self, number: int, deal: dict[str, Any], *, insert: bool = False) -> dict[str, str]:
        """The game's deal form filled with ``deal`` as deal ``number``."""
        with self.app.test_request_context():
            gs = services.find_session(self.token)
            pieces = pieces_for(GAMES[self.name])
            at = services.games.played_before(gs, number) if insert or number > len(gs.hands) \
                else services.games.played(gs)
            if pieces is None:
                return {"deal": json.dumps(deal)}
            fresh, filled = pieces.deal_fields(at, number, None), pieces.deal_fields(at, number, deal)
            return {**fresh, **{k: v for k, v in filled.items() if v != ""}}

    def read(self, number: int, fields: dict[str, str], *, insert: bool = False) -> dict[str, Any]:
        """The deal the game's form reads from ``fields`` as deal ``number`` (what a post stores)."""
        with self.app.test_request_context():
            gs = services.find_session(self.token)
            pieces = pieces_for(GAMES[self.name])
            assert pieces is not None
            at = services.games.played_before(gs, number) if insert or number > len(gs.hands) \
                else services.games.played(gs)
            deal, errors = pieces.read_deal(at, number, fields)
            assert deal is not None, errors
            return deal


def opened(phone: Any, url: str) -> dict[str, str]:
    """A form's plumbing as a page drew it: its token, key (a change page's: its change), number and the
    version it was made at."""
    r = phone.get(url)
    assert r.status_code == 200, (url, r.status_code)
    page = r.get_data(as_text=True)
    return {name: field_value(page, name) for name in ("csrf_token", "idem_key", "key", "change", "number", "version")
            if f'name="{name}"' in page}


def fixed(phone: Any, url: str, data: dict[str, str]) -> Any:
    """A fix or an insert as a phone makes it: its form posted; shown first on the platform's change page when it
    changes how the game comes out (and every insert), and confirmed there as shown. The last answer."""
    r = phone.post(url, data=data)
    if r.status_code == 200 and 'id="confirm"' in r.get_data(as_text=True):
        return change_confirmed(phone, r)
    return r


def text_of(r: Any) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", r.get_data(as_text=True)))


@pytest.fixture(params=NAMES)
def name(request):
    return request.param


@pytest.fixture
def table(app, name):
    return Table(app, name, case(name).deals)


def test_every_game_the_pages_keep_is_run_here():
    assert set(NAMES) == {n for n in GAMES if services.games.on_pages(n)}
    assert len(NAMES) >= 10


def test_two_phones_fix_the_same_deal_one_saved_the_other_409_with_the_compare_page(table):
    a, b = table.phone(), table.phone()
    form_a, form_b = opened(a, f"/s/{table.token}/play/deal/2"), opened(b, f"/s/{table.token}/play/deal/2")
    assert form_a["version"] == form_b["version"]
    original = table.deals()[1]
    mine_a = table.fields(2, table.case.alt)
    r = fixed(a, f"/s/{table.token}/play/deal/2", {**form_a, **mine_a})
    assert r.status_code == 302
    fixed_2 = table.deals()[1]
    assert fixed_2 != original and fixed_2 == table.read(2, mine_a)
    # B's fix (deal 2 back as it was) was made at the old version: refused, compared, nothing changed
    mine_b = table.fields(2, original)
    r = b.post(f"/s/{table.token}/play/deal/2", data={**form_b, **mine_b})
    assert r.status_code == 409
    said = text_of(r)
    assert "Your fix of deal 2 was not saved" in said and "deal 2 fixed" in said
    assert table.deals()[1] == fixed_2
    # A's fix re-sent (its answer lost): recognised by its key, not made twice, not refused as stale
    r = a.post(f"/s/{table.token}/play/deal/2", data={**form_a, **mine_a})
    assert r.status_code == 302 and table.deals()[1] == fixed_2
    # B chooses "save my fix over it": the compare page's form carries the version of now
    page = r_b = b.post(f"/s/{table.token}/play/deal/2", data={**form_b, **mine_b})
    choice = re.search(r'<form method="post" action="([^"]+)"[^>]*>(.*?)</form>', page.get_data(as_text=True), re.S)
    assert r_b.status_code == 409 and choice is not None
    posted = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', choice.group(2)))
    assert posted["idem_key"] == form_b["idem_key"] and posted["version"] != form_b["version"]
    r = fixed(b, unescape(choice.group(1)), {k: unescape(v) for k, v in posted.items()})
    assert r.status_code == 302
    assert table.deals()[1] == table.read(2, mine_b)


def test_a_fix_or_delete_opened_before_another_phones_delete_never_touches_another_deal(table):
    a, b, c = table.phone(), table.phone(), table.phone()
    before = table.deals()
    delete_3 = opened(a, f"/s/{table.token}/play/deal/3/delete")
    fix_4 = opened(c, f"/s/{table.token}/play/deal/{STORED}")
    delete_2 = opened(b, f"/s/{table.token}/play/deal/2/delete")
    assert b.post(f"/s/{table.token}/play/deal/2/delete", data=delete_2).status_code == 302
    after = table.deals()
    assert after == [*before[:1], *before[2:]]
    r = a.post(f"/s/{table.token}/play/deal/3/delete", data=delete_3)  # deal 4 moved into place 3: untouched
    assert r.status_code == 409 and "deal 2 deleted" in text_of(r)
    assert table.deals() == after
    r = c.post(f"/s/{table.token}/play/deal/{STORED}", data={**fix_4, **table.fields(STORED - 1, before[1])})
    assert r.status_code == 409 and f"There is no deal {STORED} any more" in text_of(r)
    assert f"<h1>No deal {STORED}</h1>" in r.get_data(as_text=True)  # the platform's page, in the game's word
    assert table.deals() == after
    # the delete page now shows the deal in place 3 with the version of now: confirmed, it deletes that one
    again = opened(a, f"/s/{table.token}/play/deal/3/delete")
    assert a.post(f"/s/{table.token}/play/deal/3/delete", data=again).status_code == 302
    assert table.deals() == [*after[:2], *after[3:]]
    assert a.post(f"/s/{table.token}/play/deal/3/delete", data=again).status_code == 302  # re-sent: once
    assert table.deals() == [*after[:2], *after[3:]]


def test_a_deal_beaten_by_another_phone_is_409_and_the_outbox_compares_it(table):
    a, b = table.phone(), table.phone()
    n = STORED + 1
    form_a, form_b = opened(a, f"/s/{table.token}/play/deal"), opened(b, f"/s/{table.token}/play/deal")
    assert form_a["number"] == form_b["number"] == str(n)
    fields = table.fields(n, table.case.following)
    assert b.post(f"/s/{table.token}/play/deal", data={**form_b, **fields}).status_code == 302
    r = a.post(f"/s/{table.token}/play/deal", data={**form_a, **fields})
    assert r.status_code == 409  # static/offline.js: a 409 on a deal is a conflict, opened as compare-and-choose
    assert f"Deal {n} was entered on two phones" in text_of(r) and "Both phones say the same" in text_of(r)
    assert len(table.deals()) == n
    # the outbox's compare-and-choose: the kept deal in the address, beside the deal the table holds
    r = a.get(f"/s/{table.token}/play/pending", query_string={**fields, "key": form_a["idem_key"],
                                                             "number": str(n)})
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    assert f'data-pending-key="{form_a["idem_key"]}"' in page and "Drop mine" in page
    assert a.get(f"/s/{table.token}/play/pending?key=x&number=1").status_code == 400
    with table.app.test_request_context():
        from scorekeeper.web.endpoints import endpoint
        assert endpoint(table.name, "pending") == "games.pending"


def test_the_compare_page_puts_a_kept_fix_beside_the_deal_question_by_question(table):
    """The platform's compare page (Tresillo's too): the differing answers barred, what the phone's would do,
    and its choices posted to the game's own deal form with the kept deal's key."""
    a = table.phone()
    fields = table.fields(2, table.case.alt)
    key = "kept-fix-key-0001"
    r = a.get(f"/s/{table.token}/play/pending", query_string={**fields, "key": key, "edit": "2"})
    assert r.status_code == 200
    page, text = r.get_data(as_text=True), text_of(r)
    assert "Your fix of deal 2 was not saved" in text and "Lines marked with a bar differ." in text
    assert 'class="differs"' in page and "Yours in place of deal 2" in text
    assert f'action="/s/{table.token}/play/deal/2"' in page and f'name="idem_key" value="{key}"' in page
    assert f'/s/{table.token}/play/deal/2?pending={key}' in page and "Change mine first" in text
    assert len(table.deals()) == STORED  # nothing written


def test_undo_takes_back_the_last_change_once(table):
    a = table.phone()
    before = table.deals()
    form = opened(a, f"/s/{table.token}/play/deal/2")
    assert fixed(a, f"/s/{table.token}/play/deal/2", {**form, **table.fields(2, table.case.alt)}).status_code == 302
    page = a.get(f"/s/{table.token}/play/undo")
    assert page.status_code == 200 and "Deal 2 fixed" in text_of(page)
    undo = opened(a, f"/s/{table.token}/play/undo")
    seq = re.search(r'name="seq" value="(\d+)"', page.get_data(as_text=True)).group(1)
    assert a.post(f"/s/{table.token}/play/undo", data={**undo, "seq": seq}).status_code == 302
    assert table.deals() == before
    assert a.post(f"/s/{table.token}/play/undo", data={**undo, "seq": seq}).status_code == 302  # re-sent: once
    assert table.deals() == before
    # an undo of a change that is no longer the last is refused, nothing undone
    assert "There is nothing to undo." in text_of(a.get(f"/s/{table.token}/play/undo"))
    stale = {**undo, "idem_key": "stale-undo-key-0001"}
    r = a.post(f"/s/{table.token}/play/undo", data={**stale, "seq": str(int(seq) - 1)})
    assert r.status_code == 409 and table.deals() == before
    # the undo of a deal entered
    form = opened(a, f"/s/{table.token}/play/deal")
    assert a.post(f"/s/{table.token}/play/deal", data={**form, **table.fields(STORED + 1, table.case.following)}
                  ).status_code == 302
    assert len(table.deals()) == STORED + 1
    undo = opened(a, f"/s/{table.token}/play/undo")
    seq = re.search(r'name="seq" value="(\d+)"', a.get(f"/s/{table.token}/play/undo").get_data(as_text=True)).group(1)
    assert a.post(f"/s/{table.token}/play/undo", data={**undo, "seq": seq}).status_code == 302
    assert table.deals() == before


def done_card(r) -> str:
    """The table's card saying what was just done (``#done``), as text."""
    html = r.get_data(as_text=True)
    start = html.find('id="done"')
    return html[start:html.find("</section>", start)] if start >= 0 else ""


def test_the_table_says_what_a_fix_a_delete_and_an_undo_did(table):
    """A fix, a delete and an undo lead back to the table with ``?done=<the change>`` (and ``&again=1`` for a
    re-sent undo): the table says what was done, as Tresillo's does, once for that phone; the plain table and
    the watch link say nothing of it."""
    a = table.phone()
    form = opened(a, f"/s/{table.token}/play/deal/2")
    done = fixed(a, f"/s/{table.token}/play/deal/2", {**form, **table.fields(2, table.case.alt)})
    assert done.status_code == 302 and re.search(r"/play\?done=\d+$", done.headers["Location"])
    said = " ".join(text_of(a.get(done.headers["Location"])).split())
    assert re.search(r"\bDone (?:Deal|Hand) 2 fixed — [^,]+, .*Undo this", said), said  # and its undo, offered
    undo = opened(a, f"/s/{table.token}/play/undo")
    seq = re.search(r'name="seq" value="(\d+)"', a.get(f"/s/{table.token}/play/undo").get_data(as_text=True)).group(1)
    first = a.post(f"/s/{table.token}/play/undo", data={**undo, "seq": seq})
    again = a.post(f"/s/{table.token}/play/undo", data={**undo, "seq": seq})
    done, done_again = a.get(first.headers["Location"]), a.get(again.headers["Location"])
    assert done.status_code == done_again.status_code == 200
    said, said_again = (" ".join(text_of(r).split()) for r in (done, done_again))
    assert re.search(rf"\bDone Undo of change {seq} \((?:deal|hand) 2 fixed\) — [^,]+, ", said), said
    assert "Already done" not in said and "sent the same request twice" not in said
    assert "Undo this" not in done_card(done)  # an undo is not offered for undoing again from the table
    assert re.search(rf"\bAlready done Undo of change {seq} \((?:deal|hand) 2 fixed\) — ", said_again), said_again
    assert "This phone sent the same request twice; it was done once." in said_again
    delete = opened(a, f"/s/{table.token}/play/deal/{STORED}/delete")
    deleted = a.post(f"/s/{table.token}/play/deal/{STORED}/delete", data=delete)
    assert deleted.status_code == 302 and re.search(r"/play\?done=\d+$", deleted.headers["Location"])
    said = " ".join(text_of(a.get(deleted.headers["Location"])).split())
    assert re.search(rf"\bDone (?:Deal|Hand) {STORED} deleted — [^,]+, ", said), said
    plain = a.get(f"/s/{table.token}/play").get_data(as_text=True)
    assert 'id="done"' not in plain and 'id="done"' not in a.get(f"/w/{table.watch_token}/play?done={seq}"
                                                                  ).get_data(as_text=True)


def test_undo_of_the_end_opens_the_game_again(table):
    a = table.phone()
    end = opened(a, f"/s/{table.token}/play/end")
    assert a.post(f"/s/{table.token}/play/end", data=end).status_code == 302
    undo = opened(a, f"/s/{table.token}/play/undo")
    seq = re.search(r'name="seq" value="(\d+)"', a.get(f"/s/{table.token}/play/undo").get_data(as_text=True)).group(1)
    assert a.post(f"/s/{table.token}/play/undo", data={**undo, "seq": seq}).status_code == 302
    assert a.get(f"/s/{table.token}/play/deal").status_code == 200  # open again: a deal can be entered


def test_an_end_opened_before_another_phones_deal_is_409(table):
    a, b = table.phone(), table.phone()
    end = opened(a, f"/s/{table.token}/play/end")
    form = opened(b, f"/s/{table.token}/play/deal")
    assert b.post(f"/s/{table.token}/play/deal", data={**form, **table.fields(STORED + 1, table.case.following)}
                  ).status_code == 302
    r = a.post(f"/s/{table.token}/play/end", data=end)
    assert r.status_code == 409 and f"deal {STORED + 1} entered" in text_of(r)
    assert a.get(f"/s/{table.token}/play/end").status_code == 200  # still open


def test_insert_puts_a_forgotten_deal_before_deal_k(app, name):
    """Every insert is shown first (it moves every later deal), whatever it changes, and saved by the change
    page's confirm as shown, once; one opened before another phone's change changes nothing."""
    c = case(name)
    k = c.gap
    table = Table(app, name, [*c.deals[:k - 1], *c.deals[k:]])
    a = table.phone()
    before = table.deals()
    form = opened(a, f"/s/{table.token}/play/deal/{k}/insert")
    fields = table.fields(k, c.deals[k - 1], insert=True)
    forgotten = table.read(k, fields, insert=True)
    shown = a.post(f"/s/{table.token}/play/deal/{k}/insert", data={**form, **fields})
    assert shown.status_code == 200 and 'id="confirm"' in shown.get_data(as_text=True)  # every insert: shown first
    assert f"Insert a forgotten deal as deal {k}?" in text_of(shown) and table.deals() == before
    confirm = _change_fields(shown)
    assert confirm["key"] == form["idem_key"]  # the form's own key: a copy of the form re-sent finds it made
    # saved as shown: a deal form's other fields posted beside the confirmation are not read
    r = a.post(f"/s/{table.token}/play/change", data={**table.fields(k, c.alt, insert=True), **confirm})
    assert r.status_code == 302, text_of(r)[-3000:]
    assert table.deals() == [*before[:k - 1], forgotten, *before[k - 1:]]
    assert a.post(f"/s/{table.token}/play/deal/{k}/insert", data={**form, **fields}).status_code == 302
    assert table.deals() == [*before[:k - 1], forgotten, *before[k - 1:]]  # re-sent: inserted once
    history = text_of(a.get(f"/s/{table.token}/play/history"))
    assert f"A deal inserted as deal {k}" in history
    # an insert opened before another phone's change changes nothing
    stale = opened(a, f"/s/{table.token}/play/deal/{k}/insert")
    other = table.phone()
    undo = opened(other, f"/s/{table.token}/play/undo")
    seq = re.search(r'name="seq" value="(\d+)"', other.get(f"/s/{table.token}/play/undo").get_data(as_text=True))
    assert other.post(f"/s/{table.token}/play/undo", data={**undo, "seq": seq.group(1)}).status_code == 302
    r = a.post(f"/s/{table.token}/play/deal/{k}/insert", data={**stale, **fields})
    assert r.status_code == 409 and table.deals() == before


def test_a_fix_that_changes_the_outcome_says_so_in_its_preview_and_in_the_history(table):
    a = table.phone()
    number, deal = table.case.outcome
    form = opened(a, f"/s/{table.token}/play/deal/{number}")
    fields = table.fields(number, deal)
    before = table.deals()
    r = a.post(f"/s/{table.token}/play/deal/{number}", data={**form, **fields})
    assert r.status_code == 200 and "This changes how the game comes out" in text_of(r)
    assert table.deals() == before  # a preview: nothing saved yet
    shown = re.search(r'<section class="card outcome".*?</section>', r.get_data(as_text=True), re.S).group(0)
    said = [unescape(s) for s in re.findall(r"<li>(.*?)</li>", shown)]
    assert said
    assert f"Fix deal {number}?" in text_of(r) and 'class="card deal-form"' not in r.get_data(as_text=True)
    assert change_confirmed(a, r).status_code == 302  # the platform's change page, confirmed
    assert table.deals()[number - 1] == table.read(number, fields)
    history = text_of(a.get(f"/s/{table.token}/play/history"))
    assert f"Deal {number} fixed" in history
    assert "Outcome: " + " ".join(said) in " ".join(history.split())
    assert "Changed: " in history and " → " in history


def _money_shown(page: str) -> dict[str, tuple[str, str]]:
    """The preview's money line, player by player: (money after, money before: "" when it does not change)."""
    card = re.search(r'<table class="bowls" id="money">.*?</table>', page, re.S)
    assert card, "the preview has no money line"
    out = {}
    for player, cell in re.findall(r'<tr data-player="([^"]*)">.*?<td class="num money"[^>]*>(.*?)</td>',
                                   card.group(0), re.S):
        was = re.search(r'<span class="hint">was (.*?)</span>', cell)
        out[unescape(player)] = (unescape(cell.split("<br>")[0]), unescape(was.group(1)) if was else "")
    return out


def _money_now(table: Table) -> dict[str, str]:
    with table.app.test_request_context():
        return dict(services.games.game_view(services.find_session(table.token)).money)


def test_a_change_preview_shows_each_players_money_before_and_after(table):
    """The platform's preview (Tresillo's money line and changed rows, every game's now): a fix that changes the
    outcome and a delete each show every player's money as it is and as the change would leave it, which is what
    the table says once it is confirmed, and a delete lists the deals whose figures change."""
    a = table.phone()
    number, deal = table.case.outcome
    form = opened(a, f"/s/{table.token}/play/deal/{number}")
    fields = table.fields(number, deal)
    before = _money_now(table)
    page = a.post(f"/s/{table.token}/play/deal/{number}", data={**form, **fields})
    shown = _money_shown(page.get_data(as_text=True))
    assert set(shown) == set(before)
    assert change_confirmed(a, page).status_code == 302
    after = _money_now(table)
    assert {p: m for p, (m, _was) in shown.items()} == after
    assert {p: was or m for p, (m, was) in shown.items()} == before
    page = a.get(f"/s/{table.token}/play/deal/1/delete").get_data(as_text=True)
    shown = _money_shown(page)
    assert {p: was or m for p, (m, was) in shown.items()} == after
    deals = re.search(r'<section class="card" id="deal-changes">.*?</section>', page, re.S)
    assert deals and "Deal 1 is removed:" in deals.group(0)  # the deals whose figures change, the deleted first


@pytest.mark.parametrize("language", ["es", "fr", "it", "ca"])
def test_the_history_of_a_fix_is_told_in_every_language(app, language):
    table = Table(app, "rovescino", case("rovescino").deals)
    a = table.phone()
    number, deal = table.case.outcome
    form = opened(a, f"/s/{table.token}/play/deal/{number}")
    assert fixed(a, f"/s/{table.token}/play/deal/{number}", {**form, **table.fields(number, deal)}).status_code == 302
    a.get(f"/language/{language}")
    history = " ".join(text_of(a.get(f"/s/{table.token}/play/history")).split())
    english = ("Outcome:", "Changed:", "History of changes", "The result changes", "was", "now")
    assert not [w for w in english if w in history], history[:2000]
    assert " → " in history


def test_a_phone_names_itself_from_the_history_and_its_changes_carry_the_name(table):
    """The platform's History and phone pages (Tresillo's before): the history offers to name the phone, the
    name is kept on the phone, shown on the history and written beside each change it makes."""
    a = table.phone()
    history_page = text_of(a.get(f"/s/{table.token}/play/history"))
    assert "Name this phone" in history_page and "This phone:" not in history_page
    page = {"csrf_token": field_value(a.get(f"/s/{table.token}/play/phone").get_data(as_text=True), "csrf_token")}
    r = a.post(f"/s/{table.token}/play/phone", data={**page, "name": "Ana's phone"})
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/s/{table.token}/play")
    assert a.post(f"/s/{table.token}/play/phone", data={**page, "name": "\x07"}).status_code == 400
    form = opened(a, f"/s/{table.token}/play/deal/2")
    assert fixed(a, f"/s/{table.token}/play/deal/2", {**form, **table.fields(2, table.case.alt)}).status_code == 302
    history_page = " ".join(text_of(a.get(f"/s/{table.token}/play/history")).split())
    assert "This phone: Ana's phone" in history_page and "· Ana's phone ·" in history_page


def test_a_delete_asks_a_nameless_phone_its_name_once(table):
    """The platform's change page (Tresillo's before): a phone without a name is asked it beside the change, the
    name is written in the history with the change and kept on the phone, which is not asked again."""
    a = table.phone()
    page = a.get(f"/s/{table.token}/play/deal/2/delete").get_data(as_text=True)
    assert 'name="phone"' in page
    form = opened(a, f"/s/{table.token}/play/deal/2/delete")
    r = a.post(f"/s/{table.token}/play/deal/2/delete", data={**form, "phone": "Mesa 2"})
    assert r.status_code == 302 and "phone=" in r.headers.get("Set-Cookie", "")
    assert len(table.deals()) == STORED - 1
    assert "· Mesa 2 ·" in " ".join(text_of(a.get(f"/s/{table.token}/play/history")).split())
    assert 'name="phone"' not in a.get(f"/s/{table.token}/play/deal/2/delete").get_data(as_text=True)


def _history_and_version(table: Table) -> tuple[int, int]:
    with table.app.app_context():
        gs = services.find_session(table.token)
        return len(history.entries(gs)), gs.version


def test_a_fix_saved_untouched_is_refused_and_changes_nothing(table):
    """The platform's rule (``changes.unchanged_refused``), Tresillo's before: a fix whose deal, as the form
    reads it, is the deal stored records no history entry and keeps the version (no phone reloads for
    nothing), and says so next to the form. Its preview refuses it first, as Tresillo's does
    (``previews.unchanged``: "nothing would change"); sent by a phone's outbox, which saves as entered, the save
    refuses it ("nothing was changed")."""
    a = table.phone()
    before, counted = table.deals(), _history_and_version(table)
    fields = table.fields(1, before[0])
    assert table.read(1, fields) == before[0]  # the stored deal's own fields, read back as stored
    said = {"": "That is how it is recorded already: nothing would change.",
            "1": "That is how it is recorded already: nothing was changed."}
    for outbox, sentence in said.items():  # from the form on the page; sent by the outbox (saved as entered)
        form = opened(a, f"/s/{table.token}/play/deal/1")
        r = a.post(f"/s/{table.token}/play/deal/1", data={**form, **fields}, headers={"X-Outbox": outbox} if outbox else {})
        assert r.status_code == 400, (outbox, text_of(r)[-2000:])
        assert sentence in text_of(r) and said["1" if not outbox else ""] not in text_of(r)
        assert 'class="card deal-form"' in r.get_data(as_text=True)  # the form again, the message beside it
        assert table.deals() == before and _history_and_version(table) == counted
    # a real fix after it is still saved (the refusal left nothing locked or half-made)
    form = opened(a, f"/s/{table.token}/play/deal/2")
    r = fixed(a, f"/s/{table.token}/play/deal/2", {**form, **table.fields(2, table.case.alt)})
    assert r.status_code == 302 and _history_and_version(table) == (counted[0] + 1, counted[1] + 1)


def test_the_games_with_pages_of_their_own_are_run_through_the_same_scenarios_beside_this():
    """Every registered game, those with pages of their own too (Tresillo), plays the must-show scenarios (two
    phones fix one deal, a change opened before another phone's delete, a beaten deal, undo, insert) in
    ``test_table_conformance_every_game.py``, each at its own addresses; the untouched-fix rule is held by
    Tresillo's own tests (tests/web/test_fixes.py, test_a_fix_saved_untouched_is_refused_...)."""
    from test_table_conformance_every_game import EVERY, OWN_PAGES

    assert set(EVERY) == set(GAMES) and set(GAMES) - set(NAMES) == set(OWN_PAGES)


def _change_fields(r: Any) -> dict[str, str]:
    """The hidden fields of a change page's button (the change as shown, its version and key)."""
    page = r.get_data(as_text=True)
    return {name: field_value(page, name) for name in ("csrf_token", "change", "version", "key")}


def test_a_change_shown_first_is_saved_as_shown_never_as_the_fields_are_by_then(table):
    """A fix that changes the outcome and an insert are shown on the platform's change page and saved only by its
    confirm, exactly as shown: fields posted beside the confirm (the deal form changed meanwhile) are not read, a
    damaged change is refused (400) and nothing is saved before the confirm."""
    a = table.phone()
    before = table.deals()
    number, deal = table.case.outcome
    form = opened(a, f"/s/{table.token}/play/deal/{number}")
    shown_fields = table.fields(number, deal)
    shown = a.post(f"/s/{table.token}/play/deal/{number}", data={**form, **shown_fields})
    assert shown.status_code == 200 and 'id="confirm"' in shown.get_data(as_text=True)
    assert f'action="/s/{table.token}/play/change"' in shown.get_data(as_text=True)
    assert table.deals() == before  # shown, not saved
    confirm = _change_fields(shown)
    assert json.loads(confirm["change"]) == {"kind": "fix", "number": number, "deal": table.read(number, shown_fields)}
    damaged = {**confirm, "change": confirm["change"].replace('"fix"', '"seating"')}  # a kind the game has not
    assert a.post(f"/s/{table.token}/play/change", data=damaged).status_code == 400 and table.deals() == before
    # the form's fields changed to another deal since: posted with the confirm, never read
    other = table.fields(number, table.case.alt if table.case.alt != deal else before[number - 1])
    r = a.post(f"/s/{table.token}/play/change", data={**other, **confirm})
    assert r.status_code == 302 and "done=" in r.headers["Location"]
    assert table.deals() == [*before[:number - 1], table.read(number, shown_fields), *before[number:]]


def test_two_phones_confirm_the_same_change_with_one_key_it_is_made_once(table):
    """The same confirmation sent by two phones (a page passed on, an outbox's copy) makes the change once; the
    second is led to the table told it was done already (``&again=1``), for a delete as for a fix."""
    a, b = table.phone(), table.phone()
    number, deal = table.case.outcome
    form = opened(a, f"/s/{table.token}/play/deal/{number}")
    confirm = _change_fields(a.post(f"/s/{table.token}/play/deal/{number}", data={**form, **table.fields(number, deal)}))
    counted = _history_and_version(table)
    first = a.post(f"/s/{table.token}/play/change", data=confirm)
    b.get(f"/s/{table.token}/play")  # the second phone's own session cookie and token
    second = b.post(f"/s/{table.token}/play/change", data={**confirm, "csrf_token": field_value(
        b.get(f"/s/{table.token}/play/deal/1/delete").get_data(as_text=True), "csrf_token")})
    assert first.status_code == second.status_code == 302
    assert "again=1" not in first.headers["Location"] and second.headers["Location"].endswith("&again=1")
    assert _history_and_version(table) == (counted[0] + 1, counted[1] + 1)  # made once
    said = " ".join(text_of(b.get(second.headers["Location"])).split())
    assert f"Already done Deal {number} fixed" in said, said[:2000]
    # a delete's page confirmed twice at its own address: deleted once, the second told so
    page = opened(a, f"/s/{table.token}/play/deal/1/delete")
    deals = table.deals()
    once = a.post(f"/s/{table.token}/play/deal/1/delete", data=page)
    twice = a.post(f"/s/{table.token}/play/deal/1/delete", data=page)
    assert once.status_code == twice.status_code == 302 and twice.headers["Location"].endswith("&again=1")
    assert table.deals() == deals[1:]


def test_a_stale_confirm_is_409_with_the_change_shown_again_as_things_are_now(table):
    """Another phone changed the game while this one looked at its change page: nothing is made (409), the page
    says what the other phone did and shows the change again with the version of now, which a tap then makes."""
    a, b = table.phone(), table.phone()
    number, deal = table.case.outcome
    form = opened(a, f"/s/{table.token}/play/deal/{number}")
    fields = table.fields(number, deal)
    confirm = _change_fields(a.post(f"/s/{table.token}/play/deal/{number}", data={**form, **fields}))
    before = table.deals()
    other = opened(b, f"/s/{table.token}/play/deal/2")  # the other phone fixes deal 2, then takes the fix back
    assert fixed(b, f"/s/{table.token}/play/deal/2", {**other, **table.fields(2, table.case.alt)}).status_code == 302
    undo = opened(b, f"/s/{table.token}/play/undo")
    seq = re.search(r'name="seq" value="(\d+)"', b.get(f"/s/{table.token}/play/undo").get_data(as_text=True)).group(1)
    assert b.post(f"/s/{table.token}/play/undo", data={**undo, "seq": seq}).status_code == 302
    assert table.deals() == before
    r = a.post(f"/s/{table.token}/play/change", data=confirm)
    assert r.status_code == 409 and table.deals() == before
    said = " ".join(text_of(r).split())
    assert "Nothing was changed: since this preview was shown, deal 2 fixed" in said, said[:2000]
    again = _change_fields(r)
    assert again["version"] != confirm["version"] and again["change"] == confirm["change"]
    assert a.post(f"/s/{table.token}/play/change", data=again).status_code == 302
    assert table.deals()[number - 1] == table.read(number, fields)


def test_a_delete_page_from_before_still_deletes_once(table):
    """A game's delete page drawn before its page was the platform's change page (still open on a phone, or in
    its outbox) posted its key as ``idem_key`` with the version: its address still takes it, once."""
    a = table.phone()
    page = opened(a, f"/s/{table.token}/play/deal/2/delete")
    old = {"csrf_token": page["csrf_token"], "idem_key": "old-delete-page-0001", "version": page["version"]}
    before = table.deals()
    first, again = (a.post(f"/s/{table.token}/play/deal/2/delete", data=old) for _ in range(2))
    assert first.status_code == again.status_code == 302 and again.headers["Location"].endswith("&again=1")
    assert table.deals() == [before[0], *before[2:]]
