"""Cacho and Flor's hand form: who dealt, the three betting rounds, and who took the pot (or a void hand).

The form names each player by his seat (``put-2-1``: round 2, seat 1), never by his name. A round
is read for the players still in: one who folded is not read in the later rounds, and once one
player is left no later round and no showdown is read (he takes the pot). Only the shape is read
here, and the resto (a player cannot put in more than he holds), so that it is told beside the
amount; the engine judges the rest of the hand (the bets of each round, who folded, the tie).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...i18n import _
from ..replay import Played
from ..views import FormData, ReadDeal
from .engine import ROUNDS

#: how a hand went: its rounds were played, or everybody passed the first card
HANDS = ("played", "void")
#: the answer of the showdown question that says the combinations tied
TIE = "tie"


def seat(played: Played, player: str) -> int:
    return played.table.seating.players.index(player)


def dealer_of(played: Played, number: int) -> str:
    """Who deals hand ``number``: seat 1 deals the first hand, then the deal passes to the next seat
    after whoever dealt the hand before (as entered; a hand without a dealer passes it on too)."""
    players = played.table.seating.players
    dealer = players[-1]  # so that the first hand goes to seat 1
    for row in played.rows[: number - 1]:
        named = row.extra("dealer")
        dealer = named if named in players else players[(players.index(dealer) + 1) % len(players)]
    return players[(players.index(dealer) + 1) % len(players)]


def held(played: Played, number: int) -> dict[str, int] | None:
    """Each player's counters when hand ``number`` starts (None: the counters were not given)."""
    start = played.table.options.get("counters")
    if start is None:
        return None
    if number >= 2 and len(played.rows) >= number - 1:
        return dict(played.rows[number - 2].extra("counters"))
    return dict(start)


def fields(played: Played, number: int, deal: Mapping[str, Any] | None) -> dict[str, str]:
    """The form's values: zeros and the next dealer for a new hand, the hand as entered for a fix."""
    players = played.table.seating.players
    if deal is None:
        out = {"hand": "played", "dealer": dealer_of(played, number)}
        out.update({f"put-{r}-{i}": "0" for r in range(1, len(ROUNDS) + 1) for i in range(len(players))})
        return out
    out = {"hand": "void" if deal.get("void") else "played", "dealer": str(deal.get("dealer", ""))}
    for r, entry in enumerate(deal.get("rounds") or [], start=1):
        for player, amount in (entry.get("put") or {}).items():
            out[f"put-{r}-{seat(played, player)}"] = str(amount)
        for player in entry.get("folded") or []:
            out[f"fold-{r}-{seat(played, player)}"] = "on"
    if "winner" in deal:
        out["winner"] = str(deal["winner"])
    if "tied" in deal:
        out["winner"] = TIE
        out.update({f"tied-{seat(played, p)}": "on" for p in deal["tied"]})
    return out


def _whole(text: str | None) -> int | None:
    """An amount typed on a phone: ASCII digits only, at most seven (the engine says the bounds)."""
    text = (text or "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 7 else None


def read(played: Played, number: int, form: FormData) -> ReadDeal:
    """The hand the form describes, or the errors by field (nothing guessed)."""
    players = played.table.seating.players
    errors: dict[str, str] = {}
    deal: dict[str, Any] = {}
    kind = form.get("hand", "")
    if kind not in HANDS:
        errors["hand"] = _("Say whether the hand was played or everybody passed the first card.")
    dealer = form.get("dealer", "")
    if dealer not in players:
        errors["dealer"] = _("Say who dealt this hand.")
    if kind == "void":
        return (None, errors) if errors else ({"void": True, "dealer": dealer}, {})
    rounds, left = _rounds(played, number, form, errors)
    deal["rounds"] = rounds
    if len(left) > 1:
        _showdown(played, form, left, deal, errors)
    deal["dealer"] = dealer
    return (None, errors) if errors else (deal, {})


def _rounds(played: Played, number: int, form: FormData, errors: dict[str, str],
            ) -> tuple[list[dict[str, Any]], tuple[str, ...]]:
    """The rounds for the players still in, and who is left after them (the resto told by amount)."""
    left = played.table.seating.players
    holds = held(played, number)
    total = dict.fromkeys(left, 0)
    rounds: list[dict[str, Any]] = []
    for r in range(1, len(ROUNDS) + 1):
        if len(left) < 2:
            break
        put: dict[str, int | None] = {}
        folded = [p for p in left if form.get(f"fold-{r}-{seat(played, p)}")]
        for p in left:
            name = f"put-{r}-{seat(played, p)}"
            put[p] = _whole(form.get(name))
            if put[p] is None:
                errors[name] = _("Write a whole number of counters, such as 2.")
                continue
            total[p] += put[p] or 0
            if holds is not None and total[p] > holds[p]:
                errors[name] = _("{player} holds {held} counters and cannot put {total} into this hand.").format(
                    player=p, held=holds[p], total=total[p])
        rounds.append({"put": put, "folded": folded} if folded else {"put": put})
        left = tuple(p for p in left if p not in folded)
    return rounds, left


def _showdown(played: Played, form: FormData, left: Sequence[str], deal: dict[str, Any],
              errors: dict[str, str]) -> None:
    """Who won the showdown, or the players whose combinations tied."""
    answer = form.get("winner", "")
    if answer == TIE:
        deal["tied"] = [p for p in left if form.get(f"tied-{seat(played, p)}")]
    elif answer in left:
        deal["winner"] = answer
    else:
        errors["winner"] = _("Say who won the showdown, or that two or more tied.")


def form_field(played: Played, number: int, where: str) -> str:
    """Where the engine's refusal of ``where`` (``rounds[1].put.Ana``, ``tied[0]``, ``dealer``) is shown."""
    players = played.table.seating.players
    head, _dot, rest = where.partition(".")
    if head.startswith("rounds[") and head.endswith("]") and head[7:-1].isdigit():
        r = int(head[7:-1]) + 1
        if rest.startswith("put.") and rest[4:] in players:
            return f"put-{r}-{players.index(rest[4:])}"
        return f"round-{r}" if r <= len(ROUNDS) else "rounds"
    if head.startswith("tied") or head == "winner":
        return "winner"
    if head in ("dealer", "rounds"):
        return head
    return "hand"
