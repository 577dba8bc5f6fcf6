"""Terziglio on the table page: each player's score (or money, paid every deal), who deals, the bids' worth."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...i18n import N_, _, ngettext
from ..cards import CardCount, points
from ..replay import Played
from ..views import Pieces
from . import forms
from .engine import ALL_POINTS, ALL_POINTS_TIMES, AMOUNT, EVERY_TRICK, PASS

#: the game's words, kept in Italian, each with its short explanation
WORDS: Mapping[str, str] = {
    PASS: N_("everybody passed: nobody plays this deal"),
    "chiamo": N_("I call: the soloist names a card he lacks and its holder gives it to him"),
    "solo": N_("alone, with the monte"),
    "solissimo": N_("alone, without the monte"),
    "dividete": N_("aggravato dividete: alone, the monte goes to the opponents, they share it"),
    "scegliete": N_("aggravato scegliete: alone, the opponents choose who takes the monte"),
    "monte": N_("the four cards left over after the deal"),
}


@dataclass(frozen=True)
class Seat:
    """One player on the table page: his score and what it still needs (game), or his net points (payments)."""

    name: str
    score: int
    needs: int | None
    deals_next: bool


def dealer_of(played: Played, number: int) -> str:
    """The first player deals the first deal, then the next seat; a passed deal is dealt on as any other."""
    players = played.table.seating.players
    return players[(number - 1) % len(players)]


def table_extra(played: Played) -> Mapping[str, Any]:
    players = played.table.seating.players
    options = played.table.options
    game = options["scoring"] == "game"
    now = dict(played.rows[-1].scores) if played.rows else dict.fromkeys(players, 0)
    number = len(played.rows) + 1
    over = bool(played.result.finished)
    dealer = None if over else dealer_of(played, number)
    target = int(options["target"]) if game else None
    seats = tuple(Seat(p, now[p], max(0, (target or 0) - now[p]) if game else None, p == dealer) for p in players)
    lowest = forms.bids(played, number)[1]
    return {"seats": seats, "game": game, "target": target, "dealer": dealer,
            "eldest": None if dealer is None else players[(players.index(dealer) + 1) % len(players)],
            "stake": played.table.stake, "amounts": tuple(AMOUNT.items()), "words": WORDS,
            "pass_out": bool(options.get("pass_out")),
            "raised": lowest != next(iter(AMOUNT)), "lowest": lowest, "why": end_words(played)}


def deal_extra(played: Played, number: int) -> Mapping[str, Any]:
    return {"players": tuple(enumerate(played.table.seating.players)), "bids": forms.bids(played, number),
            "amounts": AMOUNT, "words": WORDS}


def times_of(deal: Mapping[str, Any]) -> int:
    """The multiplier of a deal as entered ([A 14]): ×2 every trick, ×3 all 11 points to the winning side."""
    take = deal.get("points")
    if take is None:
        given = deal.get("cards")
        cards: Mapping[str, Any] = given if isinstance(given, Mapping) else {}
        take = points(CardCount(_count(cards.get("aces")), _count(cards.get("thirds")))) + int(bool(deal.get("last")))
    if "every_trick" in deal:
        return EVERY_TRICK
    return ALL_POINTS_TIMES if take in (0, ALL_POINTS) else 1


def _count(n: Any) -> int:
    """A count as entered; anything else (a phone's kept deal is drawn before it is checked) as none."""
    return n if isinstance(n, int) and not isinstance(n, bool) else 0


def deal_line(deal: Mapping[str, Any]) -> str:
    if deal.get("bid") == PASS:
        return _("everybody passed")
    take = deal.get("points")
    if take is None:
        take = _taken_cards(deal.get("cards"))
    line = _("{bid} · played by {soloist} · took {take}").format(bid=deal.get("bid", ""),
                                                                  soloist=deal.get("soloist", ""), take=take)
    times = times_of(deal)
    return f"{line} · ×{times}" if times > 1 else line


def _taken_cards(cards: Any) -> str:
    """The soloist's aces and thirds in words, each counted as its language counts ("1 asso", "2 assi"); a figure
    that is not a count (a phone's kept deal, shown before it is checked) as it was given."""
    cards = cards if isinstance(cards, Mapping) else {}
    aces, thirds = cards.get("aces", ""), cards.get("thirds", "")
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in (aces, thirds)):
        return _("{aces} aces, {thirds} thirds").format(aces=aces, thirds=thirds)
    return ", ".join((ngettext("{n} ace", "{n} aces", aces).format(n=aces),
                      ngettext("{n} third", "{n} thirds", thirds).format(n=thirds)))


def end_words(played: Played) -> tuple[str, ...]:
    """Who won the ended game and why, said on the table page before it is closed (a game to the target)."""
    r = played.result
    if not r.finished:
        return ()
    scores = dict(played.rows[-1].scores)
    target = played.table.options["target"]
    reached = ", ".join(f"{p} ({scores[p]})" for p in r.winners)
    return (_("Won by {names}.").format(names=", ".join(r.winners)),
            _("{names} reached {target} at the end of deal {n}.").format(names=reached, target=target,
                                                                          n=r.ended_at))


OPTION_WORDS = {
    "scoring": N_("How you score"),
    "scoring=game": N_("A game to the target"),
    "scoring=payments": N_("Paying every deal"),
    "target": N_("Target (a game to the target only)"),
    "target=21": N_("21 points"),
    "target=31": N_("31 points"),
    "target=41": N_("41 points"),
    "target=51": N_("51 points"),
    "pass_out": N_("After a deal everybody passed, the lowest bid is solo"),
    "pass_out=false": N_("No"),
    "pass_out=true": N_("Yes"),
}

PIECES = {
    "terziglio": Pieces(
        table_template="games/terziglio/table.html",
        table_extra=table_extra,
        deal_template="games/terziglio/deal.html",
        deal_extra=deal_extra,
        deal_fields=forms.fields,
        read_deal=forms.read,
        form_field=forms.form_field,
        deal_line=deal_line,
        option_words=OPTION_WORDS,
        script="games/terziglio.js",
    ),
}
