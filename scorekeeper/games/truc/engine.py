"""Rentoy, Truc and Put: two sides, hands of three tricks, a value raised in turn (seed 004).

One engine for the three games; what differs is data (:class:`Rules`): the ladder of values a
hand climbs with each raise, the target, and how tied tricks are read. A hand ends accepted (its
winner takes the value), or folded (the side that made the refused raise takes the value before
it). The first side at or over the target wins; each player of the losing side pays the stake to
a player of the winning side. docs/rules.md, "Rentoy, Truc and Put", says each rule in words.
Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any, Literal

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
    in_seating,
    money_of,
    name_in,
    only_fields,
    read_choices,
    refuse,
)

#: a tied trick, as written in ``tricks``
TIE = "tie"
#: how tied tricks are read: none allowed (Rentoy), the earliest trick decides (Truc), or the
#: count of tricks decides and equal counts tie the hand (Cotton's Put)
Ties = Literal["none", "earliest", "count"]


@dataclass(frozen=True, slots=True)
class Rules:
    """What one of the three games is, as data the engine reads."""

    #: the hand's value after 0, 1, 2… raises (its length less one is the most raises a hand takes)
    ladder: tuple[int, ...]
    target: int
    ties: Ties
    #: what a side is called in refusals: a team, or a player (Put)
    side: Literal["team", "player"]
    #: the ending code of ``Result.how``
    how: str
    #: the game's name, for a refusal
    title: str


RENTOY_RULES = Rules(ladder=(1, 3, 6, 9, 12), target=12, ties="none", side="team", how="reached_12", title="Rentoy")
#: Truc bets and scores as Rentoy; only its tricks may be tied (S4 L134, L138)
TRUC_RULES = replace(RENTOY_RULES, ties="earliest", title="Truc")
#: Cotton's Put: to 5, one raise for the whole game [A 18], Cotton's ties [A 19]
PUT_RULES = Rules(ladder=(1, 5), target=5, ties="count", side="player", how="reached_5", title="Put")

DEAL_FIELDS = ("raises", "won", "tricks", "folded", "eldest")
ENDINGS = ("won", "tricks", "folded")


@dataclass(frozen=True, slots=True)
class State:
    """The table between hands: each side's score, and the hand the game ended at."""

    table: Table
    rules: Rules
    sides: tuple[str, ...]
    scores: Mapping[str, int]
    ended: int | None = None
    winner: str | None = None


# ---------------------------------------------------------------- reading a hand


def read_raises(raw: Any, number: int, state: State) -> tuple[str, ...]:
    """The sides that raised, in order: they alternate, and the ladder bounds how many there are [A 15]."""
    if not isinstance(raw, list):
        raise refuse(number, "raises", N_("expected a list of the sides that raised, in order"))
    most = len(state.rules.ladder) - 1
    if len(raw) > most:
        raise refuse(number, f"raises[{most}]", N_("the hand is already worth {value}, its most: no further raise"),
                     value=state.rules.ladder[-1])
    raises: list[str] = []
    for i, side in enumerate(raw):
        where = f"raises[{i}]"
        raised = name_in(side, number, where, state.sides, state.rules.side)
        if raises and raises[-1] == raised:
            raise refuse(number, where, N_("{side!r} raised twice running: the sides raise in turn"), side=raised)
        raises.append(raised)
    return tuple(raises)


def _decided(tricks: Sequence[str | None], ties: Ties) -> bool:
    """Whether the tricks so far decide the hand (the rest are not played)."""
    if len(tricks) >= 3:
        return True
    if len(tricks) < 2:
        return False
    won = [t for t in tricks if t is not None]
    if ties == "earliest":
        return len(won) == 1 or (len(won) == 2 and won[0] == won[1])
    return len(won) == 2 and won[0] == won[1]


def _hand_winner(tricks: Sequence[str | None], ties: Ties) -> str | None:
    """The side taking a played-out hand: more tricks wins; equal counts go to the earliest trick
    won (Truc) or tie the hand (Put). ``None``: the hand is tied (Put, or three ties in Truc)."""
    won = [t for t in tricks if t is not None]
    counts = {side: won.count(side) for side in won}
    if not counts:
        return None
    best = max(counts.values())
    leaders = [side for side in won if counts[side] == best]
    if len(set(leaders)) == 1:
        return leaders[0]
    return leaders[0] if ties == "earliest" else None


def read_tricks(raw: Any, number: int, state: State) -> tuple[str | None, ...]:
    """Each trick's side (``None`` for a tie), exactly as many as decide the hand."""
    if not isinstance(raw, list) or not raw:
        raise refuse(number, "tricks", N_("expected a list of the tricks' winners, in order"))
    rules = state.rules
    choices = state.sides if rules.ties == "none" else (*state.sides, TIE)
    tricks: list[str | None] = []
    for i, entry in enumerate(raw):
        where = f"tricks[{i}]"
        if _decided(tricks, rules.ties):
            raise refuse(number, where, N_("the hand was decided after {n} tricks; no further trick is played"),
                         n=len(tricks))
        if entry == TIE and rules.ties == "none":
            raise refuse(number, where, N_("a trick cannot be tied in {game}"), game=rules.title)
        side = name_in(entry, number, where, choices, rules.side)
        tricks.append(None if side == TIE else side)
    if not _decided(tricks, rules.ties):
        raise refuse(number, "tricks", N_("{n} tricks do not decide the hand: record the next trick too"),
                     n=len(tricks))
    return tuple(tricks)


def hand_outcome(state: State, number: int, deal: Mapping[str, Any]) -> tuple[str | None, int, str]:
    """Who takes the hand (``None``: nobody), its value, and how it ended (``won``, ``tricks``,
    ``folded``, ``tied`` or ``eldest``)."""
    rules, sides = state.rules, state.sides
    raises = read_raises(deal.get("raises", []), number, state)
    ending = exactly_one(deal, number, ENDINGS)
    value = rules.ladder[len(raises)]
    eldest_asked = False
    winner: str | None
    if ending == "won":
        winner, how = name_in(deal["won"], number, "won", sides, rules.side), "won"
    elif ending == "folded":
        folded = name_in(deal["folded"], number, "folded", sides, rules.side)
        if not raises:
            raise refuse(number, "folded", N_("a side folds only when the other side raised"))
        if folded == raises[-1]:
            raise refuse(number, "folded", N_("{side!r} made the last raise: the side answering it folds"),
                         side=folded)
        winner, value, how = raises[-1], rules.ladder[len(raises) - 1], "folded"
    else:
        tricks = read_tricks(deal["tricks"], number, state)
        winner = _hand_winner(tricks, rules.ties)
        how = "tricks" if winner is not None else "tied"
        if winner is None and rules.ties == "earliest" and state.table.options["three_ties"] == "eldest":
            eldest_asked = True
            if "eldest" not in deal:
                raise refuse(number, "eldest", N_("three tied tricks go to the eldest team: say which it is"))
            winner, how = name_in(deal["eldest"], number, "eldest", sides, rules.side), "eldest"
    if "eldest" in deal and not eldest_asked:
        raise refuse(number, "eldest", N_("the eldest team is asked only when all three tricks are tied"))
    return winner, (value if winner is not None else 0), how


# ---------------------------------------------------------------- the game


def start_with(rules: Rules) -> Callable[[Table], State]:
    def start(table: Table) -> State:
        seating = table.seating
        sides = seating.team_names or seating.players
        return State(table, rules, sides, dict.fromkeys(sides, 0))

    return start


def play(state: State, number: int, deal: Any) -> tuple[State, DealRow]:
    only_fields(deal, number, DEAL_FIELDS)
    winner, value, how = hand_outcome(state, number, deal)
    points = {side: (value if side == winner else 0) for side in state.sides}
    scores = {side: state.scores[side] + points[side] for side in state.sides}
    extras: list[tuple[str, Any]] = [("how", how)]
    if winner is not None:
        extras.append(("winner", winner))
    new = replace(state, scores=scores)
    if winner is not None and scores[winner] >= state.rules.target:
        new = replace(new, ended=number, winner=winner)
        extras.append(("ends", True))
    return new, DealRow(number, tuple(points.items()), tuple(scores.items()), tuple(extras))


def members(state: State, side: str) -> tuple[str, ...]:
    seating = state.table.seating
    return seating.members(side) if seating.teams else (side,)


def result(state: State) -> Result:
    """Unfinished: nothing paid. Ended: each player of the losing side pays the stake, each winner
    receives it (the sides are of equal size, so this is one payment per pair) [S 8]."""
    players, stake = state.table.seating.players, state.table.stake
    if state.winner is None:
        return Result(False, None, (), (), None, money_of(players, {}, stake))
    winners = members(state, state.winner)
    losers = tuple(p for p in players if p not in winners)
    money: dict[str, Decimal] = {p: stake for p in winners}
    money.update({p: -stake for p in losers})
    return Result(True, state.ended, in_seating(players, winners), in_seating(players, losers), 1,
                  money_of(players, money, stake), how=state.rules.how)


def read_options_of(spec: GameSpec) -> Callable[[Mapping[str, Any], Seating], Mapping[str, Any]]:
    """The options checked, and no side called ``tie`` (the word a tied trick is written with)."""

    def read_options(raw: Mapping[str, Any], seating: Seating) -> Mapping[str, Any]:
        options = read_choices(raw, spec)
        for side in seating.team_names or seating.players:
            if side == TIE:
                raise refuse(None, "teams" if seating.teams else "players",
                             N_("{value!r} is how a tied trick is written: give the side another name"), value=side)
        return options

    return read_options


def game_of(spec: GameSpec, rules: Rules) -> Game[State]:
    return Game(spec, read_options_of(spec), start_with(rules), play, result, ended_at=lambda s: s.ended)


RENTOY_SPEC = GameSpec(name="rentoy", title="Rentoy", seats=(2, 4, 6, 8), partnership="fixed", unit="points",
                       options=(STAKE_OPTION,), source="seed 004 (Krasnopolsky), Rentoy, S4 L82-127", teams=2)
TRUC_SPEC = GameSpec(name="truc", title="Truc", seats=(2, 4, 6, 8), partnership="fixed", unit="points",
                     options=(OptionSpec("three_ties", "eldest", ("eldest", "tie")), STAKE_OPTION),
                     source="seed 004 (Krasnopolsky), Truc, S4 L130-166", teams=2)
PUT_SPEC = GameSpec(name="put", title="Put", seats=(2,), partnership="none", unit="points", options=(STAKE_OPTION,),
                    source="seed 004 (Krasnopolsky), Cotton's Put, S4 L132, L142-147, L164")

RENTOY = game_of(RENTOY_SPEC, RENTOY_RULES)
TRUC = game_of(TRUC_SPEC, TRUC_RULES)
PUT = game_of(PUT_SPEC, PUT_RULES)
