"""The History says exactly what a fix changed, field by field, the outcome included, in the player's language.

A hand entered by how it ended (won / puesta / codillo, no tricks) and then fixed must read
differently before and after: issue 25 found both lines identical. Each field of a stored hand is
compared by its words; the History page shows Before, After and Changed.
"""

from __future__ import annotations

import html
import re

import pytest
from english import english_words

from conftest import field_value, gen_group, gen_session
from scorekeeper.games.tresillo.words import FIELDS, hand_changes, hand_words
from scorekeeper.i18n import use_language

PLAYERS = ("North", "West", "South", "East")
PUESTA = {"contract": "entrada", "declarer": "West", "outcome": "puesta"}
CODILLO = {"contract": "entrada", "declarer": "West", "outcome": "codillo", "winner": "South"}

#: one hand, and for each field of the History a change of that field alone
BASE = {"contract": "vuelta", "declarer": "South", "tricks": {"West": 2, "South": 5, "East": 2}}
ONE_FIELD = {
    "contract": {"contract": "solo"},
    "declarer": {"declarer": "West"},
    "tricks": {"tricks": {"West": 1, "South": 6, "East": 2}},
    "surrender": {"surrender": {"takeover": "East"}},
    "how it ended": {"outcome": "sacado"},
    "forced entrada": {"forced": True},
    "estuche": {"estuche": 4},
    "contra-estuche": {"contra_estuche": True},
    "primeras": {"primeras": True},
    "bola": {"bola": "failed"},
    "drops out": {"drops_out": "West"},
    "debt played for": {"debt": "North"},
    "trumps": {"trump": "oros"},
    "dealer's bet": {"bet": "C"},
    "dealer": {"dealer": "East"},
    "seating": {"seating": ["North", "South", "West", "East"]},
}


def test_every_field_of_the_history_is_tried():
    assert [label for label, _words in FIELDS] == list(ONE_FIELD)


@pytest.mark.parametrize("field", list(ONE_FIELD))
def test_a_fix_of_one_field_names_that_field_only(field):
    after = {**BASE, **ONE_FIELD[field]}
    changed = hand_changes(BASE, after)
    assert len(changed) == 1 and changed[0].startswith(f"{field}: "), changed
    assert hand_words(BASE) != hand_words(after)
    assert hand_changes(after, BASE)[0].startswith(f"{field}: ")  # and back again
    assert hand_changes(after, dict(after)) == []


def test_an_outcome_only_hand_reads_differently_before_and_after_its_fix():
    assert hand_words(PUESTA) == "entrada by West · puesta"
    assert hand_words(CODILLO) == "entrada by West · codillo, made by South"
    assert hand_changes(PUESTA, CODILLO) == ["how it ended: puesta → codillo, made by South"]
    assert hand_changes(CODILLO, {**CODILLO, "winner": "East"}) == [
        "how it ended: codillo, made by South → codillo, made by East"]
    won = {"contract": "entrada", "declarer": "West", "outcome": "sacado"}
    assert hand_changes(won, {"contract": "entrada", "declarer": "West", "tricks": {"West": 5, "South": 2,
                                                                                  "East": 2}}) == [
        "tricks: not given → West 5, South 2, East 2", "how it ended: won (sacado) → not given"]


@pytest.mark.parametrize("language, said", [
    ("es", ["cómo terminó: puesta → codillo, dado por South", "bola fallida"]),
    ("fr", ["résultat : puesta → codillo, fait par South", "bola manquée"]),
])
def test_the_changes_in_the_players_language(language, said):
    with use_language(language):
        changed = hand_changes(PUESTA, CODILLO)
        every = [line for field in ONE_FIELD for line in hand_changes(BASE, {**BASE, **ONE_FIELD[field]})]
        words = [hand_words({**BASE, **change}) for change in ONE_FIELD.values()]
    assert changed == [said[0]]
    assert any(said[1] in w for w in words)
    text = " ".join(every + words)
    assert english_words(text) == [], english_words(text)


# ------------------------------------------------------------------ the History page


def _enter(browser, s: str, hand: dict) -> None:
    page = browser.get(f"/s/{s}/hand").get_data(as_text=True)
    r = browser.post(f"/s/{s}/hand", _fields(hand, page))
    assert r.status_code == 302, r.get_data(as_text=True)[:3000]


def _fix(browser, s: str, number: int, hand: dict) -> None:
    page = browser.get(f"/s/{s}/hands/{number}/edit").get_data(as_text=True)
    data = _fields(hand, page) | {"version": field_value(page, "version")}
    r = browser.post(f"/s/{s}/hands/{number}/edit", data)
    assert r.status_code == 302, r.get_data(as_text=True)[:3000]


def _fields(hand: dict, page: str) -> dict:
    data = {"contract": hand["contract"], "declarer": hand["declarer"], "result": hand["outcome"],
            "idem_key": field_value(page, "idem_key")}
    if hand.get("winner"):
        data["winner"] = hand["winner"]
    if 'name="number"' in page:
        data["number"] = field_value(page, "number")
    return data


def _details(browser, s: str) -> list[str]:
    """The lines under change 2 (the fix) on the History page."""
    page = browser.get(f"/s/{s}/history").get_data(as_text=True)
    change = page.split('id="change-2"', 1)[1].split("</li>", 1)[0]
    return [html.unescape(line) for line in re.findall(r'<p class="figs">([^<]*)</p>', change)]


@pytest.mark.parametrize("language, before, after, changed", [
    ("en", "Before: entrada by West · puesta · dealt by North",
     "After: entrada by West · codillo, made by South · dealt by North",
     "Changed: how it ended: puesta → codillo, made by South"),
    ("es", "Antes: entrada de West · puesta · reparte North",
     "Tras: entrada de West · codillo, dado por South · reparte North",
     "Cambios: cómo terminó: puesta → codillo, dado por South"),
    ("fr", "Avant : entrada de West · puesta · donneur North",
     "Après : entrada de West · codillo, fait par South · donneur North",
     "Changements : résultat : puesta → codillo, fait par South"),
])
def test_the_history_page_of_a_fixed_outcome_only_hand(browser, language, before, after, changed):
    g = gen_group(browser)
    s = gen_session(browser, g)
    _enter(browser, s, PUESTA)
    _fix(browser, s, 1, CODILLO)
    browser.client.set_cookie("lang", language)
    assert _details(browser, s) == [before, after, changed]
    if language != "en":
        assert english_words(" ".join(_details(browser, s))) == []
