"""Six players, three against three, with pica-pica (option ``pica_pica`` of Truco rioplatense), worked by hand.

The sources (docs/rules.md, "Pica-pica"): [P1] folkloretradiciones.com.ar (six make two teams of three:
"punta y hacha" or "pica pica"; the points are added at the end of each hand), [P3] torofun.com's Truco
rules (the first hand of six is played by all, the next one by each player alone against the one opposite),
[P4] the description of the app "Truco!" on androidblip.com (odd hands by the teams, even hands player
against the player facing him, each duel's points to the team), [E4] an open-source Java truco engine
(``Partido``: a round of duels while the leader has from 5 to 25, seat k against seat k + 3, a round of
duels followed by a hand of all), [E5] another (``rangoPicaPica``: strictly between 5 and 25).

The table: Ana, Bea, Cleo, Dan, Eva, Fer in seating order; A is Ana, Cleo, Eva (seats 1, 3, 5), B is Bea,
Dan, Fer. The duels: Ana against Dan, Bea against Eva, Cleo against Fer.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli import main
from scorekeeper.core.errors import SessionError
from scorekeeper.games.replay import replay
from scorekeeper.games.truc import forms
from scorekeeper.games.truc.views import PIECES, duel_views, line_for
from scorekeeper.i18n import use_language

from .helpers_truc import points, refused, replayed, scores, session

SIX = ["Ana", "Bea", "Cleo", "Dan", "Eva", "Fer"]
TEAMS6 = {"A": ["Ana", "Cleo", "Eva"], "B": ["Bea", "Dan", "Fer"]}
A1, B1 = {"won": "A"}, {"won": "B"}
#: to 7 - 0 in two hands of all six: a retruco A won (3), then an envido A won (2) and a truco A won (2)
OPENING = [{"raises": ["A", "B"], "won": "A"},
           {"envido": {"calls": [{"by": "B", "call": "envido"}], "won": "A"}, "raises": ["A"], "won": "A"}]
#: a round of duels: Ana beats Dan as dealt (A 1); Bea's truco, accepted, Bea beats Eva (B 2); Cleo's truco,
#: Fer says no quiero (A 1)
ROUND = {"duels": [A1, {"raises": ["B"], "won": "B"}, {"raises": ["A"], "folded": "B"}]}


def six(deals: list[Any], band: str = "5_25", **options: Any) -> dict[str, Any]:
    return session("truc", deals, players=SIX, teams=TEAMS6, ruleset="rioplatense", pica_pica=band, **options)


def test_a_round_of_duels_follows_a_hand_of_all_six_once_the_leader_has_5():
    """[E4]: at A 3 - B 0 (below 5) the next hand is played by all six; at A 7 - B 0 a round of duels
    follows the hand of all six, each duel scored to its player's team [P4]: A 1 + 1, B 2 → A 9 - B 2;
    then a hand of all six again [P3, E4] (a plain hand B won: B 3)."""
    out = replayed(six([*OPENING, ROUND, B1]))
    assert scores(out) == [{"A": 3, "B": 0}, {"A": 7, "B": 0}, {"A": 9, "B": 2}, {"A": 9, "B": 3}]
    row = out["deals"][2]
    assert row["round"] == "pica_pica" and "how" not in row
    assert [(d["players"], d.get("winner"), d["how"], d["value"]) for d in row["duels"]] == [
        (["Ana", "Dan"], "A", "won", 1), (["Bea", "Eva"], "B", "won", 2), (["Cleo", "Fer"], "A", "folded", 1)]
    assert "round" not in out["deals"][3]


def test_the_hand_after_a_round_of_duels_is_played_by_all_six_and_may_not_be_duels(tmp_path, capsys):
    """After a round of duels the next hand is of all six [P3, E4]: duels there are refused, naming the band."""
    line = refused(six([*OPENING, ROUND, ROUND]), tmp_path, capsys)
    assert line == ("deal 4: duels: this hand is played by all six: a round of pica-pica follows a hand of all "
                    "six while the leader has from 5 to 25")


def test_below_the_band_the_hand_is_of_all_six(tmp_path, capsys):
    """At A 3 - B 0 (below 5 [E4]) a round of duels is refused; a game without pica-pica refuses it too."""
    assert refused(six([OPENING[0], ROUND]), tmp_path, capsys).startswith("deal 2: duels: this hand is played by all")
    assert refused(six([*OPENING, ROUND], band="none"), tmp_path, capsys) == (
        "deal 3: duels: this table does not play pica-pica: the hand is played by all the players")


def test_in_the_band_a_hand_of_all_six_is_refused(tmp_path, capsys):
    """At A 7 - B 0 after a hand of all six the table plays duels: a hand of all six is refused with what to give."""
    assert refused(six([*OPENING, A1]), tmp_path, capsys) == (
        "deal 3: duels: this hand is a round of pica-pica: give the 3 duels' results, in seat order (seat 1 "
        "against seat 4 first)")


@pytest.mark.parametrize(("band", "leader", "duels"), [
    # [E4]: the leader's 5 and 25 are in the band; [E5]: strictly between, so 5 is not
    ("5_25", 5, True), ("6_24", 5, False), ("5_25", 25, True), ("6_24", 25, False), ("5_25", 26, False),
    ("6_24", 24, True), ("always", 1, True), ("none", 10, False),
])
def test_the_band_by_the_leaders_score(band, leader, duels):
    """The leader's score after a hand of all six decides: A is brought to it (plain hands; where a round of
    duels is due on the way, A takes what it still needs less one and B the rest, so that a hand of all six
    brings A to it last), then the next hand must be duels, or a hand of all six, as the band says."""
    deals = reach(leader, band)
    played = replay(six(deals, band=band))
    assert dict(played.rows[-1].scores)["A"] == leader > dict(played.rows[-1].scores)["B"]
    assert played.rows[-1].extra("round") is None
    out = replayed(six([*deals, ROUND if duels else B1], band=band))
    assert (out["deals"][-1].get("round") == "pica_pica") is duels


def reach(leader: int, band: str, **options: Any) -> list[Any]:
    """Hands bringing A to ``leader`` with a hand of all six last (B well behind)."""
    deals: list[Any] = []
    a = 0
    while a < leader:
        if forms.pica_round(replay(six(deals, band=band, **options)), len(deals) + 1):
            wins = max(0, min(3, leader - a - 1))
            deals.append({"duels": [A1] * wins + [B1] * (3 - wins)})
            a += wins
        else:
            deals.append(A1)
            a += 1
    return deals


def test_the_band_reads_the_leader_whichever_team_leads():
    """B leading 7 - 3 calls for the duels just as A would [E4: the greater of the two scores]."""
    out = replayed(six([{"raises": ["A", "B"], "won": "A"}, {"raises": ["B", "A", "B"], "won": "B"},
                        {"raises": ["B", "A"], "won": "B"}, ROUND]))
    assert scores(out)[-2] == {"A": 3, "B": 7} and out["deals"][-1]["round"] == "pica_pica"


def test_a_duel_may_carry_an_envido_and_a_falta_reads_the_score_before_the_round():
    """Each duel is a hand of its own with its envido [P3]; the points are added at the end of the round
    [P1], so a falta envido in duel 3 is priced on A 7 - B 0: in the malas, what takes the leader to the
    buenas, 15 - 7 = 8 (falta_malas buenas, [T4])."""
    falta = {"envido": {"calls": [{"by": "B", "call": "falta_envido"}], "won": "B"}, "won": "A"}
    out = replayed(six([*OPENING, {"duels": [A1, B1, falta]}]))
    assert points(out)[-1] == {"A": 2, "B": 9}
    assert out["deals"][-1]["duels"][2]["envido"]["points"] == 8


def test_the_game_ends_inside_a_round_of_duels():
    """To 15 with the band to 14: at A 13 - B 0 the duels give A 1 (duel 1: 14), then B 2, then A 1 (15):
    A reaches 15 in duel 3 and wins; what was counted is A 2 - B 2 [C: the hand stops where the game ends]."""
    before = reach(13, "5_25", target=15)
    out = replayed(six([*before, ROUND], target=15))
    assert scores(out)[-2]["A"] == 13 and points(out)[-1] == {"A": 2, "B": 2} and scores(out)[-1]["A"] == 15
    assert out["result"]["winners"] == ["Ana", "Cleo", "Eva"] and out["result"]["ended_at"] == len(before) + 1
    assert out["result"]["money"] == {"Ana": "1", "Bea": "-1", "Cleo": "1", "Dan": "-1", "Eva": "1", "Fer": "-1"}


@pytest.mark.parametrize(("duels", "said"), [
    ([A1, {}, B1], "deal 3: duels[1]: say one way the hand ended: who won it, who folded, the tricks, or who "
                   "went to the deck"),
    ([A1, B1], "deal 3: duels: this hand is a round of pica-pica: give the 3 duels' results, in seat order "
               "(seat 1 against seat 4 first)"),
    ([A1, B1, {"won": "Ana"}], "deal 3: duels[2].won: 'Ana' is not a team of this table"),
    ([A1, {"raises": ["A"], "folded": "A"}, B1], "deal 3: duels[1].folded: 'A' made the last raise: the side "
                                                  "answering it folds"),
    ([A1, B1, "A"], "deal 3: duels[2]: expected an object"),
])
def test_a_bad_duel_is_refused_naming_the_duel_and_its_field(duels, said, tmp_path, capsys):
    assert refused(six([*OPENING, {"duels": duels}]), tmp_path, capsys) == said


def test_pica_pica_needs_six_seated_alternately(tmp_path, capsys):
    """Six, three against three [P1, P3], each facing a player of the other team [P4, E4]; how the teams sit
    beyond that is the table's (side by side, the three of a team still face the other three)."""
    four = session("truc", [A1], teams={"A": ["Ana", "Cleo"], "B": ["Bea", "Dan"]}, ruleset="rioplatense",
                   pica_pica="5_25")
    assert refused(four, tmp_path, capsys) == ("session: options.pica_pica: pica-pica is played by six players, "
                                               "three against three: this table has 4")
    facing_partner = session("truc", [A1], players=SIX, teams={"A": ["Ana", "Bea", "Dan"], "B": ["Cleo", "Eva", "Fer"]},
                             ruleset="rioplatense", pica_pica="5_25")
    assert refused(facing_partner, tmp_path, capsys) == (
        "session: teams: in pica-pica each player plays the one sitting opposite, who must be of the other team: "
        "Ana and Dan are partners")
    three_a_side = session("truc", [A1], players=SIX, teams={"A": ["Ana", "Bea", "Cleo"], "B": ["Dan", "Eva", "Fer"]},
                           ruleset="rioplatense", pica_pica="5_25")
    assert replayed(three_a_side)["deals"][0]["scores"] == {"A": 1, "B": 0}  # each faces the other team: allowed
    valencia = session("truc", [A1], players=SIX, teams=TEAMS6, ruleset="valenciano", pica_pica="5_25")
    assert refused(valencia, tmp_path, capsys) == (
        "session: options.pica_pica: the valenciano ruleset has no option 'pica_pica'")


def test_scorekeeper_replay_of_a_six_player_session_with_pica_pica(tmp_path):
    """`scorekeeper replay FILE --json`: a game of six to 30 with the band 5 to 25 [E4], worked by hand.
    1: retruco, A 3 - 0 (below 5: all six again). 2: envido and truco to A, 7 - 0. 3: duels (as above),
    9 - 2. 4: all six, B 9 - 3. 5: duels: Ana's retruco won by Ana (A 3), Eva wins as dealt (A 1), Fer
    goes to the deck in the first trick (A 2, mazo_first 2 [E2]): 15 - 3. 6: all six, B's vale cuatro,
    15 - 7. 7: duels, B wins all three: 15 - 10. 8: all six, A in the buenas wins a falta envido worth
    what it lacks, 15 [T4]: 30 - 10, A wins and the hand's own point is not counted [C]. Each of B's
    three pays the stake to one of A's."""
    deals = [*OPENING, ROUND, B1,
             {"duels": [{"raises": ["A", "B"], "won": "A"}, A1, {"mazo": "B"}]},
             {"raises": ["B", "A", "B"], "won": "B"},
             {"duels": [B1, B1, B1]},
             {"envido": {"calls": [{"by": "A", "call": "falta_envido"}], "won": "A"}, "won": "B"}]
    path = tmp_path / "six.json"
    path.write_text(json.dumps(six(deals)))
    out = io.StringIO()
    assert main(["replay", str(path), "--json"], out=out) == 0
    result = json.loads(out.getvalue())
    assert scores(result) == [{"A": 3, "B": 0}, {"A": 7, "B": 0}, {"A": 9, "B": 2}, {"A": 9, "B": 3},
                              {"A": 15, "B": 3}, {"A": 15, "B": 7}, {"A": 15, "B": 10}, {"A": 30, "B": 10}]
    assert [row.get("round") for row in result["deals"]] == [None, None, "pica_pica", None, "pica_pica", None,
                                                             "pica_pica", None]
    assert result["result"]["ended_at"] == 8 and result["result"]["how"] == "reached_30"
    assert result["result"]["money"] == {"Ana": "1", "Bea": "-1", "Cleo": "1", "Dan": "-1", "Eva": "1", "Fer": "-1"}


def test_the_form_offers_each_duel_by_its_players_and_reads_one_tap_each():
    """The hand form of a round of duels: one group of buttons per duel, each naming its two players; one
    tap each gives the deal the engine reads (the common hands, as the hand of all six offers them)."""
    played = replay(six(OPENING))
    assert forms.pica_round(played, 3) and not forms.pica_round(played, 2)
    with use_language("es"):
        views = duel_views(played)
        extra = PIECES["truc"].deal_extra(played, 3)
    assert extra["pica"] and [(d.one, d.other) for d in views] == [("Ana", "Dan"), ("Bea", "Eva"), ("Cleo", "Fer")]
    words = {c.value: (c.words, c.scorer, c.points) for c in views[1].choices}
    assert words["won-0"][1:] == ("Eva", 1) and "Eva" in words["won-0"][0] and "Bea" not in words["won-0"][0]
    assert words["1:1:won-1"][1:] == ("Bea", 2) and words["0:1:fold-1"][1:] == ("Eva", 1)
    deal, errors = forms.read(played, 3, {"duel-1": "won-0", "duel-2": "1:1:won-1", "duel-3": "0:1:fold-1"})
    assert errors == {} and deal == ROUND
    assert forms.fields(played, 3, ROUND) == {"duel-1": "won-0", "duel-2": "1:1:won-1", "duel-3": "0:1:fold-1"}
    deal, errors = forms.read(played, 3, {"duel-1": "won-0", "duel-3": "nonsense"})
    assert deal is None and set(errors) == {"duel-2", "duel-3"}
    assert PIECES["truc"].form_field(played, 3, "duels[2].won") == "duel-3"


def test_a_duels_envido_is_two_more_taps_and_reads_into_the_duel():
    """A duel's envido [P3: each duel is a hand of its own]: called by either player, accepted and won by
    either (2, [T3]) or refused (1 to the caller); entered beside the duel's result and read into that duel.
    Eva's envido, Bea's better points: B 2; Bea's truco, accepted, Bea wins: B 2 more."""
    played = replay(six(OPENING))
    with use_language("es"):
        bets = {c.value: (c.words, c.scorer, c.points) for c in duel_views(played)[1].bets}
    assert len(bets) == 6 and bets["0:won-1"][1:] == ("Bea", 2) and bets["1:refused-0"][1:] == ("Bea", 1)
    assert "Eva" in bets["0:won-1"][0] and "envido" in bets["0:won-1"][0]
    form = {"duel-1": "won-0", "duel-2": "1:1:won-1", "duel-2-bet": "0:won-1", "duel-3": "won-1"}
    deal, errors = forms.read(played, 3, form)
    assert errors == {} and deal["duels"][1] == {
        "raises": ["B"], "envido": {"calls": [{"by": "A", "call": "envido"}], "won": "B"}, "won": "B"}
    assert forms.fields(played, 3, deal) == form
    assert points(replayed(six([*OPENING, deal])))[-1] == {"A": 1, "B": 5}
    deal, errors = forms.read(played, 3, {**form, "duel-1-bet": "0:refused-0"})
    assert deal is None and set(errors) == {"duel-1"}


def test_a_round_of_duels_in_one_line_in_spanish():
    """The line of the list of hands and of the sheet: each duel with its two players."""
    played = replay(six([*OPENING, ROUND]))
    with use_language("es"):
        line = line_for(played)(ROUND)
    assert line == "pica-pica · Ana – Dan: ganó A; Bea – Eva: B: truco (2) · ganó B; Cleo – Fer: A: truco (2) · B se retiró"


JSONISH = st.recursive(st.none() | st.booleans() | st.integers(-3, 40) | st.sampled_from(["A", "B", "Ana", "", "tie"]),
                       lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                           st.sampled_from(["won", "folded", "raises", "tricks", "mazo", "trick", "envido",
                                            "duels", "eldest", "x"]), inner, max_size=4), max_leaves=12)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(JSONISH, st.fixed_dictionaries({"duels": st.lists(JSONISH, max_size=4)})))
def test_hostile_rounds_are_refused_with_a_field(deal):
    """Whatever the third hand holds, it scores or is refused with a field error (never another exception)."""
    try:
        out = replayed(six([*OPENING, deal]))
    except SessionError as error:
        assert error.first.hand == 3 and isinstance(error.first.field, str) and error.first.field
    else:
        assert out["deals"][2]["round"] == "pica_pica"
        assert sum(out["deals"][2]["points"].values()) >= 3


def test_a_duel_file_read_back_with_its_players(tmp_path: Path):
    """`scorekeeper sheet` prints a round of duels with its players (the same line as the screen's)."""
    path = tmp_path / "six.json"
    path.write_text(json.dumps(six([*OPENING, ROUND])))
    html = tmp_path / "six.html"
    assert main(["sheet", str(path), "--html", "-o", str(html), "--lang", "es"], out=io.StringIO()) == 0
    assert "pica-pica · Ana – Dan" in html.read_text(encoding="utf-8")


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(["duel-1", "duel-2", "duel-3", "duel-4", "end", "quick", "duel-1-bet",
                                        "duel-3-bet"]),
                       st.sampled_from(["won-0", "won-1", "0:1:won-1", "1:1:fold-0", "fold-1", "won-2", "0:9:won-0",
                                        "", ":", "mazo-0", "0:won-1", "1:refused-0", "0:refused-0"])
                       | st.text(max_size=8), max_size=6))
def test_hostile_round_forms_give_errors_by_field_or_a_round_the_engine_takes(form):
    """Whatever a posted round holds: the errors name duel fields, or the round read is one the engine scores."""
    played = replay(six(OPENING))
    deal, errors = forms.read(played, 3, form)
    if deal is None:
        assert errors and set(errors) <= {"duel-1", "duel-2", "duel-3"}
    else:
        assert errors == {} and len(deal["duels"]) == 3
        assert replayed(six([*OPENING, deal]))["deals"][2]["round"] == "pica_pica"
