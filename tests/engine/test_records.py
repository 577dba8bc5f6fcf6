"""The records the replay builds with their fields in order (not by keyword, for speed: model.builder):
every field lands where its name says."""

from __future__ import annotations

from dataclasses import fields

from scorekeeper.games.tresillo.engine import Debt, Hand, HandResult, Setup, Surrender, Table, get_ruleset
from scorekeeper.games.tresillo.engine.reading import Play, Seating, read_hand
from scorekeeper.games.tresillo.engine.replay import result_of
from scorekeeper.games.tresillo.engine.scoring import Scored
from scorekeeper.games.tresillo.engine.stake import stake

#: where each field of a hand's result comes from: the play read ("play", name) or the scoring ("scored", name)
RESULT_FROM = {
    "number": ("play", "number"), "dealer": ("play", "dealer"), "mano": ("play", "mano"),
    "active": ("play", "active"), "contract": ("play", "contract"), "declarer": ("play", "declarer"),
    "stake": ("scored", "stake"), "outcome": ("scored", "outcome"), "hand": ("play", "hand"),
    "winner": ("scored", "winner"), "new_declarer": ("play", "takeover"), "transfers": ("scored", "transfers"),
    "favoured": ("play", "favoured"), "puestas": ("scored", "puestas"), "puesta_to": ("scored", "puesta_to"),
    "bet": ("scored", "bet"),
}


def test_a_result_takes_each_field_from_the_part_its_name_says() -> None:
    # every field a value of its own, so a field taken from its neighbour's place shows
    play = Play(*(f"play.{f.name}" for f in fields(Play)))  # type: ignore[arg-type]
    scored = Scored(*(f"scored.{name}" for name in Scored._fields))  # type: ignore[arg-type]
    result = result_of(play, scored)
    assert type(result) is HandResult
    assert {f.name for f in fields(HandResult)} == set(RESULT_FROM)  # a new field must say where it comes from
    for name, (part, source) in RESULT_FROM.items():
        assert getattr(result, name) == f"{part}.{source}", name


SEATS = Seating(("N", "W", "S", "E"))


def test_a_hand_taken_over_is_read_with_each_player_in_place() -> None:
    hand = Hand("entrada", declarer="W", surrender=Surrender("S"), tricks={"S": 5, "W": 2, "E": 2})
    play = read_hand(get_ruleset("pagat"), SEATS, 3, "N", hand)
    assert (play.number, play.dealer, play.mano, play.active) == (3, "N", "W", ("W", "S", "E"))
    assert (play.contract, play.declarer, play.takeover, play.playing) == ("entrada", "W", "S", "S")
    assert (play.players, play.accepted, play.favoured, play.hand) == (SEATS.players, False, False, hand)
    assert dict(play.tricks or {}) == {"S": 5, "W": 2, "E": 2}


def test_a_surrender_accepted_and_a_cancelled_deal_are_read_with_each_field_in_place() -> None:
    accepted = read_hand(get_ruleset("pagat"), SEATS, 2, "E", Hand("vuelta", declarer="S", surrender=Surrender()))
    assert (accepted.dealer, accepted.mano, accepted.declarer, accepted.takeover) == ("E", "N", "S", None)
    assert (accepted.accepted, accepted.tricks, accepted.playing) == (True, None, "S")
    three = Seating(("N", "W", "S"))
    cancelled = read_hand(get_ruleset("pagat"), three, 5, "S", Hand("pass"))
    assert (cancelled.number, cancelled.dealer, cancelled.mano, cancelled.active) == (5, "S", "N", three.players)
    assert (cancelled.contract, cancelled.declarer, cancelled.takeover, cancelled.playing) == ("pass", None, None, None)
    assert (cancelled.accepted, cancelled.tricks, cancelled.players) == (False, None, three.players)


def test_a_stake_takes_each_part_in_place() -> None:
    rules = get_ruleset("pagat")
    debt = Debt(4, "E", 20)
    reserved = stake(rules, 4, plato=9, plato_puesta=False, debt=debt, favoured=False)
    assert (reserved.case, reserved.total, reserved.plato, reserved.tanto, reserved.players, reserved.debt) == (
        "reserved", 29, 9, 0, 4, debt)
    first = stake(rules, 3, plato=9, plato_puesta=False, debt=None, favoured=False)
    tanto = rules.table_tanto
    assert tanto > 0
    assert (first.case, first.total, first.plato, first.tanto, first.players, first.debt) == (
        "first", 9 + 3 * tanto, 9, tanto, 3, None)
    assert stake(rules, 3, plato=9, plato_puesta=True, debt=None, favoured=False).case == "plato"


def test_a_deal_takes_each_part_in_place() -> None:
    table = Table(Setup(players=("N", "W", "S"), first_dealer="W"))
    deal = table.plan_deal()
    rules = table.rules
    assert (deal.number, deal.dealer, deal.order) == (1, "W", table.seating)
    assert deal.moves_pajarito == bool(rules.pajarito) and deal.refills is False
    assert deal.plato_after == rules.ante + rules.pajarito
    assert sum(t.amount for t in deal.transfers) == deal.plato_after


def test_a_hand_object_is_read_with_each_field_in_place() -> None:
    """``load_hand`` builds the hand with its fields in order (``sessionfile.build_hand``): each field given a value
    of its own, in an order of its own, lands where its name says."""
    from scorekeeper.games.tresillo.engine.sessionfile import load_hand

    players = ("A", "B", "C", "D", "E", "F")
    given = {"seating": ["F", "E", "D", "C", "B", "A"], "dealer": "F", "winner": "E", "outcome": "codillo",
             "bet": "J", "trump": "oros", "debt": "D", "drops_out": "C", "surrender": {"takeover": "B"},
             "bola": "failed", "primeras": True, "contra_estuche": 5, "estuche": 4, "tricks": {"A": 9},
             "forced": True, "declarer": "A", "contract": "entrada"}
    hand = load_hand(given, 1, players)
    assert hand == Hand("entrada", declarer="A", forced=True, tricks={"A": 9}, estuche=4, contra_estuche=5,
                        primeras=True, bola="failed", surrender=Surrender("B"), drops_out="C", debt="D", trump="oros",
                        bet="J", outcome="codillo", winner="E", dealer="F", seating=("F", "E", "D", "C", "B", "A"))
    assert load_hand({"contract": "pass"}, 2, players) == Hand("pass")


def test_of_two_bad_fields_the_first_of_the_hand_is_refused() -> None:
    """Only the fields a hand object has are read, but in the order of the hand's fields, whatever the file's."""
    import pytest

    from scorekeeper.core.errors import SessionError
    from scorekeeper.games.tresillo.engine.sessionfile import load_hand

    with pytest.raises(SessionError) as refused:
        load_hand({"contract": "entrada", "winner": 5, "bola": "maybe", "declarer": 7}, 3, ("A", "B", "C"))
    assert refused.value.first.field == "declarer"
