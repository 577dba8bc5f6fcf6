"""Tresillo's own inputs' domains: its amounts, counts and paper, defined once (the platform's are in
:mod:`scorekeeper.core.domains`, with the same :class:`~scorekeeper.core.domains.Whole` and its refusals).

The session-file reader and Tresillo's forms take their limits from here; docs/rules.md ("What may be
entered") lists the same numbers. Standard library only, like the rest of the engine.

>>> TRICKS.parse("5"), TOP_TRUMPS.least, TOP_TRUMPS.most
(5, 3, 12)
"""

from __future__ import annotations

from ....core.domains import HANDS, Whole

#: a group's own amount for a condición, the ante, the French dealer's bet
OWN_AMOUNT = Whole(0, 10_000)
#: the size of a pajarito
PAJARITO = Whole(1, 10_000)
#: tricks one player took in a hand
TRICKS = Whole(0, 9)
#: top trumps in sequence held by the declarer, counted for an estuche (scores ×5): nine cards in a hand
ESTUCHE_COUNT = Whole(3, 9)
#: top trumps in sequence held by the opponents together (a contra-estuche): up to all twelve trumps
CONTRA_ESTUCHE_COUNT = Whole(3, 12)
#: either count, as a session file may give it (the reading checks each side against its own domain)
TOP_TRUMPS = Whole(ESTUCHE_COUNT.least, CONTRA_ESTUCHE_COUNT.most)
#: a reserved puesta carried in on the paper
PAPER_DEBT = Whole(1, 1_000_000_000)
#: how many reserved puestas a session may carry in (two per hand at most)
PAPER_DEBTS = Whole(0, 2 * HANDS.most)
#: players at one table
SEATS = Whole(3, 4)
