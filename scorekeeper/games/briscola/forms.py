"""Briscola's deal form: each side's card points, or the deal annulled.

Fields are named by the side's place (``points-0``, ``points-1``), never by a name. One side's points
may be left blank: it took what the other leaves of the 120. Only the shape is read here; the engine
judges the deal (its bounds, its total).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...i18n import _
from ..replay import Played
from ..views import FormData, ReadDeal
from .engine import DEAL_POINTS


def sides(played: Played) -> tuple[str, ...]:
    """The two sides: the teams (each player, when two play)."""
    return played.table.seating.team_names


def fields(played: Played, number: int, deal: Mapping[str, Any] | None) -> dict[str, str]:
    """The form's values: blank for a new deal, the deal as entered for a fix."""
    if deal is None:
        return {}
    if deal.get("annulled") is True:
        return {"annulled": "1"}
    points = deal.get("points") or {}
    return {f"points-{k}": str(points.get(side, "")) for k, side in enumerate(sides(played))}


def _whole(text: str) -> int | None:
    """Card points typed on a phone: ASCII digits only, at most three."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 3 else None


def read(played: Played, number: int, form: FormData) -> ReadDeal:
    """The deal the form describes, or the errors by field; a blank side gets what the other leaves."""
    if form.get("annulled"):
        return {"annulled": True}, {}
    named = sides(played)
    typed = [(form.get(f"points-{k}") or "").strip() for k in range(len(named))]
    if not any(typed):
        return None, {"points-0": _("Write each side's card points (120 in all), or mark the deal annulled.")}
    values = [_whole(text) if text else None for text in typed]
    errors = {f"points-{k}": _("Write a whole number, such as 61.")
              for k, (text, value) in enumerate(zip(typed, values, strict=True)) if text and value is None}
    if errors:
        return None, errors
    known = [v for v in values if v is not None]
    filled = [v if v is not None else max(0, DEAL_POINTS - sum(known)) for v in values]
    return {"points": dict(zip(named, filled, strict=True))}, {}


def form_field(played: Played, number: int, where: str) -> str:
    """Where the engine's refusal of ``where`` (``points.A``, ``annulled``) is shown."""
    named = sides(played)
    parts = where.split(".")
    if parts[0] == "points" and len(parts) == 2 and parts[1] in named:
        return f"points-{named.index(parts[1])}"
    return "points-0" if parts[0] == "points" else "annulled"
