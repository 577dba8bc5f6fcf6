"""Cacho and Flor: three betting rounds into a pot, a showdown, no end (seed 004).

The players say who won the showdown (the seed's list of combinations is lost, and Flor's is not
stated well enough to evaluate): the engine checks each round's amounts, gives the pot to the
winner (or, for tied combinations, to the eldest of them: the first after the dealer) and keeps
every player's net and counters. Money is the net times the value of a counter. docs/rules.md,
"Cacho and Flor", says each rule in words. Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
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
    in_seating,
    keyed,
    money_of,
    name_in,
    only_fields,
    read_choices,
    refuse,
    whole,
)

#: the most counters a player holds or puts in at once (a bound on hostile figures, far above play)
COUNTERS_MOST = 1_000_000


@dataclass(frozen=True, slots=True)
class Round:
    """One betting round: the one bet it allows (``None``: any amount, the resto being the limit)."""

    bet: int | None


#: the first card bets 1, the second 2, the third is free (S4 L21-25)
ROUNDS = (Round(1), Round(2), Round(None))
HAND_FIELDS = frozenset(("void", "rounds", "winner", "tied", "dealer"))
ROUND_FIELDS = frozenset(("put", "folded"))


class State(NamedTuple):
    """The table between hands: each player's net so far (in counters), and what each holds now.

    A named tuple (immutable, as beancount's records are): built once a hand, it costs less than a frozen
    dataclass storing each field through ``object.__setattr__`` (``bench/replay.py --instructions --games``).
    """

    table: Table
    nets: Mapping[str, int]
    #: what each player holds (:func:`counters`): the row says it, and the next hand is checked against it
    held: Mapping[str, int]


def counters(table: Table, nets: Mapping[str, int]) -> dict[str, int]:
    """What each player holds: his counters at the start (0 if not given) and his net."""
    start = table.options["counters"]
    return {p: (start[p] if start else 0) + n for p, n in nets.items()}


class Hand(NamedTuple):
    """One hand as read: what each player put in over its rounds, and who takes the pot."""

    put: Mapping[str, int]
    winner: str


# ---------------------------------------------------------------- reading a hand


def read_round(raw: Any, number: int, index: int, still_in: Sequence[str], players: Sequence[str],
               ) -> tuple[dict[str, int], tuple[str, ...]]:
    """One round's amounts and the players still in after it: those who put in less than the most
    put in have folded, and only they [S 10]."""
    where = f"rounds[{index}]"
    only_fields(raw, number, ROUND_FIELDS, where=where)
    if "put" not in raw:
        raise refuse(number, f"{where}.put", N_("say what each player still in put in"))
    given = raw["put"]
    for name in given if type(given) is dict or isinstance(given, Mapping) else ():  # a dict told without the ABC
        if name not in still_in:  # refused as one who folded, or as no player of the table
            still_in_hand(name, number, f"{where}.put", still_in, players)
    put = read_amounts(keyed(given, number, f"{where}.put", still_in), number, where, index, still_in)
    folded = read_players(raw["folded"], number, f"{where}.folded", still_in, players) if "folded" in raw else ()
    most = max(put.values())
    left: list[str] = []  # those who put in the most: every other player folded, and said so
    for player in still_in:
        if put[player] < most:
            if player not in folded:
                raise refuse(number, f"{where}.folded", N_("{player!r} put in less than {most} and so folded"),
                             player=player, most=most)
        elif player in folded:
            raise refuse(number, f"{where}.folded", N_("{player!r} put in as much as any player and did not fold"),
                         player=player)
        else:
            left.append(player)
    return put, tuple(left)


def read_amounts(amounts: Mapping[str, Any], number: int, where: str, index: int, still_in: Sequence[str],
                 ) -> dict[str, int]:
    """What each player still in put in this round: a whole number of counters (:func:`base.whole`), and in the
    first two rounds 0 or the round's bet.

    A plain count in range skips the call to ``whole``, which would pass it at once too (anything else goes to
    ``whole``, which words the refusal): the call alone, a player and a round, costs Flor 4 % more instructions
    (198,581 a deal instead of 190,655 at 1,000 deals, Cacho 150,414 instead of 144,907, ``bench/replay.py
    --instructions --games``), and Cacho is 5.5 times its plain loop at 10,000 deals, against a bound of 6."""
    bet = ROUNDS[index].bet
    put: dict[str, int] = {}
    for player in still_in:
        amount = amounts[player]
        if type(amount) is not int or not 0 <= amount <= COUNTERS_MOST:
            amount = whole(amount, number, f"{where}.put.{player}", 0, COUNTERS_MOST)
        put[player] = amount
        if bet is not None and amount != 0 and amount != bet:
            raise refuse(number, f"{where}.put.{player}", N_("in this round a player puts in 0 or {bet}"), bet=bet)
    return put


def still_in_hand(value: Any, number: int, where: str, still_in: Sequence[str], players: Sequence[str]) -> str:
    """A player who has not folded (one who has is refused as such)."""
    if value in still_in and isinstance(value, str):  # a player still in: the case to answer first
        return value
    if isinstance(value, str) and value in players and value not in still_in:
        raise refuse(number, where, N_("{value!r} had folded"), value=value)
    return name_in(value, number, where, still_in)


def read_players(raw: Any, number: int, where: str, still_in: Sequence[str], players: Sequence[str],
                 ) -> tuple[str, ...]:
    """A list of distinct players still in (who folded, who tied)."""
    if not isinstance(raw, list):
        raise refuse(number, where, N_("expected a list of players"))
    folded: list[str] = []
    for i, name in enumerate(raw):
        player = still_in_hand(name, number, f"{where}[{i}]", still_in, players)
        if player in folded:
            raise refuse(number, f"{where}[{i}]", N_("{player!r} is listed twice"), player=player)
        folded.append(player)
    return tuple(folded)


def read_rounds(raw: Any, number: int, players: Sequence[str]) -> tuple[dict[str, int], tuple[str, ...]]:
    """Every player's total put in, and the players left after the last round."""
    if not isinstance(raw, list) or not raw:
        raise refuse(number, "rounds", N_("expected a list of the betting rounds"))
    if len(raw) > len(ROUNDS):
        raise refuse(number, f"rounds[{len(ROUNDS)}]", N_("a hand has at most {most} betting rounds"),
                     most=len(ROUNDS))
    total = dict.fromkeys(players, 0)
    still_in = tuple(players)
    for index, entry in enumerate(raw):
        if len(still_in) == 1:
            raise refuse(number, f"rounds[{index}]", N_("only {player!r} was left; no later round is played"),
                         player=still_in[0])
        put, still_in = read_round(entry, number, index, still_in, players)
        if index == 0 and not any(put.values()):
            raise refuse(number, "rounds[0]", N_("everybody passed the first card: enter the hand as void"))
        for player, amount in put.items():
            total[player] += amount
    if len(still_in) > 1 and len(raw) < len(ROUNDS):
        raise refuse(number, "rounds", N_("{n} players are still in: record all three rounds"), n=len(still_in))
    return total, still_in


def eldest(tied: Sequence[str], dealer: str, players: Sequence[str]) -> str:
    """Of tied players, the first after the dealer in the direction of play (S4 L29)."""
    after = players.index(dealer) + 1
    order = [*players[after:], *players[:after]]
    return min(tied, key=order.index)


def showdown(deal: Mapping[str, Any], number: int, left: Sequence[str], players: Sequence[str]) -> str:
    """Who takes the pot: the last player in, the showdown winner, or the eldest of the tied players."""
    if "winner" in deal and "tied" in deal:
        raise refuse(number, "deal", N_("give exactly one of {fields}"), fields="winner, tied")
    if len(left) == 1:
        if "tied" in deal:
            raise refuse(number, "tied", N_("only {player!r} was left: there is no showdown"), player=left[0])
        if "winner" in deal:
            still_in_hand(deal["winner"], number, "winner", left, players)
        return left[0]
    if "winner" in deal:
        return still_in_hand(deal["winner"], number, "winner", left, players)
    if "tied" not in deal:
        raise refuse(number, "deal", N_("give exactly one of {fields}"), fields="winner, tied")
    tied = read_players(deal["tied"], number, "tied", left, players)
    if len(tied) < 2:
        raise refuse(number, "tied", N_("a tie is between two or more players at the showdown"))
    if "dealer" not in deal:
        raise refuse(number, "dealer", N_("say who dealt: a tie goes to the first player after the dealer"))
    return eldest(tied, deal["dealer"], players)


def read_hand(state: State, number: int, deal: Any) -> Hand | None:
    """The hand as entered, checked; ``None`` for a void hand (everybody passed the first card)."""
    only_fields(deal, number, HAND_FIELDS)
    players = state.table.seating.players
    if "dealer" in deal:
        name_in(deal["dealer"], number, "dealer", players)
    if "void" in deal:
        if deal["void"] is not True:
            raise refuse(number, "void", N_("a void hand is written \"void\": true"))
        for other in ("rounds", "winner", "tied"):
            if other in deal:
                raise refuse(number, other, N_("a void hand has no {what}"), what=other)
        return None
    if "rounds" not in deal:
        raise refuse(number, "rounds", N_("give the betting rounds, or \"void\": true"))
    put, left = read_rounds(deal["rounds"], number, players)
    winner = showdown(deal, number, left, players)
    if state.table.options["counters"] is not None:
        held = state.held
        for player in players:
            if put[player] > held[player]:
                raise refuse(number, "rounds", N_("{player!r} holds {held} counters and cannot put in {total}"),
                             player=player, held=held[player], total=put[player])
    return Hand(put, winner)


# ---------------------------------------------------------------- the game


def start(table: Table) -> State:
    nets = dict.fromkeys(table.seating.players, 0)
    return State(table, nets, counters(table, nets))


def play(state: State, number: int, deal: Any) -> tuple[State, DealRow]:
    hand = read_hand(state, number, deal)
    players = state.table.seating.players
    if hand is None:
        points = dict.fromkeys(players, 0)
        extras: list[tuple[str, Any]] = [("void", True), ("pot", 0)]
    else:
        pot = sum(hand.put.values())
        points = {p: (pot if p == hand.winner else 0) - hand.put[p] for p in players}
        extras = [("pot", pot), ("winner", hand.winner)]
    nets = {p: state.nets[p] + points[p] for p in players}
    new = State(state.table, nets, counters(state.table, nets))
    extras.append(("counters", new.held))
    if "dealer" in deal:  # kept for the table: who deals next follows who dealt
        extras.append(("dealer", deal["dealer"]))
    return new, DealRow(number, tuple(points.items()), tuple(new.nets.items()), tuple(extras))


def result(state: State) -> Result:
    """No end: the money so far, each player's net times the value of a counter."""
    players, stake = state.table.seating.players, state.table.stake
    winners = in_seating(players, (p for p in players if state.nets[p] > 0))
    losers = in_seating(players, (p for p in players if state.nets[p] < 0))
    money = {p: state.nets[p] * stake for p in players}
    return Result(None, None, winners, losers, None, money_of(players, money, stake))


def read_counters(seating: Seating) -> Callable[[Any], dict[str, int] | None]:
    def read(raw: Any) -> dict[str, int]:
        given = keyed(raw, None, "options.counters", seating.players)
        return {p: whole(given[p], None, f"options.counters.{p}", 0, COUNTERS_MOST) for p in seating.players}

    return read


def game_of(spec: GameSpec) -> Game[State]:
    def read_options(raw: Mapping[str, Any], seating: Seating) -> Mapping[str, Any]:
        return read_choices(raw, spec, {"counters": read_counters(seating)})

    return Game(spec, read_options, start, play, result)


COUNTERS_OPTION = OptionSpec("counters", None)
CACHO = game_of(GameSpec(name="cacho", title="Cacho", seats=tuple(range(2, 9)), partnership="none",
                         unit="counters", options=(COUNTERS_OPTION, STAKE_OPTION),
                         source="seed 004 (Krasnopolsky), Cacho, S4 L15-30"))
FLOR = game_of(GameSpec(name="flor", title="Flor", seats=tuple(range(2, 14)), partnership="none",
                        unit="counters", options=(COUNTERS_OPTION, STAKE_OPTION),
                        source="seed 004 (Krasnopolsky), Flor, S4 L33-50"))

