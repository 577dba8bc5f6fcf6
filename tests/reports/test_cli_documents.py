"""``scorekeeper report|paper|settlement``: PDFs from a session file; bad input exits 2 with one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import main

from .conftest import WORKED, pdf_pages, worked_session_text


def _text(path: Path) -> str:
    data = path.read_bytes()
    assert data.startswith(b"%PDF-")
    return " ".join(" ".join(pdf_pages(data)).split())


def test_report_paper_and_settlement_are_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for kind, expect in [
        ("report", "16 166 157 173 134 0 10 West: 22; South: 21 ~23~"),
        ("paper", "West 22 22 South 21 21"),
        ("settlement", "North 179 +19 +ESP 190"),
    ]:
        out = tmp_path / f"{kind}.pdf"
        assert main([kind, str(WORKED), "-o", str(out)]) == 0
        assert expect in _text(out)
        assert str(out) in capsys.readouterr().out


def test_evening_details_from_the_file_and_from_options(session_file, tmp_path: Path) -> None:
    data = json.loads(worked_session_text())
    data.update(group="Thursday club", started="2026-11-19T21:00", ended="2026-11-20T01:10")
    path = session_file(data)
    out = tmp_path / "s.pdf"
    assert main(["settlement", str(path), "-o", str(out)]) == 0
    text = _text(out)
    assert "Thursday club" in text and "Thursday, 19 November 2026" in text and "21:00 – 01:10" in text
    assert main(["settlement", str(path), "-o", str(out), "--group", "Other table"]) == 0
    assert "Other table" in _text(out) and "Thursday club" not in _text(out)


def test_html_instead_of_pdf(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    assert main(["report", str(WORKED), "--html", "-o", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!doctype html>")
    assert '<span class="crossed">~<del>23</del>~</span>' in html and "<svg" in html


@pytest.mark.parametrize(
    "content, message",
    [
        ('{"format": "tresillo-session/1", "players": ["A", "B"', "not JSON"),
        (json.dumps({"format": "tresillo-session/1", "players": ["A", "B", "C"], "first_dealer": "A",
                     "hands": [{"contract": "entrada", "declarer": "Z"}]}), "hand 1"),
    ],
)
def test_broken_session_file_exits_2_with_one_line(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "broken.json"
    path.write_text(content, encoding="utf-8")
    out = tmp_path / "report.pdf"
    proc = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "report", str(path), "-o", str(out)],
        capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and proc.stderr.endswith("\n"), proc.stderr
    assert message in lines[0]
    assert not out.exists(), "nothing is written for a refused file"


def test_bad_options_and_unwritable_output_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["paper", str(WORKED), "-o", str(tmp_path / "p.pdf"), "--started", "last Tuesday"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert main(["paper", str(WORKED), "-o", str(tmp_path / "no" / "such" / "p.pdf")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write" in err
    assert main(["paper", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
