"""Seed 001's club rules (`house`), figures worked out by hand.

Three players North, West, South; North deals first; bowls start at 155 and
the pajaritos dish at 15. The amount in play is the plato alone (no tanto per
player); condiciones entrada 1, vuelta 3, solo 5, estuche 1, contra-estuche 3,
primeras 1, bola 10.
"""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import SessionError

from .helpers import NWS, bowls, crossed, paper, run, state

HOUSE = {"rules": "house"}


def test_entrada_won_plato_alone():
    """N deals: plato 6, N 154. In play 6 (no table tanto). West wins: 6 + entrada 1 from N and S
    → W 163, N 153, S 154."""
    led = run(NWS, [{"contract": "entrada", "declarer": "West", "tricks": {"North": 2, "West": 5, "South": 2}}], **HOUSE)
    assert led.results[0].in_play == 6
    assert state(led.rows[2]) == ([153, 163, 154], 0, 10, {})


def test_puesta_pays_the_plato_and_the_entrada():
    """Puesta: 6 into the plato and the entrada (1) to N and S → W 147, N 155, S 156, plato 12.
    Then W deals (plato 13, W 146), in play 13 (a puesta in the plato); South puesta → debt S 13
    and the entrada to N and W → S 154, N 156, W 147."""
    hands = [
        {"contract": "entrada", "declarer": "West", "tricks": {"North": 4, "West": 4, "South": 1}},
        {"contract": "entrada", "declarer": "South", "tricks": {"North": 4, "West": 1, "South": 4}},
    ]
    led = run(NWS, hands, **HOUSE)
    assert state(led.rows[2]) == ([155, 147, 156], 12, 10, {})
    assert led.results[1].case == "plato" and led.results[1].in_play == 13
    assert state(led.rows[4]) == ([156, 147, 154], 13, 10, {"South": [13]})


def test_contra_estuche_on_a_won_solo():
    """Solo with contra-estuche, won: 6 + (5 + 3) from N and S → W 177, N 146, S 147."""
    led = run(NWS, [{"contract": "solo", "declarer": "West", "contra_estuche": True,
                     "tricks": {"North": 2, "West": 5, "South": 2}}], **HOUSE)
    assert bowls(led.rows[2]) == [146, 177, 147]


def test_reserved_puesta_won():
    """Carried S 20: plato 1 (no pajarito), in play 21. West wins: the plato, South's 20 and the
    entrada from N and S → W 155 + 1 + 20 + 2 = 178, S 155 − 20 − 1 = 134, N 153."""
    led = run(NWS, [{"contract": "entrada", "declarer": "West", "tricks": {"North": 2, "West": 5, "South": 2}}],
              paper=[{"player": "South", "amount": 20}], **HOUSE)
    assert led.results[0].in_play == 21
    assert bowls(led.rows[2]) == [153, 178, 134]
    assert crossed(led.rows[2]) == {"South": [20]} and paper(led.rows[2]) == {}


def test_vuelta_surrender_is_puesta():
    """A surrendered vuelta ends as puesta: 6 into the plato, 3 to each → W 143, N 157, S 158."""
    led = run(NWS, [{"contract": "vuelta", "declarer": "West", "surrender": {"takeover": None}}], **HOUSE)
    assert state(led.rows[2]) == ([157, 143, 158], 12, 10, {})


def test_vuelta_cannot_be_taken_over():
    with pytest.raises(SessionError) as exc:
        run(NWS, [{"contract": "vuelta", "declarer": "West", "surrender": {"takeover": "South"},
                   "tricks": {"North": 2, "West": 2, "South": 5}}], **HOUSE)
    assert (exc.value.first.hand, exc.value.first.field) == (1, "surrender")


def test_takeover_new_declarer_paid_estuche_and_primeras():
    """West gives up an entrada, South takes over and takes five and stops, with estuche:
    West pays South the amount in play (6) and the entrada (1) to N and S; N and W each pay
    South estuche 1 + primeras 1 → W 155 − 6 − 2 − 2 = 145, N 154 + 1 − 2 = 153,
    S 155 + 6 + 1 + 4 = 166; the plato (6) stays."""
    led = run(NWS, [{"contract": "entrada", "declarer": "West", "surrender": {"takeover": "South"},
                     "estuche": True, "primeras": True, "tricks": {"North": 0, "West": 0, "South": 5}}], **HOUSE)
    assert state(led.rows[2]) == ([153, 145, 166], 6, 10, {})


def test_takeover_failed_bola_costs_the_new_declarer_nothing():
    """South takes over and fails a bola with 7: West pays 6 to South and the entrada to N and S;
    no bola payment → W 147, N 155, S 162."""
    led = run(NWS, [{"contract": "entrada", "declarer": "West", "surrender": {"takeover": "South"},
                     "bola": "failed", "tricks": {"North": 1, "West": 1, "South": 7}}], **HOUSE)
    assert bowls(led.rows[2]) == [155, 147, 162]


def test_takeover_won_bola_is_paid():
    """South takes all nine after taking over: as above plus 10 from N and W →
    W 155 − 6 − 2 − 10 = 137, N 154 + 1 − 10 = 145, S 155 + 6 + 1 + 20 = 182."""
    led = run(NWS, [{"contract": "entrada", "declarer": "West", "surrender": {"takeover": "South"},
                     "bola": "won", "tricks": {"North": 0, "West": 0, "South": 9}}], **HOUSE)
    assert bowls(led.rows[2]) == [145, 137, 182]


def test_forced_entrada_and_no_cancelled_deal():
    """A forced entrada scores as an entrada; an all-pass "cancelled" deal does not exist here."""
    led = run(NWS, [{"contract": "entrada", "declarer": "South", "forced": True,
                     "tricks": {"North": 2, "West": 2, "South": 5}}], **HOUSE)
    assert bowls(led.rows[2]) == [153, 154, 163]
    with pytest.raises(SessionError) as exc:
        run(NWS, [{"contract": "pass"}], **HOUSE)
    assert exc.value.first.field == "contract"


def test_no_penetro_in_house():
    with pytest.raises(SessionError) as exc:
        run(["North", "West", "South", "East"], [{"contract": "penetro", "surrender": {"takeover": None}}], **HOUSE)
    assert exc.value.first.field == "contract" and "no penetro" in exc.value.first.message


def test_first_puesta_codillo_pays_plato_winner_and_entrada():
    """In play 6 (plato alone). West loses codillo to North: 6 into the plato, 6 to North and the
    entrada (1) to N and S → W 155 − 6 − 6 − 2 = 141, N 154 + 6 + 1 = 161, S 156, plato 12."""
    led = run(NWS, [{"contract": "entrada", "declarer": "West", "tricks": {"North": 5, "West": 2, "South": 2}}],
              **HOUSE)
    assert led.results[0].winner == "North"
    assert state(led.rows[2]) == ([161, 141, 156], 12, 10, {})


def test_four_players_resting_dealer_pays_the_solo():
    """Four players: N deals and rests (plato 6, N 154, dish 20 − 5 = 15). West wins a solo:
    the plato and 5 from each of N, S, E, no table tanto → W 155 + 6 + 15 = 176, N 149, S 150, E 150."""
    led = run(["North", "West", "South", "East"],
              [{"contract": "solo", "declarer": "West", "tricks": {"West": 5, "South": 2, "East": 2}}], **HOUSE)
    assert led.results[0].in_play == 6
    assert state(led.rows[2]) == ([149, 176, 150, 150], 0, 15, {})


def test_takeover_puesta_twin_payments_into_the_plato():
    """West gives up an entrada, South takes over and ends 4-4 with North (puesta). West pays the
    entrada to N and S; a first puesta, so West and South each pay 6 into the plato →
    W 155 − 2 − 6 = 147, S 155 + 1 − 6 = 150, N 154 + 1 = 155, plato 6 + 12 = 18."""
    led = run(NWS, [{"contract": "entrada", "declarer": "West", "surrender": {"takeover": "South"},
                     "tricks": {"North": 4, "West": 1, "South": 4}}], **HOUSE)
    assert state(led.rows[2]) == ([155, 147, 150], 18, 10, {})


def test_takeover_codillo_won_by_the_original_declarer():
    """South takes over West's entrada and West ends with 5 tricks: codillo to West. West pays the
    entrada to N and S; both pay 6 into the plato; South pays West 6 →
    W 155 − 2 − 6 + 6 = 153, S 155 + 1 − 6 − 6 = 144, N 155, plato 18."""
    led = run(NWS, [{"contract": "entrada", "declarer": "West", "surrender": {"takeover": "South"},
                     "tricks": {"North": 2, "West": 5, "South": 2}}], **HOUSE)
    assert led.results[0].winner == "West"
    assert state(led.rows[2]) == ([155, 153, 144], 18, 10, {})
