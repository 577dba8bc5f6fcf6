"""Palo de favor: the favoured suit doubles the condiciones and the table tanto (not a reserved puesta)."""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import HandError, SessionError
from scorekeeper.games.tresillo.engine import Hand, Options, Setup, Table, load_session, replay
from variants_helpers import both, deal_row, engine_session, hand_row, open_paper

FOUR = ["North", "West", "South", "East"]

SESSION = {
    "rules": "pagat",
    "players": FOUR,
    "first_dealer": "North",
    "options": {"palo_de_favor": "oros"},
    "hands": [
        {"contract": "vuelta", "declarer": "South", "trump": "oros",
         "tricks": {"West": 2, "South": 5, "East": 2}, "estuche": True},
        {"contract": "entrada", "declarer": "North", "trump": "oros",
         "tricks": {"North": 4, "South": 4, "East": 1}},
        {"contract": "solo", "declarer": "West", "trump": "bastos",
         "tricks": {"North": 2, "West": 5, "East": 2}},
        {"contract": "entrada", "declarer": "North", "trump": "oros",
         "tricks": {"North": 2, "West": 5, "South": 2}},
        {"contract": "entrada", "declarer": "West", "trump": "oros",
         "tricks": {"West": 4, "South": 4, "East": 1}},
        {"contract": "vuelta", "declarer": "South", "trump": "copas",
         "tricks": {"North": 2, "South": 5, "East": 2}},
        {"contract": "entrada", "declarer": "East", "trump": "oros",
         "tricks": {"North": 2, "West": 2, "East": 5}},
    ],
}


def test_favoured_suit_doubles_condiciones_and_tanto_but_not_a_reserved_puesta() -> None:
    """Worked by hand from seed 000 (palo de favor = oros), four players, 160 each.

    Start: bowls 155 each, pajaritos 20.
    1. North deals: pajarito + 1, plato 6 (North 154, dish 15). South wins a vuelta whose turned
       card is oros (favoured) with estuche. In play 6 + 2×4 = 14. South takes the plato and from
       each player 2 (tanto, doubled) + 2 (vuelta 1, doubled) + 2 (estuche 1, doubled) = 6:
       N 148, W 149, S 155+6+18 = 179, E 149, plato 0.
    2. West deals: pajarito + 1, plato 6 (W 148, dish 10). North, entrada in oros, puesta 4-4-1.
       In play 6 + 8 = 14 into the plato: N 134, plato 20.
    3. South deals: plato 21 (S 178). West, solo in bastos (not favoured), wins. Puesta in the
       plato, in play 21 + 4 = 25: West takes 21 + (1 tanto + 2 solo) from each:
       N 131, W 148+21+9 = 178, S 175, E 146, plato 0.
    4. East deals: pajarito + 1, plato 6 (E 145, dish 5). North, entrada in oros, codillo by
       West. In play 6 + 8 = 14: North pays 14 into the plato and 14 to West: N 103, W 192,
       plato 20.
    5. North deals: plato 21 (N 102). West, entrada in oros, puesta 4-4-1: a puesta in the plato,
       in play 21 + 8 = 29, written on the paper against West.
    6. West deals: plato 22 (W 191). South, vuelta turned copas (not favoured), wins: in play
       22 + 4 = 26; South takes 22 + 2 from each (tanto, vuelta): N 100, W 189, S 203, E 143.
    7. South deals: a debt is open, so no pajarito; plato 1 (S 202). Reserved puesta: in play
       29 + 1 = 30 — the favoured suit does not change it. East wins an entrada in oros:
       plato 1 and West's 29 (crossed out), no table tanto, entrada 0:
       N 100, W 160, S 202, E 173; dish 5.
    """
    for ledger in both(SESSION):
        r1 = hand_row(ledger, 1)
        assert ledger.results[0].in_play == 14 and ledger.results[0].favoured
        assert r1.bowls == {"North": 148, "West": 149, "South": 179, "East": 149}
        assert r1.plato == 0
        r2 = hand_row(ledger, 2)
        assert ledger.results[1].in_play == 14
        assert r2.bowls["North"] == 134 and r2.plato == 20
        r3 = hand_row(ledger, 3)
        assert ledger.results[2].in_play == 25 and not ledger.results[2].favoured
        assert r3.bowls == {"North": 131, "West": 178, "South": 175, "East": 146}
        r4 = hand_row(ledger, 4)
        assert ledger.results[3].in_play == 14 and ledger.results[3].outcome == "codillo"
        assert r4.bowls == {"North": 103, "West": 192, "South": 175, "East": 145}
        assert r4.plato == 20
        r5 = hand_row(ledger, 5)
        assert ledger.results[4].in_play == 29
        assert open_paper(r5) == {"West": [29]}
        r6 = hand_row(ledger, 6)
        assert ledger.results[5].in_play == 26
        assert r6.bowls == {"North": 100, "West": 189, "South": 203, "East": 143}
        assert deal_row(ledger, 7).plato == 1
        r7 = hand_row(ledger, 7)
        assert ledger.results[6].in_play == 30 and ledger.results[6].favoured
        assert r7.bowls == {"North": 100, "West": 160, "South": 202, "East": 173}
        assert r7.plato == 0 and r7.pajaritos == 5 and open_paper(r7) == {}


def test_favoured_failed_bola_is_doubled_too() -> None:
    """Three players A, B, C (160 each), palo de favor espadas.

    Start 155 each, dish 15. A deals: pajarito + 1, plato 6 (A 154). B plays a solo in espadas
    with estuche, takes the first five, goes on and loses a trick (8-1-0). In play 6 + 2×3 = 12.
    B takes the plato and from each 2 (tanto) + 4 (solo 2, doubled) + 2 (estuche) = 8, and pays
    each 16 (bola 8, doubled): A 154 − 8 + 16 = 162, C 155 − 8 + 16 = 163, B 155 + 6 + 16 − 32 = 145.
    """
    d = {
        "players": ["A", "B", "C"], "options": {"palo_de_favor": "espadas"},
        "hands": [{"contract": "solo", "declarer": "B", "trump": "espadas",
                   "tricks": {"A": 1, "B": 8, "C": 0}, "estuche": True, "bola": "failed"}],
    }
    for ledger in both(d):
        assert ledger.last.bowls == {"A": 162, "B": 145, "C": 163}
        assert ledger.results[0].in_play == 12


def test_upcoming_shows_the_favoured_amount_in_play() -> None:
    """First hand, four players: plato 6; plain 6 + 4 = 10, favoured 6 + 8 = 14."""
    table = Table(Setup(players=tuple(FOUR), first_dealer="North", options=Options({"palo_de_favor": "copas"})))
    up = table.upcoming()
    assert (up.in_play, up.in_play_favoured) == (10, 14)
    plain = Table(Setup(players=tuple(FOUR), first_dealer="North"))
    assert plain.upcoming().in_play_favoured is None


@pytest.mark.parametrize(
    "hand, message",
    [
        ({"contract": "entrada", "declarer": "West", "tricks": {"West": 5, "South": 2, "East": 2}},
         "give the trump suit"),
        ({"contract": "penetro", "surrender": {"takeover": None}, "trump": "oros"},
         "nobody chose trumps"),
    ],
)
def test_trump_required_with_palo_de_favor(hand: dict, message: str) -> None:
    d = {"format": "tresillo-session/1", "players": FOUR, "options": {"palo_de_favor": "oros"}, "hands": [hand]}
    with pytest.raises(SessionError) as info:
        replay(load_session(d))
    assert info.value.first.hand == 1 and info.value.first.field == "trump"
    assert message in info.value.first.message


def test_penetro_surrendered_needs_no_trump() -> None:
    """North deals (plato 6) and surrenders a penetro: in play 6 + 4 = 10 (not favoured: no trump
    was chosen), written into the plato; penetro 1 to each: North 154 − 10 − 3 = 141."""
    d = {"players": FOUR, "options": {"palo_de_favor": "oros"},
         "hands": [{"contract": "penetro", "declarer": "North", "surrender": {"takeover": None}}]}
    for ledger in both(d):
        assert ledger.results[0].in_play == 10 and not ledger.results[0].favoured
        assert ledger.last.bowls["North"] == 141 and ledger.last.plato == 16


def test_trump_refused_without_palo_de_favor() -> None:
    table = Table(Setup(players=("A", "B", "C"), first_dealer="A"))
    before = table.last
    with pytest.raises(HandError) as info:
        table.play(Hand("entrada", declarer="B", tricks={"A": 2, "B": 5, "C": 2}, trump="oros"))
    assert info.value.first.field == "trump"
    assert table.last is before and len(table.rows) == 1


def test_unknown_suit_refused_in_file_and_option() -> None:
    bad_hand = {"format": "tresillo-session/1", "players": FOUR, "options": {"palo_de_favor": "oros"},
                "hands": [{"contract": "entrada", "declarer": "West", "trump": "hearts",
                           "tricks": {"West": 5, "South": 2, "East": 2}}]}
    with pytest.raises(SessionError) as info:
        load_session(bad_hand)
    assert (info.value.first.hand, info.value.first.field) == (1, "trump")
    bad_option = {"format": "tresillo-session/1", "players": FOUR, "options": {"palo_de_favor": "hearts"}, "hands": []}
    with pytest.raises(SessionError) as info:
        load_session(bad_option)
    assert info.value.first.field == "options.palo_de_favor"


def test_engine_session_and_file_session_are_equal() -> None:
    from variants_helpers import file_session

    assert engine_session(SESSION) == file_session(SESSION)
