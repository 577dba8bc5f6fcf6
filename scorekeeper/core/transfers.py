"""The fewest payments that settle the table's money, the same for every game.

>>> fewest_transfers({"N": 19, "W": -12, "S": 5, "E": -12}, ("N", "W", "S", "E"))
[('W', 'N', 12), ('E', 'N', 7), ('E', 'S', 5)]
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations


def fewest_transfers(net: Mapping[str, int], order: tuple[str, ...]) -> list[tuple[str, str, int]]:
    """Payments (payer, payee, tantos) that settle ``net`` in as few moves as possible.

    The fewest moves is the number of people owed or owing, less the number of
    groups they split into that settle among themselves; with the handful of
    players at a table we find those groups exhaustively, then pay within each
    group largest-first. Ties follow the seating ``order``.

    With one payer (or one payee), as at every table of three, no group settles without him and he pays
    (or is paid) each the whole amount: those payments are written at once, without the search (which cost
    a Tresillo session 146,000 instructions a settlement; ``bench/replay.py --instructions --games``).
    """
    payers = [p for p in order if net.get(p, 0) < 0]
    payees = [p for p in order if net.get(p, 0) > 0]
    if len(payers) == 1:
        return [(payers[0], p, net[p]) for p in payees]
    if len(payees) == 1:
        return [(p, payees[0], -net[p]) for p in payers]
    payments: list[tuple[str, str, int]] = []
    # each group in seating order: min() and max() give the first seated of equals
    for group in _groups(net, [p for p in order if net.get(p, 0)]):
        owed = {p: net[p] for p in group}
        while True:
            owing = [p for p in group if owed[p] < 0]
            if not owing:
                break
            payer = min(owing, key=owed.__getitem__)
            payee = max([p for p in group if owed[p] > 0], key=owed.__getitem__)
            amount = min(-owed[payer], owed[payee])
            payments.append((payer, payee, amount))
            owed[payer] += amount
            owed[payee] -= amount
    seat = {p: i for i, p in enumerate(order)}
    payments.sort(key=lambda t: (seat[t[0]], seat[t[1]]))
    return payments


def _groups(net: Mapping[str, int], people: list[str]) -> list[list[str]]:
    """``people`` (everyone owed or owing, in seating order) split into groups that settle among themselves,
    the smallest peeled off first, each group in seating order."""
    groups: list[list[str]] = []
    remaining = people[:]
    # peel off the smallest zero-sum groups first: more groups, fewer payments
    size = 2
    while remaining and size <= len(remaining):
        found = None
        for combo in combinations(remaining, size):
            if sum(map(net.__getitem__, combo)) == 0 and len(combo) < len(remaining):
                found = combo
                break
        if found is None:
            size += 1
            continue
        groups.append(list(found))
        remaining = [p for p in remaining if p not in found]
    if remaining:
        groups.append(remaining)
    return groups
