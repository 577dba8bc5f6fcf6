"""Briscola's engine, worked by hand: deals won and drawn, the match's end, who pays whom, and every refusal
a field error naming the deal (generated hostile deals too). The conformance suite plays it from its
``sample_deal`` besides (tests/games/test_conformance.py)."""

from __future__ import annotations

import io
import json
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cli import main
from scorekeeper.core.errors import SessionError
from scorekeeper.games import GAMES
from scorekeeper.games.replay import replay, result_json
from scorekeeper.games.words import how_words
from scorekeeper.i18n import use_language

FOUR = ["Ana", "Bea", "Cleo", "Dan"]
TEAMS = {"A": ["Ana", "Cleo"], "B": ["Bea", "Dan"]}


def session(deals: list[Any], players: list[str] | None = None, teams: dict[str, list[str]] | None = None,
            **options: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {"format": "scorekeeper-session/2", "game": "briscola", "players": players or FOUR,
                           "deals": deals}
    if teams is not None or players is None:
        doc["teams"] = TEAMS if teams is None else teams
    if options:
        doc["options"] = options
    return doc


def outcome(doc: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(result_json(replay(doc))))


def refusal(doc: dict[str, Any]) -> tuple[int | None, str, str]:
    with pytest.raises(SessionError) as caught:
        replay(doc)
    err = caught.value.first
    return err.hand, err.field, err.message


def test_the_formats_example_ends_at_the_third_deal_and_each_loser_pays_one_winner():
    doc = session([{"points": {"A": 70, "B": 50}}, {"points": {"A": 60, "B": 60}}, {"points": {"A": 61, "B": 59}}],
                  wins=2, stake="1")
    out = outcome(doc)
    assert [d["points"] for d in out["deals"]] == [{"A": 1, "B": 0}, {"A": 0, "B": 0}, {"A": 1, "B": 0}]
    assert [d["scores"] for d in out["deals"]] == [{"A": 1, "B": 0}, {"A": 1, "B": 0}, {"A": 2, "B": 0}]
    assert out["deals"][1]["cards"] == {"A": 60, "B": 60}
    r = out["result"]
    assert r["finished"] is True and r["ended_at"] == 3 and r["how"] == "won_the_deals"
    assert r["winners"] == ["Ana", "Cleo"] and r["losers"] == ["Bea", "Dan"]
    assert r["money"] == {"Ana": "1", "Bea": "-1", "Cleo": "1", "Dan": "-1"}


def test_two_players_alone_are_the_sides_with_or_without_teams_of_one():
    deals = [{"points": {"Ana": 59, "Bea": 61}}, {"annulled": True}, {"points": {"Ana": 0, "Bea": 120}}]
    out = outcome(session(deals, players=["Ana", "Bea"], stake="0.50"))
    assert out["result"]["winners"] == ["Bea"] and out["result"]["money"] == {"Ana": "-0.50", "Bea": "0.50"}
    assert out["deals"][1] == {"deal": 2, "points": {"Ana": 0, "Bea": 0}, "scores": {"Ana": 0, "Bea": 1},
                               "annulled": True}
    named = [{"points": {"X": 59, "Y": 61}}, {"annulled": True}, {"points": {"X": 0, "Y": 120}}]
    paired = outcome(session(named, players=["Ana", "Bea"], teams={"X": ["Ana"], "Y": ["Bea"]}, stake="0.50"))
    assert paired["result"] == out["result"]


@pytest.mark.parametrize("wins", [1, 2, 3, 4, 5])
def test_the_match_ends_when_a_side_has_won_the_deals_agreed(wins):
    deals = [{"points": {"A": 50, "B": 70}}] * (wins - 1) + [{"points": {"A": 70, "B": 50}}] * wins
    played = replay(session(deals[:-1], wins=wins, stake="2"))
    assert played.result.finished is False  # each side has won wins - 1 deals
    assert (played.rows[-1].scores if played.rows else (("A", 0), ("B", 0))) == (("A", wins - 1), ("B", wins - 1))
    assert all(m == 0 for _, m in played.result.money)
    deals += [{"points": {"A": 30, "B": 90}}]
    played = replay(session(deals[: 2 * wins - 1], wins=wins, stake="2"))
    assert played.result.ended_at == 2 * wins - 1 and played.result.winners == ("Ana", "Cleo")
    assert dict(played.result.money) == {"Ana": Decimal(2), "Bea": Decimal(-2), "Cleo": Decimal(2), "Dan": Decimal(-2)}
    assert refusal(session(deals[: 2 * wins], wins=wins))[:2] == (2 * wins, "deal")  # nothing after the end


def test_nothing_is_paid_before_the_end_and_draws_win_nothing():
    played = replay(session([{"points": {"A": 60, "B": 60}}] * 7 + [{"annulled": True}], wins=1))
    assert played.result.finished is False and all(m == 0 for _, m in played.result.money)
    assert [row.scores for row in played.rows][-1] == (("A", 0), ("B", 0))


@pytest.mark.parametrize(("deal", "field", "said"), [
    ({"points": {"A": 70, "B": 60}}, "points", "add up to 120, not 130"),
    ({"points": {"A": 121, "B": -1}}, "points.A", "121 is not between 0 and 120"),
    ({"points": {"A": 60.5, "B": 59.5}}, "points.A", "expected a whole number"),
    ({"points": {"A": True, "B": 119}}, "points.A", "expected a whole number"),
    ({"points": {"A": 60}}, "points", "'B' is missing"),
    ({"points": {"A": 60, "B": 60, "C": 0}}, "points", "'C' does not take part"),
    ({"points": {"Ana": 60, "Bea": 60}}, "points", "does not take part"),
    ({"annulled": False}, "annulled", "an annulled deal says true"),
    ({"annulled": "yes"}, "annulled", "expected true or false"),
    ({"annulled": True, "points": {"A": 60, "B": 60}}, "deal", "give exactly one of points, annulled"),
    ({}, "deal", "give exactly one of points, annulled"),
    ({"points": {"A": 60, "B": 60}, "last": "A"}, "last", "unknown field"),
    ([], "deal", "expected an object"),
])
def test_a_bad_deal_is_refused_naming_the_deal_and_its_field(deal, field, said):
    hand, where, message = refusal(session([{"points": {"A": 61, "B": 59}}, deal], wins=3))
    assert (hand, where) == (2, field) and said in message


@pytest.mark.parametrize(("options", "field"), [({"wins": 6}, "options.wins"), ({"wins": "2"}, "options.wins"),
                                                ({"target": 61}, "options.target"), ({"stake": "-1"}, "options.stake")])
def test_bad_options_and_tables_are_refused(options, field):
    assert refusal(session([], **options))[:2] == (None, field)
    assert refusal(session([], players=["Ana", "Bea", "Cleo"]))[1] == "players"
    assert refusal(session([], teams={"A": ["Ana", "Bea", "Cleo"], "B": ["Dan"]}))[1] == "teams"


def test_the_cli_refuses_a_bad_deal_in_one_line(tmp_path, capsys):
    path = tmp_path / "briscola.json"
    path.write_text(json.dumps(session([{"points": {"A": 61, "B": 60}}])))
    out = io.StringIO()
    assert main(["replay", str(path), "--json", "--lang", "en"], out=out) == 2
    assert capsys.readouterr().err.strip() == "deal 1: points: the card points of two sides add up to 120, not 121"
    assert out.getvalue() == ""


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["A", "B", "C", "points", "annulled", "Points"]),
                       st.one_of(st.integers(-5, 200), st.booleans(), st.none(), st.text(max_size=3),
                                 st.dictionaries(st.sampled_from(["A", "B", "Ana"]), st.integers(-1, 121))),
                       max_size=3))
def test_generated_hostile_deals_are_refused_with_a_field_error_or_sum_to_120(deal):
    try:
        played = replay(session([deal]))
    except SessionError as exc:
        assert exc.first.hand == 1 and exc.first.field and exc.first.message
    else:
        assert sum(played.rows[0].extra("cards", {"A": 60, "B": 60}).values()) == 120
        assert sum((m for _, m in played.result.money), Decimal(0)) == 0


def test_the_ending_reads_in_every_language():
    assert GAMES["briscola"].spec.seats == (2, 4)
    said = {}
    for language in ("en", "es", "fr", "it", "ca"):
        with use_language(language):
            said[language] = how_words("briscola", "won_the_deals")
    assert said["en"] == "a side won the deals it needed" and len(set(said.values())) == 5
