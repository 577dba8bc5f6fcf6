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
    """
    people = [p for p in order if net.get(p, 0)]
    groups: list[list[str]] = []
    remaining = people[:]
    # peel off the smallest zero-sum groups first: more groups, fewer payments
    size = 2
    while remaining and size <= len(remaining):
        found = None
        for combo in combinations(remaining, size):
            if sum(net[p] for p in combo) == 0 and len(combo) < len(remaining):
                found = combo
                break
        if found is None:
            size += 1
            continue
        groups.append(list(found))
        remaining = [p for p in remaining if p not in found]
    if remaining:
        groups.append(remaining)
    payments: list[tuple[str, str, int]] = []
    seat = {p: i for i, p in enumerate(order)}
    for group in groups:
        owed = {p: net[p] for p in group}
        while True:
            payers = sorted((p for p in owed if owed[p] < 0), key=lambda p: (owed[p], seat[p]))
            payees = sorted((p for p in owed if owed[p] > 0), key=lambda p: (-owed[p], seat[p]))
            if not payers:
                break
            payer, payee = payers[0], payees[0]
            amount = min(-owed[payer], owed[payee])
            payments.append((payer, payee, amount))
            owed[payer] += amount
            owed[payee] -= amount
    payments.sort(key=lambda t: (seat[t[0]], seat[t[1]]))
    return payments
