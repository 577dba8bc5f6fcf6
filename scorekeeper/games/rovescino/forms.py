"""Rovescino's deal form: whole points per player still in, or aces and thirds, and the last trick.

The form names each player by his seat (``points-2``), never by his name. With aces and thirds the
last player's count may be left blank: it is what the others leave of the pack (4 aces, 20 thirds).
Only the shape is read here; the engine judges the deal (its totals, its bounds).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...i18n import _
from ..cards import ACES, PACK_POINTS, THIRDS
from ..replay import Played
from ..views import FormData, ReadDeal

MODES = ("points", "cards")


def in_deal(played: Played, number: int) -> tuple[str, ...]:
    """The players still in when deal ``number`` was (or is to be) dealt, in seating order."""
    before = played.rows[number - 2] if number >= 2 and len(played.rows) >= number - 1 else None
    out = set(before.extra("out", []) if before is not None else [])
    return tuple(p for p in played.table.seating.players if p not in out)


def seat(played: Played, player: str) -> int:
    return played.table.seating.players.index(player)


def fields(played: Played, number: int, deal: Mapping[str, Any] | None) -> dict[str, str]:
    """The form's values: blank for a new deal, the deal as entered for a fix."""
    if deal is None:
        return {"mode": "points"}
    out = {"mode": "cards" if "cards" in deal else "points", "last": str(deal.get("last", ""))}
    for player, value in (deal.get("points") or {}).items():
        out[f"points-{seat(played, player)}"] = str(value)
    for player, count in (deal.get("cards") or {}).items():
        out[f"aces-{seat(played, player)}"] = str(count.get("aces", ""))
        out[f"thirds-{seat(played, player)}"] = str(count.get("thirds", ""))
    return out


def _whole(text: str | None) -> int | None:
    """A count typed on a phone: ASCII digits only, at most three."""
    text = (text or "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 3 else None


def read(played: Played, number: int, form: FormData) -> ReadDeal:
    """The deal the form describes, or the errors by field (nothing guessed but the last count)."""
    players = in_deal(played, number)
    errors: dict[str, str] = {}
    mode = form.get("mode", "")
    if mode not in MODES:
        errors["mode"] = _("Choose how the cards are counted: points, or aces and thirds.")
        return None, errors
    last = form.get("last", "")
    if last not in players:
        errors["last"] = _("Say who took the last trick.")
    deal: dict[str, Any] = {}
    if mode == "points":
        deal["points"] = _points(played, players, form, errors)
    else:
        deal["cards"] = _cards(played, players, form, errors)
    deal["last"] = last
    return (None, errors) if errors else (deal, {})


def _points(played: Played, players: tuple[str, ...], form: FormData, errors: dict[str, str]) -> dict[str, Any]:
    """Each player's points, an empty field a 0 (as a table says it); the player ticked for "the rest" has
    what the others leave of the pack's 10 points (his field as typed is not read)."""
    rest = form.get("rest", "")
    points: dict[str, int | None] = {}
    for p in players:
        name = f"points-{seat(played, p)}"
        typed = (form.get(name) or "").strip()
        points[p] = 0 if not typed else _whole(typed)
        if points[p] is None:
            errors[name] = _("Write a whole number, such as 3.")
    rest_to = next((p for p in players if str(seat(played, p)) == rest), None)
    if rest_to is None:
        return points
    name = f"points-{seat(played, rest_to)}"
    errors.pop(name, None)
    others = sum(v or 0 for p, v in points.items() if p != rest_to)
    points[rest_to] = PACK_POINTS - others
    if others > PACK_POINTS:
        errors[name] = _("The others already have {n} points, more than the {whole} of the pack: no rest to give."
                         ).format(n=others, whole=PACK_POINTS)
    return points


def _cards(played: Played, players: tuple[str, ...], form: FormData, errors: dict[str, str]) -> dict[str, Any]:
    """Each player's aces and thirds; the last player's blank counts are what the others leave."""
    cards: dict[str, dict[str, int | None]] = {}
    for i, p in enumerate(players):
        cards[p] = {}
        for kind, whole in (("aces", ACES), ("thirds", THIRDS)):
            name = f"{kind}-{seat(played, p)}"
            value = _whole(form.get(name))
            if value is None and i == len(players) - 1 and not (form.get(name) or "").strip():
                taken = [c[kind] for c in list(cards.values())[:-1]]
                if None not in taken:  # more than the pack among the others: the engine says by how much
                    value = max(0, whole - sum(t for t in taken if t is not None))
            if value is None:
                errors[name] = _("Write a whole number, such as 3.")
            cards[p][kind] = value
    return cards


def form_field(played: Played, number: int, where: str) -> str:
    """Where the engine's refusal of ``where`` (``points.Ana``, ``cards.Bea.aces``, ``last``) is shown."""
    parts = where.split(".")
    players = played.table.seating.players
    if parts[0] == "points" and len(parts) == 2 and parts[1] in players:
        return f"points-{players.index(parts[1])}"
    if parts[0] == "cards" and len(parts) == 3 and parts[1] in players:
        return f"{parts[2]}-{players.index(parts[1])}"
    if parts[0] in ("points", "cards", "last"):
        return parts[0]
    return "mode"
