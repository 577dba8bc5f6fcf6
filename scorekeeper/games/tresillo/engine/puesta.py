"""The puesta family (``pagat``, ``house`` and their variants): the plato, the pajaritos and the paper.

A winning declarer takes the plato and the table tanto (or the reserved
puesta played for); a losing one pays the amount in play into the plato (a
first puesta) or onto the paper (a new reserved puesta), and a codillo also
pays the winner. Then the condiciones, and with scores ×5 the rounding.

>>> from .model import Hand
>>> from .reading import Seating, read_hand
>>> from .rules import get_ruleset
>>> from .stake import stake
>>> rules = get_ruleset("pagat")
>>> play = read_hand(rules, Seating(("N", "W", "S")), 1, "N",
...                  Hand("vuelta", declarer="W", tricks={"N": 2, "W": 5, "S": 2}))
>>> s = score(play, stake(rules, 3, plato=6, plato_puesta=False, debt=None, favoured=False), rules)
>>> s.outcome, [(t.source, t.target, t.amount, str(t.reason)) for t in s.transfers]  # doctest: +NORMALIZE_WHITESPACE
('sacado', [('plato', 'W', 6, 'plato'), ('N', 'W', 1, 'tanto'), ('S', 'W', 1, 'tanto'),
            ('N', 'W', 1, 'vuelta'), ('S', 'W', 1, 'vuelta')])
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from .model import PAPER, PLATO, Outcome, Reason, Stake, Transfer, build_transfer, transfer
from .scoring import Scored

if TYPE_CHECKING:
    from .reading import Play
    from .rules import Ruleset

#: The moves of an amount that seldom recurs are built, not taken from :func:`.model.transfer`'s shared cache: a
#: surrendered declarer's payment, a reserved puesta paid and a codillo are of the amount in play (in a long evening
#: seven in ten of them differ), so kept they only pushed one another out of the cache and each was built anyway,
#: dearer. Built: 10,000 hands as one evening cost 90,095 -> 89,046 instructions a hand, as ten of 1,000 hands
#: 88,122 -> 89,047 (there they had been kept from the replay before; ``bench/replay.py --instructions``).
#: builds a named tuple from its fields in order, every field given (see :func:`score`)
_new_tuple = tuple.__new__
_CONTRACT_REASON = {c: Reason(c) for c in ("entrada", "vuelta", "solo", "penetro")}
#: condiciones a winning declarer may also be paid, besides the contract's and the bola
_EXTRAS = (("estuche", Reason.ESTUCHE), ("contra_estuche", Reason.CONTRA_ESTUCHE), ("primeras", Reason.PRIMERAS))


def score(play: Play, stake: Stake, rules: Ruleset) -> Scored:
    """The outcome and the transfers of a hand under the puesta system."""
    if play.contract == "pass":
        return Scored("cancelled", (), stake)
    outcome, winner = decide(play)
    puestas: tuple[str, ...] = ()
    where: Literal["plato", "paper"] | None = None
    if outcome == "sacado":
        paid = _won(play, stake)
    else:
        paid, puestas, where = _lost(play, stake, outcome, winner, rules)
    # the contract's condición, then (for a won hand) estuche, contra-estuche, primeras and the bola
    transfers = paid + _contract_condicion(play, outcome, rules)
    if outcome == "sacado":
        hand = play.hand
        if hand.estuche or hand.contra_estuche or hand.primeras:
            transfers += tuple(_extras(play, rules))
        if hand.bola is not None:
            transfers += _bola(play, rules)
    if rules.round_to != 1:
        transfers += tuple(rounding(list(transfers), rules.round_up, play.players))
    if outcome == "sacado" and play.takeover is None:
        plato_puesta: bool | None = False  # the plato (and its puesta) went to the winner
    else:
        plato_puesta = True if where == "plato" else None
    # Scored(outcome, transfers, stake, winner, puestas, where, plato_puesta), without its __new__ (Table.play)
    return _new_tuple(Scored, (outcome, transfers, stake, winner, puestas, where, plato_puesta, None))


def decide(play: Play) -> tuple[Outcome, str | None]:
    """Sacado when the player playing out takes more tricks than each opponent; codillo when one
    opponent takes more (the winner); puesta otherwise (and always after an accepted surrender).
    A hand entered by how it ended (no tricks) says so itself."""
    if play.accepted or play.playing is None:
        return "puesta", None
    if play.tricks is None:  # entered by how it ended (checked by the reading)
        given = play.hand.outcome
        return (given, play.hand.winner) if given is not None else ("puesta", None)
    tricks, playing = play.tricks, play.playing
    taken = tricks[playing]
    best, leader, tied = -1, None, False  # the opponents' best count, who made it, and whether two did
    for p in play.active:
        if p != playing:
            count = tricks[p]
            if count > best:
                best, leader, tied = count, p, False
            elif count == best:
                tied = True
    if taken > best:
        return "sacado", None
    if best > taken and not tied:
        return "codillo", leader
    return "puesta", None


def _won(play: Play, stake: Stake) -> tuple[Transfer, ...]:
    """A won hand: the plato and the tanto (or the reserved puesta); after a takeover, the amount
    in play from the surrendered declarer (the plato and the paper stay)."""
    playing = play.playing
    assert playing is not None and play.declarer is not None
    if play.takeover is not None:
        return (build_transfer(play.declarer, play.takeover, stake.total, Reason.GAVE_UP, None),)
    out: tuple[Transfer, ...] = (transfer(PLATO, playing, stake.plato, Reason.PLATO),) if stake.plato else ()
    debt = stake.debt
    if debt is not None:
        if debt.player != playing:
            out += (build_transfer(debt.player, playing, debt.amount, Reason.RESERVED, None),)
        # not shared: each debt is crossed out once (it would only push shared moves out of the cache)
        return out + (build_transfer(PAPER, debt.player, debt.amount, Reason.CROSSED, debt.number),)
    if stake.tanto:
        return out + each_pays(play.players, playing, stake.tanto, Reason.TANTO)
    return out


def _lost(
    play: Play, stake: Stake, outcome: Outcome, winner: str | None, rules: Ruleset
) -> tuple[tuple[Transfer, ...], tuple[str, ...], Literal["plato", "paper"] | None]:
    """A lost hand: each loser's puesta into the plato (a first puesta) or onto the paper; a codillo
    is paid to the winner too. The old codillo (``winner_only``) pays the winner only."""
    playing = play.playing
    assert playing is not None and play.declarer is not None
    losers: tuple[str, ...] = (play.declarer, play.takeover) if play.takeover is not None else (playing,)
    if outcome == "codillo" and rules.codillo == "winner_only":
        losers = losers[:-1]  # a surrendered declarer still pays his puesta
    where: Literal["plato", "paper"] = "plato" if stake.case == "first" else "paper"
    to, total = PLATO if where == "plato" else PAPER, stake.total
    out = tuple([transfer(loser, to, total, Reason.PUESTA) for loser in losers])
    if outcome == "codillo":
        assert winner is not None
        out += (build_transfer(playing, winner, total, Reason.CODILLO, None),)
    return out, losers, (where if losers else None)


def _contract_condicion(play: Play, outcome: Outcome, rules: Ruleset) -> tuple[Transfer, ...]:
    """Paid by each player to a winner; a loser (and a surrendered declarer, even when the hand
    was taken over and won) pays it to each player."""
    value = rules.paid(play.contract, play.favoured)
    if not value:
        return ()
    reason = _CONTRACT_REASON[play.contract]
    declarer, playing = play.declarer, play.playing
    assert declarer is not None and playing is not None
    if play.takeover is not None or outcome != "sacado":
        return pays_each(play.players, declarer, value, reason)
    return each_pays(play.players, playing, value, reason)


def _extras(play: Play, rules: Ruleset) -> list[Transfer]:
    """Estuche, contra-estuche and primeras for a won hand (after a takeover only those the rules pay)."""
    hand, playing = play.hand, play.playing
    assert playing is not None
    out: list[Transfer] = []
    for flag, reason in _EXTRAS:
        held = getattr(hand, flag)
        if not held or (play.takeover is not None and flag not in rules.takeover_paid):
            continue
        if flag == "primeras":
            amount = rules.condicion(flag)
        else:
            amount = rules.condicion_count(flag, 3 if held is True else int(held), hand.bola == "won")
        amount *= rules.favour(flag, play.favoured)
        if amount:
            out += each_pays(play.players, playing, amount, reason)
    return out


def _bola(play: Play, rules: Ruleset) -> tuple[Transfer, ...]:
    """A won bola is paid by each player; a failed one is paid to each (not by a new declarer,
    unless the rules say so)."""
    amount = rules.paid("bola", play.favoured)
    hand, playing = play.hand, play.playing
    assert playing is not None
    taken_over = play.takeover is not None
    if not amount:
        return ()
    if hand.bola == "won" and (not taken_over or "bola" in rules.takeover_paid):
        return each_pays(play.players, playing, amount, Reason.BOLA)
    if hand.bola == "failed" and (not taken_over or rules.takeover_pays_failed_bola):
        return pays_each(play.players, playing, amount, Reason.BOLA)
    return ()


@lru_cache(maxsize=1024)
def each_pays(players: tuple[str, ...], payee: str, amount: int, reason: Reason) -> tuple[Transfer, ...]:
    """Every other player pays ``payee`` ``amount`` (shared: a table pays the same few again and again;
    built afresh every time, a hand costs 5 % more instructions: ``bench/replay.py --instructions``).

    >>> [(t.source, t.target) for t in each_pays(("N", "W", "S"), "W", 1, Reason.TANTO)]
    [('N', 'W'), ('S', 'W')]
    """
    return tuple(transfer(p, payee, amount, reason) for p in players if p != payee)


@lru_cache(maxsize=1024)
def pays_each(players: tuple[str, ...], payer: str, amount: int, reason: Reason) -> tuple[Transfer, ...]:
    """``payer`` pays every other player ``amount`` (shared, like :func:`each_pays`)."""
    return tuple(transfer(payer, p, amount, reason) for p in players if p != payer)


def rounding(transfers: list[Transfer], round_up: Callable[[int], int], players: tuple[str, ...]) -> list[Transfer]:
    """Scores ×5: what one player pays another in a hand, rounded up to a whole token.

    All payments between the same two players in one hand are netted; the
    payer adds what brings the net up to a multiple of the token (a
    ``rounding`` transfer).
    """
    seat = {p: i for i, p in enumerate(players)}
    net: dict[tuple[str, str], int] = {}
    for t in transfers:
        if t.source in seat and t.target in seat:
            a, b = sorted((t.source, t.target), key=seat.__getitem__)
            net[(a, b)] = net.get((a, b), 0) + (t.amount if t.source == a else -t.amount)
    out = []
    for (a, b), amount in net.items():
        payer, payee, owed = (a, b, amount) if amount > 0 else (b, a, -amount)
        extra = round_up(owed) - owed
        if extra:
            out.append(transfer(payer, payee, extra, Reason.ROUNDING))
    return out
