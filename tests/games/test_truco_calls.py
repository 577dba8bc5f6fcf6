"""Every call a Truco table makes, worked by hand: going to the deck (al mazo), flor answered by flor,
the contraflor al resto in the malas and the buenas, the falta's readings in the malas, and truc
valencià's falta with both teams in the malas.

Each figure was worked on paper from the source named in the test's docstring (docs/rules.md, "Truco
as played today", lists them): [T1] rojas.com.ar (after Clarín), [T3] Scribd "Como Jugar al Truco",
[T4] Scribd "Reglamento Truco" (XXI Encuentro Nacional de Empleados de Rentas), [T6] jugaraltruco.com
"Reglas generales del truco argentino", [T7] acanomas.com "Truco" §12; [E1] LumDev86/truco-engine (envidoManager), [E2] an open-source
PHP truco engine (Partida::irseAlMazo), [E3] a React scorekeeper's FaltaEnvidoModal; [R1] amoedo7/Truco
(README); [V3] studylib.es "Truc", [V4] verpueblos.com, Alconchel de la Estrella, truc rules;
[C] a choice of ours.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from scorekeeper.cli import main

from .helpers_truc import TEAMS, points, refused, replayed, scores, session

A1 = {"won": "A"}
B1 = {"won": "B"}


def rio(deals: list[Any], **options: Any) -> dict[str, Any]:
    return session("truc", deals, teams=TEAMS, ruleset="rioplatense", **options)


def val(deals: list[Any], **options: Any) -> dict[str, Any]:
    return session("truc", deals, teams=TEAMS, ruleset="valenciano", **options)


def calls(*made: tuple[str, str]) -> list[dict[str, str]]:
    return [{"by": side, "call": call} for side, call in made]


def last_points(doc: dict[str, Any]) -> dict[str, int]:
    return points(replayed(doc))[-1]


# ---------------------------------------------------------------- going to the deck (al mazo)


def test_mazo_in_the_first_trick_with_nothing_sung_is_worth_two():
    """[E2] scores the envido the other side could no longer sing (1) and the hand (1) when a side goes
    to the deck before the first trick is done; [T6] prices a hand lost before anything was played at
    the same 2 (one of the envido, one of the truco). The option mazo_first 1 keeps the hand alone."""
    out = replayed(rio([{"mazo": "B"}]))
    assert points(out) == [{"A": 2, "B": 0}]
    assert (out["deals"][0]["how"], out["deals"][0]["winner"]) == ("mazo", "A")
    assert last_points(rio([{"mazo": "A"}], mazo_first=1)) == {"A": 0, "B": 1}


@pytest.mark.parametrize(("deal", "expected"), [
    # after an envido (A's 2), the deck gives the hand's current value: 1
    ({"envido": {"calls": calls(("A", "envido")), "won": "A"}, "mazo": "B"}, {"A": 3, "B": 0}),
    # after a truco accepted, the hand is worth 2
    ({"raises": ["A"], "mazo": "B"}, {"A": 2, "B": 0}),
    # after retruco accepted, 3
    ({"raises": ["B", "A"], "mazo": "B"}, {"A": 3, "B": 0}),
    # in the second trick, nothing sung: the hand alone, 1
    ({"mazo": "A", "trick": 2}, {"A": 0, "B": 1}),
])
def test_mazo_after_something_was_sung_or_later_is_the_hands_current_value(deal, expected):
    """[E2]: past the first trick, or once the envido was played, going to the deck gives the other side
    what the hand is worth at that moment (the raises accepted so far [T4])."""
    assert last_points(rio([deal])) == expected


def test_mazo_in_truc_valencia_and_its_refusals(tmp_path, capsys):
    """Valencia: the deck gives the hand's value, no envit point [C]; the seed's Truc has no deck entry
    (the seed names none); the trick is 1, 2 or 3; a hand ends one way only."""
    assert last_points(val([{"mazo": "B"}])) == {"A": 1, "B": 0}
    assert refused(session("truc", [{"mazo": "B"}], teams=TEAMS), tmp_path, capsys) == (
        "deal 1: mazo: unknown field 'mazo'")
    assert refused(rio([{"mazo": "B", "trick": 4}]), tmp_path, capsys) == (
        "deal 1: trick: expected the trick the side went to the deck in: 1, 2 or 3")
    assert refused(rio([{"mazo": "B", "won": "A"}]), tmp_path, capsys) == (
        "deal 1: deal: say one way the hand ended: who won it, who folded, the tricks, or who went to the deck")
    assert refused(rio([{"mazo": "C"}]), tmp_path, capsys).startswith("deal 1: mazo: ")


# ---------------------------------------------------------------- flor answered by flor


@pytest.mark.parametrize(("both", "value"), [(4, 4), (3, 3), (6, 6)])
def test_flor_answered_by_flor_goes_to_the_better_flor(both, value):
    """[T1]: a flor answered by a flor ("con flor quiero") is worth 4 to the better flor, the most
    common value; [T3] writes 6; [T7] 3 (the better flor scores its own 3). The
    option flor_flor chooses; the hand's 1 goes to A after it."""
    deal = {"flor": {"calls": calls(("A", "flor"), ("B", "flor")), "won": "B"}, "won": "A"}
    out = replayed(rio([deal], flor=True, flor_flor=both))
    assert points(out) == [{"A": 1, "B": value}]
    assert out["deals"][0]["flor"] == {"winner": "B", "points": value, "how": "accepted", "calls": ["flor", "flor"]}


def test_a_flor_answered_by_flor_ends_the_chain(tmp_path, capsys):
    """The two flors are compared and nothing follows them [T1]; they need an answer (who was better)."""
    bad = {"flor": {"calls": calls(("A", "flor"), ("B", "flor"), ("A", "contraflor")), "won": "A"}, "won": "A"}
    assert refused(rio([bad], flor=True), tmp_path, capsys) == (
        "deal 1: flor.calls[2].call: 'contraflor' may not follow 'flor'")
    unanswered = {"flor": {"calls": calls(("A", "flor"), ("B", "flor"))}, "won": "A"}
    assert refused(rio([unanswered], flor=True), tmp_path, capsys) == "deal 1: flor: say who won the flor, or who refused it"


# ---------------------------------------------------------------- contraflor al resto

RESTO = {"flor": {"calls": calls(("A", "flor"), ("B", "contraflor_al_resto")), "won": "B"}, "won": "A"}


@pytest.mark.parametrize(("reading", "malas", "buenas"), [
    # falta (the product's old reading, the default): malas 15 - 10 = 5; buenas 30 - 20 = 10
    ("falta", {"A": 1, "B": 5}, {"A": 1, "B": 10}),
    # [T4]: 30 - the higher score, plus 3 for each of the two flors: malas 20 + 6; buenas 10 + 6
    ("resto", {"A": 0, "B": 26}, {"A": 1, "B": 16}),
    # [T3]: the better flor takes the chico: B lacks 30 - 4 = 26 (malas), 30 - 9 = 21 (buenas)
    ("chico", {"A": 0, "B": 26}, {"A": 0, "B": 21}),
])
def test_contraflor_al_resto_in_the_malas_and_the_buenas(reading, malas, buenas):
    """From A 10 - B 4 (malas) and from A 20 - B 9 (buenas) B wins a contraflor al resto against A's flor.
    B reaching 30 ends the game and A's hand is not counted (docs/rules.md, the score)."""
    before_malas = [A1] * 10 + [B1] * 4
    before_buenas = [A1] * 20 + [B1] * 9
    assert last_points(rio([*before_malas, RESTO], flor=True, contraflor_resto=reading)) == malas
    assert last_points(rio([*before_buenas, RESTO], flor=True, contraflor_resto=reading)) == buenas


# ---------------------------------------------------------------- the falta envido's readings in the malas

B_FALTA = {"envido": {"calls": calls(("B", "falta_envido")), "won": "B"}, "won": "A"}
A_FALTA = {"envido": {"calls": calls(("B", "falta_envido")), "won": "A"}, "won": "B"}


@pytest.mark.parametrize(("reading", "trailer_wins", "leader_wins"), [
    # [T4] (the default): what takes the leader (A 10) to the buenas, 5, whoever wins
    ("buenas", {"A": 1, "B": 5}, {"A": 5, "B": 1}),
    # [E1], [R1]: the whole game, what the winner lacks: B 26 (reaches 30), A 20 (reaches 30)
    ("game", {"A": 0, "B": 26}, {"A": 20, "B": 0}),
    # [C]: what the leader lacks to the end, 20, whoever wins (B 24 then A's hand; A reaches 30)
    ("leader", {"A": 1, "B": 20}, {"A": 20, "B": 0}),
    # [E3]'s buenas rule carried into the malas: what the loser lacks to the end: A 20; B 26 (A reaches 30)
    ("loser", {"A": 1, "B": 20}, {"A": 26, "B": 0}),
])
def test_falta_envido_in_the_malas_by_each_reading(reading, trailer_wins, leader_wins):
    """From A 10 - B 4 (both in the malas of 30) a falta envido is won by B (the trailer), then by A (the
    leader); each reading prices it as its source does. A side reaching 30 ends the game."""
    before = [A1] * 10 + [B1] * 4
    assert last_points(rio([*before, B_FALTA], falta_malas=reading)) == trailer_wins
    assert last_points(rio([*before, A_FALTA], falta_malas=reading)) == leader_wins


@pytest.mark.parametrize("reading", ["buenas", "game", "leader", "loser"])
def test_falta_envido_in_the_buenas_is_what_the_leader_lacks_in_every_reading(reading):
    """[T4], [V4]: with the leader in the buenas (A 20 - B 9) the falta is what the leader lacks: 10."""
    before = [A1] * 20 + [B1] * 9
    assert last_points(rio([*before, B_FALTA], falta_malas=reading)) == {"A": 1, "B": 10}


# ---------------------------------------------------------------- truc valencià: the falta for the whole cama

V_FALTA = {"envit": {"calls": calls(("B", "falta")), "won": "A"}, "raises": ["A"], "folded": "B"}


def test_valencia_falta_with_both_teams_in_the_malas_is_played_for_the_cama():
    """[V4]: with both teams in the malas the falta is played for the whole cama; otherwise for what the
    leader lacks. Cama of 18 (9 malas, 9 buenas [V3]): from A 5 - B 0, A wins the falta: 18 - 5 = 13,
    A takes the cama (the truc B refused is not counted: that cama is over). The option falta_cama
    game; the default (buenas) keeps the old reading, 9 - 5 = 4, and the refused truc's 1."""
    before = [A1] * 5
    game = replayed(val([*before, V_FALTA], cama=18, falta_cama="game"))
    assert points(game)[-1] == {"A": 13, "B": 0}
    assert game["deals"][-1]["camas"] == {"A": 1, "B": 0} and game["deals"][-1]["cama"] == {"A": 0, "B": 0}
    assert last_points(val([*before, V_FALTA], cama=18)) == {"A": 5, "B": 0}
    # from A 10 (buenas) - B 3, the falta is what A lacks, 8, in both readings: B takes it
    later = [A1] * 10 + [B1] * 3 + [{"envit": {"calls": calls(("A", "falta")), "won": "B"}, "won": "A"}]
    assert last_points(val(later, cama=18, falta_cama="game")) == {"A": 1, "B": 8}
    assert scores(replayed(val(later, cama=18)))[-1] == {"A": 11, "B": 11}


# ---------------------------------------------------------------- the command line


def test_scorekeeper_replay_scores_the_calls_from_a_session_file(tmp_path):
    """`scorekeeper replay FILE --json`: al mazo 2 [E2], flor against flor 4 [T1], a contraflor al resto
    by [T4] from A 2 - B 5 (malas; the leader is B): 30 - 5 + 6 = 31, so B passes 30 and wins; A's hand
    after it is not counted."""
    doc = rio([{"mazo": "B"}, {"flor": {"calls": calls(("A", "flor"), ("B", "flor")), "won": "B"}, "won": "B"},
               {"flor": {"calls": calls(("A", "flor"), ("B", "contraflor_al_resto")), "won": "B"}, "won": "A"}],
              flor=True, contraflor_resto="resto")
    path = tmp_path / "truco.json"
    path.write_text(json.dumps(doc))
    out = io.StringIO()
    assert main(["replay", str(path), "--json"], out=out) == 0
    result = json.loads(out.getvalue())
    assert [row["points"] for row in result["deals"]] == [{"A": 2, "B": 0}, {"A": 0, "B": 5}, {"A": 0, "B": 31}]
    assert result["deals"][-1]["scores"] == {"A": 2, "B": 36}
    assert result["result"]["winners"] == ["Bea", "Dan"] and result["result"]["ended_at"] == 3
