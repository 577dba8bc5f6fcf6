"""Rentoy, Truc and Put worked by hand from seed 004 and rules-decisions.md §7-§9.

Every figure below was worked on paper from the rule cited in the test's docstring, never read
from the engine. "S4 Lnn" is a line of seed 004; [A n] / [S n] a decision of rules-decisions.md.
"""

from __future__ import annotations

import pytest

from .helpers_truc import TEAMS, points, refused, replayed, scores, session

UNFINISHED = {"finished": False, "ended_at": None, "winners": [], "losers": [], "multiplier": None,
              "zero_sum": True, "how": ""}
NOBODY_PAID = {"Ana": "0", "Bea": "0", "Cleo": "0", "Dan": "0"}


def rentoy(deals, **options):
    return session("rentoy", deals, teams=TEAMS, **options)


def truc(deals, **options):
    return session("truc", deals, teams=TEAMS, **options)


def put(deals, **options):
    return session("put", deals, players=["Ugo", "Vera"], **options)


# ---------------------------------------------------------------- the examples of session-format.md


def test_rentoy_example_of_the_format():
    """A takes a plain hand (1); B raises back to 6 and A folds: B takes the 3 before the refused
    raise; B's raise to 3 is accepted and B takes tricks 2 and 3: 3 more. A 1, B 6, not ended."""
    out = replayed(rentoy([{"won": "A"}, {"raises": ["A", "B"], "folded": "A"},
                           {"raises": ["B"], "tricks": ["A", "B", "B"]}]))
    assert points(out) == [{"A": 1, "B": 0}, {"A": 0, "B": 3}, {"A": 0, "B": 3}]
    assert scores(out) == [{"A": 1, "B": 0}, {"A": 1, "B": 3}, {"A": 1, "B": 6}]
    assert out["result"] == {**UNFINISHED, "money": NOBODY_PAID}


def test_truc_example_of_the_format():
    """First trick tied, B takes the second: B takes the hand (1, S4 L145). A raises to 3, three ties,
    the eldest team is A (option eldest, [A 17]): A 3. A 3, B 1."""
    out = replayed(truc([{"tricks": ["tie", "B"]},
                         {"raises": ["A"], "tricks": ["tie", "tie", "tie"], "eldest": "A"}]))
    assert points(out) == [{"A": 0, "B": 1}, {"A": 3, "B": 0}]
    assert scores(out) == [{"A": 0, "B": 1}, {"A": 3, "B": 1}]
    assert out["result"] == {**UNFINISHED, "money": NOBODY_PAID}


def test_put_example_of_the_format():
    """A trick each and a tie: Cotton's tied hand, nobody scores (S4 L142, [A 19]). Vera raises, Ugo
    folds: Vera takes the 1 before the raise ([A 18]). Ugo 0, Vera 1."""
    out = replayed(put([{"tricks": ["Ugo", "Vera", "tie"]}, {"raises": ["Vera"], "folded": "Ugo"}]))
    assert points(out) == [{"Ugo": 0, "Vera": 0}, {"Ugo": 0, "Vera": 1}]
    assert scores(out) == [{"Ugo": 0, "Vera": 0}, {"Ugo": 0, "Vera": 1}]
    assert out["result"] == {**UNFINISHED, "money": {"Ugo": "0", "Vera": "0"}}


# ---------------------------------------------------------------- the seed's example, S4 L97-98

#: nine plain hands bring the table to the example's A 4 - B 5
FOUR_FIVE = [{"won": "A"}] * 4 + [{"won": "B"}] * 5
WON_BY_A = {"finished": True, "ended_at": 10, "winners": ["Ana", "Cleo"], "losers": ["Bea", "Dan"],
            "multiplier": 1, "zero_sum": True, "how": "reached_12",
            "money": {"Ana": "0.50", "Bea": "-0.50", "Cleo": "0.50", "Dan": "-0.50"}}
WON_BY_B = {**WON_BY_A, "winners": ["Bea", "Dan"], "losers": ["Ana", "Cleo"],
            "money": {"Ana": "-0.50", "Bea": "0.50", "Cleo": "-0.50", "Dan": "0.50"}}
OPEN = {**UNFINISHED, "money": {"Ana": "0.00", "Bea": "0.00", "Cleo": "0.00", "Dan": "0.00"}}


@pytest.mark.parametrize(("hand", "final", "result"), [
    # A raised to 3, B to 6, A folds: B takes 3 (the value before the refused raise)
    ({"raises": ["A", "B"], "folded": "A"}, {"A": 4, "B": 8}, OPEN),
    # A accepts the 6 and takes two tricks
    ({"raises": ["A", "B"], "won": "A"}, {"A": 10, "B": 5}, OPEN),
    # A accepts the 6 and B takes two tricks
    ({"raises": ["A", "B"], "tricks": ["B", "A", "B"]}, {"A": 4, "B": 11}, OPEN),
    # A answers with 9, B folds: A takes the 6 before the refused raise
    ({"raises": ["A", "B", "A"], "folded": "B"}, {"A": 10, "B": 5}, OPEN),
    # B accepts the 9: whoever takes two tricks is at least 12 and has won (9+4, 9+5)
    ({"raises": ["A", "B", "A"], "won": "A"}, {"A": 13, "B": 5}, WON_BY_A),
    ({"raises": ["A", "B", "A"], "tricks": ["A", "B", "B"]}, {"A": 4, "B": 14}, WON_BY_B),
])
def test_the_six_outcomes_of_the_seeds_rentoy_example(hand, final, result):
    """S4 L97-98 and rules-decisions §7: from A 4 - B 5, A raises to 3 and B to 6; the six ways the hand
    can end. A fold pays the value before the refused raise; the scores are not capped [A 16]."""
    out = replayed(rentoy([*FOUR_FIVE, hand], stake="0.50"))
    assert scores(out)[8] == {"A": 4, "B": 5}
    assert scores(out)[-1] == final
    assert out["result"] == result
    assert out["deals"][-1].get("ends", False) is result["finished"]


def test_the_pointless_raise_to_twelve_is_legal():
    """S4 L98: B may answer A's 9 with 12 (pointless, both already win with 9); the fourth raise is the
    last of the ladder [A 15]. B takes the tricks: 5 + 12 = 17."""
    out = replayed(rentoy([*FOUR_FIVE, {"raises": ["A", "B", "A", "B"], "won": "B"}]))
    assert scores(out)[-1] == {"A": 4, "B": 17}
    assert out["result"]["winners"] == ["Bea", "Dan"]
    assert out["result"]["money"] == {"Ana": "-1", "Bea": "1", "Cleo": "-1", "Dan": "1"}


# ---------------------------------------------------------------- Rentoy by hand


def test_rentoy_two_tricks_take_the_plain_hand():
    """S4 L93: the team taking two of the three tricks scores the base value 1; the third trick is not
    recorded when the first two went to one team (rules-decisions §7)."""
    out = replayed(rentoy([{"tricks": ["B", "B"]}, {"tricks": ["A", "B", "A"]}]))
    assert points(out) == [{"A": 0, "B": 1}, {"A": 1, "B": 0}]


def test_rentoy_a_fold_to_the_first_raise_pays_one():
    """S4 L95 and §7: the value before the first raise is the base 1; the raiser takes it."""
    out = replayed(rentoy([{"raises": ["B"], "folded": "A"}, {"raises": ["A", "B", "A", "B"], "folded": "A"}]))
    # the second hand: B's raise to 12 refused, B takes the 9 before it
    assert points(out) == [{"A": 0, "B": 1}, {"A": 0, "B": 9}]
    assert scores(out)[-1] == {"A": 0, "B": 10}


def test_rentoy_ends_at_exactly_twelve():
    """S4 L93, L98 ("at least 12"): 11 and one plain hand is 12, the game is won at that hand;
    each loser pays the stake, each winner receives it [S 8]."""
    deals = [{"raises": ["A", "B", "A"], "won": "A"}, {"raises": ["B"], "folded": "A"}, {"won": "A"},
             {"won": "A"}, {"tricks": ["A", "B", "A"]}]
    out = replayed(rentoy(deals, stake="2"))
    assert [s["A"] for s in scores(out)] == [9, 9, 10, 11, 12]
    assert [s["B"] for s in scores(out)] == [0, 1, 1, 1, 1]
    assert out["result"]["ended_at"] == 5 and out["result"]["how"] == "reached_12"
    assert out["result"]["money"] == {"Ana": "2", "Bea": "-2", "Cleo": "2", "Dan": "-2"}


def test_rentoy_for_two_players_and_for_six():
    """S4 L84: two, four, six or eight players in two teams. Two players: a team of one each, one
    payment of the stake. Six: three payments, each loser to a winner ([S 8])."""
    two = replayed(session("rentoy", [{"raises": ["X", "Y", "X", "Y"], "won": "Y"}],
                           players=["Ugo", "Vera"], teams={"X": ["Ugo"], "Y": ["Vera"]}))
    assert scores(two) == [{"X": 0, "Y": 12}]
    assert two["result"]["money"] == {"Ugo": "-1", "Vera": "1"}
    six = ["Ana", "Bea", "Cleo", "Dan", "Eva", "Fede"]
    out = replayed(session("rentoy", [{"raises": ["O", "E", "O", "E"], "folded": "O"}, {"raises": ["E"], "won": "E"}],
                           players=six, teams={"O": six[0::2], "E": six[1::2]}, stake="0.25"))
    assert scores(out) == [{"O": 0, "E": 9}, {"O": 0, "E": 12}]
    assert out["result"]["money"] == {"Ana": "-0.25", "Bea": "0.25", "Cleo": "-0.25", "Dan": "0.25",
                                      "Eva": "-0.25", "Fede": "0.25"}


# ---------------------------------------------------------------- Truc by hand


@pytest.mark.parametrize(("tricks", "taker"), [
    (["A", "A"], "A"),            # two tricks to one team: the third is not played
    (["tie", "A"], "A"),          # S4 L145: one of the first two tied, the other decides
    (["B", "tie"], "B"),
    (["A", "B", "tie"], "A"),     # a trick each, the third tied: the earliest trick made
    (["B", "A", "tie"], "B"),
    (["tie", "tie", "B"], "B"),   # the first two tied: the third decides
    (["B", "A", "A"], "A"),       # two tricks to one
])
def test_truc_ties_go_to_the_earliest_trick(tricks, taker):
    """S4 L142-145 and rules-decisions §8: ties are decided in favour of the earliest trick made."""
    out = replayed(truc([{"raises": ["B"], "tricks": tricks}]))
    assert points(out) == [{"A": 3 if taker == "A" else 0, "B": 3 if taker == "B" else 0}]
    assert out["deals"][0]["winner"] == taker


def test_truc_three_ties_under_the_tie_option_score_nothing():
    """[A 17], option three_ties "tie": three tied tricks, nobody scores, whatever the raises."""
    out = replayed(truc([{"raises": ["A", "B"], "tricks": ["tie", "tie", "tie"]}, {"won": "B"}], three_ties="tie"))
    assert points(out) == [{"A": 0, "B": 0}, {"A": 0, "B": 1}]
    assert out["deals"][0]["how"] == "tied" and "winner" not in out["deals"][0]


def test_truc_three_ties_go_to_the_eldest_team_by_default():
    """[A 17], default "eldest": three tied tricks, the eldest team (entered) takes the value, here 6."""
    out = replayed(truc([{"raises": ["A", "B"], "tricks": ["tie", "tie", "tie"], "eldest": "B"}]))
    assert points(out) == [{"A": 0, "B": 6}]


def test_truc_a_game_to_twelve_with_folds():
    """S4 L134 (Rentoy's betting): 3 + 1 + 6 + 1 for A = 11, B took 1 by a fold; A's accepted 3 ends
    the game at 14 (not capped, [A 16]); stake 1 each loser to a winner."""
    deals = [{"raises": ["A"], "tricks": ["tie", "A"]}, {"raises": ["A"], "folded": "B"},
             {"raises": ["B"], "folded": "A"}, {"raises": ["B", "A"], "tricks": ["A", "B", "tie"]},
             {"won": "A"}, {"raises": ["A"], "tricks": ["tie", "tie", "A"]}]
    out = replayed(truc(deals))
    assert scores(out) == [{"A": 3, "B": 0}, {"A": 4, "B": 0}, {"A": 4, "B": 1}, {"A": 10, "B": 1},
                           {"A": 11, "B": 1}, {"A": 14, "B": 1}]
    assert out["result"] == {"finished": True, "ended_at": 6, "winners": ["Ana", "Cleo"], "losers": ["Bea", "Dan"],
                             "multiplier": 1, "zero_sum": True, "how": "reached_12",
                             "money": {"Ana": "1", "Bea": "-1", "Cleo": "1", "Dan": "-1"}}


# ---------------------------------------------------------------- Put by hand


def test_put_an_accepted_raise_is_the_whole_game():
    """S4 L164 and [A 18]: Put has one raise, for the whole game: accepted, the hand is worth 5, the
    target, so its winner wins the game at once."""
    out = replayed(put([{"won": "Vera"}, {"raises": ["Vera"], "tricks": ["Ugo", "Ugo"]}], stake="3"))
    assert scores(out) == [{"Ugo": 0, "Vera": 1}, {"Ugo": 5, "Vera": 1}]
    assert out["result"] == {"finished": True, "ended_at": 2, "winners": ["Ugo"], "losers": ["Vera"],
                             "multiplier": 1, "zero_sum": True, "how": "reached_5",
                             "money": {"Ugo": "3", "Vera": "-3"}}


@pytest.mark.parametrize(("tricks", "ugo", "vera"), [
    (["Ugo", "tie", "tie"], 1, 0),      # more tricks wins [A 19]
    (["tie", "Vera", "tie"], 0, 1),
    (["tie", "tie", "tie"], 0, 0),      # three ties: equal counts, tied hand
    (["Ugo", "tie", "Vera"], 0, 0),     # a trick each and a tie (Cotton, S4 L142)
    (["tie", "Ugo", "Vera"], 0, 0),
    (["Vera", "Ugo", "Ugo"], 1, 0),
])
def test_put_ties_by_cotton(tricks, ugo, vera):
    """S4 L142 and [A 19]: the player with more tricks takes the hand, equal counts tie it; three
    tricks are played unless one player took the first two."""
    out = replayed(put([{"tricks": tricks}]))
    assert points(out) == [{"Ugo": ugo, "Vera": vera}]


def test_put_reaches_five_by_plain_hands_and_folds():
    """S4 L164: played to 5. Four plain hands and a refused raise (worth 1, [A 18]) make Vera's 5."""
    deals = [{"won": "Vera"}, {"tricks": ["Ugo", "Ugo"]}, {"tricks": ["Vera", "tie", "tie"]}, {"won": "Vera"},
             {"raises": ["Ugo"], "folded": "Vera"}, {"won": "Vera"}, {"raises": ["Vera"], "folded": "Ugo"}]
    out = replayed(put(deals))
    assert [s["Vera"] for s in scores(out)] == [1, 1, 2, 3, 3, 4, 5]
    assert [s["Ugo"] for s in scores(out)] == [0, 1, 1, 1, 2, 2, 2]
    assert out["result"]["winners"] == ["Vera"] and out["result"]["ended_at"] == 7


# ---------------------------------------------------------------- hostile hands, through the CLI


@pytest.mark.parametrize(("doc", "line"), [
    (rentoy([{"won": "A"}, {"raises": ["A", "A"], "won": "B"}]),
     "deal 2: raises[1]: 'A' raised twice running: the sides raise in turn"),
    (rentoy([{"raises": ["A", "B", "A", "B", "A"], "won": "B"}]),
     "deal 1: raises[4]: the hand is already worth 12, its most: no further raise"),
    (put([{"raises": ["Ugo", "Vera"], "won": "Vera"}]),
     "deal 1: raises[1]: the hand is already worth 5, its most: no further raise"),
    (rentoy([{"tricks": ["A", "tie", "B"]}]), "deal 1: tricks[1]: a trick cannot be tied in Rentoy"),
    (rentoy([{"tricks": ["A", "A", "B"]}]),
     "deal 1: tricks[2]: the hand was decided after 2 tricks; no further trick is played"),
    (truc([{"tricks": ["tie", "B", "A"]}]),
     "deal 1: tricks[2]: the hand was decided after 2 tricks; no further trick is played"),
    (put([{"tricks": ["Ugo", "tie"]}]), "deal 1: tricks: 2 tricks do not decide the hand: record the next trick too"),
    (rentoy([{"tricks": ["A", "B"]}]), "deal 1: tricks: 2 tricks do not decide the hand: record the next trick too"),
    (rentoy([{"folded": "A"}]), "deal 1: folded: a side folds only when the other side raised"),
    (rentoy([{"raises": ["A", "B"], "folded": "B"}]),
     "deal 1: folded: 'B' made the last raise: the side answering it folds"),
    (truc([{"tricks": ["tie", "tie", "tie"]}]),
     "deal 1: eldest: three tied tricks go to the eldest team: say which it is"),
    (truc([{"tricks": ["A", "A"], "eldest": "A"}]),
     "deal 1: eldest: the eldest team is asked only when all three tricks are tied"),
    (truc([{"tricks": ["tie", "tie", "tie"], "eldest": "A"}], three_ties="tie"),
     "deal 1: eldest: the eldest team is asked only when all three tricks are tied"),
    (rentoy([{"won": "A", "folded": "B", "raises": ["A"]}]), "deal 1: deal: say one way the hand ended: who won it, who folded, or the tricks"),
    (rentoy([{"won": "C"}]), "deal 1: won: 'C' is not a team of this table"),
    (put([{"won": "Ana"}]), "deal 1: won: 'Ana' is not a player of this table"),
    (rentoy([{"won": "A"}] * 12 + [{"won": "B"}]), "deal 13: deal: the game ended at deal 12; nothing more is scored"),
    (session("truc", [], teams={"tie": ["Ana", "Cleo"], "B": ["Bea", "Dan"]}),
     "session: teams: 'tie' is how a tied trick is written: give the side another name"),
    (session("put", [], players=["Ugo", "Vera", "Ana"]), "session: players: Put is played by 2 players, not 3"),
])
def test_hostile_hands_are_refused_in_one_line(doc, line, tmp_path, capsys):
    """A raise out of turn, a fifth raise (a second in Put), a tie in Rentoy, a trick after the hand
    was decided, a fold without a raise: each names its deal and field (rules-decisions §7-§9)."""
    assert refused(doc, tmp_path, capsys) == line
