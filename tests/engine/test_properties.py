"""Properties that hold for every valid session of `pagat` and `house`.

Each can fail: the figures are checked against the rows themselves
(:mod:`tests.ledger_checks`), never against a second run of the same code.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core.errors import HandError
from scorekeeper.games.tresillo.engine import Hand, Surrender, Table, replay
from tests.ledger_checks import check_transfers_explain_rows, check_upcoming

from .strategies import sessions

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(sessions())
def test_transfers_explain_every_row(session):
    """Each row's transfers are exactly what changed since the row before (bowls, plato, dish, paper)."""
    ledger = replay(session)
    assert len(ledger.rows) == 1 + 2 * len(session.hands)
    check_transfers_explain_rows(ledger)


@SETTINGS
@given(sessions())
def test_settlement_transfers_settle_everyone(session):
    """The money transfers pay every player's net exactly, in at most one fewer move than players."""
    st_ = replay(session).settlement
    owed = dict(st_.money)
    for t in st_.transfers:
        owed[t.source] += t.amount
        owed[t.target] -= t.amount
    assert all(v == 0 for v in owed.values())
    assert len(st_.transfers) <= len(session.setup.players) - 1
    assert all(t.amount == t.tantos * session.setup.tanto_value and t.tantos > 0 for t in st_.transfers)


@SETTINGS
@given(sessions())
def test_upcoming_shows_the_next_amount_in_play(session):
    """The big number on the table screen before each hand is that hand's amount in play."""
    table = Table(session.setup)
    for hand in session.hands:
        check_upcoming(table, hand)


def corruptions(hand: Hand, table: Table) -> list[Hand]:
    up = table.upcoming()
    bad = [dataclasses.replace(hand, contract="grand"), Hand("solo", declarer=up.declarers[0], surrender=Surrender())]
    if hand.tricks is not None:
        tricks = dict(hand.tricks)
        first = next(iter(tricks))
        bad.append(dataclasses.replace(hand, tricks={**tricks, first: tricks[first] + 1}))
        bad.append(dataclasses.replace(hand, tricks={**tricks, first: -1}))
    if len(table.players) == 4 and hand.contract in ("entrada", "vuelta", "solo"):
        bad.append(dataclasses.replace(hand, declarer=up.dealer))
    if up.case != "reserved":
        bad.append(dataclasses.replace(hand, debt=table.players[0]))
    return bad


@SETTINGS
@given(st.data())
def test_refused_hands_leave_the_table_untouched(data):
    session = data.draw(sessions(max_hands=15))
    table = Table(session.setup)
    for hand in session.hands:
        for bad in corruptions(hand, table):
            snap = (len(table.rows), tuple(table.bowls), table.plato, table.pajaritos,
                    table.paper.debts(), table.plato_puesta, dict(table.open))
            with pytest.raises(HandError):
                table.play(bad)
            assert snap == (len(table.rows), tuple(table.bowls), table.plato, table.pajaritos,
                            table.paper.debts(), table.plato_puesta, dict(table.open))
        table.play(hand)
