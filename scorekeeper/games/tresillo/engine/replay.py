"""Replay a session's hands into the ledger.

The table is a small state machine: bowls, the plato (and whether a losing
declarer's payment is in it), the pajaritos dish and the paper. Each hand goes
through one pipeline of small steps, planned without touching the state:

1. the deal (:meth:`Table.plan_deal`): the dealer's pajarito and ante;
2. reading (:func:`.reading.read_hand`): the hand checked against the table;
3. the stake (:func:`.stake.stake`): what is in play, and where it comes from;
4. the scoring (:data:`SCORINGS`): the outcome and the payments;

then the transfers are applied. A refused hand therefore changes nothing,
and every balance on every row is derived from the inputs alone.

>>> from scorekeeper.games.tresillo.engine.model import Setup, Hand
>>> t = Table(Setup(players=("N", "W", "S"), first_dealer="N"))
>>> t.last.bowls, t.last.pajaritos
({'N': 155, 'W': 155, 'S': 155}, 15)
>>> r = t.play(Hand("entrada", declarer="W", tricks={"N": 2, "W": 5, "S": 2}))
>>> r.outcome, r.in_play, t.last.bowls["W"]
('sacado', 9, 163)
"""

from __future__ import annotations

import gc
import heapq
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import NamedTuple

from ....core.errors import N_, FieldError, SessionError, field_error
from . import french, puesta
from .model import (
    PAJARITOS,
    PAPER,
    PARTIES,
    PLATO,
    Bet,
    Dealt,
    Debt,
    Hand,
    HandResult,
    Happening,
    Ledger,
    PaperVersion,
    Reason,
    Row,
    RowLog,
    Rows,
    ScoringName,
    Session,
    Settlement,
    Setup,
    Stake,
    Started,
    Transfer,
    Upcoming,
    build_debt,
    build_result,
    transfer,
)
from .reading import Play, Seating, read_hand
from .rules import Ruleset, get_ruleset
from .scoring import Scored, Scoring
from .settle import settle
from .stake import played_for, stake

#: the scorings a ruleset may name (:attr:`Ruleset.scoring`); each implements only what differs
SCORINGS: Mapping[ScoringName, Scoring] = {"puesta": puesta.score, "points": french.score}


#: builds a named tuple from its fields in order without calling its generated ``__new__`` (a Python function):
#: :class:`Deal` here and ``Scored`` in :mod:`.puesta`, once a hand each (see ``Table.play``)
_new_tuple = tuple.__new__


class Deal(NamedTuple):
    """What the dealer does before a hand (planned, not yet applied).

    It never leaves the table.
    """

    number: int
    dealer: str
    moves_pajarito: bool
    refills: bool
    transfers: tuple[Transfer, ...]
    plato_after: int
    order: Seating  # the seating the deal goes round in from this hand on


def ruleset_for(setup: Setup) -> Ruleset:
    """The session's ruleset with its options applied (refused options raise)."""
    return get_ruleset(setup.rules).with_options(setup.options)


def check_setup(setup: Setup, rules: Ruleset) -> None:
    """The seating, the tokens and the paper carried in fit the ruleset; raises :class:`SessionError`."""
    errors = _check_players(setup, rules)
    if setup.first_dealer not in setup.players:
        errors.append(field_error(None, "first_dealer", N_("{first_dealer!r} is not one of the players"),
                first_dealer=setup.first_dealer))
    if not isinstance(setup.start_tokens, int) or setup.start_tokens < rules.pajarito:
        errors.append(field_error(None, "start_tokens", N_("must be a whole number of at least {pajarito}"),
                pajarito=rules.pajarito))
    if setup.tanto_value is None or setup.tanto_value < 0:
        errors.append(field_error(None, "tanto_value", N_("must be zero or more")))
    if setup.end_paper not in ("settle", "keep"):
        errors.append(field_error(None, "end", N_("paper must be 'settle' or 'keep'")))
    errors += _check_paper(setup, rules)
    if errors:
        raise SessionError(errors)


def _check_players(setup: Setup, rules: Ruleset) -> list[FieldError]:
    players = setup.players
    if not all(isinstance(p, str) and p.strip() for p in players):
        return [field_error(None, "players", N_("every player needs a name"))]
    if len(set(players)) != len(players):
        dup = next(p for p in players if players.count(p) > 1)
        return [field_error(None, "players", N_("{dup} is listed twice"), dup=dup)]
    taken = [p for p in players if p in PARTIES]
    if taken:
        return [field_error(None, "players", N_("{taken!r} names a dish on the table: give the player another name"),
                taken=taken[0])]
    if len(players) not in rules.player_counts:
        counts = " or ".join(str(c) for c in sorted(rules.player_counts))
        return [field_error(None, "players", N_("{count} players: {rules} is played by {counts}"),
                count=len(players), rules=rules.name, counts=counts)]
    return []


def _check_paper(setup: Setup, rules: Ruleset) -> list[FieldError]:
    """The reserved puestas carried in: a player's, whole tantos, and only where there is a paper."""
    errors = []
    for i, d in enumerate(setup.paper):
        if d.player not in setup.players:
            errors.append(field_error(None, f"paper[{i}].player", N_("{player!r} is not one of the players"),
                    player=d.player))
        if not isinstance(d.amount, int) or isinstance(d.amount, bool) or d.amount <= 0:
            errors.append(field_error(None, f"paper[{i}].amount", N_("a debt is a whole number of tantos above 0")))
        elif d.amount % rules.round_to:
            errors.append(field_error(None, f"paper[{i}].amount",
                                      N_("with scores ×{round_to} a debt is a multiple of {round_to}"),
                                      round_to=rules.round_to))
    if setup.paper and not rules.asks("debt"):
        errors.append(field_error(None, "paper", N_("{rules} scoring has no paper"), rules=rules.name))
    return errors


class OpenDebts:
    """The debts on the paper not yet crossed out, finding the largest quickly.

    Each amount owed is kept once in a heap (negated: the largest on top) with its open debts,
    oldest first; an amount whose debts are all crossed out leaves the heap when it comes to
    the top. A long evening keeps hundreds of debts open: looking through them all for every
    hand would make the replay quadratic.
    """

    __slots__ = ("open", "_amounts", "_by_amount", "next_number")

    def __init__(self) -> None:
        self.open: dict[int, Debt] = {}
        self._amounts: list[int] = []  # a heap of the amounts owed, negated
        self._by_amount: dict[int, list[Debt]] = {}  # each amount's open debts, oldest first
        self.next_number = 0

    def __bool__(self) -> bool:
        return bool(self.open)

    def add(self, debt: Debt) -> None:
        self.open[debt.number] = debt
        same = self._by_amount.get(debt.amount)
        if same is None:  # an amount is in the heap once, while it has a list here
            self._by_amount[debt.amount] = [debt]
            heapq.heappush(self._amounts, -debt.amount)
        else:
            same.append(debt)
        if debt.number >= self.next_number:
            self.next_number = debt.number + 1

    def cross(self, number: int) -> Debt:
        debt = self.open.pop(number)
        self._by_amount[debt.amount].remove(debt)
        return debt

    def copy(self) -> OpenDebts:
        other = OpenDebts()
        other.open = dict(self.open)
        other._amounts = list(self._amounts)
        other._by_amount = {k: list(v) for k, v in self._by_amount.items()}
        other.next_number = self.next_number
        return other

    def largest(self) -> tuple[Debt, ...]:
        """The open debts of the largest amount, oldest first (empty when the paper is clear)."""
        amounts, by_amount = self._amounts, self._by_amount
        while amounts and not by_amount[-amounts[0]]:
            del by_amount[-heapq.heappop(amounts)]
        return tuple(by_amount[-amounts[0]]) if amounts else ()


class Table:
    """The state of the table, advanced one hand at a time.

    Use :func:`replay` for a whole session; use :class:`Table` directly to
    try one more hand (:meth:`preview`) or to play hands incrementally.
    Which scoring the table uses is data: the ruleset's :attr:`~Ruleset.scoring`
    names an entry of :data:`SCORINGS`.
    """

    def __init__(self, setup: Setup, rules: Ruleset | None = None) -> None:
        self.rules = rules if rules is not None else ruleset_for(setup)
        check_setup(setup, self.rules)
        self.setup = setup
        self.scoring = SCORINGS[self.rules.scoring]
        self.seating = Seating(tuple(setup.players))
        self.players = self.seating.players
        self.n = self.seating.n
        #: the order the deal goes round (a hand may change it from there on; bowls keep setup order)
        self.order = self.seating
        self.last_dealer: str | None = None
        pajarito = self.rules.pajarito
        #: every token on the table: the bowls in seating order, then the plato and the pajaritos dish
        self.purse: list[int] = [setup.start_tokens - pajarito] * self.n + [0, pajarito * self.n]
        #: where each party's tokens are in :attr:`purse` (the paper holds none)
        self._at: dict[str, int] = {**self.seating.seat, PLATO: self.n, PAJARITOS: self.n + 1}
        #: what the table holds; every hand's transfers leave it unchanged
        self._tokens = sum(self.purse)
        self.plato_puesta = False  # a losing declarer's payment is in the plato
        self.debts = OpenDebts()
        for d in setup.paper:
            self.debts.add(Debt(self.debts.next_number, d.player, d.amount))
        self.paper = PaperVersion(None, tuple(self.debts.open.values()))
        self.hands_played = 0
        #: every row so far (two a hand), kept flat: a :class:`Row` is built when read (:attr:`rows`)
        self.log = RowLog(self.players)
        self.results: list[HandResult] = []
        #: the deal rows' records, by kind of deal (:meth:`_dealt`)
        self._dealts: dict[tuple[str, bool, bool, bool, int, Bet | None], Dealt] = {}
        start = tuple(transfer(p, PAJARITOS, pajarito, Reason.PAJARITO) for p in self.players if pajarito)
        started = Started(self.rules.scoring, setup.start_tokens, pajarito, len(setup.paper))
        self._row(started, start)

    @property
    def bowls(self) -> list[int]:
        """Each player's bowl, in seating order."""
        return self.purse[: self.n]

    @property
    def plato(self) -> int:
        return self.purse[self.n]

    @property
    def pajaritos(self) -> int:
        return self.purse[self.n + 1]

    def fork(self) -> Table:
        """An independent copy of the table as it stands (to play two different futures from here).

        Costs a copy of the rows list, not a replay: rows, results and the paper are immutable. Every attribute is
        shared (copy.copy, without its generic protocol), set one by one in the table's own order, then the copy
        gets its own of everything that changes as hands are played. (Filled by ``other.__dict__.update``, the copy
        lost the attribute layout CPython shares between a class's instances, and every later read of one of its
        attributes cost more: 13,000 instructions a deal, ``bench/replay.py --instructions --games``.)
        """
        other = type(self).__new__(type(self))
        for name, value in vars(self).items():
            setattr(other, name, value)
        other.purse = list(self.purse)
        other.debts = self.debts.copy()
        other.log = self.log.copy()
        other.results = list(self.results)
        other._dealts = dict(self._dealts)
        return other

    def play_all(self, hands: Iterable[Hand]) -> Table:
        """Play ``hands`` in order (the first refused one raises, naming its number).

        A replay allocates many small acyclic records; the cyclic garbage
        collector would rescan all of them again and again (quadratic on long
        sessions), so it pauses while the hands are played. Without the pause
        ``bench/replay.py`` gives 15,104 hands/s instead of 25,820 at 100,000
        hands, and 26,780 instead of 32,085 at 10,000.
        """
        paused = gc.isenabled()
        gc.disable()
        try:
            for hand in hands:
                self.play(hand)
        finally:
            if paused:
                gc.enable()
        return self

    @property
    def open(self) -> dict[int, Debt]:
        """The open debts by number."""
        return self.debts.open

    def _row(self, happened: Happening, transfers: tuple[Transfer, ...]) -> None:
        """Record a row: the table as it stands now, what happened and its transfers (see :class:`RowLog`)."""
        log = self.log
        log.tokens.extend(self.purse)
        log.papers.append(self.paper)
        log.happened.append(happened)
        log.transfers.append(transfers)

    @property
    def rows(self) -> Rows:
        """Every row so far (an immutable view: later hands do not change it)."""
        return Rows(self.log, len(self.log))

    @property
    def last(self) -> Row:
        return self.log.row(len(self.log) - 1)

    # --------------------------------------------------------------- plan

    def deal_of(self, hand: Hand | None) -> tuple[str, Seating]:
        """Who deals ``hand`` and in which seating: as recorded on the hand, else the deal passes on.

        A hand may record its dealer and a new seating (from this hand on).
        Without a recorded dealer the deal passes from the previous hand's
        dealer to the next player in the seating (the first hand: the first
        dealer), so deleting or inserting a hand never moves a recorded deal.
        """
        order = self.order if hand is None or hand.seating is None else Seating(hand.seating)
        if hand is not None and hand.dealer is not None:
            return hand.dealer, order
        if self.last_dealer is None:
            return self.setup.first_dealer, order
        return order.next[self.last_dealer], order

    def plan_deal(self, hand: Hand | None = None) -> Deal:
        """The deal of ``hand`` (the next one when None): a pajarito moves to an empty plato while the
        paper is clear; the dealer's ante."""
        dealer, order = self.deal_of(hand)
        rules = self.rules
        pajarito, ante = rules.pajarito, rules.ante
        plato = self.purse[self.n]
        moves = plato == 0 and bool(pajarito) and not self.debts.open
        refills = moves and self.purse[self.n + 1] - pajarito <= 0
        transfers = _deal_transfers(dealer, self.players, pajarito if moves else 0, ante, refills)
        plato_after = plato + ante + (pajarito if moves else 0)
        return _new_tuple(Deal, (self.hands_played + 1, dealer, moves, refills, transfers, plato_after, order))

    def stake(self, deal: Deal, favoured: bool, debt: Debt | None) -> Stake:
        """The amount in play after ``deal`` (:func:`.stake.stake`)."""
        return stake(self.rules, self.n, plato=deal.plato_after, plato_puesta=self.plato_puesta, debt=debt,
                     favoured=favoured)

    def tied(self) -> tuple[Debt, ...]:
        """The reserved puestas a hand may play for: the largest open debts, oldest first
        (none while a losing declarer's payment is in the plato)."""
        return () if self.plato_puesta else self.debts.largest()

    def plan_hand(self, deal: Deal, hand: Hand) -> tuple[HandResult, bool | None]:
        """Read ``hand`` against the table after ``deal``, stake it and score it. Changes nothing.
        The result, and whether a losing declarer's payment is in the plato afterwards (None: as it was)."""
        play = read_hand(self.rules, deal.order, deal.number, deal.dealer, hand)
        tied = () if self.plato_puesta else self.debts.largest()  # self.tied(), and self.stake() below, inlined
        if hand.debt is None:  # the oldest of the largest (played_for, without a debtor named)
            debt = tied[0] if tied else None
        else:
            debt = played_for(tied, hand.debt, deal.number, self.players)
        rules = self.rules
        at_stake = stake(rules, self.n, plato=deal.plato_after, plato_puesta=self.plato_puesta, debt=debt,
                         favoured=play.favoured)
        scored: Scored = self.scoring(play, at_stake, rules)
        return result_of(play, scored), scored.plato_puesta

    # ------------------------------------------------------------- apply

    def _apply(self, transfers: tuple[Transfer, ...], hand: int | None) -> None:
        """Move the tokens; write and cross out reserved puestas. Each transfer takes from one party what it
        gives another, so the tokens on the table are conserved by construction (checked once per hand)."""
        purse, at, debts = self.purse, self._at, self.debts
        written: list[Debt] | None = None
        crossed: list[int] | None = None
        for t in transfers:
            source, target = t.source, t.target
            if target == PAPER:  # a new reserved puesta on the paper
                debt = build_debt(debts.next_number, source, t.amount, False, hand)
                debts.add(debt)
                if written is None:
                    written = []
                written.append(debt)
            elif source == PAPER:  # a reserved puesta crossed out
                number = t.debt
                assert number is not None, "a crossing names its debt"
                debt = debts.cross(number)
                assert debt.player == target and debt.amount == t.amount, "crossed the wrong debt"
                if crossed is None:
                    crossed = []
                crossed.append(number)
            else:
                amount = t.amount
                purse[at[source]] -= amount
                purse[at[target]] += amount
        if written is not None or crossed is not None:
            self.paper = PaperVersion(self.paper, tuple(written or ()), tuple(crossed or ()))

    # ------------------------------------------------------------ public

    def preview(self, hand: Hand) -> HandResult:
        """The result ``hand`` would have, without playing it. Raises :class:`HandError`."""
        return self.plan_hand(self.plan_deal(hand), hand)[0]

    def play(self, hand: Hand) -> HandResult:
        """Deal, then play ``hand``. A refused hand raises and changes nothing.

        Four Python calls a hand are left out for speed: the deal's tokens are moved here rather than
        through :meth:`_apply`, ``plan_hand`` does :meth:`tied` and :meth:`stake` itself, and the
        :class:`Deal` and ``Scored`` tuples are built without their ``__new__``. Each call costs a hand
        hundreds of instructions: with them a hand costs 95,934 instructions instead of 89,471 at 1,000
        hands, 98,426 instead of 91,840 at 10,000 (``bench/replay.py --instructions --before 54744cd``).
        Recording the hand's two rows here too, rather than through :meth:`_row`, saved 61 more: not kept."""
        deal = self.plan_deal(hand)
        res, plato_puesta = self.plan_hand(deal, hand)
        # from here on nothing can fail: apply the deal (its tokens only: a deal never writes or crosses a
        # debt, so not through _apply, which asks that of every transfer), then the hand
        purse, at = self.purse, self._at
        for t in deal.transfers:
            purse[at[t.source]] -= t.amount
            purse[at[t.target]] += t.amount
        self._row(self._dealt(deal, hand.bet), deal.transfers)
        self._apply(res.transfers, deal.number)
        if plato_puesta is not None:
            self.plato_puesta = plato_puesta
        self.hands_played += 1
        self.last_dealer, self.order = deal.dealer, deal.order
        self.results.append(res)
        self._row(res, res.transfers)
        # every hand's transfers sum to zero: no token appears or vanishes, no dish goes below zero
        n = self.n
        assert sum(purse) == self._tokens, "tokens not conserved"
        assert purse[n] >= 0 and purse[n + 1] >= 0, "a dish went below zero"
        return res

    def skip(self, hand: Hand) -> None:
        """Leave ``hand`` out (a comparison under rules that cannot score it): nothing is dealt and
        nothing moves, but its number is used and the deal passes on as it did at the table."""
        dealer, order = self.deal_of(hand)
        self.hands_played += 1
        self.last_dealer, self.order = dealer, order

    def _dealt(self, deal: Deal, bet: Bet | None) -> Dealt:
        """The deal row's record, once the deal is applied: one per kind of deal, kept (a table deals
        one of a few kinds again and again, and a record never changes; a record built for every deal
        makes a hand cost 16 % more instructions, ``bench/replay.py --instructions``)."""
        paper_open, plato = bool(self.debts.open), self.purse[self.n]
        kind = (deal.dealer, deal.moves_pajarito, deal.refills, paper_open, plato, bet)
        found = self._dealts.get(kind)
        if found is None:
            rules = self.rules
            found = self._dealts[kind] = Dealt(
                scoring=rules.scoring, dealer=deal.dealer, moves_pajarito=deal.moves_pajarito, refills=deal.refills,
                pajarito=rules.pajarito, ante=rules.ante, paper_open=paper_open, plato=plato, bet=bet,
                bet_stake=rules.dealer_bet if bet else 0)
        return found

    def upcoming(self) -> Upcoming:
        """What the next dealer must do and what will be in play."""
        deal = self.plan_deal()
        rules = self.rules
        tied = self.tied()
        debt = tied[0] if tied else None
        plain = self.stake(deal, False, debt)
        favoured = None
        if rules.favoured_suit is not None and plain.case != "none":
            favoured = self.stake(deal, True, debt)
        names = tuple(dict.fromkeys(d.player for d in tied))
        active = deal.order.active(deal.dealer)
        return Upcoming(
            number=deal.number,
            dealer=deal.dealer,
            mano=deal.order.after(deal.dealer),
            active=active,
            moves_pajarito=deal.moves_pajarito,
            refills_pajaritos=deal.refills,
            stake=plain,
            plato_after_deal=deal.plato_after,
            tied_debtors=names if len(names) > 1 else (),
            declarers=active,
            contracts=rules.contracts(self.n),
            stake_favoured=favoured,
        )

    def ledger(self) -> Ledger:
        return Ledger(
            setup=self.setup,
            rules=self.rules,
            rows=self.rows,
            results=tuple(self.results),
            upcoming=self.upcoming(),
            settlement=self.settlement(),
        )

    def settlement(self) -> Settlement:
        """The table settled as it stands (:func:`.settle.settle`), the open debts told to the last paper
        (the table holds them: rebuilding the sheet walks every version of the paper)."""
        self.paper.know_open(tuple(self.debts.open.values()))
        return settle(self.setup, self.last, self.rules.scoring)


@lru_cache(maxsize=256)
def _deal_transfers(dealer: str, players: tuple[str, ...], pajarito: int, ante: int,
                    refills: bool) -> tuple[Transfer, ...]:
    """The deal's moves: a pajarito from the dish to the plato (``pajarito`` 0: none moves), the
    dealer's ante, everyone's pajarito when the dish runs empty. Shared: a deal repeats one of a few
    (built afresh for every deal, a hand costs 2.8 % more instructions: ``bench/replay.py --instructions``)."""
    transfers: list[Transfer] = []
    if pajarito:
        transfers.append(transfer(PAJARITOS, PLATO, pajarito, Reason.PAJARITO))
    if ante:
        transfers.append(transfer(dealer, PLATO, ante, Reason.ANTE))
    if refills:
        transfers.extend(transfer(p, PAJARITOS, pajarito, Reason.REFILL) for p in players)
    return tuple(transfers)


def replay_table(session: Session, rules: Ruleset | None = None) -> Table:
    """A live :class:`Table` after every hand of ``session`` (to preview or play the next one)."""
    return Table(session.setup, rules).play_all(session.hands)


def replay(session: Session, rules: Ruleset | None = None) -> Ledger:
    """Replay every hand of ``session`` into its ledger.

    Raises :class:`SessionError` (a ``ValueError``) naming the first refused
    hand and field; nothing partial is returned.
    """
    return replay_table(session, rules).ledger()


def result_of(play: Play, scored: Scored) -> HandResult:
    """A hand's result: what reading it found (:class:`.reading.Play`) and what its scoring decided.
    The fields in :class:`HandResult`'s order (why not by keyword: :func:`.model.builder`)."""
    return build_result(play.number, play.dealer, play.mano, play.active, play.contract, play.declarer,
                        scored.stake, scored.outcome, play.hand, scored.winner, play.takeover, scored.transfers,
                        play.favoured, scored.puestas, scored.puesta_to, scored.bet)
