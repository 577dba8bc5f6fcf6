"""Briscola: two players alone or four in two fixed teams, a match of deals won (docs/rules.md, "Briscola").

A deal is worth 120 card points; a side that takes more than 60 wins the deal, 60 each is a draw that
nobody wins. The first side to win ``wins`` deals (1-5, two by default) wins the match, and each
player of the losing side pays the stake to a player of the winning side. A deal may be annulled (a
misdeal): it counts for nobody. Standard library only (a test scans the imports).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from operator import attrgetter
from typing import Any, NamedTuple

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
    exactly_one,
    flag,
    keyed,
    money_of,
    new_result,
    new_row,
    only_fields,
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


#: one count by side, as a row holds it
Pairs = tuple[tuple[str, int], tuple[str, int]]


class State(NamedTuple):
    """The match so far: the table, the deals each side has won, and the deal it ended at and who won it.

    A named tuple (immutable, as beancount's records are) built with its fields in order through ``tuple.__new__``,
    and only when a deal changes it (a deal won; a draw or an annulled deal leaves it as it was): a frozen dataclass
    stores each field through ``object.__setattr__``, and building one cost a quarter of a deal's instructions
    (``bench/replay.py --instructions --games``). What every row repeats is kept in it too: the deals won in a
    deal by side (built once at the start) and the deals won so far by side, as the rows hold them.
    """

    table: Table
    sides: tuple[str, str]
    #: the deals a side must win to win the match (the option ``wins``)
    wins: int
    #: a row's points, by the side that won the deal: none (0), the first (1), the second (2)
    gains: tuple[Pairs, Pairs, Pairs]
    #: the deals each side has won, as a row's scores
    scores: Pairs
    ended: int | None = None
    #: the side (0 or 1) that won the match (None: neither yet)
    winner: int | None = None


#: builds a :class:`State` from its fields in order, every field given, without its generated ``__new__``
_new_tuple = tuple.__new__


def read_options(raw: Mapping[str, Any], seating: Seating) -> Mapping[str, Any]:
    """Only ``wins`` beside the stake: a choice the spec checks."""
    return read_choices(raw, SPEC)


def start(table: Table) -> State:
    """The two sides are the two teams (of one each when two play)."""
    (first, _), (second, _) = table.seating.teams
    gains = gains_of(first, second)
    return _new_tuple(State, (table, (first, second), table.options["wins"], gains, gains[0], None, None))


@cache  # the same few tables start again and again
def gains_of(first: str, second: str) -> tuple[Pairs, Pairs, Pairs]:
    """A row's points by the side that won the deal: none, the first, the second."""
    return ((first, 0), (second, 0)), ((first, 1), (second, 0)), ((first, 0), (second, 1))


#: the ways a deal is entered: its card points, or annulled (and, as a set, the fields a deal may have)
WAYS = ("points", "annulled")
FIELDS = frozenset(WAYS)


def card_points(deal: Any, number: int, sides: tuple[str, str]) -> tuple[int, int] | None:
    """A deal's card points by side, each a whole number up to 120 (None: the deal says it is annulled).

    The usual deal, ``{"points": {side: n, side: m}}``, is told at once (reading it field by field cost a short
    deal a tenth of its instructions, ``bench/replay.py --instructions --games``); anything else is read by
    ``only_fields``, ``exactly_one``, ``keyed`` and ``whole``, which word the refusal."""
    first, second = sides
    if type(deal) is dict and len(deal) == 1:
        points = deal.get("points")
        if type(points) is dict and len(points) == 2:
            one, other = points.get(first), points.get(second)
            if type(one) is int and type(other) is int and 0 <= one <= DEAL_POINTS and 0 <= other <= DEAL_POINTS:
                return one, other
    if exactly_one(only_fields(deal, number, FIELDS), number, WAYS) == "annulled":
        return None
    points = keyed(deal["points"], number, "points", sides)
    return (whole(points[first], number, "points", 0, DEAL_POINTS, first),
            whole(points[second], number, "points", 0, DEAL_POINTS, second))


def play(state: State, number: int, deal: Mapping[str, Any]) -> tuple[State, DealRow]:
    """One deal: its card points (or annulled); a side with more than half of them wins the deal, and ``wins`` deals
    won end the match. A deal nobody wins (annulled, 60-60) leaves the state as it was.

    Its row: deals won this deal (1 or 0) and so far, by side; the card points (or the annulment) as an extra."""
    first, second = sides = state.sides
    cards = card_points(deal, number, sides)
    if cards is None:
        if not flag(deal["annulled"], number, "annulled"):
            raise refuse(number, "annulled", N_("an annulled deal says true"))
        return state, new_row(number, state.gains[0], state.scores, ANNULLED)
    one, other = cards
    if one + other != DEAL_POINTS:
        raise refuse(number, "points", N_("the card points of two sides add up to {whole}, not {total}"),
                     whole=DEAL_POINTS, total=one + other)
    extras = (("cards", {first: one, second: other}),)
    side = 0 if one > HALF else 1 if other > HALF else None
    if side is None:
        return state, new_row(number, state.gains[0], state.scores, extras)
    (_, won_first), (_, won_second) = state.scores
    if side == 0:
        won_first += 1
    else:
        won_second += 1
    ended = number if (won_first if side == 0 else won_second) >= state.wins else None
    scores = ((first, won_first), (second, won_second))
    after = _new_tuple(State, (state.table, sides, state.wins, state.gains, scores, ended,
                               None if ended is None else side))
    return after, new_row(number, state.gains[1 + side], scores, extras)


#: the extras of an annulled deal's row
ANNULLED: tuple[tuple[str, Any], ...] = (("annulled", True),)


def result(state: State) -> Result:
    """Nothing is paid before the end; then each player of the losing side pays the stake to one of the winners
    (the teams are of equal size: each winner is paid once)."""
    table, side = state.table, state.winner
    seating, stake = table.seating, table.stake
    if side is None:
        return new_result(False, None, (), (), None, money_of(seating.players, {}, stake), "")
    winners, losers = seating.teams[side][1], seating.teams[1 - side][1]  # the sides are the teams, in order
    money = dict.fromkeys(winners, stake)
    money.update(dict.fromkeys(losers, -stake))
    return new_result(True, state.ended, winners, losers, 1, money_of(seating.players, money, stake), HOW)


#: the deal the match ended at (None: not yet), read by ``attrgetter``: the replay asks before every deal, and a
#: function of ours costs it more
ended_at: Callable[[State], int | None] = attrgetter("ended")


BRISCOLA: Game[State] = Game(SPEC, read_options, start, play, result, ended_at)
