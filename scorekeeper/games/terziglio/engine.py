"""Terziglio (Calabresella): Tressette for three, one soloist against the other two (seed 002).

Each deal somebody bids and plays alone, or everybody passes. The soloist needs 6 of the 11
points (card points, the last trick and the monte that goes with it). The bid's amount (chiamo 1,
solo 2, solissimo 4, dividete 8, scegliete 16) is doubled when the side that won the deal took
every trick, trebled when it took all 11 points without every trick. Scored as a game to the
target, or paid at once every deal. docs/rules.md, "Terziglio". Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
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
    in_seating,
    money_of,
    name_in,
    new_result,
    new_row,
    one_of,
    only_fields,
    pay_each,
    read_choices,
    refuse,
    whole,
)
from ..cards import ACES, PACK_POINTS, THIRDS, points, read_count

TARGETS = (21, 31, 41, 51)
#: the bids from low to high, with their basic amounts (S2 L186-187)
AMOUNT: Mapping[str, int] = {"chiamo": 1, "solo": 2, "solissimo": 4, "dividete": 8, "scegliete": 16}
PASS = "pass"
#: what a deal's bid may be
BIDS = (PASS, *AMOUNT)
#: the lowest bid after a deal everybody passed, under the pass-out rule (S2 L168-171)
AFTER_PASS_OUT = "solo"
#: every point of a deal: card points, and the last trick (with the monte)
ALL_POINTS = PACK_POINTS + 1
#: the soloist wins the deal with at least this many points (S2 L143-145)
WINS_WITH = 6
EVERY_TRICK = 2
ALL_POINTS_TIMES = 3

SPEC = GameSpec(
    name="terziglio",
    title="Terziglio",
    seats=(3,),
    partnership="per_deal",
    unit="points",
    options=(
        OptionSpec("scoring", "game", ("game", "payments")),
        OptionSpec("target", 21, TARGETS),
        OptionSpec("pass_out", False, (False, True)),
        STAKE_OPTION,
    ),
    source="seed 002 (Parlett), Terziglio (Calabresella)",
)


@dataclass(frozen=True, slots=True)
class State:
    """The table between deals: every player's score, whether the last deal was passed, the end.

    Each deal builds the next one with its fields in order, not with ``dataclasses.replace``, which looks
    the fields up again on every call (``bench/replay.py --instructions --games`` counts the difference).
    """

    table: Table
    scores: Mapping[str, int]
    passed: bool = False
    ended: int | None = None


new_state = builder(State)  # State(...), built quickly: one a deal (base.builder)


def read_options(raw: Mapping[str, Any], seating: Seating) -> Mapping[str, Any]:
    options = read_choices(raw, SPEC)
    if options["scoring"] == "payments" and "target" in raw:
        raise refuse(None, "options.target", N_("a target is for the game scoring only"))
    return options


def start(table: Table) -> State:
    return new_state(table, dict.fromkeys(table.seating.players, 0))


def soloist_points(number: int, deal: Mapping[str, Any]) -> int:
    """The soloist's points, the last trick (and the monte with it) included: counted cards or whole points."""
    given = exactly_one(deal, number, ("cards", "points"))
    if given == "points":
        if "last" in deal:
            raise refuse(number, "last", N_("whole points already include the last trick"))
        return whole(deal["points"], number, "points", 0, ALL_POINTS)
    if "last" not in deal:
        raise refuse(number, "last", N_("say whether the soloist took the last trick"))
    return points(read_count(deal["cards"], number, "cards")) + (1 if flag(deal["last"], number, "last") else 0)


def multiplier(number: int, deal: Mapping[str, Any], made: bool, taken: int) -> int:
    """×2 if the side that won the deal took every trick, ×3 if it took all 11 points without them ([A 14])."""
    winner_all = taken == ALL_POINTS if made else taken == 0
    if "every_trick" not in deal:
        return ALL_POINTS_TIMES if winner_all else 1
    side = one_of(deal["every_trick"], number, "every_trick", ("soloist", "opponents"))
    if (side == "soloist") != made or not winner_all:
        raise refuse(number, "every_trick", N_("the side that took every trick took all {n} points"), n=ALL_POINTS)
    return EVERY_TRICK


def _check_cards(number: int, deal: Mapping[str, Any]) -> None:
    """With counted cards, a side that took every trick took every card: the soloist 4 aces and 20 thirds or none."""
    if "cards" not in deal or "every_trick" not in deal:
        return
    count = read_count(deal["cards"], number, "cards")
    whole_pack = count.aces == ACES and count.thirds == THIRDS
    nothing = count.aces == 0 and count.thirds == 0
    if not (whole_pack if deal["every_trick"] == "soloist" else nothing):
        raise refuse(number, "every_trick", N_("the side that took every trick took every card"))


def play(state: State, number: int, deal: Any) -> tuple[State, DealRow]:
    only_fields(deal, number, ("bid", "soloist", "cards", "points", "last", "every_trick"))
    players = state.table.seating.players
    options = state.table.options
    if "bid" not in deal:
        raise refuse(number, "bid", N_("give the bid, or pass"))
    bid = one_of(deal["bid"], number, "bid", BIDS)
    if bid == PASS:
        for key in deal:
            if key != "bid":
                raise refuse(number, str(key), N_("a passed deal records nothing else"))
        zero = tuple((p, 0) for p in players)
        row = new_row(number, zero, tuple(state.scores.items()), (("passed", True),))
        return new_state(state.table, state.scores, True), row
    if options["pass_out"] and state.passed and AMOUNT[bid] < AMOUNT[AFTER_PASS_OUT]:
        raise refuse(number, "bid", N_("after a deal everybody passed the lowest bid is {bid}"), bid=AFTER_PASS_OUT)
    if "soloist" not in deal:
        raise refuse(number, "soloist", N_("say who played alone"))
    soloist = name_in(deal["soloist"], number, "soloist", players)
    taken = soloist_points(number, deal)
    made = taken >= WINS_WITH
    times = multiplier(number, deal, made, taken)
    _check_cards(number, deal)
    amount = AMOUNT[bid] * times
    opponents = [p for p in players if p != soloist]
    if options["scoring"] == "payments":
        payers, payees = (opponents, [soloist]) if made else ([soloist], opponents)
        net = pay_each(payers, payees, amount)  # whole points, paid as money is
    else:
        net = {soloist: amount} if made else dict.fromkeys(opponents, amount)
    deal_points, scores = _scored(players, net, state.scores)
    ended = options["scoring"] == "game" and max(scores.values()) >= options["target"]
    new = new_state(state.table, scores, False, number if ended else None)  # not dataclasses.replace (see State)
    extras = (("made", made), ("amount", amount), ("ends", True), ("how", "target")) if ended else \
        (("made", made), ("amount", amount))
    return new, new_row(number, deal_points, tuple(scores.items()), extras)


def _scored(players: tuple[str, ...], net: Mapping[str, int], before: Mapping[str, int],
            ) -> tuple[tuple[tuple[str, int], ...], dict[str, int]]:
    """Each player's points of the deal and his score after it, in seating order (one loop: every deal asks)."""
    points: list[tuple[str, int]] = []
    scores: dict[str, int] = {}
    for p in players:
        n = net.get(p, 0)
        points.append((p, n))
        scores[p] = before[p] + n
    return tuple(points), scores


def result(state: State) -> Result:
    """Game: every player at the target wins, each loser pays each winner the stake ([S 6]).
    Payments: no end; each player's money is his net points times the stake."""
    players = state.table.seating.players
    stake = state.table.stake
    if state.table.options["scoring"] == "payments":
        money = {p: stake * state.scores[p] for p in players}
        return new_result(None, None, tuple(p for p in players if state.scores[p] > 0),
                      tuple(p for p in players if state.scores[p] < 0), None, money_of(players, money, stake))
    if state.ended is None:
        return new_result(False, None, (), (), None, money_of(players, {}, stake))
    target = state.table.options["target"]
    winners = tuple(p for p in players if state.scores[p] >= target)
    losers = tuple(p for p in players if p not in winners)
    return new_result(True, state.ended, in_seating(players, winners), losers, 1,
                  money_of(players, pay_each(losers, winners, stake), stake), how="target")


TERZIGLIO: Game[State] = Game(SPEC, read_options, start, play, result, ended_at=lambda s: s.ended)
