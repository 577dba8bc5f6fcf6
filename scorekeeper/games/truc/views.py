"""Rentoy, Truc and Put at the table: the hand entered with big buttons, the score in matchsticks,
and the pairs' records against each other (with tonight's series and a revancha)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...i18n import N_, _
from ..replay import Played
from ..views import Past, Pieces
from . import forms
from .engine import TIE, Rules
from .tally import Drawing, drawing, halves, rules_of
from .versus import Match, Record, records, series


@dataclass(frozen=True)
class Side:
    """One side on the table page: its name, its players, its score and its matchsticks."""

    place: int
    name: str
    members: tuple[str, ...]
    score: int
    to_go: int
    tally: Drawing
    leads: bool


def scores_before(played: Played, number: int) -> dict[str, int]:
    """Each side's score before hand ``number``."""
    row = played.rows[number - 2] if 2 <= number <= len(played.rows) + 1 else None
    return dict(row.scores) if row is not None else dict.fromkeys(forms.sides(played), 0)


def table_extra(played: Played) -> Mapping[str, Any]:
    rules = forms.rules(played)
    seating = played.table.seating
    scores = scores_before(played, len(played.rows) + 1)
    top = max(scores.values(), default=0)
    split = halves(rules)
    shown = tuple(
        Side(i, side, seating.members(side) if seating.teams else (side,), scores[side],
             max(0, rules.target - scores[side]), drawing(scores[side], rules.target, split),
             scores[side] == top and top > 0)
        for i, side in enumerate(forms.sides(played)))
    return {"sides": shown, "target": rules.target, "halves": split, "half": rules.target // 2}


@dataclass(frozen=True)
class ChainView:
    """A chain of calls as the form draws it: its fields, title, values and first word."""

    first: str
    count: str
    legend: str
    values: tuple[int, ...]
    first_word: str
    main: bool


def said_values(rules: Rules, values: Sequence[Any]) -> tuple[Any, ...]:
    """The values a chain climbs through as the table says them: joc fora by its name."""
    return tuple(v if isinstance(v, int) else rules.raise_calls[-1].replace("_", " ") for v in values)


def first_word(rules: Rules, chain: forms.Chain, game: str) -> str:
    """The first raise in the ruleset's words (truco, truc), else the game's."""
    if chain.main and rules.raise_calls:
        return rules.raise_calls[0]
    return chain.first_word.get(game, "")


def bet_views(played: Played) -> tuple[dict[str, Any], ...]:
    """The side bets of the ruleset (envido, flor, envit) as the form draws them: the call buttons
    of each step and the answers, all from the chain's data."""
    names = forms.sides(played)
    return tuple({"name": forms.bet_name(bet), "legend": bet.field, "steps": forms.bet_steps(bet),
                  "choices": forms.bet_choices(played, bet), "alone": bet.sung_alone,
                  "answers": tuple((f"{kind}-{i}", kind, name) for kind in ("won", "refused")
                                   for i, name in enumerate(names))}
                 for bet in forms.rules(played).chains)


def deal_extra(played: Played, number: int) -> Mapping[str, Any]:
    """The sides, the chains of calls with their values, and what the tricks may be in this game."""
    rules = forms.rules(played)
    names = forms.sides(played)
    before = scores_before(played, number)
    game = played.game.spec.name
    chains = tuple(ChainView(c.first, c.count, _(c.legend), said_values(rules, getattr(rules, c.values)),
                             first_word(rules, c, game), c.main) for c in forms.CHAINS)
    return {"sides": tuple(enumerate(names)), "chains": chains, "main": next(c for c in chains if c.main),
            "bets": bet_views(played),
            "ties": rules.ties != "none", "ties_rule": rules.ties,
            "eldest": played.table.options.get("three_ties") == "eldest",
            "before": tuple((n, before.get(n, 0)) for n in names), "target": rules.target,
            "tie": TIE, "tricks": range(1, forms.TRICK_COUNT + 1)}


def line_of(game: str) -> Callable[[Mapping[str, Any]], str]:
    """A hand in one short line: the calls in order, then how it ended."""
    rules = rules_of(game)
    word = forms.MAIN.first_word.get(game, "")

    def deal_line(deal: Mapping[str, Any]) -> str:
        parts: list[str] = []
        raises = list(deal.get("raises") or [])
        for k, side in enumerate(raises, start=1):
            value = rules.ladder[k] if k < len(rules.ladder) else "?"
            parts.append(_("{side}: {call} ({value})").format(side=side, call=word if k == 1 and word else "↑",
                                                              value=value))
        if "won" in deal:
            parts.append(_("{side} won").format(side=deal["won"]))
        elif "folded" in deal:
            parts.append(_("{side} folded").format(side=deal["folded"]))
        elif "tricks" in deal:
            tricks = [_("tie") if t == TIE else str(t) for t in deal["tricks"]]
            parts.append(_("tricks: {tricks}").format(tricks=", ".join(tricks)))
            if "eldest" in deal:
                parts.append(_("eldest: {side}").format(side=deal["eldest"]))
        return " · ".join(parts)

    return deal_line


def match_of(played: Played, tonight: bool) -> Match | None:
    """A finished game as a match between the two pairs (None: not finished)."""
    r = played.result
    if not r.finished or not r.winners:
        return None
    return Match(r.winners, r.losers, tonight)


@dataclass(frozen=True)
class Versus:
    """The head-to-head section: every pair's record, every player's, and tonight's series."""

    pairs: tuple[Record, ...]
    players: tuple[Record, ...]
    series: tuple[int, int] | None
    pair_names: tuple[str, str] | None


def result_extra(played: Played, past: Sequence[Past]) -> Mapping[str, Any]:
    """The group's games of this game, oldest first, as records by pair and by player."""
    matches = [m for p in past if (m := match_of(p.played, p.tonight)) is not None]
    mine = match_of(played, True)
    tonight = series(matches, mine.winners, mine.losers) if mine is not None else None
    names = (", ".join(mine.winners), ", ".join(mine.losers)) if mine is not None else None
    return {"versus": Versus(records(matches, "pair"), records(matches, "player"), tonight, names)}


OPTION_WORDS = {
    "three_ties": N_("Three tied tricks"),
    "three_ties=eldest": N_("go to the eldest team"),
    "three_ties=tie": N_("tie the hand: nobody scores"),
}


def pieces(game: str) -> Pieces:
    return Pieces(
        table_template="games/truc/table.html",
        table_extra=table_extra,
        deal_template="games/truc/deal.html",
        deal_extra=deal_extra,
        deal_fields=forms.fields,
        read_deal=forms.read,
        form_field=forms.form_field,
        deal_line=line_of(game),
        option_words=OPTION_WORDS,
        script="games/truc.js",
        result_template="games/truc/versus.html",
        result_extra=result_extra,
    )


PIECES = {game: pieces(game) for game in ("rentoy", "truc", "put")}
