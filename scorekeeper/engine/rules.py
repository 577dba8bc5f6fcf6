"""Rulesets as data.

A ruleset says *how much* and *what is allowed*; the replay machinery in
:mod:`scorekeeper.engine.replay` never asks which ruleset it is playing.
A new variant is a new :class:`Ruleset` value, not a new branch in the code.

>>> get_ruleset("pagat").condiciones["vuelta"]
1
>>> get_ruleset("house").table_tanto
0
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Mapping

from .errors import FieldError, SessionError

CONTRACTS = ("entrada", "vuelta", "solo", "penetro", "pass")
#: Condiciones a declarer can be paid (or pay) beyond the contract itself.
EXTRA_CONDICIONES = ("estuche", "contra_estuche", "primeras", "bola")


def _frozen(d: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(d))


@dataclass(frozen=True)
class Ruleset:
    """Everything that differs between the tables we know.

    ``table_tanto`` is the tanto per player added to the amount in play of a
    first puesta or a puesta in the plato (and paid by each other player to a
    winner of such a hand). ``condiciones`` maps a contract or a condición to
    its payment per player; a name that is absent is not a condición here.
    """

    name: str
    title: str
    player_counts: frozenset[int]
    condiciones: Mapping[str, int]
    table_tanto: int = 1
    pajarito: int = 5
    ante: int = 1
    #: contracts the declarer may surrender just before the fourth trick
    surrender_contracts: frozenset[str] = frozenset({"entrada", "vuelta"})
    #: contracts an opponent may take over after a surrender ("yo sigo")
    takeover_contracts: frozenset[str] = frozenset({"entrada", "vuelta"})
    #: condiciones a new declarer (after a takeover) is paid when he wins
    takeover_paid: frozenset[str] = frozenset()
    #: whether a new declarer pays for a failed bola
    takeover_pays_failed_bola: bool = False
    #: penetro: the resting dealer plays when all pass and nobody holds the espada
    penetro: bool = True
    #: with three players, all pass and the espada in the heap: the deal is cancelled
    cancel_all_pass: bool = True
    #: where a forced entrada comes from, for the words on the screen
    forced_chain: tuple[str, ...] = ("espada",)
    notes: tuple[str, ...] = field(default=())

    def condicion(self, name: str) -> int:
        return self.condiciones.get(name, 0)

    def allows(self, name: str) -> bool:
        return name in self.condiciones

    def with_condiciones(self, **amounts: int) -> "Ruleset":
        """A copy with some condiciones changed (a group's own table)."""
        merged = dict(self.condiciones)
        merged.update(amounts)
        return replace(self, condiciones=_frozen(merged))


PAGAT = Ruleset(
    name="pagat",
    title="Tresillo as played in Spain",
    player_counts=frozenset({3, 4}),
    condiciones=_frozen(
        {"entrada": 0, "vuelta": 1, "solo": 2, "penetro": 1, "estuche": 1, "primeras": 1, "bola": 8}
    ),
    table_tanto=1,
)

HOUSE = Ruleset(
    name="house",
    title="Club house rules",
    player_counts=frozenset({3, 4}),
    condiciones=_frozen(
        {
            "entrada": 1,
            "vuelta": 3,
            "solo": 5,
            "estuche": 1,
            "contra_estuche": 3,
            "primeras": 1,
            "bola": 10,
        }
    ),
    table_tanto=0,
    takeover_contracts=frozenset({"entrada"}),
    takeover_paid=frozenset({"estuche", "contra_estuche", "primeras", "bola"}),
    takeover_pays_failed_bola=False,
    penetro=False,
    cancel_all_pass=False,
    forced_chain=("espada", "basto", "forehand"),
)

RULESETS: Mapping[str, Ruleset] = MappingProxyType({r.name: r for r in (PAGAT, HOUSE)})


def get_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name``; unknown names are refused as a field error."""
    try:
        return RULESETS[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(RULESETS))
        raise SessionError(FieldError(None, "rules", f"unknown ruleset {name!r} (known: {known})")) from None
