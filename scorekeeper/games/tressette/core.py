"""The partnership deal shared by Tressette, chiamata del tre and Tressette in due.

Two sides per deal. A deal is annulled, or played out (card points of both sides and the last
trick), or stopped by a claim, or ended by a special event, or ended by a decima; declarations
score for the declarer's side in all but the annulled one. The three games differ only in who
the sides are and who carries the score (a team, a player, both players of a deal's side), which
each game says in a :class:`Sides`. docs/rules.md, "Tressette". Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from ...core.errors import N_
from ..base import (
    STAKE_OPTION,
    DealRow,
    OptionSpec,
    Result,
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
    refuse,
    whole,
)
from ..cards import ACES, PACK_POINTS, THIRDS, counted, points, read_count, read_points, read_whole_pack
from .declarations import Declaration, Hands, read_declarations

TARGETS = (21, 31, 41, 51)
#: after a special ending, the side that suffered it keeps its declarations ([A 6]) or loses them (the clubs' rule)
CAPPOTTO_DECLARATIONS = ("kept", "lost")
OPTIONS = (
    OptionSpec("target", 21, TARGETS),
    OptionSpec("declarations", True, (True, False)),
    OptionSpec("cappotto_declarations", "kept", CAPPOTTO_DECLARATIONS),
    STAKE_OPTION,
)

#: the last trick's point
LAST = 1
#: a deal played out is worth this much to the two sides together
DEAL_POINTS = PACK_POINTS + LAST


@dataclass(frozen=True, slots=True)
class Event:
    """A special ending: its multiplier, whether a side or one player made it, and what it scores."""

    multiplier: int
    by_player: bool
    #: every counting card but not every trick: the last trick is entered and only its winner scores it
    counters_only: bool


#: the special endings (S2 L74-85) and the decima's collatondrione, by their code
EVENTS: Mapping[str, Event] = {
    "cappotto": Event(2, False, False),
    "cappottone": Event(6, True, False),
    "stramazzo": Event(3, False, True),
    "strammazzone": Event(8, True, True),
}
COLLATONDRIONE = 16


@dataclass(frozen=True, slots=True)
class Sides:
    """The two sides of one deal: their names in the deal, their players, and who carries their score.

    ``holders`` are the score keys a side's deal points go to: the team, the player himself, or
    (chiamata) both players of the side.
    """

    names: tuple[str, str]
    members: tuple[tuple[str, ...], tuple[str, ...]]
    holders: tuple[tuple[str, ...], tuple[str, ...]]
    #: the kind of name a side has in the deal, for refusals ("team", "side" or "player")
    kind: str = "team"

    def index(self, side: str) -> int:
        return self.names.index(side)

    def of_player(self, player: str) -> int:
        return 0 if player in self.members[0] else 1

    def holder_of(self, player: str) -> str:
        """The score key a player's claim is about: his own if he carries one, else his side's."""
        holders = self.holders[self.of_player(player)]
        return player if player in holders else holders[0]


new_sides = builder(Sides)  # Sides(...), built quickly: one a deal (base.builder)


@dataclass(frozen=True, slots=True)
class State:
    """The game between deals: the running scores and, once it ended, how.

    Each deal builds the next one with its fields in order, not with ``dataclasses.replace``, which looks
    the fields up again on every call (``bench/replay.py --instructions --games`` counts the difference).
    """

    table: Table
    #: the score keys in the order the rows list them (teams, or players in seating order)
    keys: tuple[str, ...]
    scores: Mapping[str, int]
    ended: int | None = None
    winners: tuple[str, ...] = ()
    multiplier: int | None = None
    how: str = ""


new_state = builder(State)  # State(...), built quickly: one a deal (base.builder)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one deal did: each side's points, and the ending it made (if any)."""

    side_points: tuple[int, int]
    #: the index of the side that wins the game at this deal, or None
    winner: int | None = None
    multiplier: int = 1
    how: str = ""


new_outcome = builder(Outcome)  # Outcome(...), built quickly: one a deal (base.builder)


def start_state(table: Table, keys: Sequence[str]) -> State:
    return new_state(table, tuple(keys), {k: 0 for k in keys})


def declared(declarations: Sequence[Declaration], sides: Sides) -> list[int]:
    """Each side's declaration points."""
    out = [0, 0]
    for d in declarations:
        out[sides.of_player(d.player)] += d.points
    return out


def _decima(number: int, deal: Mapping[str, Any], declarations: Sequence[Declaration], sides: Sides,
            ) -> Outcome | None:
    """A decima ends the game for its side ×16; nothing else of the deal is played, so nothing else is entered."""
    decimas = {sides.of_player(d.player) for d in declarations if d.kind == "decima"}
    if not decimas:
        return None
    if len(decimas) == 2:
        raise refuse(number, "declarations", N_("a decima for each side cannot both be true"))
    for key in ("cards", "points", "last", "claim", "event", "by"):
        if key in deal:
            raise refuse(number, key, N_("a decima ends the game before the play: nothing else is entered"))
    points = declared(declarations, sides)
    return new_outcome((points[0], points[1]), decimas.pop(), COLLATONDRIONE, "collatondrione")


def _event(number: int, deal: Mapping[str, Any], sides: Sides, players: Sequence[str],
           events: Sequence[str]) -> Outcome:
    """A special event: the side that made it takes the game with the event's multiplier (S2 L74-85)."""
    code = one_of(deal["event"], number, "event", tuple(events))
    event = EVENTS[code]
    if "by" not in deal:
        raise refuse(number, "by", N_("say who made the {event}"), event=code)
    if event.by_player:
        side = sides.of_player(name_in(deal["by"], number, "by", players))
    else:
        side = sides.index(name_in(deal["by"], number, "by", sides.names, sides.kind))
    for key in ("cards", "points", "claim"):
        if key in deal:
            raise refuse(number, key, N_("a special event takes no card count or claim"))
    if event.counters_only:
        if "last" not in deal:
            raise refuse(number, "last", N_("say who took the last trick"))
        last = sides.index(name_in(deal["last"], number, "last", sides.names, sides.kind))
        made = PACK_POINTS + (LAST if last == side else 0)
    else:
        if "last" in deal:
            raise refuse(number, "last", N_("the side that took every trick took the last one too"))
        made = DEAL_POINTS
    side_points = [0, 0]
    side_points[side] = made
    return new_outcome((side_points[0], side_points[1]), side, event.multiplier, code)


def _claim_count(raw: Any, number: int) -> int:
    """The claimant side's trick points so far, last trick included, as counts or whole points."""
    where = "claim"
    if not isinstance(raw, Mapping):
        raise refuse(number, where, N_("expected an object"))
    if "cards" in raw:
        only_fields(raw, number, ("by", "cards", "last"), where=where)
        if "last" not in raw:
            raise refuse(number, "claim.last", N_("say whether the last trick was already taken by the claimants"))
        count = read_count(raw["cards"], number, "claim.cards")
        return points(count) + (LAST if flag(raw["last"], number, "claim.last") else 0)
    only_fields(raw, number, ("by", "points"), where=where)
    if "points" not in raw:
        raise refuse(number, where, N_("give the claimants' cards or points so far"))
    return whole(raw["points"], number, "claim.points", 0, DEAL_POINTS)


def _claim(number: int, deal: Mapping[str, Any], sides: Sides, players: Sequence[str], state: State,
           before: Sequence[int]) -> Outcome:
    """A claim to have reached the target: true wins for the claimants, false loses (S2 L70-73, [A 5])."""
    raw = deal["claim"]
    if not isinstance(raw, Mapping) or "by" not in raw:
        raise refuse(number, "claim.by", N_("say who claimed"))
    claimant = name_in(raw["by"], number, "claim.by", players)
    tricks = _claim_count(raw, number)
    for key in ("last", "by"):
        if key in deal:
            raise refuse(number, key, N_("a claim carries its own count; {field} is not entered with it"), field=key)
    side = sides.of_player(claimant)
    side_points = list(before)
    side_points[side] += tricks
    total = state.scores[sides.holder_of(claimant)] + side_points[side]
    target = state.table.options["target"]
    if total >= target:
        return new_outcome((side_points[0], side_points[1]), side, 1, "claim")
    return new_outcome((side_points[0], side_points[1]), 1 - side, 1, "false_claim")


def _played_out(number: int, deal: Mapping[str, Any], sides: Sides, given: str, state: State,
                before: Sequence[int]) -> Outcome:
    """A deal played to the end: card points of both sides and the last trick; the target may end the game."""
    if "by" in deal:
        raise refuse(number, "by", N_("'by' goes with a special event"))
    if "last" not in deal:
        raise refuse(number, "last", N_("say who took the last trick"))
    last = sides.index(name_in(deal["last"], number, "last", sides.names, sides.kind))
    if given == "cards":
        counts = read_whole_pack(deal["cards"], number, sides.names)
        for side, count in counts.items():
            if count.aces == ACES and count.thirds == THIRDS:
                raise refuse(number, "cards", N_("{side} took every counting card: enter it as a special event"),
                             side=side)
        cards = counted(counts)
    else:
        cards = read_points(deal["points"], number, sides.names, PACK_POINTS)
        if sum(cards.values()) != PACK_POINTS:
            raise refuse(number, "points", N_("the card points of two sides add up to {whole}, not {total}"),
                         whole=PACK_POINTS, total=sum(cards.values()))
    side_points = [before[i] + cards[sides.names[i]] + (LAST if last == i else 0) for i in (0, 1)]
    target = state.table.options["target"]
    scores = state.scores
    reached = [i for i in (0, 1) if max([scores[h] for h in sides.holders[i]]) + side_points[i] >= target]
    if len(reached) == 2:
        raise refuse(number, given, N_("both sides reach {target}: the first to claim wins, so enter the claim"),
                     target=target)
    if reached:
        return new_outcome((side_points[0], side_points[1]), reached[0], 1, "target")
    return new_outcome((side_points[0], side_points[1]))


def deal_outcome(state: State, number: int, deal: Mapping[str, Any], sides: Sides, events: Sequence[str],
                 hands: Hands | None = None) -> Outcome:
    """What a deal that is not annulled scored and whether it ended the game."""
    players = state.table.seating.players
    declarations: tuple[Declaration, ...] = ()
    if "declarations" in deal:
        if not state.table.options["declarations"] and deal["declarations"] != []:
            raise refuse(number, "declarations", N_("declarations are off in this game"))
        declarations = read_declarations(deal["declarations"], number, players, hands)
    decima = _decima(number, deal, declarations, sides)
    if decima is not None:
        return decima
    before = declared(declarations, sides)
    given = exactly_one(deal, number, ("cards", "points", "claim", "event"))
    if given == "event":
        return _with_declarations(_event(number, deal, sides, players, events), before, state)
    if given == "claim":
        return _claim(number, deal, sides, players, state, before)
    return _played_out(number, deal, sides, given, state, before)


def _with_declarations(made: Outcome, before: Sequence[int], state: State) -> Outcome:
    """A special ending's points with the declarations: the losers' are kept ([A 6]) or lost, as agreed."""
    kept = [before[0], before[1]]
    if state.table.options.get("cappotto_declarations") == "lost" and made.winner is not None:
        kept[1 - made.winner] = 0
    return replace(made, side_points=(made.side_points[0] + kept[0], made.side_points[1] + kept[1]))


def annulled(number: int, deal: Mapping[str, Any]) -> bool:
    """Whether the deal is ``{"annulled": true}`` (nothing else may be entered with it)."""
    if "annulled" not in deal:
        return False
    if deal["annulled"] is not True:
        raise refuse(number, "annulled", N_("write true, or leave the field out"))
    for key in deal:
        if key != "annulled":
            raise refuse(number, str(key), N_("an annulled deal records nothing else"))
    return True


def advance(state: State, number: int, outcome: Outcome, sides: Sides,
            extras: Sequence[tuple[str, Any]] = ()) -> tuple[State, DealRow]:
    """The scores after a deal and its row; the game's end if the deal made one."""
    points = dict.fromkeys(state.keys, 0)
    for i in (0, 1):
        for holder in sides.holders[i]:
            points[holder] += outcome.side_points[i]
    scores = {k: state.scores[k] + points[k] for k in state.keys}
    more = list(extras)
    if outcome.winner is None:  # built with its fields in order, not by dataclasses.replace (see State)
        new = new_state(state.table, state.keys, scores)
    else:
        new = new_state(state.table, state.keys, scores, number, sides.members[outcome.winner], outcome.multiplier,
                    outcome.how)
        more += [("ends", True), ("how", outcome.how), ("multiplier", outcome.multiplier)]
    row = new_row(number, tuple(points.items()), tuple(scores.items()), tuple(more))  # both in the keys' order
    return new, row


def annulled_row(state: State, number: int) -> tuple[State, DealRow]:
    """An annulled deal scores nothing: the same dealer deals again (S2 L35-37)."""
    return state, new_row(number, tuple((k, 0) for k in state.keys), tuple((k, state.scores[k]) for k in state.keys),
                          (("annulled", True),))


def result(state: State) -> Result:
    """Each winner receives stake × multiplier, each loser pays it ([A 9]); nothing before the end."""
    players = state.table.seating.players
    stake = state.table.stake
    if state.ended is None or state.multiplier is None:
        return new_result(False, None, (), (), None, money_of(players, {}, stake))
    amount = stake * state.multiplier
    money: dict[str, Decimal] = {p: (amount if p in state.winners else -amount) for p in players}
    losers = tuple(p for p in players if p not in state.winners)
    return new_result(True, state.ended, in_seating(players, state.winners), losers, state.multiplier,
                  money_of(players, money, stake), how=state.how)


def ended_at(state: State) -> int | None:
    return state.ended


#: a game's way of finding the sides of a deal from the deal as entered (and its declaration facts)
SidesOf = Callable[[State, int, Mapping[str, Any]], tuple[Sides, Hands | None, tuple[tuple[str, Any], ...]]]
