"""Tresillo as a game plug-in: its engine behind the registry's :class:`~scorekeeper.games.base.Game`.

The evening's own file stays ``tresillo-session/1`` (:mod:`.engine.sessionfile`, read and written
byte for byte); here a ``scorekeeper-session/2`` document plays the same hands: its options are the
setup's fields (``stake`` is the tanto's value) and each deal is a hand object of that file. A deal's
points are the tokens its hand moved into or out of each bowl; the scores are each bowl against the
start; the result's money is the settlement as if the evening ended after the last deal. Tresillo
has no end of its own (the table stops when it likes), so its result is never ``finished``.
Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from ...core.errors import SessionError
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
    new_result,
    new_row,
    read_choices,
)
from .engine import RULESETS, Setup
from .engine import Table as Tresillo
from .engine.replay import check_setup, ruleset_for
from .engine.sessionfile import FORMAT, load_hand, load_setup

#: where a refusal of the setup's field is in a scorekeeper-session/2 document (the rest: options.<field>)
_OPTION_OF = {"options": "options.variants", "end.paper": "options.end_paper", "players": "players"}

SPEC = GameSpec(
    name="tresillo",
    title="Tresillo",
    seats=(3, 4),
    partnership="none",
    unit="tantos",
    options=(
        OptionSpec("rules", "pagat", tuple(RULESETS)),
        #: who deals first (None: the first player)
        OptionSpec("first_dealer", None),
        OptionSpec("start_tokens", 160),
        #: the reserved puestas carried in, as the session file's ``paper``
        OptionSpec("paper", None),
        OptionSpec("end_paper", "settle", ("settle", "keep")),
        #: the variants, as the session file's ``options``
        OptionSpec("variants", None),
        STAKE_OPTION,
    ),
    source="seed 000 (pagat), seed 001 (house), seed 003 (french): Tresillo",
    session_format=FORMAT,
    carries_paper=True,
)


@dataclass(frozen=True, slots=True)
class State:
    """The table after the deals so far and each bowl's score (:func:`play` leaves it as it was, :func:`play_on`
    plays on)."""

    table: Tresillo
    scores: tuple[tuple[str, int], ...]


#: ``State(...)``, built quickly (:func:`~scorekeeper.games.base.builder`): one a deal
new_state = builder(State)


def _as_deal(exc: SessionError, number: int | None) -> SessionError:
    """The engine's refusal where a scorekeeper-session/2 document has it: a deal, or an option of the setup."""
    moved = []
    for err in exc.errors:
        if number is None and err.hand is None:
            field = next((new + err.field[len(old):] for old, new in _OPTION_OF.items()
                          if err.field == old or err.field.startswith((old + ".", old + "["))), None)
            err = replace(err, field=field or f"options.{err.field}")
        else:
            err = replace(err, hand=number if err.hand is None else err.hand, unit="deal")
        moved.append(err)
    return SessionError(moved)


T = TypeVar("T")


def _refused_as_deal(number: int | None, read: Callable[[], T]) -> T:
    try:
        return read()
    except SessionError as exc:
        raise _as_deal(exc, number) from None


def _setup(options: Mapping[str, Any], players: tuple[str, ...]) -> Setup:
    """The engine's setup from the options, read as the session file's is (the tanto's value left at its default:
    it is the stake, which :func:`start` takes from the table)."""
    d: dict[str, Any] = {"format": FORMAT, "players": list(players), "rules": options["rules"],
                         "start_tokens": options["start_tokens"], "end": {"paper": options["end_paper"]}}
    for field, option in (("first_dealer", "first_dealer"), ("paper", "paper"), ("options", "variants")):
        if options[option] is not None:
            d[field] = options[option]
    return _refused_as_deal(None, lambda: load_setup(d))


def read_options(raw: Mapping[str, Any], seating: Seating) -> Mapping[str, Any]:
    """The options with their defaults, checked against the seating as the session file's setup is (the
    checks a table makes of its setup, without building one: :func:`start` builds it), each as the setup
    read it: the first dealer as the player list spells him (None: the first player), the paper's debts
    and the variants read, so :func:`start` builds its table without reading them again."""
    options = read_choices(raw, SPEC)
    setup = _setup(options, seating.players)
    _refused_as_deal(None, lambda: check_setup(setup, ruleset_for(setup)))  # the paper's players, the first dealer…
    options.update(first_dealer=None if options["first_dealer"] is None else setup.first_dealer,
                   start_tokens=setup.start_tokens, paper=setup.paper, variants=setup.options)
    return options


def start(table: Table) -> State:
    """The table of the options :func:`read_options` read (the tanto's value: the stake, which the platform read
    within the bounds of Tresillo's own). Reading the setup again here cost a deal of the conformance suite's
    sessions (about 14 deals each) 17,000 instructions (``bench/replay.py --instructions --games``)."""
    options, players = table.options, table.seating.players
    setup = Setup(players=players, first_dealer=options["first_dealer"] or players[0], rules=options["rules"],
                  start_tokens=options["start_tokens"], tanto_value=table.stake, paper=options["paper"],
                  end_paper=options["end_paper"], options=options["variants"])
    tresillo = _refused_as_deal(None, lambda: Tresillo(setup))
    return State(tresillo, tuple((p, 0) for p in tresillo.players))


def play(state: State, number: int, deal: Mapping[str, Any]) -> tuple[State, DealRow]:
    """Deal ``number`` played as the session file's hand ``number``; the state before it is left as it was (the
    deal is played on a fork of its table)."""
    return play_on(State(state.table.fork(), state.scores), number, deal)


def play_on(state: State, number: int, deal: Mapping[str, Any]) -> tuple[State, DealRow]:
    """:func:`play` on the state's own table (the replay's, held by no one else: ``Game.play_on``). A fork for
    every deal copied the table's rows, results and paper: 46,000 of a deal's 274,000 instructions
    (``bench/replay.py --instructions --games --game tresillo``). A refused deal leaves the table as it was."""
    table = state.table
    setup = table.setup
    try:
        hand = load_hand(deal, number, setup.players)
        table.play(hand)
    except SessionError as exc:
        raise _as_deal(exc, number) from None
    start, purse = setup.start_tokens, table.purse  # the bowls first, in seating order
    scores = tuple([(p, purse[i] - start) for i, p in enumerate(table.players)])
    points = tuple([(p, scores[i][1] - was) for i, (p, was) in enumerate(state.scores)])
    row = new_row(number, points, scores, (("plato", table.plato), ("pajaritos", table.pajaritos)))
    return new_state(table, scores), row


def result(state: State) -> Result:
    """The money as if the evening ended now (the dishes shared, the paper settled or kept as set)."""
    table = state.table
    money = table.settlement().money
    return new_result(None, None, (), (), None, tuple([(p, money[p]) for p in table.players]))


TRESILLO: Game[State] = Game(SPEC, read_options, start, play, result, play_on=play_on)
