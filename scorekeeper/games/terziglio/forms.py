"""Terziglio's deal form: the bid (or all pass), the soloist and his take, read into a deal object.

The soloist is named by his seat (``soloist=1``). His take is whole points (0 to 11, the last trick
and the monte included), each a button that saves the deal, or his aces and thirds and whether he
took the last trick. Only the shape is read here; the engine judges the deal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...i18n import _
from ..cards import ACES, THIRDS
from ..replay import Played
from .engine import AFTER_PASS_OUT, ALL_POINTS, AMOUNT, PASS

MODES = ("points", "cards")


def bids(played: Played, number: int) -> tuple[str, ...]:
    """The bids the engine takes for deal ``number``: after a deal all passed, under the pass-out rule,
    nothing below solo."""
    before = played.rows[number - 2] if 2 <= number <= len(played.rows) + 1 else None
    floor = (AMOUNT[AFTER_PASS_OUT] if played.table.options.get("pass_out") and before is not None
             and before.extra("passed") else 0)
    return (PASS, *(b for b, amount in AMOUNT.items() if amount >= floor))


def fields(played: Played, number: int, deal: Mapping[str, Any] | None) -> dict[str, str]:
    """The form's values: blank for a new deal, the deal as entered for a fix."""
    if deal is None:
        return {"mode": "points"}
    out = {"bid": str(deal.get("bid", "")), "mode": "cards" if "cards" in deal else "points"}
    if "soloist" in deal:
        out["soloist"] = str(played.table.seating.players.index(deal["soloist"]))
    if "points" in deal:
        out["points"] = str(deal["points"])
    if "cards" in deal:
        out.update({"aces": str(deal["cards"].get("aces", "")), "thirds": str(deal["cards"].get("thirds", "")),
                    "last": "yes" if deal.get("last") else "no"})
    if "every_trick" in deal:
        out["every_trick"] = str(deal["every_trick"])
    return out


def _whole(text: str | None, most: int) -> int | None:
    text = (text or "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 2 and int(text) <= most else None


def read(played: Played, number: int, form: Mapping[str, str]) -> tuple[dict[str, Any] | None, dict[str, str]]:
    """The deal the form describes, or the errors by field."""
    bid = form.get("bid", "")
    if bid not in (PASS, *AMOUNT):
        return None, {"bid": _("Choose the bid, or that everybody passed.")}
    if bid == PASS:
        return {"bid": PASS}, {}
    errors: dict[str, str] = {}
    deal: dict[str, Any] = {"bid": bid}
    players = played.table.seating.players
    seat = _whole(form.get("soloist"), len(players) - 1)
    if seat is None:
        errors["soloist"] = _("Say who played alone.")
    else:
        deal["soloist"] = players[seat]
    if form.get("mode", "points") == "cards":
        _read_cards(form, deal, errors)
    else:
        taken = _whole(form.get("points"), ALL_POINTS)
        if taken is None:
            errors["points"] = _("Tap the soloist's points (0 to 11).")
        deal["points"] = taken
    every = form.get("every_trick", "")
    if every in ("soloist", "opponents"):
        deal["every_trick"] = every
    elif every:
        errors["every_trick"] = _("Choose one of the answers shown.")
    return (None, errors) if errors else (deal, {})


def _read_cards(form: Mapping[str, str], deal: dict[str, Any], errors: dict[str, str]) -> None:
    """The soloist's aces and thirds, and whether the last trick (and the monte) was his."""
    for kind, pack in (("aces", ACES), ("thirds", THIRDS)):
        value = _whole(form.get(kind), pack)
        if value is None:
            errors[kind] = _("Write a whole number from 0 to {most}.").format(most=pack)
        deal.setdefault("cards", {})[kind] = value
    if form.get("last") not in ("yes", "no"):
        errors["last"] = _("Say whether the soloist took the last trick.")
    deal["last"] = form.get("last") == "yes"


def form_field(played: Played, number: int, where: str) -> str:
    """Where the engine's refusal of ``where`` (``cards.aces``, ``soloist``, ``every_trick``) is shown."""
    parts = where.split(".")
    if parts[0] == "cards" and len(parts) == 2:
        return parts[1]
    if parts[0] in ("bid", "soloist", "points", "last", "every_trick"):
        return parts[0]
    return "bid"
