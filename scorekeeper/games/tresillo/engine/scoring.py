"""What a scoring plug-in returns, and the shape every scoring has.

A scoring (:mod:`.puesta` for the puesta family, :mod:`.french` for French
points) implements only what differs between them: given a hand already read
(:class:`~.reading.Play`) and its stake (:class:`~.model.Stake`), it decides
the outcome and the payments. Reading the hand, the deal, the stake and
applying the transfers are shared (:mod:`.replay`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NamedTuple, Protocol

from .model import BetResult, Outcome, Stake, Transfer

if TYPE_CHECKING:
    from .reading import Play
    from .rules import Ruleset


class Scored(NamedTuple):
    """A scoring's decision about one hand.

    A named tuple: it only carries the decision into the :class:`~.model.HandResult`, which unpacks it.
    """

    outcome: Outcome
    transfers: tuple[Transfer, ...]
    #: the hand's stake (French points: the contract's value)
    stake: Stake
    winner: str | None = None
    #: who owes a puesta, and where it goes (the plato or the paper)
    puestas: tuple[str, ...] = ()
    puesta_to: Literal["plato", "paper"] | None = None
    #: whether a losing declarer's payment is in the plato afterwards (None: as it was)
    plato_puesta: bool | None = None
    bet: BetResult | None = None


class Scoring(Protocol):
    """One way of scoring a hand: ``score(play, stake, rules)``."""

    def __call__(self, play: Play, stake: Stake, rules: Ruleset, /) -> Scored: ...
