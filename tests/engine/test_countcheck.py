"""The count check names the move nobody made, or says that no single move explains the count.

Each single token move of the worked example is left out of the "counted"
figures in turn (its giver keeps the tokens, its taker never gets them): the
check must name that hand and that transfer, and every move it names must fit
the gap just as well. Random sessions (hypothesis) do the same at scale.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.games.tresillo.engine import PAJARITOS, PLATO, Reason, loads, replay
from scorekeeper.games.tresillo.engine.countcheck import CountError, check_count, expected_count, moves

from .strategies import sessions


@pytest.fixture(scope="module")
def ledger(worked_example_text):
    return replay(loads(worked_example_text))


@pytest.fixture(scope="module")
def worked_example_text():
    from pathlib import Path

    return (Path(__file__).resolve().parents[1] / "data" / "worked_example.json").read_text()


def token_transfers(ledger):
    return [(row, t) for row in ledger.rows for t in row.transfers if t.moves_tokens]


def without(ledger, transfer, times=1):
    """The table as counted if ``transfer`` had not been made (``times=-1``: made twice)."""
    count = expected_count(ledger.last)
    count[transfer.source] += transfer.amount * times
    count[transfer.target] -= transfer.amount * times
    return count


def test_every_single_missed_transfer_of_the_worked_example_is_named(ledger):
    cases = token_transfers(ledger)
    assert len(cases) == 48  # the start's four pajaritos, every deal and every hand
    for row, t in cases:
        found = check_count(ledger, without(ledger, t))
        assert found.verdict == "missed", (row.index, t)
        named = [(m.row, m.hand, m.reasons) for m in found.moves]
        assert (row.index, row.hand, (t.reason,)) in named, (row.index, t, named)
        # every move named fits the gap as well: the same giver, taker and amount
        assert {(m.source, m.target, m.amount) for m in found.moves} == {(t.source, t.target, t.amount)}
        assert found.difference == {t.source: t.amount, t.target: -t.amount}


def test_a_transfer_that_is_the_only_one_of_its_kind_is_named_alone(ledger):
    row = ledger.rows[14]  # hand 7: East pays West the reserved puesta of 23
    t = next(t for t in row.transfers if t.reason == Reason.RESERVED)
    found = check_count(ledger, without(ledger, t))
    assert [(m.hand, m.kind, m.source, m.target, m.amount, m.whole) for m in found.moves] == [
        (7, "hand", "East", "West", 23, True)]


def test_a_whole_move_of_several_payments_is_named_first(ledger):
    # hand 1: North gives South 3 at once (a tanto for the puesta system, the vuelta and the estuche)
    count = expected_count(ledger.last)
    count["North"] += 3
    count["South"] -= 3
    found = check_count(ledger, count)
    assert found.verdict == "missed"
    first = found.moves[0]
    assert (first.hand, first.whole, first.reasons) == (1, True, (Reason.TANTO, Reason.VUELTA, Reason.ESTUCHE))
    # one part of it (1 token) is as likely anywhere North paid South 1: hand 8's vuelta is the latest
    count["North"] -= 2
    count["South"] += 2
    found = check_count(ledger, count)
    assert [(m.hand, m.reasons) for m in found.moves] == [
        (8, (Reason.VUELTA,)), (1, (Reason.TANTO,)), (1, (Reason.VUELTA,)), (1, (Reason.ESTUCHE,))]


def test_moves_of_the_dishes_are_named(ledger):
    deal = ledger.rows[1]  # North deals hand 1: a pajarito from the dish to the plato, and his tanto
    ante = next(t for t in deal.transfers if t.reason == Reason.ANTE)
    found = check_count(ledger, without(ledger, ante))
    assert (deal.index, "deal", 1) in [(m.row, m.kind, m.hand) for m in found.moves]
    start_pajarito = ledger.rows[0].transfers[0]  # North's pajarito into the dish at the start
    found = check_count(ledger, without(ledger, start_pajarito))
    assert found.difference == {"North": 5, PAJARITOS: -5}
    assert (0, "start", None) in [(m.row, m.kind, m.hand) for m in found.moves]


def test_a_move_made_twice(ledger):
    t = next(t for t in ledger.rows[14].transfers if t.reason == Reason.RESERVED)
    found = check_count(ledger, without(ledger, t, times=-1))
    assert found.verdict == "doubled" and [(m.hand, m.amount) for m in found.moves] == [(7, 23)]


@pytest.mark.parametrize("gap", [
    {"North": 1, "West": 1, "South": -2},  # three bowls off: not one move
    {"North": 7, "East": -7},  # nobody ever moved 7 between North and East
    {PLATO: 4, "West": -4},  # nothing of 4 ever left West for the plato, or came back
])
def test_a_gap_no_single_move_explains_is_said_so(ledger, gap):
    count = expected_count(ledger.last)
    for party, d in gap.items():
        count[party] += d
    found = check_count(ledger, count)
    assert found.verdict == "unexplained" and found.moves == () and found.difference == gap


def test_tokens_added_or_lost(ledger):
    count = expected_count(ledger.last)
    count["East"] -= 2
    found = check_count(ledger, count)
    assert (found.verdict, found.extra, found.moves) == ("tokens", -2, ())


def test_the_right_count(ledger):
    assert check_count(ledger, expected_count(ledger.last)).verdict == "right"
    # after hand 4 (row 8): North 164, West 130, South 166, East 152, plato 18, dish 10
    count = {"North": 164, "West": 130, "South": 166, "East": 152, PLATO: 18, PAJARITOS: 10}
    assert check_count(ledger, count, upto=8).verdict == "right"
    count["West"] += 22  # West's codillo to North never paid (nor anything later: the count is at row 8)
    count["North"] -= 22
    found = check_count(ledger, count, upto=8)
    assert [(m.hand, m.reasons) for m in found.moves] == [(4, (Reason.CODILLO,))]


def test_a_count_must_name_every_party(ledger):
    count = expected_count(ledger.last)
    del count["West"]
    with pytest.raises(CountError, match="missing: West"):
        check_count(ledger, count)
    count["West"] = 157
    count["Nobody"] = 0
    with pytest.raises(CountError, match="not at this table: Nobody"):
        check_count(ledger, count)


@settings(max_examples=60, deadline=None)
@given(sessions(max_hands=20), st.data())
def test_any_missed_move_of_a_random_session_is_found(session, data):
    ledger = replay(session)
    cases = [t for row in ledger.rows for t in row.transfers if t.moves_tokens and t.amount]
    if not cases:  # nothing moved (French points: no pajaritos, and all hands passed)
        return
    t = data.draw(st.sampled_from(cases))
    found = check_count(ledger, without(ledger, t))
    assert found.verdict == "missed"
    assert any(m.reasons == (t.reason,) and (m.source, m.target, m.amount) == (t.source, t.target, t.amount)
               for m in found.moves)
    assert len(moves(ledger.rows)) >= len(cases)
