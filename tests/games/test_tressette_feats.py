"""The Tressette games' feats for the statistics, worked by hand from four partite."""

from __future__ import annotations

from decimal import Decimal

from scorekeeper.games.replay import replay
from scorekeeper.games.tressette.views import CAPPOTTO, CLAIM_FAILED, CLAIMED, WON, feats, partite_feats

FOUR = ["Ana", "Bea", "Cleo", "Dan"]
TEAMS = {"A": ["Ana", "Cleo"], "B": ["Bea", "Dan"]}


def partita(game, deals, players=FOUR, **more):
    doc = {"format": "scorekeeper-session/2", "game": game, "players": players, "options": {}, "deals": deals}
    doc.update(more)
    return replay(doc)


def four_partite():
    # 1: A 7 + B 3 and the last (11 points); an annulled deal (not played); B's cappotto, 11, ends it ×2
    one = partita("tressette", [{"points": {"A": 7, "B": 3}, "last": "B"}, {"annulled": True},
                                {"event": "cappotto", "by": "B"}], teams=TEAMS)
    # 2: Ana's napoletana 3 + A 6 and the last, B 4 (14); Bea claims with 5: 4 + 5 < 21, false (B's 5 shown)
    two = partita("tressette", [{"declarations": [{"player": "Ana", "kind": "napoletana", "suit": "coins"}],
                                 "points": {"A": 6, "B": 4}, "last": "A"},
                                {"claim": {"by": "Bea", "points": 5}}], teams=TEAMS)
    # 3: in due, not finished: Ugo 2 aces + 12 thirds = 6, Vera 2 + 8 thirds (2) and the last = 5 (11)
    three = partita("tressette-in-due", [{"cards": {"Ugo": {"aces": 2, "thirds": 12},
                                                    "Vera": {"aces": 2, "thirds": 8}}, "last": "Vera"}],
                    players=["Ugo", "Vera"])
    # 4: chiamata: Bea and Dan 8 each, Ana and Cleo 3 (11 a deal, each side's points shown twice);
    # then Cleo called Ana and their side made a cappotto (11)
    four = partita("tressette-chiamata", [
        {"caller": "Bea", "partner": "Dan", "points": {"caller": 7, "opponents": 3}, "last": "caller"},
        {"caller": "Cleo", "partner": "Ana", "event": "cappotto", "by": "caller"}])
    return one, two, three, four


def test_the_feats_of_four_partite_worked_by_hand():
    found = partite_feats(four_partite())
    assert found.partite == 4
    assert found.won_by_team == {"B": 1, "A": 1}
    assert found.won_by_player == {"Bea": 1, "Dan": 1, "Ana": 2, "Cleo": 2}
    assert found.cappotti == {"B": 1, "Ana, Cleo": 1}
    assert (found.claims, found.false_claims) == (1, 1)
    # points of the deals played: 22 + (14 + 5) + 11 + 22 = 74 in 2 + 2 + 1 + 2 = 7 deals
    assert (found.points, found.deals) == (74, 7)
    assert found.average == Decimal("10.6")


def test_no_partita_has_no_average():
    assert partite_feats([]).average is None


def test_each_players_feats_in_one_partita():
    one, two, three, four = four_partite()
    assert feats(one) == {"Bea": {WON: 1, CAPPOTTO: 1}, "Dan": {WON: 1, CAPPOTTO: 1}}
    assert feats(two) == {"Ana": {WON: 1}, "Cleo": {WON: 1}, "Bea": {CLAIMED: 1, CLAIM_FAILED: 1},
                          "Dan": {CLAIMED: 1, CLAIM_FAILED: 1}}
    assert feats(three) == {}
    assert feats(four) == {"Ana": {WON: 1, CAPPOTTO: 1}, "Cleo": {WON: 1, CAPPOTTO: 1}}


def test_the_docs_name_functions_that_exist():
    """docs/rules.md's section on these games at the table names functions that exist, by their module."""
    import importlib
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    start = text.index("## The Tressette games and Terziglio at the table")
    section = text[start:text.index("\n## ", start + 1)]
    named = {"tressette.views": ("dealer_of", "leader_of", "worth", "partite_feats", "feats"),
             "tressette.forms": ("_read_points", "_read_cards"),
             "terziglio.views": ("dealer_of",), "terziglio.forms": ("bids",)}
    for module, names in named.items():
        found = importlib.import_module(f"scorekeeper.games.{module}")
        for name in names:
            assert hasattr(found, name), (module, name)
            assert f"`{name}`" in section or f"{module}.{name}`" in section, name
