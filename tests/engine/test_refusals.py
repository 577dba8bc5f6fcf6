"""Bad input the engine refuses: the hand and field are named, and nothing is applied."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorekeeper.core.errors import HandError, SessionError
from scorekeeper.games.tresillo.engine import Hand, Setup, Surrender, Table, load_session

from .helpers import NWS, NWSE, session

ROUND = {"contract": "entrada", "declarer": "West", "tricks": {"North": 2, "West": 5, "South": 2}}


def snapshot(t: Table):
    return (len(t.rows), tuple(t.bowls), t.plato, t.pajaritos, t.paper.debts(), t.hands_played,
            t.plato_puesta, dict(t.open), t.upcoming())


def refused(players, hand: Hand, *, before=(), rules="pagat", paper=()):
    """Play ``before``, then ``hand``: it must raise, leaving the table exactly as it was."""
    t = Table(Setup(players=tuple(players), first_dealer=players[0], rules=rules, paper=paper))
    for h in before:
        t.play(h)
    snap = snapshot(t)
    with pytest.raises(HandError) as exc:
        t.play(hand)
    assert snapshot(t) == snap
    with pytest.raises(HandError):
        t.preview(hand)
    return exc.value.first


def test_unknown_player_in_the_file():
    with pytest.raises(SessionError) as exc:
        load_session(session(NWS, [dict(ROUND, declarer="Zed")]))
    assert (exc.value.first.hand, exc.value.first.field) == (1, "declarer")


def test_duplicate_player():
    with pytest.raises(SessionError) as exc:
        load_session(session(["North", "West", "North"], []))
    assert (exc.value.first.hand, exc.value.first.field) == (None, "players")


@pytest.mark.parametrize("players", [["A", "B"], ["A", "B", "C", "D", "E"]])
def test_wrong_number_of_players(players):
    with pytest.raises(SessionError) as exc:
        load_session(session(players, []))
    assert exc.value.first.field == "players"
    with pytest.raises(SessionError):
        Table(Setup(players=tuple(players), first_dealer="A"))


def test_resting_dealer_cannot_declare():
    err = refused(NWSE, Hand("entrada", declarer="North", tricks={"North": 5, "West": 2, "South": 2}))
    assert (err.hand, err.field) == (1, "declarer") and "sits this hand out" in err.message


def test_dropped_out_player_cannot_declare():
    err = refused(NWSE, Hand("penetro", declarer="South", drops_out="South",
                             tricks={"North": 5, "West": 2, "East": 2}))
    assert err.field == "declarer"


@pytest.mark.parametrize(
    "tricks, words",
    [
        ({"North": 2, "West": 5, "East": 2}, "did not play"),
        ({"West": 5, "South": 4}, "missing"),
        ({"North": -1, "West": 5, "South": 5}, "0 or more"),
        ({"North": 2, "West": 5, "South": 3}, "add up to 10"),
    ],
)
def test_bad_tricks(tricks, words):
    err = refused(NWS, Hand("entrada", declarer="West", tricks=tricks), before=[Hand("pass")])
    assert (err.hand, err.field) == (2, "tricks") and words in err.message


def test_undecided_outcome():
    err = refused(NWS, Hand("entrada", declarer="West"))
    assert err.field == "tricks" and "undecided" in err.message


def test_primeras_and_bola_together():
    err = refused(NWS, Hand("entrada", declarer="West", primeras=True, bola="won",
                            tricks={"North": 0, "West": 9, "South": 0}))
    assert err.field == "primeras"


def test_primeras_with_nine_tricks():
    err = refused(NWS, Hand("entrada", declarer="West", primeras=True, tricks={"North": 2, "West": 5, "South": 2}))
    assert err.field == "tricks"


def test_nine_tricks_without_bola():
    err = refused(NWS, Hand("entrada", declarer="West", tricks={"North": 0, "West": 9, "South": 0}))
    assert err.field == "bola"


def test_bola_won_without_nine():
    err = refused(NWS, Hand("entrada", declarer="West", bola="won", tricks={"North": 1, "West": 7, "South": 1}))
    assert err.field == "bola"


@pytest.mark.parametrize("taker", [None, "South"])
def test_surrender_in_a_solo(taker):
    """A solo can be neither given up nor taken over by an opponent."""
    err = refused(NWS, Hand("solo", declarer="West", surrender=Surrender(taker)))
    assert (err.hand, err.field) == (1, "surrender") and "solo" in err.message


def test_takeover_in_a_penetro():
    err = refused(NWSE, Hand("penetro", surrender=Surrender("West")))
    assert err.field == "surrender"


@pytest.mark.parametrize("who", ["West", "North"])
def test_takeover_by_a_non_opponent(who):
    """West is the declarer himself; North is the resting dealer."""
    err = refused(NWSE, Hand("entrada", declarer="West", surrender=Surrender(who),
                             tricks={"West": 2, "South": 5, "East": 2}))
    assert err.field == "surrender"


def test_takeover_of_a_vuelta_under_house():
    err = refused(NWS, Hand("vuelta", declarer="West", surrender=Surrender("South"),
                            tricks={"North": 2, "West": 2, "South": 5}), rules="house")
    assert err.field == "surrender"


def test_penetro_with_three_players():
    err = refused(NWS, Hand("penetro", surrender=Surrender()))
    assert err.field == "contract"


def test_penetro_not_by_the_dealer():
    err = refused(NWSE, Hand("penetro", declarer="West", surrender=Surrender()))
    assert err.field == "declarer"


def test_debt_without_a_largest_debt():
    from scorekeeper.games.tresillo.engine import PaperDebt

    paper = (PaperDebt("South", 20), PaperDebt("North", 12))
    err = refused(NWS, Hand("entrada", declarer="West", debt="North",
                            tricks={"North": 2, "West": 5, "South": 2}), paper=paper)
    assert err.field == "debt" and "largest" in err.message
    err = refused(NWS, Hand("entrada", declarer="West", debt="South", tricks={"North": 2, "West": 5, "South": 2}))
    assert err.field == "debt"


def test_unknown_contract():
    err = refused(NWS, Hand("grand", declarer="West", tricks={"North": 2, "West": 5, "South": 2}))
    assert err.field == "contract"
    with pytest.raises(SessionError) as exc:
        load_session(session(NWS, [dict(ROUND, contract="grand")]))
    assert (exc.value.first.hand, exc.value.first.field) == (1, "contract")


def test_unknown_ruleset():
    with pytest.raises(SessionError) as exc:
        load_session(session(NWS, [], rules="whist"))
    assert exc.value.first.field == "rules"
    with pytest.raises(SessionError):
        Table(Setup(players=tuple(NWS), first_dealer="North", rules="whist", tanto_value=Decimal("1")))


def test_a_refused_hand_in_a_file_names_its_number():
    with pytest.raises(SessionError) as exc:
        from scorekeeper.games.tresillo.engine import replay

        replay(load_session(session(NWS, [ROUND, ROUND, dict(ROUND, declarer="West", tricks={"West": 9})])))
    assert str(exc.value) == "hand 3: tricks: North's tricks are missing"
