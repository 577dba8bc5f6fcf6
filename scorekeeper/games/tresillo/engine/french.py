"""French points scoring (seed 003, ruleset ``french``).

No plato, no pajaritos, no paper: each hand's points change hands directly
between the players, so every hand sums to zero on its own. The table
produces the same rows, results and settlement as the puesta system (plato
and pajaritos stay 0, the paper stays empty), so the CLI, the web app and
the reports need nothing special. The interpretations are in docs/variants.md.

Contract values come from the ruleset's ``condiciones`` (entrada = jeu
simple 5, vuelta = retourne 10, solo 30, bola = chelem 70); the palo de
favor multiplies them by ``favour_factor`` (the chelem excepted).

>>> from .replay import Table
>>> from .model import Hand, Setup
>>> t = Table(Setup(players=("N", "W", "S"), first_dealer="N", rules="french", start_tokens=100))
>>> r = t.play(Hand("entrada", declarer="W", tricks={"N": 2, "W": 5, "S": 2}))
>>> r.outcome, r.in_play, t.last.bowls
('sacado', 5, {'N': 95, 'W': 110, 'S': 95})
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from .model import Bet, BetResult, Outcome, Reason, Stake, Transfer, transfer
from .scoring import Scored

if TYPE_CHECKING:
    from .reading import Play
    from .rules import Ruleset

#: the prediction each outcome makes right
BET_OF: Mapping[Outcome, Bet] = {"sacado": "J", "puesta": "P", "codillo": "C"}


def _pay(source: str, target: str, amount: int, reason: Reason) -> list[Transfer]:
    """A payment, or none when it is worth nothing (a group may set a contract to 0)."""
    return [transfer(source, target, amount, reason)] if amount else []


def value_of(play: Play, rules: Ruleset) -> int:
    """What the hand is worth: the contract's value (the chelem's when the bola is won), ×favour."""
    name = "bola" if play.hand.bola == "won" else play.contract
    return rules.condicion(name) * rules.favour(name, play.favoured)


def score(play: Play, stake: Stake, rules: Ruleset) -> Scored:
    """The outcome and the transfers of a hand scored in points, then the dealer's bet."""
    if play.contract == "pass":
        return Scored("cancelled", (), stake, bet=_void(play, rules))
    value = value_of(play, rules)
    outcome, winner, paid = _points(play, value, rules)
    bet = _bet(play, outcome, paid, rules)
    transfers = tuple(paid) + (bet.transfers if bet is not None else ())
    return Scored(outcome, transfers, Stake("none", value), winner, bet=bet)


def _points(play: Play, value: int, rules: Ruleset) -> tuple[Outcome, str | None, list[Transfer]]:
    """The declarer's result; after a surrender, the shared puesta and the defender's result."""
    declarer = play.declarer
    assert declarer is not None
    if play.accepted:
        # an accepted surrender: a puesta shared between the others, rounded down
        return "puesta", None, _surrender(play, value)
    tricks = play.tricks
    if tricks is None:
        return _told(play, value, rules)
    if play.takeover is None:
        return _own(play, tricks, value, rules)
    mine, others = _counts(play, tricks)
    if mine > max(others.values()):
        # the defender wins: the first declarer's puesta goes to him
        return "sacado", None, _pay(declarer, play.takeover, value, Reason.GAVE_UP)
    if mine < tricks[declarer]:
        # the defender did worse than the first declarer: the first is saved, the defender pays
        return "puesta", None, _pay(play.takeover, declarer, value, Reason.PUESTA)
    # puesta double: the first declarer's surrender is shared, the defender loses as a declarer
    outcome, winner, own = _own(play, tricks, value, rules)
    return outcome, winner, _surrender(play, value) + own


def _told(play: Play, value: int, rules: Ruleset) -> tuple[Outcome, str | None, list[Transfer]]:
    """A hand told by how it ended, paid as its tricks would be: a win, or (nobody took over) a codillo
    paid to its maker. The reading lets through no other ending without tricks."""
    declarer, playing = play.declarer, play.playing
    assert declarer is not None and playing is not None
    if play.takeover is not None:  # the defender won: the first declarer's puesta goes to him
        return "sacado", None, _pay(declarer, play.takeover, value, Reason.GAVE_UP)
    if play.hand.outcome == "sacado":
        return "sacado", None, [t for p in play.active if p != playing for t in _pay(p, playing, value, Reason.WIN)]
    winner = play.hand.winner
    assert play.hand.outcome == "codillo" and winner is not None
    return "codillo", winner, _pay(playing, winner, value * rules.codillo_factor, Reason.CODILLO)


def _surrender(play: Play, value: int) -> list[Transfer]:
    declarer = play.declarer
    assert declarer is not None
    return [t for p in play.active if p != declarer for t in _pay(declarer, p, value // 2, Reason.SURRENDER)]


def _counts(play: Play, tricks: Mapping[str, int]) -> tuple[int, dict[str, int]]:
    playing = play.playing
    assert playing is not None
    return tricks[playing], {p: tricks[p] for p in play.active if p != playing}


def _own(
    play: Play, tricks: Mapping[str, int], value: int, rules: Ruleset
) -> tuple[Outcome, str | None, list[Transfer]]:
    """A declarer's own result: paid by both, or paying the tie (puesta) or 3× the better (codillo)."""
    playing = play.playing
    assert playing is not None
    mine, others = _counts(play, tricks)
    best = max(others.values())
    if mine > best:
        return "sacado", None, [t for p in others for t in _pay(p, playing, value, Reason.WIN)]
    leaders = [p for p, c in others.items() if c == best]
    if best > mine:
        amount = value * rules.codillo_factor
        paid = [t for p in leaders for t in _pay(playing, p, amount, Reason.CODILLO)]
        return "codillo", leaders[0] if len(leaders) == 1 else None, paid
    return "puesta", None, [t for p in leaders for t in _pay(playing, p, value, Reason.PUESTA)]


def _void(play: Play, rules: Ruleset) -> BetResult | None:
    bet = play.hand.bet
    return BetResult(bet, None, "void", rules.dealer_bet) if bet is not None else None


def _bet(play: Play, outcome: Outcome, paid: list[Transfer], rules: Ruleset) -> BetResult | None:
    """The dealer's bet: void on a chelem; right, he collects; wrong, he pays the biggest gainer."""
    bet = play.hand.bet
    if bet is None:
        return None
    actual = BET_OF[outcome]
    if play.hand.bola == "won":
        return BetResult(bet, actual, "void", rules.dealer_bet)
    if bet == actual:
        return _collect(play, bet, rules)
    gain = dict.fromkeys(play.active, 0)
    for t in paid:
        gain[t.target] += t.amount
        gain[t.source] -= t.amount
    top = max(gain.values())
    if top <= 0:
        return BetResult(bet, actual, "nothing", rules.dealer_bet)
    # ties go to the first from the mano round the table
    start = play.players.index(play.mano)
    order = play.players[start:] + play.players[:start]
    taker = next(p for p in order if gain.get(p) == top)
    transfers = tuple(_pay(play.dealer, taker, rules.dealer_bet, Reason.BET))
    return BetResult(bet, actual, "wrong" if transfers else "nothing", rules.dealer_bet, transfers)


def _collect(play: Play, bet: Bet, rules: Ruleset) -> BetResult:
    """A right prediction: J is paid by each opponent of the declarer, P and C by the declarer."""
    payout = rules.bet_payouts.get(bet, 0)
    playing = play.playing
    assert playing is not None
    if bet == "J":
        payers = [p for p in play.active if p != playing]
    else:
        payers = [playing]
    transfers = tuple(t for p in payers for t in _pay(p, play.dealer, payout, Reason.BET))
    return BetResult(bet, bet, "right" if transfers else "nothing", rules.dealer_bet, transfers)
