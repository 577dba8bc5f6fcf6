"""Briscola's part of the table page: each side's deals won, how many the match needs, the last deal's points."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...i18n import N_, _
from ..replay import Played
from ..views import Pieces
from . import forms


@dataclass(frozen=True)
class Side:
    """One side on the table page."""

    name: str
    members: tuple[str, ...]
    won: int
    #: deals still to win (0 once the match is won)
    to_go: int
    #: its card points in the last deal played out, or None
    last: int | None


def table_extra(played: Played) -> Mapping[str, Any]:
    seating = played.table.seating
    wins: int = played.table.options["wins"]
    won = dict(played.rows[-1].scores) if played.rows else dict.fromkeys(seating.team_names, 0)
    last = next((row.extra("cards") for row in reversed(played.rows) if row.extra("cards")), None)
    shown = tuple(Side(name, seating.members(name), won[name], max(0, wins - won[name]),
                       last.get(name) if last else None) for name in seating.team_names)
    return {"sides": shown, "wins": wins, "alone": all(len(s.members) == 1 for s in shown)}


def deal_extra(played: Played, number: int) -> Mapping[str, Any]:
    seating = played.table.seating
    return {"sides": tuple((k, name, ", ".join(seating.members(name)))
                           for k, name in enumerate(forms.sides(played)))}


def deal_line(deal: Mapping[str, Any]) -> str:
    if deal.get("annulled") is True:
        return _("Annulled")
    points = deal.get("points") or {}
    return " · ".join(f"{side} {value}" for side, value in points.items())


OPTION_WORDS = {
    "wins": N_("Deals to win the match"),
}

PIECES = Pieces(
    table_template="games/briscola/table.html",
    table_extra=table_extra,
    deal_template="games/briscola/deal.html",
    deal_extra=deal_extra,
    deal_fields=forms.fields,
    read_deal=forms.read,
    form_field=forms.form_field,
    deal_line=deal_line,
    option_words=OPTION_WORDS,
)
