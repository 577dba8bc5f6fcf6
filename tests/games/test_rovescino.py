"""Rovescino worked by hand from seed 002 (S2 L104-120) and the decisions in shared/games/rules-decisions.md §4.

Each case's figures are counted by hand in its docstring: a player's penalty points are his aces plus
his thirds divided by three (the rest dropped), and one more for the last trick (S2 L111-116).
"""

from __future__ import annotations

import io
import json
from decimal import Decimal

import pytest

from scorekeeper.cli import main
from scorekeeper.core.errors import SessionError
from scorekeeper.games.replay import replay, result_json

FOUR = ["Ana", "Bea", "Cleo", "Dan"]


def session(players, deals, **options):
    return {"format": "scorekeeper-session/2", "game": "rovescino", "players": players, "options": options,
            "deals": deals}


def money(played):
    return {p: m for p, m in played.result.money}


def test_the_example_of_the_session_format():
    """The format's example (4 players, elimination), counted by hand (S2 L111-116, [A 1] per player).

    Deal 1 by cards: Ana 1 ace + 6 thirds = 1 + 2 = 3; Bea 0 + 5 div 3 = 1, and the last trick 1 = 2;
    Cleo 2 + 4 div 3 = 3; Dan 1 + 5 div 3 = 2. Deal 2 by points: 2, 3, 1 + 1 (Cleo's last), 3.
    Nobody is near 21: the game goes on and nothing is paid.
    """
    doc = {"format": "scorekeeper-session/2", "game": "rovescino", "players": FOUR,
           "options": {"elimination": True},
           "deals": [{"cards": {"Ana": {"aces": 1, "thirds": 6}, "Bea": {"aces": 0, "thirds": 5},
                                "Cleo": {"aces": 2, "thirds": 4}, "Dan": {"aces": 1, "thirds": 5}}, "last": "Bea"},
                     {"points": {"Ana": 2, "Bea": 3, "Cleo": 1, "Dan": 3}, "last": "Cleo"}]}
    out = result_json(replay(doc))
    assert [d["points"] for d in out["deals"]] == [{"Ana": 3, "Bea": 2, "Cleo": 3, "Dan": 2},
                                                   {"Ana": 2, "Bea": 3, "Cleo": 2, "Dan": 3}]
    assert out["deals"][1]["scores"] == {"Ana": 5, "Bea": 5, "Cleo": 5, "Dan": 5}
    result = out["result"]
    assert (result["finished"], result["ended_at"], result["winners"], result["losers"]) == (False, None, [], [])
    assert result["multiplier"] is None
    assert {p: Decimal(m) for p, m in result["money"].items()} == dict.fromkeys(FOUR, Decimal(0))


THREE_DEALS = [
    {"points": {"Ana": 8, "Bea": 1, "Cleo": 1}, "last": "Ana"},   # Ana 9, Bea 1, Cleo 1
    {"points": {"Ana": 8, "Bea": 1, "Cleo": 0}, "last": "Ana"},   # Ana 18, Bea 2, Cleo 1
    {"points": {"Ana": 3, "Bea": 3, "Cleo": 4}, "last": "Bea"},   # Ana 21, Bea 6, Cleo 5
]


def test_the_first_to_21_pays_each_other_player():
    """[A 12] loser_pays_each (the seed's first phrasing, S2 L116-117): Ana reaches 21 in deal 3 and loses;
    she pays the stake, 0.50, to each of the two others: Ana −1.00, Bea +0.50, Cleo +0.50."""
    played = replay(session(["Ana", "Bea", "Cleo"], THREE_DEALS, stake="0.50"))
    assert [dict(r.scores) for r in played.rows][-1] == {"Ana": 21, "Bea": 6, "Cleo": 5}
    r = played.result
    assert (r.finished, r.ended_at, r.winners, r.losers, r.multiplier) == (True, 3, ("Bea", "Cleo"), ("Ana",), 1)
    assert money(played) == {"Ana": Decimal("-1.00"), "Bea": Decimal("0.50"), "Cleo": Decimal("0.50")}
    assert played.rows[-1].extra("ends") is True


def test_or_the_lowest_score_wins_and_everyone_pays_him():
    """[A 12] each_pays_winner (the seed's second phrasing, S2 L117-118): the same deals end the game; the
    lowest score is Cleo's 5, so Ana and Bea each pay Cleo the stake: Cleo +1.00, Ana and Bea −0.50."""
    played = replay(session(["Ana", "Bea", "Cleo"], THREE_DEALS, stake="0.50", payout="each_pays_winner"))
    assert (played.result.winners, played.result.losers) == (("Cleo",), ("Ana", "Bea"))
    assert money(played) == {"Ana": Decimal("-0.50"), "Bea": Decimal("-0.50"), "Cleo": Decimal("1.00")}


def test_two_players_reaching_21_in_one_deal_lose_together():
    """[S 3]: Ana and Bea both pass 21 in deal 5; each pays the stake (1) to Cleo and to Dan.

    Four deals of Ana 5, Bea 4 or 5 (the last trick making it 5) bring both to 20; deal 5 gives each one
    more point. Ana −2, Bea −2, Cleo +2, Dan +2.
    """
    deals = [{"points": {"Ana": 5, "Bea": 4, "Cleo": 0, "Dan": 0}, "last": "Bea"}] * 3 + [
        {"points": {"Ana": 5, "Bea": 5, "Cleo": 0, "Dan": 0}, "last": "Cleo"},
        {"points": {"Ana": 1, "Bea": 1, "Cleo": 4, "Dan": 4}, "last": "Dan"},
    ]
    played = replay(session(FOUR, deals))
    assert dict(played.rows[3].scores) == {"Ana": 20, "Bea": 20, "Cleo": 1, "Dan": 0}
    assert dict(played.rows[4].scores) == {"Ana": 21, "Bea": 21, "Cleo": 5, "Dan": 5}
    assert (played.result.winners, played.result.losers) == (("Cleo", "Dan"), ("Ana", "Bea"))
    assert money(played) == {"Ana": -2, "Bea": -2, "Cleo": 2, "Dan": 2}


def test_elimination_until_three_remain():
    """Elimination (S2 L119-120) with five players and a stake of 1, [S 4] scores kept:

    Ana takes 10 + the last twice (22): out, paying 1 to each of the four still in.
    Bea then does the same among four (22): out, paying 1 to each of the three still in.
    Among three, Cleo reaches 22: the game ends and she pays Dan and Eva 1 each.
    Ana −4; Bea +1 −3 = −2; Cleo +1 +1 −2 = 0; Dan and Eva +1 +1 +1 = +3. Dan and Eva win.
    """
    five = ["Ana", "Bea", "Cleo", "Dan", "Eva"]

    def heavy(loser, still_in):
        return {"points": {p: (10 if p == loser else 0) for p in still_in}, "last": loser}

    deals = [heavy("Ana", five)] * 2 + [heavy("Bea", five[1:])] * 2 + [heavy("Cleo", five[2:])] * 2
    played = replay(session(five, deals, elimination=True))
    assert played.rows[1].extra("eliminated") == ["Ana"]
    assert [k for k, _ in played.rows[2].points] == ["Bea", "Cleo", "Dan", "Eva"]  # only the players still in
    assert played.rows[3].extra("out") == ["Ana", "Bea"]
    assert dict(played.rows[5].scores) == {"Ana": 22, "Bea": 22, "Cleo": 22, "Dan": 0, "Eva": 0}
    r = played.result
    assert (r.finished, r.ended_at, r.winners, r.losers) == (True, 6, ("Dan", "Eva"), ("Ana", "Bea", "Cleo"))
    assert money(played) == {"Ana": -4, "Bea": -2, "Cleo": 0, "Dan": 3, "Eva": 3}


def test_a_deal_that_would_leave_two_players_ends_the_game():
    """[S 5]: with elimination and four still in, Ana and Bea pass 21 in one deal: two would be left, so the
    game ends there and both pay each of the two others (−2, −2, +2, +2)."""
    deals = [{"points": {"Ana": 5, "Bea": 5, "Cleo": 0, "Dan": 0}, "last": "Cleo"}] * 4 + [
        {"points": {"Ana": 1, "Bea": 1, "Cleo": 4, "Dan": 4}, "last": "Dan"}]
    played = replay(session(FOUR, deals, elimination=True))
    assert played.result.ended_at == 5 and played.rows[-1].extra("eliminated") is None
    assert money(played) == {"Ana": -2, "Bea": -2, "Cleo": 2, "Dan": 2}


@pytest.mark.parametrize(("players", "deals", "options", "line"), [
    (["Ana", "Bea", "Cleo"], [{"points": {"Ana": 2, "Bea": 3, "Cleo": 1}, "last": "Cleo"}], {},
     "deal 1: points: the card points of 3 players add up to one of 9, 10; these add up to 6"),
    (FOUR, [{"cards": {"Ana": {"aces": 1, "thirds": 6}, "Bea": {"aces": 0, "thirds": 5},
                       "Cleo": {"aces": 2, "thirds": 4}, "Dan": {"aces": 2, "thirds": 5}}, "last": "Bea"}], {},
     "deal 1: cards: the aces add up to 5, not 4"),
    (["Ana", "Bea", "Cleo"], [], {"elimination": True},
     "session: options.elimination: elimination needs at least four players"),
    (["Ana", "Bea", "Cleo"], THREE_DEALS + [THREE_DEALS[0]], {},
     "deal 4: deal: the game ended at deal 3; nothing more is scored"),
    (["Ana", "Bea", "Cleo"], [{"points": {"Ana": 5, "Bea": 5}, "last": "Ana"}], {},
     "deal 1: points: 'Cleo' is missing"),
    (["Ana", "Bea", "Cleo"], [{"points": {"Ana": 5, "Bea": 4, "Cleo": 1}}], {},
     "deal 1: last: say who took the last trick"),
    (["Ana", "Bea", "Cleo"], [{"points": {"Ana": 5, "Bea": 4, "Cleo": 1}, "cards": {}, "last": "Ana"}], {},
     "deal 1: deal: give exactly one of cards, points"),
])
def test_refusals_name_the_deal_and_the_field(players, deals, options, line, tmp_path, capsys):
    """What the table cannot have played is refused in one line, deal and field first, and exit 2."""
    doc = session(players, deals, **options)
    with pytest.raises(SessionError):
        replay(doc)
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc))
    assert main(["replay", str(path), "--lang", "en"], out=io.StringIO()) == 2
    assert capsys.readouterr().err.strip() == line


def test_an_eliminated_player_plays_no_more_deals():
    """After Ana is out (S2 L119-120), a deal that still counts her cards is refused."""
    deals = [{"points": {p: (10 if p == "Ana" else 0) for p in FOUR}, "last": "Ana"}] * 2
    deals.append({"points": {"Ana": 1, "Bea": 3, "Cleo": 3, "Dan": 3}, "last": "Bea"})
    with pytest.raises(SessionError) as exc:
        replay(session(FOUR, deals, elimination=True))
    assert str(exc.value.first) == "deal 3: points: 'Ana' does not take part in this deal"
