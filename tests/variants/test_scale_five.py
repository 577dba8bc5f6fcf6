"""Scores ×5: ante 5, pajarito 25, the ×5 condiciones, counted estuches, payments rounded up to 5."""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import SessionError
from scorekeeper.games.tresillo.engine import get_ruleset, load_session, replay
from variants_helpers import both, hand_row

SESSION = {
    "players": ["A", "B", "C"],
    "first_dealer": "A",
    "start_tokens": 500,
    "options": {"scale": 5},
    "hands": [
        {"contract": "vuelta", "declarer": "B", "tricks": {"A": 2, "B": 5, "C": 2}, "estuche": 4},
        {"contract": "solo", "declarer": "C", "tricks": {"A": 0, "B": 0, "C": 9}, "estuche": 7, "bola": "won"},
        {"contract": "entrada", "declarer": "A", "tricks": {"A": 5, "B": 0, "C": 0}, "estuche": 7, "primeras": True},
        {"contract": "entrada", "declarer": "B", "tricks": {"A": 2, "B": 5, "C": 2}, "contra_estuche": 3},
        {"contract": "vuelta", "declarer": "C", "tricks": {"A": 4, "B": 1, "C": 4}},
        {"contract": "solo", "declarer": "A", "tricks": {"A": 8, "B": 1, "C": 0}, "estuche": True, "bola": "failed"},
    ],
}


def test_scores_times_five_session() -> None:
    """Worked by hand from seed 000's ×5 scoring; three players A, B, C with 500 each.

    Start: everyone puts a pajarito of 25 in the dish: bowls 475, dish 75.
    The table tanto is 5 per player (our choice: the smallest token).
    1. A deals: pajarito 25 + ante 5, plato 30 (A 470, dish 50). B wins a vuelta holding the top
       four trumps. In play 30 + 15 = 45. Each pays B 5 (tanto) + 2 (vuelta) + 4 (estuche 3 + 1)
       = 11, rounded up to 15. A 455, B 475 + 30 + 30 = 535, C 460.
    2. B deals: pajarito + 5, plato 30 (B 530, dish 25). C wins a solo with bola holding seven
       top trumps (with bola the cap is nine): each pays 5 + 20 + 7 + 100 = 132, rounded to 135.
       A 320, B 395, C 460 + 30 + 270 = 760.
    3. C deals: plato empty, the pajarito empties the dish, so everyone puts in 25 at once:
       plato 30, dish 75; A 295, B 370, C 730. A takes the first five and stops (primeras)
       holding seven top trumps; without bola the estuche stops at five: each pays
       5 + 0 + 5 + 1 = 11, rounded to 15. A 355, B 355, C 715.
    4. A deals: pajarito + 5, plato 30 (A 350, dish 50). B wins an entrada; the opponents held
       the top three trumps (contra-estuche 3): each pays 5 + 0 + 3 = 8, rounded to 10.
       A 340, B 405, C 705.
    5. B deals: pajarito + 5, plato 30 (B 400, dish 25). C's vuelta is puesta (4-4-1): in play
       45 into the plato, and the vuelta's 2 to each player, rounded to 5: C 650, A 345, B 405;
       plato 75.
    6. C deals: plato 80 (C 645), a puesta in the plato: in play 80 + 15 = 95. A plays a solo
       with estuche (three: 3), takes the first five, goes on and loses a trick. Each owes A
       5 + 20 + 3 = 28 and A owes each 100 for the failed bola: net A pays each 72, rounded
       up to 75. A 345 + 80 − 150 = 275, B 480, C 720; plato 0, dish 25.
    """
    for ledger in both(SESSION):
        assert ledger.rows[0].bowls == {"A": 475, "B": 475, "C": 475} and ledger.rows[0].pajaritos == 75
        assert ledger.results[0].in_play == 45
        assert hand_row(ledger, 1).bowls == {"A": 455, "B": 535, "C": 460}
        assert hand_row(ledger, 2).bowls == {"A": 320, "B": 395, "C": 760}
        r3 = hand_row(ledger, 3)
        assert r3.bowls == {"A": 355, "B": 355, "C": 715} and r3.pajaritos == 75
        assert hand_row(ledger, 4).bowls == {"A": 340, "B": 405, "C": 705}
        r5 = hand_row(ledger, 5)
        assert r5.bowls == {"A": 345, "B": 405, "C": 650} and r5.plato == 75
        r6 = hand_row(ledger, 6)
        assert ledger.results[5].in_play == 95
        assert r6.bowls == {"A": 275, "B": 480, "C": 720} and r6.plato == 0 and r6.pajaritos == 25
        # the rounding is shown as its own payment: hand 1 is 11 per player, so 4 of rounding each
        assert sorted((t.source, t.amount) for t in ledger.results[0].transfers if t.reason == "rounding") == [
            ("A", 4), ("C", 4)
        ]


def test_every_payment_between_two_players_is_a_multiple_of_five() -> None:
    """Whatever the reasons, the net a player hands another in one hand is a whole number of 5-tokens."""
    for ledger in both(SESSION):
        for res in ledger.results:
            pair: dict[tuple[str, str], int] = {}
            for t in res.token_moves:
                if t.source in "ABC" and t.target in "ABC":
                    key = tuple(sorted((t.source, t.target)))
                    sign = 1 if t.source == key[0] else -1
                    pair[key] = pair.get(key, 0) + sign * t.amount
            assert all(v % 5 == 0 for v in pair.values()), (res.number, pair)


def test_ruleset_values() -> None:
    r = get_ruleset("pagat").with_options({"scale": 5})
    assert (r.ante, r.pajarito, r.table_tanto, r.round_to) == (5, 25, 5, 5)
    assert {k: r.condicion(k) for k in ("entrada", "vuelta", "solo", "bola", "primeras", "estuche", "contra_estuche")} == {
        "entrada": 0, "vuelta": 2, "solo": 20, "bola": 100, "primeras": 1, "estuche": 3, "contra_estuche": 3,
    }
    # estuche: 3 for three, one more per further trump, five at most (nine with a won bola)
    assert [r.condicion_count("estuche", k) for k in (3, 4, 5, 6, 9)] == [3, 4, 5, 5, 5]
    assert [r.condicion_count("estuche", k, bola_won=True) for k in (3, 6, 9)] == [3, 6, 9]
    assert [r.condicion_count("contra_estuche", k, bola_won=True) for k in (3, 5, 7)] == [3, 5, 5]
    # without the option the estuche is flat
    assert get_ruleset("pagat").condicion_count("estuche", 7) == 1


def test_house_with_scale_five_keeps_no_table_tanto() -> None:
    """House rules have no per-player tanto; ×5 keeps it at 0 and makes ante 5 and pajarito 25."""
    r = get_ruleset("house").with_options({"scale": 5})
    assert (r.table_tanto, r.ante, r.pajarito, r.condicion("vuelta")) == (0, 5, 25, 2)


def test_estuche_count_and_true_without_scale() -> None:
    """Without ×5 a count is just "held the estuche": 1 tanto, like true (seed 000's flat estuche).

    A deals (plato 6, A 154); B wins an entrada with estuche given as 4: in play 6 + 3 = 9;
    each pays 1 tanto + 1 estuche: A 152, C 153, B 155 + 6 + 4 = 165.
    """
    d = {"players": ["A", "B", "C"], "hands": [
        {"contract": "entrada", "declarer": "B", "tricks": {"A": 2, "B": 5, "C": 2}, "estuche": 4}]}
    for ledger in both(d):
        assert ledger.last.bowls == {"A": 152, "B": 165, "C": 153}


@pytest.mark.parametrize(
    "options, hands, field",
    [
        ({"scale": 3}, [], "options.scale"),
        ({"scale": True}, [], "options.scale"),
        ({"scale": 5, "ante": 3}, [], "options.ante"),
        ({"scale": 5}, [{"contract": "entrada", "declarer": "B", "tricks": {"A": 2, "B": 5, "C": 2}, "estuche": 2}],
         "estuche"),
    ],
)
def test_bad_scale_input_refused(options: dict, hands: list, field: str) -> None:
    d = {"format": "tresillo-session/1", "players": ["A", "B", "C"], "options": options, "hands": hands}
    with pytest.raises(SessionError) as info:
        replay(load_session(d))
    assert info.value.first.field == field


def test_carried_paper_must_be_whole_tokens() -> None:
    d = {"format": "tresillo-session/1", "players": ["A", "B", "C"], "options": {"scale": 5},
         "paper": [{"player": "A", "amount": 21}], "hands": []}
    with pytest.raises(SessionError) as info:
        replay(load_session(d))
    assert info.value.first.field == "paper[0].amount"
