"""French points scoring (seed 003, ruleset ``french``).

No plato, no pajaritos, no paper: each hand's points change hands directly
between the players, so every hand sums to zero on its own. The table
produces the same rows, results and settlement as the puesta system (plato
and pajaritos stay 0, the paper stays empty), so the CLI, the web app and
the reports need nothing special. The interpretations are in docs/variants.md.

Contract values come from the ruleset's ``condiciones`` (entrada = jeu
simple 5, vuelta = retourne 10, solo 30, bola = chelem 70); the palo de
favor multiplies them by ``favour_factor`` (the chelem excepted).

>>> from scorekeeper.engine.model import Setup, Hand
>>> t = Table(Setup(players=("N", "W", "S"), first_dealer="N", rules="french", start_tokens=100))
>>> r = t.play(Hand("entrada", declarer="W", tricks={"N": 2, "W": 5, "S": 2}))
>>> r.outcome, r.in_play, t.last.bowls
('sacado', 5, {'N': 95, 'W': 110, 'S': 95})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from . import words
from .errors import FieldError, HandError
from .model import Hand, HandResult, Ledger, Transfer, Upcoming
from .replay import Table, _Deal

#: the contracts of seed 003, in the session file's words
CONTRACT_WORDS = {"entrada": "jeu simple", "vuelta": "retourne", "solo": "solo"}
BET_OF = {"sacado": "J", "puesta": "P", "codillo": "C"}
BET_WORDS = {"J": "the declarer wins", "P": "puesta", "C": "codillo"}


class PointsTable(Table):
    """A table scored in points (seed 003). Build it as ``Table(setup)``; it is chosen by the ruleset."""

    # ------------------------------------------------------------- deal

    def _start_comment(self, carried: int) -> str:
        return (
            f"Everyone starts with {self.setup.start_tokens} points. French scoring: no plato and no "
            "pajaritos; the points of each hand change hands directly."
        )

    def _plan_deal(self) -> _Deal:
        number = self.hands_played + 1
        dealer = self.players[self.dealer_index(number)]
        return _Deal(number, dealer, False, False, (), 0)

    def _deal_words(self, deal: _Deal, hand: Hand) -> tuple[str, str]:
        if hand.bet is not None:
            return (
                f"{deal.dealer} deals and bets {hand.bet}",
                f"{deal.dealer} deals, sits the hand out and writes {hand.bet} ({BET_WORDS[hand.bet]}) "
                f"for a stake of {self.rules.dealer_bet}.",
            )
        return f"{deal.dealer} deals", f"{deal.dealer} deals; nothing goes into a plato under French scoring."

    # ------------------------------------------------------------- hand

    def _plan_hand(self, deal: _Deal, hand: Hand) -> tuple[HandResult, bool]:  # noqa: C901  (being split into the hand pipeline)
        rules = self.rules
        number = deal.number
        players = self.players
        n = self.n

        def fail(field: str, message: str) -> HandError:
            return HandError(FieldError(number, field, message))

        dealer = deal.dealer
        mano = players[(self.seat[dealer] + 1) % n]
        contract = hand.contract
        if contract not in ("entrada", "vuelta", "solo", "pass"):
            raise fail(
                "contract", f"{contract!r} is not played under {rules.name} scoring (entrada, vuelta, solo or pass)"
            )
        favoured = self._check_trump(number, hand)
        factor = rules.favour_factor if favoured else 1
        for name in ("debt", "drops_out"):
            if getattr(hand, name) is not None:
                raise fail(name, f"there is no {name.replace('_', ' ')} under {rules.name} scoring")
        for flag in ("estuche", "contra_estuche"):
            if getattr(hand, flag):
                raise fail(flag, f"{rules.name} scoring pays no {flag.replace('_', '-')}")
        if hand.forced:
            raise fail("forced", f"under {rules.name} scoring nobody is forced: if all pass the deal is cancelled")
        if hand.bet is not None:
            if n != 4:
                raise fail("bet", "the dealer bets only at four players (with three the dealer plays)")
            if not rules.dealer_bet:
                raise fail("bet", "this session plays without the dealer's bet (options.dealer_bet is 0)")
        active = tuple(p for p in players if p != dealer) if n == 4 else players

        def result(**kw: object) -> HandResult:
            return HandResult(
                number=number, dealer=dealer, mano=mano, contract=contract, case="none",
                favoured=favoured, **kw,  # type: ignore[arg-type]
            )

        if contract == "pass":
            for name in ("declarer", "tricks", "surrender"):
                if getattr(hand, name) is not None:
                    raise fail(name, "a cancelled deal has no " + name)
            return result(active=active, declarer=None, in_play=0, outcome="cancelled"), False

        declarer = hand.declarer
        if declarer is None:
            raise fail("declarer", "who played?")
        if declarer not in self.seat:
            raise fail("declarer", f"{declarer!r} is not one of the players")
        if declarer not in active:
            raise fail("declarer", f"{declarer} is dealing and sits this hand out")
        surrender = hand.surrender
        takeover = surrender.takeover if surrender is not None else None
        if surrender is not None:
            if contract not in rules.surrender_contracts:
                raise fail("surrender", f"a {contract} cannot be surrendered")
            if takeover is not None:
                if contract not in rules.takeover_contracts:
                    raise fail("surrender", f"under {rules.name} scoring only a jeu simple (entrada) can be defended")
                if takeover not in active or takeover == declarer:
                    raise fail("surrender", f"{takeover!r} is not one of {declarer}'s opponents")
                if hand.primeras or hand.bola is not None:
                    raise fail("primeras" if hand.primeras else "bola", "three tricks were played before the defence")
        if hand.bola not in (None, "won", "failed"):
            raise fail("bola", "bola is 'won', 'failed' or left out")
        if hand.primeras and hand.bola is not None:
            raise fail("primeras", "no primeras when the chelem is tried")

        value = rules.condicion(contract) * (1 if contract in rules.favour_exempt else factor)
        out: list[Transfer] = []
        add = out.append
        winner: str | None = None
        playing = takeover or declarer
        if surrender is not None and takeover is None:
            # an accepted surrender: a puesta shared between the two others, rounded down
            if hand.tricks is not None:
                raise fail("tricks", "an accepted surrender ends the hand: leave the tricks out")
            if hand.primeras or hand.bola is not None:
                raise fail("primeras" if hand.primeras else "bola", "the hand was surrendered")
            outcome = "puesta"
            for p in active:
                if p != declarer and value // 2:
                    add(Transfer(declarer, p, value // 2, "surrender"))
        else:
            tricks = self._check_tricks(number, hand, active, playing)
            mine = tricks[playing]
            others = {p: tricks[p] for p in active if p != playing}
            best = max(others.values())
            if hand.bola == "won":
                value = rules.condicion("bola") * (1 if "bola" in rules.favour_exempt else factor)
            if takeover is None:
                outcome, winner = self._score(out, playing, mine, others, best, value)
            elif mine > best:
                # the defender wins: the first declarer's puesta goes to him
                outcome = "sacado"
                add(Transfer(declarer, takeover, value, "gave up"))
            elif mine < tricks[declarer]:
                # the defender did worse than the first declarer: the first is saved, the defender pays
                outcome = "puesta"
                add(Transfer(takeover, declarer, value, "puesta"))
            else:
                # puesta double: the first declarer's surrender is shared, the defender loses as a declarer
                for p in active:
                    if p != declarer and value // 2:
                        add(Transfer(declarer, p, value // 2, "surrender"))
                outcome, winner = self._score(out, playing, mine, others, best, value)

        res = result(
            active=active,
            declarer=declarer,
            in_play=value,
            outcome=outcome,
            winner=winner,
            new_declarer=takeover,
            transfers=tuple(out) + self._bet(hand, dealer, mano, active, playing, outcome, out),
        )
        return res, False

    def _score(
        self, out: list[Transfer], playing: str, mine: int, others: Mapping[str, int], best: int, value: int
    ) -> tuple[str, str | None]:
        """A declarer's own result: paid by both, or paying the tie (puesta) or 3× the better (codillo)."""
        if mine > best:
            for p in others:
                if value:
                    out.append(Transfer(p, playing, value, "win"))
            return "sacado", None
        leaders = [p for p, c in others.items() if c == best]
        if best > mine:
            amount = value * self.rules.codillo_factor
            for p in leaders:
                if amount:
                    out.append(Transfer(playing, p, amount, "codillo"))
            return "codillo", leaders[0] if len(leaders) == 1 else None
        for p in leaders:
            if value:
                out.append(Transfer(playing, p, value, "puesta"))
        return "puesta", None

    def _bet(
        self,
        hand: Hand,
        dealer: str,
        mano: str,
        active: tuple[str, ...],
        playing: str,
        outcome: str,
        paid: list[Transfer],
    ) -> tuple[Transfer, ...]:
        """The dealer's bet: void on a chelem; right, he collects; wrong, he pays the biggest gainer."""
        rules = self.rules
        if hand.bet is None or hand.bola == "won":
            return ()
        if hand.bet == BET_OF[outcome]:
            payout = rules.bet_payouts.get(hand.bet, 0)
            if not payout:
                return ()
            if hand.bet == "J":
                return tuple(Transfer(p, dealer, payout, "bet") for p in active if p != playing)
            return (Transfer(playing, dealer, payout, "bet"),)
        gain = {p: 0 for p in active}
        for t in paid:
            gain[t.target] += t.amount
            gain[t.source] -= t.amount
        order = [self.players[(self.seat[mano] + i) % self.n] for i in range(self.n)]
        top = max(gain.values())
        if top <= 0:
            return ()
        taker = next(p for p in order if gain.get(p) == top)
        return (Transfer(dealer, taker, rules.dealer_bet, "bet"),)

    # ------------------------------------------------------------- words

    def _hand_words(self, res: HandResult, hand: Hand) -> tuple[str, str]:
        return hand_event(res, hand), hand_comment(res, hand, self.rules.dealer_bet)

    def upcoming(self) -> Upcoming:
        up = super().upcoming()
        return replace(
            up,
            dealer_action="Deal. Nothing goes into a plato under French scoring."
            + (" At four players you may write your prediction (J, P or C)."
               if self.n == 4 and self.rules.dealer_bet else ""),
            in_play=0,
            in_play_favoured=None,
            contracts=("entrada", "vuelta", "solo", "pass"),
        )

    def ledger(self) -> Ledger:
        ledger = super().ledger()
        st = replace(ledger.settlement, comment="Points changed hands directly: there is nothing to share out.")
        return replace(ledger, settlement=st)


def _contract_words(res: HandResult, hand: Hand) -> str:
    text = CONTRACT_WORDS.get(res.contract, res.contract)
    if res.favoured:
        text += f" in the favoured suit ({hand.trump})"
    return text


def hand_event(res: HandResult, hand: Hand) -> str:
    if res.outcome == "cancelled":
        return "All pass: deal cancelled"
    head = f"{res.declarer}, {_contract_words(res, hand)}"
    if hand.surrender is not None:
        if res.new_declarer is None:
            return f"{head}, surrenders (puesta)"
        return f"{head}, gives up; {res.new_declarer} defends; " + _outcome(res, res.new_declarer)
    extra = ""
    if hand.bola == "won":
        extra = " chelem"
    elif hand.bola == "failed":
        extra = " tries the chelem and loses a trick"
    elif hand.primeras:
        extra = " first five and stops"
    return f"{head}{extra}: " + _outcome(res, res.declarer)


def _outcome(res: HandResult, who: str | None) -> str:
    if res.outcome == "sacado":
        return f"{who} wins"
    if res.outcome == "codillo":
        return f"codillo ({res.winner})" if res.winner else "codillo to both"
    return "puesta"


def _names(items: list[str]) -> str:
    return words.join(items)


def hand_comment(res: HandResult, hand: Hand, stake: int) -> str:  # noqa: C901  (being split into the hand pipeline)
    """Who paid whom and why, from the hand's transfers."""
    if res.outcome == "cancelled":
        text = "Nobody plays; the deal passes on."
        if hand.bet is not None:
            text += " The dealer's bet is void."
        return text
    ts = res.transfers
    parts: list[str] = []
    value = res.in_play
    name = "the chelem" if hand.bola == "won" else f"the {CONTRACT_WORDS.get(res.contract, res.contract)}"
    for reason in ("gave up", "surrender", "win", "puesta", "codillo"):
        moves = [t for t in ts if t.reason == reason]
        if not moves:
            continue
        payers = list(dict.fromkeys(t.source for t in moves))
        payees = list(dict.fromkeys(t.target for t in moves))
        amount = moves[0].amount
        if reason == "win":
            parts.append(f"{_names(payers)} pay{'s' if len(payers) == 1 else ''} {payees[0]} {amount} each for {name}.")
        elif reason == "surrender":
            parts.append(
                f"{payers[0]} gave up: the puesta of {value} is shared, {amount} to each of {_names(payees)} "
                "(rounded down)."
            )
        elif reason == "gave up":
            parts.append(f"{payees[0]} defended and won: {payers[0]} pays {payees[0]} the puesta, {amount}.")
        elif reason == "puesta":
            parts.append(f"{payers[0]} pays {amount} to {_names(payees)} (puesta: a tie for the most tricks).")
        else:
            parts.append(
                f"{payers[0]} pays {amount} ({value} × 3) to {_names(payees)} (codillo: more tricks than {payers[0]})."
            )
    if res.new_declarer is not None and res.outcome == "puesta" and not any(t.reason == "surrender" for t in ts):
        parts.append(f"{res.new_declarer} made fewer tricks than {res.declarer}, who is saved from the puesta.")
    if hand.bet is not None:
        bets = [t for t in ts if t.reason == "bet"]
        actual = BET_OF.get(res.outcome)
        if hand.bola == "won":
            parts.append(f"The dealer's bet ({hand.bet}) is void on a chelem.")
        elif not bets:
            parts.append(f"The dealer's bet ({hand.bet}) moves nothing.")
        elif bets[0].source == res.dealer:
            parts.append(
                f"{res.dealer} bet {hand.bet} but it was {actual}: {res.dealer} pays the stake, {stake}, to "
                f"{bets[0].target}, who gained most."
            )
        else:
            payers = [t.source for t in bets]
            parts.append(
                f"{res.dealer} bet {hand.bet} and was right: {_names(payers)} pay{'s' if len(payers) == 1 else ''} "
                f"{res.dealer} {bets[0].amount}{' each' if len(payers) > 1 else ''}."
            )
    return " ".join(parts) or "No points change hands."
