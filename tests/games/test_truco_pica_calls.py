"""Every call of a hand of two in a duel of pica-pica, entered and fixed on the round's form (issue 40).

A duel is a hand of two (docs/rules.md, "Pica-pica" [P3]): besides the common results (one or two taps)
its form draws the hand form's own pieces for the duel (the calls in order, each side bet's calls and
answer, going to the deck, the tricks), read by the same code as a hand's. A fix opens with each duel as
saved; a saved duel that no field can say is held as saved, and a change to it is refused beside it.

The table of tests/games/test_truco_pica.py: Ana, Bea, Cleo, Dan, Eva, Fer; A is Ana, Cleo, Eva; the
duels Ana-Dan, Bea-Eva, Cleo-Fer; A 7 - B 0 before the round (falta envido in the malas: 15 - 7 = 8).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import render_template
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorekeeper.core.errors import SessionError
from scorekeeper.games.replay import replay
from scorekeeper.games.truc import forms
from scorekeeper.games.truc.chains import ENVIDO, Chain, flor_chain
from scorekeeper.games.truc.engine import _decided
from scorekeeper.games.truc.views import PIECES

from .helpers_truc import TEAMS, points, replayed, session
from .test_truco_pica import OPENING, six
from .truco_form import form_fields

#: duel 1: Ana's truco, Dan's retruco, Dan won (B 3); Ana's envido, Dan's real envido, Ana's points (A 5).
#: duel 2: Bea's envido, Eva's falta envido, Bea's points (B 8); Eva to the deck after the first trick (B 1).
#: duel 3: Cleo's truco, Fer's retruco, Cleo's vale cuatro, Fer folded (A 3).
CALLS = {"duels": [
    {"raises": ["A", "B"], "envido": {"calls": [{"by": "A", "call": "envido"}, {"by": "B", "call": "real_envido"}],
                                      "won": "A"}, "won": "B"},
    {"envido": {"calls": [{"by": "B", "call": "envido"}, {"by": "A", "call": "falta_envido"}], "won": "B"},
     "mazo": "A", "trick": 2},
    {"raises": ["A", "B", "A"], "folded": "B"},
]}
#: the same round as tapped: each duel's fields as the hand form's, named after the duel
CALLS_FORM = {
    "duel-1.first": "0", "duel-1.raises": "2", "duel-1": "won-1",
    "duel-1.bet-envido-1": "0:envido", "duel-1.bet-envido-2": "1:real_envido", "duel-1.bet-envido-answer": "won-0",
    "duel-2.first": "", "duel-2.raises": "0", "duel-2": "mazo-0-later",
    "duel-2.bet-envido-1": "1:envido", "duel-2.bet-envido-2": "0:falta_envido", "duel-2.bet-envido-answer": "won-1",
    "duel-3.first": "0", "duel-3.raises": "3", "duel-3": "fold-1",
}


def test_a_duel_takes_every_call_of_a_hand_of_two():
    """Retruco, vale cuatro, real envido, falta envido, the deck after the first trick, a fold: read into
    the duels and scored, worked by hand: A 5 + 3 = 8, B 3 + 8 + 1 = 12."""
    played = replay(six(OPENING))
    deal, errors = forms.read(played, 3, CALLS_FORM)
    assert errors == {} and deal == CALLS
    assert points(replayed(six([*OPENING, deal])))[-1] == {"A": 8, "B": 12}


def test_a_fix_opens_with_each_duels_calls_as_saved():
    """The fix form's values are the duels' fields as tapped (nothing held: the form shows all of it), and
    they read back to the round as saved."""
    played = replay(six([*OPENING, CALLS]))
    values = forms.fields(played, 3, CALLS)
    assert values == CALLS_FORM
    assert forms.read(played, 3, values) == (CALLS, {})


def test_the_common_buttons_still_say_the_common_duels_in_one_tap():
    """A common result stands for its calls (``0:1:won-1``: Ana's truco, accepted, Dan won), a common envido
    for its call and answer; the fields below may say the same thing, never another."""
    played = replay(six(OPENING))
    common = {"duel-1": "0:1:won-1", "duel-1-bet": "1:refused-0", "duel-2": "won-0", "duel-3": "won-1"}
    deal, errors = forms.read(played, 3, common)
    assert errors == {} and deal["duels"][0] == {
        "raises": ["A"], "envido": {"calls": [{"by": "B", "call": "envido"}], "refused": "A"}, "won": "B"}
    same = {**common, "duel-1.first": "0", "duel-1.raises": "1", "duel-1.bet-envido-1": "1:envido"}
    assert forms.read(played, 3, same) == (deal, {})
    for other in ({"duel-1.first": "1", "duel-1.raises": "1"}, {"duel-1.raises": "2", "duel-1.first": "0"},
                  {"duel-1.bet-envido-1": "1:envido", "duel-1.bet-envido-2": "0:real_envido"}):
        deal, errors = forms.read(played, 3, {**common, **other})
        assert deal is None and errors == {"duel-1": "The buttons above and the calls below say different things: "
                                                     "tap again what happened."}


def test_a_duels_refusal_is_shown_beside_that_duels_field():
    """The engine's refusal inside a duel lands on the same field of that duel: its calls, its envido, its
    tricks; its ending on the duel's result."""
    played = replay(six(OPENING))
    field = PIECES["truc"].form_field
    assert field(played, 3, "duels[1].raises[1]") == "duel-2.raises"
    assert field(played, 3, "duels[2].envido.calls[1].call") == "duel-3.bet-envido"
    assert field(played, 3, "duels[0].tricks[2]") == "duel-1.trick-3"
    assert field(played, 3, "duels[0].folded") == "duel-1" and field(played, 3, "duels[2]") == "duel-3"
    deal, errors = forms.read(played, 3, {**CALLS_FORM, "duel-3": "fold-0"})   # the form reads, the engine judges:
    with pytest.raises(SessionError) as refused:                                # the side that raised last may
        replay(six([*OPENING, deal]))                                           # not fold
    assert field(played, 3, refused.value.first.field) == "duel-3"
    deal, errors = forms.read(played, 3, {**CALLS_FORM, "duel-1.bet-envido-1": "0:nonsense"})
    assert deal is None and set(errors) == {"duel-1.bet-envido"}


#: saved from a session file: Eva went to the deck in the third trick (no field says the third: the form's
#: "after the first trick" is the second); the raises written as an empty list
ODD = {"duels": [{"won": "A"}, {"mazo": "A", "trick": 3}, {"raises": [], "won": "B"}]}


def test_a_duel_the_form_cannot_show_is_held_as_saved_and_a_change_to_it_refused():
    """Saved untouched, such a duel is kept exactly as saved; changed, it is refused beside it (never dropped)."""
    played = replay(six([*OPENING, ODD]))
    values = forms.fields(played, 3, ODD)
    assert json.loads(values["duel-2.held"]) == ODD["duels"][1] and json.loads(values["duel-3.held"]) == ODD["duels"][2]
    assert "duel-1.held" not in values
    deal, errors = forms.read(played, 3, values)
    assert errors == {} and deal == ODD and json.dumps(deal) == json.dumps(ODD)
    deal, errors = forms.read(played, 3, {**values, "duel-2": "mazo-0"})
    assert deal is None and errors == {"duel-2": "This duel holds calls this form cannot show: it is kept as saved. "
                                                 "To change it, change the session file."}
    deal, errors = forms.read(played, 3, {**values, "duel-2.held": "[1, 2"})
    assert deal is None and set(errors) == {"duel-2"}


# ---------------------------------------------------------------- any round, through the rendered fix form

SIDES = ("A", "B")
def _other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


def _tricks() -> list[list[str]]:
    """Each list of tricks that decides the hand at its last trick (Truco's ties: the earliest won decides)."""
    out: list[list[str]] = []
    for n in (1, 2, 3):
        seqs: list[list[str]] = [[]]
        for _ in range(n):
            seqs = [[*s, t] for s in seqs for t in ("A", "B", "tie")]
        for s in seqs:
            read = [None if t == "tie" else t for t in s]
            if _decided(read, "earliest") and not any(_decided(read[:k], "earliest") for k in range(1, n)):
                out.append(s)
    return out


DECIDING = _tricks()


@st.composite
def envidos(draw: Any, chain: Chain = ENVIDO) -> dict[str, Any]:
    """A chain of side-bet calls the sides make in turn, each one that may follow, then its answer (none
    for a lone flor)."""
    caller, made, calls = draw(st.sampled_from(SIDES)), [], []
    while (may := chain.follows(made)) and (not made or draw(st.booleans())):
        call = draw(st.sampled_from(may))
        calls.append({"by": caller, "call": call})
        made.append(call)
        caller = _other(caller)
    if chain.settled_alone([(c["by"], c["call"]) for c in calls]):
        return {"calls": calls}
    if draw(st.booleans()):
        return {"calls": calls, "won": draw(st.sampled_from(SIDES))}
    return {"calls": calls, "refused": _other(calls[-1]["by"])}


@st.composite
def duels(draw: Any, flor: bool = False) -> dict[str, Any]:
    """One duel as a hand of two: raises in turn (0 to 3), maybe an envido (or, played with flor, a flor),
    one ending."""
    duel: dict[str, Any] = {}
    first = draw(st.sampled_from(SIDES))
    raises = [first if k % 2 == 0 else _other(first) for k in range(draw(st.integers(0, 3)))]
    if raises:
        duel["raises"] = raises
    if flor and draw(st.booleans()):
        duel["flor"] = draw(envidos(flor_chain(4)))
    elif draw(st.booleans()):
        duel["envido"] = draw(envidos())
    ending = draw(st.sampled_from(("won", "folded", "mazo", "tricks")))
    if ending == "folded" and raises:
        duel["folded"] = _other(raises[-1])
    elif ending == "mazo":
        duel["mazo"] = draw(st.sampled_from(SIDES))
        if draw(st.booleans()):
            duel["trick"] = 2
    elif ending == "tricks":
        duel["tricks"] = draw(st.sampled_from(DECIDING))
        if duel["tricks"] == ["tie"] * 3:
            duel["eldest"] = draw(st.sampled_from(SIDES))
    else:
        duel["won"] = draw(st.sampled_from(SIDES))
    return duel


@pytest.mark.parametrize("app", ["sqlite"], indirect=True)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(st.booleans().flatmap(lambda flor: st.tuples(st.just(flor), st.lists(duels(flor), min_size=3, max_size=3))))
def test_any_round_rendered_into_the_fix_form_and_sent_back_untouched_is_the_same_round(app, table):
    """Whatever calls the three duels hold (with or without flor at the table), the fix form drawn for the
    round (the page's own template) sends back, untouched, the round as saved, shown by its fields (nothing
    held), scoring the same."""
    flor, round_duels = table
    saved = {"duels": round_duels}
    options = {"flor": True} if flor else {}
    try:
        before = replayed(six([*OPENING, saved], **options))
    except SessionError:
        assume(False)
        return
    played = replay(six([*OPENING, saved], **options))
    values = forms.fields(played, 3, saved)
    assert not [k for k in values if k.endswith(".held")]
    with app.test_request_context():
        html = render_template("games/truc/deal.html", extra=PIECES["truc"].deal_extra(played, 3), values=values,
                               errors={}, fixing=True)
    sent = form_fields(html)
    deal, errors = forms.read(played, 3, sent)
    assert errors == {} and deal == saved
    assert replayed(six([*OPENING, deal], **options)) == before


DUEL_FIELDS = ["duel-1", "duel-2", "duel-3", "duel-1-bet", "duel-2-bet", "duel-1.first", "duel-1.raises",
               "duel-2.raises", "duel-3.first", "duel-1.bet-envido-1", "duel-1.bet-envido-2", "duel-1.bet-envido-answer",
               "duel-3.trick-1", "duel-3.trick-2", "duel-3.eldest", "duel-2.held", "duel-1.held", "duel-2.end"]
VALUES = ["won-0", "won-1", "fold-1", "mazo-0-later", "tricks", "0:1:won-1", "1:1:fold-0", "0", "1", "2", "4", "",
          "tie", "0:envido", "1:real_envido", "0:falta_envido", "won-1", "refused-0", "0:won-1", '{"won": "A"}',
          '{"mazo": "A", "trick": 3}', '{"tricks": 5}', '[', '{"raises": 7, "won": "A"}']


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(DUEL_FIELDS), st.sampled_from(VALUES) | st.text(max_size=6), max_size=12))
def test_hostile_duel_fields_give_errors_by_duel_or_a_round_judged_by_the_engine_beside_a_duel(form):
    """Whatever the duels' fields hold: errors on that duel's fields, or a round the engine scores or refuses
    with a field the form shows beside a duel (never another exception)."""
    played = replay(six(OPENING))
    deal, errors = forms.read(played, 3, form)
    duels = {f"duel-{k}" for k in (1, 2, 3)}
    if deal is None:
        assert errors and all(k.split(".")[0] in duels for k in errors)
        return
    assert errors == {} and len(deal["duels"]) == 3
    try:
        assert replayed(six([*OPENING, deal]))["deals"][2]["round"] == "pica_pica"
    except SessionError as refused:
        assert PIECES["truc"].form_field(played, 3, refused.first.field).split(".")[0] in duels


def test_a_hand_of_all_the_players_the_form_cannot_show_is_held_as_saved_too():
    """The hand form itself keeps the same rule: a hand from a session file whose deck was in the third trick
    is held as saved (its fix saved untouched keeps it), and a change to it is refused at its ending."""
    hands = [{"raises": ["A"], "won": "A"}, {"mazo": "B", "trick": 3}]
    played = replay(session("truc", hands, teams=TEAMS, ruleset="rioplatense"))
    values = forms.fields(played, 2, hands[1])
    assert json.loads(values["held"]) == hands[1] and values["end"] == "mazo-1-later"
    assert forms.read(played, 2, values) == (hands[1], {})
    assert "held" not in forms.fields(played, 1, hands[0])
    deal, errors = forms.read(played, 2, {**values, "end": "won-0"})
    assert deal is None and errors == {"end": "This hand holds calls this form cannot show: it is kept as saved. "
                                              "To change it, change the session file."}
