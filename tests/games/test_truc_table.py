"""The pure parts of Truc at the table: the matchsticks, the head-to-head records, the hand form read."""

from __future__ import annotations

import pytest

from scorekeeper.games.replay import replay
from scorekeeper.games.truc import forms
from scorekeeper.games.truc.engine import RENTOY_RULES
from scorekeeper.games.truc.tally import DIVIDE, SIDE, drawing, halves, rules_of
from scorekeeper.games.truc.versus import Match, records, series
from tests.games.helpers_truc import TEAMS, session


def test_a_tally_to_12_is_two_squares_and_two_sticks_lit_up_to_the_score():
    d = drawing(7, 12, split=False)
    assert len(d.sticks) == 12 and [k.lit for k in d.sticks] == [True] * 7 + [False] * 5
    assert d.divider is None
    first = d.sticks[:5]  # a square: its four sides, then the diagonal across it
    assert {(k.x1, k.y1, k.x2, k.y2) for k in first[:4]} >= {(7, 7 + SIDE, 7, 7), (7, 7, 7 + SIDE, 7)}
    assert (first[4].x2 - first[4].x1, first[4].y2 - first[4].y1) == (SIDE, SIDE)
    assert d.sticks[10].x1 > d.sticks[5].x1  # the third square sits right of the second


def test_a_score_over_the_target_lights_every_stick_and_no_more():
    d = drawing(14, 12, split=False)
    assert len(d.sticks) == 12 and all(k.lit for k in d.sticks)


def test_thirty_in_halves_draws_malas_and_buenas_with_a_line_between():
    d = drawing(17, 30, split=True)
    assert len(d.sticks) == 30 and sum(k.lit for k in d.sticks) == 17
    assert d.divider is not None
    malas = [k for k in d.sticks if max(k.y1, k.y2) < d.divider]
    buenas = [k for k in d.sticks if min(k.y1, k.y2) > d.divider]
    assert len(malas) == 15 and len(buenas) == 15 and all(k.lit for k in malas)
    assert d.height == drawing(17, 30, split=False).height + DIVIDE


def test_put_is_one_square():
    d = drawing(3, 5, split=False)
    assert [k.lit for k in d.sticks] == [True, True, True, False, False]


def test_the_seeds_games_are_not_split_in_halves():
    assert not halves(rules_of("truc")) and not halves(rules_of("rentoy")) and rules_of("put").target == 5
    assert rules_of("rentoy", {"ruleset": "none-such"}) is RENTOY_RULES


AC, BD = ("Ana", "Cleo"), ("Bea", "Dan")


def test_records_by_pair_count_won_lost_and_the_longest_run():
    matches = [Match(AC, BD), Match(AC, BD), Match(BD, AC), Match(AC, BD), Match(AC, BD), Match(AC, BD)]
    pair = {r.who: r for r in records(matches, "pair")}
    assert (pair[AC].won, pair[AC].lost, pair[AC].longest, pair[AC].current) == (5, 1, 3, 3)
    assert (pair[BD].won, pair[BD].lost, pair[BD].longest, pair[BD].current) == (1, 5, 1, 0)
    assert [r.who for r in records(matches, "pair")] == [AC, BD]


def test_records_by_player_follow_each_player_across_partners():
    matches = [Match(("Ana", "Bea"), ("Cleo", "Dan")), Match(("Ana", "Cleo"), ("Bea", "Dan")),
               Match(("Bea", "Dan"), ("Ana", "Cleo"))]
    player = {r.who[0]: (r.won, r.lost, r.longest) for r in records(matches, "player")}
    assert player == {"Ana": (2, 1, 2), "Bea": (2, 1, 1), "Cleo": (1, 2, 1), "Dan": (1, 2, 1)}


def test_tonights_series_counts_only_tonights_games_between_the_two_pairs():
    matches = [Match(AC, BD, tonight=False), Match(BD, AC, True), Match(("Cleo", "Ana"), BD, True),
               Match(AC, ("Bea", "Eva"), True), Match(BD, AC, True)]
    assert series(matches, AC, BD) == (1, 2)
    assert series(matches, BD, AC) == (2, 1)
    assert series([], AC, BD) == (0, 0)


def truc_played(deals=()):
    return replay(session("truc", list(deals), teams=TEAMS))


@pytest.mark.parametrize(("form", "deal"), [
    ({"end": "won-1"}, {"won": "B"}),
    ({"first": "1", "raises": "3", "end": "fold-0"}, {"raises": ["B", "A", "B"], "folded": "A"}),
    ({"first": "0", "raises": "1", "end": "tricks", "trick-1": "tie", "trick-2": "1", "trick-3": "0"},
     {"raises": ["A"], "tricks": ["tie", "B", "A"]}),
    ({"end": "tricks", "trick-1": "tie", "trick-2": "tie", "trick-3": "tie", "eldest": "1"},
     {"tricks": ["tie", "tie", "tie"], "eldest": "B"}),
    # an eldest left checked is not sent unless all three tricks tied
    ({"end": "tricks", "trick-1": "0", "trick-2": "0", "eldest": "1"}, {"tricks": ["A", "A"]}),
])
def test_the_form_reads_into_the_hand_and_back(form, deal):
    played = truc_played()
    assert forms.read(played, 1, form) == (deal, {})
    back = forms.fields(played, 1, deal)
    assert forms.read(played, 1, back) == (deal, {})


def test_where_the_engines_refusals_are_shown():
    played = truc_played()
    assert forms.form_field(played, 1, "raises[4]") == "raises" and forms.form_field(played, 1, "raises") == "raises"
    assert forms.form_field(played, 1, "tricks[2]") == "trick-3"
    assert forms.form_field(played, 1, "tricks[9]") == "tricks"
    assert forms.form_field(played, 1, "folded") == "end"
    assert forms.form_field(played, 1, "eldest") == "eldest"


def test_a_ruleset_hand_is_said_in_the_rulesets_words_with_its_side_bets():
    """The deals list of a Río de la Plata truco names its raises truco, retruco, vale cuatro (not the
    seed's truc) and shows each envido's calls and how it ended (tests/data/truco_rioplatense.json)."""
    import json
    from pathlib import Path

    from scorekeeper.games.truc.views import line_for, line_of

    doc = json.loads((Path(__file__).parents[1] / "data" / "truco_rioplatense.json").read_text())
    played = replay(doc)
    line = line_for(played)
    first, third = doc["deals"][0], doc["deals"][2]
    assert line(first) == "A: envido, B: real envido (A won) · B: truco (2) · A: retruco (3) · tricks: A, B, tie"
    assert line(third) == "B: envido (A refused) · A: truco (2) · B: retruco (3) · A: vale cuatro (4) · B won"
    # the seed's Truc says its first raise truc and climbs 3, 6…
    assert line_of("truc")({"raises": ["A"], "won": "A"}) == "A: truc (3) · A won"
