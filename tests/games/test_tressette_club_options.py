"""The clubs' two options of the Tressette games through ``scorekeeper replay``: a game to 41, and whether
the side that suffers a cappotto (or cappottone, stramazzo, strammazzone) keeps its declarations.

Every figure was counted by hand (an Ace 1, three third-cards 1, 1 for the last trick; a napoletana or
three of a kind 3, four of a kind 4), never read off the engine. docs/rules.md, "Tressette", the options.
"""

from __future__ import annotations

import json

import pytest

from .gamecheck import FOUR, TEAMS, cli, refused, session, tressette

NAP = "napoletana"


def replayed(doc, tmp_path, capsys):
    status, out, err = cli(doc, tmp_path, capsys)
    assert status == 0 and err == "", (status, err)
    return json.loads(out)


def test_a_game_to_41_goes_on_past_21_and_ends_at_41(tmp_path, capsys):
    """Target 41. Deals: A 10+1 = 11 (B 0); again 11-0 → 22-0, past 21 but under 41: no end; 33-0;
    then A 8 + 1 last = 9 → 42 ≥ 41, B 2 → 2: A wins ×1 at deal 4."""
    deal = {"points": {"A": 10, "B": 0}, "last": "A"}
    doc = tressette([deal, deal, deal, {"points": {"A": 8, "B": 2}, "last": "A"}], target=41)
    got = replayed(doc, tmp_path, capsys)
    assert [d["scores"] for d in got["deals"]] == [{"A": 11, "B": 0}, {"A": 22, "B": 0}, {"A": 33, "B": 0},
                                                    {"A": 42, "B": 2}]
    r = got["result"]
    assert (r["finished"], r["ended_at"], r["how"], r["winners"], r["multiplier"]) == (
        True, 4, "target", ["Ana", "Cleo"], 1)


def test_a_claim_to_41_counts_against_41_not_21(tmp_path, capsys):
    """Target 41, in due. Ana 6+1 = 7 and Bea 4 (deal 1), then 7-4 again → Ana 14; deal 3 Ana claims with
    5 points: 14 + 5 = 19 < 41, false: Bea wins (to 21 the same 19 would be false too; to 41 a claim of 27
    after 14 is what it would take). Deal 3's row: Ana 5, Bea 0 ([A 5])."""
    deal = {"points": {"Ana": 6, "Bea": 4}, "last": "Ana"}
    doc = session("tressette-in-due", ["Ana", "Bea"], [deal, deal, {"claim": {"by": "Ana", "points": 5}}],
                  target=41)
    r = replayed(doc, tmp_path, capsys)
    assert r["deals"][2]["scores"] == {"Ana": 19, "Bea": 8}
    assert (r["result"]["how"], r["result"]["winners"]) == ("false_claim", ["Bea"])


CAPPOTTO_WITH_DECLARATIONS = [
    # A 7 + last = 8, B 3; Bea's napoletana of cups +3 for B: 8-6
    {"declarations": [{"player": "Bea", "kind": NAP, "suit": "cups"}], "points": {"A": 7, "B": 3}, "last": "A"},
    # A makes cappotto (all 10 tricks: 11); B declared three Aces without swords (+3) and Dan four Twos (+4)
    {"declarations": [{"player": "Bea", "kind": "three_of_a_kind", "rank": "A", "missing": "swords"},
                      {"player": "Dan", "kind": "four_of_a_kind", "rank": "2"},
                      {"player": "Ana", "kind": "three_of_a_kind", "rank": "3", "missing": "coins"}],
     "event": "cappotto", "by": "A"},
]


@pytest.mark.parametrize(("rule", "b_row"), [("kept", 7), ("lost", 0)])
def test_after_a_cappotto_the_losers_declarations_are_kept_or_lost_as_agreed(rule, b_row, tmp_path, capsys):
    """Deal 2 is A's cappotto: A 11 + Ana's three Threes 3 = 14 (8 → 22). B declared 3 + 4 = 7: kept ([A 6],
    the default) B goes 6 → 13; lost (the clubs' rule) B's row is 0 and B stays on 6. Either way the
    cappotto ends the game ×2: A's two players +2 each at stake 1, B's −2 (the winners' own declarations
    always count)."""
    doc = tressette(CAPPOTTO_WITH_DECLARATIONS, cappotto_declarations=rule)
    got = replayed(doc, tmp_path, capsys)
    assert got["deals"][1]["points"] == {"A": 14, "B": b_row}
    assert got["deals"][1]["scores"] == {"A": 22, "B": 6 + b_row}
    r = got["result"]
    assert (r["how"], r["multiplier"], r["winners"]) == ("cappotto", 2, ["Ana", "Cleo"])
    assert r["money"] == {"Ana": "2", "Bea": "-2", "Cleo": "2", "Dan": "-2"}


def test_the_default_keeps_them_as_rules_decision_a6_says(tmp_path, capsys):
    """No option given: the same game as ``kept`` (B 13 after the cappotto)."""
    got = replayed(tressette(CAPPOTTO_WITH_DECLARATIONS), tmp_path, capsys)
    assert got["deals"][1]["scores"] == {"A": 22, "B": 13}


def test_a_stramazzo_in_chiamata_loses_the_opponents_declarations_under_the_club_rule(tmp_path, capsys):
    """Chiamata, ``lost``. Ana calls, Bea holds the Three; Cleo declares a napoletana of batons (+3) for the
    opponents; the caller's side makes a stramazzo (every counter: 10) and the opponents the last trick,
    which a stramazzo side's opponents never score (S2 L80-83): the caller's side 10, the opponents 0
    (their napoletana lost too). Ana and Bea 10 each; Cleo and Dan 0; ×3 at stake 1."""
    deal = {"caller": "Ana", "partner": "Bea", "event": "stramazzo", "by": "caller", "last": "opponents",
            "declarations": [{"player": "Cleo", "kind": NAP, "suit": "batons"}]}
    doc = session("tressette-chiamata", FOUR, [deal], cappotto_declarations="lost")
    got = replayed(doc, tmp_path, capsys)
    assert got["deals"][0]["points"] == {"Ana": 10, "Bea": 10, "Cleo": 0, "Dan": 0}
    assert (got["result"]["how"], got["result"]["multiplier"]) == ("stramazzo", 3)
    kept = replayed(session("tressette-chiamata", FOUR, [deal]), tmp_path, capsys)
    assert kept["deals"][0]["points"] == {"Ana": 10, "Bea": 10, "Cleo": 3, "Dan": 3}


@pytest.mark.parametrize(("options", "why"), [
    ({"target": 40}, "session: options.target: 40 is not one of 21, 31, 41, 51"),
    ({"cappotto_declarations": "void"}, "session: options.cappotto_declarations: 'void' is not one of kept, lost"),
    ({"cappotto_declarations": True}, "session: options.cappotto_declarations: True is not one of kept, lost"),
])
def test_other_values_are_refused_in_one_line(options, why, tmp_path, capsys):
    assert refused(tressette([], **options), tmp_path, capsys) == why


def test_terziglio_plays_to_41_too(tmp_path, capsys):
    """Terziglio to 41: scegliete made with 6 points is 16 a deal; Ana 16, 32, then 48 ≥ 41 ends at deal 3."""
    deal = {"bid": "scegliete", "soloist": "Ana", "points": 6}
    got = replayed(session("terziglio", ["Ana", "Bea", "Cleo"], [deal, deal, deal], target=41), tmp_path, capsys)
    assert [d["scores"]["Ana"] for d in got["deals"]] == [16, 32, 48]
    assert (got["result"]["ended_at"], got["result"]["winners"]) == (3, ["Ana"])


@pytest.mark.parametrize(("game", "deal", "losers"), [
    ("tressette", CAPPOTTO_WITH_DECLARATIONS[1], {"Bea", "Dan"}),  # team A made it: B's players lose theirs
    ("tressette-chiamata", {"caller": "Ana", "partner": "Bea", "event": "cappottone", "by": "Cleo"}, {"Ana", "Bea"}),
    ("tressette-chiamata", {"caller": "Ana", "partner": "Bea", "event": "cappotto", "by": "caller"}, {"Cleo", "Dan"}),
    ("tressette-in-due", {"event": "cappotto", "by": "Bea"}, {"Ana"}),
])
def test_the_row_says_whose_declarations_the_ending_took(game, deal, losers):
    """The deal's line (table, sheet, PDF) knows the side that suffered the ending: the other team, the
    side of the deal the maker was not on, the other player; nobody under ``kept``."""
    from scorekeeper.games.replay import replay
    from scorekeeper.games.tressette.views import suffered

    players = FOUR if game != "tressette-in-due" else ["Ana", "Bea"]
    lost = replay(session(game, players, [], teams=TEAMS if game == "tressette" else None,
                          cappotto_declarations="lost"))
    kept = replay(session(game, players, [], teams=TEAMS if game == "tressette" else None))
    assert suffered(lost, deal) == losers
    assert suffered(kept, deal) == frozenset()
