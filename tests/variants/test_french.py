"""French points scoring (seed 003, ruleset ``french``): points change hands directly."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorekeeper.core.errors import SessionError
from scorekeeper.games.tresillo.commands import format_ledger
from scorekeeper.games.tresillo.engine import SCORINGS, Table, load_session, replay
from scorekeeper.games.tresillo.engine import french as points
from scorekeeper.games.tresillo.words import ledger_json
from variants_helpers import both, engine_session, hand_row

FOUR = ["N", "W", "S", "E"]

SESSION = {
    "rules": "french",
    "players": FOUR,
    "first_dealer": "N",
    "start_tokens": 200,
    "options": {"palo_de_favor": "bastos"},
    "hands": [
        # 1: N deals and bets J
        {"contract": "entrada", "declarer": "S", "trump": "oros", "tricks": {"W": 2, "S": 5, "E": 2}, "bet": "J"},
        # 2: W deals and bets P
        {"contract": "entrada", "declarer": "N", "trump": "bastos", "tricks": {"N": 4, "S": 4, "E": 1}, "bet": "P"},
        # 3: S deals and bets C
        {"contract": "solo", "declarer": "E", "trump": "copas", "tricks": {"N": 3, "W": 3, "E": 3}, "bet": "C"},
        # 4: E deals
        {"contract": "vuelta", "declarer": "N", "trump": "copas", "tricks": {"N": 2, "W": 3, "S": 4}},
        # 5: N deals and bets J
        {"contract": "entrada", "declarer": "W", "trump": "oros", "tricks": {"W": 1, "S": 4, "E": 4}, "bet": "J"},
        # 6: W deals
        {"contract": "entrada", "declarer": "S", "trump": "oros", "surrender": {"takeover": None}},
        # 7: S deals and bets P
        {"contract": "entrada", "declarer": "E", "trump": "oros", "surrender": {"takeover": "N"},
         "tricks": {"N": 5, "W": 2, "E": 2}, "bet": "P"},
        # 8: E deals
        {"contract": "entrada", "declarer": "N", "trump": "oros", "surrender": {"takeover": "W"},
         "tricks": {"N": 3, "W": 3, "S": 3}},
        # 9: N deals
        {"contract": "entrada", "declarer": "W", "trump": "oros", "surrender": {"takeover": "S"},
         "tricks": {"W": 4, "S": 3, "E": 2}},
        # 10: W deals and bets J
        {"contract": "solo", "declarer": "S", "trump": "bastos", "tricks": {"N": 0, "S": 9, "E": 0},
         "bola": "won", "bet": "J"},
        # 11: S deals and bets J; all pass
        {"contract": "pass", "bet": "J"},
        # 12: E deals
        {"contract": "entrada", "declarer": "W", "trump": "oros", "surrender": {"takeover": "N"},
         "tricks": {"W": 2, "N": 3, "S": 4}},
    ],
}


def test_french_session() -> None:
    """Worked by hand from seed 003: jeu simple 5, retourne 10, solo 30, chelem 70; the favoured
    suit (bastos) doubles the contract (our choice; the chelem stays 70); stake 10; four players
    with 200 points each; the dealer sits out.

    1. S wins a jeu simple: W and E pay S 5 each. N bet J, right: W and E pay N 5 each.
       N 210, W 190, S 210, E 190.
    2. N plays a jeu in bastos (10) and is puesta 4-4-1 by S: N pays S 10. W bet P, right:
       N pays W 10. N 190, W 200, S 220, E 190.
    3. E's solo in copas (30) ends 3-3-3: puesta to both, E pays N and W 30 each. S bet C, wrong
       (it was P): S pays the stake 10 to the player who gained most — N and W gained 30 each;
       N comes first in play order (E, N, W). N 230, W 230, S 210, E 130.
    4. N's retourne (10): N 2, W 3, S 4 — codillo by S, who gets 3 × 10 = 30. N 200, S 240.
    5. W's jeu simple ends 1-4-4: codillo to both, W pays S and E 15 each. N bet J, wrong: N pays
       10 to S (S and E gained 15; S comes first after the dealer). N 190, W 200, S 265, E 145.
    6. S surrenders a jeu simple, accepted: a puesta of 5 shared, 2 each (rounded down) to N, E.
       N 192, S 261, E 147.
    7. E gives up, N defends and wins (5-2-2): E pays N the puesta, 5. S bet P, wrong (J):
       S pays 10 to N, who gained most. N 207, W 200, S 251, E 142.
    8. N gives up, W defends, 3-3-3: W ties the best — a double puesta. N pays his surrender,
       2 each to W and S; W is puesta and pays 5 to each player who tied him (N and S).
       N 208, W 192, S 258.
    9. W gives up, S defends and makes fewer tricks than W (3 to 4): W is saved, S pays W 5.
       W 197, S 253.
    10. S makes a chelem in a favoured solo: the chelem is 70, from N and E each. W's bet is void.
        N 138, S 393, E 72.
    11. All pass: the deal is cancelled; S's bet is void.
    12. W gives up, N defends: W 2, N 3, S 4. N did not do worse than W, so W's surrender is due
        (2 each to N and S), and S has more than N: codillo, N pays S 3 × 5 = 15.
        N 125, W 193, S 410, E 72.
    Every hand sums to zero; no plato, no pajaritos, no paper. Net −75, −7, +210, −128.
    """
    expected = {
        1: (210, 190, 210, 190), 2: (190, 200, 220, 190), 3: (230, 230, 210, 130),
        4: (200, 230, 240, 130), 5: (190, 200, 265, 145), 6: (192, 200, 261, 147),
        7: (207, 200, 251, 142), 8: (208, 192, 258, 142), 9: (208, 197, 253, 142),
        10: (138, 197, 393, 72), 11: (138, 197, 393, 72), 12: (125, 193, 410, 72),
    }
    for ledger in both(SESSION):
        for number, bowls in expected.items():
            row = hand_row(ledger, number)
            assert row.bowls_tuple == bowls, number
            assert row.plato == 0 and row.pajaritos == 0 and row.paper == ()
        outcomes = [r.outcome for r in ledger.results]
        assert outcomes == ["sacado", "puesta", "puesta", "codillo", "codillo", "puesta", "sacado",
                            "puesta", "puesta", "sacado", "cancelled", "codillo"]
        assert [r.in_play for r in ledger.results][:5] == [5, 10, 30, 10, 5]
        assert ledger.results[9].in_play == 70
        assert ledger.results[3].winner == "S" and ledger.results[4].winner is None
        st = ledger.settlement
        assert st.net == {"N": -75, "W": -7, "S": 210, "E": -128}
        assert st.money == {"N": Decimal("-7.50"), "W": Decimal("-0.70"), "S": Decimal("21.00"), "E": Decimal("-12.80")}
        assert st.pot == 0


def test_each_french_hand_sums_to_zero_between_players() -> None:
    for ledger in both(SESSION):
        for res in ledger.results:
            delta = {p: 0 for p in FOUR}
            for t in res.transfers:
                assert t.source in FOUR and t.target in FOUR
                delta[t.source] -= t.amount
                delta[t.target] += t.amount
            assert sum(delta.values()) == 0


def test_french_three_players_primeras_failed_chelem_and_own_values() -> None:
    """Three players with 100; the group values a solo at 40 (own condiciones).

    1. A deals and plays too. B's solo: the first five tricks, then stops (primeras pays nothing
       extra here): A and C pay B 40 each. A 60, B 180, C 60.
    2. C's jeu simple tries the chelem and loses a trick (7-1-1): still a won jeu simple, no
       penalty in seed 003: A and B pay C 5 each. A 55, B 175, C 70.
    """
    d = {"rules": "french", "players": ["A", "B", "C"], "start_tokens": 100,
         "options": {"condiciones": {"solo": 40}},
         "hands": [
             {"contract": "solo", "declarer": "B", "tricks": {"A": 0, "B": 5, "C": 0}, "primeras": True},
             {"contract": "entrada", "declarer": "C", "tricks": {"A": 1, "B": 1, "C": 7}, "bola": "failed"},
         ]}
    for ledger in both(d):
        assert hand_row(ledger, 1).bowls == {"A": 60, "B": 180, "C": 60}
        assert hand_row(ledger, 2).bowls == {"A": 55, "B": 175, "C": 70}


def test_french_retourne_surrender_is_shared_and_cannot_be_defended() -> None:
    """A retourne (10) surrendered: 5 to each of the two others. Defending one is refused."""
    d = {"rules": "french", "players": ["A", "B", "C"], "start_tokens": 100,
         "hands": [{"contract": "vuelta", "declarer": "B", "surrender": {"takeover": None}}]}
    for ledger in both(d):
        assert ledger.last.bowls == {"A": 105, "B": 90, "C": 105}
    bad = {"format": "tresillo-session/1", "rules": "french", "players": ["A", "B", "C"],
           "hands": [{"contract": "vuelta", "declarer": "B", "surrender": {"takeover": "A"},
                      "tricks": {"A": 5, "B": 2, "C": 2}}]}
    with pytest.raises(SessionError) as info:
        replay(load_session(bad))
    assert (info.value.first.hand, info.value.first.field) == (1, "surrender")


@pytest.mark.parametrize(
    "players, options, hand, field",
    [
        (["A", "B", "C"], {}, {"contract": "entrada", "declarer": "B", "tricks": {"A": 2, "B": 5, "C": 2}, "bet": "J"}, "bet"),
        (FOUR, {"dealer_bet": 0}, {"contract": "entrada", "declarer": "W", "tricks": {"W": 5, "S": 2, "E": 2}, "bet": "J"}, "bet"),
        (FOUR, {}, {"contract": "penetro", "tricks": {"N": 5, "S": 2, "E": 2}, "drops_out": "W"}, "contract"),
        (FOUR, {}, {"contract": "entrada", "declarer": "W", "tricks": {"W": 5, "S": 2, "E": 2}, "estuche": True}, "estuche"),
        (FOUR, {}, {"contract": "solo", "declarer": "W", "surrender": {"takeover": None}}, "surrender"),
        (FOUR, {}, {"contract": "entrada", "declarer": "N", "tricks": {"W": 5, "S": 2, "E": 2}}, "declarer"),
    ],
)
def test_french_refusals(players: list, options: dict, hand: dict, field: str) -> None:
    d = {"format": "tresillo-session/1", "rules": "french", "players": players, "options": options, "hands": [hand]}
    with pytest.raises(SessionError) as info:
        replay(load_session(d))
    assert (info.value.first.hand, info.value.first.field) == (1, field)


def test_french_options_refused() -> None:
    for options, field in (({"scale": 5}, "options.scale"), ({"codillo": "winner_only"}, "options.codillo"),
                           ({"pajarito": 5}, "options.pajarito")):
        d = {"format": "tresillo-session/1", "rules": "french", "players": FOUR, "options": options}
        with pytest.raises(SessionError) as info:
            load_session(d)
        assert info.value.first.field == field


def test_french_table_is_chosen_by_the_ruleset_and_works_with_the_cli_output() -> None:
    session = engine_session(SESSION)
    table = Table(session.setup)
    assert table.scoring is points.score and SCORINGS["points"] is points.score
    up = table.upcoming()
    assert up.in_play == 0 and "pass" in up.contracts and "penetro" not in up.contracts
    ledger = replay(session)
    text = format_ledger(ledger)
    assert "codillo" in text and "nothing to share out" in text
    data = ledger_json(ledger)
    assert data["settlement"]["net"] == {"N": -75, "W": -7, "S": 210, "E": -128}
    assert data["rows"][1]["event"] == "N deals and bets J"


@pytest.mark.parametrize(
    "tricks, outcome",
    [({"N": 5, "W": 2, "S": 2}, "sacado"), ({"N": 1, "W": 5, "S": 3}, "puesta")],
)
def test_a_contract_worth_nothing_writes_no_zero_transfer(tricks: dict, outcome: str) -> None:
    """The group sets the jeu simple to 0. E surrenders, N defends: whether N wins (the puesta would
    go to N) or does worse than E (N would pay E), 0 changes hands, so no transfer is written."""
    d = {"format": "tresillo-session/1", "rules": "french", "players": ["N", "W", "S", "E"],
         "first_dealer": "E", "options": {"condiciones": {"entrada": 0}},
         "hands": [{"contract": "entrada", "declarer": "W", "surrender": {"takeover": "N"}, "tricks": tricks}]}
    result = replay(load_session(d)).results[0]
    assert (result.outcome, result.in_play, result.transfers) == (outcome, 0, ())


def test_a_wrong_bet_when_nobody_gained_pays_nothing() -> None:
    """docs/variants.md, Choice: W deals and bets C; N's jeu simple (set to 0 by the group) is won,
    so the bet is wrong, but nobody gained a point in the hand: the dealer pays no one."""
    d = {"format": "tresillo-session/1", "rules": "french", "players": ["N", "W", "S", "E"], "first_dealer": "W",
         "options": {"condiciones": {"entrada": 0}},
         "hands": [{"contract": "entrada", "declarer": "N", "tricks": {"N": 5, "S": 2, "E": 2}, "bet": "C"}]}
    result = replay(load_session(d)).results[0]
    assert result.bet is not None
    assert (result.outcome, result.bet.actual, result.bet.verdict, result.transfers) == ("sacado", "J", "nothing", ())


def test_the_bet_on_a_cancelled_deal_is_void_and_no_bet_is_none() -> None:
    """Hand 11 of the session: S deals, bets J, and all pass: the bet is void. Hand 12 has no bet."""
    ledger = replay(engine_session(SESSION))
    cancelled, after = ledger.results[10], ledger.results[11]
    assert cancelled.bet is not None and (cancelled.outcome, cancelled.bet.verdict) == ("cancelled", "void")
    assert after.bet is None
