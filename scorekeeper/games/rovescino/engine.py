"""Rovescino: Tressette played backwards, each for himself, card points as penalties (seed 002).

3 to 8 players. Every card is counted by someone (the monte goes with the last trick), each
player rounds his own cards down and the last trick costs one more point. At 21 a player loses:
either the deal ends the game (those at 21 pay each player still in, or everyone pays the lowest),
or, with elimination among four or more, he drops out and the rest play on until three remain.
docs/rules.md, "Rovescino", says each rule in words; standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ...core.errors import N_
from ..base import (
    STAKE_OPTION,
    DealRow,
    Game,
    GameSpec,
    OptionSpec,
    Result,
    Seating,
    Table,
    builder,
    exactly_one,
    in_seating,
    money_of,
    name_in,
    new_result,
    new_row,
    only_fields,
    pay_each,
    read_choices,
    refuse,
)
from ..cards import PACK_POINTS, counted, possible_totals, read_points, read_whole_pack

#: the score at which a player loses (fixed by the game)
TARGET = 21
#: elimination goes on while at least this many players are left
LAST_TABLE = 3

SPEC = GameSpec(
    name="rovescino",
    title="Rovescino",
    seats=(3, 4, 5, 6, 7, 8),
    partnership="none",
    unit="points",
    options=(
        OptionSpec("elimination", False, (False, True)),
        OptionSpec("payout", "loser_pays_each", ("loser_pays_each", "each_pays_winner")),
        STAKE_OPTION,
    ),
    source="seed 002 (Parlett), Rovescino",
)


@dataclass(frozen=True, slots=True)
class State:
    """The table between deals: every score, who is still in, who dropped out and when.

    Each deal builds the next one with its fields in order, not with ``dataclasses.replace``, which looks
    the fields up again on every call (``bench/replay.py --instructions --games`` counts the difference).
    """

    table: Table
    scores: Mapping[str, int]
    still_in: tuple[str, ...]
    #: (player, deal) for each player eliminated, in order
    eliminated: tuple[tuple[str, int], ...] = ()
    ended: int | None = None
    #: the players at 21 in the deal that ended the game
    final_losers: tuple[str, ...] = ()


new_state = builder(State)  # State(...), built quickly: one a deal (base.builder)


def read_options(raw: Mapping[str, Any], seating: Seating) -> Mapping[str, Any]:
    options = read_choices(raw, SPEC)
    if options["elimination"] and len(seating.players) < 4:
        raise refuse(None, "options.elimination", N_("elimination needs at least four players"))
    return options


def start(table: Table) -> State:
    return new_state(table, {p: 0 for p in table.seating.players}, table.seating.players)


#: the fields of a deal (a set: asked of every deal)
FIELDS = frozenset(("cards", "points", "last"))


def deal_points(number: int, deal: Any, still_in: tuple[str, ...]) -> dict[str, int]:
    """Each player's penalty points of one deal: his rounded card points, and one more for the last trick."""
    only_fields(deal, number, FIELDS)
    given = exactly_one(deal, number, ("cards", "points"))
    if "last" not in deal:
        raise refuse(number, "last", N_("say who took the last trick"))
    last = name_in(deal["last"], number, "last", still_in)
    if given == "cards":
        points = counted(read_whole_pack(deal["cards"], number, still_in))
    else:
        points = read_points(deal["points"], number, still_in, PACK_POINTS)
        total = sum(points.values())
        totals = possible_totals(len(still_in))
        if total not in totals:
            raise refuse(number, "points",
                         N_("the card points of {n} players add up to one of {totals}; these add up to {total}"),
                         n=len(still_in), totals=", ".join(map(str, sorted(totals))), total=total)
    points[last] += 1
    return points


def play(state: State, number: int, deal: Any) -> tuple[State, DealRow]:
    points = deal_points(number, deal, state.still_in)  # keyed by the players still in, in seating order
    scores = dict(state.scores)
    reached: list[str] = []
    for p, n in points.items():  # one loop, not comprehensions: every deal asks
        scores[p] += n
        if scores[p] >= TARGET:
            reached.append(p)
    extras: list[tuple[str, Any]] = []
    # each State built with its fields in order, not by dataclasses.replace (see State)
    if not reached:
        new = new_state(state.table, scores, state.still_in, state.eliminated)
    else:
        new, extras = _reached(state, number, scores, tuple(reached))
    if new.eliminated:
        extras.append(("out", [p for p, _ in new.eliminated]))
    return new, new_row(number, tuple(points.items()), tuple(scores.items()), tuple(extras))


def _reached(state: State, number: int, scores: dict[str, int], reached: tuple[str, ...],
             ) -> tuple[State, list[tuple[str, Any]]]:
    """The table after a deal that took players to 21: they drop out (elimination, enough left) or the game ends."""
    left = tuple(p for p in state.still_in if p not in reached)
    if state.table.options["elimination"] and len(left) >= LAST_TABLE:
        return (new_state(state.table, scores, left, state.eliminated + tuple((p, number) for p in reached)),
                [("eliminated", list(reached))])
    return new_state(state.table, scores, state.still_in, state.eliminated, number, reached), [("ends", True)]


def _money(state: State) -> tuple[tuple[str, ...], dict[str, Decimal]]:
    """The winners of an ended game and everyone's money, by the session's payout."""
    stake = state.table.stake
    if state.table.options["payout"] == "each_pays_winner":
        lowest = min(state.scores[p] for p in state.still_in)
        winners = tuple(p for p in state.still_in if state.scores[p] == lowest)
        others = [p for p in state.table.seating.players if p not in winners]
        return winners, pay_each(others, winners, stake)
    money: dict[str, Decimal] = {}
    still_in = list(state.table.seating.players)
    for deal in sorted({d for _, d in state.eliminated}):
        dropped = [p for p, d in state.eliminated if d == deal]
        still_in = [p for p in still_in if p not in dropped]
        pay_each(dropped, still_in, stake, into=money)
    survivors = tuple(p for p in state.still_in if p not in state.final_losers)
    return survivors, pay_each(state.final_losers, survivors, stake, into=money)


def result(state: State) -> Result:
    players = state.table.seating.players
    if state.ended is None:
        return new_result(False, None, (), (), None, money_of(players, {}, state.table.stake))
    winners, money = _money(state)
    losers = in_seating(players, (p for p in players if p not in winners))
    return new_result(True, state.ended, in_seating(players, winners), losers, 1,
                  money_of(players, money, state.table.stake), how="reached_21")


ROVESCINO: Game[State] = Game(SPEC, read_options, start, play, result, ended_at=lambda s: s.ended)
