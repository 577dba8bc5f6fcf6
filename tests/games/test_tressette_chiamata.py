"""Tressette con la chiamata del tre, worked by hand from seed 002 (S2 L98-103) and rules-decisions.md §2.

Every player keeps his own total; a deal's side points go to both players of the side ([S 2]).
"""

from __future__ import annotations

import pytest

from .gamecheck import FOUR, outcome, refused, session


def chiamata(deals, **options):
    return session("tressette-chiamata", FOUR, deals, **options)


#: Ana 3, Bea 8, Cleo 3, Dan 8, then Ana 14, Bea 19 (Ana and Bea take 10 + last)
OPENING = [
    {"caller": "Bea", "partner": "Dan", "called": "cups", "points": {"caller": 7, "opponents": 3}, "last": "caller"},
    {"caller": "Ana", "partner": "Bea", "points": {"caller": 10, "opponents": 0}, "last": "caller"},
]


def test_the_format_example_replays_to_the_result_worked_by_hand():
    """session-format.md, tressette-chiamata. Deal 1: Bea and Dan 7 + 1 last = 8 each, Ana and Cleo
    3. Deal 2: the opponents of Cleo and Bea (Ana, Dan) make a cappotto, 11 each: Ana 14, Bea 8,
    Cleo 3, Dan 19; the game ends ×2 (S2 L75-76), Ana and Dan win 2 each at stake 1 ([S 2], [A 9])."""
    got = outcome(chiamata([
        OPENING[0],
        {"caller": "Cleo", "partner": "Bea", "event": "cappotto", "by": "opponents"},
    ]))
    assert [d["points"] for d in got["deals"]] == [{"Ana": 3, "Bea": 8, "Cleo": 3, "Dan": 8},
                                                  {"Ana": 11, "Bea": 0, "Cleo": 0, "Dan": 11}]
    assert got["deals"][1]["scores"] == {"Ana": 14, "Bea": 8, "Cleo": 3, "Dan": 19}
    r = got["result"]
    assert (r["finished"], r["ended_at"], r["winners"], r["losers"], r["multiplier"], r["how"]) == (
        True, 2, ["Ana", "Dan"], ["Bea", "Cleo"], 2, "cappotto")
    assert r["money"] == {"Ana": "2", "Bea": "-2", "Cleo": "-2", "Dan": "2"}


def test_a_claim_is_about_the_claimants_own_total():
    """[S 2]: after the opening Ana 14, Bea 19, Cleo 3, Dan 8. Cleo calls Ana; Cleo claims 7:
    3 + 7 = 10 < 21, false though her partner Ana would have 21: Bea and Dan win."""
    got = outcome(chiamata([*OPENING, {"caller": "Cleo", "partner": "Ana", "claim": {"by": "Cleo", "points": 7}}]))
    assert got["deals"][2]["points"] == {"Ana": 7, "Bea": 0, "Cleo": 7, "Dan": 0}
    assert (got["result"]["how"], got["result"]["winners"]) == ("false_claim", ["Bea", "Dan"])


def test_the_same_claim_by_the_partner_is_correct():
    """[S 2]: Ana's own 14 + 7 = 21: correct, Ana and Cleo (her partner of this deal) win ×1."""
    got = outcome(chiamata([*OPENING, {"caller": "Cleo", "partner": "Ana", "claim": {"by": "Ana", "points": 7}}]))
    assert (got["result"]["how"], got["result"]["winners"], got["result"]["losers"]) == (
        "claim", ["Ana", "Cleo"], ["Bea", "Dan"])


def test_the_target_ends_the_game_for_the_whole_side_of_the_deal():
    """[S 2]: Dan calls Cleo; the opponents Ana and Bea take 8 + last = 9: Ana 23, Bea 28, Cleo 5,
    Dan 10. Only one side has players over 21: Ana and Bea win, 1 each."""
    got = outcome(chiamata([*OPENING, {"caller": "Dan", "partner": "Cleo", "points": {"caller": 2, "opponents": 8},
                                      "last": "opponents"}]))
    assert got["deals"][2]["scores"] == {"Ana": 23, "Bea": 28, "Cleo": 5, "Dan": 10}
    r = got["result"]
    assert (r["how"], r["winners"], r["money"]) == ("target", ["Ana", "Bea"],
                                                    {"Ana": "1", "Bea": "1", "Cleo": "-1", "Dan": "-1"})


def test_a_single_players_feat_wins_for_his_side_of_the_deal():
    """S2 L82-83, [A 6] [A 7]: Ana calls Bea; Cleo takes every counter, Ana's side the last trick:
    the opponents 10 (their opponents do not score the last), Cleo and Dan win ×8."""
    got = outcome(chiamata([{"caller": "Ana", "partner": "Bea", "event": "strammazzone", "by": "Cleo",
                             "last": "caller"}], stake="0.50"))
    assert got["deals"][0]["points"] == {"Ana": 0, "Bea": 0, "Cleo": 10, "Dan": 10}
    assert got["result"]["money"] == {"Ana": "-4.00", "Bea": "-4.00", "Cleo": "4.00", "Dan": "4.00"}


def test_an_annulled_deal_has_no_call():
    """§0 (S2 L35-37): an annulled deal scores nothing; it names no caller."""
    got = outcome(chiamata([{"annulled": True}]))
    assert got["deals"][0]["points"] == dict.fromkeys(FOUR, 0) and got["result"]["finished"] is False


@pytest.mark.parametrize(("deal", "why"), [
    ({"caller": "Bea", "partner": "Dan", "declarations": [{"player": "Bea", "kind": "four_of_a_kind", "rank": "3"}],
      "points": {"caller": 5, "opponents": 5}, "last": "caller"},
     "deal 1: declarations[0]: the caller cannot hold four Threes: he called one he lacks"),
    ({"caller": "Bea", "partner": "Dan", "called": "cups",
      "declarations": [{"player": "Bea", "kind": "napoletana", "suit": "cups"}],
      "points": {"caller": 5, "opponents": 5}, "last": "caller"},
     "deal 1: declarations[0]: Bea cannot both hold and lack the Three of cups"),
    ({"caller": "Bea", "partner": "Dan", "called": "cups",
      "declarations": [{"player": "Ana", "kind": "napoletana", "suit": "cups"}],
      "points": {"caller": 5, "opponents": 5}, "last": "caller"},
     "deal 1: declarations[0]: the Three of cups is already in Dan's hand"),
    ({"caller": "Bea", "partner": "Dan", "called": "cups",
      "declarations": [{"player": "Dan", "kind": "three_of_a_kind", "rank": "3", "missing": "cups"}],
      "points": {"caller": 5, "opponents": 5}, "last": "caller"},
     "deal 1: declarations[0]: Dan cannot both hold and lack the Three of cups"),
    ({"caller": "Bea", "partner": "Bea", "points": {"caller": 5, "opponents": 5}, "last": "caller"},
     "deal 1: partner: the partner is the holder of the called Three, not the caller"),
    ({"partner": "Bea", "points": {"caller": 5, "opponents": 5}, "last": "caller"},
     "deal 1: caller: say who the caller of this deal is"),
    ({"annulled": True, "caller": "Ana"}, "deal 1: caller: an annulled deal records nothing else"),
    ({"caller": "Bea", "partner": "Dan", "points": {"A": 5, "B": 5}, "last": "caller"},
     "deal 1: points: 'A' does not take part in this deal"),
])
def test_the_call_and_the_declarations_are_checked(deal, why, tmp_path, capsys):
    """§2: the caller lacks the called Three and the partner holds it (S2 L100-101)."""
    assert refused(chiamata([deal]), tmp_path, capsys) == why


def test_players_of_both_sides_over_the_target_are_refused(tmp_path, capsys):
    """[S 2] as [A 4]: Bea calls Cleo, 2 + 0 for them, 8 + last for Ana and Dan: Bea 19 + 2 = 21 and
    Ana 14 + 9 = 23 — players of both sides over 21."""
    deals = [*OPENING, {"caller": "Bea", "partner": "Cleo", "points": {"caller": 2, "opponents": 8},
                        "last": "opponents"}]
    assert refused(chiamata(deals), tmp_path, capsys) == (
        "deal 3: points: both sides reach 21: the first to claim wins, so enter the claim")
