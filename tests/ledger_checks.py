"""Checks of a ledger made from its rows alone, independently of how the engine applies transfers.

Used by the property tests (random sessions of every ruleset): what each row's
transfers say must be exactly what changed between that row and the one before,
for every bowl, the plato, the pajaritos dish and the paper.
"""

from __future__ import annotations

import itertools
from collections import Counter

from scorekeeper.games.tresillo.engine import PAJARITOS, PAPER, PLATO, Hand, Ledger, Row, Table

DISHES = (PLATO, PAJARITOS, PAPER)


def moved(row: Row, party: str) -> int:
    """The tokens ``row``'s transfers gave ``party`` net (writing or crossing out a debt moves none)."""
    tokens = [t for t in row.transfers if PAPER not in (t.source, t.target)]
    return sum(t.amount for t in tokens if t.target == party) - sum(t.amount for t in tokens if t.source == party)


def check_transfers_explain_rows(ledger: Ledger) -> None:
    """Every party's transfers in a row equal the change of its bowl, plato, dish or paper since the row before."""
    players = ledger.setup.players
    for before, row in itertools.pairwise(ledger.rows):
        assert all(t.amount > 0 for t in row.transfers), (row.index, row.transfers)
        assert {t.source for t in row.transfers} | {t.target for t in row.transfers} <= {*players, *DISHES}
        for p in players:
            assert row.bowls[p] - before.bowls[p] == moved(row, p), (row.index, p)
        assert row.plato - before.plato == moved(row, PLATO), row.index
        assert row.pajaritos - before.pajaritos == moved(row, PAJARITOS), row.index
        check_paper(before, row)


def check_paper(before: Row, row: Row) -> None:
    """Debts written to the paper in ``row`` are the new open debts; debts crossed out are the ones gone."""
    was = {(d.number, d.player, d.amount) for d in before.open_debts()}
    now = {(d.number, d.player, d.amount) for d in row.open_debts()}
    written = Counter((t.source, t.amount) for t in row.transfers if t.target == PAPER)
    crossed = {(t.debt, t.target, t.amount) for t in row.transfers if t.source == PAPER}
    assert Counter((player, amount) for _, player, amount in now - was) == written, row.index
    assert was - now == crossed, row.index
    assert all(d.hand == row.hand for d in row.open_debts() if (d.number, d.player, d.amount) in now - was)


def check_upcoming(table: Table, hand: Hand) -> None:
    """Play ``hand`` on ``table``; the amount the table screen showed before it is the amount in play."""
    up = table.upcoming()
    result = table.play(hand)
    if result.case == "none":  # French points: nothing is in play before the contract is known
        assert (up.in_play, up.in_play_favoured) == (0, None)
        return
    shown = up.in_play_favoured if result.favoured else up.in_play
    assert shown == result.in_play, (result.number, up.stake, result.stake)
    assert (up.case, up.dealer, up.mano, up.plato_after_deal) == (
        result.case, result.dealer, result.mano, table.rows[-2].plato
    )
    if up.reserved_debt is not None and result.hand.debt is None:
        assert result.played_debt == up.reserved_debt
