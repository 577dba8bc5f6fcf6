"""Cacho and Flor on the table page: the last pot in big type, each player's counters and money, the
counters after every hand, the value of a counter and who deals next; and the start form's counters."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...i18n import N_, _
from ..replay import Played
from ..views import FormData, Pieces
from . import forms
from .engine import COUNTERS_MOST, ROUNDS


@dataclass(frozen=True)
class Seat:
    """One player on the table page."""

    name: str
    counters: int
    deals_next: bool


@dataclass(frozen=True)
class HandRow:
    """One hand in the counters table: its pot, who took it (None: void) and everyone's counters after it."""

    number: int
    pot: int
    winner: str | None
    counters: tuple[int, ...]


@dataclass(frozen=True)
class Round:
    """One betting round on the form: what a stepper steps by and the most it offers (None: the resto)."""

    number: int
    bet: int | None

    @property
    def step(self) -> int:
        return self.bet or 1


def counters_now(played: Played) -> dict[str, int]:
    """Each player's counters after the last hand (before the first: as given, or 0)."""
    if played.rows:
        return dict(played.rows[-1].extra("counters"))
    start = played.table.options.get("counters")
    return dict(start) if start is not None else dict.fromkeys(played.table.seating.players, 0)


def table_extra(played: Played) -> Mapping[str, Any]:
    players = played.table.seating.players
    now = counters_now(played)
    dealer = forms.dealer_of(played, len(played.rows) + 1)
    # the last hands only: the table screen weighs and costs the same at hand 10 and at hand 500 (the other
    # hands are on the All deals pages)
    hands = tuple(HandRow(row.deal, row.extra("pot", 0), row.extra("winner"),
                          tuple(row.extra("counters")[p] for p in players))
                  for row in reversed(played.rows[-SHEET_HANDS:]))
    return {"seats": tuple(Seat(p, now[p], p == dealer) for p in players), "players": players,
            "hands": hands, "last": hands[0] if hands else None, "next_dealer": dealer,
            "earlier": max(0, len(played.rows) - SHEET_HANDS),
            "counted": played.table.options.get("counters") is not None}


#: how many of the last hands the table screen's sheet of counters shows
SHEET_HANDS = 12


def deal_extra(played: Played, number: int) -> Mapping[str, Any]:
    players = played.table.seating.players
    holds = forms.held(played, number)
    return {"players": tuple(enumerate(players)), "held": holds, "most": COUNTERS_MOST,
            "rounds": tuple(Round(r, rule.bet) for r, rule in enumerate(ROUNDS, start=1))}


def _left(rounds: Sequence[Mapping[str, Any]]) -> list[str]:
    """Who was still in after the last round entered."""
    last = rounds[-1] if rounds else {}
    return [p for p in (last.get("put") or {}) if p not in (last.get("folded") or [])]


def deal_line(deal: Mapping[str, Any]) -> str:
    if deal.get("void"):
        return _("Void hand: everybody passed the first card")
    rounds = deal.get("rounds") or []
    pot = sum(a for r in rounds for a in (r.get("put") or {}).values() if isinstance(a, int))
    left = _left(rounds)
    if "tied" in deal:
        return _("Pot of {pot} · tie between {players}: the eldest takes it").format(
            pot=pot, players=", ".join(deal["tied"]))
    winner = deal.get("winner") or (left[0] if len(left) == 1 else "")
    if len(left) == 1:
        return _("Pot of {pot} · {player} takes it: everyone else folded").format(pot=pot, player=winner)
    return _("Pot of {pot} · {player} won the showdown").format(pot=pot, player=winner)


def read_start(players: Sequence[str], form: FormData) -> tuple[dict[str, Any], dict[str, str]]:
    """The start form's counters: blank, or the whole number every player starts with (the resto check)."""
    text = (form.get("counters") or "").strip()
    if not text:
        return {}, {}
    if not (text.isascii() and text.isdigit() and len(text) <= 7 and 1 <= int(text) <= COUNTERS_MOST):
        return {}, {"opt-counters": _("Write the counters each player starts with as a whole number from 1 to "
                                      "{most}, or leave it empty.").format(most=COUNTERS_MOST)}
    return {"counters": dict.fromkeys(players, int(text))}, {}


OPTION_WORDS = {
    "counters": N_("Counters each player starts with"),
}


def _pieces() -> Pieces:
    return Pieces(
        table_template="games/pot/table.html",
        table_extra=table_extra,
        deal_template="games/pot/deal.html",
        deal_extra=deal_extra,
        deal_fields=forms.fields,
        read_deal=forms.read,
        form_field=forms.form_field,
        deal_line=deal_line,
        option_words=OPTION_WORDS,
        script="games/pot.js",
        start_template="games/pot/start.html",
        read_start=read_start,
    )


PIECES = {"cacho": _pieces(), "flor": _pieces()}
