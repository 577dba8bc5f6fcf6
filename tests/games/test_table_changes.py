"""The platform's table changes as pure functions, on generated deals (hypothesis): a change's plan and its
undo give back the deals as they were, and a fix told field by field names every field that changed, and
nothing when nothing did."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import create_app
from scorekeeper.models import HistoryEntry
from scorekeeper.services import changes
from scorekeeper.services.deal_words import FIELD_WORDS, _leaves, deal_changes
from tests.games.sessions import VALID

NAMES = st.sampled_from(["Ana", "Bea", "Cleo", "points", "last", "cards", "aces", "x" * 30, "", "→", "0"])
LEAF = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.text(max_size=12))
DEAL = st.recursive(LEAF, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                  st.dictionaries(NAMES, inner, max_size=4)), max_leaves=12)
DEALS = st.lists(st.dictionaries(NAMES, DEAL, max_size=4), max_size=6)
APP = create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "t"})


def _entry(kind: str, hand: int, before: Any, after: Any) -> HistoryEntry:
    return HistoryEntry(kind=kind, hand=hand, before=before, after=after, seq=1, key="k")


@settings(max_examples=200, deadline=None)
@given(DEALS, st.data())
def test_a_change_and_its_undo_give_the_deals_back(deals, data):
    kind = data.draw(st.sampled_from(["add", "insert", "edit", "delete"] if deals else ["add"]))
    if kind in ("add", "insert"):
        i = data.draw(st.integers(0, len(deals)))
        new = data.draw(st.dictionaries(NAMES, DEAL, max_size=3))
        plan = changes.inserted(deals, i, new)
        entry = _entry(kind, i + 1, None, new)
    else:
        i = data.draw(st.integers(0, len(deals) - 1))
        if kind == "delete":
            plan = changes.removed(deals, i)
            entry = _entry(kind, i + 1, deals[i], None)
        else:
            new = data.draw(st.dictionaries(NAMES, DEAL, max_size=3))
            plan = changes.replaced(deals, i, new)
            entry = _entry(kind, i + 1, deals[i], new)
    assert len(plan.hands) == len(plan.origin)
    assert all(o is None or plan.hands[j] == deals[o] or j == i for j, o in enumerate(plan.origin))
    with APP.app_context():
        back = changes.inverse(entry, plan.hands)
    assert back.hands == deals


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(NAMES, DEAL, max_size=4), st.dictionaries(NAMES, DEAL, max_size=4))
def test_a_fix_told_field_by_field(before, after):
    with APP.test_request_context():
        said = deal_changes(before, after)
        assert (said == []) == (before == after) or _same_leaves(before, after)
        assert deal_changes(before, before) == []
        assert all(isinstance(s, str) and " → " in s for s in said)


def _same_leaves(a: Any, b: Any) -> bool:
    """Deals whose leaves are the same though the objects differ (an empty object against none)."""
    return dict(_leaves(a)) == dict(_leaves(b))


def test_a_number_turned_into_a_flag_is_a_change():
    with APP.test_request_context():
        assert deal_changes({"won": 1}, {"won": True}) == ["won by: 1 → yes"]
        assert deal_changes({"points": {"Ana": 3}}, {"points": {"Ana": 5}, "last": "Bea"}) == [
            "points · Ana: 3 → 5", "last trick: — → Bea"]


def test_every_field_of_every_game_has_words():
    """The compare page and the history name a deal's fields in the platform's words (``FIELD_WORDS``,
    translated), never as the session file spells them: every field of every game's generated deals has words,
    but a player's or a team's name (Cacho's and Flor's ``put`` was shown as "rondas · 1 · put · Ana").
    Tresillo's hands are compared by its own hand form's questions."""
    bare: dict[str, set[str]] = {}
    for name, session in VALID.items():
        if name == "tresillo":
            continue
        for seed in range(20):
            doc = session(random.Random(seed))
            names = {*doc.get("players", ()), *(doc.get("teams") or {})}
            for deal in doc["deals"]:
                for place, _value in _leaves(deal):
                    bare.update({step: {*bare.get(step, ()), name} for step in place
                                 if isinstance(step, str) and step not in FIELD_WORDS and step not in names})
    assert bare == {}
    with APP.test_request_context(headers={"Cookie": "lang=es"}):
        assert deal_changes({"rounds": [{"put": {"Ana": 1}}]}, {"rounds": [{"put": {"Ana": 2}}]}) == [
            "rondas · 1 · puso · Ana: 1 → 2"]
