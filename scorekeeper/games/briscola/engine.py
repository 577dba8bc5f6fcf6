"""Briscola: two players alone or four in two fixed teams, a match of deals won (docs/rules.md, "Briscola").

A deal is worth 120 card points; a side that takes more than 60 wins the deal, 60 each is a draw that
nobody wins. The first side to win ``wins`` deals (1-5, two by default) wins the match, and each
player of the losing side pays the stake to a player of the winning side. A deal may be annulled (a
misdeal): it counts for nobody. Standard library only (a test scans the imports).
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
    flag,
    keyed,
    money_of,
    new_result,
    new_row,
    only_fields,
    pay_each,
    read_choices,
    refuse,
    whole,
)

#: the card points of a whole deal (aces 11, threes 10, kings 4, horses 3, jacks 2: 30 a suit)
DEAL_POINTS = 120
#: a side wins the deal with more than this many card points; exactly this much each is a draw
HALF = DEAL_POINTS // 2
#: how a match ends, for the narration (``Result.how``)
HOW = "won_the_deals"

SPEC = GameSpec(
    name="briscola",
    title="Briscola",
    seats=(2, 4),
    partnership="fixed",
    unit="points",
    options=(OptionSpec("wins", 2, (1, 2, 3, 4, 5)), STAKE_OPTION),
    source="public rules (docs/rules.md, Briscola): biska.com, everything2, paginainizio.com",
    teams=2,
)


@dataclass(frozen=True, slots=True)
class State:
    """The match so far: the table, the deals each side has won, and the deal it ended at.

    Each deal builds the next one with :data:`new_state` (``base.builder``), not with ``dataclasses.replace``,
    which looks the fields up again on every call (``bench/replay.py --instructions --games`` counts the difference).
    """

    table: Table
    sides: tuple[str, str]
    won: tuple[int, int] = (0, 0)
    ended: int | None = None

    def winner(self) -> int | None:
        """The side (0 or 1) that has won the match: the one that has won the deals it needed (None: neither yet)."""
        wins = self.table.options["wins"]
        return 0 if self.won[0] >= wins else 1 if self.won[1] >= wins else None


new_state = builder(State)


def read_options(raw: Mapping[str, Any], seating: Seating) -> Mapping[str, Any]:
    """Only ``wins`` beside the stake: a choice the spec checks."""
    return read_choices(raw, SPEC)


def start(table: Table) -> State:
    """The two sides are the two teams (of one each when two play)."""
    (first, _), (second, _) = table.seating.teams
    return new_state(table, (first, second))


def deal_winner(number: int, deal: Mapping[str, Any], sides: tuple[str, str]) -> tuple[int | None, tuple[int, int]]:
    """The side that won a deal played out (None: 60-60) and each side's card points, checked whole."""
    points = keyed(deal["points"], number, "points", sides)
    first, second = sides
    cards = (whole(points[first], number, "points", 0, DEAL_POINTS, first),
             whole(points[second], number, "points", 0, DEAL_POINTS, second))
    if cards[0] + cards[1] != DEAL_POINTS:
        raise refuse(number, "points", N_("the card points of two sides add up to {whole}, not {total}"),
                     whole=DEAL_POINTS, total=sum(cards))
    return (0 if cards[0] > HALF else 1 if cards[1] > HALF else None), cards


def play(state: State, number: int, deal: Mapping[str, Any]) -> tuple[State, DealRow]:
    """One deal: its card points (or annulled); a deal won counts one, and ``wins`` of them end the match."""
    deal = only_fields(deal, number, ("points", "annulled"))
    how = exactly_one(deal, number, ("points", "annulled"))
    sides = state.sides
    if how == "annulled":
        if not flag(deal["annulled"], number, "annulled"):
            raise refuse(number, "annulled", N_("an annulled deal says true"))
        return state, row(state, number, (0, 0), (("annulled", True),))
    winner, cards = deal_winner(number, deal, sides)
    gained = (int(winner == 0), int(winner == 1))
    won = (state.won[0] + gained[0], state.won[1] + gained[1])
    after = new_state(state.table, sides, won)  # built, not dataclasses.replace(): see State
    if after.winner() is not None:
        after = new_state(state.table, sides, won, number)
    return after, row(after, number, gained, (("cards", {sides[0]: cards[0], sides[1]: cards[1]}),))


def row(state: State, number: int, gained: tuple[int, int], extras: tuple[tuple[str, Any], ...]) -> DealRow:
    """The deal's row: deals won this deal (1 or 0) and so far, by side; the card points as an extra."""
    (first, second), won = state.sides, state.won
    return new_row(number, ((first, gained[0]), (second, gained[1])), ((first, won[0]), (second, won[1])), extras)


def result(state: State) -> Result:
    """Nothing is paid before the end; then each player of the losing side pays the stake to one of the winners."""
    seating, stake = state.table.seating, state.table.stake
    side = state.winner()
    if side is None:
        return new_result(False, None, (), (), None, money_of(seating.players, {}, stake))
    winners, losers = seating.members(state.sides[side]), seating.members(state.sides[1 - side])
    money: dict[str, Decimal] = {}
    for payer, payee in zip(losers, winners, strict=True):
        pay_each((payer,), (payee,), stake, into=money)
    return new_result(True, state.ended, winners, losers, 1, money_of(seating.players, money, stake), how=HOW)


def ended_at(state: State) -> int | None:
    return state.ended


BRISCOLA: Game[State] = Game(SPEC, read_options, start, play, result, ended_at)
