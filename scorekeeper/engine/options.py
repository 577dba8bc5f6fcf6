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

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from .errors import FieldError, SessionError
from .model import Options
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


def apply_options(base: Ruleset, options: Mapping[str, Any]) -> Ruleset:  # noqa: C901  (being split into the hand pipeline)
    """``base`` changed by ``options``; raises :class:`SessionError` on any bad option."""
    errors: list[FieldError] = []

    def bad(name: str, message: str) -> None:
        errors.append(FieldError(None, f"options.{name}", message))

    if not isinstance(options, Mapping):
        raise SessionError(FieldError(None, "options", "give the options as an object {name: value}"))
    for name in options:
        if name not in OPTIONS:
            bad(str(name), f"unknown option (known: {', '.join(OPTIONS)})")
    points = base.scoring == "points"
    changes: dict[str, Any] = {}
    condiciones = dict(base.condiciones)

    # ---- scores ×5: the traditional larger units, and rounding up to a token of 5
    scale = options.get("scale", 1)
    if not _is_int(scale) or scale not in SCALES:
        bad("scale", "the scale is 1 or 5")
    elif scale == 5:
        if points:
            bad("scale", f"{base.name} scoring already counts its own points")
        else:
            changes.update(
                round_to=5,
                count_estuche=True,
                ante=base.ante * 5,
                pajarito=base.pajarito * 5,
                table_tanto=base.table_tanto * 5,
            )
            condiciones = {k: v for k, v in SCALE5_CONDICIONES.items() if k != "penetro" or base.penetro}
    round_to = changes.get("round_to", base.round_to)

    # ---- the group's own amounts
    own = options.get("condiciones")
    if own is not None:
        allowed = POINTS_CONDICIONES if points else PUESTA_CONDICIONES
        if not isinstance(own, Mapping):
            bad("condiciones", "give the condiciones as an object {name: tantos}")
        else:
            for name, amount in own.items():
                if name not in allowed:
                    bad(f"condiciones.{name}", f"not a condición here (one of: {', '.join(allowed)})")
                elif name == "penetro" and not base.penetro:
                    bad(f"condiciones.{name}", f"there is no penetro under {base.name} rules")
                elif not _is_int(amount) or amount < 0:
                    bad(f"condiciones.{name}", "a whole number of tantos, 0 or more")
                else:
                    condiciones[name] = amount
    for name, least in (("ante", 0), ("pajarito", 1)):
        if name not in options:
            continue
        amount = options[name]
        if points:
            bad(name, f"{base.name} scoring has no plato and no pajaritos")
        elif not _is_int(amount) or amount < least:
            bad(name, f"a whole number of tantos, {least} or more")
        elif amount % round_to:
            bad(name, f"with scores ×{round_to} it must be a multiple of {round_to}")
        else:
            changes[name] = amount

    # ---- palo de favor
    suit = options.get("palo_de_favor")
    if suit is not None:
        if suit not in SUITS:
            bad("palo_de_favor", f"{suit!r} is not a suit (one of: {', '.join(SUITS)})")
        else:
            changes["favoured_suit"] = suit

    # ---- the old codillo
    codillo = options.get("codillo")
    if codillo is not None:
        if codillo not in CODILLO_MODES:
            bad("codillo", f"one of: {', '.join(CODILLO_MODES)}")
        elif points:
            bad("codillo", f"{base.name} scoring has its own codillo (three times the contract)")
        else:
            changes["codillo"] = codillo

    # ---- penetro with four
    four = options.get("penetro_four")
    if four is not None:
        if not isinstance(four, bool):
            bad("penetro_four", "must be true or false")
        elif four and not base.penetro:
            bad("penetro_four", f"there is no penetro under {base.name} rules")
        else:
            changes["penetro_four"] = four

    # ---- French: the dealer's stake
    stake = options.get("dealer_bet")
    if stake is not None:
        if not points:
            bad("dealer_bet", "the dealer's bet belongs to the French points scoring")
        elif not _is_int(stake) or stake < 0:
            bad("dealer_bet", "a whole number of points, 0 or more (0: no bets)")
        else:
            changes["dealer_bet"] = stake

    if errors:
        raise SessionError(errors)
    return replace(
        base,
        condiciones=MappingProxyType(condiciones),
        options=Options(options),
        **changes,
    )


def option_words(options: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The options in force, as (label, value) pairs for a report header.

    >>> option_words({"palo_de_favor": "oros", "scale": 5, "condiciones": {"vuelta": 2}})
    [('Palo de favor', 'oros'), ('Scores', '×5'), ('Own condiciones', 'vuelta 2')]
    """
    out: list[tuple[str, str]] = []
    for name, value in options.items():
        if name == "palo_de_favor":
            out.append(("Palo de favor", str(value)))
        elif name == "scale":
            out.append(("Scores", f"×{value}"))
        elif name == "codillo":
            out.append(("Codillo", "winner only (old codillo)" if value == "winner_only" else "puesta and winner"))
        elif name == "penetro_four":
            out.append(("Penetro", "with four (nobody drops out)" if value else "one player drops out"))
        elif name == "condiciones":
            out.append(("Own condiciones", ", ".join(f"{k} {v}" for k, v in value.items())))
        elif name == "ante":
            out.append(("Dealer's ante", str(value)))
        elif name == "pajarito":
            out.append(("Pajarito", str(value)))
        elif name == "dealer_bet":
            out.append(("Dealer's bet", str(value) if value else "none"))
    return out


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
    asks = {"primeras", "bola", "surrender"}
    if rules.scoring == "puesta":
        asks.add("estuche")
        if rules.allows("contra_estuche"):
            asks.add("contra_estuche")
        if rules.count_estuche:
            asks.add("estuche_count")
        if rules.penetro and players == 4 and not rules.penetro_four:
            asks.add("drops_out")
    if rules.favoured_suit is not None:
        asks.add("trump")
    if rules.dealer_bet and players == 4:
        asks.add("bet")
    return frozenset(asks)
