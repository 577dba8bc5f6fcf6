"""A deal's coded values in the reader's language: the words a game's record gives its fields' values
(``GameRecord.values``: Tressette chiamata's sides ``caller``/``opponents``, the suits, Truc's tied trick,
Terziglio's pass and every trick) on the outbox's compare page, in the history of a fix and in a fix's
preview, never as the session file spells them; and every one of those words translated in every language."""

from __future__ import annotations

import random
import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from conftest import field_value, game_on_table
from scorekeeper import services
from scorekeeper.db import db
from scorekeeper.games import GAMES, records
from scorekeeper.games.views import pieces_for
from scorekeeper.i18n import use_language
from scorekeeper.services.deal_words import _leaves, answers, deal_changes
from tests.games.sessions import VALID

PLAYERS = ("Ana", "Bea", "Cleo", "Dan")
#: a chiamata deal the caller's side won, then fixed: the opponents took the last trick and the points
DEAL = {"caller": "Bea", "partner": "Dan", "called": "cups", "points": {"caller": 7, "opponents": 3}, "last": "caller"}
FIXED = {**DEAL, "called": "coins", "points": {"caller": 3, "opponents": 7}, "last": "opponents"}
#: the session file's words for the sides and suits changed, which no Italian page may show
RAW = re.compile(r"\b(caller|opponents|cups|coins)\b")
TRANSLATIONS = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"


def _text(r: Any) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", r.get_data(as_text=True))).split())


def _form(phone: Any, url: str) -> dict[str, str]:
    page = phone.get(url).get_data(as_text=True)
    return {name: field_value(page, name) for name in ("csrf_token", "idem_key", "version")}


def _fields(app: Any, token: str, deal: dict[str, Any]) -> dict[str, str]:
    """Tressette's deal form filled with ``deal`` as deal 1 (what the phone posts, or keeps in its outbox)."""
    with app.test_request_context():
        gs = services.find_session(token)
        pieces = pieces_for(GAMES["tressette-chiamata"])
        assert pieces is not None
        at = services.games.played(gs)
        fresh, filled = pieces.deal_fields(at, 1, None), pieces.deal_fields(at, 1, deal)
        return {**fresh, **{k: v for k, v in filled.items() if v != ""}}


@pytest.fixture
def chiamata(app) -> str:
    """A game of Tressette chiamata with one deal stored."""
    return game_on_table(app, "tressette-chiamata", PLAYERS, [DEAL], language="it")


def test_a_fixed_chiamata_deal_is_told_in_italian_with_the_games_words(app, chiamata):
    """The fix preview's field list, the history and the compare page read in Italian say the sides as the game
    does (la parte di chi chiama, gli avversari) and the suits in Italian, never ``caller``/``opponents``."""
    phone = app.test_client()
    phone.get("/language/it")
    fields = _fields(app, chiamata, FIXED)
    url = f"/s/{chiamata}/play/deal/1"
    with app.test_request_context(), use_language("it"):
        preview = services.games.preview_fix(services.find_session(chiamata), 1, FIXED).fields
        db.session.remove()
    assert "ultima presa: la parte di chi chiama → gli avversari" in preview, preview
    assert phone.post(url, data={**_form(phone, url), **fields}).status_code == 302  # the outcome stays: saved
    history = _text(phone.get(f"/s/{chiamata}/play/history"))
    assert "ultima presa: la parte di chi chiama → gli avversari" in history, history[:3000]
    assert "coppe → denari" in history
    assert "punti · la parte di chi chiama: 7 → 3" in history
    assert not RAW.search(history), RAW.search(history)
    # a phone kept the deal as it was, as a fix of deal 1: its compare page beside the table's (fixed) deal
    kept = _fields(app, chiamata, DEAL)
    compare = _text(phone.get(f"/s/{chiamata}/play/pending", query_string={**kept, "key": "kept-key-0001",
                                                                           "edit": "1"}))
    assert "ultima presa gli avversari la parte di chi chiama" in compare, compare[:3000]
    assert not RAW.search(compare), RAW.search(compare)


def test_the_words_follow_the_game_not_the_value():
    """Only the game whose record names a value translates it: a Tressette team called ``caller`` stays its name,
    and a player's name in a chiamata claim (``by``) stays as written."""
    with use_language("it"):
        assert deal_changes({"last": "caller"}, {"last": "opponents"}, "tressette-chiamata") == [
            "ultima presa: la parte di chi chiama → gli avversari"]
        assert deal_changes({"last": "caller"}, {"last": "opponents"}, "tressette") == [
            "ultima presa: caller → opponents"]
        said = deal_changes({"claim": {"by": "Ana"}}, {"claim": {"by": "Bea"}}, "tressette-chiamata")
        assert len(said) == 1 and said[0].endswith(": Ana → Bea"), said
        assert answers({"tricks": ["A", "tie", "B"]}, "truc")["tricks"][1] == "A, pari, B"
        assert answers({"tricks": ["A", "tie", "B"]}, "tressette")["tricks"][1] == "A, tie, B"
        assert answers({"bid": "pass"}, "terziglio")["bid"][1] == "tutti hanno passato"


def _catalog(language: str) -> Any:
    with open(TRANSLATIONS / language / "LC_MESSAGES" / "messages.po", "rb") as fh:
        return read_po(fh)


@pytest.mark.parametrize("language", ["es", "en", "fr", "it", "ca"])
def test_every_value_a_game_gives_words_has_them_in_every_language(language):
    """Every word of every game's coded values (``GameRecord.values``) is in the catalog of every language,
    translated (English is the words themselves), so no reader meets a value as the file spells it."""
    words = {said for record in records().values() for table in record.values.values() for said in table.values()}
    assert words >= {"the caller's side", "the opponents", "tie", "cups"}
    if language == "en":
        assert all(said.strip() for said in words)
        return
    catalog = _catalog(language)
    missing = [said for said in sorted(words) if not (catalog.get(said) and catalog.get(said).string
                                                      and not catalog.get(said).fuzzy)]
    assert missing == []
    with use_language(language):  # and read back through the app's own translations
        said = deal_changes({"last": "caller"}, {"last": "opponents"}, "tressette-chiamata")[0]
        assert "caller" not in said and "opponents" not in said, said


#: coded values left as the session file writes them: the games' own words (Tressette's events and napoletana,
#: Terziglio's bids) and the ranks of a declaration as the cards show them
OWN_WORDS = {"event": {"cappotto", "cappottone", "stramazzo", "strammazzone"},
             "bid": {"chiamo", "solo", "solissimo", "dividete", "scegliete"}, "rank": {"3", "2", "A"}}


def test_every_coded_value_of_every_game_has_words_or_is_the_games_own_word():
    """Every text value of every game's generated deals (Tresillo's hands have their own form) that is not a
    player's or a team's name has words from its game (``GameRecord.values``) or is one of the game's own words:
    a new coded value shown raw on the compare page or in the history fails here."""
    bare: dict[tuple[str, str], set[str]] = {}
    for name, session in VALID.items():
        if name == "tresillo":
            continue
        values = records()[name].values
        for seed in range(20):
            doc = session(random.Random(seed))
            names = {*doc.get("players", ()), *(doc.get("teams") or {})}
            for deal in doc["deals"]:
                for place, value in _leaves(deal):
                    field = [step for step in place if isinstance(step, str)][-1]
                    words = values.get(field, {})
                    for v in value if isinstance(value, list) else [value]:
                        if isinstance(v, str) and v not in names and v not in words \
                                and v not in OWN_WORDS.get(field, ()):
                            bare.setdefault((name, field), set()).add(v)
    assert bare == {}
    with use_language("es"):
        assert answers({"declarations": [{"player": "Ana", "kind": "four_of_a_kind", "rank": "A"}]},
                       "tressette")["declarations/0/kind"][1] == "póker"
