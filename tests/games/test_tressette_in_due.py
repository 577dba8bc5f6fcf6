"""Tressette in due, worked by hand from seed 002 (S2 L121-125) and rules-decisions.md §3."""

from __future__ import annotations

import pytest

from .gamecheck import outcome, refused, session

DUO = ["Ugo", "Vera"]


def in_due(deals, **options):
    return session("tressette-in-due", DUO, deals, **options)


def test_the_format_example_replays_to_the_result_worked_by_hand():
    """session-format.md: Ugo 2 aces + 12 thirds = 6, Vera 2 + 8 div 3 = 4, + 1 last = 5 (11 in
    all, S2 L67-70); nobody at 21, nothing paid."""
    got = outcome(in_due([{"cards": {"Ugo": {"aces": 2, "thirds": 12}, "Vera": {"aces": 2, "thirds": 8}},
                           "last": "Vera"}], declarations=False))
    assert got["deals"] == [{"deal": 1, "points": {"Ugo": 6, "Vera": 5}, "scores": {"Ugo": 6, "Vera": 5}}]
    r = got["result"]
    assert (r["finished"], r["ended_at"], r["winners"], r["losers"], r["multiplier"]) == (False, None, [], [], None)
    assert r["money"] == {"Ugo": "0", "Vera": "0"}


def test_a_game_to_31_ended_by_a_claim():
    """S2 L25-26, L70-73: Ugo four Aces (4) and 3 aces + 14 thirds = 7 + last = 12, Vera 1 + 2 = 3;
    then 9 + 1 (22-4) and 8 against 2 + 1 (30-7); Ugo claims with 1 ace and 2 thirds: 30 + 1 = 31."""
    got = outcome(in_due([
        {"declarations": [{"player": "Ugo", "kind": "four_of_a_kind", "rank": "A"}],
         "cards": {"Ugo": {"aces": 3, "thirds": 14}, "Vera": {"aces": 1, "thirds": 6}}, "last": "Ugo"},
        {"points": {"Ugo": 9, "Vera": 1}, "last": "Ugo"},
        {"points": {"Ugo": 8, "Vera": 2}, "last": "Vera"},
        {"claim": {"by": "Ugo", "cards": {"aces": 1, "thirds": 2}, "last": False}},
    ], target=31))
    assert [d["scores"] for d in got["deals"]] == [{"Ugo": 12, "Vera": 3}, {"Ugo": 22, "Vera": 4},
                                                  {"Ugo": 30, "Vera": 7}, {"Ugo": 31, "Vera": 7}]
    r = got["result"]
    assert (r["how"], r["winners"], r["losers"], r["money"]) == ("claim", ["Ugo"], ["Vera"],
                                                                 {"Ugo": "1", "Vera": "-1"})


def test_a_stramazzo_is_treble_and_the_loser_keeps_no_last_trick():
    """S2 L79-81, [A 6] [A 11]: Ugo takes every counter, Vera the last trick: Ugo 10, Vera 0; ×3 stake 2."""
    got = outcome(in_due([{"event": "stramazzo", "by": "Ugo", "last": "Vera"}], stake=2))
    assert got["deals"][0]["points"] == {"Ugo": 10, "Vera": 0}
    assert got["result"]["money"] == {"Ugo": "6", "Vera": "-6"} and got["result"]["multiplier"] == 3


def test_a_cappotto_is_double():
    """S2 L75-76, [A 11]: Vera takes every trick: 11, ×2."""
    got = outcome(in_due([{"event": "cappotto", "by": "Vera"}]))
    assert got["deals"][0]["points"] == {"Ugo": 0, "Vera": 11}
    assert (got["result"]["winners"], got["result"]["multiplier"]) == (["Vera"], 2)


def test_a_decima_in_the_ten_dealt_cards_is_collatondrione():
    """[A 8] [A 11]: the decima stays with two players: Vera's ten swords win ×16."""
    got = outcome(in_due([{"declarations": [{"player": "Vera", "kind": "decima", "suit": "swords"}]}]))
    assert (got["result"]["how"], got["result"]["winners"], got["result"]["money"]) == (
        "collatondrione", ["Vera"], {"Ugo": "-16", "Vera": "16"})


@pytest.mark.parametrize(("deal", "why"), [
    ({"event": "cappottone", "by": "Ugo"}, "deal 1: event: 'cappottone' is not one of cappotto, stramazzo"),
    ({"event": "strammazzone", "by": "Ugo", "last": "Ugo"},
     "deal 1: event: 'strammazzone' is not one of cappotto, stramazzo"),
    ({"declarations": [{"player": "Ugo", "kind": "four_of_a_kind", "rank": "3"},
                       {"player": "Vera", "kind": "three_of_a_kind", "rank": "3", "missing": "cups"}],
      "points": {"Ugo": 5, "Vera": 5}, "last": "Ugo"},
     "deal 1: declarations[1]: the Three of batons is already in Ugo's hand"),
    ({"points": {"Ugo": 5, "Vera": 5}, "last": "A"}, "deal 1: last: 'A' is not a player of this table"),
])
def test_what_two_players_cannot_do_is_refused(deal, why, tmp_path, capsys):
    """[A 11]: no cappottone or strammazzone with two; declarations checked as in §1."""
    assert refused(in_due([deal]), tmp_path, capsys) == why
