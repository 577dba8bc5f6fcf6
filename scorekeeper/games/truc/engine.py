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
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any, Literal, NamedTuple

from ...core.errors import N_, SessionError
from ..base import (
    STAKE_OPTION,
    DealRow,
    Game,
    GameSpec,
    OptionSpec,
    Preset,
    Result,
    Seating,
    Table,
    in_seating,
    money_of,
    name_in,
    only_fields,
    read_choices,
    refuse,
)
from .chains import ENVIDO, ENVIT, Chain, flor_chain, read_chain

#: builds a named tuple from its fields in order, every field given, without its generated ``__new__`` (State)
_new_tuple = tuple.__new__
#: a tied trick, as written in ``tricks``
TIE = "tie"
#: how tied tricks are read: none allowed (Rentoy), the earliest trick decides (Truc), or the
#: count of tricks decides and equal counts tie the hand (Cotton's Put)
Ties = Literal["none", "earliest", "count"]
#: a step of the ladder: a value, or ``rest``: what the hand's winner lacks to close the cama (joc fora)
REST: Literal["rest"] = "rest"
Step = int | Literal["rest"]

DEAL_FIELDS = ("raises", "won", "tricks", "folded", "eldest")
ENDINGS = ("won", "tricks", "folded")
#: going to the deck: the side that went, and the trick it went in (1 when not given)
MAZO, MAZO_TRICK = "mazo", "trick"


@dataclass(frozen=True, slots=True)
class Rules:
    """What one of the three games is, as data the engine reads."""

    #: the hand's value after 0, 1, 2… raises (its length less one is the most raises a hand takes)
    ladder: tuple[Step, ...]
    #: the points that close a cama; with one cama (every game but truc valencià), the game's target
    target: int
    ties: Ties
    #: what a side is called in refusals: a team, or a player (Put)
    side: Literal["team", "player"]
    #: the ending code of ``Result.how``
    how: str
    #: the game's name, for a refusal
    title: str
    #: the ruleset's name (the ``ruleset`` option of ``truc``)
    ruleset: str = "seed"
    #: the raises' names in the ruleset's words (truco, retruco…); empty: the seed names none
    raise_calls: tuple[str, ...] = ()
    #: the side bets entered beside the hand (envido, flor, envit), in the order they are scored
    chains: tuple[Chain, ...] = ()
    #: the malas: points a side plays before it is in the buenas (0: no halves)
    half: int = 0
    #: camas a side must win to win the game (the cama's points start again after each)
    camas: int = 1
    #: the score is kept in camas: each row says the cama's points and the camas won
    in_camas: bool = False
    #: a side may go to the deck (``mazo``): the other takes the hand's current value
    deck: bool = False
    #: what going to the deck during the first trick with nothing sung is worth (the hand and the
    #: envido the other side can no longer sing: 2 in Río de la Plata)
    mazo_first: int = 1
    #: how a falta call is read while the leader is in the malas (:data:`FALTA_READINGS`)
    falta_malas: str = "buenas"
    #: how the contraflor al resto is priced (:data:`RESTO_READINGS`)
    contraflor_resto: str = "falta"
    #: pica-pica (six players): the leader's scores, lowest and highest, at which a hand of all six is
    #: followed by a round of duels (:data:`PICA_BANDS`); None: never
    pica: tuple[int, int] | None = None
    #: the fields a hand (or a duel of pica-pica) may have (:func:`hand_fields`), and the ways it may end
    #: (:func:`one_ending`): worked out once, not for every hand (``bench/replay.py --instructions --games``)
    fields: frozenset[str] = field(init=False, repr=False, compare=False)
    endings: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        deck = (MAZO, MAZO_TRICK) if self.deck else ()
        object.__setattr__(self, "fields", frozenset((*DEAL_FIELDS, *deck, *(c.field for c in self.chains))))
        object.__setattr__(self, "endings", (*ENDINGS, MAZO) if self.deck else ENDINGS)

    @property
    def halves(self) -> bool:
        """Whether the game (or the cama) is played in malas, then buenas."""
        return self.half > 0


RENTOY_RULES = Rules(ladder=(1, 3, 6, 9, 12), target=12, ties="none", side="team", how="reached_12", title="Rentoy")
#: Truc bets and scores as Rentoy; only its tricks may be tied (S4 L134, L138)
TRUC_RULES = replace(RENTOY_RULES, ties="earliest", title="Truc")
#: Cotton's Put: to 5, one raise for the whole game [A 18], Cotton's ties [A 19]
PUT_RULES = Rules(ladder=(1, 5), target=5, ties="count", side="player", how="reached_5", title="Put")



class State(NamedTuple):
    """The table between hands: each side's score, and the hand the game ended at.

    A named tuple (immutable, as beancount's records are), built once a hand by :func:`count` with every
    field in order through ``tuple.__new__``: a frozen dataclass stores each of its ten fields through
    ``object.__setattr__``, and building it cost more than counting the hand's points
    (``bench/replay.py --instructions --games``).
    """

    table: Table
    rules: Rules
    sides: tuple[str, ...]
    scores: Mapping[str, int]
    ended: int | None = None
    winner: str | None = None
    #: each side's points in the cama being played (the scores, while the game has one cama)
    cama: Mapping[str, int] | None = None
    #: the camas each side has won
    camas: Mapping[str, int] | None = None
    #: the last hand was a round of pica-pica (the next is played by all six again)
    duels_last: bool = False
    #: the hands played so far
    hands: int = 0

    @property
    def in_cama(self) -> Mapping[str, int]:
        return self.cama if self.cama is not None else self.scores


# ---------------------------------------------------------------- reading a hand


def read_raises(raw: Any, number: int, state: State) -> tuple[str, ...]:
    """The sides that raised, in order: they alternate, and the ladder bounds how many there are [A 15]."""
    if not isinstance(raw, list):
        raise refuse(number, "raises", N_("expected a list of the sides that raised, in order"))
    most = len(state.rules.ladder) - 1
    if len(raw) > most:
        raise refuse(number, f"raises[{most}]", N_("the hand is already worth {value}, its most: no further raise"),
                     value=_top(state.rules))
    raises: list[str] = []
    for i, side in enumerate(raw):
        raised = name_in(side, number, f"raises[{i}]", state.sides, state.rules.side)
        if raises and raises[-1] == raised:
            raise refuse(number, f"raises[{i}]", N_("{side!r} raised twice running: the sides raise in turn"),
                         side=raised)
        raises.append(raised)
    return tuple(raises)


def _top(rules: Rules) -> Step | str:
    """The ladder's top for a refusal: its value, or the call's name when it is the rest (joc fora)."""
    top = rules.ladder[-1]
    return rules.raise_calls[-1] if top == REST and rules.raise_calls else top


def _decided(tricks: Sequence[str | None], ties: Ties) -> bool:
    """Whether the tricks so far decide the hand (the rest are not played)."""
    if len(tricks) != 2:
        return len(tricks) > 2
    first, second = tricks
    if ties == "earliest":  # one of the two won (the other tied), or both by the same side
        return second is not None if first is None else second is None or first == second
    return first is not None and first == second  # both won by the same side


def _hand_winner(tricks: Sequence[str | None], ties: Ties) -> str | None:
    """The side taking a played-out hand: more tricks wins; equal counts go to the earliest trick
    won (Truc) or tie the hand (Put). ``None``: the hand is tied (Put, or three ties in Truc)."""
    won = [t for t in tricks if t is not None]
    if not won:
        return None
    first = won[0]  # the side of the earliest trick won; the other side took the rest (two sides a hand)
    theirs = won.count(first)
    if theirs * 2 > len(won):
        return first
    if theirs * 2 < len(won):
        return next(t for t in won if t != first)
    return first if ties == "earliest" else None


def read_tricks(raw: Any, number: int, state: State) -> tuple[str | None, ...]:
    """Each trick's side (``None`` for a tie), exactly as many as decide the hand."""
    if not isinstance(raw, list) or not raw:
        raise refuse(number, "tricks", N_("expected a list of the tricks' winners, in order"))
    rules = state.rules
    choices = state.sides if rules.ties == "none" else (*state.sides, TIE)
    tricks: list[str | None] = []
    ties = rules.ties
    for i, entry in enumerate(raw):
        if _decided(tricks, ties):
            raise refuse(number, f"tricks[{i}]",
                         N_("the hand was decided after {n} tricks; no further trick is played"), n=len(tricks))
        if entry == TIE and ties == "none":
            raise refuse(number, f"tricks[{i}]", N_("a trick cannot be tied in {game}"), game=rules.title)
        side = name_in(entry, number, f"tricks[{i}]", choices, rules.side)
        tricks.append(None if side == TIE else side)
    if not _decided(tricks, ties):
        raise refuse(number, "tricks", N_("{n} tricks do not decide the hand: record the next trick too"),
                     n=len(tricks))
    return tuple(tricks)


def hand_outcome(state: State, number: int, deal: Mapping[str, Any]) -> tuple[str | None, Step, str]:
    """Who takes the hand (``None``: nobody), its value (``rest`` for an accepted joc fora, counted
    when the hand is scored), and how it ended (``won``, ``tricks``, ``folded``, ``tied`` or ``eldest``)."""
    rules, sides = state.rules, state.sides
    raises = read_raises(deal["raises"], number, state) if "raises" in deal else ()
    ending = one_ending(deal, number, rules)
    value = rules.ladder[len(raises)]
    eldest_asked = False
    winner: str | None
    if ending == MAZO:
        winner, value = went_to_deck(state, number, deal, raises)
        how = MAZO
    elif ending == "won":
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


def one_ending(deal: Mapping[str, Any], number: int, rules: Rules) -> str:
    """How the hand ended: exactly one of its endings (``won``, ``tricks``, ``folded``, and ``mazo``
    where the ruleset has the deck), refused in the table's words when there are none or several."""
    present = [e for e in rules.endings if e in deal]
    if len(present) == 1:
        return present[0]
    if rules.deck:
        raise refuse(number, "deal", N_("say one way the hand ended: who won it, who folded, the tricks, "
                                        "or who went to the deck"))
    raise refuse(number, "deal", N_("say one way the hand ended: who won it, who folded, or the tricks"))


def went_to_deck(state: State, number: int, deal: Mapping[str, Any], raises: Sequence[str]) -> tuple[str, Step]:
    """The side that did not go to the deck, and what it takes: the hand's current value; during the
    first trick with nothing sung (no raise, no side bet), the ruleset's ``mazo_first``."""
    rules, sides = state.rules, state.sides
    went = name_in(deal[MAZO], number, MAZO, sides, rules.side)
    trick = deal.get(MAZO_TRICK, 1)
    if isinstance(trick, bool) or trick not in (1, 2, 3):
        raise refuse(number, MAZO_TRICK, N_("expected the trick the side went to the deck in: 1, 2 or 3"))
    other = next(s for s in sides if s != went)
    sung = bool(raises) or any(c.field in deal for c in rules.chains)
    if trick == 1 and not sung:
        return other, rules.mazo_first
    return other, rules.ladder[len(raises)]


# ---------------------------------------------------------------- the side bets (Truco as played today)


def falta(state: State) -> int:
    """What the leading side lacks: to leave the malas while it is in them (when the game has
    halves), else to close the cama (the game, with one cama)."""
    rules, lead = state.rules, max(state.in_cama.values())
    if rules.half and lead < rules.half:
        return rules.half - lead
    return rules.target - lead


def _lacks(state: State, side: str) -> int:
    """What ``side`` lacks to close the cama (the game, with one cama)."""
    return state.rules.target - state.in_cama[side]


def _leader_lacks(state: State, winner: str) -> int:
    return state.rules.target - max(state.in_cama.values())


def _loser_lacks(state: State, winner: str) -> int:
    return max(_lacks(state, s) for s in state.sides if s != winner)


#: how a falta call is read while the leader is in the malas (in the buenas every reading is what
#: the leader lacks to the end): to reach the buenas [T4]; the whole game, what the winner lacks
#: [E1, R1, V4]; what the leader lacks to the end [C]; what the loser lacks to the end [E3]
FALTA_READINGS: dict[str, Callable[[State, str], int]] = {
    "buenas": lambda state, winner: falta(state),
    "game": _lacks,
    "leader": _leader_lacks,
    "loser": _loser_lacks,
}


def falta_points(state: State, winner: str) -> int:
    """A falta call's points for ``winner``, by the ruleset's reading of the malas."""
    rules = state.rules
    in_malas = rules.half > 0 and max(state.in_cama.values()) < rules.half
    return FALTA_READINGS[rules.falta_malas](state, winner) if in_malas else falta(state)


Calls = Sequence[tuple[str, str]]


def _resto(state: State, winner: str, calls: Calls) -> int:
    """[T4]: what takes the leader to the end, and 3 for each flor sung (each side that sang in the
    flor's chain holds one: a contraflor is a flor too)."""
    return _leader_lacks(state, winner) + 3 * len({side for side, _ in calls})


#: how the contraflor al resto is priced: as the table's falta; what takes the leader to the end
#: plus 3 a flor sung [T4]; the whole chico, what the winner lacks [T3]
RESTO_READINGS: dict[str, Callable[[State, str, Calls], int]] = {
    "falta": lambda state, winner, calls: falta_points(state, winner),
    "resto": _resto,
    "chico": lambda state, winner, calls: _lacks(state, winner),
}


def falta_of(state: State, chain: Chain) -> Callable[[str, Calls], int]:
    """What a falta call of ``chain`` is worth to its winner: the contraflor al resto by its own
    reading, any other falta (falta envido, the envit's falta) by the falta's."""
    if chain.field == "flor":
        return lambda winner, calls: RESTO_READINGS[state.rules.contraflor_resto](state, winner, calls)
    return lambda winner, calls: falta_points(state, winner)


def read_bets(state: State, number: int, deal: Mapping[str, Any]) -> list[tuple[str, str, int, dict[str, Any]]]:
    """The side bets of the hand, in scoring order: ``(field, side, points, extra)``; a hand has at
    most one (a flor annuls the envido)."""
    rules = state.rules
    present = [c for c in rules.chains if c.field in deal]
    if len(present) > 1:
        raise refuse(number, present[-1].field, N_("a hand scores one of {fields}, not both"),
                     fields=", ".join(c.field for c in present))
    bets = []
    for chain in present:
        side, value, how, names = read_chain(deal[chain.field], number, chain, state.sides, rules.side,
                                             falta_of(state, chain))
        bets.append((chain.field, side, value, {"winner": side, "points": value, "how": how, "calls": names}))
    return bets


# ---------------------------------------------------------------- the game


def start_with(rules: Rules) -> Callable[[Table], State]:
    def start(table: Table) -> State:
        seating = table.seating
        sides = seating.team_names or seating.players
        chosen = rules_of(rules, table.options)
        zero = dict.fromkeys(sides, 0)
        return State(table, chosen, sides, zero, cama=zero, camas=zero)

    return start


def count(state: State, number: int, items: Sequence[tuple[str | None, Step]], duels: bool,
          ) -> tuple[dict[str, int], State, bool]:
    """Hand ``number`` counted, item by item in scoring order (the side bet, then the hand): each
    counts into the cama; a side reaching the cama's points wins it and the cama starts again, and
    what the hand still held is not counted (that cama is over). Its points, the state after it
    (``duels``: it was a round of pica-pica) and ``True`` if the game ended."""
    rules, sides = state.rules, state.sides
    points = dict.fromkeys(sides, 0)
    cama = dict(state.cama if state.cama is not None else state.scores)
    camas = dict(state.camas or dict.fromkeys(sides, 0))
    winner = None
    for side, step in items:
        if side is None:
            continue
        value = step if isinstance(step, int) else rules.target - cama[side]
        points[side] += value
        cama[side] += value
        if cama[side] >= rules.target:
            camas[side] += 1
            if camas[side] >= rules.camas:
                winner = side
            else:
                cama = dict.fromkeys(sides, 0)
            break
    scores = {s: state.scores[s] + points[s] for s in sides}
    ended = winner is not None
    new = _new_tuple(State, (state.table, rules, sides, scores, number if ended else None, winner, cama, camas, duels,
                             state.hands + 1))  # every field, in order (see State)
    return points, new, ended


def hand_fields(rules: Rules) -> frozenset[str]:
    """The fields a hand (or a duel of pica-pica) may have under ``rules``: the hand's own, the deck's where
    the ruleset has it, and its side bets' (:attr:`Rules.fields`)."""
    return rules.fields


def play(state: State, number: int, deal: Any) -> tuple[State, DealRow]:
    """One hand: a hand of all the players, or (six players, the score in the band) a round of pica-pica."""
    rules = state.rules
    if rules.pica is not None and pica_due(state):
        return play_duels(state, number, deal)
    if (type(deal) is dict or isinstance(deal, Mapping)) and DUELS in deal:  # a dict told without the ABC's check
        template, values = _not_pica(state)
        raise refuse(number, DUELS, template, **values)
    only_fields(deal, number, rules.fields)
    bets = read_bets(state, number, deal) if rules.chains else []
    winner, step, how = hand_outcome(state, number, deal)
    items: list[tuple[str | None, Step]] = [(side, value) for _, side, value, _ in bets] if bets else []
    items.append((winner, step))
    points, new, ended = count(state, number, items, False)
    extras: list[tuple[str, Any]] = [("how", how)]
    if winner is not None:
        extras.append(("winner", winner))
    if rules.raise_calls and "raises" in deal:
        extras.append(("calls", rules.raise_calls[:len(deal["raises"])]))
    for field_name, _, _, extra in bets:
        extras.append((field_name, extra))
    if rules.in_camas:
        extras.extend((("cama", dict(new.in_cama)), ("camas", dict(new.camas or {}))))
    if ended:
        extras.append(("ends", True))
    return new, DealRow(number, tuple(points.items()), tuple(new.scores.items()), tuple(extras))


# ---------------------------------------------------------------- pica-pica (six players)

#: the deal field of a round of pica-pica: the duels' results, in seat order
DUELS = "duels"
#: the leader's scores at which a round of pica-pica follows a hand of all six, by the option
#: ``pica_pica``: from 5 to 25 [E4] or strictly between them [E5]; every other hand from the second [P4]
PICA_BANDS: dict[str, tuple[int, int] | None] = {"none": None, "5_25": (5, 25), "6_24": (6, 24), "always": (0, 30)}


def duel_pairs(players: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """Who plays whom in a round of pica-pica: each player against the one sitting opposite (seat 1
    against seat 4, 2 against 5, 3 against 6) [P3, E4]."""
    half = len(players) // 2
    return tuple((players[k], players[k + half]) for k in range(half))


def pica_due(state: State) -> bool:
    """Whether the next hand is a round of pica-pica: six at the table, a ruleset playing it, the last
    hand played by all six (a round of duels is followed by a hand of all six, and the game opens with
    one) [P3, E4], and the leader's score within the band [E4]."""
    return pica_next(state.rules, len(state.table.seating.players), state.hands, state.duels_last, state.scores)


def pica_next(rules: Rules, seats: int, hands: int, duels_last: bool, scores: Mapping[str, int]) -> bool:
    """:func:`pica_due` from what a page knows: the seats, the hands played, whether the last was a round of
    duels, and the scores after it."""
    band = rules.pica
    if band is None or seats != 6 or hands == 0 or duels_last:
        return False
    return band[0] <= max(scores.values()) <= band[1]


def _not_pica(state: State) -> tuple[str, dict[str, Any]]:
    """Why this hand is not a round of pica-pica: the refusal's words and values."""
    band = state.rules.pica
    if band is None or len(state.table.seating.players) != 6:
        return N_("this table does not play pica-pica: the hand is played by all the players"), {}
    return (N_("this hand is played by all six: a round of pica-pica follows a hand of all six while the "
               "leader has from {low} to {high}"), {"low": band[0], "high": band[1]})


def _in_duel(k: int, error: SessionError) -> SessionError:
    """A duel's refusal named by its place: ``duels[1].won``, ``duels[0]`` for the duel as a whole."""
    first = error.first
    where = f"{DUELS}[{k}]" if first.field == "deal" else f"{DUELS}[{k}].{first.field}"
    return SessionError(replace(first, field=where))


def read_duel(state: State, number: int, k: int, duel: Any) -> tuple[list[tuple[str | None, Step]], dict[str, Any]]:
    """One duel, read as a hand of the two teams (one player each): its items in scoring order (its side
    bet, then its hand) and what the row says of it. Each duel reads the score before the round: the
    points are counted at the end of the round."""
    try:
        only_fields(duel, number, hand_fields(state.rules))
        bets = read_bets(state, number, duel)
        winner, step, how = hand_outcome(state, number, duel)
    except SessionError as error:
        raise _in_duel(k, error) from None
    one, other = duel_pairs(state.table.seating.players)[k]
    said: dict[str, Any] = {"players": [one, other], "how": how, "value": step}
    if winner is not None:
        said["winner"] = winner
    said.update({field: extra for field, _, _, extra in bets})
    return [*((side, value) for _, side, value, _ in bets), (winner, step)], said


def play_duels(state: State, number: int, deal: Any) -> tuple[State, DealRow]:
    """A round of pica-pica: three duels, each scored to its player's team, counted in seat order."""
    pairs = duel_pairs(state.table.seating.players)
    duels = deal.get(DUELS) if isinstance(deal, Mapping) else None
    if not isinstance(duels, list) or len(duels) != len(pairs):
        raise refuse(number, DUELS, N_("this hand is a round of pica-pica: give the {n} duels' results, in seat "
                                       "order (seat 1 against seat 4 first)"), n=len(pairs))
    only_fields(deal, number, (DUELS,))
    items: list[tuple[str | None, Step]] = []
    said = []
    for k, duel in enumerate(duels):
        duel_items, duel_said = read_duel(state, number, k, duel)
        items += duel_items
        said.append(duel_said)
    points, new, ended = count(state, number, items, True)
    extras: list[tuple[str, Any]] = [("round", "pica_pica"), (DUELS, said)]
    if ended:
        extras.append(("ends", True))
    return new, DealRow(number, tuple(points.items()), tuple(new.scores.items()), tuple(extras))


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
                  money_of(players, money, stake), how=ending_code(state))


def ending_code(state: State) -> str:
    """How the game ended: the rules' code; in camas, with the partida's camas (``camas_2_1``)."""
    if not state.rules.in_camas or state.winner is None:
        return state.rules.how
    camas = state.camas or {}
    lost = max(n for side, n in camas.items() if side != state.winner)
    return f"camas_{camas[state.winner]}_{lost}"


# ---------------------------------------------------------------- the rulesets of truc


def rioplatense(options: Mapping[str, Any]) -> Rules:
    """Truco of the Río de la Plata: to 15 or 30 (malas and buenas at 30), truco 2, retruco 3, vale
    cuatro 4; envido, and flor when the table plays it."""
    target = options["target"]
    chains = (flor_chain(options["flor_flor"]), ENVIDO) if options["flor"] else (ENVIDO,)
    return Rules(ladder=(1, 2, 3, 4), target=target, ties="earliest", side="team", how=f"reached_{target}",
                 title="Truco", ruleset="rioplatense", raise_calls=("truco", "retruco", "vale_cuatro"),
                 chains=chains, half=HALVES[target], deck=True, mazo_first=options["mazo_first"],
                 falta_malas=options["falta_malas"], contraflor_resto=options["contraflor_resto"],
                 pica=_band(options.get("pica_pica", "none"), target))


def _band(choice: str, target: int) -> tuple[int, int] | None:
    """The option's band of the leader's score, within the game (in a game to 15 it ends with the game)."""
    band = PICA_BANDS[choice]
    return None if band is None else (band[0], min(band[1], target - 1))


def valenciano(options: Mapping[str, Any]) -> Rules:
    """Truc valencià: camas of 12 (or of 18, 9 malas and 9 buenas), truc 2, retruc 3, quatre val 4, joc
    fora (the rest of the cama); envit; a trick's tie goes to the mano, so every trick has a winner."""
    return Rules(ladder=(1, 2, 3, 4, REST), target=options["cama"], ties="none", side="team", how="camas",
                 title="Truc valencià", ruleset="valenciano",
                 raise_calls=("truc", "retruc", "quatre_val", "joc_fora"), chains=(ENVIT,), camas=options["camas"],
                 half=HALVES[options["cama"]], in_camas=True, deck=True, falta_malas=options["falta_cama"])


#: the malas by the points of the game (or of the cama): half of 30 (Río de la Plata) and of a cama
#: of 18 (truc valencià); a game to 15 and a cama of 12 have no halves
HALVES = {12: 0, 15: 0, 18: 9, 30: 15}
#: each ruleset of ``truc``: how its rules are made from the options (``None``: the game's own),
#: and the options it reads
MAKERS: dict[str, tuple[Callable[[Mapping[str, Any]], Rules] | None, tuple[str, ...]]] = {
    "seed": (None, ("three_ties",)),
    "rioplatense": (rioplatense, ("three_ties", "target", "flor", "flor_flor", "contraflor_resto", "falta_malas",
                                  "mazo_first", "pica_pica")),
    "valenciano": (valenciano, ("cama", "camas", "falta_cama")),
}


def options_read(options: Mapping[str, Any]) -> frozenset[str]:
    """The options a table that chose a ruleset reads: the ruleset's own (:data:`MAKERS`), the ruleset and
    the stake; the others stay at their defaults and mean nothing to it."""
    return frozenset(("ruleset", "stake", *MAKERS[options["ruleset"]][1]))


def rules_of(base: Rules, options: Mapping[str, Any]) -> Rules:
    """The rules a table plays: the game's own, or those of the ruleset its options chose."""
    make = MAKERS[options["ruleset"]][0] if "ruleset" in options else None
    return make(options) if make is not None else base


#: the game's own rules, by the game's name
GAME_RULES = {"rentoy": RENTOY_RULES, "truc": TRUC_RULES, "put": PUT_RULES}


def rules_for(game: str, options: Mapping[str, Any]) -> Rules:
    """The rules a session of ``game`` with these (read) options plays: for a page or a form that
    has the session's options but not its state."""
    return rules_of(GAME_RULES[game], options)


def read_options_of(spec: GameSpec) -> Callable[[Mapping[str, Any], Seating], Mapping[str, Any]]:
    """The options checked, and no side called ``tie`` (the word a tied trick is written with). An
    option of another ruleset is refused unless it is at its default (a start form sends them all)."""

    def read_options(raw: Mapping[str, Any], seating: Seating) -> Mapping[str, Any]:
        options = read_choices(raw, spec)
        for side in seating.team_names or seating.players:
            if side == TIE:
                raise refuse(None, "teams" if seating.teams else "players",
                             N_("{value!r} is how a tied trick is written: give the side another name"), value=side)
        if "ruleset" in options:
            read = options_read(options)
            for option in spec.options:
                if option.name not in read and options[option.name] != option.default:
                    raise refuse(None, f"options.{option.name}", N_("the {ruleset} ruleset has no option {option!r}"),
                                 ruleset=options["ruleset"], option=option.name)
            if options.get("pica_pica", "none") != "none":
                check_pica_seats(seating)
        return options

    return read_options


def check_pica_seats(seating: Seating) -> None:
    """Pica-pica is for six, three against three, each player facing one of the other team [P1, P3]."""
    players = seating.players
    if len(players) != 6:
        raise refuse(None, "options.pica_pica", N_("pica-pica is played by six players, three against three: "
                                                   "this table has {n}"), n=len(players))
    for one, other in duel_pairs(players):
        if seating.team_of(one) == seating.team_of(other):
            raise refuse(None, "teams", N_("in pica-pica each player plays the one sitting opposite, who must be of "
                                           "the other team: {one} and {other} are partners"), one=one, other=other)


def game_of(spec: GameSpec, rules: Rules) -> Game[State]:
    return Game(spec, read_options_of(spec), start_with(rules), play, result, ended_at=lambda s: s.ended)


#: Truco as played today, each by its own name on the group page, with the sources' values
#: (docs/rules.md, "Truco as played today"): Río de la Plata to 30 in malas and buenas, without flor
#: unless the table agrees [T4], the deck 2 [E2], flor against flor 4 [T1], contraflor al resto and
#: falta by the rulebook [T4]; Valencia in camas of 18 (9 malas, 9 buenas), two camas of three [V3],
#: the falta with both teams in the malas for the whole cama [V4]. The seed's Truc beside them.
TRUC_PRESETS = (
    Preset("rioplatense", "Truco rioplatense", {"ruleset": "rioplatense", "target": 30, "flor": False,
                                                "mazo_first": 2, "flor_flor": 4, "contraflor_resto": "resto",
                                                "falta_malas": "buenas", "three_ties": "eldest"}),
    Preset("valenciano", "Truc valencià", {"ruleset": "valenciano", "cama": 18, "camas": 2, "falta_cama": "game"}),
    Preset("seed", "Truc", {"ruleset": "seed"}, historical=True),
)

RENTOY_SPEC = GameSpec(name="rentoy", title="Rentoy", seats=(2, 4, 6, 8), partnership="fixed", unit="points",
                       options=(STAKE_OPTION,), source="seed 004 (Krasnopolsky), Rentoy, S4 L82-127", teams=2,
                       presets=(Preset("rentoy", "Rentoy", historical=True),))
TRUC_SPEC = GameSpec(name="truc", title="Truc", seats=(2, 4, 6, 8), partnership="fixed", unit="points",
                     options=(OptionSpec("three_ties", "eldest", ("eldest", "tie")), STAKE_OPTION,
                              OptionSpec("ruleset", "seed", tuple(MAKERS)), OptionSpec("target", 30, (15, 30)),
                              OptionSpec("flor", False, (True, False)), OptionSpec("cama", 12, (12, 18)),
                              OptionSpec("camas", 2, (1, 2, 3)), OptionSpec("mazo_first", 2, (2, 1)),
                              OptionSpec("flor_flor", 4, (4, 3, 6)),
                              OptionSpec("contraflor_resto", "falta", tuple(RESTO_READINGS)),
                              OptionSpec("falta_malas", "buenas", tuple(FALTA_READINGS)),
                              OptionSpec("falta_cama", "buenas", ("buenas", "game")),
                              OptionSpec("pica_pica", "none", tuple(PICA_BANDS))),
                     source="seed 004 (Krasnopolsky), Truc, S4 L130-166; Truco as played today, docs/rules.md",
                     teams=2, presets=TRUC_PRESETS)
PUT_SPEC = GameSpec(name="put", title="Put", seats=(2,), partnership="none", unit="points", options=(STAKE_OPTION,),
                    source="seed 004 (Krasnopolsky), Cotton's Put, S4 L132, L142-147, L164",
                    presets=(Preset("put", "Put", historical=True),))

RENTOY = game_of(RENTOY_SPEC, RENTOY_RULES)
TRUC = game_of(TRUC_SPEC, TRUC_RULES)
PUT = game_of(PUT_SPEC, PUT_RULES)
