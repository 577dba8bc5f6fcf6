"""Rovescino's part of the table page: every score, the distance to 21, who is out, who deals next."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...i18n import N_, _
from ..replay import Played
from ..views import Pieces
from . import forms
from .engine import TARGET


@dataclass(frozen=True)
class Seat:
    """One player on the table page."""

    name: str
    score: int
    #: points left before 21 (None once he is out or the game is over for him)
    to_go: int | None
    #: the deal he went out at, or None
    out_at: int | None
    deals_next: bool


def next_dealer(played: Played) -> str | None:
    """Who deals the next deal: the first player dealt the first, then the deal passes to the next seat
    still in after each deal (None once the game has ended)."""
    players = played.table.seating.players
    if played.result.finished:
        return None
    dealer = players[0]
    for row in played.rows:
        out = set(row.extra("out", []))
        start = players.index(dealer)
        dealer = next(p for k in range(1, len(players) + 1)
                      if (p := players[(start + k) % len(players)]) not in out)
    return dealer


def table_extra(played: Played) -> Mapping[str, Any]:
    players = played.table.seating.players
    scores = dict(played.rows[-1].scores) if played.rows else dict.fromkeys(players, 0)
    out_at: dict[str, int] = {}
    for row in played.rows:
        for p in row.extra("eliminated", []):
            out_at[p] = row.deal
    if played.result.finished:
        for p in played.result.losers:
            if scores[p] >= TARGET:
                out_at.setdefault(p, played.result.ended_at or 0)
    dealer = next_dealer(played)
    seats = tuple(Seat(p, scores[p], None if p in out_at else TARGET - scores[p], out_at.get(p), p == dealer)
                  for p in players)
    return {"seats": seats, "target": TARGET, "next_dealer": dealer,
            "elimination": bool(played.table.options.get("elimination")), "why": end_words(played)}


def end_words(played: Played) -> tuple[str, ...]:
    """Who won the ended game and why, said on the table page before it is closed: who reached 21 at the
    last deal and, by the payout agreed, who wins (those still in, or the lowest score)."""
    r = played.result
    if not r.finished or not played.rows:
        return ()
    final = played.rows[-1]
    scores = dict(final.scores)
    before = dict(played.rows[-2].scores) if len(played.rows) > 1 else {}
    reached = [p for p in played.table.seating.players if scores[p] >= TARGET and before.get(p, 0) < TARGET]
    said = [_("Won by {names}.").format(names=", ".join(r.winners)),
            _("{names} reached {target} in deal {n}.").format(
                names=", ".join(f"{p} ({scores[p]})" for p in reached), target=TARGET, n=r.ended_at)]
    if played.table.options.get("payout") == "each_pays_winner":
        said.append(_("The lowest score wins: {score}; everyone else pays each winner the stake.").format(
            score=scores[r.winners[0]] if r.winners else ""))
    else:
        said.append(_("Who reaches {target} loses and pays the stake to each player still in.").format(target=TARGET))
    return tuple(said)


def deal_extra(played: Played, number: int) -> Mapping[str, Any]:
    players = forms.in_deal(played, number)
    return {"players": tuple((forms.seat(played, p), p) for p in players)}


def deal_line(deal: Mapping[str, Any]) -> str:
    """Who took the last trick: each player's points are the row's own figures (a way of counting named alone,
    "points · last trick", read like a missing figure)."""
    return _("last trick: {player}").format(player=deal.get("last", ""))


OPTION_WORDS = {
    "elimination": N_("Elimination: who reaches 21 drops out, the others play on until three are left"),
    "elimination=false": N_("No: the first to reach 21 ends the game"),
    "elimination=true": N_("Yes (four players or more)"),
    "payout": N_("Who pays"),
    "payout=loser_pays_each": N_("Who reaches 21 pays each player still in"),
    "payout=each_pays_winner": N_("Everyone pays the lowest score"),
}

PIECES = {
    "rovescino": Pieces(
        table_template="games/rovescino/table.html",
        table_extra=table_extra,
        deal_template="games/rovescino/deal.html",
        deal_extra=deal_extra,
        deal_fields=forms.fields,
        read_deal=forms.read,
        form_field=forms.form_field,
        deal_line=deal_line,
        option_words=OPTION_WORDS,
        script="games/rovescino.js",
    ),
}


def feats(played: Played) -> dict[str, dict[str, int]]:
    """Rovescino's feat across evenings (the statistics' hook, ``games.views.feats_for``): the deals a
    player ended without a point, the whole aim of playing backwards."""
    clean: dict[str, int] = {}
    for row in played.rows:
        for name, points in row.points:
            if points == 0:
                clean[name] = clean.get(name, 0) + 1
    return {name: {N_("Deals without a point"): n} for name, n in clean.items()}
