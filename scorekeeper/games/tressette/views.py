"""The Tressette games on the table page: each score against the target, who deals and leads, the stake.

Also the game's feats for the statistics (:func:`feats`), a pure function of the partite as played.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from ...i18n import N_, _, ngettext
from ..cards import CardCount, points
from ..replay import Played
from ..views import Pieces
from . import CALL_SIDES, SUIT_WORDS, forms
from .core import COLLATONDRIONE, EVENTS
from .declarations import VALUE
from .forms import dealer_of, leader_of

#: the game's words, kept in Italian, each with its short explanation (shown where first used)
WORDS: Mapping[str, str] = {
    "buon gioco": N_("the declarations: three or four Threes, Twos or Aces, or a napoletana"),
    "napoletana": N_("the Three, Two and Ace of one suit"),
    "cappotto": N_("one side took every trick"),
    "cappottone": N_("one player took every trick"),
    "stramazzo": N_("one side took every counting card, not every trick"),
    "strammazzone": N_("one player took every counting card, not every trick"),
    "collatondrione": N_("a decima: all ten cards of one suit in one hand"),
}

#: each declaration chip, in words
WHAT_WORDS: Mapping[str, str] = {
    "napoletana": N_("napoletana"),
    "three-3": N_("three Threes"), "four-3": N_("four Threes"),
    "three-2": N_("three Twos"), "four-2": N_("four Twos"),
    "three-A": N_("three Aces"), "four-A": N_("four Aces"),
    "decima": N_("decima"),
}


@dataclass(frozen=True)
class Score:
    """One score on the table page: a team, or a player, against the target."""

    key: str
    label: str
    score: int
    needs: int


@dataclass(frozen=True)
class Declared:
    """A declaration of this game as the table page lists it."""

    deal: int
    player: str
    what: str
    points: int
    #: the special ending that took it from its side (the rule ``cappotto_declarations: lost``), or ""
    lost: str = ""


@dataclass(frozen=True)
class Worth:
    """What a win pays each winner, by how the game ends."""

    word: str
    times: int


def _keys(played: Played) -> tuple[str, ...]:
    seating = played.table.seating
    return seating.team_names if seating.teams else seating.players


def scores(played: Played) -> tuple[Score, ...]:
    """Each team's (or player's) score and the points it still needs."""
    target = int(played.table.options["target"])
    now = dict(played.rows[-1].scores) if played.rows else dict.fromkeys(_keys(played), 0)
    seating = played.table.seating
    labels = {name: f"{name}: {' · '.join(members)}" for name, members in seating.teams}
    return tuple(Score(k, labels.get(k, k), now[k], max(0, target - now[k])) for k in _keys(played))


def declared(deals: Sequence[Any], played: Played | None = None) -> tuple[Declared, ...]:
    """Every declaration of the game so far, from the deals as entered (``view.deals``); those a special
    ending took away (under ``cappotto_declarations: lost``) say so."""
    out: list[Declared] = []
    for line in deals:
        lost = suffered(played, line.deal) if played is not None else frozenset()
        for d in line.deal.get("declarations") or []:
            what = next((c for c, (kind, rank) in forms.WHAT.items()
                         if kind == d["kind"] and rank == d.get("rank", "")), d["kind"])
            suit = d.get("suit") or d.get("missing") or ""
            out.append(Declared(line.number, d["player"], _what_words(what, suit), VALUE[d["kind"]],
                                str(line.deal["event"]) if d["player"] in lost else ""))
    return tuple(out)


def _makers(played: Played, deal: Mapping[str, Any]) -> tuple[str, ...]:
    """The players of the side that made a deal's special ending (its ``by``: a team, a side, a player)."""
    seating = played.table.seating
    by = str(deal.get("by", ""))
    if seating.teams:
        team = seating.team_of(by) if by in seating.players else by
        return dict(seating.teams).get(team, ())
    if "caller" in deal:
        callers = (deal["caller"], deal.get("partner", ""))
        return callers if by in (*callers, "caller") else tuple(p for p in seating.players if p not in callers)
    return (by,)


def suffered(played: Played, deal: Mapping[str, Any]) -> frozenset[str]:
    """The players whose declarations a deal's special ending took away: the side that suffered it, when
    the session plays ``cappotto_declarations: lost`` (docs/rules.md); nobody otherwise."""
    if "event" not in deal or played.table.options.get("cappotto_declarations") != "lost":
        return frozenset()
    makers = _makers(played, deal)
    return frozenset(p for p in played.table.seating.players if p not in makers)


def _what_words(what: str, suit: str) -> str:
    words = _(WHAT_WORDS[what]) if what in WHAT_WORDS else what
    if not suit:
        return words
    if what.startswith("three-"):
        return _("{what}, no {suit}").format(what=words, suit=_(SUIT_WORDS[suit]))
    return _("{what} of {suit}").format(what=words, suit=_(SUIT_WORDS[suit]))


def worth(played: Played) -> tuple[Worth, ...]:
    """What a win is worth to each winner: the stake, times the multiplier of the ending."""
    found = [Worth("", 1)] + [Worth(e, EVENTS[e].multiplier) for e in forms.events(played)]
    if played.table.options.get("declarations"):
        found.append(Worth("collatondrione", COLLATONDRIONE))
    return tuple(found)


def _claimant(deals: Sequence[Any], number: int) -> str:
    """Who made the claim that ended the game at deal ``number`` (from the deals as entered)."""
    for line in deals:
        if line.number == number and isinstance(line.deal.get("claim"), Mapping):
            return str(line.deal["claim"].get("by", ""))
    return ""


def _score_of(played: Played, player: str) -> int:
    """A player's score at the end: his own (chiamata, in due) or his team's."""
    scores = dict(played.rows[-1].scores) if played.rows else {}
    seating = played.table.seating
    return scores.get(player, scores.get(seating.team_of(player), 0) if seating.teams else 0)


def _why_ending(played: Played, deals: Sequence[Any]) -> str:
    """Why the game ended as it did, in one sentence: the claim and its count, the target, the special ending."""
    r = played.result
    n, target = r.ended_at, played.table.options["target"]
    if r.how in ("claim", "false_claim"):
        claimant = _claimant(deals, n or 0)
        said = (_("{player} claimed {target} in deal {n} and had {score}: a correct claim wins.")
                if r.how == "claim" else
                _("{player} claimed {target} in deal {n} but had {score}: a false claim loses, so the others win."))
        return said.format(player=claimant, target=target, n=n, score=_score_of(played, claimant))
    if r.how == "target":
        reached = [p for p in r.winners if _score_of(played, p) >= target]
        return _("{names} reached {target} at the end of deal {n}.").format(names=", ".join(reached), target=target,
                                                                              n=n)
    return _("{ending} in deal {n}: it ends the game whatever the scores, ×{times} the stake.").format(
        ending=r.how, n=n, times=r.multiplier)


def end_words(played: Played, deals: Sequence[Any]) -> tuple[str, ...]:
    """Who won the ended game and why, said on the table page before it is closed (nothing while it goes on).

    In the chiamata a player's own score does not decide: the partners of the deal that ended the game
    win together, so a winner may stand lower than a loser; the page says so by name.
    """
    r = played.result
    if not r.finished:
        return ()
    said = [_("Won by {names}.").format(names=", ".join(r.winners)), _why_ending(played, deals)]
    if forms.chiamata(played):
        low = min(r.winners, key=lambda p: _score_of(played, p))
        high = max(r.losers, key=lambda p: _score_of(played, p))
        if _score_of(played, low) < _score_of(played, high):
            said.append(_("{low} wins on {low_score} and {high} loses on {high_score}: in the chiamata the two "
                          "partners of the deal that ended the game win together, whatever their own scores.").format(
                low=low, low_score=_score_of(played, low), high=high, high_score=_score_of(played, high)))
    return tuple(said)


def table_extra(played: Played) -> Mapping[str, Any]:
    number = len(played.rows) + 1
    over = bool(played.result.finished)
    return {
        "scores": scores(played), "target": played.table.options["target"],
        "dealer": None if over else dealer_of(played, number),
        "leader": None if over else leader_of(played, number),
        "eldest": None if over else played.table.seating.players.index(leader_of(played, number)),
        "declared": lambda deals: declared(deals, played), "worth": worth(played), "stake": played.table.stake,
        "why": lambda deals: end_words(played, deals),
        "multiplier": played.result.multiplier, "how": played.result.how,
        "number": number, "keys": (secrets.token_urlsafe(16), secrets.token_urlsafe(16)),
        **deal_extra(played, number),
    }


def _by_words(played: Played, code: str) -> str:
    """A special ending's maker in words: a side, a side with or without the last trick, or a player."""
    if code.startswith("p"):
        return played.table.seating.players[int(code[1:])]
    side = forms.sides(played)[int(code[1])]
    if "-l" not in code:
        return side.label
    if int(code[-1]) == side.index:
        return _("{side}, and the last trick").format(side=side.label)
    return _("{side}; the others took the last trick").format(side=side.label)


def deal_extra(played: Played, number: int) -> Mapping[str, Any]:
    players = played.table.seating.players
    return {
        "players": tuple(enumerate(players)),
        "sides": forms.sides(played),
        "chiamata": forms.chiamata(played),
        "declarations_on": forms.declarations_on(played),
        "slots": range(forms.SLOTS),
        "what": tuple((code, _(WHAT_WORDS[code]), code in forms.ASKS_SUIT) for code in forms.WHAT),
        "suits": tuple((s, _(SUIT_WORDS[s])) for s in SUIT_WORDS),
        "events": tuple((e, _(WORDS[e]), tuple((c, _by_words(played, c)) for c in forms.by_codes(played, e)))
                        for e in forms.events(played)),
        "words": WORDS,
        "two": len(players) == 2,
    }


def _declaration_words(d: Mapping[str, Any], lost: str = "") -> str:
    """One declaration as the deal's line (and so the printed sheet) says it: who, what, its points (or the
    special ending that took them)."""
    what = next((c for c, (kind, rank) in forms.WHAT.items()
                 if kind == d["kind"] and rank == d.get("rank", "")), d["kind"])
    words = _what_words(what, d.get("suit") or d.get("missing") or "")
    if lost:
        return _("{player} {what} (lost with the {event})").format(player=d["player"], what=words, event=lost)
    return _("{player} {what} (+{points})").format(player=d["player"], what=words, points=VALUE[d["kind"]])


def _side_words(deal: Mapping[str, Any], name: str) -> str:
    """A side as a row says it: a chiamata deal's ``caller``/``opponents`` in words, a team or player as named."""
    return _(CALL_SIDES[name]) if "caller" in deal and name in CALL_SIDES else name


def _claimed(claim: Mapping[str, Any]) -> int | None:
    """The points a claim counted for its side so far: as tapped, or what its aces and thirds make."""
    if "points" in claim:
        return int(claim["points"])
    cards = claim.get("cards")
    if not isinstance(cards, Mapping):
        return None
    return points(CardCount(cards.get("aces", 0), cards.get("thirds", 0))) + int(bool(claim.get("last")))


def _ending_words(deal: Mapping[str, Any]) -> str:
    """The row's part after the declarations: a claim with its points, a special ending, or the last trick."""
    if "claim" in deal:
        claim = deal["claim"]
        return _("claim by {player}: {points} points so far").format(player=claim.get("by", ""),
                                                                        points=_claimed(claim))
    if "event" in deal:
        said = f"{deal['event']} · {_side_words(deal, str(deal.get('by', '')))}"
        if "last" in deal:
            said += " · " + _("last trick: {player}").format(player=_side_words(deal, deal["last"]))
        return said
    if "last" in deal:
        last = _("last trick: {player}").format(player=_side_words(deal, deal["last"]))
        return " · ".join([*_figures(deal), last])
    return ""


def _whole(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _count_words(side: str, count: Any) -> str | None:
    """A side's aces and thirds in words; None if either is not a count."""
    aces, thirds = (_whole(count.get(k)) for k in ("aces", "thirds")) if isinstance(count, Mapping) else (None, None)
    if aces is None or thirds is None:
        return None
    return _("{side}: {aces}, {thirds}").format(side=side, aces=ngettext("{n} ace", "{n} aces", aces).format(n=aces),
                                                thirds=ngettext("{n} third", "{n} thirds", thirds).format(n=thirds))


def _points_words(side: str, taken: Any) -> str | None:
    """A side's card points in words; None if they are not a count."""
    n = _whole(taken)
    return None if n is None else ngettext("{side}: {n} point", "{side}: {n} points", n).format(side=side, n=n)


def _figures(deal: Mapping[str, Any]) -> list[str]:
    """Each side's figures as entered, its aces and thirds or its card points: the way of counting named alone
    ("points · last trick") read like a missing figure. Nothing when one is not a count (a phone's kept deal is
    shown before it is checked)."""
    given, words = (deal.get("cards"), _count_words) if "cards" in deal else (deal.get("points"), _points_words)
    if not isinstance(given, Mapping):
        return []
    said = [words(_side_words(deal, str(side)), figure) for side, figure in given.items()]
    return [] if None in said else [s for s in said if s is not None]


def deal_line(deal: Mapping[str, Any], lost: frozenset[str] = frozenset()) -> str:
    """A deal in one line; ``lost``: the players whose declarations its special ending took away."""
    if deal.get("annulled"):
        return _("annulled: the same dealer deals again")
    said = [_declaration_words(d, str(deal["event"]) if d["player"] in lost else "")
            for d in deal.get("declarations") or []]
    parts = [_("buon gioco: {declarations}").format(declarations="; ".join(said))] if said else []
    ending = _ending_words(deal)
    if ending:
        parts.append(ending)
    if "caller" in deal:
        parts.insert(0, _("{caller} called, {partner} partner").format(caller=deal["caller"],
                                                                        partner=deal.get("partner", "")))
    return " · ".join(parts)


# ---------------------------------------------------------------- statistics


@dataclass
class Feats:
    """What a group's partite of the Tressette games add up to."""

    partite: int = 0
    #: partite won, by team (tressette) and by player (every game)
    won_by_team: dict[str, int] = field(default_factory=dict)
    won_by_player: dict[str, int] = field(default_factory=dict)
    #: games ended by a cappotto or cappottone, by the team or player who made it
    cappotti: dict[str, int] = field(default_factory=dict)
    claims: int = 0
    false_claims: int = 0
    #: points scored in deals played (annulled deals are not played), and how many such deals
    points: int = 0
    deals: int = 0

    @property
    def average(self) -> Decimal | None:
        """Average points per deal played, to a tenth (both sides together)."""
        if not self.deals:
            return None
        return (Decimal(self.points) / self.deals).quantize(Decimal("0.1"))


def _add(counts: dict[str, int], key: str) -> None:
    counts[key] = counts.get(key, 0) + 1


def partite_feats(partite: Sequence[Played]) -> Feats:
    """The feats of ``partite`` (any of the three Tressette games): only finished partite are won."""
    out = Feats()
    for p in partite:
        out.partite += 1
        played_rows = [row for row in p.rows if not row.extra("annulled")]
        out.deals += len(played_rows)
        out.points += sum(_side_points(p, row.points) for row in played_rows)
        r = p.result
        if r.how in ("claim", "false_claim"):
            out.claims += 1
            out.false_claims += r.how == "false_claim"
        if not r.finished:
            continue
        for player in r.winners:
            _add(out.won_by_player, player)
        if p.table.seating.teams:
            _add(out.won_by_team, p.table.seating.team_of(r.winners[0]))
        if r.how in ("cappotto", "cappottone"):
            _add(out.cappotti, p.table.seating.team_of(r.winners[0]) if p.table.seating.teams and r.how == "cappotto"
                 else ", ".join(r.winners))
    return out


#: the feats one player may make in a partita, for the statistics across evenings
WON, CAPPOTTO, CLAIMED, CLAIM_FAILED = (N_("partite won"), N_("cappotti made"), N_("claims made"),
                                        N_("claims failed"))


def feats(played: Played) -> dict[str, dict[str, int]]:
    """One partita's feats by player, in the shape of the statistics' hook (player → feat → count):
    a win for each winner, a cappotto (or cappottone) for each who made it, a claim for its claimant's
    side (the deal row does not keep who of the side claimed), failed when it was false."""
    r = played.result
    out: dict[str, dict[str, int]] = {}
    if not r.finished:
        return out
    claimants = r.winners if r.how == "claim" else r.losers if r.how == "false_claim" else ()
    for player in r.winners:
        out.setdefault(player, {})[WON] = 1
        if r.how in ("cappotto", "cappottone"):
            out[player][CAPPOTTO] = 1
    for player in claimants:
        out.setdefault(player, {})[CLAIMED] = 1
        if r.how == "false_claim":
            out[player][CLAIM_FAILED] = 1
    return out


def _side_points(p: Played, row_points: tuple[tuple[str, int], ...]) -> int:
    """A deal's points for both sides: in chiamata each side's points are credited to both its players."""
    total = sum(v for _, v in row_points)
    return total // 2 if forms.chiamata(p) else total


OPTION_WORDS = {
    "target": N_("Target"),
    "target=21": N_("21 points"),
    "target=31": N_("31 points"),
    "target=41": N_("41 points"),
    "target=51": N_("51 points"),
    "declarations": N_("Buon gioco (declarations of three or four Threes, Twos or Aces, napoletana)"),
    "declarations=true": N_("Yes, they score"),
    "declarations=false": N_("No declarations"),
    "cappotto_declarations": N_("After a cappotto or stramazzo, the declarations of those who suffered it"),
    "cappotto_declarations=kept": N_("They still score"),
    "cappotto_declarations=lost": N_("They are lost"),
}


def _line_for(played: Played) -> Any:
    """The deal's line by the session's rules: declarations a special ending took away say so."""
    return lambda deal: deal_line(deal, suffered(played, deal))


def _pieces() -> Pieces:
    return Pieces(
        table_template="games/tressette/table.html",
        table_extra=table_extra,
        deal_template="games/tressette/deal.html",
        deal_extra=deal_extra,
        deal_fields=forms.fields,
        read_deal=forms.read,
        form_field=forms.form_field,
        deal_line=deal_line,
        line_for=_line_for,
        option_words=OPTION_WORDS,
        script="games/tressette.js",
    )


PIECES = {name: _pieces() for name in ("tressette", "tressette-chiamata", "tressette-in-due")}
