"""Old codillo, penetro with four, and a group's own condiciones."""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import SessionError
from scorekeeper.games.tresillo.engine import load_session, replay
from scorekeeper.games.tresillo.words import row_words
from variants_helpers import both, deal_row, hand_row, open_paper

FOUR = ["North", "West", "South", "East"]


OLD_CODILLO = {
    "players": FOUR,
    "options": {"codillo": "winner_only"},
    "hands": [
        {"contract": "entrada", "declarer": "West", "tricks": {"West": 2, "South": 5, "East": 2}},
        {"contract": "vuelta", "declarer": "South", "tricks": {"North": 4, "South": 4, "East": 1}},
        {"contract": "entrada", "declarer": "East", "tricks": {"North": 5, "West": 2, "East": 2}},
        {"contract": "entrada", "declarer": "North", "tricks": {"North": 5, "West": 2, "South": 2},
         "surrender": {"takeover": "West"}},
    ],
}


def test_old_codillo_pays_the_winner_only() -> None:
    """Worked by hand from seed 000's "payment for codillo" variation; four players, 160 each.

    Start 155 each, dish 20.
    1. North deals: pajarito + 1, plato 6 (N 154, dish 15). West's entrada: codillo by South.
       In play 6 + 4 = 10, paid to South only: W 145, S 165; the plato keeps its 6, and it holds
       no losing declarer's payment.
    2. West deals: the plato is not empty, so no pajarito: plato 7 (W 144). Still a first puesta:
       in play 7 + 4 = 11. South's vuelta is puesta (4-4-1): 11 into the plato, the vuelta's 1 to
       each: S 151, N 155, W 145, E 156; plato 18.
    3. South deals: plato 19 (S 150). A puesta in the plato: in play 19 + 4 = 23. East's entrada:
       codillo by North: East pays North 23 only, nothing written: E 133, N 178.
    4. East deals: plato 20 (E 132); still a puesta in the plato: in play 24. North gives up,
       West says "yo sigo" and ends with codillo by North. North's surrender is still a puesta:
       24 on the paper against North; West's codillo is paid to North only: N 202, W 121.
    """
    for ledger in both(OLD_CODILLO):
        r1 = hand_row(ledger, 1)
        assert r1.bowls == {"North": 154, "West": 145, "South": 165, "East": 155}
        assert r1.plato == 6 and open_paper(r1) == {}
        assert deal_row(ledger, 2).plato == 7 and ledger.results[1].case == "first"
        assert ledger.results[1].in_play == 11
        r2 = hand_row(ledger, 2)
        assert r2.bowls == {"North": 155, "West": 145, "South": 151, "East": 156} and r2.plato == 18
        r3 = hand_row(ledger, 3)
        assert ledger.results[2].in_play == 23 and ledger.results[2].winner == "North"
        assert r3.bowls == {"North": 178, "West": 145, "South": 150, "East": 133}
        assert r3.plato == 19 and open_paper(r3) == {}
        r4 = hand_row(ledger, 4)
        assert ledger.results[3].in_play == 24
        assert r4.bowls == {"North": 202, "West": 121, "South": 150, "East": 132}
        assert open_paper(r4) == {"North": [24]} and r4.plato == 20
        assert "only" in row_words(r3).comment


def test_default_codillo_unchanged_by_the_option_name() -> None:
    """"puesta_and_winner" is the main account: hand 1 of the scenario then puts 10 in the plato too."""
    d = dict(OLD_CODILLO, options={"codillo": "puesta_and_winner"}, hands=OLD_CODILLO["hands"][:1])
    for ledger in both(d):
        assert ledger.last.plato == 16 and ledger.last.bowls["West"] == 135


PENETRO_FOUR = {
    "players": FOUR,
    "options": {"penetro_four": True},
    "hands": [
        {"contract": "penetro", "tricks": {"North": 3, "West": 2, "South": 2, "East": 2}},
        {"contract": "penetro", "tricks": {"North": 3, "West": 2, "South": 2, "East": 2}},
        {"contract": "penetro", "tricks": {"North": 3, "West": 2, "South": 3, "East": 1}},
    ],
}


def test_penetro_with_four_players() -> None:
    """Worked by hand from seed 000's "penetro with four active players"; 160 each.

    Start 155 each, dish 20.
    1. North deals (plato 6, N 154, dish 15) and plays a penetro against all three. Tricks 3-2-2-2:
       more than each other player, so sacado with three tricks. In play 6 + 4 = 10: North takes
       6 and 1 (tanto) + 1 (penetro) from each: N 166, the others 153.
    2. West deals (pajarito + 1, plato 6, W 152, dish 10), penetro: North 3, the others 2 —
       codillo by North. West pays 10 into the plato and 10 to North, and the penetro's 1 to each:
       W 129, N 177, S 154, E 154; plato 16.
    3. South deals (plato 17, S 153), penetro: South 3, North 3, West 2, East 1 — a tie, puesta.
       A puesta in the plato: 17 + 4 = 21 on the paper against South; penetro 1 to each:
       S 150, N 178, W 130, E 155.
    """
    for ledger in both(PENETRO_FOUR):
        assert ledger.results[0].active == tuple(FOUR)
        assert ledger.results[0].outcome == "sacado"
        assert hand_row(ledger, 1).bowls == {"North": 166, "West": 153, "South": 153, "East": 153}
        assert ledger.results[1].outcome == "codillo" and ledger.results[1].winner == "North"
        r2 = hand_row(ledger, 2)
        assert r2.bowls == {"North": 177, "West": 129, "South": 154, "East": 154} and r2.plato == 16
        r3 = hand_row(ledger, 3)
        assert ledger.results[2].outcome == "puesta" and ledger.results[2].in_play == 21
        assert r3.bowls == {"North": 178, "West": 130, "South": 150, "East": 155}
        assert open_paper(r3) == {"South": [21]}


@pytest.mark.parametrize(
    "hand, field, message",
    [
        ({"contract": "penetro", "drops_out": "West", "tricks": {"North": 5, "South": 2, "East": 2}},
         "drops_out", "nobody drops out"),
        ({"contract": "penetro", "tricks": {"North": 5, "South": 2, "East": 2}}, "tricks", "missing"),
    ],
)
def test_penetro_four_refusals(hand: dict, field: str, message: str) -> None:
    d = {"format": "tresillo-session/1", "players": FOUR, "options": {"penetro_four": True}, "hands": [hand]}
    with pytest.raises(SessionError) as info:
        replay(load_session(d))
    assert info.value.first.field == field and message in info.value.first.message


def test_penetro_four_refused_under_house() -> None:
    d = {"format": "tresillo-session/1", "rules": "house", "players": FOUR, "options": {"penetro_four": True}}
    with pytest.raises(SessionError) as info:
        load_session(d)
    assert info.value.first.field == "options.penetro_four"


OWN_PAGAT = {
    "players": ["A", "B", "C"],
    "start_tokens": 100,
    "options": {"condiciones": {"vuelta": 2, "solo": 4, "estuche": 2}, "ante": 2, "pajarito": 10},
    "hands": [
        {"contract": "vuelta", "declarer": "B", "tricks": {"A": 2, "B": 5, "C": 2}, "estuche": True},
        {"contract": "solo", "declarer": "C", "tricks": {"A": 4, "B": 1, "C": 4}},
    ],
}


def test_own_condiciones_from_pagat() -> None:
    """A group playing pagat with vuelta 2, solo 4, estuche 2, an ante of 2 and pajaritos of 10.

    Start: 100 each, a pajarito of 10 in the dish: bowls 90, dish 30.
    1. A deals: pajarito 10 + ante 2, plato 12 (A 88, dish 20). B wins a vuelta with estuche:
       in play 12 + 3 = 15; each pays 1 + 2 + 2 = 5: A 83, C 85, B 90 + 12 + 10 = 112.
    2. B deals: pajarito + 2, plato 12 (B 110, dish 10). C's solo is puesta (4-4-1): 15 into the
       plato and the solo's 4 to each: C 62, A 87, B 114; plato 27.
    """
    for ledger in both(OWN_PAGAT):
        assert ledger.rows[0].pajaritos == 30
        assert deal_row(ledger, 1).plato == 12
        assert hand_row(ledger, 1).bowls == {"A": 83, "B": 112, "C": 85}
        r2 = hand_row(ledger, 2)
        assert r2.bowls == {"A": 87, "B": 114, "C": 62} and r2.plato == 27 and r2.pajaritos == 10


def test_own_condiciones_from_house() -> None:
    """House rules with contra-estuche 5 and an ante of 2; three players with 100.

    Start 95 each, dish 15. A deals: pajarito 5 + 2, plato 7 (A 93). B wins an entrada holding
    none of the top three trumps: in play is the plato alone (7); each pays entrada 1 +
    contra-estuche 5 = 6: A 87, C 89, B 95 + 7 + 12 = 114.
    """
    d = {"rules": "house", "players": ["A", "B", "C"], "start_tokens": 100,
         "options": {"condiciones": {"contra_estuche": 5}, "ante": 2},
         "hands": [{"contract": "entrada", "declarer": "B", "tricks": {"A": 2, "B": 5, "C": 2},
                    "contra_estuche": True}]}
    for ledger in both(d):
        assert ledger.results[0].in_play == 7
        assert ledger.last.bowls == {"A": 87, "B": 114, "C": 89}


@pytest.mark.parametrize(
    "rules, options, field",
    [
        ("pagat", {"condiciones": {"trick": 1}}, "options.condiciones.trick"),
        ("pagat", {"condiciones": {"vuelta": -1}}, "options.condiciones.vuelta"),
        ("pagat", {"condiciones": {"vuelta": "2"}}, "options.condiciones.vuelta"),
        ("house", {"condiciones": {"penetro": 1}}, "options.condiciones.penetro"),
        ("pagat", {"pajarito": 0}, "options.pajarito"),
        ("pagat", {"ante": -1}, "options.ante"),
        ("french", {"ante": 1}, "options.ante"),
        ("pagat", {"codillo": "loser_pays"}, "options.codillo"),
        ("pagat", {"dealer_bet": 10}, "options.dealer_bet"),
        ("pagat", {"colour": "red"}, "options.colour"),
        ("pagat", ["scale"], "options"),
    ],
)
def test_bad_options_name_the_option(rules: str, options: object, field: str) -> None:
    d = {"format": "tresillo-session/1", "rules": rules, "players": ["A", "B", "C"], "options": options}
    with pytest.raises(SessionError) as info:
        load_session(d)
    assert info.value.first.field == field
