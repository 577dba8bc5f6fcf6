"""An evening's hands replayed under other rules, hand by hand ("what if").

Another ruleset cannot always score every hand as it was entered: ``house``
has no penetro, French points scoring has no paper, no estuche and nobody
forced. The comparison goes as far as each hand can be read there:

* a field that only adds a payment the other rules do not have (the estuche
  or contra-estuche, the debt played for, the dealer's bet, the trump suit
  without a palo de favor) is read past: the hand is scored without it;
* a hand the other rules still refuse is left out under both rules, with
  the refusal as the reason: nothing is dealt, nothing moves, the deal
  passes on as it did at the table. Both settlements then count the same
  hands, so the difference is the rules' alone.

>>> from .model import Hand, Setup, Surrender
>>> setup = Setup(players=("N", "W", "S", "E"), first_dealer="N", rules="pagat", start_tokens=100)
>>> hands = (Hand("entrada", declarer="W", tricks={"W": 5, "S": 2, "E": 2}, estuche=True),
...          Hand("penetro", declarer="W", surrender=Surrender()))
>>> c = compare(Session(setup, hands), Setup(players=setup.players, first_dealer="N", rules="house",
...                                          start_tokens=100))
>>> [(h.number, h.read_past, h.left_out is not None) for h in c.hands]
[(1, (), False), (2, (), True)]
>>> c.hands[1].left_out.field
'contract'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ....core.errors import FieldError, HandError
from .model import Hand, HandResult, Session, Settlement, Setup
from .replay import Table
from .rules import Ruleset

#: fields that only add a payment of their own, and what they read as when left aside
READ_PAST: Mapping[str, Any] = {"estuche": False, "contra_estuche": False, "debt": None, "bet": None,
                                "trump": None}


@dataclass(frozen=True)
class ComparedHand:
    """One hand of the evening: as played, and under the other rules (or why it was left out)."""

    number: int
    played: HandResult  # under the evening's own rules
    other: HandResult | None  # under the other rules; None: left out
    left_out: FieldError | None = None  # the refusal that left it out
    refused_by: Literal["other", "own", ""] = ""  # own: once earlier hands were left out, its own rules refuse it
    read_past: tuple[str, ...] = ()  # fields the other rules do not read, left aside


@dataclass(frozen=True)
class Comparison:
    """Both settlements over the hands both rules score, and every hand compared."""

    played: Settlement
    other: Settlement
    hands: tuple[ComparedHand, ...]

    @property
    def left_out(self) -> tuple[ComparedHand, ...]:
        return tuple(h for h in self.hands if h.other is None)


def reads(rules: Ruleset, field: str) -> bool:
    """Whether ``rules`` pay what ``field`` says (a field of :data:`READ_PAST`)."""
    if field == "trump":
        return rules.favoured_suit is not None
    if field == "contra_estuche":
        return rules.asks(field) and rules.allows(field)
    return rules.asks(field)


def read_past(hand: Hand, rules: Ruleset) -> tuple[Hand, tuple[str, ...]]:
    """``hand`` without the fields ``rules`` do not pay, and which those were."""
    past = tuple(f for f, unset in READ_PAST.items() if getattr(hand, f) != unset and not reads(rules, f))
    if not past:
        return hand, ()
    return dataclasses.replace(hand, **{f: READ_PAST[f] for f in past}), past


def compare(session: Session, other: Setup) -> Comparison:
    """Replay ``session``'s hands under its own rules and under ``other``'s, side by side.

    Raises :class:`SessionError` only when ``other`` itself is refused (players, paper, options).
    """
    as_played = Table(session.setup).play_all(session.hands).results
    own, theirs = Table(session.setup), Table(other)
    hands = []
    for number, hand in enumerate(session.hands, 1):
        readable, past = read_past(hand, theirs.rules)
        try:
            theirs.preview(readable)
        except HandError as exc:
            hands.append(_leave_out(own, theirs, hand, as_played[number - 1], exc.first, "other", past))
            continue
        try:
            own.preview(hand)
        except HandError as exc:
            hands.append(_leave_out(own, theirs, hand, as_played[number - 1], exc.first, "own", past))
            continue
        hands.append(ComparedHand(number, own.play(hand), theirs.play(readable), read_past=past))
    return Comparison(own.ledger().settlement, theirs.ledger().settlement, tuple(hands))


def _leave_out(own: Table, theirs: Table, hand: Hand, played: HandResult, why: FieldError,
               refused_by: Literal["other", "own"], past: tuple[str, ...]) -> ComparedHand:
    own.skip(hand)
    theirs.skip(hand)
    return ComparedHand(played.number, played, None, why, refused_by, past)
