"""Properties that hold for every valid session of `pagat` and `house`."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import Hand, HandError, Session, Surrender, Table, replay

from .strategies import draw_hand, sessions

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(sessions())
def test_tokens_conserved_at_every_row(session):
    ledger = replay(session)
    total = session.setup.start_tokens * len(session.setup.players)
    assert all(row.tokens == total for row in ledger.rows)
    assert all(row.plato >= 0 and row.pajaritos >= 0 for row in ledger.rows)
    assert len(ledger.rows) == 1 + 2 * len(session.hands)


@SETTINGS
@given(sessions())
def test_settlement_sums_to_zero(session):
    st_ = replay(session).settlement
    assert sum(st_.net.values()) == 0
    assert sum(st_.money.values()) == Decimal(0)
    assert sum(st_.final.values()) == session.setup.start_tokens * len(session.setup.players)
    # the transfers settle every player's money exactly
    owed = dict(st_.money)
    for t in st_.transfers:
        owed[t.source] += t.amount
        owed[t.target] -= t.amount
    assert all(v == 0 for v in owed.values())
    assert len(st_.transfers) <= len(session.setup.players) - 1


@SETTINGS
@given(sessions())
def test_replay_is_deterministic(session):
    a, b = replay(session), replay(session)
    assert a.rows == b.rows
    assert a.settlement == b.settlement


@SETTINGS
@given(st.data())
def test_changing_hand_k_leaves_earlier_rows(data):
    session = data.draw(sessions(max_hands=20))
    if not session.hands:
        return
    k = data.draw(st.integers(0, len(session.hands) - 1))
    table = Table(session.setup)
    for hand in session.hands[:k]:
        table.play(hand)
    other = draw_hand(data.draw, table)  # a different, still valid hand k
    changed = Session(session.setup, session.hands[:k] + (other,))
    before, after = replay(session), replay(changed)
    # rows up to and including hand k's deal row do not depend on hand k
    keep = 1 + 2 * k + 1
    assert after.rows[:keep] == before.rows[:keep]


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
    assert table.ledger().rows == replay(session).rows
