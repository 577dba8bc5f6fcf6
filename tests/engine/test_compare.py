"""What if, hand by hand: the worked example replayed under ``house`` and ``french``.

Figures under French points scoring, worked by hand (entrada 5, vuelta 10, solo 30, codillo ×3;
hands 3, 6 and 7 left out, the estuche of hands 1 and 5 read past):
1. South's vuelta, W2 S5 E2: sacado, West and East pay South 10 each.
2. North's entrada, N4 S4 E1: puesta, North pays South (who tied) 5.
4. West's entrada, N5 W2 S2: codillo, West pays North 15.
5. East's solo, W0 S1 E8, bola failed: sacado, West and South pay East 30 each.
8. South's vuelta, N2 W2 S5: sacado, North and West pay South 10 each.
North 0, West −65, South +15, East +50 tokens; at 10 a tanto 0, −650, +150, +500.
"""

from __future__ import annotations

import dataclasses
import json
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from scorekeeper.core.errors import SessionError
from scorekeeper.games.tresillo.engine import Hand, Session, Setup, load_session, replay
from scorekeeper.games.tresillo.engine.compare import compare, read_past
from scorekeeper.games.tresillo.engine.rules import get_ruleset
from tests.variants.test_variant_properties import sessions as variant_sessions

WORKED = json.loads((Path(__file__).resolve().parents[1] / "data" / "worked_example.json").read_text())
PLAYERS = ("North", "West", "South", "East")


def under(rules: str, **changes) -> Setup:
    return load_session(dict(WORKED, rules=rules, **changes)).setup


def money(settlement) -> list[Decimal]:
    return [settlement.money[p] for p in PLAYERS]


def without(numbers: set[int]) -> Session:
    """The worked example with ``numbers`` taken out, every other hand keeping its dealer (an independent oracle:
    the plain replay of a shorter evening)."""
    full = replay(load_session(WORKED))
    hands = [dict(h, dealer=r.dealer) for h, r in zip(WORKED["hands"], full.results, strict=True)]
    return load_session(dict(WORKED, hands=[h for i, h in enumerate(hands, 1) if i not in numbers]))


def test_under_its_own_rules_nothing_is_left_out_and_nothing_changes():
    c = compare(load_session(WORKED), under("pagat"))
    assert money(c.played) == money(c.other) == [190, -120, 50, -120]
    assert c.left_out == () and all(h.read_past == () for h in c.hands)
    assert [h.other.in_play for h in c.hands] == [10, 10, 21, 22, 23, 23, 25, 24]


def test_french_leaves_out_the_penetro_and_the_forced_entrada_and_reads_past_the_estuche():
    c = compare(load_session(WORKED), under("french"))
    assert money(c.other) == [0, -650, 150, 500]  # worked by hand above
    assert [(h.number, h.refused_by, h.left_out.field) for h in c.left_out] == [
        (3, "other", "contract"), (6, "other", "forced"), (7, "own", "debt")]
    # hand 7 played East's debt of 23, which without hands 3 and 6 was never written
    assert "East has no open debt" in c.left_out[2].left_out.message
    assert {h.number: h.read_past for h in c.hands if h.read_past} == {1: ("estuche",), 5: ("estuche",), 7: ("debt",)}
    assert [(h.number, h.other.outcome, h.other.in_play) for h in c.hands if h.other] == [
        (1, "sacado", 10), (2, "puesta", 5), (4, "codillo", 5), (5, "sacado", 30), (8, "sacado", 10)]
    # the played column counts the same hands under pagat: the shorter evening's own replay
    assert money(c.played) == money(replay(without({3, 6, 7})).settlement) == [60, -450, 410, -20]
    assert sum(money(c.other)) == 0


def test_house_leaves_out_only_the_penetro():
    c = compare(load_session(WORKED), under("house"))
    assert [(h.number, h.left_out.field) for h in c.left_out] == [(3, "contract")]
    assert "no penetro under house rules" in c.left_out[0].left_out.message
    assert money(c.played) == money(replay(without({3})).settlement)
    assert money(c.other) == money(replay(without({3}), get_ruleset("house")).settlement)
    # the left-out hand keeps its result as played, and the deal passed on: hand 4 is still East's deal
    assert c.hands[2].played.outcome == "puesta" and c.hands[2].other is None
    assert [h.other.dealer for h in c.hands if h.other] == ["North", "West", "East", "North", "West", "South",
                                                              "East"]


def test_only_what_the_other_rules_do_not_pay_is_read_past():
    hand = Hand("vuelta", declarer="S", tricks={"W": 2, "S": 5, "E": 2}, estuche=True, trump="oros", debt="E")
    french, house = get_ruleset("french"), get_ruleset("house")
    assert read_past(hand, french)[1] == ("estuche", "debt", "trump")
    assert read_past(hand, french)[0] == dataclasses.replace(hand, estuche=False, debt=None, trump=None)
    assert read_past(hand, house)[1] == ("trump",)  # house pays the estuche and plays for debts
    assert read_past(dataclasses.replace(hand, trump=None), house) == (dataclasses.replace(hand, trump=None), ())


def test_rules_that_refuse_the_table_itself_refuse_the_comparison():
    with pytest.raises(SessionError):  # French plays no paper: a paper carried in is refused
        compare(load_session(WORKED), under("french", paper=[{"player": "West", "amount": 20}]))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(variant_sessions())
def test_any_evening_under_any_rules_compares_what_it_can(session):
    """Every hand is compared or left out with a reason; both columns sum to zero; own rules leave out nothing."""
    same = compare(session, session.setup)
    assert same.left_out == () and money_of(same.played) == money_of(same.other) == money_of(
        replay(session).settlement)
    for rules in ("pagat", "house", "french"):
        other = dataclasses.replace(session.setup, rules=rules, options=type(session.setup.options)({}),
                                    paper=())
        c = compare(session, other)
        assert [h.number for h in c.hands] == list(range(1, len(session.hands) + 1))
        assert all((h.other is None) == (h.left_out is not None) for h in c.hands)
        assert sum(c.other.money.values()) == 0 and sum(c.played.money.values()) == 0


def money_of(settlement) -> dict[str, Decimal]:
    return dict(settlement.money)


def test_hands_told_by_their_ending_are_scored_where_french_can_pay_them():
    """The worked example as a table that knew only how each hand ended: French pays the wins (1, 5, 8) and
    West's codillo (4: 15 to North) as with tricks; the told puesta of hand 2 is left out, asking for tricks."""
    told = {1: ("sacado", None), 2: ("puesta", None), 4: ("codillo", "North"), 5: ("sacado", None),
            8: ("sacado", None)}
    hands = []
    for number, hand in enumerate(WORKED["hands"], 1):
        if number in told:
            outcome, winner = told[number]
            hand = {k: v for k, v in hand.items() if k != "tricks"} | {"outcome": outcome}
            if winner:
                hand["winner"] = winner
        hands.append(hand)
    c = compare(load_session(dict(WORKED, hands=hands)), under("french"))
    assert [(h.number, h.left_out.field) for h in c.left_out] == [(2, "outcome"), (3, "contract"), (6, "forced"),
                                                                   (7, "debt")]
    assert "a puesta is paid by how the tricks fell" in c.left_out[0].left_out.message
    # 1: S +20, W −10, E −10; 4: W pays N 15; 5: E +60, W −30, S −30; 8: S +20, N −10, W −10
    assert [c.other.net[p] for p in PLAYERS] == [5, -65, 10, 50]
