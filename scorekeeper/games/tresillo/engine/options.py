"""Session options: the rule variants a group plays, turned into a :class:`Ruleset`.

A variant is never a branch in the replay code: each option changes numbers
or flags of the ruleset (a new frozen value), and the replay reads them.
The session file carries the options as ``"options": {...}``; every bad
value is refused with a field error naming ``options.<name>``.

>>> from .rules import get_ruleset
>>> r = get_ruleset("pagat").with_options({"scale": 5, "palo_de_favor": "oros"})
>>> r.ante, r.pajarito, r.table_tanto, r.condicion("vuelta"), r.round_to, r.favoured_suit
(5, 25, 5, 2, 5, 'oros')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ....core.errors import N_, FieldError, SessionError, field_error
from .model import Contract, GivenOutcome, Options

if TYPE_CHECKING:
    from .rules import Ruleset

#: the four suits of the Spanish pack, as the session file spells them
SUITS = ("oros", "copas", "espadas", "bastos")

#: option name -> what it means, for messages and docs
OPTIONS = {
    "palo_de_favor": "the favoured suit (oros, copas, espadas or bastos)",
    "scale": "1, or 5 for the traditional scores ×5",
    "codillo": "'puesta_and_winner' (default) or 'winner_only' (the old codillo)",
    "penetro_four": "true: nobody drops out of a penetro",
    "condiciones": "the group's own condiciones, {name: tantos}",
    "ante": "what the dealer puts in the plato",
    "pajarito": "the size of a pajarito",
    "dealer_bet": "French scoring: the dealer's fixed stake at four players (0: no bets)",
}

CODILLO_MODES = ("puesta_and_winner", "winner_only")

#: seed 000's "typical" condiciones when the scores are five times larger.
#: The penetro is not in that list: we scale the ordinary one (1 × 5).
SCALE5_CONDICIONES = {
    "entrada": 0,
    "vuelta": 2,
    "solo": 20,
    "penetro": 5,
    "estuche": 3,
    "contra_estuche": 3,
    "primeras": 1,
    "bola": 100,
}
SCALES = (1, 5)

#: condiciones a group may set, per kind of scoring
PUESTA_CONDICIONES = ("entrada", "vuelta", "solo", "penetro", "estuche", "contra_estuche", "primeras", "bola")
POINTS_CONDICIONES = ("entrada", "vuelta", "solo", "bola")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class _Changes:
    """The ruleset fields an options object changes, and what is wrong with it (collected, not raised)."""

    def __init__(self, base: Ruleset, options: Mapping[str, Any]) -> None:
        self.base = base
        self.options = options
        self.points = base.scoring == "points"
        self.fields: dict[str, Any] = {}
        self.condiciones = dict(base.condiciones)
        self.errors: list[FieldError] = []

    def bad(self, option: str, template: str, **params: Any) -> None:
        self.errors.append(field_error(None, f"options.{option}", template, **params))

    @property
    def round_to(self) -> int:
        return int(self.fields.get("round_to", self.base.round_to))


def _unknown(c: _Changes) -> None:
    for name in c.options:
        if name not in OPTIONS:
            c.bad(str(name), N_("unknown option (known: {items})"), items=', '.join(OPTIONS))


def _scale(c: _Changes) -> None:
    """Scores ×5: the traditional larger units, and every payment rounded up to a token of 5."""
    scale = c.options.get("scale", 1)
    base = c.base
    if not _is_int(scale) or scale not in SCALES:
        c.bad("scale", N_("the scale is 1 or 5"))
    elif scale == 5 and c.points:
        c.bad("scale", N_("{name} scoring already counts its own points"), name=base.name)
    elif scale == 5:
        c.fields.update(
            round_to=5, count_estuche=True, ante=base.ante * 5, pajarito=base.pajarito * 5,
            table_tanto=base.table_tanto * 5,
        )
        c.condiciones = {k: v for k, v in SCALE5_CONDICIONES.items() if k != "penetro" or base.penetro}


def _own_condiciones(c: _Changes) -> None:
    """The group's own amounts for the condiciones its scoring knows."""
    own = c.options.get("condiciones")
    if own is None:
        return
    if not isinstance(own, Mapping):
        c.bad("condiciones", N_("give the condiciones as an object {{name: tantos}}"))
        return
    allowed = POINTS_CONDICIONES if c.points else PUESTA_CONDICIONES
    for name, amount in own.items():
        if name not in allowed:
            c.bad(f"condiciones.{name}", N_("not a condición here (one of: {items})"), items=', '.join(allowed))
        elif name == "penetro" and not c.base.penetro:
            c.bad(f"condiciones.{name}", N_("there is no penetro under {name} rules"), name=c.base.name)
        elif not _is_int(amount) or amount < 0:
            c.bad(f"condiciones.{name}", N_("a whole number of tantos, 0 or more"))
        else:
            c.condiciones[name] = amount


def _dishes(c: _Changes) -> None:
    """The dealer's ante and the size of a pajarito (puesta family only)."""
    for name, least in (("ante", 0), ("pajarito", 1)):
        if name not in c.options:
            continue
        amount = c.options[name]
        if c.points:
            c.bad(name, N_("{name} scoring has no plato and no pajaritos"), name=c.base.name)
        elif not _is_int(amount) or amount < least:
            c.bad(name, N_("a whole number of tantos, {least} or more"), least=least)
        elif amount % c.round_to:
            c.bad(name, N_("with scores ×{round_to} it must be a multiple of {round_to}"),
                  round_to=c.round_to)
        else:
            c.fields[name] = amount


#: what is wrong with an option's value: a refusal's template and its values (said by the narration)
Problem = tuple[str, dict[str, Any]] | None


def _suit_problem(suit: Any, c: _Changes) -> Problem:
    if suit in SUITS:
        return None
    return N_("{value} is not a suit (one of: {items})"), {"value": repr(suit), "items": ", ".join(SUITS)}


def _codillo_problem(mode: Any, c: _Changes) -> Problem:
    if mode not in CODILLO_MODES:
        return N_("one of: {items}"), {"items": ", ".join(CODILLO_MODES)}
    if c.points:
        return N_("{name} scoring has its own codillo (three times the contract)"), {"name": c.base.name}
    return None


def _four_problem(four: Any, c: _Changes) -> Problem:
    if not isinstance(four, bool):
        return N_("must be true or false"), {}
    if four and not c.base.penetro:
        return N_("there is no penetro under {name} rules"), {"name": c.base.name}
    return None


def _bet_problem(stake: Any, c: _Changes) -> Problem:
    """French: the dealer's fixed stake at four players."""
    if not c.points:
        return N_("the dealer's bet belongs to French points scoring"), {}
    return None if _is_int(stake) and stake >= 0 else (N_("a whole number of points, 0 or more (0: no bets)"), {})


#: options that set one ruleset field as given: (option, field, what is wrong with a value)
_PLAIN: tuple[tuple[str, str, Callable[[Any, _Changes], Problem]], ...] = (
    ("palo_de_favor", "favoured_suit", _suit_problem),
    ("codillo", "codillo", _codillo_problem),
    ("penetro_four", "penetro_four", _four_problem),
    ("dealer_bet", "dealer_bet", _bet_problem),
)


def _plain(c: _Changes) -> None:
    for name, field, problem in _PLAIN:
        value = c.options.get(name)
        if value is None:
            continue
        why = problem(value, c)
        if why is None:
            c.fields[field] = value
        else:
            template, params = why
            c.bad(name, template, **params)


#: each option's reader, in the order its refusals are reported (scale first: it sets round_to)
_READERS = (_unknown, _scale, _own_condiciones, _dishes, _plain)


def apply_options(base: Ruleset, options: Mapping[str, Any]) -> Ruleset:
    """``base`` changed by ``options``; raises :class:`SessionError` on any bad option."""
    if not isinstance(options, Mapping):
        raise SessionError(field_error(None, "options", N_("give the options as an object {{name: value}}")))
    changes = _Changes(base, options)
    for read in _READERS:
        read(changes)
    if changes.errors:
        raise SessionError(changes.errors)
    return replace(
        base,
        condiciones=MappingProxyType(changes.condiciones),
        options=Options(options),
        **changes.fields,
    )


def hand_questions(rules: Ruleset, players: int) -> frozenset[str]:
    """The hand fields a table screen should ask under ``rules`` with ``players`` at the table.

    Only what the variants need: the trump suit only with a palo de favor,
    the count of top trumps only with scores ×5, the dealer's bet only in
    French scoring at four.

    >>> from .rules import get_ruleset
    >>> sorted(hand_questions(get_ruleset("pagat"), 4))
    ['bola', 'drops_out', 'estuche', 'primeras', 'surrender']
    >>> sorted(hand_questions(get_ruleset("pagat").with_options({"scale": 5, "palo_de_favor": "oros"}), 3))
    ['bola', 'contra_estuche', 'estuche', 'estuche_count', 'primeras', 'surrender', 'trump']
    >>> sorted(hand_questions(get_ruleset("french"), 4))
    ['bet', 'bola', 'primeras', 'surrender']
    """
    asks = {f for f in ("primeras", "bola", "surrender", "estuche") if rules.asks(f)}
    if rules.asks("contra_estuche") and rules.allows("contra_estuche"):
        asks.add("contra_estuche")
    if rules.asks("estuche") and rules.count_estuche:
        asks.add("estuche_count")
    if rules.asks("drops_out") and "penetro" in rules.contracts(players) and not rules.penetro_four:
        asks.add("drops_out")
    if rules.favoured_suit is not None:
        asks.add("trump")
    if rules.asks("bet") and rules.dealer_bet and players == 4:
        asks.add("bet")
    return frozenset(asks)


@dataclass(frozen=True, slots=True)
class HandChoices:
    """What the hand form may offer at a table: the engine accepts exactly these."""

    contracts: tuple[Contract, ...]
    #: contracts the declarer may surrender (a penetro: on seeing the cards), and those an
    #: opponent may then take over
    surrender: tuple[Contract, ...]
    takeover: tuple[Contract, ...]
    #: the optional questions (see :func:`hand_questions`)
    questions: frozenset[str]
    #: every hand field the table reads (others are refused)
    fields: frozenset[str]
    #: the condiciones a new declarer may still claim after taking over
    takeover_paid: frozenset[str] = frozenset()
    #: how a hand may be entered instead of its tricks (empty: the tricks are always needed)
    outcomes: tuple[GivenOutcome, ...] = ()


def hand_choices(rules: Ruleset, players: int) -> HandChoices:
    """The contracts, surrenders, takeovers and fields a hand form should offer.

    >>> from .rules import get_ruleset
    >>> c = hand_choices(get_ruleset("house"), 4)
    >>> c.contracts, c.surrender, c.takeover, c.outcomes
    (('entrada', 'vuelta', 'solo'), ('entrada', 'vuelta'), ('entrada',), ('sacado', 'puesta', 'codillo'))
    >>> c = hand_choices(get_ruleset("pagat"), 4)
    >>> c.surrender, c.takeover, sorted(c.takeover_paid)
    (('entrada', 'vuelta', 'penetro'), ('entrada', 'vuelta'), [])
    >>> hand_choices(get_ruleset("french"), 3).outcomes
    ('sacado', 'codillo')
    """
    contracts = rules.contracts(players)
    return HandChoices(
        contracts=contracts,
        surrender=tuple(c for c in contracts if c in rules.surrender_contracts or c == "penetro"),
        takeover=tuple(c for c in contracts if c in rules.takeover_contracts),
        questions=hand_questions(rules, players),
        fields=rules.hand_fields,
        takeover_paid=rules.takeover_paid,
        outcomes=rules.given_outcomes if rules.asks("outcome") else (),
    )
