"""What every game plug-in is made of: its fixed description, its table, its rows and its result.

A game is a :class:`Game`: a fixed :class:`GameSpec` (OpenSpiel's game description) beside three
pure functions over an immutable state of the game's own (python-chess's board rebuilt by
replaying moves): ``start`` seats the table, ``play`` scores one deal as entered and returns the
next state with the deal's :class:`DealRow`, ``result`` says how the game stands. The replay
(:mod:`scorekeeper.games.replay`) is the same for every game.

Standard library only (a test scans the imports). Refusals are :class:`FieldError` values naming
the deal (``unit="deal"``) and the field, with a template the narration translates.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from decimal import Decimal, InvalidOperation
from typing import Any, Generic, Literal, ParamSpec, TypeVar

from ..core.errors import N_, FieldError, SessionError

#: how the seats are grouped: each for himself, fixed teams, or sides chosen for every deal
Partnership = Literal["none", "fixed", "per_deal"]
#: what the score is kept in
Unit = Literal["tantos", "points", "counters"]

P = ParamSpec("P")
R = TypeVar("R")


def builder(cls: Callable[P, R]) -> Callable[P, R]:
    """A quicker ``cls(...)`` for a frozen, slotted dataclass built on every deal (a state, a row): the same object.

    A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__`` (about 1,300 instructions a
    field, ``bench/replay.py --instructions --games``); this fills a twin with the same slots by plain stores and
    then gives it ``cls`` as its class (about 2,500 instructions for four fields instead of 7,000). The twin is
    made by calling it, which costs less than ``object.__new__(twin)`` (about 300 instructions less). The object is
    then frozen as any other (its ``__setattr__`` refuses), equal and hashed as ``cls(...)`` is.
    """
    params = getattr(cls, "__dataclass_params__", None)
    if not isinstance(cls, type) or params is None or not params.frozen or cls.__bases__ != (object,) \
            or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls!r} is not a frozen, slotted dataclass of its own")
    every = fields(cls)
    names = [f.name for f in every]
    if tuple(names) != tuple(cls.__dict__["__slots__"]) or any(not f.init or f.default_factory is not MISSING
                                                               for f in every):
        raise TypeError(f"{cls!r}: every field must be set by __init__, with no default factory")
    twin = type(f"{cls.__name__}Building", (), {"__slots__": tuple(names)})
    scope: dict[str, Any] = {"_twin": twin, "_cls": cls}
    scope.update({f"_default_{f.name}": f.default for f in every})
    args = ", ".join(f.name if f.default is MISSING else f"{f.name}=_default_{f.name}" for f in every)
    lines = [f"def build({args}):", "    o = _twin()", *(f"    o.{n} = {n}" for n in names),
             "    o.__class__ = _cls"]
    lines += ["    o.__post_init__()"] if hasattr(cls, "__post_init__") else []
    exec("\n".join([*lines, "    return o"]), scope)  # as dataclasses writes its __init__
    build: Callable[P, R] = scope["build"]
    build.__qualname__ = build.__name__ = f"build_{cls.__name__}"
    build.__doc__ = f"{cls.__name__}(...), built quickly (base.builder)."
    return build

#: the largest stake a session may name, and its decimal places (money per unit of the result)
STAKE_MOST = Decimal("100000")
STAKE_PLACES = 2


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game: its name in the session file, the values it takes and its default.

    ``choices`` lists the values a choice option takes (``True``/``False`` for a switch); an
    empty tuple means the game reads the value itself (the stake, a counter per player).
    """

    name: str
    default: Any
    choices: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Preset:
    """A way a game is started, listed on the group page by its own ``title`` (Truco rioplatense) and starting
    with ``options`` (names and values as in the session file). ``historical``: a game of the old books rather
    than one played today, listed after the others. Its options are checked by ``tests/games/test_presets.py``."""

    key: str
    title: str
    options: Mapping[str, Any] = field(default_factory=dict, hash=False)
    historical: bool = False


@dataclass(frozen=True, slots=True)
class GameSpec:
    """The fixed description of a game: what the platform may know without playing it."""

    name: str
    #: the game's own name, the same in every language
    title: str
    #: the numbers of players the game is played by
    seats: tuple[int, ...]
    partnership: Partnership
    unit: Unit
    options: tuple[OptionSpec, ...]
    #: where the rules come from (seed and lines), for the docs and the report
    source: str
    #: the team names a fixed-partnership game takes from the session file (empty: none)
    teams: int = 0
    #: the format of the game's own session file, replayed by its package's ``commands`` module (empty: none)
    session_format: str = ""
    #: its debts may be kept on paper from one session to the group's next (Tresillo's paper): ending a
    #: session asks whether the paper is settled or kept, and the group carries the last one kept
    carries_paper: bool = False
    #: the ways the game is started, each listed on its own (empty: the game is listed once, by its title)
    presets: tuple[Preset, ...] = ()

    def option(self, name: str) -> OptionSpec:
        return next(o for o in self.options if o.name == name)

    def preset(self, key: str) -> Preset | None:
        """The preset called ``key`` (None: the game has none of that name)."""
        return next((p for p in self.presets if p.key == key), None)


@dataclass(frozen=True, slots=True)
class Seating:
    """The players in seating order (the direction of play) and, for fixed partnerships, the teams."""

    players: tuple[str, ...]
    teams: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def team_of(self, player: str) -> str:
        return next(name for name, members in self.teams if player in members)

    @property
    def team_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.teams)

    def members(self, team: str) -> tuple[str, ...]:
        return dict(self.teams)[team]


@dataclass(frozen=True, slots=True)
class Table:
    """What a game is started with: the seating, its options (read and checked) and the stake."""

    seating: Seating
    options: Mapping[str, Any]
    stake: Decimal


@dataclass(frozen=True, slots=True)
class DealRow:
    """One deal as scored: this deal's points and the running scores, keyed by side or player.

    ``extras`` are data a game adds (``how``, ``out``, ``pot``…), named as in the session file's
    result object; never sentences.
    """

    deal: int
    points: tuple[tuple[str, int], ...]
    scores: tuple[tuple[str, int], ...]
    extras: tuple[tuple[str, Any], ...] = ()

    def extra(self, name: str, default: Any = None) -> Any:
        return dict(self.extras).get(name, default)


#: ``DealRow(...)``, built quickly: every game makes one a deal (:func:`builder`)
new_row = builder(DealRow)


@dataclass(frozen=True, slots=True)
class Result:
    """How the game stands after the deals played: who won, the multiplier, the money.

    ``finished`` is ``None`` for a game that has no end (the pot games, Terziglio paid per deal).
    ``how`` names the ending (``"target"``, ``"claim"``, ``"cappotto"``…): data for the narration.
    """

    finished: bool | None
    ended_at: int | None
    winners: tuple[str, ...]
    losers: tuple[str, ...]
    multiplier: int | None
    money: tuple[tuple[str, Decimal], ...]
    how: str = ""

    def __post_init__(self) -> None:
        total: Decimal | int = 0  # from 0, in a loop: no Decimal built, no comprehension called (every replay)
        for _, money in self.money:
            total += money
        assert total == 0, "money must sum to zero"


#: ``Result(...)``, built quickly (:func:`builder`): every replay ends with one
new_result = builder(Result)


S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Game(Generic[S]):
    """A game plug-in: its description and the three pure functions the replay calls.

    ``start(table)`` is the state before the first deal; ``play(state, number, deal)`` scores the
    deal as entered (a mapping from the session file) and returns the new state and its row, or
    raises :class:`SessionError` naming the deal and the field (the old state is untouched);
    ``result(state)`` is the :class:`Result` so far. ``read_options`` checks the options of the
    session file against the seating (defaults filled in) before the game starts.
    """

    spec: GameSpec
    read_options: Callable[[Mapping[str, Any], Seating], Mapping[str, Any]]
    start: Callable[[Table], S]
    play: Callable[[S, int, Mapping[str, Any]], tuple[S, DealRow]]
    result: Callable[[S], Result]
    #: the deal number a game ended at, if it has ended (a later deal is refused)
    ended_at: Callable[[S], int | None] = field(default=lambda _state: None)
    #: ``play`` on a state no one else holds, which it may change in place rather than copy (None: ``play``): the
    #: replay calls it with a state it started itself or the one ``play`` or ``play_on`` returned for the deal
    #: before (never a state it was given); so ``play`` must return a state that shares nothing it changes
    play_on: Callable[[S, int, Mapping[str, Any]], tuple[S, DealRow]] | None = None


#: a part of a game's package, named ``"module:attribute"`` (``"views:PIECES"``) or ``"module"`` (``"pages"``),
#: relative to the package: read only when the platform asks for it, so listing the games loads none of them
Ref = str


@dataclass(frozen=True, slots=True)
class GameRecord:
    """Everything a game says about itself, in one place: the registry reads it without loading the game.

    A game's package lists its records in ``RECORDS`` in its ``__init__.py`` (one per game it holds), and
    that module imports nothing but this one, so the registry can find every game and load one only when
    asked (OpenSpiel's registered game type). Each part is a :data:`Ref` into the package; an empty one
    means the game has none and the platform's own stands in.
    """

    #: the game's name in the session file (``"game"``) and in links
    name: str
    #: the package that holds the game (its ``__name__``)
    package: str
    #: the :class:`Game` (its :class:`GameSpec` is its fixed description)
    game: Ref
    #: the web pieces (``games.views.Pieces``: the deal and start forms, the table's part, the deal's line),
    #: or a mapping of them by game name (one package holding several games)
    pieces: Ref = ""
    #: ``feats(played)``: what each player did in a session worth counting across evenings
    feats: Ref = ""
    #: its own printed documents beside the sheet every game has (``games.views.Documents``)
    documents: Ref = ""
    #: its own services (``services.played.OwnService``): sessions the platform does not keep alone
    service: Ref = ""
    #: the module of its own pages (blueprints, ``ENDPOINTS``, ``GROUP_SECTION``)
    pages: Ref = ""
    #: ``section(group, form, since, until)``: its section of the group's one statistics page (``/g/<t>/stats``,
    #: ``web.figures.StatsSection``), shown when the group has played the game; the form is the page's
    #: ``web.figures.ChooseForm`` (a player it never saw is told under the form's field)
    stats: Ref = ""
    #: the module replaying a file of its own format (``replay_file``), for ``GameSpec.session_format``
    commands: Ref = ""
    #: ``read(group, data, idem_key=, copy=)``: a file of its own format (``GameSpec.session_format``) brought into
    #: a group as a new session (``services.files.Reader``): the group's import page asks it for any file that is
    #: not ``scorekeeper-session/2``; the same file again may raise ``services.files.AlreadyImported``
    reader: Ref = ""
    #: how its sessions are replayed and caught up for the platform's replay cache (``services.replays.Replayer``),
    #: when they are not ``scorekeeper-session/2`` files the platform replays itself
    replays: Ref = ""
    #: ``sample_deal(state, rng)``: a random valid deal for the state reached (None: no more deals), from which
    #: the conformance suite builds random sessions of the game
    sample_deal: Ref = ""
    #: how the game may end (``Result.how``) → its label, marked ``N_`` for the narration to translate
    how: Mapping[str, str] = field(default_factory=dict)
    #: the coded values of its deal objects' fields → their words, marked ``N_``, by field name
    #: (``{"last": {"caller": N_("the caller's side")}}``): the compare page, the history and a fix's preview
    #: show a deal's value, and a key under that field (``points · caller``), in the reader's language; a
    #: value not named here (a player's or team's name, a number, a game's own word) reads as it is written
    values: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    #: the parties of its table a payment may go to besides a player (its dishes, its pot), in lower case: no
    #: player of any group may take one of these names (``registry.player_name``)
    dishes: tuple[str, ...] = ()
    #: the code that decides who pays and how much, for the mutation gate (``tools/mutate.py``): functions
    #: ``"module:function"`` or whole modules ``"module"`` (``"engine.stake"``), in the package
    money: tuple[Ref, ...] = ()
    #: the tests that judge that code, fastest first: each a pytest selection from the repository's root
    #: (``"tests/games/test_truc.py"``, ``"tests/games/test_conformance.py -k truc"``)
    money_tests: tuple[str, ...] = ()

    def module(self, ref: Ref) -> str:
        """The full name of the module ``ref`` points into."""
        return f"{self.package}.{ref.split(':', 1)[0]}"


# ---------------------------------------------------------------- refusals


def refuse(deal: int | None, where: str, template: str, **params: Any) -> SessionError:
    """A refusal of ``deal`` (``None``: the session) at field ``where``, ready to raise."""
    return SessionError(FieldError(deal, where, template.format(**params), template, tuple(params.items()), "deal"))


# ---------------------------------------------------------------- reading a deal


def only_fields(obj: Any, deal: int | None, allowed: Collection[str], where: str = "deal") -> Mapping[str, Any]:
    """``obj`` as a JSON object whose keys are all among ``allowed``; anything else is refused."""
    if type(obj) is not dict and not isinstance(obj, Mapping):  # a dict told without the ABC's check
        raise refuse(deal, where, N_("expected an object"))
    if type(allowed) is frozenset and allowed.issuperset(obj):  # the usual object, told in one call
        return obj
    for key in obj:
        if key not in allowed:
            raise refuse(deal, f"{where}.{key}" if where != "deal" else str(key), N_("unknown field {field!r}"),
                         field=str(key))
    return obj


def whole(value: Any, deal: int | None, where: str, least: int, most: int, key: str = "") -> int:
    """A JSON integer between ``least`` and ``most`` (never a bool, a float or a string), at field ``where`` (or
    ``where.key``: joined only for a refusal, since a replay reads thousands of counts a second)."""
    if type(value) is int and least <= value <= most:  # the usual count, told at once
        return value
    if key:
        where = f"{where}.{key}"
    if isinstance(value, bool) or not isinstance(value, int):
        raise refuse(deal, where, N_("expected a whole number"))
    if not least <= value <= most:
        raise refuse(deal, where, N_("{value} is not between {least} and {most}"), value=value, least=least,
                     most=most)
    return value


def flag(value: Any, deal: int | None, where: str) -> bool:
    if not isinstance(value, bool):
        raise refuse(deal, where, N_("expected true or false"))
    return value


def one_of(value: Any, deal: int | None, where: str, choices: Sequence[Any]) -> Any:
    """``value`` if it is one of ``choices`` (compared exactly: ``"two "`` is not ``"two"``)."""
    for choice in choices:
        if value == choice and type(value) is type(choice):  # the cheap test first: most choices are not it
            return choice
    raise refuse(deal, where, N_("{value!r} is not one of {choices}"), value=value,
                 choices=", ".join(str(c).lower() if isinstance(c, bool) else str(c) for c in choices))


def name_in(value: Any, deal: int | None, where: str, names: Sequence[str], kind: str = "player") -> str:
    """A player (or team, side) of this table, named exactly."""
    if isinstance(value, str) and value in names:
        return value
    if kind == "team":
        raise refuse(deal, where, N_("{value!r} is not a team of this table"), value=value)
    if kind == "side":
        raise refuse(deal, where, N_("{value!r} is not a side of this deal"), value=value)
    raise refuse(deal, where, N_("{value!r} is not a player of this table"), value=value)


def keyed(obj: Any, deal: int | None, where: str, keys: Sequence[str]) -> Mapping[str, Any]:
    """An object with exactly ``keys`` (distinct: one entry per side or player, no more, no fewer)."""
    if type(obj) is not dict and not isinstance(obj, Mapping):  # a dict told without the ABC's check
        raise refuse(deal, where, N_("expected an object"))
    if len(obj) == len(keys):  # as many entries as keys, each of them there: nothing else can be
        for key in keys:
            if key not in obj:
                break
        else:
            return obj
    for key in obj:
        if key not in keys:
            raise refuse(deal, where, N_("{value!r} does not take part in this deal"), value=key)
    for key in keys:
        if key not in obj:
            raise refuse(deal, where, N_("{value!r} is missing"), value=key)
    return obj


def exactly_one(obj: Mapping[str, Any], deal: int, names: Sequence[str]) -> str:
    """The one of ``names`` present in ``obj`` (a deal ends in exactly one way). A loop, not a comprehension: this
    is asked of every deal, and a comprehension is a function called."""
    present = ""
    for name in names:
        if name in obj:
            if present:
                present = ""
                break
            present = name
    if not present:
        raise refuse(deal, "deal", N_("give exactly one of {fields}"), fields=", ".join(names))
    return present


def way_of(deal: Any, number: int, ways: Sequence[str], allowed: Collection[str]) -> str:
    """The one of ``ways`` a deal is entered by, its fields all ``allowed`` (:func:`only_fields`, then
    :func:`exactly_one`). The usual deal, an object of that one field, is told at once: the two calls cost a short
    deal a tenth of its instructions (``bench/replay.py --instructions --games``); anything else is read by them."""
    name: str
    if type(deal) is dict and len(deal) == 1:
        for name in deal:
            if name in ways and name in allowed:
                return name
    only_fields(deal, number, allowed)
    return exactly_one(deal, number, ways)


def two_wholes(obj: Any, deal: int | None, where: str, sides: tuple[str, str], least: int, most: int,
               ) -> tuple[int, int]:
    """Each of two sides' whole number, in their order, from an object with exactly those two keys (:func:`keyed`,
    then :func:`whole` of each). The usual object, a dict of the two keys each holding a count in range, is read at
    once; anything else is read by those two, which word the refusal."""
    first, second = sides
    if type(obj) is dict and len(obj) == 2:
        one, other = obj.get(first), obj.get(second)
        if type(one) is int and type(other) is int and least <= one <= most and least <= other <= most:
            return one, other
    keyed(obj, deal, where, sides)
    return whole(obj[first], deal, where, least, most, first), whole(obj[second], deal, where, least, most, second)


# ---------------------------------------------------------------- options


def read_stake(value: Any, deal: int | None = None, where: str = "options.stake") -> Decimal:
    """Money per unit of the result: a decimal string (``"0.50"``) or a whole number, above zero."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise refuse(deal, where, N_("expected a decimal text such as \"0.50\" or a whole number"))
    text = str(value)
    if isinstance(value, str) and (not 0 < len(text) <= 16 or not all(c in "0123456789." for c in text)
                                   or text.count(".") > 1 or text.startswith(".") or text.endswith(".")):
        raise refuse(deal, where, N_("expected a decimal text such as \"0.50\" or a whole number"))
    try:
        stake = Decimal(text)
    except InvalidOperation:  # pragma: no cover - the characters were checked above
        raise refuse(deal, where, N_("expected a decimal text such as \"0.50\" or a whole number")) from None
    exponent = stake.as_tuple().exponent
    if not 0 < stake <= STAKE_MOST or (isinstance(exponent, int) and -exponent > STAKE_PLACES):
        raise refuse(deal, where, N_("a stake is above 0, at most {most}, with at most {places} decimals"),
                     most=STAKE_MOST, places=STAKE_PLACES)
    return stake


def read_choices(raw: Mapping[str, Any], spec: GameSpec, readers: Mapping[str, Callable[[Any], Any]] | None = None,
                 ) -> dict[str, Any]:
    """The session's options: each known option read (a choice checked against its values, the others
    by ``readers``), each missing one at its default; an unknown option is refused."""
    if not isinstance(raw, Mapping):
        raise refuse(None, "options", N_("expected an object"))
    names = [o.name for o in spec.options]
    for key in raw:
        if key not in names:
            raise refuse(None, f"options.{key}", N_("unknown option {field!r}"), field=str(key))
    out: dict[str, Any] = {}
    for option in spec.options:
        where = f"options.{option.name}"
        if option.name not in raw:
            out[option.name] = option.default
        elif option.choices:
            out[option.name] = one_of(raw[option.name], None, where, option.choices)
        else:
            reader = (readers or {}).get(option.name, lambda v: v)
            out[option.name] = reader(raw[option.name])
    return out


STAKE_OPTION = OptionSpec("stake", "1")


# ---------------------------------------------------------------- money


#: money (a Decimal), or points paid as money is (Terziglio's payments, scored in whole points)
Paid = TypeVar("Paid", int, Decimal)


def pay_each(payers: Iterable[str], payees: Iterable[str], amount: Paid,
             into: dict[str, Paid] | None = None) -> dict[str, Paid]:
    """Every payer pays ``amount`` to every payee: the net money (or points) of each, added to ``into``. Nothing
    yet is the whole number 0, the same to a Decimal and not one built for every payment."""
    money = into if into is not None else {}
    payees = tuple(payees)
    for payer in payers:
        for payee in payees:
            money[payer] = money.get(payer, 0) - amount
            money[payee] = money.get(payee, 0) + amount
    return money


def money_of(players: Sequence[str], money: Mapping[str, Decimal], stake: Decimal) -> tuple[tuple[str, Decimal], ...]:
    """Every player's money in seating order, with the stake's decimal places (never ``-0.00``)."""
    zero = stake - stake  # a player owed nothing has it as it is: no Decimal sum a player
    out = []  # a loop asking the mapping once a player, not a comprehension asking twice (every replay ends here)
    for p in players:
        paid = money.get(p)
        out.append((p, zero if paid is None else paid + zero))
    return tuple(out)


def in_seating(players: Sequence[str], chosen: Iterable[str]) -> tuple[str, ...]:
    """``chosen`` in seating order (winners and losers are listed that way)."""
    wanted = set(chosen)
    return tuple(p for p in players if p in wanted)
