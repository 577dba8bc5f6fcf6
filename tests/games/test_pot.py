"""Cacho and Flor worked by hand from seed 004 and rules-decisions.md §10-§11.

Every figure below was worked on paper from the rule cited in the test's docstring, never read
from the engine. "S4 Lnn" is a line of seed 004; [S n] a decision of rules-decisions.md.
"""

from __future__ import annotations

import pytest

from .helpers_truc import FOUR, points, refused, replayed, scores, session

THREE = ["Ana", "Bea", "Cleo"]
THIRTEEN = ["Ana", "Bea", "Cleo", "Dan", "Eva", "Fede", "Gina", "Hugo", "Ines", "Juan", "Kira", "Luis", "Marta"]
EXAMPLE_DEALS = [
    {"rounds": [{"put": {"Ana": 1, "Bea": 1, "Cleo": 0}, "folded": ["Cleo"]},
                {"put": {"Ana": 2, "Bea": 2}},
                {"put": {"Ana": 6, "Bea": 6}}],
     "winner": "Bea"},
    {"void": True},
]


def everyone(amount, players=THREE):
    return {"put": dict.fromkeys(players, amount)}


@pytest.mark.parametrize("game", ["cacho", "flor"])
def test_the_example_of_the_format(game):
    """The format's example (S4 L21-25, §10): Cleo folds the first card; Ana and Bea put 1, 2 and 6:
    a pot of 18 to Bea, 9 of it hers: Ana -9, Bea +9. The void hand changes nothing. At 0.10 a
    counter: Ana -0.90, Bea 0.90. Counters 50 each at the start: 41, 59, 50. No end (null)."""
    out = replayed(session(game, EXAMPLE_DEALS, players=THREE, stake="0.10",
                           counters={"Ana": 50, "Bea": 50, "Cleo": 50}))
    assert points(out) == [{"Ana": -9, "Bea": 9, "Cleo": 0}, {"Ana": 0, "Bea": 0, "Cleo": 0}]
    assert scores(out) == [{"Ana": -9, "Bea": 9, "Cleo": 0}, {"Ana": -9, "Bea": 9, "Cleo": 0}]
    first, void = out["deals"]
    assert (first["pot"], first["winner"], first["counters"]) == (18, "Bea", {"Ana": 41, "Bea": 59, "Cleo": 50})
    assert (void["void"], void["pot"], void["counters"]) == (True, 0, {"Ana": 41, "Bea": 59, "Cleo": 50})
    assert out["result"] == {"finished": None, "ended_at": None, "winners": ["Bea"], "losers": ["Ana"],
                             "multiplier": None, "zero_sum": True, "how": "",
                             "money": {"Ana": "-0.90", "Bea": "0.90", "Cleo": "0.00"}}


def test_cacho_everybody_passes_the_second_card():
    """S4 L23: all may pass the second card; the pot stays one counter a player and the third card is
    bet. Ana 1+0+3, Bea 1+0+3, Cleo 1 then folds: pot 9 to Bea: Ana -4, Bea +5, Cleo -1. At 0.25 a
    counter: -1.00, 1.25, -0.25. With no counters given they start at 0 (§10)."""
    deals = [{"rounds": [everyone(1), everyone(0), {"put": {"Ana": 3, "Bea": 3, "Cleo": 0}, "folded": ["Cleo"]}],
              "winner": "Bea"}]
    out = replayed(session("cacho", deals, players=THREE, stake="0.25"))
    assert points(out) == [{"Ana": -4, "Bea": 5, "Cleo": -1}]
    assert out["deals"][0]["pot"] == 9 and out["deals"][0]["counters"] == {"Ana": -4, "Bea": 5, "Cleo": -1}
    assert out["result"]["winners"] == ["Bea"] and out["result"]["losers"] == ["Ana", "Cleo"]
    assert out["result"]["money"] == {"Ana": "-1.00", "Bea": "1.25", "Cleo": "-0.25"}


def test_cacho_a_bet_nobody_matches_takes_back_its_own_counter():
    """S4 L21 and §10: Bea bets the first card, the others fold; she alone is left, no later round is
    recorded and she takes the pot (her own 1): every net 0. The winner may be left out."""
    deals = [{"rounds": [{"put": {"Ana": 0, "Bea": 1, "Cleo": 0}, "folded": ["Ana", "Cleo"]}]},
             {"rounds": [{"put": {"Ana": 1, "Bea": 0, "Cleo": 0}, "folded": ["Bea", "Cleo"]}], "winner": "Ana"}]
    out = replayed(session("cacho", deals, players=THREE))
    assert points(out) == [{"Ana": 0, "Bea": 0, "Cleo": 0}] * 2
    assert [(d["pot"], d["winner"]) for d in out["deals"]] == [(1, "Bea"), (1, "Ana")]
    assert out["result"]["winners"] == [] and out["result"]["losers"] == []


@pytest.mark.parametrize(("dealer", "tied", "eldest"), [
    ("Cleo", ["Bea", "Ana"], "Ana"),   # after Cleo: Dan, Ana, Bea
    ("Ana", ["Dan", "Ana"], "Dan"),    # after Ana: Bea, Cleo, Dan, Ana (the dealer is the youngest)
    ("Dan", ["Dan", "Bea"], "Bea"),    # after Dan: Ana, Bea
])
def test_cacho_a_tie_goes_to_the_eldest_after_the_dealer(dealer, tied, eldest):
    """S4 L29 and §10: tied combinations go to the eldest, the first after the dealer in the direction
    of play. Everyone puts 1 and 2; Cleo folds the third card, the others put 4: pot 4+8+12 = 24; the
    eldest of the tied put 7 and nets +17, the other two in -7, Cleo -3."""
    put3 = {"Ana": 4, "Bea": 4, "Cleo": 0, "Dan": 4}
    deals = [{"rounds": [everyone(1, FOUR), everyone(2, FOUR), {"put": put3, "folded": ["Cleo"]}],
              "tied": tied, "dealer": dealer}]
    out = replayed(session("cacho", deals))
    expected = {"Ana": -7, "Bea": -7, "Cleo": -3, "Dan": -7}
    expected[eldest] = 17
    assert points(out) == [expected]
    assert out["deals"][0]["winner"] == eldest and out["deals"][0]["pot"] == 24


def test_cacho_the_resto_bounds_what_a_player_puts_in():
    """S4 L25 (the resto) and §10: with counters given, nobody puts into a hand more than he holds at
    its start. Ana has 5 and puts in all 5 (1+2+2); she loses them and holds 0, so she must fold the
    next first card Bea bets; in the third hand she cannot put in even 1."""
    counters = {"Ana": 5, "Bea": 20, "Cleo": 20}
    deals = [{"rounds": [everyone(1), everyone(2), {"put": {"Ana": 2, "Bea": 2, "Cleo": 0}, "folded": ["Cleo"]}],
              "winner": "Bea"},
             {"rounds": [{"put": {"Ana": 0, "Bea": 1, "Cleo": 1}, "folded": ["Ana"]},
                         {"put": {"Bea": 2, "Cleo": 2}}, {"put": {"Bea": 0, "Cleo": 0}}], "winner": "Cleo"}]
    out = replayed(session("cacho", deals, players=THREE, counters=counters))
    # hand 1: pot 3 + 6 + 4 = 13; Ana -5, Bea 13-5 = +8, Cleo -3; hand 2: pot 6, Bea -3, Cleo +3
    assert points(out) == [{"Ana": -5, "Bea": 8, "Cleo": -3}, {"Ana": 0, "Bea": -3, "Cleo": 3}]
    assert [d["counters"] for d in out["deals"]] == [{"Ana": 0, "Bea": 28, "Cleo": 17},
                                                      {"Ana": 0, "Bea": 25, "Cleo": 20}]
    assert out["result"]["money"] == {"Ana": "-5", "Bea": "5", "Cleo": "0"}


def test_flor_thirteen_players_and_the_eldest():
    """§11: Flor is Cacho's betting with the whole 40-card pack, three cards each: up to 13 players.
    Ana and Bea bet 1, 2 and 5, the eleven others fold the first card; their combinations tie and
    Marta dealt, so Ana, the first after her, takes the pot of 16: Ana +8, Bea -8 (S4 L35, L49)."""
    first = {"put": {p: (1 if p in ("Ana", "Bea") else 0) for p in THIRTEEN}, "folded": THIRTEEN[2:]}
    deals = [{"rounds": [first, {"put": {"Ana": 2, "Bea": 2}}, {"put": {"Ana": 5, "Bea": 5}}],
              "tied": ["Bea", "Ana"], "dealer": "Marta"}]
    out = replayed(session("flor", deals, players=THIRTEEN, stake="0.05"))
    assert points(out)[0] == {p: {"Ana": 8, "Bea": -8}.get(p, 0) for p in THIRTEEN}
    assert out["result"]["money"]["Ana"] == "0.40" and out["result"]["money"]["Bea"] == "-0.40"
    assert out["result"]["money"]["Cleo"] == "0.00"


def test_flor_a_raise_on_the_third_card_and_running_nets():
    """S4 L25, L35: on the third card bets are free; all who stay put in the same. Three hands: Bea takes
    1+1 +2+2 +7+7 = 20 (net +10); a void hand; Ana takes 1+1 +0+0 +3+3 = 8 (net +4). Nets: Ana -6,
    Bea +6; winners by positive net (§10)."""
    two = ["Ana", "Bea"]
    deals = [{"rounds": [everyone(1, two), everyone(2, two), everyone(7, two)], "winner": "Bea"},
             {"void": True, "dealer": "Ana"},
             {"rounds": [everyone(1, two), everyone(0, two), everyone(3, two)], "winner": "Ana"}]
    out = replayed(session("flor", deals, players=two))
    assert scores(out) == [{"Ana": -10, "Bea": 10}, {"Ana": -10, "Bea": 10}, {"Ana": -6, "Bea": 6}]
    assert [d["pot"] for d in out["deals"]] == [20, 0, 8]
    assert out["result"]["winners"] == ["Bea"] and out["result"]["losers"] == ["Ana"]
    assert out["result"]["money"] == {"Ana": "-6", "Bea": "6"}


def test_flor_a_player_who_folded_loses_what_he_put_in():
    """§10: Cleo put 1 and folded the second card; Ana and Bea put 2 and pass the third: the pot is
    1+1+1 +2+2 = 7 to Ana, who put in 3: Ana +4, Bea -3, Cleo -1."""
    deals = [{"rounds": [everyone(1), {"put": {"Ana": 2, "Bea": 2, "Cleo": 0}, "folded": ["Cleo"]},
                         {"put": {"Ana": 0, "Bea": 0}}], "winner": "Ana"}]
    out = replayed(session("flor", deals, players=THREE))
    assert points(out) == [{"Ana": 4, "Bea": -3, "Cleo": -1}]
    assert out["deals"][0]["pot"] == 7


# ---------------------------------------------------------------- hostile hands, through the CLI

ROUND1 = everyone(1)
ROUND2 = everyone(2)
ROUND3 = everyone(3)


def cacho(deals, **options):
    return session("cacho", deals, players=THREE, **options)


@pytest.mark.parametrize(("doc", "line"), [
    (cacho([{"rounds": [{"put": {"Ana": 2, "Bea": 2, "Cleo": 2}}, ROUND2, ROUND3], "winner": "Ana"}]),
     "deal 1: rounds[0].put.Ana: in this round a player puts in 0 or 1"),
    (cacho([{"rounds": [ROUND1, everyone(1), ROUND3], "winner": "Ana"}]),
     "deal 1: rounds[1].put.Ana: in this round a player puts in 0 or 2"),
    (cacho([{"rounds": [ROUND1, ROUND2, {"put": {"Ana": 5, "Bea": 3, "Cleo": 5}}], "winner": "Ana"}]),
     "deal 1: rounds[2].folded: 'Bea' put in less than 5 and so folded"),
    (cacho([{"rounds": [{"put": {"Ana": 1, "Bea": 1, "Cleo": 1}, "folded": ["Ana"]}, ROUND2, ROUND3],
             "winner": "Bea"}]),
     "deal 1: rounds[0].folded: 'Ana' put in as much as any player and did not fold"),
    (cacho([{"rounds": [everyone(0), ROUND2, ROUND3], "winner": "Ana"}]),
     "deal 1: rounds[0]: everybody passed the first card: enter the hand as void"),
    (cacho([{"rounds": [ROUND1, ROUND2, ROUND3, ROUND3], "winner": "Ana"}]),
     "deal 1: rounds[3]: a hand has at most 3 betting rounds"),
    (cacho([{"rounds": [{"put": {"Ana": 0, "Bea": 1, "Cleo": 0}, "folded": ["Ana", "Cleo"]}, {"put": {"Bea": 2}}]}]),
     "deal 1: rounds[1]: only 'Bea' was left; no later round is played"),
    (cacho([{"rounds": [ROUND1, ROUND2], "winner": "Ana"}]),
     "deal 1: rounds: 3 players are still in: record all three rounds"),
    (cacho([{"rounds": [ROUND1, {"put": {"Ana": 2, "Bea": 2, "Cleo": 0}, "folded": ["Cleo"]},
                        {"put": {"Ana": 1, "Bea": 1}}], "winner": "Cleo"}]),
     "deal 1: winner: 'Cleo' had folded"),
    (cacho([{"rounds": [ROUND1, {"put": {"Ana": 2, "Bea": 2, "Cleo": 0}, "folded": ["Cleo"]}, ROUND3],
             "winner": "Ana"}]),
     "deal 1: rounds[2].put: 'Cleo' had folded"),
    (cacho([{"rounds": [ROUND1, ROUND2, ROUND3], "tied": ["Ana", "Bea"]}]),
     "deal 1: dealer: say who dealt: a tie goes to the first player after the dealer"),
    (cacho([{"rounds": [ROUND1, ROUND2, ROUND3], "tied": ["Ana"], "dealer": "Cleo"}]),
     "deal 1: tied: a tie is between two or more players at the showdown"),
    (cacho([{"rounds": [ROUND1, ROUND2, ROUND3], "tied": ["Ana", "Bea"], "winner": "Ana", "dealer": "Bea"}]),
     "deal 1: deal: give exactly one of winner, tied"),
    (cacho([{"rounds": [ROUND1, ROUND2, ROUND3]}]), "deal 1: deal: give exactly one of winner, tied"),
    (cacho([{"rounds": [ROUND1, ROUND2, ROUND3], "winner": "Ana"}], counters={"Ana": 6, "Bea": 9, "Cleo": 5}),
     "deal 1: rounds: 'Cleo' holds 5 counters and cannot put in 6"),
    (cacho([{"rounds": [ROUND1, ROUND2, ROUND3], "winner": "Ana"},
            {"rounds": [ROUND1, ROUND2, everyone(4)], "winner": "Ana"}], counters={"Ana": 9, "Bea": 9, "Cleo": 9}),
     "deal 2: rounds: 'Bea' holds 3 counters and cannot put in 7"),
    (cacho([{"void": True, "rounds": [ROUND1]}]), "deal 1: rounds: a void hand has no rounds"),
    (cacho([{"void": False}]), "deal 1: void: a void hand is written \"void\": true"),
    (cacho([{"winner": "Ana"}]), "deal 1: rounds: give the betting rounds, or \"void\": true"),
    (cacho([{"void": True, "dealer": "Zoe"}]), "deal 1: dealer: 'Zoe' is not a player of this table"),
    (cacho([], counters={"Ana": 5, "Bea": 5}), "session: options.counters: 'Cleo' is missing"),
    (cacho([], counters={"Ana": 5, "Bea": -1, "Cleo": 5}),
     "session: options.counters.Bea: -1 is not between 0 and 1000000"),
    (session("cacho", [], players=THIRTEEN[:9]), "session: players: Cacho is played by 2, 3, 4, 5, 6, 7, 8 players, not 9"),
    (session("flor", [], players=["Ana"]),
     "session: players: Flor is played by 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13 players, not 1"),
])
def test_hostile_hands_are_refused_in_one_line(doc, line, tmp_path, capsys):
    """Round amounts breaking the checks of §10, a later round after one player is left, a folded
    player winning, a tie without the dealer, more than the resto: each names its deal and field."""
    assert refused(doc, tmp_path, capsys) == line


def test_a_hand_that_names_its_dealer_keeps_him_in_its_row():
    """[S 11]: ``dealer`` may be given on any hand, a void one too; the row keeps it (the table page passes
    the deal on from him) and a hand without one has none."""
    deals = [{**EXAMPLE_DEALS[0], "dealer": "Cleo"}, {"void": True, "dealer": "Ana"}, EXAMPLE_DEALS[0]]
    out = replayed(session("cacho", deals, players=THREE))
    assert [d.get("dealer") for d in out["deals"]] == ["Cleo", "Ana", None]
