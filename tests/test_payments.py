"""The payments every game shares, judged fast (the mutation gate runs these first for the platform's money):
each payer pays each payee, every player's money in seating order with the stake's places, the fewest
transfers that settle a table, and the same in decimals and cents."""

from __future__ import annotations

from decimal import Decimal
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core.transfers import fewest_transfers
from scorekeeper.games.base import Result, in_seating, money_of, pay_each
from scorekeeper.nights import fewest_payments
from scorekeeper.services.games import settlement

SEATS = ("Ana", "Bea", "Cleo", "Dan", "Eva")


def test_each_payer_pays_each_payee():
    assert pay_each(["Ana", "Bea"], ["Cleo"], Decimal("0.50")) == {"Ana": Decimal("-0.50"), "Bea": Decimal("-0.50"),
                                                                  "Cleo": Decimal("1.00")}
    kept = {"Ana": Decimal(3)}
    assert pay_each(["Ana"], ["Bea", "Cleo"], Decimal(2), into=kept) is kept
    assert kept == {"Ana": Decimal(-1), "Bea": Decimal(2), "Cleo": Decimal(2)}
    assert pay_each([], ["Bea"], Decimal(1)) == {} and pay_each(["Ana"], [], Decimal(1)) == {}


def test_money_is_in_seating_order_with_the_stakes_places_and_never_minus_zero():
    money = money_of(SEATS[:3], {"Cleo": Decimal(-1), "Ana": Decimal(1)}, Decimal("0.50"))
    assert money == (("Ana", Decimal("1.00")), ("Bea", Decimal("0.00")), ("Cleo", Decimal("-1.00")))
    assert [str(m) for _, m in money] == ["1.00", "0.00", "-1.00"]
    assert str(money_of(("Ana",), {"Ana": Decimal("-0")}, Decimal("1.00"))[0][1]) == "0.00"
    assert in_seating(SEATS, {"Dan", "Ana"}) == ("Ana", "Dan") and in_seating(SEATS, []) == ()


def test_the_fewest_transfers_pair_off_first_and_follow_the_seats():
    assert fewest_transfers({"Ana": 5, "Bea": -3, "Cleo": -5, "Dan": 3}, SEATS[:4]) == [("Bea", "Dan", 3),
                                                                                       ("Cleo", "Ana", 5)]
    assert fewest_transfers({"Ana": 19, "Bea": -12, "Cleo": 5, "Dan": -12}, SEATS[:4]) == [
        ("Bea", "Ana", 12), ("Dan", "Ana", 7), ("Dan", "Cleo", 5)]
    assert fewest_transfers({"Ana": 0, "Bea": 0}, SEATS[:2]) == []
    assert fewest_transfers({"Ana": 2, "Bea": -1, "Cleo": -1}, SEATS[:3]) == [("Bea", "Ana", 1), ("Cleo", "Ana", 1)]


def test_one_payer_or_one_payee_pays_or_is_paid_each_whole_amount_in_seating_order():
    """Written at once, without the search for groups: nobody at zero (or left out of ``net``) pays or is paid."""
    assert fewest_transfers({"Ana": -3, "Bea": 1, "Cleo": 0, "Dan": 2}, SEATS[:4]) == [("Ana", "Bea", 1),
                                                                                      ("Ana", "Dan", 2)]
    assert fewest_transfers({"Ana": 2, "Bea": -1, "Dan": -1}, SEATS[:4]) == [("Bea", "Ana", 1), ("Dan", "Ana", 1)]
    assert fewest_transfers({"Cleo": -4, "Ana": 4, "Eva": 0}, SEATS) == [("Cleo", "Ana", 4)]
    assert fewest_transfers({"Ana": 6, "Bea": -1, "Cleo": -2, "Dan": -3}, SEATS[:4]) == [
        ("Bea", "Ana", 1), ("Cleo", "Ana", 2), ("Dan", "Ana", 3)]


def _fewest(net: dict[str, int]) -> int:
    """The fewest payments by brute force: the people owed or owing less the most zero-sum groups they split in."""
    people = [p for p, n in net.items() if n]
    best = 0
    for order in permutations(people):
        groups, running = 0, 0
        for p in order:
            running += net[p]
            if running == 0:
                groups += 1
        best = max(best, groups)
    return len(people) - best


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-30, 30), min_size=1, max_size=5))
def test_the_transfers_settle_every_net_in_the_fewest_payments(amounts):
    net = dict(zip(SEATS, [*amounts[:-1], -sum(amounts[:-1])], strict=False))
    pays = fewest_transfers(net, tuple(net))
    left = dict(net)
    for payer, payee, amount in pays:
        assert amount > 0 and net[payer] < 0 < net[payee]
        left[payer] += amount
        left[payee] -= amount
    assert all(v == 0 for v in left.values())
    assert len(pays) == _fewest(net)
    assert pays == sorted(pays, key=lambda t: (SEATS.index(t[0]), SEATS.index(t[1])))


def test_decimal_payments_scale_exactly_and_refuse_money_that_does_not_sum_to_zero():
    net = (("Ana", Decimal("1.25")), ("Bea", Decimal("-0.75")), ("Cleo", Decimal("-0.5")))
    assert fewest_payments(net) == (("Bea", "Ana", Decimal("0.75")), ("Cleo", "Ana", Decimal("0.50")))
    assert fewest_payments((("Ana", Decimal(3)), ("Bea", Decimal(-3)))) == (("Bea", "Ana", Decimal(3)),)
    try:
        fewest_payments((("Ana", Decimal("1")), ("Bea", Decimal("-0.5"))))
    except ValueError as exc:
        assert "does not sum to zero" in str(exc)
    else:
        raise AssertionError("money that does not sum to zero was settled")


def test_a_results_settlement_is_in_cents():
    result = Result(True, 1, ("Ana",), ("Bea", "Cleo"), 1,
                    (("Ana", Decimal("1.10")), ("Bea", Decimal("-0.55")), ("Cleo", Decimal("-0.55"))))
    pays = settlement(result, ("Ana", "Bea", "Cleo"), "EUR")
    assert [(p.payer, p.payee, p.amount) for p in pays] == [("Bea", "Ana", "€0.55"), ("Cleo", "Ana", "€0.55")]


def test_a_game_paid_as_it_goes_names_as_winners_and_losers_only_those_up_or_down():
    """Terziglio paid every deal: three chiamo made in turn leave everybody even, and nobody won or lost."""
    from scorekeeper.games.replay import replay

    deals = [{"bid": "chiamo", "soloist": p, "points": 6} for p in ("Ana", "Bea", "Cleo")]
    doc = {"format": "scorekeeper-session/2", "game": "terziglio", "players": ["Ana", "Bea", "Cleo"],
           "options": {"scoring": "payments", "stake": "0.50"}, "deals": deals}
    even = replay(doc).result
    assert (even.winners, even.losers) == ((), ()) and all(m == 0 for _, m in even.money)
    up = replay({**doc, "deals": deals[:2]}).result
    assert (up.winners, up.losers) == (("Ana", "Bea"), ("Cleo",))
