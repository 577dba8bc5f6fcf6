"""Replay a session's hands into the ledger.

The table is a small state machine: bowls, the plato (and whether a losing
declarer's payment is in it), the pajaritos dish and the paper. Each hand is
first *planned* (validated, and turned into transfers) without touching the
state, then the transfers are applied. A refused hand therefore changes
nothing, and every balance on every row is derived from the inputs alone.

>>> from scorekeeper.engine.model import Setup, Hand
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
from dataclasses import dataclass

from . import words
from .errors import FieldError, HandError, SessionError
from .model import (
    PAJARITOS,
    PAPER,
    PLATO,
    Debt,
    Hand,
    HandResult,
    Ledger,
    PaperVersion,
    Row,
    Session,
    Setup,
    Transfer,
    Upcoming,
)
from .options import SUITS
from .rules import CONTRACTS, Ruleset, get_ruleset
from .settle import settle


@dataclass(frozen=True, slots=True)
class _Deal:
    """What the dealer does before a hand (planned, not yet applied)."""

    number: int
    dealer: str
    moves_pajarito: bool
    refills: bool
    transfers: tuple[Transfer, ...]
    plato_after: int


def ruleset_for(setup: Setup) -> Ruleset:
    """The session's ruleset with its options applied (refused options raise)."""
    return get_ruleset(setup.rules).with_options(setup.options)


def _check_setup(setup: Setup, rules: Ruleset) -> None:  # noqa: C901  (being split into the hand pipeline)
    errors: list[FieldError] = []
    players = setup.players
    if not all(isinstance(p, str) and p.strip() for p in players):
        errors.append(FieldError(None, "players", "every player needs a name"))
    elif len(set(players)) != len(players):
        dup = next(p for p in players if players.count(p) > 1)
        errors.append(FieldError(None, "players", f"{dup} is listed twice"))
    elif len(players) not in rules.player_counts:
        counts = " or ".join(str(c) for c in sorted(rules.player_counts))
        errors.append(
            FieldError(None, "players", f"{len(players)} players: {rules.name} is played by {counts}")
        )
    if setup.first_dealer not in players:
        errors.append(FieldError(None, "first_dealer", f"{setup.first_dealer!r} is not one of the players"))
    if not isinstance(setup.start_tokens, int) or setup.start_tokens < rules.pajarito:
        errors.append(FieldError(None, "start_tokens", f"must be a whole number of at least {rules.pajarito}"))
    if setup.tanto_value is None or setup.tanto_value < 0:
        errors.append(FieldError(None, "tanto_value", "must be zero or more"))
    if setup.end_paper not in ("settle", "keep"):
        errors.append(FieldError(None, "end", "paper must be 'settle' or 'keep'"))
    for i, d in enumerate(setup.paper):
        if d.player not in players:
            errors.append(FieldError(None, f"paper[{i}].player", f"{d.player!r} is not one of the players"))
        if not isinstance(d.amount, int) or isinstance(d.amount, bool) or d.amount <= 0:
            errors.append(FieldError(None, f"paper[{i}].amount", "a debt is a whole number of tantos above 0"))
        elif d.amount % rules.round_to:
            errors.append(FieldError(
                None, f"paper[{i}].amount", f"with scores ×{rules.round_to} a debt is a multiple of {rules.round_to}"
            ))
    if setup.paper and rules.scoring != "puesta":
        errors.append(FieldError(None, "paper", f"{rules.name} scoring has no paper"))
    if errors:
        raise SessionError(errors)


class Table:
    """The state of the table, advanced one hand at a time.

    Use :func:`replay` for a whole session; use :class:`Table` directly to
    try one more hand (:meth:`preview`) or to play hands incrementally.
    """

    def __new__(cls, setup: Setup, rules: Ruleset | None = None) -> Table:
        """``Table(setup)`` is a points table when the ruleset scores points (seed 003)."""
        if cls is Table:
            scoring = (rules if rules is not None else get_ruleset(setup.rules)).scoring
            if scoring == "points":
                from .french import PointsTable

                cls = PointsTable
        return super().__new__(cls)

    def __init__(self, setup: Setup, rules: Ruleset | None = None) -> None:
        self.rules = rules if rules is not None else ruleset_for(setup)
        _check_setup(setup, self.rules)
        self.setup = setup
        self.players: tuple[str, ...] = tuple(setup.players)
        self.seat: dict[str, int] = {p: i for i, p in enumerate(self.players)}
        self.n = len(self.players)
        self.first_dealer = self.seat[setup.first_dealer]
        pajarito = self.rules.pajarito
        self.bowls: list[int] = [setup.start_tokens - pajarito] * self.n
        self.plato = 0
        self.plato_puesta = False  # a losing declarer's payment is in the plato
        self.pajaritos = pajarito * self.n
        # open debts: number -> Debt; a heap of (-amount, number) finds the largest
        self.open: dict[int, Debt] = {}
        self._heap: list[tuple[int, int]] = []
        self._by_amount: dict[int, list[int]] = {}
        self.next_debt = 0
        written = []
        for d in setup.paper:
            debt = Debt(self.next_debt, d.player, d.amount)
            written.append(debt)
            self._open_debt(debt)
        self.paper = PaperVersion(None, tuple(written))
        self.hands_played = 0
        self.rows: list[Row] = []
        self.results: list[HandResult] = []
        start = tuple(Transfer(p, PAJARITOS, pajarito, "pajarito") for p in self.players if pajarito)
        self._row("start", None, words.start_event(), self._start_comment(len(written)), start)

    def _start_comment(self, carried: int) -> str:
        return words.start_comment(self.setup, self.rules, carried)

    # -------------------------------------------------------------- state

    def _open_debt(self, debt: Debt) -> None:
        self.open[debt.number] = debt
        heapq.heappush(self._heap, (-debt.amount, debt.number))
        self._by_amount.setdefault(debt.amount, []).append(debt.number)
        self.next_debt = max(self.next_debt, debt.number + 1)

    def _largest(self) -> int | None:
        """The largest open debt's amount (lazily dropping crossed ones)."""
        heap = self._heap
        while heap and heap[0][1] not in self.open:
            heapq.heappop(heap)
        return -heap[0][0] if heap else None

    def _tied(self, amount: int) -> list[Debt]:
        """Open debts of exactly ``amount``, oldest first."""
        return [self.open[k] for k in self._by_amount.get(amount, ())]

    def _row(
        self,
        kind: str,
        hand: int | None,
        event: str,
        comment: str,
        transfers: tuple[Transfer, ...],
        dealer: str | None = None,
        result: HandResult | None = None,
    ) -> Row:
        row = Row(
            index=len(self.rows),
            kind=kind,  # type: ignore[arg-type]
            hand=hand,
            players=self.players,
            bowls_tuple=tuple(self.bowls),
            plato=self.plato,
            pajaritos=self.pajaritos,
            paper_version=self.paper,
            event=event,
            comment=comment,
            transfers=transfers,
            dealer=dealer,
            result=result,
        )
        self.rows.append(row)
        return row

    @property
    def last(self) -> Row:
        return self.rows[-1]

    def dealer_index(self, number: int) -> int:
        """Seat of the dealer of hand ``number`` (1-based)."""
        return (self.first_dealer + number - 1) % self.n

    # --------------------------------------------------------------- deal

    def _plan_deal(self) -> _Deal:
        number = self.hands_played + 1
        dealer = self.players[self.dealer_index(number)]
        rules = self.rules
        moves = self.plato == 0 and not self.open
        transfers: list[Transfer] = []
        pajaritos = self.pajaritos
        if moves:
            transfers.append(Transfer(PAJARITOS, PLATO, rules.pajarito, "pajarito"))
            pajaritos -= rules.pajarito
        if rules.ante:
            transfers.append(Transfer(dealer, PLATO, rules.ante, "ante"))
        refills = moves and pajaritos <= 0
        if refills:
            transfers.extend(Transfer(p, PAJARITOS, rules.pajarito, "refill") for p in self.players)
        plato_after = self.plato + rules.ante + (rules.pajarito if moves else 0)
        return _Deal(number, dealer, moves, refills, tuple(transfers), plato_after)

    # --------------------------------------------------------------- hand

    def _plan_hand(self, deal: _Deal, hand: Hand) -> tuple[HandResult, bool]:  # noqa: C901  (being split into the hand pipeline)
        """Validate ``hand`` against the table after ``deal``; return its result.

        The second value is whether a losing declarer's payment is in the
        plato afterwards. Nothing on the table is changed here.
        """
        rules = self.rules
        number = deal.number
        n = self.n
        players = self.players

        def fail(field: str, message: str) -> HandError:
            return HandError(FieldError(number, field, message))

        dealer = deal.dealer
        di = self.seat[dealer]
        mano = players[(di + 1) % n]
        contract = hand.contract
        if contract not in CONTRACTS:
            raise fail("contract", f"unknown contract {contract!r} (one of: {', '.join(CONTRACTS)})")

        # palo de favor: the hand says its trump suit; favoured trumps multiply the tanto and condiciones
        favoured = self._check_trump(number, hand)
        factor = rules.favour_factor if favoured else 1
        tanto = rules.table_tanto * factor

        # the amount in play, from the plato and the paper as they stand after the deal
        plato = deal.plato_after
        largest = self._largest()
        if self.plato_puesta:
            case = "plato"
            in_play = plato + tanto * n
        elif largest is not None:
            case = "reserved"
            in_play = largest + plato
        else:
            case = "first"
            in_play = plato + tanto * n

        played_debt: Debt | None = None
        if hand.debt is not None:
            if case != "reserved":
                raise fail("debt", "no reserved puesta is played for in this hand")
            if hand.debt not in self.seat:
                raise fail("debt", f"{hand.debt!r} is not one of the players")
        if case == "reserved":
            assert largest is not None
            tied = self._tied(largest)
            if hand.debt is None:
                played_debt = tied[0]
            else:
                mine = [d for d in tied if d.player == hand.debt]
                if not mine:
                    holders = ", ".join(dict.fromkeys(d.player for d in tied))
                    raise fail("debt", f"{hand.debt} has no open debt of {largest} (the largest: {holders})")
                played_debt = mine[0]

        def result(**kw: object) -> HandResult:
            return HandResult(
                number=number,
                dealer=dealer,
                mano=mano,
                contract=contract,
                in_play=in_play,
                case=case,  # type: ignore[arg-type]
                played_debt=played_debt,
                favoured=favoured,
                **kw,  # type: ignore[arg-type]
            )

        # ------------------------------------------------ all pass, cancelled
        if contract == "pass":
            if not rules.cancel_all_pass:
                chain = " → ".join(rules.forced_chain)
                raise fail("contract", f"under {rules.name} rules nobody passes out: a forced entrada ({chain})")
            if n != 3:
                raise fail("contract", "with four players an all-pass deal is a penetro by the dealer")
            for name in ("declarer", "tricks", "surrender", "drops_out"):
                if getattr(hand, name) is not None:
                    raise fail(name, "a cancelled deal has no " + name.replace("_", " "))
            active = players
            return result(active=active, declarer=None, outcome="cancelled"), self.plato_puesta

        # ------------------------------------------------ who plays
        declarer = hand.declarer
        surrender = hand.surrender
        takeover = surrender.takeover if surrender is not None else None
        if contract == "penetro":
            if not rules.penetro:
                raise fail("contract", f"there is no penetro under {rules.name} rules")
            if n != 4:
                raise fail("contract", "a penetro needs four players at the table")
            if declarer is None:
                declarer = dealer
            if declarer != dealer:
                raise fail("declarer", f"only the dealer ({dealer}) plays a penetro")
            if takeover is not None:
                raise fail("surrender", "a penetro cannot be taken over")
            if surrender is not None:
                if hand.drops_out is not None:
                    raise fail("drops_out", "the dealer surrendered before anybody dropped out")
                active = players
            elif rules.penetro_four:
                if hand.drops_out is not None:
                    raise fail("drops_out", "in this session nobody drops out of a penetro: all four play")
                active = players
            else:
                if hand.drops_out is None:
                    raise fail("drops_out", "name the player who drops out of the penetro")
                if hand.drops_out not in self.seat or hand.drops_out == dealer:
                    raise fail("drops_out", f"{hand.drops_out!r} is not one of the dealer's opponents")
                active = tuple(p for p in players if p != hand.drops_out)
        else:
            if hand.drops_out is not None:
                raise fail("drops_out", "only a penetro has a player who drops out")
            active = tuple(p for p in players if p != dealer) if n == 4 else players
            if declarer is None:
                raise fail("declarer", "who played?")
            if declarer not in self.seat:
                raise fail("declarer", f"{declarer!r} is not one of the players")
            if declarer not in active:
                raise fail("declarer", f"{declarer} is dealing and sits this hand out")
        if hand.forced and contract != "entrada":
            raise fail("forced", "only an entrada is forced")

        # ------------------------------------------------ surrender and takeover
        if surrender is not None and contract != "penetro":
            if contract not in rules.surrender_contracts:
                raise fail("surrender", f"a {contract} cannot be surrendered")
            if takeover is not None:
                if contract not in rules.takeover_contracts:
                    raise fail("surrender", f"under {rules.name} rules a {contract} cannot be taken over")
                if takeover not in active or takeover == declarer:
                    raise fail("surrender", f"{takeover!r} is not one of {declarer}'s opponents")
        accepted = surrender is not None and takeover is None
        playing = takeover if takeover is not None else declarer
        assert playing is not None

        # ------------------------------------------------ condiciones flags
        if hand.contra_estuche and not rules.allows("contra_estuche"):
            raise fail("contra_estuche", f"there is no contra-estuche under {rules.name} rules")
        if hand.estuche and hand.contra_estuche:
            raise fail("contra_estuche", "a declarer with estuche cannot also be paid contra-estuche")
        for flag, most in (("estuche", 9), ("contra_estuche", 12)):
            count = getattr(hand, flag)
            if not (isinstance(count, bool) or count == 0 or (isinstance(count, int) and 3 <= count <= most)):
                raise fail(flag, f"true/false, or the count of top trumps in sequence (3 to {most})")
        if hand.bola not in (None, "won", "failed"):
            raise fail("bola", "bola is 'won', 'failed' or left out")
        if hand.primeras and hand.bola is not None:
            raise fail("primeras", "no primeras when bola is tried")
        if takeover is not None:
            for flag in ("estuche", "contra_estuche", "primeras"):
                if getattr(hand, flag) and flag not in rules.takeover_paid:
                    raise fail(flag, f"under {rules.name} rules a new declarer is paid no condiciones")
            if hand.bola is not None and "bola" not in rules.takeover_paid:
                raise fail("bola", f"under {rules.name} rules a new declarer is paid no condiciones")

        # ------------------------------------------------ tricks and outcome
        winner: str | None = None
        if accepted:
            if hand.tricks is not None:
                raise fail("tricks", "an accepted surrender ends the hand: leave the tricks out")
            if hand.primeras or hand.bola is not None:
                raise fail("primeras" if hand.primeras else "bola", "the hand was surrendered")
            outcome = "puesta"
        else:
            tricks = self._check_tricks(number, hand, active, playing)
            taken = tricks[playing]
            others = [(tricks[p], p) for p in active if p != playing]
            best = max(c for c, _ in others)
            if taken > best:
                outcome = "sacado"
            else:
                leaders = [p for c, p in others if c == best]
                if best > taken and len(leaders) == 1:
                    outcome = "codillo"
                    winner = leaders[0]
                else:
                    outcome = "puesta"

        transfers = self._payments(
            hand, contract, declarer, takeover, outcome, winner, case, in_play, plato, played_debt, factor
        )
        plato_puesta = self.plato_puesta
        if outcome == "sacado" and takeover is None:
            plato_puesta = False
        elif any(t.target == PLATO and t.reason == "puesta" for t in transfers):
            # a first puesta paid into the plato (not an old codillo, paid to the winner only)
            plato_puesta = True
        res = result(
            active=active,
            declarer=declarer,
            outcome=outcome,
            winner=winner,
            new_declarer=takeover,
            transfers=transfers,
        )
        return res, plato_puesta

    def _check_trump(self, number: int, hand: Hand) -> bool:
        """Whether trumps are the palo de favor; the trump is asked only with a palo de favor."""
        favour = self.rules.favoured_suit
        trump = hand.trump
        if favour is None:
            if trump is not None:
                raise HandError(FieldError(number, "trump", "the trump suit is recorded only with a palo de favor"))
            return False
        if trump is None:
            # nobody chose trumps: a cancelled deal, or a penetro surrendered on seeing the cards
            if hand.contract == "pass" or (hand.contract == "penetro" and hand.surrender is not None):
                return False
            raise HandError(FieldError(number, "trump", f"with a palo de favor ({favour}) give the trump suit"))
        if trump not in SUITS:
            raise HandError(FieldError(number, "trump", f"{trump!r} is not a suit (one of: {', '.join(SUITS)})"))
        if hand.contract == "pass" or (hand.contract == "penetro" and hand.surrender is not None):
            raise HandError(FieldError(number, "trump", "nobody chose trumps in this hand"))
        return trump == favour

    def _check_tricks(self, number: int, hand: Hand, active: tuple[str, ...], playing: str) -> Mapping[str, int]:  # noqa: C901  (being split into the hand pipeline)
        def fail(message: str, field: str = "tricks") -> HandError:
            return HandError(FieldError(number, field, message))

        tricks = hand.tricks
        if tricks is None:
            raise fail("the outcome is undecided: give the tricks (or the surrender)")
        if not isinstance(tricks, Mapping):
            raise fail("give each player's tricks")
        unknown = [p for p in tricks if p not in active]
        if unknown:
            raise fail(f"{unknown[0]} did not play this hand (playing: {', '.join(active)})")
        missing = [p for p in active if p not in tricks]
        if missing:
            raise fail(f"{missing[0]}'s tricks are missing")
        for p in active:
            c = tricks[p]
            if not isinstance(c, int) or isinstance(c, bool) or c < 0:
                raise fail(f"{p}'s tricks must be a whole number, 0 or more")
        total = sum(tricks[p] for p in active)
        mine = tricks[playing]
        if hand.primeras:
            if total != 5 or mine != 5:
                raise fail(
                    f"primeras is the first five tricks to {playing} and a stop: 5 to {playing}, 0 to the others"
                )
            return tricks
        if total == 5 and mine == 5:
            raise fail("five tricks and a stop is primeras: tick primeras, or give all nine tricks")
        if total != 9:
            raise fail(f"the tricks add up to {total}, not 9")
        if hand.bola == "won" and mine != 9:
            raise fail(f"a won bola is all nine tricks to {playing}", "bola")
        if hand.bola == "failed" and not 5 <= mine <= 8:
            raise fail(f"a failed bola means {playing} took the first five and lost a later trick", "bola")
        if mine == 9 and hand.bola != "won":
            raise fail("nine tricks to the declarer: that is a won bola", "bola")
        return tricks

    def _payments(  # noqa: C901  (being split into the hand pipeline)
        self,
        hand: Hand,
        contract: str,
        declarer: str | None,
        takeover: str | None,
        outcome: str,
        winner: str | None,
        case: str,
        in_play: int,
        plato: int,
        played_debt: Debt | None,
        factor: int = 1,
    ) -> tuple[Transfer, ...]:
        """The transfers of a decided hand: the puesta system, then the condiciones.

        ``factor`` multiplies the table tanto and the condiciones (palo de favor).
        """
        rules = self.rules
        players = self.players
        out: list[Transfer] = []
        add = out.append
        assert declarer is not None
        playing = takeover or declarer

        # ---- the puesta system
        if takeover is not None and outcome == "sacado":
            add(Transfer(declarer, takeover, in_play, "gave up"))
        elif outcome == "sacado":
            if plato:
                add(Transfer(PLATO, playing, plato, "plato"))
            if case == "reserved":
                assert played_debt is not None
                debtor = played_debt.player
                if debtor != playing:
                    add(Transfer(debtor, playing, played_debt.amount, "reserved puesta"))
                add(Transfer(PAPER, debtor, played_debt.amount, "crossed out", played_debt.number))
            elif rules.table_tanto:
                for p in players:
                    if p != playing:
                        add(Transfer(p, playing, rules.table_tanto * factor, "tanto"))
        else:
            losers: tuple[str, ...] = (declarer, takeover) if takeover is not None else (playing,)
            if outcome == "codillo" and rules.codillo == "winner_only":
                # the old codillo: the loser pays the winner only (a surrendered declarer still pays his puesta)
                losers = losers[:-1]
            for loser in losers:
                add(Transfer(loser, PLATO if case == "first" else PAPER, in_play, "puesta"))
            if outcome == "codillo":
                assert winner is not None
                add(Transfer(playing, winner, in_play, "codillo"))

        # ---- the condiciones
        value = rules.condicion(contract) * (1 if contract in rules.favour_exempt else factor)
        if takeover is not None or outcome != "sacado":
            # the original declarer pays as though puesta (even when taken over)
            if value:
                for p in players:
                    if p != declarer:
                        add(Transfer(declarer, p, value, contract))
        else:
            if value:
                for p in players:
                    if p != playing:
                        add(Transfer(p, playing, value, contract))
        if outcome == "sacado":
            paid = rules.takeover_paid if takeover is not None else None
            for flag in ("estuche", "contra_estuche", "primeras"):
                held = getattr(hand, flag)
                count = 3 if held is True else int(held)
                if flag == "primeras":
                    amount = rules.condicion(flag)
                else:
                    amount = rules.condicion_count(flag, count, hand.bola == "won")
                amount *= 1 if flag in rules.favour_exempt else factor
                if held and amount and (paid is None or flag in paid):
                    for p in players:
                        if p != playing:
                            add(Transfer(p, playing, amount, flag))
            bola = rules.condicion("bola") * (1 if "bola" in rules.favour_exempt else factor)
            if bola and hand.bola == "won" and (paid is None or "bola" in paid):
                for p in players:
                    if p != playing:
                        add(Transfer(p, playing, bola, "bola"))
            elif bola and hand.bola == "failed" and (takeover is None or rules.takeover_pays_failed_bola):
                for p in players:
                    if p != playing:
                        add(Transfer(playing, p, bola, "bola"))
        if rules.round_to > 1:
            out.extend(self._rounding(out))
        return tuple(out)

    def _rounding(self, transfers: list[Transfer]) -> list[Transfer]:
        """Scores ×5: what one player pays another in a hand, rounded up to a whole token.

        All payments between the same two players in one hand are netted;
        the payer adds what brings the net up to a multiple of
        :attr:`Ruleset.round_to` (a ``rounding`` transfer).
        """
        seat = self.seat
        net: dict[tuple[str, str], int] = {}
        for t in transfers:
            if t.source in seat and t.target in seat:
                a, b = sorted((t.source, t.target), key=seat.__getitem__)
                net[(a, b)] = net.get((a, b), 0) + (t.amount if t.source == a else -t.amount)
        out = []
        for (a, b), amount in net.items():
            payer, payee, owed = (a, b, amount) if amount > 0 else (b, a, -amount)
            extra = self.rules.round_up(owed) - owed
            if extra:
                out.append(Transfer(payer, payee, extra, "rounding"))
        return out

    # ------------------------------------------------------------- apply

    def _apply(self, transfers: Iterable[Transfer], hand: int | None) -> None:
        seat = self.seat
        bowls = self.bowls
        written: list[Debt] = []
        crossed: list[int] = []
        before = sum(bowls) + self.plato + self.pajaritos
        for t in transfers:
            if t.target == PAPER:
                debt = Debt(self.next_debt, t.source, t.amount, False, hand)
                self._open_debt(debt)
                written.append(debt)
                continue
            if t.source == PAPER:
                assert t.debt is not None, "a crossing names its debt"
                debt = self.open.pop(t.debt)
                assert debt.player == t.target and debt.amount == t.amount, "crossed the wrong debt"
                self._by_amount[debt.amount].remove(debt.number)
                crossed.append(t.debt)
                continue
            if t.source == PLATO:
                self.plato -= t.amount
            elif t.source == PAJARITOS:
                self.pajaritos -= t.amount
            else:
                bowls[seat[t.source]] -= t.amount
            if t.target == PLATO:
                self.plato += t.amount
            elif t.target == PAJARITOS:
                self.pajaritos += t.amount
            else:
                bowls[seat[t.target]] += t.amount
        if written or crossed:
            self.paper = PaperVersion(self.paper, tuple(written), tuple(crossed))
        # every hand's transfers sum to zero: tokens and the paper's value are conserved
        assert sum(bowls) + self.plato + self.pajaritos == before, "tokens not conserved"
        assert self.plato >= 0 and self.pajaritos >= 0, "a dish went below zero"

    # ------------------------------------------------------------ public

    def preview(self, hand: Hand) -> HandResult:
        """The result ``hand`` would have, without playing it. Raises :class:`HandError`."""
        return self._plan_hand(self._plan_deal(), hand)[0]

    def play(self, hand: Hand) -> HandResult:
        """Deal, then play ``hand``. A refused hand raises and changes nothing."""
        deal = self._plan_deal()
        res, plato_puesta = self._plan_hand(deal, hand)
        # from here on nothing can fail: apply the deal, then the hand
        self._apply(deal.transfers, deal.number)
        self._row(
            "deal",
            deal.number,
            *self._deal_words(deal, hand),
            deal.transfers,
            dealer=deal.dealer,
        )
        self._apply(res.transfers, deal.number)
        self.plato_puesta = plato_puesta
        self.hands_played += 1
        self.results.append(res)
        self._row(
            "hand",
            deal.number,
            *self._hand_words(res, hand),
            res.transfers,
            dealer=deal.dealer,
            result=res,
        )
        return res

    def _deal_words(self, deal: _Deal, hand: Hand) -> tuple[str, str]:
        """The deal row's event and comment (after the deal is applied)."""
        return (
            words.deal_event(deal.dealer, deal.moves_pajarito, bool(self.open), self.rules.ante),
            words.deal_comment(deal.dealer, deal.moves_pajarito, deal.refills, self.rules, bool(self.open), self.plato),
        )

    def _hand_words(self, res: HandResult, hand: Hand) -> tuple[str, str]:
        """The hand row's event and comment."""
        return words.hand_event(res, hand), words.hand_comment(res, hand, self.rules, self.players)

    def upcoming(self) -> Upcoming:
        """What the next dealer must do and what will be in play."""
        deal = self._plan_deal()
        rules = self.rules
        di = self.seat[deal.dealer]
        mano = self.players[(di + 1) % self.n]
        active = tuple(p for p in self.players if p != deal.dealer) if self.n == 4 else self.players
        largest = self._largest()
        reserved: Debt | None = None
        tied: tuple[str, ...] = ()
        favour_tanto = rules.table_tanto * rules.favour_factor
        if self.plato_puesta:
            case, in_play = "plato", deal.plato_after + rules.table_tanto * self.n
            in_play_favoured = deal.plato_after + favour_tanto * self.n
        elif largest is not None:
            case, in_play = "reserved", deal.plato_after + largest
            in_play_favoured = in_play
            ties = self._tied(largest)
            reserved = ties[0]
            names = tuple(dict.fromkeys(d.player for d in ties))
            tied = names if len(names) > 1 else ()
        else:
            case, in_play = "first", deal.plato_after + rules.table_tanto * self.n
            in_play_favoured = deal.plato_after + favour_tanto * self.n
        contracts = ["entrada", "vuelta", "solo"]
        if rules.penetro and self.n == 4:
            contracts.append("penetro")
        if rules.cancel_all_pass and self.n == 3:
            contracts.append("pass")
        return Upcoming(
            number=deal.number,
            dealer=deal.dealer,
            mano=mano,
            active=active,
            dealer_action=words.dealer_action(deal.moves_pajarito, deal.refills, rules),
            moves_pajarito=deal.moves_pajarito,
            refills_pajaritos=deal.refills,
            in_play=in_play,
            case=case,  # type: ignore[arg-type]
            plato_after_deal=deal.plato_after,
            reserved_debt=reserved,
            tied_debtors=tied,
            declarers=active,
            contracts=tuple(contracts),
            in_play_favoured=in_play_favoured if rules.favoured_suit is not None else None,
        )

    def ledger(self) -> Ledger:
        return Ledger(
            setup=self.setup,
            rules=self.rules,
            rows=tuple(self.rows),
            results=tuple(self.results),
            upcoming=self.upcoming(),
            settlement=settle(self),
        )


def replay_table(session: Session, rules: Ruleset | None = None) -> Table:
    """A live :class:`Table` after every hand of ``session`` (to preview or play the next one)."""
    table = Table(session.setup, rules)
    # A replay allocates many small acyclic records; the cyclic garbage
    # collector would rescan all of them again and again (quadratic on long
    # sessions), so it pauses for the replay and runs normally afterwards.
    paused = gc.isenabled()
    gc.disable()
    try:
        for hand in session.hands:
            table.play(hand)
    finally:
        if paused:
            gc.enable()
    return table


def replay(session: Session, rules: Ruleset | None = None) -> Ledger:
    """Replay every hand of ``session`` into its ledger.

    Raises :class:`SessionError` (a ``ValueError``) naming the first refused
    hand and field; nothing partial is returned.
    """
    return replay_table(session, rules).ledger()
