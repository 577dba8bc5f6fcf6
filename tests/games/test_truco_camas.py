"""Truc valencià counted as a table counts it: camas and the partida, on the hand lines (the screen's
list, the sheet and its PDF), on the table page's data and in the ending beside the money.

A partida of two camas to win, played to 2-1, worked by hand [V2, V3]: cama 1, B 3 then A's joc fora
accepted and won (A takes what it lacks of the 12: 12), A 12 - B 3; cama 2, A 2 then B's joc fora,
A 2 - B 12; cama 3, A's joc fora, A 12 - B 0: A wins the partida 2 camas to 1 and each of B's players
pays the stake to one of A's.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.games.replay import replay
from scorekeeper.games.truc.views import PIECES, camas_of, partida_of, row_note
from scorekeeper.i18n import use_language
from scorekeeper.services.games import played_view

from .helpers_truc import TEAMS, replayed, session

A1, B1 = {"won": "A"}, {"won": "B"}
A_FORA = {"raises": ["B", "A", "B", "A"], "tricks": ["A", "A"]}
B_FORA = {"raises": ["A", "B", "A", "B"], "tricks": ["B", "B"]}
DEALS = [B1, B1, B1, A_FORA, A1, A1, B_FORA, A_FORA]


def partida() -> dict:
    return session("truc", DEALS, teams=TEAMS, ruleset="valenciano", stake="0.50")


def test_each_cama_and_the_partida_as_data():
    """The camas as the table counts them: each closed cama with its points and its taker, the partida's
    camas, the ending code with the score of the partida."""
    played = replay(partida())
    camas = camas_of(played)
    assert [(c.number, dict(c.points), c.winner, c.closed_at) for c in camas] == [
        (1, {"A": 12, "B": 3}, "A", 4), (2, {"A": 2, "B": 12}, "B", 7), (3, {"A": 12, "B": 0}, "A", 8)]
    assert partida_of(played) == (("A", 2), ("B", 1))
    out = replayed(partida())
    assert out["result"]["how"] == "camas_2_1" and out["result"]["ended_at"] == 8
    assert out["result"]["money"] == {"Ana": "0.50", "Bea": "-0.50", "Cleo": "0.50", "Dan": "-0.50"}


def test_an_unfinished_partida_shows_the_cama_being_played():
    """After cama 1 and two hands of cama 2: the camas 1 - 0 and cama 2 at A 2 - B 0, not yet taken."""
    played = replay(session("truc", DEALS[:6], teams=TEAMS, ruleset="valenciano"))
    assert [(c.number, dict(c.points), c.winner) for c in camas_of(played)] == [
        (1, {"A": 12, "B": 3}, "A"), (2, {"A": 2, "B": 0}, None)]
    extra = PIECES["truc"].table_extra(played)
    assert [(s.name, s.score, s.to_go) for s in extra["sides"]] == [("A", 2, 10), ("B", 0, 12)]
    assert extra["partida"] == (("A", 1), ("B", 0)) and extra["camas_to_win"] == 2


@pytest.mark.parametrize(("language", "first", "last"), [
    ("ca", "cama 1 per a A: A 12 – B 3", "cama 3 per a A: A 12 – B 0 · partida per a A: cames A 2 – B 1"),
    ("es", "cama 1 para A: A 12 – B 3", "cama 3 para A: A 12 – B 0 · partida para A: camas A 2 – B 1"),
])
def test_the_hand_that_closes_a_cama_says_so(language, first, last):
    """The note on the line of the hand that closed a cama, and of the last one the partida too (after
    who dealt it, which every hand's note says)."""
    played = replay(partida())
    with use_language(language):
        notes = [row_note(played, n) for n in range(1, len(DEALS) + 1)]
    assert notes[3].endswith(" · " + first) and notes[7].endswith(" · " + last)
    assert all(" · cama" not in n for k, n in enumerate(notes) if k not in (3, 6, 7))


def test_the_view_counts_each_cama_from_0():
    """The one view the screen, the HTML sheet and the PDF draw: each hand's row shows the cama's score,
    starting again at 0 after the hand that closes a cama (which shows the cama's closing points); the
    standing lines give each cama with its taker and the partida. A game of one score keeps its running
    score and has no standing lines."""
    played = replay(partida())
    with use_language("en"):
        view = played_view(played, partida()["deals"], currency="EUR")
    assert [dict(d.scores) for d in view.deals] == [
        {"A": 0, "B": 1}, {"A": 0, "B": 2}, {"A": 0, "B": 3}, {"A": 12, "B": 3},
        {"A": 1, "B": 0}, {"A": 2, "B": 0}, {"A": 2, "B": 12}, {"A": 12, "B": 0}]
    assert [dict(row.scores)["A"] for row in played.rows][-1] == 26  # the engine's running score, not shown
    assert view.standing == ("Cama 1: A 12 – B 3 · to A", "Cama 2: A 2 – B 12 · to B", "Cama 3: A 12 – B 0 · to A",
                             "Partida: A 2 – B 1 · to A")
    assert "cama" in view.scores_note
    unfinished = replay(session("truc", DEALS[:6], teams=TEAMS, ruleset="valenciano"))
    with use_language("es"):
        assert PIECES["truc"].standing(unfinished) == ("Cama 1: A 12 – B 3 · para A", "Cama 2: A 2 – B 0 · en juego",
                                                       "Partida: A 1 – B 0")
    rio = session("truc", [A1, B1, A1], teams=TEAMS, ruleset="rioplatense")
    plain = played_view(replay(rio), rio["deals"], currency="EUR")
    assert [dict(d.scores) for d in plain.deals] == [{"A": 1, "B": 0}, {"A": 1, "B": 1}, {"A": 2, "B": 1}]
    assert plain.standing == () and "cama" not in plain.scores_note


def pdf_rows(pdf: Path) -> dict[int, list[int]]:
    """Each hand's figures as the PDF prints them (read back with pdftotext -layout): the row's number, then
    each side's points and score after it, read from the end of the row's first line."""
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True,
                          text=True).stdout
    rows = {}
    for line in text.splitlines():
        found = re.match(r"\s*(\d+) .*?((?:\s+[+−-]?\d+){4})\s*$", line)
        if found:
            rows[int(found.group(1))] = [int(x.replace("−", "-")) for x in found.group(2).split()]
    return rows


def test_the_sheet_pdf_prints_each_cama_and_the_partida(tmp_path):
    """`scorekeeper sheet FILE --lang ca`: the PDF, read back as text, has each cama on its hand's line,
    the cama's score starting again at 0 in the score columns, each cama and the partida beside the
    money, and the ending; a PNG of its page is kept under /work/shots/ when the directory exists
    (looked at by hand)."""
    path = tmp_path / "partida.json"
    path.write_text(json.dumps(partida()))
    pdf = tmp_path / "partida.pdf"
    assert main(["sheet", str(path), "-o", str(pdf), "--lang", "ca"], out=io.StringIO()) == 0
    text = " ".join(subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True,
                                   text=True).stdout.split())
    for said in ("cama 1 per a A: A 12 – B 3", "cama 2 per a B: A 2 – B 12",
                 "partida per a A: cames A 2 – B 1", "un equip ha guanyat la partida, 2 cames a 1", "Truc valencià",
                 "Cama 1: A 12 – B 3 · per a A", "Cama 2: A 2 – B 12 · per a B", "Cama 3: A 12 – B 0 · per a A",
                 "Partida: A 2 – B 1 · per a A", "la puntuació de la cama que en resulta (cada cama comença a 0)"):
        assert "".join(said.split()) in "".join(text.split()), said  # a line may break anywhere in the PDF
    assert pdf_rows(pdf) == {1: [0, 0, 1, 1], 2: [0, 0, 1, 2], 3: [0, 0, 1, 3], 4: [12, 12, 0, 3],
                             5: [1, 1, 0, 0], 6: [1, 2, 0, 0], 7: [0, 2, 12, 12], 8: [12, 12, 0, 0]}
    shots = Path("/work/shots/truco")
    if shots.is_dir():
        subprocess.run(["pdftoppm", "-png", "-r", "80", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "sheet")],
                       check=True)
        shutil.copy(next(tmp_path.glob("sheet*.png")), shots / "sheet_camas_ca.png")


def test_every_hand_says_who_deals_who_is_mano_and_who_is_pie():
    """The deal passes in seating order from seat 1 [C]: hand 1 is dealt by Ana, Bea is mano, the pies are
    Ana and Dan (each side's last to play); hand 6 by Bea, Cleo mano, pies Bea and Ana. Two players:
    the dealer is pie, the other mano."""
    played = replay(partida())
    with use_language("es"):
        assert row_note(played, 1) == "reparte Ana, mano Bea, pie Ana, Dan"
        assert row_note(played, 6) == "reparte Bea, mano Cleo, pie Bea, Ana"
        assert PIECES["truc"].table_extra(played)["seats"] == "reparte Ana, mano Bea, pie Ana, Dan"  # hand 9
    two = replay(session("truc", [{"won": "Ana"}], players=["Ana", "Bea"], ruleset="rioplatense"))
    assert row_note(two, 1) == "dealer Ana, mano Bea, pie Ana"
