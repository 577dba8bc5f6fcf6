"""The paper's open debts: the largest found through the heap is the one a look through every debt finds."""

from __future__ import annotations

import random

import pytest

from scorekeeper.games.tresillo.engine import Debt
from scorekeeper.games.tresillo.engine.replay import OpenDebts


def largest_by_looking(open_debts: dict[int, Debt]) -> tuple[Debt, ...]:
    """The open debts of the largest amount, oldest first, found by looking at every one."""
    if not open_debts:
        return ()
    top = max(d.amount for d in open_debts.values())
    return tuple(sorted((d for d in open_debts.values() if d.amount == top), key=lambda d: d.number))


@pytest.mark.parametrize("seed", range(30))
def test_the_largest_is_the_one_every_debt_shows(seed: int) -> None:
    rng = random.Random(seed)
    debts, fork = OpenDebts(), None
    for step in range(400):
        # few amounts, so that ties and amounts written again after all their debts were crossed are common
        if debts.open and rng.random() < 0.45:
            crossed = rng.choice([*debts.open]) if rng.random() < 0.3 else debts.largest()[0].number
            assert debts.cross(crossed).number == crossed
        else:
            debts.add(Debt(debts.next_number, rng.choice("NWSE"), rng.randint(1, 6)))
        assert debts.largest() == largest_by_looking(debts.open), (seed, step)
        if step == 200:
            fork, kept = debts.copy(), dict(debts.open)
    assert fork is not None and fork.open == kept and fork.largest() == largest_by_looking(kept)


def test_a_debt_carried_in_with_its_own_number_moves_the_next_number_past_it() -> None:
    debts = OpenDebts()
    debts.add(Debt(7, "N", 3))
    debts.add(Debt(debts.next_number, "W", 3))
    assert [d.number for d in debts.largest()] == [7, 8]
