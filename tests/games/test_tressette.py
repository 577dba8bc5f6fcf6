"""Tressette (two fixed teams), worked by hand from seed 002 and rules-decisions.md §0-§1.

Every figure below was counted by hand from the rule the docstring cites (an Ace 1, a third-point
card a third, the leftovers dropped per side and per deal, 1 for the last trick), never read off
the engine.
"""

from __future__ import annotations

import json

import pytest

from .gamecheck import cli, outcome, refused, scores, tressette

NAP = "napoletana"


def test_the_format_example_replays_to_the_result_worked_by_hand(tmp_path, capsys):
    """session-format.md, tressette. Deal 1: A 3 aces + 11 thirds = 3 + 3 = 6, +1 last, +3 napoletana
    = 10; B 1 + 9 div 3 = 4. Deal 2: A 4, B 6 + 1 last = 7 (14-11). Deal 3 annulled (S2 L35-37).
    Deal 4: Cleo claims with 2 aces + 5 thirds = 3 and no last: 14 + 3 = 17 < 21, a false claim
    (S2 L73, [A 5]): B wins ×1, each player ±0.50 ([A 9]); B's row gets only its declarations (0)."""
    doc = tressette([
        {"declarations": [{"player": "Ana", "kind": NAP, "suit": "coins"}],
         "cards": {"A": {"aces": 3, "thirds": 11}, "B": {"aces": 1, "thirds": 9}}, "last": "A"},
        {"points": {"A": 4, "B": 6}, "last": "B"},
        {"annulled": True},
        {"claim": {"by": "Cleo", "cards": {"aces": 2, "thirds": 5}, "last": False}},
    ], target=21, declarations=True, stake="0.50")
    got = outcome(doc)
    assert [(d["points"], d["scores"]) for d in got["deals"]] == [
        ({"A": 10, "B": 4}, {"A": 10, "B": 4}),
        ({"A": 4, "B": 7}, {"A": 14, "B": 11}),
        ({"A": 0, "B": 0}, {"A": 14, "B": 11}),
        ({"A": 3, "B": 0}, {"A": 17, "B": 11}),
    ]
    assert got["deals"][2]["annulled"] is True
    r = got["result"]
    assert (r["finished"], r["ended_at"], r["winners"], r["losers"], r["multiplier"], r["how"]) == (
        True, 4, ["Bea", "Dan"], ["Ana", "Cleo"], 1, "false_claim")
    assert r["money"] == {"Ana": "-0.50", "Bea": "0.50", "Cleo": "-0.50", "Dan": "0.50"}
    assert r["zero_sum"] is True


def test_each_side_drops_its_own_leftover_thirds_so_a_deal_is_worth_eleven():
    """S2 L29-34, L67-70, [A 1] [A 2]: 2 aces + 10 thirds = 2 + 3 = 5 for each side (one third
    dropped by each), B +1 for the last: 5 and 6, eleven in all."""
    doc = tressette([{"cards": {"A": {"aces": 2, "thirds": 10}, "B": {"aces": 2, "thirds": 10}}, "last": "B"}])
    assert outcome(doc)["deals"][0]["points"] == {"A": 5, "B": 6}


def test_a_correct_claim_wins_even_against_a_side_that_scored_more():
    """S2 L70-73, [A 5]. A 1-10, 7-15, 17-16 after three deals (points + last). Deal 4: B has 16,
    Bea claims 5 trick points: 16 + 5 = 21 ≥ 21, B wins ×1 although A's 17 was ahead before;
    A's row is 0 (its partial tricks are not counted)."""
    doc = tressette([
        {"points": {"A": 1, "B": 9}, "last": "B"},
        {"points": {"A": 5, "B": 5}, "last": "A"},
        {"points": {"A": 9, "B": 1}, "last": "A"},
        {"claim": {"by": "Bea", "points": 5}},
    ])
    got = outcome(doc)
    assert [d["scores"] for d in got["deals"]] == [{"A": 1, "B": 10}, {"A": 7, "B": 15}, {"A": 17, "B": 16},
                                                   {"A": 17, "B": 21}]
    r = got["result"]
    assert (r["how"], r["winners"], r["multiplier"]) == ("claim", ["Bea", "Dan"], 1)
    assert r["money"] == {"Ana": "-1", "Bea": "1", "Cleo": "-1", "Dan": "1"}


def test_a_claim_counts_the_declarations_of_its_deal():
    """[A 5]: A 9-2 after deal 1 (8 + last). Deal 2: Cleo napoletana of cups (A +3), Bea three Twos
    lacking cups (B +3, no clash: she holds the Twos of swords, batons, coins), Ana claims 9:
    9 + 3 + 9 = 21 — correct. Row: A 12, B 3 (only its declaration)."""
    doc = tressette([
        {"points": {"A": 8, "B": 2}, "last": "A"},
        {"declarations": [{"player": "Cleo", "kind": NAP, "suit": "cups"},
                          {"player": "Bea", "kind": "three_of_a_kind", "rank": "2", "missing": "cups"}],
         "claim": {"by": "Ana", "points": 9}},
    ])
    got = outcome(doc)
    assert got["deals"][1]["points"] == {"A": 12, "B": 3}
    assert (got["result"]["how"], got["result"]["winners"]) == ("claim", ["Ana", "Cleo"])


def test_reaching_the_target_after_a_played_out_deal_ends_the_game():
    """[A 4], S2 L25-26: without declarations, 9 + 1 last twice gives A 20-2; deal 3 A 1, B 9 + 1:
    A 21 and B 12, so A alone is over 21 and wins ×1."""
    doc = tressette([
        {"points": {"A": 9, "B": 1}, "last": "A"},
        {"points": {"A": 9, "B": 1}, "last": "A"},
        {"points": {"A": 1, "B": 9}, "last": "B"},
    ], declarations=False)
    got = outcome(doc)
    assert got["deals"][2]["scores"] == {"A": 21, "B": 12}
    r = got["result"]
    assert (r["finished"], r["ended_at"], r["how"], r["winners"], r["losers"]) == (
        True, 3, "target", ["Ana", "Cleo"], ["Bea", "Dan"])


def test_a_target_of_31_is_not_reached_at_21():
    """S2 L25-26, [A 3]: at 31, three deals of A 6 + 1 last and B 4 leave A 21, B 12: nobody is over."""
    doc = tressette([{"points": {"A": 6, "B": 4}, "last": "A"}] * 3, target=31)
    got = outcome(doc)
    assert got["deals"][-1]["scores"] == {"A": 21, "B": 12}
    assert got["result"]["finished"] is False and got["result"]["money"]["Ana"] == "0"


@pytest.mark.parametrize(("event", "by", "last", "points", "times"), [
    ("cappotto", "B", None, {"A": 3, "B": 11}, 2),
    ("cappottone", "Dan", None, {"A": 3, "B": 11}, 6),
    ("stramazzo", "B", "A", {"A": 3, "B": 10}, 3),
    ("strammazzone", "Bea", "B", {"A": 3, "B": 11}, 8),
])
def test_special_events_end_the_game_with_their_multiplier(event, by, last, points, times):
    """S2 L74-83, [A 6]: Ana's napoletana (A +3) stays; the event's side takes 11 (every trick,
    so the last too) or 10 and the last only if its own; a stramazzo side's opponents do not score
    the last trick they won. Multipliers ×2 ×6 ×3 ×8 of the stake 0.50: each B player +0.50 × n."""
    deal = {"declarations": [{"player": "Ana", "kind": NAP, "suit": "coins"}], "event": event, "by": by}
    if last:
        deal["last"] = last
    got = outcome(tressette([deal], stake="0.50"))
    assert got["deals"][0]["points"] == points
    r = got["result"]
    money = f"{0.5 * times:.2f}"
    assert (r["how"], r["multiplier"], r["winners"]) == (event, times, ["Bea", "Dan"])
    assert r["money"] == {"Ana": "-" + money, "Bea": money, "Cleo": "-" + money, "Dan": money}


def test_a_decima_is_collatondrione_sixteenfold_and_its_deal_is_not_played():
    """S2 L48, L84-85, [A 8]: Dan declares all ten cups: B wins ×16 at once; Ana's napoletana of
    coins still scores A 3; stake 2: each player ±32."""
    doc = tressette([{"declarations": [{"player": "Dan", "kind": "decima", "suit": "cups"},
                                       {"player": "Ana", "kind": NAP, "suit": "coins"}]}], stake=2)
    got = outcome(doc)
    assert got["deals"][0]["points"] == {"A": 3, "B": 0}
    r = got["result"]
    assert (r["how"], r["multiplier"], r["winners"]) == ("collatondrione", 16, ["Bea", "Dan"])
    assert r["money"] == {"Ana": "-32", "Bea": "32", "Cleo": "-32", "Dan": "32"}


def test_an_unfinished_game_pays_nothing():
    """§14 of the decisions: A 3 + 1 last = 4, B 7, far from 21; no winner, every player 0."""
    got = outcome(tressette([{"points": {"A": 3, "B": 7}, "last": "A"}]))
    assert got["result"]["finished"] is False and set(got["result"]["money"].values()) == {"0"}


NAP_CUPS = {"player": "Cleo", "kind": NAP, "suit": "cups"}


@pytest.mark.parametrize(("declarations", "why"), [
    ([NAP_CUPS, {"player": "Bea", "kind": "four_of_a_kind", "rank": "A"}],
     "deal 1: declarations[1]: the Ace of cups is already in Cleo's hand"),
    ([{"player": "Ana", "kind": "three_of_a_kind", "rank": "3", "missing": "coins"},
      {"player": "Ana", "kind": NAP, "suit": "coins"}],
     "deal 1: declarations[1]: Ana cannot both hold and lack the Three of coins"),
    ([{"player": "Ana", "kind": "three_of_a_kind", "rank": "3", "missing": "coins"},
      {"player": "Ana", "kind": "four_of_a_kind", "rank": "3"}],
     "deal 1: declarations[1]: Ana already declared the Threes in this deal"),
    ([{"player": "Ana", "kind": "decima", "suit": "cups"}, {"player": "Ana", "kind": "four_of_a_kind", "rank": "A"}],
     "deal 1: declarations[1]: Ana would hold 13 cards; a hand has 10"),
    ([NAP_CUPS, NAP_CUPS], "deal 1: declarations[1]: Cleo already declared this napoletana of cups"),
])
def test_declarations_that_cannot_all_be_true_are_refused(declarations, why, tmp_path, capsys):
    """§1 (S2 L49-50): a card in two hands, a card held and lacked, a rank declared twice, a hand
    over ten cards, the same napoletana twice."""
    doc = tressette([{"declarations": declarations, "points": {"A": 5, "B": 5}, "last": "A"}])
    assert refused(doc, tmp_path, capsys) == why


def test_one_player_may_use_a_card_in_two_declarations():
    """[A 10]: Cleo's napoletana of cups and her four Threes share the Three of cups: 3 + 4 = 7, +5 +1."""
    doc = tressette([{"declarations": [NAP_CUPS, {"player": "Cleo", "kind": "four_of_a_kind", "rank": "3"}],
                      "points": {"A": 5, "B": 5}, "last": "A"}])
    assert scores(doc) == [{"A": 13, "B": 5}]


@pytest.mark.parametrize(("deals", "options", "why"), [
    ([{"points": {"A": 10, "B": 0}, "last": "B"}, {"points": {"A": 0, "B": 10}, "last": "A"},
      {"points": {"A": 9, "B": 1}, "last": "B"}, {"points": {"A": 1, "B": 9}, "last": "A"}], {},
     "deal 4: points: both sides reach 21: the first to claim wins, so enter the claim"),
    ([{"points": {"A": 6, "B": 4}, "last": "A"}, {"claim": {"by": "Ana", "points": 1}},
      {"points": {"A": 6, "B": 4}, "last": "A"}], {},
     "deal 3: deal: the game ended at deal 2; nothing more is scored"),
    ([{"points": {"A": 6, "B": 5}, "last": "A"}], {}, "deal 1: points: the card points of two sides add up to 10, not 11"),
    ([{"cards": {"A": {"aces": 4, "thirds": 20}, "B": {"aces": 0, "thirds": 0}}, "last": "B"}], {},
     "deal 1: cards: A took every counting card: enter it as a special event"),
    ([{"declarations": [NAP_CUPS], "points": {"A": 5, "B": 5}, "last": "A"}], {"declarations": False},
     "deal 1: declarations: declarations are off in this game"),
    ([{"declarations": [{"player": "Ana", "kind": "decima", "suit": "cups"},
                        {"player": "Bea", "kind": "decima", "suit": "coins"}]}], {},
     "deal 1: declarations: a decima for each side cannot both be true"),
    ([{"declarations": [{"player": "Ana", "kind": "decima", "suit": "cups"}], "points": {"A": 5, "B": 5},
       "last": "A"}], {}, "deal 1: points: a decima ends the game before the play: nothing else is entered"),
    ([{"event": "cappotto", "by": "A", "last": "A"}], {},
     "deal 1: last: the side that took every trick took the last one too"),
    ([{"event": "stramazzo", "by": "A"}], {}, "deal 1: last: say who took the last trick"),
    ([{"event": "cappottone", "by": "A"}], {}, "deal 1: by: 'A' is not a player of this table"),
    ([{"annulled": True, "last": "A"}], {}, "deal 1: last: an annulled deal records nothing else"),
    ([{"points": {"A": 5, "B": 5}, "claim": {"by": "Ana", "points": 3}}], {},
     "deal 1: deal: give exactly one of cards, points, claim, event"),
    ([], {"target": 25}, "session: options.target: 25 is not one of 21, 31, 41, 51"),
])
def test_contradictions_are_refused_through_the_cli(deals, options, why, tmp_path, capsys):
    """[A 4] both sides over the target (10-1, 11-11, 20-13, then 22-22), a deal after the end, [A 7] every counter without an
    event, [A 8] a decima per side or with a count, [A 3] other targets: one line, exit 2."""
    assert refused(tressette(deals, **options), tmp_path, capsys) == why


def test_the_cli_prints_the_result_object(tmp_path, capsys):
    """``scorekeeper replay FILE --json`` exits 0 with the result object: a cappotto is ×2 (S2 L75-76)."""
    status, out, _ = cli(tressette([{"event": "cappotto", "by": "A"}]), tmp_path, capsys)
    assert status == 0 and json.loads(out)["result"]["multiplier"] == 2
