"""Terziglio (Calabresella), worked by hand from seed 002 (S2 L126-198) and rules-decisions.md §5.

The soloist's points: aces + thirds div 3 + 1 for the last trick (which brings the monte); he needs
6 of the 11. Amounts chiamo 1, solo 2, solissimo 4, dividete 8, scegliete 16 (S2 L186-187).
"""

from __future__ import annotations

import pytest

from .gamecheck import outcome, refused, session

THREE = ["Ana", "Bea", "Cleo"]


def terziglio(deals, **options):
    return session("terziglio", THREE, deals, **options)


def test_the_format_example_replays_to_the_result_worked_by_hand():
    """session-format.md: Bea's solo, 3 aces + 9 thirds + last = 7 ≥ 6: she scores 2. A pass (pass_out
    on). Cleo's solissimo with all 11 and every trick: 4 × 2 = 8 (S2 L187-189). Ana 0, Bea 2, Cleo 8:
    nobody at 21, nothing paid."""
    got = outcome(terziglio([
        {"bid": "solo", "soloist": "Bea", "cards": {"aces": 3, "thirds": 9}, "last": True},
        {"bid": "pass"},
        {"bid": "solissimo", "soloist": "Cleo", "points": 11, "every_trick": "soloist"},
    ], scoring="game", target=21, pass_out=True))
    assert [d["points"] for d in got["deals"]] == [{"Ana": 0, "Bea": 2, "Cleo": 0}, {"Ana": 0, "Bea": 0, "Cleo": 0},
                                                  {"Ana": 0, "Bea": 0, "Cleo": 8}]
    assert got["deals"][-1]["scores"] == {"Ana": 0, "Bea": 2, "Cleo": 8}
    assert got["deals"][1]["passed"] is True and got["deals"][0]["made"] is True
    r = got["result"]
    assert (r["finished"], r["ended_at"], r["winners"], r["losers"], r["multiplier"]) == (False, None, [], [], None)
    assert r["money"] == {"Ana": "0", "Bea": "0", "Cleo": "0"}


def test_a_failed_soloist_gives_each_opponent_the_amount():
    """S2 L183-185: Ana's chiamo with 5 points fails: Bea and Cleo score 1 each."""
    got = outcome(terziglio([{"bid": "chiamo", "soloist": "Ana", "points": 5}]))
    assert got["deals"][0]["points"] == {"Ana": 0, "Bea": 1, "Cleo": 1}
    assert got["deals"][0]["made"] is False


def test_all_eleven_points_without_every_trick_is_treble():
    """S2 L187-189, [A 14]: Ana's solo with 4 aces + 18 thirds + last = 4 + 6 + 1 = 11, the
    opponents took a trick with two thirds: 2 × 3 = 6."""
    got = outcome(terziglio([{"bid": "solo", "soloist": "Ana", "cards": {"aces": 4, "thirds": 18}, "last": True}]))
    assert got["deals"][0]["points"] == {"Ana": 6, "Bea": 0, "Cleo": 0}


def test_the_opponents_winning_all_eleven_points_is_treble_too():
    """[A 14]: the side that won the deal: Bea's solissimo with 0 points; Ana and Cleo took all 11:
    4 × 3 = 12 each. Then Bea's dividete with 2 points: 8 each, Ana and Cleo 20. Then Bea's chiamo
    with 5: 1 each, both reach 21 and win together ([S 6]); Bea pays each the stake."""
    got = outcome(terziglio([
        {"bid": "solissimo", "soloist": "Bea", "points": 0},
        {"bid": "dividete", "soloist": "Bea", "points": 2},
        {"bid": "chiamo", "soloist": "Bea", "points": 5},
    ]))
    assert [d["scores"] for d in got["deals"]] == [{"Ana": 12, "Bea": 0, "Cleo": 12}, {"Ana": 20, "Bea": 0, "Cleo": 20},
                                                  {"Ana": 21, "Bea": 0, "Cleo": 21}]
    r = got["result"]
    assert (r["finished"], r["ended_at"], r["winners"], r["losers"], r["multiplier"], r["how"]) == (
        True, 3, ["Ana", "Cleo"], ["Bea"], 1, "target")
    assert r["money"] == {"Ana": "1", "Bea": "-2", "Cleo": "1"}


def test_a_game_to_31_goes_on_past_21():
    """S2 L190: scegliete made with 6 points: 16, then again: 32 ≥ 31 — Cleo wins; each pays 0.10."""
    deals = [{"bid": "scegliete", "soloist": "Cleo", "points": 6}] * 2
    got = outcome(terziglio(deals, target=31, stake="0.10"))
    assert got["deals"][0]["scores"]["Cleo"] == 16 and "ends" not in got["deals"][0]
    assert got["result"]["winners"] == ["Cleo"]
    assert got["result"]["money"] == {"Ana": "-0.10", "Bea": "-0.10", "Cleo": "0.20"}


def test_paying_every_deal():
    """S2 L183-185 "or is paid it": Cleo's scegliete made: each opponent pays her 16 (Cleo +32).
    Ana's solo with no card and no trick: the opponents took every trick, 2 × 2 = 4 paid to each
    (Ana -8). Net Ana -24, Bea -12, Cleo +36; at 0.50 a point -12.00, -6.00, 18.00; no end."""
    got = outcome(terziglio([
        {"bid": "scegliete", "soloist": "Cleo", "points": 7},
        {"bid": "solo", "soloist": "Ana", "cards": {"aces": 0, "thirds": 0}, "last": False, "every_trick": "opponents"},
    ], scoring="payments", stake="0.50"))
    assert [d["points"] for d in got["deals"]] == [{"Ana": -16, "Bea": -16, "Cleo": 32}, {"Ana": -8, "Bea": 4, "Cleo": 4}]
    r = got["result"]
    assert (r["finished"], r["ended_at"], r["winners"], r["losers"], r["multiplier"]) == (
        None, None, ["Cleo"], ["Ana", "Bea"], None)
    assert r["money"] == {"Ana": "-12.00", "Bea": "-6.00", "Cleo": "18.00"}


def test_without_pass_out_a_chiamo_may_follow_a_pass():
    """S2 L168 (the pass-out rule is optional): without it a passed deal scores nothing and a chiamo
    made with 6 points scores 1 right after it."""
    got = outcome(terziglio([{"bid": "pass"}, {"bid": "chiamo", "soloist": "Ana", "points": 6}]))
    assert got["deals"][1]["points"] == {"Ana": 1, "Bea": 0, "Cleo": 0}


@pytest.mark.parametrize(("deals", "options", "why"), [
    ([{"bid": "pass"}, {"bid": "chiamo", "soloist": "Ana", "points": 6}], {"pass_out": True},
     "deal 2: bid: after a deal everybody passed the lowest bid is solo"),
    ([{"bid": "pass"}, {"bid": "pass"}, {"bid": "chiamo", "soloist": "Ana", "points": 6}], {"pass_out": True},
     "deal 3: bid: after a deal everybody passed the lowest bid is solo"),
    ([{"bid": "solo", "soloist": "Ana", "points": 9, "every_trick": "soloist"}], {},
     "deal 1: every_trick: the side that took every trick took all 11 points"),
    ([{"bid": "solo", "soloist": "Ana", "points": 11, "every_trick": "opponents"}], {},
     "deal 1: every_trick: the side that took every trick took all 11 points"),
    ([{"bid": "solo", "soloist": "Ana", "cards": {"aces": 4, "thirds": 18}, "last": True, "every_trick": "soloist"}],
     {}, "deal 1: every_trick: the side that took every trick took every card"),
    ([{"bid": "pass", "soloist": "Ana"}], {}, "deal 1: soloist: a passed deal records nothing else"),
    ([{"bid": "solo", "soloist": "Ana", "points": 12}], {}, "deal 1: points: 12 is not between 0 and 11"),
    ([{"bid": "solo", "soloist": "Ana", "points": 6, "last": True}], {},
     "deal 1: last: whole points already include the last trick"),
    ([{"bid": "solo", "soloist": "Dan", "points": 6}], {}, "deal 1: soloist: 'Dan' is not a player of this table"),
    ([{"bid": "solo", "soloist": "Ana", "points": 11}] * 5, {},
     "deal 5: deal: the game ended at deal 4; nothing more is scored"),
    ([], {"scoring": "payments", "target": 31}, "session: options.target: a target is for the game scoring only"),
])
def test_bad_bids_and_counts_are_refused_through_the_cli(deals, options, why, tmp_path, capsys):
    """S2 L168-171 and [S 7] (pass-out: after passes the lowest bid is solo), [A 14] (every trick
    means all 11 points, and with counted cards all 4 aces and 20 thirds), and a deal after the end
    ([S 6]: a solo with all 11 and not every trick is 2 × 3 = 6: 6, 12, 18, 24 ends at deal 4)."""
    assert refused(terziglio(deals, **options), tmp_path, capsys) == why
