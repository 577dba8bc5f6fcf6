"""A hand entered by how it ended instead of its tricks: ``"outcome"`` (and ``"winner"`` for a codillo).

The tricks only ever decide sacado, puesta or codillo (and who made codillo);
a table that knows only that must get the same rows. The worked example is
entered both ways; random sessions of the puesta family (with their variants)
too; every inconsistent combination is refused naming the hand and field.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from scorekeeper.core.errors import SessionError
from scorekeeper.games.tresillo.engine import Hand, Ledger, Session, Surrender, dump_session, loads, replay
from tests.engine.strategies import sessions as puesta_sessions
from tests.variants.test_variant_properties import sessions as variant_sessions

WORKED_EXAMPLE = Path(__file__).resolve().parents[1] / "data" / "worked_example.json"


def by_outcome(session: Session, ledger: Ledger) -> Session:
    """The same session with every played-out hand entered by its outcome instead of its tricks."""
    hands = []
    for hand, res in zip(session.hands, ledger.results, strict=True):
        if hand.tricks is not None:
            winner = res.winner if res.outcome == "codillo" else None
            hand = dataclasses.replace(hand, tricks=None, outcome=res.outcome, winner=winner)
        hands.append(hand)
    return Session(session.setup, tuple(hands))


def figures(ledger: Ledger) -> list[tuple]:
    """Everything a row says, except the hand as entered."""
    return [(r.kind, r.hand, r.bowls_tuple, r.plato, r.pajaritos, r.paper, r.transfers) for r in ledger.rows] + [
        (x.outcome, x.winner, x.new_declarer, x.stake) for x in ledger.results]


def test_the_worked_example_entered_by_outcome_gives_the_same_rows():
    data = json.loads(WORKED_EXAMPLE.read_text())
    entered = {  # hand number: (outcome, winner) as the players would say it, no tricks
        1: ("sacado", None), 2: ("puesta", None), 4: ("codillo", "North"), 5: ("sacado", None),
        6: ("puesta", None), 7: ("sacado", None), 8: ("sacado", None),
    }
    for number, (outcome, winner) in entered.items():
        hand = data["hands"][number - 1]
        del hand["tricks"]
        hand["outcome"] = outcome
        if winner:
            hand["winner"] = winner
    by_tricks = replay(loads(WORKED_EXAMPLE.read_text()))
    told = replay(loads(json.dumps(data)))
    assert figures(told) == figures(by_tricks)
    assert [told.last.bowls[p] for p in ("North", "West", "South", "East")] == [166, 157, 173, 134]
    assert dict(told.settlement.final) == {"North": 179, "West": 148, "South": 165, "East": 148}
    # the session file keeps what was entered
    assert dump_session(loads(json.dumps(data)))["hands"][3] == {
        "contract": "entrada", "declarer": "West", "outcome": "codillo", "winner": "North"}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puesta_sessions(max_hands=25))
def test_random_pagat_and_house_sessions_by_outcome(session):
    ledger = replay(session)
    assert figures(replay(by_outcome(session, ledger))) == figures(ledger)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(variant_sessions())
def test_random_variant_sessions_by_outcome(session):
    """Palo de favor, scores ×5, the old codillo, penetro with four, own amounts: the same rows."""
    if session.setup.rules == "french":
        return  # French points scoring: tests/variants/test_french_outcome.py
    ledger = replay(session)
    assert figures(replay(by_outcome(session, ledger))) == figures(ledger)


BASE = {"format": "tresillo-session/1", "rules": "pagat", "players": ["N", "W", "S", "E"], "first_dealer": "N"}


def refusal(hand: dict, rules: str = "pagat") -> tuple[int | None, str, str]:
    with pytest.raises(SessionError) as e:
        replay(loads(json.dumps(dict(BASE, rules=rules, hands=[hand]))))
    first = e.value.first
    return first.hand, first.field, first.message


@pytest.mark.parametrize("hand, field, words", [
    ({"contract": "entrada", "declarer": "W", "outcome": "sacado", "tricks": {"W": 5, "S": 2, "E": 2}},
     "outcome", "not both"),
    ({"contract": "entrada", "declarer": "W", "outcome": "codillo"}, "winner", "name who made codillo"),
    ({"contract": "entrada", "declarer": "W", "outcome": "codillo", "winner": "N"}, "winner", "not one of W's"),
    ({"contract": "entrada", "declarer": "W", "outcome": "codillo", "winner": "W"}, "winner", "not one of W's"),
    ({"contract": "entrada", "declarer": "W", "outcome": "sacado", "winner": "S"}, "winner", "only a codillo"),
    ({"contract": "entrada", "declarer": "W", "winner": "S"}, "outcome", "needs the outcome"),
    ({"contract": "entrada", "declarer": "W", "outcome": "puesta", "primeras": True}, "primeras", "sacado"),
    ({"contract": "solo", "declarer": "W", "outcome": "codillo", "winner": "S", "bola": "failed"}, "bola", "sacado"),
    ({"contract": "entrada", "declarer": "W", "outcome": "puesta", "surrender": {"takeover": None}},
     "outcome", "leave the outcome out"),
    ({"contract": "entrada", "declarer": "W", "outcome": "won"}, "outcome", "how the hand ended"),
    ({"contract": "entrada", "declarer": "W", "outcome": "sacado", "winner": "Nobody"}, "winner", "Nobody"),
])
def test_inconsistent_outcomes_are_refused(hand, field, words):
    number, where, message = refusal(hand)
    assert (number, where) == (1, field), message
    assert words in message


def test_french_scoring_needs_the_tricks_of_a_puesta():
    """Who tied is paid in French points: a puesta needs its tricks (wins and codillos: test_french_outcome.py)."""
    number, field, message = refusal({"contract": "entrada", "declarer": "W", "outcome": "puesta"}, "french")
    assert (number, field) == (1, "outcome") and "give the tricks" in message


def test_a_takeover_entered_by_outcome_is_the_new_declarers():
    """South gives up, East takes over and wins: South pays East the amount in play, as with tricks."""
    hands = [Hand("entrada", declarer="S", surrender=Surrender("E"), outcome="sacado")]
    told = replay(Session(loads(json.dumps(BASE)).setup, tuple(hands)))
    tricked = replay(Session(told.setup, (dataclasses.replace(hands[0], outcome=None,
                                                              tricks={"W": 2, "S": 2, "E": 5}),)))
    assert figures(told) == figures(tricked)
    assert told.results[0].new_declarer == "E" and told.results[0].outcome == "sacado"
