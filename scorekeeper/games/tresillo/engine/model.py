"""Immutable records: what the table says happened (inputs) and what it means (outputs).

Inputs are :class:`Setup` and :class:`Hand`; :func:`scorekeeper.games.tresillo.engine.replay`
turns them into a :class:`Ledger` of :class:`Row` values and a
:class:`Settlement`. Nothing here is ever mutated after it is built.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import MISSING, dataclass, fields
from decimal import Decimal
from enum import StrEnum
from functools import lru_cache
from operator import index as as_index
from typing import TYPE_CHECKING, Any, Literal, ParamSpec, TypeVar, overload

if TYPE_CHECKING:
    from .rules import Ruleset

__all__ = [
    "NO_OPTIONS", "PAJARITOS", "PAPER", "PARTIES", "PLATO", "POT",
    "Bet", "BetResult", "Bola", "Case", "Contract", "Dealt", "Debt", "Hand", "HandFacts", "HandResult",
    "Happening", "InPlay", "Ledger", "MoneyTransfer", "Options", "Outcome", "PaperDebt", "PaperVersion", "PaperWalk",
    "Reason", "Row", "RowKind", "RowLog", "Rows", "ScoringName", "Session", "Settlement", "Setup", "Stake", "Started",
    "Surrender", "Transfer", "Upcoming", "build_debt", "build_transfer", "builder", "transfer",
]

_P = ParamSpec("_P")
_R = TypeVar("_R")


def builder(record: Callable[_P, _R]) -> Callable[_P, _R]:
    """A faster constructor for a frozen, slotted record the replay builds for every hand.

    Used for :data:`build_result`, :data:`.reading.build_play`, :data:`.stake.build_stake`,
    :data:`build_debt` and :data:`build_transfer`. A frozen dataclass stores each field through
    ``object.__setattr__``, several times dearer than a plain attribute store: built by their own
    constructors, the first three make a hand cost 35 % more instructions (169,000 instead of 125,000)
    and the debts and crossings 5.8 % more (100,800 instead of 95,200), ``bench/replay.py
    --instructions``. The builder is a twin class with the same slots and no guard: its generated
    ``__init__`` stores the fields plainly and then makes the object a ``record`` (same layout, so its
    class may change). What comes out is an ordinary ``record``, as immutable as one built by
    ``record(...)``.

    The replay calls the builders (and :class:`.replay.Deal`) with their fields in order, not by
    keyword: binding a dozen keywords costs more than building the record (with keywords a hand costs
    18 % more instructions, 112,600 instead of 95,200). Each is called from one or two places, beside what they read
    (:func:`.replay.result_of`, :func:`.reading.read_hand`, :func:`.stake.stake`), and
    ``tests/engine/test_records.py`` checks every field lands where its name says.

    >>> make = builder(Debt)
    >>> d = make(3, "E", 20)
    >>> type(d) is Debt, d == Debt(3, "E", 20)
    (True, True)
    >>> d.amount = 5
    Traceback (most recent call last):
    ...
    dataclasses.FrozenInstanceError: cannot assign to field 'amount'
    """
    assert isinstance(record, type), "a builder builds a dataclass record"
    names: list[str] = []
    env: dict[str, Any] = {"_record": record}
    for f in fields(record):
        assert f.init and f.default_factory is MISSING, f"{record.__name__}.{f.name}: a plain field"
        if f.default is MISSING:
            names.append(f.name)
        else:
            env[f"_default_{f.name}"] = f.default
            names.append(f"{f.name}=_default_{f.name}")
    stores = "".join(f"    self.{f.name} = {f.name}\n" for f in fields(record))
    exec(f"def __init__(self, {', '.join(names)}):\n{stores}    self.__class__ = _record\n", env)
    namespace = {"__slots__": record.__dict__.get("__slots__", ()), "__init__": env["__init__"],
                 "__setattr__": object.__setattr__, "__delattr__": object.__delattr__}
    twin: Callable[_P, _R] = type(f"{record.__name__}Builder", record.__bases__, namespace)
    return twin


#: the contracts of the session file (``pass``: everybody passed and the deal is cancelled)
Contract = Literal["entrada", "vuelta", "solo", "penetro", "pass"]
#: how a hand ended: the declarer won (sacado), lost (puesta, codillo), or nobody played
Outcome = Literal["sacado", "puesta", "codillo", "cancelled"]
#: how a hand ended, when it is entered by its outcome instead of its tricks
GivenOutcome = Literal["sacado", "puesta", "codillo"]
GIVEN_OUTCOMES: tuple[GivenOutcome, ...] = ("sacado", "puesta", "codillo")
#: where the amount in play comes from: a first puesta (the plato and the table tanto), a
#: losing declarer's payment in the plato, the largest reserved puesta on the paper, or
#: nothing at all (French points scoring: the contract's value changes hands directly)
Case = Literal["first", "plato", "reserved", "none"]
Bola = Literal["won", "failed"]
#: the French dealer's prediction: J the declarer wins, P puesta, C codillo
Bet = Literal["J", "P", "C"]
#: how the hands are scored: the puesta family (plato, pajaritos, paper) or French points
ScoringName = Literal["puesta", "points"]
RowKind = Literal["start", "deal", "hand"]

#: Parties that are not players.
PLATO = "plato"
PAJARITOS = "pajaritos"
PAPER = "paper"
POT = "pot"  # the shared pot of the end-of-session settlement
#: names a player cannot have: a transfer to one of them goes to the dish
PARTIES = frozenset({PLATO, PAJARITOS, PAPER, POT})


class Reason(StrEnum):
    """Why a transfer was made. The value is the session JSON's ``reason`` (unchanged since format 1)."""

    PAJARITO = "pajarito"  # a pajarito into the dish at the start, or moved from the dish to the plato
    ANTE = "ante"  # the dealer's tanto into the plato
    REFILL = "refill"  # everyone refills the empty pajaritos dish
    PLATO = "plato"  # a winning declarer takes the plato
    TANTO = "tanto"  # the table tanto each player pays a winner of a first puesta or a puesta in the plato
    RESERVED = "reserved puesta"  # the debtor of the reserved puesta played for pays the winner
    CROSSED = "crossed out"  # that debt is crossed off the paper
    PUESTA = "puesta"  # a losing declarer pays the amount in play (plato or paper); French: a tie
    CODILLO = "codillo"  # a losing declarer pays the winner of the codillo
    GAVE_UP = "gave up"  # a surrendered declarer pays the player who took over and won
    ENTRADA = "entrada"
    VUELTA = "vuelta"
    SOLO = "solo"
    PENETRO = "penetro"
    ESTUCHE = "estuche"
    CONTRA_ESTUCHE = "contra_estuche"
    PRIMERAS = "primeras"
    BOLA = "bola"
    ROUNDING = "rounding"  # scores ×5: a payment rounded up to a whole token
    WIN = "win"  # French: each opponent pays a winning declarer the contract's value
    SURRENDER = "surrender"  # French: a surrendered declarer's puesta, shared
    BET = "bet"  # French: the dealer's prediction paid or collected


# ----------------------------------------------------------------- inputs


@dataclass(frozen=True, slots=True)
class PaperDebt:
    """A reserved puesta carried into a session from the group's paper."""

    player: str
    amount: int


class Options(Mapping[str, Any]):
    """A session's options (rule variants): a read-only, hashable mapping.

    Nested mappings (the group's own ``condiciones``) are frozen too, so a
    :class:`Setup` stays an immutable value.

    >>> o = Options({"scale": 5, "condiciones": {"vuelta": 2}})
    >>> o["condiciones"]["vuelta"], o == {"scale": 5, "condiciones": {"vuelta": 2}}
    (2, True)
    """

    __slots__ = ("_items", "_hash")

    def __init__(self, items: Mapping[str, Any] | None = None) -> None:
        frozen = {k: Options(v) if isinstance(v, Mapping) else v for k, v in (items or {}).items()}
        self._items: dict[str, Any] = frozen
        self._hash: int | None = None

    def __getitem__(self, key: str) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._items.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"Options({self._items!r})"

    def plain(self) -> dict[str, Any]:
        """The options as plain dicts (for JSON)."""
        return {k: v.plain() if isinstance(v, Options) else v for k, v in self._items.items()}


NO_OPTIONS = Options()


@dataclass(frozen=True, slots=True)
class Setup:
    """A session's setup: who sits where and what the tokens are worth.

    ``players`` is the seating order; the deal passes in this order.
    """

    players: tuple[str, ...]
    first_dealer: str
    rules: str = "pagat"
    start_tokens: int = 160
    tanto_value: Decimal = Decimal("0.10")
    currency: str = "EUR"
    paper: tuple[PaperDebt, ...] = ()
    end_paper: Literal["settle", "keep"] = "settle"
    #: the session was ended (the paper settled or kept as ``end_paper`` says); no more hands
    ended: bool = False
    #: rule variants (docs/variants.md), e.g. {"palo_de_favor": "oros", "scale": 5}
    options: Mapping[str, Any] = NO_OPTIONS


@dataclass(frozen=True, slots=True)
class Surrender:
    """The declarer gave up: accepted (``takeover`` None) or "yo sigo" by ``takeover``."""

    takeover: str | None = None


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand as entered at the table (the session file's hand object)."""

    contract: Contract
    declarer: str | None = None
    forced: bool = False
    tricks: Mapping[str, int] | None = None
    #: True, or (scores ×5) how many top trumps in sequence the declarer held
    estuche: bool | int = False
    #: True, or (scores ×5) how many top trumps in sequence the opponents held
    contra_estuche: bool | int = False
    primeras: bool = False
    bola: Bola | None = None
    surrender: Surrender | None = None
    drops_out: str | None = None
    debt: str | None = None
    #: the trump suit (only with a palo de favor; a vuelta gives the turned card's suit)
    trump: str | None = None
    #: French points scoring, four players: the dealer's prediction "J", "P" or "C"
    bet: Bet | None = None
    #: the hand entered by how it ended instead of its tricks (the puesta family only)
    outcome: GivenOutcome | None = None
    #: with ``outcome`` "codillo": the opponent who made it
    winner: str | None = None
    #: who dealt this hand, as recorded; None: the deal passed on from the previous hand's dealer
    dealer: str | None = None
    #: the seating (the order the deal goes round) from this hand on; None: as before
    seating: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class Session:
    setup: Setup
    hands: tuple[Hand, ...] = ()


# ---------------------------------------------------------------- outputs


@dataclass(frozen=True, slots=True)
class Transfer:
    """Value moving from one party to another.

    Parties are player names, :data:`PLATO`, :data:`PAJARITOS`, :data:`PAPER`
    or :data:`POT`. A transfer *to* the paper writes a reserved puesta
    (the player now owes it; no token moves); a transfer *from* the paper
    crosses one out (``debt`` is its number). All others move tokens.
    """

    source: str
    target: str
    amount: int
    reason: Reason
    debt: int | None = None

    @property
    def moves_tokens(self) -> bool:
        return self.source != PAPER and self.target != PAPER


@lru_cache(maxsize=4096)
def transfer(source: str, target: str, amount: int, reason: Reason, debt: int | None = None) -> Transfer:
    """A :class:`Transfer`, shared: the same move recurs hand after hand (the tanto, the ante), and a
    record never changes, so one object serves every row that makes it (built afresh every time, a
    hand costs 7.8 % more instructions: ``bench/replay.py --instructions``)."""
    return build_transfer(source, target, amount, reason, debt)


@dataclass(frozen=True, slots=True)
class Debt:
    """A reserved puesta on the paper. ``number`` orders debts by age (0 = oldest)."""

    number: int
    player: str
    amount: int
    crossed: bool = False
    hand: int | None = None  # the hand that wrote it; None when carried in


class PaperVersion:
    """The paper after some row, shared with every earlier version.

    Each version stores only its own change (debts written, debts crossed)
    and a link to the version before it, so replaying n hands costs O(n)
    however long the paper grows. :meth:`debts` rebuilds the sheet on demand.
    """

    __slots__ = ("parent", "written", "crossed", "_cache", "_open")

    def __init__(
        self,
        parent: PaperVersion | None,
        written: tuple[Debt, ...] = (),
        crossed: tuple[int, ...] = (),
    ) -> None:
        self.parent = parent
        self.written = written
        self.crossed = crossed
        self._cache: tuple[Debt, ...] | None = None
        self._open: tuple[Debt, ...] | None = None

    def debts(self) -> tuple[Debt, ...]:
        """Every debt ever written, in the order written, crossed ones marked."""
        if self._cache is not None:
            return self._cache
        chain: list[PaperVersion] = []
        node: PaperVersion | None = self
        while node is not None and node._cache is None:
            chain.append(node)
            node = node.parent
        base = node._cache if node is not None else None
        found: dict[int, Debt] = {d.number: d for d in base} if base is not None else {}
        for version in reversed(chain):
            for debt in version.written:
                found[debt.number] = debt
            for number in version.crossed:
                d = found[number]
                found[number] = Debt(d.number, d.player, d.amount, True, d.hand)
        self._cache = tuple(found[k] for k in sorted(found))
        return self._cache

    def open_debts(self) -> tuple[Debt, ...]:
        """The debts not crossed out, oldest first (kept: a page asks again and again, and a version never
        changes; the paper of a long evening is mostly crossed out)."""
        if self._open is None:
            self._open = tuple(d for d in self.debts() if not d.crossed)
        return self._open

    def know_open(self, debts: tuple[Debt, ...]) -> None:
        """Remember the open debts, oldest first, when the caller already holds them (the table after the
        last hand does): the settlement asks for them, and rebuilding the sheet walks every version."""
        if self._open is None:
            self._open = debts

    def by_player(self, players: tuple[str, ...]) -> dict[str, list[Debt]]:
        """Each player's row of the paper, in seating order."""
        rows: dict[str, list[Debt]] = {p: [] for p in players}
        for d in self.debts():
            rows.setdefault(d.player, []).append(d)
        return rows

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PaperVersion):
            return NotImplemented
        return self.debts() == other.debts()

    def __hash__(self) -> int:
        return hash(self.debts())

    def __repr__(self) -> str:
        return f"PaperVersion({list(self.debts())!r})"


class PaperWalk:
    """The paper carried forward along a ledger's rows, version after version.

    Reading every row's paper through :meth:`PaperVersion.debts` keeps a whole sheet for each
    version read: on a long evening with a full paper that is quadratic in memory and time. A
    walk holds one sheet and applies each version's own change to it; a version that does not
    follow the one before (a jump) is read whole once. What it holds is only good until the
    next :meth:`at`.

    >>> first = PaperVersion(None, (Debt(0, "E", 20),))
    >>> second = PaperVersion(first, (Debt(1, "S", 23, hand=4),), (0,))
    >>> walk = PaperWalk()
    >>> [d.amount for d in walk.at(first).open["E"].values()]
    [20]
    >>> [(d.amount, d.crossed) for d in walk.at(second).sheet.values()], dict(walk.open["E"])
    ([(20, True), (23, False)], {})
    """

    __slots__ = ("version", "sheet", "open")

    def __init__(self) -> None:
        self.version: PaperVersion | None = None
        #: every debt written so far, by number, oldest first, crossed ones marked
        self.sheet: dict[int, Debt] = {}
        #: each player's open debts by number, oldest first (a player stays once a debt is written)
        self.open: dict[str, dict[int, Debt]] = {}

    def at(self, version: PaperVersion) -> PaperWalk:
        """The walk with the paper of ``version``: its change applied when it follows the version
        held, else the sheet read whole."""
        if version is self.version:
            return self
        if version.parent is not self.version:
            self.version = None
            self.sheet, self.open = {}, {}
            for debt in version.debts():
                self._write(debt)
        else:
            for debt in version.written:
                self._write(debt)
            for number in version.crossed:
                self._cross(number)
        self.version = version
        return self

    def _write(self, debt: Debt) -> None:
        self.sheet[debt.number] = debt
        self.open.setdefault(debt.player, {})
        if not debt.crossed:
            self.open[debt.player][debt.number] = debt

    def _cross(self, number: int) -> None:
        d = self.sheet[number]
        self.sheet[number] = Debt(d.number, d.player, d.amount, True, d.hand)
        del self.open[d.player][number]

    def as_shown(self, players: tuple[str, ...], crossed_here: frozenset[int]) -> dict[str, list[Debt]]:
        """The paper as a row shows it (the worked example's paper column): each player's open debts and
        those the row crossed out, oldest first, in seating order; a player with neither is left out.
        A debt paid earlier is not shown again, so what a row shows never grows with the evening's past.

        >>> walk = PaperWalk().at(PaperVersion(PaperVersion(None, (Debt(0, "E", 23),)), (), (0,)))
        >>> walk.as_shown(("N", "E"), frozenset({0})), walk.as_shown(("N", "E"), frozenset())
        ({'E': [Debt(number=0, player='E', amount=23, crossed=True, hand=None)]}, {})
        """
        shown: dict[str, list[Debt]] = {}
        for p in dict.fromkeys((*players, *self.open)):
            paid = (self.sheet[n] for n in crossed_here if self.sheet[n].player == p)
            debts = [*self.open.get(p, {}).values(), *paid]
            if debts:
                shown[p] = sorted(debts, key=lambda d: d.number)
        return shown


@dataclass(frozen=True, slots=True)
class Stake:
    """The amount in play before a hand, and where it comes from (:func:`.stake.stake`).

    ``total`` is ``plato + tanto × players`` for a first puesta or a puesta in the
    plato, ``plato + debt.amount`` when a reserved puesta is played for; under French
    points scoring it is the contract's value and the other parts are empty.
    """

    case: Case
    total: int
    plato: int = 0
    #: the table tanto each player pays (× the favour factor when trumps are the palo de favor)
    tanto: int = 0
    players: int = 0
    #: the reserved puesta played for (case ``reserved``)
    debt: Debt | None = None

    @property
    def tantos(self) -> int:
        """What the table tanto adds to the plato: ``tanto × players``."""
        return self.tanto * self.players


@dataclass(frozen=True, slots=True)
class Started:
    """The start row: everyone's bowl, and the paper carried in."""

    scoring: ScoringName
    start_tokens: int
    pajarito: int
    carried: int  # reserved puestas carried in from the group's paper


@dataclass(frozen=True, slots=True)
class Dealt:
    """A deal row: what the dealer put in the plato, and why."""

    scoring: ScoringName
    dealer: str
    moves_pajarito: bool  # a pajarito went from the dish to the plato (plato empty, paper clear)
    refills: bool  # the dish ran empty and everyone put in a pajarito
    pajarito: int
    ante: int
    paper_open: bool  # a debt on the paper: no pajarito moves
    plato: int  # the plato after the deal
    bet: Bet | None = None  # French: the dealer's prediction
    bet_stake: int = 0


@dataclass(frozen=True, slots=True)
class BetResult:
    """French points scoring at four: how the dealer's prediction came out."""

    bet: Bet
    actual: Bet | None  # None: the deal was cancelled
    #: void (a chelem or a cancelled deal), right (collected), wrong (paid the stake), nothing (no payment)
    verdict: Literal["void", "right", "wrong", "nothing"]
    stake: int
    transfers: tuple[Transfer, ...] = ()


class InPlay:
    """The amount in play and where it comes from, read off a record's :class:`Stake`."""

    __slots__ = ()
    stake: Stake

    @property
    def in_play(self) -> int:
        return self.stake.total

    @property
    def case(self) -> Case:
        return self.stake.case

    @property
    def played_debt(self) -> Debt | None:
        """The reserved puesta played for (case ``reserved``)."""
        return self.stake.debt

    reserved_debt = played_debt


@dataclass(frozen=True, slots=True)
class HandFacts:
    """Hand ``number``: who dealt, who was mano, who played the cards, the contract and its declarer."""

    number: int
    dealer: str
    mano: str
    #: who played the cards (at four the dealer sits out; a penetro: the dealer and two or three)
    active: tuple[str, ...]
    contract: Contract
    declarer: str | None

    def facts(self) -> tuple[int, str, str, tuple[str, ...], Contract, str | None]:
        return self.number, self.dealer, self.mano, self.active, self.contract, self.declarer


@dataclass(frozen=True, slots=True)
class HandResult(HandFacts, InPlay):
    """What a hand meant: the stake, the outcome and the payments, with the hand as entered."""

    stake: Stake
    outcome: Outcome
    hand: Hand
    winner: str | None = None  # who made codillo
    new_declarer: str | None = None  # after a takeover
    transfers: tuple[Transfer, ...] = ()
    favoured: bool = False  # trumps were the palo de favor
    #: who owes a puesta for this hand (two after a lost takeover: twin puestas)
    puestas: tuple[str, ...] = ()
    #: where those puestas go: the plato (a first puesta) or the paper (a new reserved puesta)
    puesta_to: Literal["plato", "paper"] | None = None
    bet: BetResult | None = None

    @property
    def playing(self) -> str | None:
        """Who played the hand out: the new declarer after a takeover, else the declarer."""
        return self.new_declarer or self.declarer

    @property
    def token_moves(self) -> tuple[Transfer, ...]:
        """Only the moves a player makes with tokens at the table."""
        return tuple(t for t in self.transfers if t.moves_tokens)


#: what a row records: the start, a deal, or a hand's result
Happening = Started | Dealt | HandResult


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the ledger: the state of the table after an event.

    ``kind`` is ``start``, ``deal`` or ``hand``. ``hand`` is the 1-based hand
    number for deal and hand rows. ``bowls`` is in seating order. ``happened``
    is what the row records, as data; :mod:`scorekeeper.games.tresillo.words` puts it in words.
    """

    index: int
    kind: RowKind
    hand: int | None
    players: tuple[str, ...]
    bowls_tuple: tuple[int, ...]
    plato: int
    pajaritos: int
    paper_version: PaperVersion
    happened: Happening
    transfers: tuple[Transfer, ...] = ()
    dealer: str | None = None

    @property
    def result(self) -> HandResult | None:
        return self.happened if isinstance(self.happened, HandResult) else None

    @property
    def crossed_here(self) -> frozenset[int]:
        """The debts this row crossed out (paid) on the paper."""
        return frozenset(t.debt for t in self.transfers if t.source == PAPER and t.debt is not None)

    @property
    def bowls(self) -> dict[str, int]:
        return dict(zip(self.players, self.bowls_tuple, strict=True))

    @property
    def paper(self) -> tuple[Debt, ...]:
        return self.paper_version.debts()

    def paper_by_player(self) -> dict[str, list[Debt]]:
        return self.paper_version.by_player(self.players)

    def open_debts(self) -> tuple[Debt, ...]:
        return self.paper_version.open_debts()

    @property
    def tokens(self) -> int:
        """Everything on the table: bowls, plato and the pajaritos dish."""
        return sum(self.bowls_tuple) + self.plato + self.pajaritos


class RowLog:
    """What each row of a table records, kept flat while the hands are played; a :class:`Row` is built
    the first time it is read.

    A replay records two rows a hand, and a page reads only a few of them (the table screen the last),
    so a row keeps only its parts here: the tokens as plain ints in one list (bowls in seating order,
    the plato, the pajaritos dish), its paper version, what happened and its transfers. (A :class:`Row`
    built for every row as it is recorded makes a hand cost 48 % more instructions and the replay 29 %
    slower: 24,080 hands/s instead of 33,962 at 10,000 hands, ``bench/replay.py``.) The log only
    grows, and only by whole rows: the start row, then a deal row and a hand row for each hand. A built
    row is kept (``dict.setdefault``: two threads reading the same row get the same object).
    """

    __slots__ = ("players", "width", "tokens", "papers", "happened", "transfers", "_built")

    def __init__(self, players: tuple[str, ...]) -> None:
        self.players = players
        self.width = len(players) + 2
        self.tokens: list[int] = []
        self.papers: list[PaperVersion] = []
        self.happened: list[Happening] = []
        self.transfers: list[tuple[Transfer, ...]] = []
        self._built: dict[int, Row] = {}

    def __len__(self) -> int:
        """The rows recorded in full (a row's transfers are appended last)."""
        return len(self.transfers)

    def copy(self) -> RowLog:
        """An independent log with the same rows so far (rows already built are shared: immutable)."""
        other = RowLog(self.players)
        other.tokens, other.papers = list(self.tokens), list(self.papers)
        other.happened, other.transfers = list(self.happened), list(self.transfers)
        other._built = dict(self._built)
        return other

    def row(self, index: int) -> Row:
        """Row ``index`` (0 ≤ index < len), built once."""
        found = self._built.get(index)
        if found is None:
            found = self._built.setdefault(index, self._build(index))
        return found

    def _build(self, index: int) -> Row:
        n = self.width - 2
        at = index * self.width
        tokens, happened = self.tokens, self.happened[index]
        if isinstance(happened, Started):
            kind: RowKind = "start"
            hand, dealer = None, None
        elif isinstance(happened, HandResult):
            kind, hand, dealer = "hand", happened.number, happened.dealer
        else:  # the deal row of hand (index + 1) // 2: the start row, then two rows a hand
            kind, hand, dealer = "deal", (index + 1) // 2, happened.dealer
        return Row(index=index, kind=kind, hand=hand, players=self.players, bowls_tuple=tuple(tokens[at:at + n]),
                   plato=tokens[at + n], pajaritos=tokens[at + n + 1], paper_version=self.papers[index],
                   happened=happened, transfers=self.transfers[index], dealer=dealer)


class Rows(Sequence[Row]):
    """The first ``length`` rows of a :class:`RowLog`: an immutable sequence (the log only grows).

    >>> from scorekeeper.games.tresillo.engine import Hand, Session, Setup, replay
    >>> ledger = replay(Session(Setup(players=("N", "W", "S"), first_dealer="N"),
    ...                         (Hand("entrada", declarer="W", tricks={"N": 2, "W": 5, "S": 2}),)))
    >>> len(ledger.rows), [r.kind for r in ledger.rows], ledger.rows[-1].bowls["W"]
    (3, ['start', 'deal', 'hand'], 163)
    >>> ledger.rows[1:] == tuple(ledger.rows)[1:], ledger.rows[-1] is ledger.rows[2]
    (True, True)
    """

    __slots__ = ("_log", "_length")

    def __init__(self, log: RowLog, length: int) -> None:
        self._log = log
        self._length = length

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Row: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Row, ...]: ...

    def __getitem__(self, index: int | slice) -> Row | tuple[Row, ...]:
        if isinstance(index, slice):
            row = self._log.row
            return tuple(row(i) for i in range(*index.indices(self._length)))
        i = as_index(index)
        if i < 0:
            i += self._length
        if not 0 <= i < self._length:
            raise IndexError("row index out of range")
        return self._log.row(i)

    def __iter__(self) -> Iterator[Row]:
        row = self._log.row
        return (row(i) for i in range(self._length))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Rows):
            return self._length == other._length and all(a == b for a, b in zip(self, other, strict=True))
        if isinstance(other, tuple):
            return tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Rows({list(self)!r})"


@dataclass(frozen=True, slots=True)
class MoneyTransfer:
    source: str
    target: str
    tantos: int
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Settlement:
    """The end of the evening: dishes (and the paper) shared, then money."""

    paper_mode: Literal["settle", "keep"]
    plato: int
    pajaritos: int
    paper_paid: Mapping[str, int]
    pot: int
    share: int
    remainder_to: tuple[str, ...]
    final: Mapping[str, int]
    net: Mapping[str, int]
    money: Mapping[str, Decimal]
    transfers: tuple[MoneyTransfer, ...]
    kept_paper: tuple[PaperDebt, ...]
    tanto_value: Decimal
    currency: str
    scoring: ScoringName = "puesta"


@dataclass(frozen=True, slots=True)
class Upcoming(InPlay):
    """What the table screen shows before the next hand is entered."""

    number: int
    dealer: str
    mano: str
    active: tuple[str, ...]
    moves_pajarito: bool
    refills_pajaritos: bool
    #: the amount in play and its parts (:func:`.stake.stake`)
    stake: Stake
    plato_after_deal: int
    tied_debtors: tuple[str, ...]
    declarers: tuple[str, ...]
    contracts: tuple[Contract, ...]
    #: the stake if trumps are the palo de favor (None without one)
    stake_favoured: Stake | None = None

    @property
    def in_play_favoured(self) -> int | None:
        """The amount in play if trumps are the palo de favor (None without one)."""
        return self.stake_favoured.total if self.stake_favoured is not None else None


@dataclass(frozen=True)
class Ledger:
    """Everything a replay derives: rows, results, the upcoming deal, the settlement."""

    setup: Setup
    rules: Ruleset
    rows: Rows
    results: tuple[HandResult, ...]
    upcoming: Upcoming
    settlement: Settlement

    def __iter__(self) -> Iterator[Row]:
        return iter(self.rows)

    @property
    def last(self) -> Row:
        return self.rows[-1]


#: the records the replay builds for every hand (or nearly: a debt written, a debt crossed out), through
#: :func:`builder` (the figures: there)
build_result = builder(HandResult)
build_debt = builder(Debt)
build_transfer = builder(Transfer)
#: the settlement, once a replay (every replay through the session file settles as if the evening ended there)
build_settlement = builder(Settlement)
build_money_transfer = builder(MoneyTransfer)
