"""Seed 000's rules (`pagat`), one scenario each, figures worked out by hand.

Unless said otherwise: players North, West, South (or + East), North deals
first, 160 tantos each, so every bowl starts at 155 after the pajarito and
the pajaritos dish holds 5 per player.
"""

from __future__ import annotations

from decimal import Decimal

from scorekeeper.core.transfers import fewest_transfers
from scorekeeper.games.tresillo.words import row_words

from .helpers import NWS, NWSE, bowls, crossed, paper, run, state, table

W_WINS = {"contract": "entrada", "declarer": "West", "tricks": {"North": 2, "West": 5, "South": 2}}
W_PUESTA = {"contract": "entrada", "declarer": "West", "tricks": {"North": 4, "West": 4, "South": 1}}


def test_three_players_first_hand_won():
    """N deals: a pajarito (5) + 1 → plato 6, N 154, dish 10. In play 6 + 3 = 9.
    West wins: the plato (6) and 1 from North and South → W 163, N 153, S 154."""
    led = run(NWS, [W_WINS])
    assert state(led.rows[1]) == ([154, 155, 155], 6, 10, {})
    assert state(led.rows[2]) == ([153, 163, 154], 0, 10, {})
    assert led.results[0].in_play == 9 and led.results[0].mano == "West"


def test_four_players_resting_dealer_pays_tanto_and_condiciones():
    """N deals and rests (plato 6, N 154). In play 6 + 4 = 10. West wins a solo:
    the plato, and from each of N, S, E 1 (tanto) + 2 (solo) = 3 → W 155 + 6 + 9 = 170,
    N 151, S 152, E 152."""
    led = run(NWSE, [{"contract": "solo", "declarer": "West", "tricks": {"West": 5, "South": 2, "East": 2}}])
    assert state(led.rows[2]) == ([151, 170, 152, 152], 0, 15, {})
    assert led.results[0].in_play == 10
    assert led.results[0].active == ("West", "South", "East")


def test_pajarito_moves_only_when_plato_empty_and_paper_clear():
    """H1 N deals (plato 6); W puesta pays 9 → plato 15, W 146.
    H2 W deals: plato not empty, only +1 → 16, W 145, dish stays 10. In play 16 + 3 = 19;
    South puesta → debt S 19. H3 S deals → plato 17, S 154; North wins: 17 + 1 from W and S
    → N 173, W 144, S 153. H4 N deals: plato empty but the paper has S 19, so only +1:
    plato 1, N 172, dish 10; in play 19 + 1 = 20."""
    hands = [
        W_PUESTA,
        {"contract": "entrada", "declarer": "South", "tricks": {"North": 4, "West": 1, "South": 4}},
        {"contract": "entrada", "declarer": "North", "tricks": {"North": 5, "West": 2, "South": 2}},
    ]
    t = table(NWS, hands)
    assert state(t.rows[3]) == ([154, 145, 155], 16, 10, {})
    assert state(t.rows[4]) == ([154, 145, 155], 16, 10, {"South": [19]})
    assert state(t.rows[6]) == ([173, 144, 153], 0, 10, {"South": [19]})
    up = t.upcoming()
    assert (up.dealer, up.moves_pajarito, up.plato_after_deal, up.in_play, up.case) == ("North", False, 1, 20, "reserved")


def test_pajaritos_refill_when_the_dish_empties():
    """Three won hands each start from an empty plato and a clear paper.
    H1 N deals (dish 10), W wins: W 163, N 153, S 154. H2 W deals (dish 5, W 162),
    S wins 6 + 2: S 162, N 152, W 161. H3 S deals: the last pajarito moves (dish 0),
    so everyone puts in 5 at once: S 162 − 1 − 5 = 156, N 147, W 156, dish 15, plato 6."""
    hands = [W_WINS, {"contract": "entrada", "declarer": "South", "tricks": {"North": 2, "West": 2, "South": 5}},
             W_WINS]
    led = run(NWS, hands)
    assert state(led.rows[4]) == ([152, 161, 162], 0, 5, {})
    assert state(led.rows[5]) == ([147, 156, 156], 6, 15, {})
    assert "everyone puts in a pajarito" in row_words(led.rows[5]).comment


def test_first_puesta_codillo():
    """In play 9. West loses codillo to North: 9 into the plato and 9 to North →
    W 137, N 154 + 9 = 163, plato 6 + 9 = 15."""
    led = run(NWS, [{"contract": "entrada", "declarer": "West", "tricks": {"North": 5, "West": 2, "South": 2}}])
    assert state(led.rows[2]) == ([163, 137, 155], 15, 10, {})
    assert led.results[0].winner == "North"


def test_first_puesta_puesta():
    """In play 9: West pays 9 into the plato → W 146, plato 15."""
    led = run(NWS, [W_PUESTA])
    assert state(led.rows[2]) == ([154, 146, 155], 15, 10, {})


def test_puesta_real_two_opponents_tied_above_the_declarer():
    """Seed 000's puesta real: West takes 1, North and South 4 each. Neither opponent has more
    than the other, so no codillo: a puesta, West pays 9 into the plato → W 146, plato 15, and
    nobody is paid a codillo (a codillo to South would leave W 137, S 164)."""
    led = run(NWS, [{"contract": "entrada", "declarer": "West", "tricks": {"North": 4, "West": 1, "South": 4}}])
    assert (led.results[0].outcome, led.results[0].winner) == ("puesta", None)
    assert state(led.rows[2]) == ([154, 146, 155], 15, 10, {})


def test_puesta_sabia_three_three_three():
    """3-3-3 (puesta sabia): a puesta too → W 146, plato 15."""
    led = run(NWS, [{"contract": "entrada", "declarer": "West", "tricks": {"North": 3, "West": 3, "South": 3}}])
    assert (led.results[0].outcome, led.results[0].winner) == ("puesta", None)
    assert state(led.rows[2]) == ([154, 146, 155], 15, 10, {})


def test_puesta_in_the_plato_codillo():
    """After W's puesta (plato 15), W deals: plato 16, W 145; in play 16 + 3 = 19.
    South loses codillo to North: debt S 19 and 19 to North → N 173, S 136; plato stays 16."""
    hands = [W_PUESTA, {"contract": "entrada", "declarer": "South", "tricks": {"North": 5, "West": 2, "South": 2}}]
    led = run(NWS, hands)
    assert led.results[1].case == "plato" and led.results[1].in_play == 19
    assert state(led.rows[4]) == ([173, 145, 136], 16, 10, {"South": [19]})


CARRIED = [{"player": "South", "amount": 20}]


def test_reserved_puesta_sacado_debtor_pays():
    """Carried paper S 20: N deals, no pajarito (paper open) → plato 1, N 154. In play 20 + 1.
    West wins: the plato (1) and South's 20 → W 176, S 135; the debt is crossed; no table tanto."""
    led = run(NWS, [W_WINS], paper=CARRIED)
    assert state(led.rows[1]) == ([154, 155, 155], 1, 15, {"South": [20]})
    assert led.results[0].in_play == 21 and led.results[0].case == "reserved"
    assert state(led.rows[2]) == ([154, 176, 135], 0, 15, {})
    assert crossed(led.rows[2]) == {"South": [20]}


def test_reserved_puesta_puesta_and_codillo():
    """In play 21. Puesta: a debt W 21, no tokens move, plato stays 1. Then W deals
    (plato 2, W 154): the largest debt is now W's 21, in play 23; West loses codillo to
    North: a second debt W 23 and 23 to North → N 177, W 131."""
    hands = [W_PUESTA, {"contract": "entrada", "declarer": "West", "tricks": {"North": 5, "West": 2, "South": 2}}]
    led = run(NWS, hands, paper=CARRIED)
    assert state(led.rows[2]) == ([154, 155, 155], 1, 15, {"West": [21], "South": [20]})
    assert led.results[1].in_play == 23 and led.results[1].played_debt.player == "West"
    assert state(led.rows[4]) == ([177, 131, 155], 2, 15, {"West": [21, 23], "South": [20]})


def test_declarer_wins_own_reserved_puesta():
    """South wins while South's 20 is played for: S takes the plato (1), the debt is
    crossed, no tokens move for it → S 156."""
    led = run(NWS, [{"contract": "entrada", "declarer": "South", "tricks": {"North": 2, "West": 2, "South": 5}}],
              paper=CARRIED)
    assert state(led.rows[2]) == ([154, 155, 156], 0, 15, {})
    assert crossed(led.rows[2]) == {"South": [20]}


def test_estuche_only_on_sacado():
    """W vuelta with estuche, puesta: 9 into the plato and the vuelta (1) to N and S;
    no estuche → W 155 − 9 − 2 = 144, N 155, S 156, plato 15."""
    led = run(NWS, [dict(W_PUESTA, contract="vuelta", estuche=True)])
    assert state(led.rows[2]) == ([155, 144, 156], 15, 10, {})


def test_primeras():
    """First five tricks and a stop: the plato (6) + 1 tanto + 1 primeras from N and S
    → W 165, N 152, S 153."""
    led = run(NWS, [{"contract": "entrada", "declarer": "West", "primeras": True,
                     "tricks": {"North": 0, "West": 5, "South": 0}}])
    assert bowls(led.rows[2]) == [152, 165, 153]


def test_bola_won():
    """A solo with all nine: the plato (6) + 1 + 2 (solo) + 8 (bola) = 11 from each → W 183, N 143, S 144."""
    led = run(NWS, [{"contract": "solo", "declarer": "West", "bola": "won",
                     "tricks": {"North": 0, "West": 9, "South": 0}}])
    assert bowls(led.rows[2]) == [143, 183, 144]


def test_bola_failed():
    """Seven tricks after trying for bola: still wins the plato (6) and 1 from each, but pays
    each 8 → W 155 + 6 + 2 − 16 = 147, N 154 − 1 + 8 = 161, S 162."""
    led = run(NWS, [{"contract": "entrada", "declarer": "West", "bola": "failed",
                     "tricks": {"North": 1, "West": 7, "South": 1}}])
    assert bowls(led.rows[2]) == [161, 147, 162]


def test_surrender_accepted():
    """A vuelta given up and accepted is puesta: 9 into the plato and the vuelta (1) to each
    → W 144, N 155, S 156, plato 15."""
    led = run(NWS, [{"contract": "vuelta", "declarer": "West", "surrender": {"takeover": None}}])
    assert state(led.rows[2]) == ([155, 144, 156], 15, 10, {})
    assert led.results[0].outcome == "puesta"


def test_takeover_new_declarer_wins():
    """West gives up an entrada, South takes over and wins: West pays South the amount in play
    (9); plato (6) and paper untouched → W 146, S 164. Next W deals: plato 7, still a first
    puesta, in play 7 + 3 = 10."""
    t = table(NWS, [{"contract": "entrada", "declarer": "West", "surrender": {"takeover": "South"},
                     "tricks": {"North": 2, "West": 2, "South": 5}}])
    assert state(t.rows[2]) == ([154, 146, 164], 6, 10, {})
    up = t.upcoming()
    assert (up.plato_after_deal, up.case, up.in_play) == (7, "first", 10)


def test_takeover_twin_puestas_first_puesta():
    """First puesta, the new declarer South ties West 4-4: both pay 9 into the plato →
    W 146, S 146, plato 6 + 18 = 24; the next hand is a puesta in the plato."""
    t = table(NWS, [{"contract": "entrada", "declarer": "West", "surrender": {"takeover": "South"},
                     "tricks": {"North": 1, "West": 4, "South": 4}}])
    assert state(t.rows[2]) == ([154, 146, 146], 24, 10, {})
    assert t.upcoming().case == "plato"


def test_takeover_twin_debts_when_not_first_puesta():
    """After W's puesta (plato 15), W deals (16, W 145), in play 19. South gives up a vuelta,
    North takes over and ties South 4-4: two debts of 19 (South's written first), South pays
    the vuelta (1) to N and W → S 153, N 155, W 146; plato stays 16."""
    hands = [W_PUESTA, {"contract": "vuelta", "declarer": "South", "surrender": {"takeover": "North"},
                        "tricks": {"North": 4, "West": 1, "South": 4}}]
    led = run(NWS, hands)
    assert state(led.rows[4]) == ([155, 146, 153], 16, 10, {"South": [19], "North": [19]})
    assert [d.player for d in led.rows[4].paper] == ["South", "North"]


def test_takeover_codillo_won_by_the_original_declarer():
    """South takes over West's entrada but West makes five: codillo for the new declarer,
    won by West. First puesta: both pay 9 into the plato (24), and South pays West 9 →
    W 155 − 9 + 9 = 155, S 137."""
    led = run(NWS, [{"contract": "entrada", "declarer": "West", "surrender": {"takeover": "South"},
                     "tricks": {"North": 2, "West": 5, "South": 2}}])
    assert state(led.rows[2]) == ([154, 155, 137], 24, 10, {})
    assert (led.results[0].outcome, led.results[0].winner) == ("codillo", "West")


def test_takeover_codillo_won_by_a_third_player():
    """South takes over West's entrada and North makes five: codillo, won by North. The entrada
    condición is 0; first puesta, so West and South each pay 9 into the plato (6 + 18 = 24), and
    South also pays North 9 → W 146, S 155 − 9 − 9 = 137, N 154 + 9 = 163."""
    led = run(NWS, [{"contract": "entrada", "declarer": "West", "surrender": {"takeover": "South"},
                     "tricks": {"North": 5, "West": 2, "South": 2}}])
    assert state(led.rows[2]) == ([163, 146, 137], 24, 10, {})
    assert (led.results[0].outcome, led.results[0].winner) == ("codillo", "North")


def test_penetro_surrender_first_puesta():
    """Four players, N deals (plato 6, N 154) and plays penetro, surrendering on seeing the
    cards: puesta of 6 + 4 = 10 into the plato and the penetro (1) to each → N 141, others 156."""
    led = run(NWSE, [{"contract": "penetro", "surrender": {"takeover": None}}])
    assert state(led.rows[2]) == ([141, 156, 156, 156], 16, 15, {})


def test_penetro_with_drop_out():
    """South drops out; North wins 5-2-2: the plato (6) + 1 tanto + 1 penetro from each of W, S, E
    (South too, though out) → N 154 + 6 + 6 = 166, others 153."""
    led = run(NWSE, [{"contract": "penetro", "declarer": "North", "drops_out": "South",
                      "tricks": {"North": 5, "West": 2, "East": 2}}])
    assert state(led.rows[2]) == ([166, 153, 153, 153], 0, 15, {})
    assert led.results[0].active == ("North", "West", "East")


def test_three_players_cancelled_deal():
    """All pass, espada in the heap: nothing moves. Next W deals: plato 6 + 1 = 7 (no pajarito,
    the plato is not empty), W 154; in play 7 + 3 = 10."""
    t = table(NWS, [{"contract": "pass"}])
    assert state(t.rows[2]) == ([154, 155, 155], 6, 10, {})
    assert t.results[0].outcome == "cancelled"
    up = t.upcoming()
    assert (up.dealer, up.plato_after_deal, up.in_play) == ("West", 7, 10)


def test_forced_entrada_scores_like_an_entrada():
    """Same figures as an ordinary won entrada; the event says it was forced."""
    led = run(NWS, [dict(W_WINS, forced=True)])
    assert bowls(led.rows[2]) == [153, 163, 154]
    assert "forced" in row_words(led.rows[2]).event


TIED = [{"player": "South", "amount": 20}, {"player": "West", "amount": 20}]
N_WINS = {"contract": "entrada", "declarer": "North", "tricks": {"North": 5, "West": 2, "South": 2}}


def test_tied_debts_default_oldest():
    """S 20 and W 20 tie; without `debt` the oldest (South's) is played: N takes the plato (1)
    and South's 20 → N 175, S 135."""
    led = run(NWS, [N_WINS], paper=TIED)
    assert bowls(led.rows[2]) == [175, 155, 135]
    assert paper(led.rows[2]) == {"West": [20]}


def test_tied_debts_named():
    """The same hand naming West's debt: West pays → N 175, W 135."""
    t = table(NWS, [], paper=TIED)
    assert t.upcoming().tied_debtors == ("South", "West")
    led = run(NWS, [dict(N_WINS, debt="West")], paper=TIED)
    assert bowls(led.rows[2]) == [175, 135, 155]
    assert paper(led.rows[2]) == {"South": [20]}


SETTLE_HANDS = [W_PUESTA, {"contract": "entrada", "declarer": "South", "tricks": {"North": 4, "West": 1, "South": 4}}]


def test_settlement_settles_the_paper():
    """Bowls N 154, W 145, S 155; plato 16, dish 10, paper S 19. South pays 19 in: pot 45, 15 each
    → N 169, W 160, S 155 − 19 + 15 = 151."""
    st = run(NWS, SETTLE_HANDS).settlement
    assert st.pot == 45 and st.share == 15 and st.remainder_to == ()
    assert st.final == {"North": 169, "West": 160, "South": 151}
    assert st.net == {"North": 9, "West": 0, "South": -9}
    assert st.money == {"North": Decimal("0.90"), "West": Decimal("0.00"), "South": Decimal("-0.90")}
    assert st.kept_paper == ()


def test_settlement_keeps_the_paper():
    """Kept: pot 16 + 10 = 26, 8 each and 2 over, to the lowest bowls W (145) then N (154)
    → N 163, W 154, S 163; South's 19 goes on the kept paper."""
    st = run(NWS, SETTLE_HANDS, end={"paper": "keep"}).settlement
    assert st.final == {"North": 163, "West": 154, "South": 163}
    assert st.remainder_to == ("North", "West")
    assert [(d.player, d.amount) for d in st.kept_paper] == [("South", 19)]


def test_carried_paper_blocks_the_pajarito():
    """With a carried debt, no pajarito moves while it is open (dish stays 15 at three)."""
    led = run(NWS, [{"contract": "entrada", "declarer": "West", "tricks": {"North": 4, "West": 4, "South": 1}}],
              paper=CARRIED)
    assert led.rows[1].pajaritos == 15 and led.rows[1].plato == 1
    assert led.rows[0].paper[0].amount == 20


def test_remainder_ties_by_seating_order():
    """H1 N deals, W wins (W 163, N 153, S 154). H2 W deals (dish 5, W 162), N wins 6 + 2 →
    N 161, W 161, S 153. Pot = the dish 5: 1 each, 2 over → S (lowest) and then North,
    tied with West, by seating order → N 163, W 162, S 155."""
    hands = [W_WINS, N_WINS]
    st = run(NWS, hands).settlement
    assert st.remainder_to == ("North", "South")
    assert st.final == {"North": 163, "West": 162, "South": 155}


def test_fewest_transfers_pairs_first():
    """+5/−5 and +3/−3 settle in two payments, not three."""
    pays = fewest_transfers({"A": 5, "B": -3, "C": -5, "D": 3}, ("A", "B", "C", "D"))
    assert sorted(pays) == [("B", "D", 3), ("C", "A", 5)]
    three = fewest_transfers({"A": 4, "B": -1, "C": -1, "D": -2}, ("A", "B", "C", "D"))
    assert len(three) == 3 and sum(a for _, _, a in three) == 4
