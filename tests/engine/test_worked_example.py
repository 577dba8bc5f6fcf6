"""Seed 000's worked example, row by row: the first test anyone looks at.

The figures below are copied from the worked example (17 rows, four players,
deal North → West → South → East). ``paper`` lists each player's open debts;
``crossed`` the debts shown crossed out in that row of the example.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.games.tresillo.engine import ledger_json, loads, replay
from scorekeeper.games.tresillo.words import row_words

DATA = Path(__file__).resolve().parents[1] / "data" / "worked_example.json"

# index, North, West, South, East, plato, pajaritos, open paper, crossed in the example's row
ROWS = [
    (0, 155, 155, 155, 155, 0, 20, {}, {}),
    (1, 154, 155, 155, 155, 6, 15, {}, {}),
    (2, 151, 152, 170, 152, 0, 15, {}, {}),
    (3, 151, 151, 170, 152, 6, 10, {}, {}),
    (4, 141, 151, 170, 152, 16, 10, {}, {}),
    (5, 141, 151, 169, 152, 17, 10, {}, {}),
    (6, 142, 152, 166, 153, 17, 10, {"South": [21]}, {}),
    (7, 142, 152, 166, 152, 18, 10, {"South": [21]}, {}),
    (8, 164, 130, 166, 152, 18, 10, {"West": [22], "South": [21]}, {}),
    (9, 163, 130, 166, 152, 19, 10, {"West": [22], "South": [21]}, {}),
    (10, 167, 134, 170, 159, 0, 10, {"West": [22], "South": [21]}, {}),
    (11, 167, 133, 170, 159, 1, 10, {"West": [22], "South": [21]}, {}),
    (12, 167, 133, 170, 159, 1, 10, {"West": [22], "South": [21, 23], "East": [23]}, {}),
    (13, 167, 133, 169, 159, 2, 10, {"West": [22], "South": [21, 23], "East": [23]}, {}),
    (14, 167, 158, 169, 136, 0, 10, {"West": [22], "South": [21, 23]}, {"East": [23]}),
    (15, 167, 158, 169, 135, 1, 10, {"West": [22], "South": [21, 23]}, {}),
    (16, 166, 157, 173, 134, 0, 10, {"West": [22], "South": [21]}, {"South": [23]}),
]

IN_PLAY = {4: 10, 6: 21, 8: 22, 12: 23, 14: 25, 16: 24}


@pytest.fixture(scope="module")
def ledger():
    return replay(loads(DATA.read_text()))


def test_seventeen_rows(ledger):
    assert len(ledger.rows) == 17
    assert [r.kind for r in ledger.rows] == ["start"] + ["deal", "hand"] * 8


@pytest.mark.parametrize("expected", ROWS, ids=lambda r: f"row{r[0]}")
def test_row(ledger, expected):
    index, n, w, s, e, plato, pajaritos, open_paper, crossed_now = expected
    row = ledger.rows[index]
    assert row.bowls == {"North": n, "West": w, "South": s, "East": e}
    assert row.plato == plato
    assert row.pajaritos == pajaritos
    by_player = row.paper_by_player()
    got_open = {p: [d.amount for d in ds if not d.crossed] for p, ds in by_player.items()}
    assert {p: a for p, a in got_open.items() if a} == open_paper
    got_crossed = {p: [d.amount for d in ds if d.crossed] for p, ds in by_player.items()}
    for player, amounts in crossed_now.items():
        assert got_crossed[player][-len(amounts):] == amounts
    # tokens never appear or vanish
    assert row.tokens == 4 * 160


def test_crossed_debts_stay_on_the_paper(ledger):
    """Our choice (docs/rules.md): a crossed debt stays on the sheet, marked."""
    last = ledger.rows[-1].paper_by_player()
    assert [(d.amount, d.crossed) for d in last["East"]] == [(23, True)]
    assert [(d.amount, d.crossed) for d in last["South"]] == [(21, False), (23, True)]


def test_amounts_in_play(ledger):
    for index, amount in IN_PLAY.items():
        assert ledger.rows[index].result.in_play == amount, index


def test_outcomes(ledger):
    results = [(r.contract, r.outcome, r.winner, r.new_declarer) for r in ledger.results]
    assert results == [
        ("vuelta", "sacado", None, None),
        ("entrada", "puesta", None, None),
        ("penetro", "puesta", None, None),
        ("entrada", "codillo", "North", None),
        ("solo", "sacado", None, None),
        ("entrada", "puesta", None, "East"),
        ("entrada", "sacado", None, None),
        ("vuelta", "sacado", None, None),
    ]


def test_settlement(ledger):
    """53 tantos shared: pajaritos 10 + West's 22 + South's 21; 13 each, the odd one to East."""
    st = ledger.settlement
    assert st.pot == 53 and st.share == 13
    assert st.paper_paid == {"West": 22, "South": 21}
    assert st.remainder_to == ("East",)
    assert st.final == {"North": 179, "West": 148, "South": 165, "East": 148}
    assert st.net == {"North": 19, "West": -12, "South": 5, "East": -12}
    assert st.money == {
        "North": Decimal("190"),
        "West": Decimal("-120"),
        "South": Decimal("50"),
        "East": Decimal("-120"),
    }
    assert [(t.source, t.target, t.amount) for t in st.transfers] == [
        ("West", "North", Decimal("120")),
        ("East", "North", Decimal("70")),
        ("East", "South", Decimal("50")),
    ]


def test_comments_explain_the_money(ledger):
    assert row_words(ledger.rows[2]).comment.startswith("South takes the plato (6) and 3 from each player")
    assert "1 for the vuelta" in row_words(ledger.rows[2]).comment and "1 for the estuche" in row_words(ledger.rows[2]).comment
    assert "22 to North, who made codillo" in row_words(ledger.rows[8]).comment
    assert "8 for the failed bola" in row_words(ledger.rows[10]).comment
    assert "Twin puestas" in row_words(ledger.rows[12]).comment
    assert "crossed out" in row_words(ledger.rows[14]).comment


def test_ledger_json(ledger):
    data = ledger_json(ledger)
    assert len(data["rows"]) == 17
    row14 = data["rows"][14]
    assert row14["kind"] == "hand" and row14["in_play"] == 25
    assert row14["paper"]["East"] == [{"amount": 23, "crossed": True}]
    assert data["settlement"]["final"] == {"North": 179, "West": 148, "South": 165, "East": 148}
    assert data["settlement"]["money"] == {"North": "190", "West": "-120", "South": "50", "East": "-120"}
    json.dumps(data)  # serialisable as it stands


def test_cli_table(capsys):
    assert main(["replay", str(DATA)]) == 0
    out = capsys.readouterr().out
    assert "South: 21 ~23~" in out
    # the peseta has no cents, and English writes a currency code before the figure
    assert "North: 179 tantos, net +19, money +ESP\u00a0190" in out
    assert "East pays South ESP\u00a050" in out


def test_cli_json(capsys):
    assert main(["replay", str(DATA), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["bowls"]["East"] for r in data["rows"]][-3:] == [136, 135, 134]
    assert data["settlement"]["final"]["North"] == 179


def test_cli_bad_input_one_line(tmp_path, capsys):
    bad = json.loads(DATA.read_text())
    bad["hands"][3]["tricks"] = {"North": 5, "West": 2, "South": 1}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "hand 4: tricks: the tricks add up to 8, not 9\n"


def test_cli_unreadable_file(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
