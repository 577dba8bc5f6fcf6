"""French points scoring told by how a hand ended: a win always, a codillo when nobody took over.

Figures worked by hand (entrada 5, codillo ×3), three players N, W, S, N deals:
- West's entrada told "sacado": North and South pay West 5 each (W +10, N −5, S −5).
- West's entrada told "codillo", winner South: West pays South 15.
- West's entrada surrendered, South takes over and wins ("sacado"): West pays South 5.
A puesta is paid to whoever tied the declarer, and after a takeover a codillo or puesta depends on both
declarers' tricks: those still need the tricks.
"""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import HealthCheck, given, settings

from scorekeeper.core.errors import SessionError
from scorekeeper.games.tresillo.engine import Ledger, Session, hand_choices, loads, replay
from scorekeeper.games.tresillo.engine.rules import get_ruleset
from tests.variants.test_variant_properties import sessions as variant_sessions

BASE = {"format": "tresillo-session/1", "rules": "french", "players": ["N", "W", "S"], "first_dealer": "N",
        "start_tokens": 100}


def bowls(*hands: dict) -> dict[str, int]:
    return dict(replay(loads(json.dumps(dict(BASE, hands=list(hands))))).last.bowls)


def refused(hand: dict) -> tuple[str, str]:
    with pytest.raises(SessionError) as e:
        replay(loads(json.dumps(dict(BASE, hands=[hand]))))
    return e.value.first.field, e.value.first.message


def test_a_win_told_without_tricks():
    assert bowls({"contract": "entrada", "declarer": "W", "outcome": "sacado"}) == {"N": 95, "W": 110, "S": 95}


def test_a_codillo_told_with_its_maker():
    assert bowls({"contract": "entrada", "declarer": "W", "outcome": "codillo", "winner": "S"}) == {
        "N": 100, "W": 85, "S": 115}


def test_a_defender_who_won_after_a_takeover():
    assert bowls({"contract": "entrada", "declarer": "W", "surrender": {"takeover": "S"}, "outcome": "sacado"}) == {
        "N": 100, "W": 95, "S": 105}


def test_what_needs_the_tricks_says_so():
    field, message = refused({"contract": "entrada", "declarer": "W", "outcome": "puesta"})
    assert field == "outcome" and message == "under french scoring a puesta is paid by how the tricks fell: give the tricks"
    field, message = refused({"contract": "entrada", "declarer": "W", "surrender": {"takeover": "S"},
                              "outcome": "codillo", "winner": "N"})
    assert field == "outcome" and "compares both declarers' tricks" in message


def test_the_form_offers_only_the_endings_french_can_pay():
    assert hand_choices(get_ruleset("french"), 4).outcomes == ("sacado", "codillo")
    assert hand_choices(get_ruleset("pagat"), 4).outcomes == ("sacado", "puesta", "codillo")


def told(session: Session, ledger: Ledger) -> Session:
    """Every French hand whose ending French can pay without tricks, entered by that ending."""
    hands = []
    for hand, res in zip(session.hands, ledger.results, strict=True):
        taken = res.new_declarer is not None
        if hand.tricks is not None and (res.outcome == "sacado" or (
                res.outcome == "codillo" and res.winner is not None and not taken)):
            hand = dataclasses.replace(hand, tricks=None, outcome=res.outcome,
                                       winner=res.winner if res.outcome == "codillo" else None)
        hands.append(hand)
    return Session(session.setup, tuple(hands))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(variant_sessions())
def test_french_hands_told_by_their_ending_pay_as_their_tricks(session):
    if session.setup.rules != "french":
        return
    ledger = replay(session)
    again = replay(told(session, ledger))
    assert [(r.kind, r.bowls_tuple, r.transfers) for r in again.rows] == [
        (r.kind, r.bowls_tuple, r.transfers) for r in ledger.rows]
