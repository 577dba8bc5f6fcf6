"""``scorekeeper sheet FILE``: the printed sheet of any game of a ``scorekeeper-session/2`` file.

It is the sheet the game's table page prints (one view, :func:`services.games.played_view`): the
same file imported into a group and printed from the table gives the same page. Bad input (a file
of another format, a refused deal, a bad option) exits 2 with one line, and no file is written.
"""

from __future__ import annotations

import io
import json
import random
import re
from decimal import Decimal
from itertools import islice
from pathlib import Path

import pytest

from scorekeeper import services
from scorekeeper.cli import main
from scorekeeper.core.errors import SessionError
from scorekeeper.games.replay import replay
from scorekeeper.reports.games import render_sheet_html
from tests.games.sessions import RULESETS, VALID
from tests.games.test_conformance import hostile

from .conftest import DATA, WORKED, pdf_pages

#: every game the platform's pages keep, and each ruleset beyond a game's default (Tresillo has its own
#: documents: report, paper, settlement)
CASES = {name: make for name, make in {**VALID, **RULESETS}.items() if name != "tresillo"}


def a_session(name: str, seed: int) -> dict:
    """A random valid session of ``name`` with at least one deal."""
    return next(d for d in (CASES[name](random.Random(seed * 1000 + s)) for s in range(200)) if d["deals"])


def sheet(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    out = io.StringIO()
    code = main(["sheet", *args], out=out)
    return code, out.getvalue(), capsys.readouterr().err


def test_the_sheet_of_a_file_is_the_sheet_its_table_prints(app, tmp_path: Path, capsys) -> None:
    """Each game's file imported into a group: its table's sheet and the command's are the same page."""
    compared = 0
    for name in sorted(CASES):
        for seed in range(2):
            doc = a_session(name, seed)
            text = json.dumps(doc)
            with app.app_context():
                group = services.create_group(f"Circolo {compared}", "en")
                gs = services.games.import_game(group, text)
                on_table = render_sheet_html(services.games.game_view(gs))
                started = gs.created_at.isoformat()
            path = tmp_path / f"{compared}.json"
            path.write_text(text, encoding="utf-8")
            out = tmp_path / f"{compared}.html"
            code, said, err = sheet([str(path), "--html", "-o", str(out), "--group", f"Circolo {compared}",
                                     "--started", started, "--lang", "en"], capsys)
            assert (code, err) == (0, ""), (name, err)
            assert out.read_text(encoding="utf-8") == on_table, name
            assert str(out) in said
            compared += 1
    assert compared == 2 * len(CASES) >= 20


def test_the_pdf_reads_back_in_the_language_asked(tmp_path: Path, capsys) -> None:
    out = tmp_path / "truco.pdf"
    code, said, err = sheet([str(DATA / "truco_rioplatense.json"), "-o", str(out), "--group", "Peña del Sur",
                             "--started", "2026-12-01T21:00", "--ended", "2026-12-01T23:40", "--currency", "ARS"],
                            capsys)
    assert (code, err) == (0, "")
    assert said.startswith("Truco rioplatense: ") and str(out) in said
    pages = pdf_pages(out.read_bytes())
    text = " ".join(" ".join(pages).split())
    assert len(pages) == 1
    for words in ("Truco rioplatense", "Peña del Sur", "Tuesday, 1 December 2026", "21:00 – 23:40",
                  "Ended at deal 6: a team reached 30.", "Winners: Ana, Cleo", "Bea Ana ARS 0.50"):
        assert words in text, words
    spanish = tmp_path / "truco-es.pdf"
    code, _said, err = sheet([str(DATA / "truco_rioplatense.json"), "-o", str(spanish), "--lang", "es"], capsys)
    assert (code, err) == (0, "")
    text = " ".join(" ".join(pdf_pages(spanish.read_bytes())).split())
    assert "Quién paga a quién" in text and "truco" in text and "envido" in text
    assert "Peña del Sur" not in text and "Date" not in text  # no group or date given: none printed


@pytest.mark.parametrize(("file", "own", "other"), [
    ("truco_rioplatense.json", ["Three tied tricks", "Río de la Plata: game to", "Río de la Plata: play with flor",
                                "Río de la Plata: going to the deck in the first trick, nothing sung",
                                "Río de la Plata: a flor answered by a flor", "Río de la Plata: the contraflor al resto",
                                "Río de la Plata: the falta envido in the malas"], "Valencia"),
    ("truc_valencia.json", ["Valencia: points of a cama", "Valencia: camas to win",
                            "Valencia: the falta with both teams in the malas"], "Río de la Plata"),
])
def test_a_ruleset_prints_its_own_options_only(tmp_path: Path, capsys, file: str, own: list[str], other: str) -> None:
    """Truc's rulesets each read their own options; another ruleset's, left at their defaults, are not printed."""
    out = tmp_path / "sheet.html"
    assert sheet([str(DATA / file), "--html", "-o", str(out), "--lang", "en"], capsys)[0] == 0
    labels = re.findall(r"<dt>([^<]*)</dt>", out.read_text(encoding="utf-8"))
    assert [label for label in labels if label not in ("Players", "Rules", "Stake")] == own
    assert not any(other in label for label in labels)


def _one_line(err: str) -> str:
    assert "Traceback" not in err and "could not finish" not in err, err[:2000]
    lines = err.splitlines()
    assert len(lines) == 1 and err.endswith("\n"), err[:2000]
    return lines[0]


@pytest.mark.parametrize(("command", "file", "extra", "words"), [
    ("sheet", WORKED, [], "not a scorekeeper-session/2 file"),
    ("report", DATA / "truco_rioplatense.json", [], "print its sheet with scorekeeper sheet"),
    ("paper", DATA / "truc_valencia.json", [], "print its sheet with scorekeeper sheet"),
    ("settlement", DATA / "truc_valencia.json", [], "print its sheet with scorekeeper sheet"),
    ("sheet", DATA / "truc_valencia.json", ["--currency", "x" * 9], "currency: "),
    ("sheet", DATA / "truc_valencia.json", ["--started", "yesterday"], "started: 'yesterday' is not a date"),
    ("sheet", DATA / "truc_valencia.json", ["--ended", "2026-13-01T10:00"], "ended: "),
    ("sheet", DATA / "truc_valencia.json", ["--group", "\x00"], "group: "),
    ("sheet", DATA / "nothing-here.json", [], "cannot read the file"),
])
def test_bad_input_is_one_line_and_writes_nothing(tmp_path: Path, capsys, command, file, extra, words) -> None:
    out = tmp_path / "out.pdf"
    code = main([command, str(file), "-o", str(out), "--lang", "en", *extra], out=io.StringIO())
    assert code == 2
    assert words in _one_line(capsys.readouterr().err)
    assert list(tmp_path.iterdir()) == []


#: the broken files tried for each of two sessions of each game (the engine's own suite tries many more)
HOSTILE_FILES = 40


@pytest.mark.parametrize("name", sorted(CASES))
def test_generated_hostile_files_exit_2_naming_the_field_or_print(tmp_path: Path, capsys, name: str) -> None:
    """Each game's valid sessions broken at random places: the engine's refusal is the command's one line
    (``deal 3: …``) and nothing is written; what the engine accepts is printed, its money summing to zero."""
    rng = random.Random(29)
    refused = 0
    for seed in range(2):
        for n, bad in enumerate(islice(hostile(a_session(name, seed), rng), HOSTILE_FILES)):
            path = tmp_path / "bad.json"
            path.write_text(json.dumps(bad), encoding="utf-8")
            out = tmp_path / f"{seed}-{n}.html"
            try:
                played, refusal = replay(bad), None
            except SessionError as exc:
                played, refusal = None, exc.first
            code = main(["sheet", str(path), "--html", "-o", str(out), "--lang", "en"], out=io.StringIO())
            err = capsys.readouterr().err
            if refusal is not None:
                refused += 1
                line = _one_line(err)
                assert code == 2 and not out.exists(), (bad, err)
                assert refusal.field in line and (refusal.hand is None or line.startswith(f"deal {refusal.hand}: "))
            else:
                assert played is not None
                assert (code, err) == (0, "") and out.read_text(encoding="utf-8").startswith("<!doctype html>")
                assert sum((m for _, m in played.result.money), Decimal(0)) == 0
    assert refused > HOSTILE_FILES // 2


def test_a_full_page_takes_the_ending_and_who_pays_whom_whole_to_the_next(tmp_path: Path, capsys) -> None:
    """Six at a Truco with pica-pica: the options and ten deals fill the first page, so the ending, the money of all
    six and who pays whom go to the second together, never a table cut after its first rows (seen once: the money
    table's first row on page 1, the other five on page 2)."""
    from tests.games.helpers_truc import session

    six = ["Ana", "Bea", "Cleo", "Dan", "Eva", "Fer"]
    duels = {"duels": [{"won": "A"}, {"raises": ["B"], "won": "B"}, {"raises": ["A"], "folded": "B"}]}
    envido = {"envido": {"calls": [{"by": "B", "call": "envido"}], "won": "A"}, "raises": ["A"], "won": "A"}
    deals = [{"raises": ["A", "B"], "won": "A"}, envido, duels, {"won": "B"}, duels,
             {"raises": ["A", "B", "A"], "won": "B"}, duels, {"raises": ["A", "B", "A"], "won": "A"}, duels,
             {"raises": ["A", "B", "A"], "won": "A"}]
    doc = session("truc", deals, players=six, teams={"A": six[0::2], "B": six[1::2]}, ruleset="rioplatense",
                  pica_pica="5_25", stake="1")
    path, out = tmp_path / "six.json", tmp_path / "six.pdf"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, _, err = sheet([str(path), "-o", str(out), "--lang", "en"], capsys)
    assert code == 0, err
    pages = pdf_pages(out.read_bytes())
    assert len(pages) == 2 and "Each column" in pages[0]  # the deals fill page 1: the case this test is about
    ending = pages[1]
    assert "The ending" in ending and "Who pays whom" in ending and "The ending" not in pages[0]
    assert all(f"{name} €" in ending for name in six)  # the money table whole, on the page of its heading
