"""Tressette, Tressette con la chiamata del tre and Tressette in due as game plug-ins (seed 002).

The three share the partnership deal of :mod:`.core`; each says only who the two sides of a
deal are and who carries the score: the fixed teams (``tressette``), the caller with the holder
of the called Three against the other two, every player keeping his own total
(``tressette-chiamata``), or each of the two players alone (``tressette-in-due``).
docs/rules.md, "Tressette". Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.errors import N_
from ..base import DealRow, Game, GameSpec, Seating, Table, name_in, one_of, only_fields, read_choices, refuse
from . import core
from .core import OPTIONS, Sides, State, new_sides
from .declarations import SUITS, Hands

#: what any deal of the three games may hold
DEAL_FIELDS = ("annulled", "declarations", "cards", "points", "last", "claim", "event", "by")
#: the events of a partnership of two players each, and of a player alone ([A 11])
FOUR_EVENTS = ("cappotto", "cappottone", "stramazzo", "strammazzone")
TWO_EVENTS = ("cappotto", "stramazzo")

TRESSETTE_SPEC = GameSpec(
    name="tressette", title="Tressette", seats=(4,), partnership="fixed", unit="points", options=OPTIONS,
    source="seed 002 (Parlett), Tressette", teams=2,
)
CHIAMATA_SPEC = GameSpec(
    name="tressette-chiamata", title="Tressette con la chiamata del tre", seats=(4,), partnership="per_deal",
    unit="points", options=OPTIONS, source="seed 002 (Parlett), Tressette con la chiamata del tre",
)
IN_DUE_SPEC = GameSpec(
    name="tressette-in-due", title="Tressette in due", seats=(2,), partnership="none", unit="points",
    options=OPTIONS, source="seed 002 (Parlett), Tressette in due",
)


def _options(spec: GameSpec) -> Any:
    def read_options(raw: Mapping[str, Any], seating: Seating) -> Mapping[str, Any]:
        return read_choices(raw, spec)
    return read_options


# ---------------------------------------------------------------- tressette: fixed teams


def _team_sides(seating: Seating) -> Sides:
    (a, first), (b, second) = seating.teams
    return new_sides((a, b), (first, second), ((a,), (b,)), "team")


def tressette_start(table: Table) -> State:
    return core.start_state(table, table.seating.team_names)


def tressette_play(state: State, number: int, deal: Any) -> tuple[State, DealRow]:
    only_fields(deal, number, DEAL_FIELDS)
    if core.annulled(number, deal):
        return core.annulled_row(state, number)
    sides = _team_sides(state.table.seating)
    return core.advance(state, number, core.deal_outcome(state, number, deal, sides, FOUR_EVENTS), sides)


# ---------------------------------------------------------------- chiamata: the partner of each deal

CALL_FIELDS = ("caller", "partner", "called")


def call_sides(state: State, number: int, deal: Mapping[str, Any]) -> tuple[Sides, Hands]:
    """The caller with his partner against the other two, and what the call says of their hands.

    The caller lacks the Three he called and the partner holds it (S2 L100-101), so declarations
    that say otherwise are refused; without the suit, the caller at least lacks one Three.
    """
    players = state.table.seating.players
    for key in ("caller", "partner"):
        if key not in deal:
            raise refuse(number, key, N_("say who the {role} of this deal is"), role=key)
    caller = name_in(deal["caller"], number, "caller", players)
    partner = name_in(deal["partner"], number, "partner", players)
    if partner == caller:
        raise refuse(number, "partner", N_("the partner is the holder of the called Three, not the caller"))
    hands = Hands(caller=caller)
    if "called" in deal:
        suit = one_of(deal["called"], number, "called", SUITS)
        hands.lack(caller, ("3", suit))
        hands.hold(partner, ("3", suit))
    opponents = tuple(p for p in players if p not in (caller, partner))
    return new_sides(("caller", "opponents"), ((caller, partner), opponents), ((caller, partner), opponents),
                 "side"), hands


def chiamata_start(table: Table) -> State:
    return core.start_state(table, table.seating.players)


def chiamata_play(state: State, number: int, deal: Any) -> tuple[State, DealRow]:
    only_fields(deal, number, DEAL_FIELDS + CALL_FIELDS)
    if core.annulled(number, deal):
        return core.annulled_row(state, number)
    sides, hands = call_sides(state, number, deal)
    outcome = core.deal_outcome(state, number, deal, sides, FOUR_EVENTS, hands)
    extras = (("sides", {"caller": list(sides.members[0]), "opponents": list(sides.members[1])}),)
    return core.advance(state, number, outcome, sides, extras)


# ---------------------------------------------------------------- in due: each player a side


def in_due_start(table: Table) -> State:
    return core.start_state(table, table.seating.players)


def in_due_play(state: State, number: int, deal: Any) -> tuple[State, DealRow]:
    only_fields(deal, number, DEAL_FIELDS)
    if core.annulled(number, deal):
        return core.annulled_row(state, number)
    first, second = state.table.seating.players
    sides = new_sides((first, second), ((first,), (second,)), ((first,), (second,)), "player")
    return core.advance(state, number, core.deal_outcome(state, number, deal, sides, TWO_EVENTS), sides)


TRESSETTE: Game[State] = Game(TRESSETTE_SPEC, _options(TRESSETTE_SPEC), tressette_start, tressette_play,
                              core.result, ended_at=core.ended_at)
TRESSETTE_CHIAMATA: Game[State] = Game(CHIAMATA_SPEC, _options(CHIAMATA_SPEC), chiamata_start, chiamata_play,
                                       core.result, ended_at=core.ended_at)
TRESSETTE_IN_DUE: Game[State] = Game(IN_DUE_SPEC, _options(IN_DUE_SPEC), in_due_start, in_due_play, core.result,
                                     ended_at=core.ended_at)
