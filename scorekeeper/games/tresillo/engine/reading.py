"""Reading a hand against the table: the checks every scoring shares.

The first step of the hand pipeline (reading → :mod:`.stake` → the scoring's
payments → apply). It turns a :class:`~.model.Hand` as entered into a
:class:`Play`: who deals, who plays, who took over, which tricks count. Which
fields a table reads at all is data of the ruleset (:attr:`Ruleset.hand_fields`):
a field of another scoring (a French ``bet`` in a ``pagat`` file, a ``debt``
under French scoring) is refused naming the hand and the field.

>>> from .rules import get_ruleset
>>> seating = Seating(("N", "W", "S"))
>>> p = read_hand(get_ruleset("pagat"), seating, 1, "N",
...               Hand("entrada", declarer="W", tricks={"N": 2, "W": 5, "S": 2}))
>>> p.mano, p.active, p.playing
('W', ('N', 'W', 'S'), 'W')
>>> read_hand(get_ruleset("pagat"), seating, 1, "N", Hand("entrada", declarer="W", bet="J"))
Traceback (most recent call last):
...
scorekeeper.core.errors.HandError: hand 1: bet: the dealer's bet belongs to French points scoring
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....core.errors import N_, HandError, field_error
from .domains import CONTRA_ESTUCHE_COUNT, ESTUCHE_COUNT
from .model import GIVEN_OUTCOMES, Hand, HandFacts, builder
from .options import SUITS
from .rules import CONTRACTS, HAND_FIELDS

if TYPE_CHECKING:
    from .rules import Ruleset

#: why a field of another scoring is refused ({rules} is the ruleset's name)
NOT_READ = {
    "bet": N_("the dealer's bet belongs to French points scoring"),
    "debt": N_("there is no paper under {rules} scoring: no debt is played for"),
    "drops_out": N_("there is no penetro under {rules} scoring: nobody drops out"),
    "estuche": N_("{rules} scoring pays no estuche"),
    "contra_estuche": N_("{rules} scoring pays no contra-estuche"),
    "forced": N_("under {rules} scoring nobody is forced: if all pass the deal is cancelled"),
    "outcome": N_("{rules} scoring needs the tricks, not only how the hand ended"),
    "winner": N_("{rules} scoring needs the tricks, not only how the hand ended"),
}

_CONDICION_COUNTS = (("estuche", ESTUCHE_COUNT), ("contra_estuche", CONTRA_ESTUCHE_COUNT))
#: contracts every table plays
_EVERYWHERE = frozenset({"entrada", "vuelta", "solo"})


class Seating:
    """Who sits where: the seating order, each player's seat, and who is active when someone deals."""

    __slots__ = ("players", "seat", "n", "next", "_active")

    def __init__(self, players: tuple[str, ...]) -> None:
        """Built once a table, of whole tuples and zips (a generator a player cost a session 24,000 instructions)."""
        self.players = players
        self.n = n = len(players)
        self.seat = dict(zip(players, range(n), strict=True))
        #: each player's right-hand neighbour, who plays next (after the dealer: the mano)
        self.next = dict(zip(players, players[1:] + players[:1], strict=True))
        self._active = ({d: players[:i] + players[i + 1:] for i, d in enumerate(players)} if n == 4
                        else dict.fromkeys(players, players))

    def after(self, player: str) -> str:
        """The player on ``player``'s right, who plays next (after the dealer: the mano)."""
        return self.next[player]

    def active(self, dealer: str) -> tuple[str, ...]:
        """Who plays a hand: at four the dealer sits it out."""
        return self._active[dealer]


@dataclass(frozen=True, slots=True)
class Play(HandFacts):
    """A hand read and checked against the table."""

    players: tuple[str, ...]
    takeover: str | None  # "yo sigo": the opponent who took over a surrendered hand
    accepted: bool  # a surrender accepted: the hand ended there (puesta, no tricks)
    favoured: bool  # trumps were the palo de favor
    tricks: Mapping[str, int] | None
    hand: Hand
    #: who played the hand out: the new declarer after a takeover, else the declarer
    playing: str | None


#: a :class:`Play`, once per hand, through :func:`.model.builder` (the figures: there)
build_play = builder(Play)


def _fail(number: int, field: str, template: str, **params: Any) -> HandError:
    return HandError(field_error(number, field, template, **params))


#: what a field left out (or false) holds
_UNSET = (None, False, 0)


def given_fields(hand: Hand) -> tuple[str, ...]:
    """The fields of ``hand`` that say something (left-out and false ones do not)."""
    return tuple(f for f in HAND_FIELDS if getattr(hand, f) not in _UNSET)


def read_hand(rules: Ruleset, seating: Seating, number: int, dealer: str, hand: Hand) -> Play:
    """Check ``hand`` as hand ``number`` dealt by ``dealer``; raise :class:`HandError` naming the field.

    Each check runs only when the hand says something it checks (a replay reads every hand
    of the evening, and most say little beyond the contract, the declarer and the tricks).
    """
    contract = hand.contract
    if contract not in _EVERYWHERE:
        _check_contract(rules, seating.n, number, contract)
    favoured = _check_table_fields(rules, seating.n, number, hand)
    mano = seating.next[dealer]
    if contract == "pass":
        _check_cancelled(number, hand)
        return build_play(number, dealer, mano, seating.active(dealer), "pass", None, seating.players, None, False,
                          favoured, None, hand, None)
    if contract == "penetro":
        declarer, active = _penetro(rules, seating, number, dealer, hand)
    else:
        declarer, active = _declarer(seating, number, dealer, hand)
    if hand.forced and contract != "entrada":
        raise _fail(number, "forced", N_("only an entrada is forced"))
    surrender = hand.surrender
    takeover = None
    if surrender is not None:
        takeover = _check_surrender(rules, number, hand, declarer, active)
    if hand.estuche is not False or hand.contra_estuche is not False or hand.bola is not None or hand.primeras:
        _check_condiciones(rules, number, hand, takeover)
    playing = takeover or declarer
    tricks = None
    if surrender is not None and takeover is None:
        _check_accepted(number, hand)
    elif hand.tricks is None and hand.outcome is not None:
        _check_outcome(number, hand, active, playing)
        _check_told(rules, number, hand, takeover)
    else:
        tricks = _check_tricks(number, hand, active, playing)
    return build_play(number, dealer, mano, active, contract, declarer, seating.players, takeover,
                      surrender is not None and takeover is None, favoured, tricks, hand, playing)


def _check_table_fields(rules: Ruleset, n: int, number: int, hand: Hand) -> bool:
    """No field of another scoring; the trump suit and the dealer's bet where this table has them.
    Whether trumps are the palo de favor."""
    for field in rules.unread_fields:
        if getattr(hand, field) not in _UNSET:
            raise _fail(number, field, NOT_READ.get(field, N_("not read by {rules} scoring")), rules=rules.name)
    favoured = False
    if rules.favoured_suit is not None or hand.trump is not None:
        favoured = _check_trump(rules, number, hand)
    if hand.bet is not None:
        _check_bet(rules, n, number, hand)
    return favoured


def _check_contract(rules: Ruleset, n: int, number: int, contract: str) -> None:
    """The contract exists and is played at this table."""
    if contract in _EVERYWHERE:
        return
    if contract not in CONTRACTS:
        raise _fail(number, "contract", N_("unknown contract {contract!r} (one of: {items})"),
                contract=contract, items=', '.join(CONTRACTS))
    allowed = rules.contracts(n)
    if contract in allowed:
        return
    if contract == "pass" and rules.cancel_all_pass:
        raise _fail(number, "contract", N_("with four players an all-pass deal is a penetro by the dealer"))
    if contract == "pass":
        chain = " → ".join(rules.forced_chain)
        raise _fail(number, "contract", N_("under {rules} rules nobody passes out: a forced entrada ({chain})"),
                rules=rules.name, chain=chain)
    if rules.penetro:
        raise _fail(number, "contract", N_("a penetro needs four players at the table"))
    raise _fail(number, "contract", N_("there is no penetro under {rules} rules (one of: {items})"),
            rules=rules.name, items=', '.join(allowed))


def _check_trump(rules: Ruleset, number: int, hand: Hand) -> bool:
    """Whether trumps are the palo de favor; the trump suit is asked only with a palo de favor."""
    favour = rules.favoured_suit
    trump = hand.trump
    if favour is None:
        if trump is not None:
            raise _fail(number, "trump", N_("the trump suit is recorded only with a palo de favor"))
        return False
    # nobody chose trumps in a cancelled deal, or a penetro surrendered on seeing the cards
    no_trumps = hand.contract == "pass" or (hand.contract == "penetro" and hand.surrender is not None)
    if trump is None:
        if no_trumps:
            return False
        raise _fail(number, "trump", N_("with a palo de favor ({favour}) give the trump suit"), favour=favour)
    if trump not in SUITS:
        raise _fail(number, "trump", N_("{trump!r} is not a suit (one of: {items})"),
                trump=trump, items=', '.join(SUITS))
    if no_trumps:
        raise _fail(number, "trump", N_("nobody chose trumps in this hand"))
    return trump == favour


#: what a cancelled deal (all passed) cannot have, each said as a whole sentence
_NOT_CANCELLED = {
    "declarer": N_("a cancelled deal has no declarer"),
    "tricks": N_("a cancelled deal has no tricks"),
    "surrender": N_("a cancelled deal has no surrender"),
    "drops_out": N_("a cancelled deal has nobody who drops out"),
    "outcome": N_("a cancelled deal has no outcome"),
    "winner": N_("a cancelled deal has no winner"),
}


def _check_cancelled(number: int, hand: Hand) -> None:
    for name, said in _NOT_CANCELLED.items():
        if getattr(hand, name) is not None:
            raise _fail(number, name, said)


def _penetro(rules: Ruleset, seating: Seating, number: int, dealer: str, hand: Hand) -> tuple[str, tuple[str, ...]]:
    """The dealer plays a penetro: against all three (surrendered, or penetro with four), or two."""
    declarer = hand.declarer if hand.declarer is not None else dealer
    if declarer != dealer:
        raise _fail(number, "declarer", N_("only the dealer ({dealer}) plays a penetro"), dealer=dealer)
    if hand.surrender is not None and hand.surrender.takeover is not None:
        raise _fail(number, "surrender", N_("a penetro cannot be taken over"))
    drops = hand.drops_out
    if hand.surrender is not None or rules.penetro_four:
        if drops is not None:
            why = N_("the dealer surrendered before anybody dropped out") if hand.surrender is not None else (
                N_("in this session nobody drops out of a penetro: all four play"))
            raise _fail(number, "drops_out", why)
        return declarer, seating.players
    if drops is None:
        raise _fail(number, "drops_out", N_("name the player who drops out of the penetro"))
    if drops not in seating.seat or drops == dealer:
        raise _fail(number, "drops_out", N_("{drops!r} is not one of the dealer's opponents"), drops=drops)
    return declarer, tuple(p for p in seating.players if p != drops)


def _declarer(seating: Seating, number: int, dealer: str, hand: Hand) -> tuple[str, tuple[str, ...]]:
    if hand.drops_out is not None:
        raise _fail(number, "drops_out", N_("only a penetro has a player who drops out"))
    active = seating.active(dealer)
    declarer = hand.declarer
    if declarer is None:
        raise _fail(number, "declarer", N_("who played?"))
    if declarer not in seating.seat:
        raise _fail(number, "declarer", N_("{declarer!r} is not one of the players"), declarer=declarer)
    if declarer not in active:
        raise _fail(number, "declarer", N_("{declarer} is dealing and sits this hand out"), declarer=declarer)
    return declarer, active


def _check_surrender(rules: Ruleset, number: int, hand: Hand, declarer: str, active: tuple[str, ...]) -> str | None:
    """A surrender is allowed for this contract; a takeover by one of the declarer's opponents."""
    if hand.surrender is None or hand.contract == "penetro":
        return None
    contract = hand.contract
    if contract not in rules.surrender_contracts:
        raise _fail(number, "surrender", N_("a {contract} cannot be surrendered"), contract=contract)
    takeover = hand.surrender.takeover
    if takeover is None:
        return None
    if contract not in rules.takeover_contracts:
        raise _fail(number, "surrender", N_("under {rules} rules a {contract} cannot be taken over"),
                rules=rules.name, contract=contract)
    if takeover not in active or takeover == declarer:
        raise _fail(number, "surrender", N_("{takeover!r} is not one of {declarer}'s opponents"),
                takeover=takeover, declarer=declarer)
    return takeover


def _check_condiciones(rules: Ruleset, number: int, hand: Hand, takeover: str | None) -> None:
    """Estuche, contra-estuche, primeras and bola: allowed here, and consistent with each other."""
    if hand.estuche is False and hand.contra_estuche is False and hand.bola is None and not hand.primeras:
        return
    if hand.contra_estuche and not rules.allows("contra_estuche"):
        raise _fail(number, "contra_estuche", N_("there is no contra-estuche under {rules} rules"), rules=rules.name)
    if hand.estuche and hand.contra_estuche:
        raise _fail(number, "contra_estuche", N_("a declarer with estuche cannot also be paid contra-estuche"))
    for flag, counts in _CONDICION_COUNTS:
        count = getattr(hand, flag)
        if not (isinstance(count, bool) or count == 0 or counts.least <= count <= counts.most):
            raise _fail(number, flag, N_("true/false, or the count of top trumps in sequence ({least} to {most})"),
                        least=counts.least, most=counts.most)
    if hand.bola not in (None, "won", "failed"):
        raise _fail(number, "bola", N_("bola is 'won', 'failed' or left out"))
    if hand.primeras and hand.bola is not None:
        raise _fail(number, "primeras", N_("no primeras when bola is tried"))
    if takeover is not None:
        _check_takeover_condiciones(rules, number, hand)


def _check_takeover_condiciones(rules: Ruleset, number: int, hand: Hand) -> None:
    """After a takeover only the condiciones the rules pay a new declarer may be entered."""
    for flag in ("estuche", "contra_estuche", "primeras", "bola"):
        if getattr(hand, flag) not in (None, False, 0) and flag not in rules.takeover_paid:
            raise _fail(number, flag, N_("under {rules} rules a new declarer is paid no condiciones"), rules=rules.name)


def _check_bet(rules: Ruleset, n: int, number: int, hand: Hand) -> None:
    """French: the dealer bets only at four, and only where the session plays with a stake."""
    if hand.bet is None:
        return
    if n != 4:
        raise _fail(number, "bet", N_("the dealer bets only at four players (with three the dealer plays)"))
    if not rules.dealer_bet:
        raise _fail(number, "bet", N_("this session plays without the dealer's bet (options.dealer_bet is 0)"))


def _check_accepted(number: int, hand: Hand) -> None:
    """An accepted surrender ends the hand: no tricks, no primeras, no bola."""
    if hand.tricks is not None:
        raise _fail(number, "tricks", N_("an accepted surrender ends the hand: leave the tricks out"))
    if hand.primeras or hand.bola is not None:
        raise _fail(number, "primeras" if hand.primeras else "bola", N_("the hand was surrendered"))
    if hand.outcome is not None or hand.winner is not None:
        raise _fail(number, "outcome" if hand.outcome is not None else "winner",
                    N_("an accepted surrender is a puesta: leave the outcome out"))


def _check_outcome(number: int, hand: Hand, active: tuple[str, ...], playing: str) -> None:
    """A hand entered by how it ended (no tricks): sacado, puesta, or codillo and who made it.

    Primeras and a bola (won or failed) are hands the player playing out won: they need ``sacado``.
    """
    outcome = hand.outcome
    if outcome not in GIVEN_OUTCOMES:
        raise _fail(number, "outcome", N_("how the hand ended: one of {items}"), items=', '.join(GIVEN_OUTCOMES))
    if outcome == "codillo":
        if hand.winner is None:
            raise _fail(number, "winner", N_("name who made codillo"))
        if hand.winner not in active or hand.winner == playing:
            raise _fail(number, "winner", N_("{winner!r} is not one of {playing}'s opponents in this hand"),
                    winner=hand.winner, playing=playing)
    elif hand.winner is not None:
        raise _fail(number, "winner", N_("only a codillo has a winner besides the declarer: leave it out"))
    if outcome != "sacado" and (hand.primeras or hand.bola is not None):
        raise _fail(number, "primeras" if hand.primeras else "bola",
                    N_("{bola} means {playing} won the hand: the outcome is sacado"),
                            bola='primeras' if hand.primeras else 'a bola', playing=playing)


#: why a scoring needs the tricks of a hand told only by how it ended (by whether someone took over)
_NEEDS_TRICKS = {
    False: N_("under {rules} scoring a {outcome} is paid by how the tricks fell: give the tricks"),
    True: N_("under {rules} scoring a hand taken over compares both declarers' tricks: give the tricks "
             "(only a win is entered without them)"),
}


def _check_told(rules: Ruleset, number: int, hand: Hand, takeover: str | None) -> None:
    """The scoring can pay this ending without the tricks (French cannot tell who tied in a puesta)."""
    allowed = rules.given_outcomes if takeover is None else rules.taken_over_outcomes
    if hand.outcome not in allowed:
        raise _fail(number, "outcome", _NEEDS_TRICKS[takeover is not None], rules=rules.name, outcome=hand.outcome)


def _check_tricks(number: int, hand: Hand, active: tuple[str, ...], playing: str) -> Mapping[str, int]:
    """Each active player's tricks: nine in all (or primeras: five and a stop), fitting the bola."""
    tricks = hand.tricks
    if tricks is None:
        if hand.winner is not None:
            raise _fail(number, "outcome", N_("a codillo's winner needs the outcome too: \"outcome\": \"codillo\""))
        raise _fail(number, "tricks", N_("the outcome is undecided: give the tricks (or the surrender)"))
    if hand.outcome is not None or hand.winner is not None:
        raise _fail(number, "outcome" if hand.outcome is not None else "winner",
                    N_("give the tricks or how the hand ended, not both"))
    if not isinstance(tricks, (dict, Mapping)):  # a dict first: the usual case, told without the ABC's check
        raise _fail(number, "tricks", N_("give each player's tricks"))
    if len(tricks) != len(active):
        _check_who_played(number, tricks, active)
    total = 0
    for p in active:
        c = tricks.get(p)
        if c is None:
            _check_who_played(number, tricks, active)
        if type(c) is not int or c < 0:  # a whole number, not a bool (bool is a subclass of int)
            raise _fail(number, "tricks", N_("{p}'s tricks must be a whole number, 0 or more"), p=p)
        total += c
    _check_count(number, hand, total, tricks[playing], playing)
    return tricks


def _check_who_played(number: int, tricks: Mapping[str, int], active: tuple[str, ...]) -> None:
    """The tricks name exactly the players of the hand."""
    unknown = [p for p in tricks if p not in active]
    if unknown:
        raise _fail(number, "tricks", N_("{unknown} did not play this hand (playing: {items})"),
                unknown=unknown[0], items=', '.join(active))
    missing = [p for p in active if p not in tricks]
    if missing:
        raise _fail(number, "tricks", N_("{missing}'s tricks are missing"), missing=missing[0])


def _check_count(number: int, hand: Hand, total: int, mine: int, playing: str) -> None:
    if hand.primeras:
        if total != 5 or mine != 5:
            raise _fail(number, "tricks", N_("primeras is the first five tricks to {playing} and a stop: "
                                             "5 to {playing}, 0 to the others"), playing=playing)
        return
    if total == 5 and mine == 5:
        raise _fail(number, "tricks", N_("five tricks and a stop is primeras: tick primeras, or give all nine tricks"))
    if total != 9:
        raise _fail(number, "tricks", N_("the tricks add up to {total}, not 9"), total=total)
    if hand.bola == "won" and mine != 9:
        raise _fail(number, "bola", N_("a won bola is all nine tricks to {playing}"), playing=playing)
    if hand.bola == "failed" and not 5 <= mine <= 8:
        raise _fail(number, "bola", N_("a failed bola means {playing} took the first five and lost a later trick"),
                playing=playing)
    if mine == 9 and hand.bola != "won":
        raise _fail(number, "bola", N_("nine tricks to the declarer: that is a won bola"))
