"""Rulesets as data.

A ruleset says *how much* and *what is allowed*; the replay machinery in
:mod:`scorekeeper.games.tresillo.engine.replay` never asks which ruleset it is playing.
A new variant is a new :class:`Ruleset` value, not a new branch in the code.

>>> get_ruleset("pagat").condiciones["vuelta"]
1
>>> get_ruleset("house").table_tanto
0
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from types import MappingProxyType

from ....core.errors import N_, SessionError, field_error
from .model import GIVEN_OUTCOMES, Contract, GivenOutcome, ScoringName
from .options import apply_options

CONTRACTS: tuple[Contract, ...] = ("entrada", "vuelta", "solo", "penetro", "pass")
#: Condiciones a declarer can be paid (or pay) beyond the contract itself.
EXTRA_CONDICIONES = ("estuche", "contra_estuche", "primeras", "bola")

#: every field of a session file's hand object
HAND_FIELDS = (
    "contract", "declarer", "forced", "tricks", "estuche", "contra_estuche", "primeras",
    "bola", "surrender", "drops_out", "debt", "trump", "bet", "outcome", "winner",
)
#: the fields of a hand object that say where it was dealt (read by the deal, under every ruleset)
DEAL_FIELDS = ("dealer", "seating")
#: the hand fields the puesta family reads (the dealer's bet is French)
PUESTA_FIELDS = frozenset(HAND_FIELDS) - {"bet"}
#: the hand fields French points scoring reads: no paper, no penetro, no estuche, nobody forced
#: (how a hand ended only where the tricks do not matter: see ``given_outcomes``)
POINTS_FIELDS = frozenset(
    {"contract", "declarer", "tricks", "primeras", "bola", "surrender", "trump", "bet", "outcome", "winner"}
)


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

    # ---- variants (docs/variants.md); the defaults are the rules without options
    #: how the hands are scored: "puesta" (plato, pajaritos, paper) or "points" (seed 003)
    scoring: ScoringName = "puesta"
    #: the hand fields this table reads; any other field given is refused (it belongs to another scoring)
    hand_fields: frozenset[str] = PUESTA_FIELDS
    #: how a hand may be told by its ending instead of its tricks (``outcome``), and after a takeover
    given_outcomes: tuple[GivenOutcome, ...] = GIVEN_OUTCOMES
    taken_over_outcomes: tuple[GivenOutcome, ...] = GIVEN_OUTCOMES
    #: the palo de favor (a suit), or None when the table plays without one
    favoured_suit: str | None = None
    #: condiciones (and the table tanto) are multiplied by this when trumps are the favoured suit
    favour_factor: int = 2
    #: condiciones the favoured suit does not multiply
    favour_exempt: frozenset[str] = frozenset()
    #: every payment between two players in a hand is rounded up to a multiple of this
    round_to: int = 1
    #: estuche and contra-estuche are paid by the count of top trumps in sequence
    count_estuche: bool = False
    #: the most top trumps counted (and with a won bola, for the declarer's estuche)
    estuche_cap: int = 5
    estuche_cap_bola: int = 9
    #: a losing declarer's codillo: "puesta_and_winner" (a puesta and the winner) or "winner_only"
    codillo: str = "puesta_and_winner"
    #: a penetro is played by all four (nobody drops out)
    penetro_four: bool = False
    #: points scoring: a codillo costs this many times the contract's value
    codillo_factor: int = 3
    #: points scoring: the dealer's fixed stake at four players (0: no dealer's bet)
    dealer_bet: int = 0
    #: points scoring: what a right prediction collects (J: from each opponent; P, C: from the declarer)
    bet_payouts: Mapping[str, int] = field(default_factory=lambda: _frozen({}))
    #: the options this ruleset was made from (for the report header)
    options: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))

    def contracts(self, players: int) -> tuple[Contract, ...]:
        """The contracts a hand may have at a table of ``players``.

        A penetro needs four players; an all-pass deal is cancelled only where nobody
        plays a penetro instead (three players, or a ruleset without the penetro).

        >>> get_ruleset("pagat").contracts(4), get_ruleset("pagat").contracts(3)
        (('entrada', 'vuelta', 'solo', 'penetro'), ('entrada', 'vuelta', 'solo', 'pass'))
        >>> get_ruleset("house").contracts(3), get_ruleset("french").contracts(4)
        (('entrada', 'vuelta', 'solo'), ('entrada', 'vuelta', 'solo', 'pass'))
        """
        out: list[Contract] = ["entrada", "vuelta", "solo"]
        if self.penetro and players == 4:
            out.append("penetro")
        if self.cancel_all_pass and (players == 3 or not self.penetro):
            out.append("pass")
        return tuple(out)

    def asks(self, field: str) -> bool:
        """Whether a hand under these rules may carry ``field`` (see :data:`HAND_FIELDS`)."""
        return field in self.hand_fields

    @cached_property
    def unread_fields(self) -> tuple[str, ...]:
        """The hand fields of other scorings, refused when a hand gives them."""
        return tuple(f for f in HAND_FIELDS if f not in self.hand_fields)

    def favour(self, name: str, favoured: bool) -> int:
        """What trumps in the palo de favor multiply ``name`` by (1 when exempt or not favoured)."""
        return self.favour_factor if favoured and name not in self.favour_exempt else 1

    def paid(self, name: str, favoured: bool) -> int:
        """The condición ``name`` as paid in a hand: × the favour factor when trumps are the palo de favor.

        >>> get_ruleset("pagat").with_options({"palo_de_favor": "oros"}).paid("vuelta", True)
        2
        """
        value = self.condiciones.get(name, 0)  # self.condicion(name), and the favour only when favoured, inlined
        return value * self.favour(name, favoured) if favoured else value

    def condicion(self, name: str) -> int:
        return self.condiciones.get(name, 0)

    def allows(self, name: str) -> bool:
        return name in self.condiciones

    def condicion_count(self, name: str, count: int, bola_won: bool = False) -> int:
        """Estuche or contra-estuche for ``count`` top trumps in sequence (3 or more).

        Without counting it is the flat condición; with counting (scores ×5)
        the condición pays for the top three plus one per further trump, up
        to :attr:`estuche_cap` trumps (:attr:`estuche_cap_bola` for the
        estuche of a won bola).
        """
        base = self.condicion(name)
        if not self.count_estuche:
            return base
        cap = self.estuche_cap_bola if bola_won and name == "estuche" else self.estuche_cap
        return base + max(0, min(count, cap) - 3)

    def round_up(self, amount: int) -> int:
        """``amount`` rounded up to a multiple of :attr:`round_to`."""
        step = self.round_to
        return -(-amount // step) * step

    def with_options(self, options: Mapping[str, object] | None) -> Ruleset:
        """This ruleset changed by a session's options (a new frozen value).

        Unknown or bad options are refused as :class:`SessionError` naming
        ``options.<name>``. See :mod:`scorekeeper.games.tresillo.engine.options`.
        """
        if not options:
            return self
        return apply_options(self, options)

    def with_condiciones(self, **amounts: int) -> Ruleset:
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

FRENCH = Ruleset(
    name="french",
    title="French points scoring",
    player_counts=frozenset({3, 4}),
    # the value of each contract; "bola" is the chelem (all nine tricks)
    condiciones=_frozen({"entrada": 5, "vuelta": 10, "solo": 30, "bola": 70}),
    table_tanto=0,
    pajarito=0,
    ante=0,
    surrender_contracts=frozenset({"entrada", "vuelta"}),
    takeover_contracts=frozenset({"entrada"}),
    penetro=False,
    cancel_all_pass=True,
    scoring="points",
    hand_fields=POINTS_FIELDS,
    # a puesta is paid to whoever tied, and a hand taken over compares both declarers' tricks
    given_outcomes=("sacado", "codillo"),
    taken_over_outcomes=("sacado",),
    favour_exempt=frozenset({"bola"}),
    codillo_factor=3,
    dealer_bet=10,
    bet_payouts=_frozen({"J": 5, "P": 10, "C": 15}),
)

RULESETS: Mapping[str, Ruleset] = MappingProxyType({r.name: r for r in (PAGAT, HOUSE, FRENCH)})


def get_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name``; unknown names are refused as a field error."""
    try:
        return RULESETS[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(RULESETS))
        raise SessionError(field_error(None, "rules", N_("unknown ruleset {name!r} (known: {known})"),
                name=name, known=known)) from None
