"""Truco as played today, the ``rioplatense`` and ``valenciano`` rulesets of ``truc``, worked by hand.

Every figure below was worked on paper from the rule cited in the test's docstring, never read
from the engine. The sources are named in docs/rules.md, "Truco as played today":
[T1] rojas.com.ar (after Clarín), [T2] casitaweb.net, [T3] Scribd "Como Jugar al Truco",
[T4] Scribd "Reglamento Truco", [T5] gamevelvet.com Truco Gauderio rules; [V1] mural.uv.es/jogiol,
[V2] Truc Valenciano FJD (app description), [V3] studylib.es "Truc"; [C] a choice of ours.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.games.replay import replay

from .helpers_truc import TEAMS, points, refused, replayed, scores, session
from .sessions_truco import played

DATA = Path(__file__).resolve().parents[1] / "data"
A1 = {"won": "A"}
B1 = {"won": "B"}


def rio(deals: list[Any], **options: Any) -> dict[str, Any]:
    return session("truc", deals, teams=TEAMS, ruleset="rioplatense", **options)


def val(deals: list[Any], **options: Any) -> dict[str, Any]:
    return session("truc", deals, teams=TEAMS, ruleset="valenciano", **options)


def calls(*made: tuple[str, str]) -> list[dict[str, str]]:
    return [{"by": side, "call": call} for side, call in made]


# ---------------------------------------------------------------- Río de la Plata


def test_rio_truco_retruco_vale_cuatro_and_their_refusals():
    """[T5]: truco 2, retruco 3, vale cuatro 4; a refused call pays the value before it (truco refused
    1, retruco 2, vale cuatro 3). [T1]: a tied trick goes to the side that won the other one."""
    deals = [{"raises": ["A"], "folded": "B"}, {"raises": ["A", "B"], "folded": "A"},
             {"raises": ["A", "B", "A"], "folded": "B"}, {"raises": ["A", "B", "A"], "won": "A"},
             {"raises": ["B"], "tricks": ["tie", "A"]}]
    out = replayed(rio(deals))
    assert points(out) == [{"A": 1, "B": 0}, {"A": 0, "B": 2}, {"A": 3, "B": 0}, {"A": 4, "B": 0}, {"A": 2, "B": 0}]
    assert scores(out)[-1] == {"A": 10, "B": 2}
    assert out["deals"][3]["calls"] == ["truco", "retruco", "vale_cuatro"]


@pytest.mark.parametrize(("chain", "answer", "taker", "value"), [
    ([("A", "envido")], {"won": "B"}, "B", 2),
    ([("A", "envido")], {"refused": "B"}, "A", 1),
    ([("A", "envido"), ("B", "envido")], {"won": "A"}, "A", 4),
    ([("A", "envido"), ("B", "envido")], {"refused": "A"}, "B", 2),
    ([("A", "envido"), ("B", "real_envido")], {"won": "B"}, "B", 5),
    ([("A", "envido"), ("B", "envido"), ("A", "real_envido")], {"won": "B"}, "B", 7),
    ([("A", "envido"), ("B", "envido"), ("A", "real_envido")], {"refused": "B"}, "A", 4),
    ([("B", "envido"), ("A", "envido"), ("B", "real_envido"), ("A", "falta_envido")], {"refused": "B"}, "A", 7),
    ([("B", "real_envido")], {"refused": "A"}, "B", 1),
    ([("B", "real_envido"), ("A", "falta_envido")], {"refused": "B"}, "A", 3),
])
def test_rio_envido_chains_as_the_table_of_values_says(chain, answer, taker, value):
    """[T3]'s table: envido 2 (refused 1), envido-envido 4 (2), envido-real envido 5, envido-envido-real
    envido 7 (refused 4), the four calls refused 7; a refused chain pays the calls before the refused
    one, at least 1. The plain hand after it is A's 1."""
    out = replayed(rio([{"envido": {"calls": calls(*chain), **answer}, "won": "A"}]))
    assert points(out) == [{"A": value + 1 if taker == "A" else 1, "B": value if taker == "B" else 0}]
    bet = out["deals"][0]["envido"]
    assert bet["winner"] == taker and bet["points"] == value
    assert bet["how"] == ("accepted" if "won" in answer else "refused")


def test_rio_falta_envido_is_what_the_leader_lacks_in_malas_then_in_buenas():
    """[T4]: the falta envido is worth what the leading side lacks to reach the buenas while it is in
    the malas (15 of 30), else to win. From A 10 - B 4 the falta is 5 (B takes it: 9); from A 20 - B 9
    it is 10: A wins it and reaches 30 and the game, so B's hand is not counted ([C]: the envido is
    counted first and the game ends at 30)."""
    deals = [A1] * 10 + [B1] * 4
    deals.append({"envido": {"calls": calls(("B", "falta_envido")), "won": "B"}, "won": "A"})
    deals += [A1] * 9
    deals.append({"envido": {"calls": calls(("A", "envido"), ("B", "falta_envido")), "won": "A"}, "won": "B"})
    out = replayed(rio(deals, stake="2"))
    assert points(out)[14] == {"A": 1, "B": 5} and scores(out)[14] == {"A": 11, "B": 9}
    assert scores(out)[23] == {"A": 20, "B": 9}
    assert points(out)[24] == {"A": 10, "B": 0} and scores(out)[24] == {"A": 30, "B": 9}
    assert out["result"]["how"] == "reached_30" and out["result"]["ended_at"] == 25
    assert out["result"]["money"] == {"Ana": "2", "Bea": "-2", "Cleo": "2", "Dan": "-2"}


def test_rio_a_game_to_fifteen_has_no_halves():
    """[T1]: a chico is 15; played to 15 the falta is what the leader lacks to 15. From A 3 - B 8 the
    falta is 7: B takes it and wins at 15; the game ends there."""
    deals = [A1] * 3 + [B1] * 8 + [{"envido": {"calls": calls(("A", "falta_envido")), "won": "B"},
                                    "tricks": ["A", "A"]}]
    out = replayed(rio(deals, target=15))
    assert points(out)[-1] == {"A": 0, "B": 7}
    assert scores(out)[-1] == {"A": 3, "B": 15}
    assert out["result"]["winners"] == ["Bea", "Dan"] and out["result"]["how"] == "reached_15"


def test_rio_flor_contraflor_and_contraflor_al_resto():
    """[T1]/[T2]: a flor is worth 3; a contraflor refused pays its caller 4, accepted 6 to the better
    flor; a contraflor al resto is worth what the leader lacks to finish the chico of 15. "Con flor
    me achico" leaves the first flor its 3 [T1], so it is entered as the lone flor."""
    deals = [{"flor": {"calls": calls(("A", "flor"))}, "won": "B"},
             {"flor": {"calls": calls(("A", "flor"), ("B", "contraflor")), "refused": "A"}, "won": "B"},
             {"flor": {"calls": calls(("B", "flor"), ("A", "contraflor")), "won": "A"}, "won": "A"},
             {"flor": {"calls": calls(("A", "flor"), ("B", "contraflor_al_resto")), "won": "B"}, "won": "A"}]
    out = replayed(rio(deals, flor=True))
    # the lead before the last hand: A 3+6+1 = 10, B 1+4+1 = 6; 15 - 10 = 5 to B
    assert points(out) == [{"A": 3, "B": 1}, {"A": 0, "B": 5}, {"A": 7, "B": 0}, {"A": 1, "B": 5}]
    assert scores(out)[-1] == {"A": 11, "B": 11}
    assert out["deals"][0]["flor"]["how"] == "sung"


def test_rio_three_tied_tricks_go_to_the_mano_by_the_option():
    """[T1] and the seed's option three_ties [A 17]: parda in all three tricks, the eldest (mano) team
    takes the hand (here retruco, 3); with three_ties "tie" nobody scores the hand, the envido still counts."""
    hand = {"envido": {"calls": calls(("A", "envido")), "won": "B"}, "raises": ["A", "B"],
            "tricks": ["tie", "tie", "tie"]}
    assert points(replayed(rio([{**hand, "eldest": "A"}]))) == [{"A": 3, "B": 2}]
    assert points(replayed(rio([hand], three_ties="tie"))) == [{"A": 0, "B": 2}]


# ---------------------------------------------------------------- truc valencià


def test_val_truc_retruc_quatre_val_joc_fora_refused():
    """[V2]: truc 2, retruc 3, quatre val 4; a refusal pays the value before the refused call (1, 2, 3,
    and 4 for a refused joc fora); a plain hand 1."""
    deals = [{"raises": ["A"], "folded": "B"}, {"raises": ["A", "B"], "folded": "A"},
             {"raises": ["A", "B", "A"], "folded": "B"}, {"raises": ["B", "A", "B", "A"], "folded": "B"}, B1]
    out = replayed(val(deals))
    assert points(out) == [{"A": 1, "B": 0}, {"A": 0, "B": 2}, {"A": 3, "B": 0}, {"A": 4, "B": 0}, {"A": 0, "B": 1}]
    assert out["deals"][3]["cama"] == {"A": 8, "B": 2} and out["deals"][3]["camas"] == {"A": 0, "B": 0}


def test_val_joc_fora_accepted_closes_the_cama():
    """[V2]: an accepted joc fora is worth what the hand's winner lacks to finish the cama. A at 5 of
    12 takes it: 7, the cama is A's and starts again; then B from 0 takes a joc fora: 12."""
    deals = [A1] * 5 + [{"raises": ["B", "A", "B", "A"], "tricks": ["A", "B", "A"]},
                        {"raises": ["A", "B", "A", "B"], "won": "B"}]
    out = replayed(val(deals, camas=3))
    assert points(out)[5] == {"A": 7, "B": 0}
    assert out["deals"][5]["cama"] == {"A": 0, "B": 0} and out["deals"][5]["camas"] == {"A": 1, "B": 0}
    assert points(out)[6] == {"A": 0, "B": 12} and out["deals"][6]["camas"] == {"A": 1, "B": 1}
    assert out["result"]["finished"] is False


@pytest.mark.parametrize(("chain", "answer", "taker", "value"), [
    ([("A", "envit")], {"won": "B"}, "B", 2),
    ([("A", "envit")], {"refused": "B"}, "A", 1),
    ([("A", "envit"), ("B", "torne")], {"won": "A"}, "A", 4),
    ([("A", "envit"), ("B", "torne")], {"refused": "A"}, "B", 2),
    ([("A", "envit"), ("B", "torne"), ("A", "falta")], {"refused": "B"}, "A", 4),
    ([("B", "falta")], {"won": "A"}, "A", 12),   # nobody has scored: the falta is the whole cama
])
def test_val_envit_torne_falta(chain, answer, taker, value):
    """[V1] names the calls envit, torne and falta; [C] their values as the Río de la Plata envido: envit 2,
    torne 2 more, falta what the leader lacks of the cama; refused, the calls before the refused one
    (at least 1). A refused hand by B follows, B's 1 (no raise: a plain hand)."""
    out = replayed(val([{"envit": {"calls": calls(*chain), **answer}, "won": "B"}]))
    if value == 12:
        assert points(out) == [{"A": 12, "B": 0}]     # the cama closed: B's hand is not counted
        assert out["deals"][0]["camas"] == {"A": 1, "B": 0}
    else:
        assert points(out) == [{"A": value if taker == "A" else 0, "B": 1 + (value if taker == "B" else 0)}]


def test_val_two_camas_win_the_game_and_each_loser_pays():
    """[V3]: the game is won by the side winning two camas; [S 8] each loser pays the stake. Two joc
    fora hands to A win two camas of 12 from 0: A 24, B 0, ended at deal 2."""
    joc_fora = {"raises": ["B", "A", "B", "A"], "tricks": ["A", "A"]}
    out = replayed(val([joc_fora, joc_fora], stake="0.25"))
    assert scores(out) == [{"A": 12, "B": 0}, {"A": 24, "B": 0}]
    assert out["result"] == {"finished": True, "ended_at": 2, "winners": ["Ana", "Cleo"], "losers": ["Bea", "Dan"],
                             "multiplier": 1, "zero_sum": True, "how": "camas_2_0",
                             "money": {"Ana": "0.25", "Bea": "-0.25", "Cleo": "0.25", "Dan": "-0.25"}}


def test_val_a_cama_of_eighteen_has_nine_malas():
    """[V3]: a cama of 18 is 9 malas and 9 buenas; the falta goes to the buenas first. From A 5 the
    falta is 4; from A 10 (buenas) it is 8, B takes it: B 8."""
    deals = [A1] * 5 + [{"envit": {"calls": calls(("B", "falta")), "won": "A"}, "folded": "B", "raises": ["A"]},
                        {"envit": {"calls": calls(("A", "envit"), ("B", "falta")), "won": "B"}, "won": "A"}]
    out = replayed(val(deals, cama=18))
    assert points(out)[5] == {"A": 5, "B": 0}
    assert points(out)[6] == {"A": 1, "B": 8} and out["deals"][6]["cama"] == {"A": 11, "B": 8}


def test_the_generators_keep_the_same_score_as_the_engine():
    """The conformance generators keep the score with values worked by hand (sessions_truco.py);
    for 40 random games of each ruleset the engine ends exactly when they do, with the same camas."""
    for ruleset in ("rioplatense", "valenciano"):
        for seed in range(40):
            doc, tally = played(random.Random(seed), ruleset)
            out = replay(doc)
            assert out.result.finished is tally.over, (ruleset, seed)
            if doc["deals"] and ruleset == "valenciano":
                assert out.rows[-1].extra("camas") == tally.camas, (ruleset, seed)


# ---------------------------------------------------------------- the CLI on the example files


def cli_json(name: str) -> dict[str, Any]:
    out = io.StringIO()
    assert main(["replay", str(DATA / name), "--json", "--lang", "en"], out=out) == 0
    result: dict[str, Any] = json.loads(out.getvalue())
    return result


def test_the_rioplatense_example_through_the_cli():
    """tests/data/truco_rioplatense.json, worked by hand: (1) envido-real envido won by A 5 [T3] and
    retruco 3 to A by the earliest trick [T1]; (2) B's lone flor 3, A's truco refused 1; (3) B's envido
    refused 1, vale cuatro won by B 4; (4) three ties to the mano A 2; (5) falta envido in the malas
    15 - 11 = 4 to A, B's plain 1; (6) falta in the buenas 30 - 15 = 15: A reaches 30 and wins."""
    out = cli_json("truco_rioplatense.json")
    assert [r["points"] for r in out["deals"]] == [{"A": 8, "B": 0}, {"A": 1, "B": 3}, {"A": 0, "B": 5},
                                                   {"A": 2, "B": 0}, {"A": 4, "B": 1}, {"A": 15, "B": 0}]
    assert out["deals"][-1]["scores"] == {"A": 30, "B": 9} and out["deals"][-1]["ends"] is True
    assert out["result"]["money"] == {"Ana": "0.50", "Bea": "-0.50", "Cleo": "0.50", "Dan": "-0.50"}


def test_the_valenciano_example_through_the_cli():
    """tests/data/truc_valencia.json, worked by hand: (1) envit 2 and truc 2 to A; (2) torne refused
    by A pays B 2, retruc refused by B pays A 2 (A 6, B 2); (3) joc fora won by A: 12 - 6 = 6, A's
    first cama; (4) B's falta on a new cama, 12, B's first cama, A's hand not counted; (5) joc fora
    to B: 12, the second cama and the game."""
    out = cli_json("truc_valencia.json")
    assert [r["points"] for r in out["deals"]] == [{"A": 4, "B": 0}, {"A": 2, "B": 2}, {"A": 6, "B": 0},
                                                   {"A": 0, "B": 12}, {"A": 0, "B": 12}]
    assert [r["camas"] for r in out["deals"]][2:] == [{"A": 1, "B": 0}, {"A": 1, "B": 1}, {"A": 1, "B": 2}]
    assert out["result"]["winners"] == ["Bea", "Dan"] and out["result"]["how"] == "camas_2_1"


# ---------------------------------------------------------------- hostile hands, through the CLI


def env(*made: tuple[str, str], **answer: str) -> dict[str, Any]:
    return {"envido": {"calls": calls(*made), **answer}, "won": "A"}


@pytest.mark.parametrize(("doc", "line"), [
    (rio([env(("A", "real_envido"), ("B", "envido"), won="A")]),
     "deal 1: envido.calls[1].call: 'envido' may not follow 'real_envido'"),
    (rio([env(("A", "envido"), ("B", "envido"), ("A", "envido"), won="A")]),
     "deal 1: envido.calls[2].call: 'envido' may not follow 'envido'"),
    (rio([env(("A", "falta_envido"), ("B", "real_envido"), won="A")]),
     "deal 1: envido.calls[1].call: 'real_envido' may not follow 'falta_envido'"),
    (rio([env(("A", "envido"), ("A", "real_envido"), won="A")]),
     "deal 1: envido.calls[1].by: 'A' called twice running: the sides answer each other in turn"),
    (rio([env(("A", "envido"), ("B", "real_envido"), refused="B")]),
     "deal 1: envido.refused: 'B' made the last call: the other side refuses it"),
    (rio([env(("A", "envido"))]), "deal 1: envido: say who won the envido, or who refused it"),
    (rio([env(("A", "truco"), won="A")]),
     "deal 1: envido.calls[0].call: 'truco' is not one of envido, real_envido, falta_envido"),
    (rio([{"envido": {"calls": []}, "won": "A"}]), "deal 1: envido.calls: expected a list of the calls, in order"),
    (rio([{"flor": {"calls": calls(("A", "flor"))}, "won": "A"}]), "deal 1: flor: unknown field 'flor'"),
    (rio([{"flor": {"calls": calls(("A", "flor"))}, **env(("B", "envido"), won="B")}], flor=True),
     "deal 1: envido: a hand scores one of flor, envido, not both"),
    (rio([{"flor": {"calls": calls(("A", "flor")), "won": "A"}, "won": "A"}], flor=True),
     "deal 1: flor.won: a lone 'flor' is not answered: it scores by itself"),
    (rio([{"flor": {"calls": calls(("A", "contraflor"))}, "won": "A"}], flor=True),
     "deal 1: flor.calls[0].call: 'contraflor' does not open the flor: it answers another call"),
    (rio([{"raises": ["A", "B", "A", "B"], "won": "A"}]),
     "deal 1: raises[3]: the hand is already worth 4, its most: no further raise"),
    (rio([{"envit": {"calls": calls(("A", "envit")), "won": "A"}, "won": "A"}]), "deal 1: envit: unknown field 'envit'"),
    (rio([A1] * 30 + [A1]), "deal 31: deal: the game ended at deal 30; nothing more is scored"),
    (val([{"envit": {"calls": calls(("A", "torne")), "won": "A"}, "won": "A"}]),
     "deal 1: envit.calls[0].call: 'torne' does not open the envit: it answers another call"),
    (val([{"raises": ["A", "B", "A", "B", "A"], "won": "A"}]),
     "deal 1: raises[4]: the hand is already worth joc_fora, its most: no further raise"),
    (val([{"tricks": ["tie", "A", "A"]}]), "deal 1: tricks[0]: a trick cannot be tied in Truc valencià"),
    (rio([], cama=18), "session: options.cama: the rioplatense ruleset has no option 'cama'"),
    (val([], three_ties="tie"), "session: options.three_ties: the valenciano ruleset has no option 'three_ties'"),
    (session("truc", [], teams=TEAMS, target=15), "session: options.target: the seed ruleset has no option 'target'"),
    (rio([], target=20), "session: options.target: 20 is not one of 15, 30"),
    (session("truc", [], teams=TEAMS, ruleset="argentino"),
     "session: options.ruleset: 'argentino' is not one of seed, rioplatense, valenciano"),
])
def test_hostile_truco_hands_are_refused_in_one_line(doc, line, tmp_path, capsys):
    """Chains out of order, a side calling twice, a refusal by the caller, a flor without the option or
    beside an envido, a call of another region, an option of another ruleset: each names its deal and
    field (docs/rules.md, "Truco as played today")."""
    assert refused(doc, tmp_path, capsys) == line


# ---------------------------------------------------------------- the data an entry screen reads


def test_each_chain_offers_only_the_calls_that_may_follow():
    """docs/rules.md, the chains: envido twice at most, real envido once after envido, the falta last
    [T3]; a flor opens its chain, the contraflor answers it [T1]; torne only answers envit [V1]."""
    from scorekeeper.games.truc.chains import ENVIDO, ENVIT, FLOR

    assert ENVIDO.follows([]) == ("envido", "real_envido", "falta_envido")
    assert ENVIDO.follows(["envido"]) == ("envido", "real_envido", "falta_envido")
    assert ENVIDO.follows(["envido", "envido"]) == ("real_envido", "falta_envido")
    assert ENVIDO.follows(["envido", "real_envido"]) == ("falta_envido",)
    assert ENVIDO.follows(["falta_envido"]) == ()
    assert FLOR.follows([]) == ("flor",) and FLOR.follows(["flor"]) == ("flor", "contraflor", "contraflor_al_resto")
    assert FLOR.follows(["flor", "flor"]) == ()
    assert ENVIT.follows([]) == ("envit", "falta") and ENVIT.follows(["envit"]) == ("torne", "falta")


def test_the_rules_of_a_table_follow_its_options():
    """[T1]/[T4]: at 30 the game has malas and buenas, at 15 none; flor only when chosen; [V3] a cama of
    18 has halves. The seed's Truc is unchanged by the default options."""
    from scorekeeper.games.truc.engine import TRUC_RULES, rules_for

    base = {"three_ties": "eldest", "target": 30, "flor": False, "cama": 12, "camas": 2, "mazo_first": 2,
            "flor_flor": 4, "contraflor_resto": "falta", "falta_malas": "buenas", "falta_cama": "buenas"}
    rio30 = rules_for("truc", {**base, "ruleset": "rioplatense"})
    rio15 = rules_for("truc", {**base, "ruleset": "rioplatense", "target": 15, "flor": True})
    assert (rio30.target, rio30.halves, [c.field for c in rio30.chains]) == (30, True, ["envido"])
    assert (rio15.target, rio15.halves, [c.field for c in rio15.chains]) == (15, False, ["flor", "envido"])
    cama18 = rules_for("truc", {**base, "ruleset": "valenciano", "cama": 18})
    assert (cama18.target, cama18.half, cama18.camas) == (18, 9, 2)
    assert rules_for("truc", {**base, "ruleset": "seed"}) is TRUC_RULES
    assert rules_for("rentoy", {}).ladder == (1, 3, 6, 9, 12)


def test_the_chain_buttons_alternate_the_sides():
    """The entry screen's buttons as data: either team opens, then only the other answers with what
    may follow [T3]; a lone flor needs no answer [T1]."""
    from scorekeeper.games.truc.chains import ENVIDO, FLOR

    assert ENVIDO.buttons([], ["A", "B"]) == (("A", "envido"), ("A", "real_envido"), ("A", "falta_envido"),
                                               ("B", "envido"), ("B", "real_envido"), ("B", "falta_envido"))
    assert ENVIDO.buttons([("A", "envido"), ("B", "real_envido")], ["A", "B"]) == (("A", "falta_envido"),)
    assert FLOR.settled_alone([("B", "flor")]) and not FLOR.settled_alone([("B", "flor"), ("A", "contraflor")])
    assert not ENVIDO.settled_alone([("A", "envido")])
