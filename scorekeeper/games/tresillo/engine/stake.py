"""The stake: what is in play before a hand, and where it comes from.

One function, :func:`stake`, used for the hand being played, for the table
screen's big number before the next hand (:meth:`Table.upcoming`), and (through
the :class:`~.model.Stake` parts it returns) for the words and the view model.

Under the puesta family the amount in play is the plato after the deal plus the
table tanto from each player (a first puesta, or a losing declarer's payment in
the plato), or plus the largest reserved puesta on the paper. Under French points
scoring there is nothing in play before the contract is known.

>>> from .rules import get_ruleset
>>> pagat = get_ruleset("pagat")
>>> stake(pagat, 4, plato=6, plato_puesta=False, debt=None, favoured=False)
Stake(case='first', total=10, plato=6, tanto=1, players=4, debt=None)
>>> stake(pagat, 4, plato=17, plato_puesta=True, debt=None, favoured=False).total
21
>>> stake(pagat, 4, plato=2, plato_puesta=False, debt=Debt(3, "E", 23), favoured=False).total
25
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ....core.errors import N_, HandError, field_error
from .model import Debt, Stake, builder

if TYPE_CHECKING:
    from .rules import Ruleset

#: French points scoring before the contract is known: nothing in play
NOTHING = Stake("none", 0)
#: a :class:`Stake`, once per hand, through :func:`.model.builder` (the figures: there)
build_stake = builder(Stake)


def stake(rules: Ruleset, players: int, *, plato: int, plato_puesta: bool, debt: Debt | None,
          favoured: bool) -> Stake:
    """The amount in play and its parts.

    ``plato`` is the plato after the deal; ``plato_puesta`` whether a losing
    declarer's payment is in it; ``debt`` the reserved puesta played for (the
    largest open debt, or the one the table named among equal ones), None when
    the paper is clear; ``favoured`` whether trumps are the palo de favor.
    """
    if rules.scoring == "points":
        return NOTHING
    if debt is not None and not plato_puesta:
        return build_stake("reserved", plato + debt.amount, plato, 0, players, debt)  # in field order: builder()
    tanto = rules.table_tanto * rules.favour("tanto", favoured)
    return build_stake("plato" if plato_puesta else "first", plato + tanto * players, plato, tanto, players)


def played_for(tied: Sequence[Debt], debtor: str | None, number: int, players: Sequence[str]) -> Debt | None:
    """The reserved puesta a hand plays for: among the largest open debts (``tied``, oldest first)
    the oldest, or ``debtor``'s when the table names one. Raises :class:`HandError` on ``debt``."""
    if debtor is None:
        return tied[0] if tied else None
    if not tied:
        raise HandError(field_error(number, "debt", N_("no reserved puesta is played for in this hand")))
    if debtor not in players:
        raise HandError(field_error(number, "debt", N_("{debtor!r} is not one of the players"), debtor=debtor))
    for debt in tied:
        if debt.player == debtor:
            return debt
    holders = ", ".join(dict.fromkeys(d.player for d in tied))
    raise HandError(field_error(number, "debt", N_("{debtor} has no open debt of {amount} (the largest: {holders})"),
                                debtor=debtor, amount=tied[0].amount, holders=holders))
