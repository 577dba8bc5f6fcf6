"""The command line over a corpus of hostile files: exit 0 or 2, one line, never a traceback.

``replay`` runs as a real process for every file (the exit status and the
bytes on stderr are what a user sees); the documents (``report``, ``paper``,
``settlement``) run in-process over the same corpus.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import main
from tests.hostile import corpus

CORPUS = corpus()
IDS = [name for name, *_ in CORPUS]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("hostile")
    out = {}
    for name, data, _, _ in CORPUS:
        (folder / name).write_bytes(data)
        out[name] = folder / name
    return out


def _one_line(err: str) -> str:
    assert "Traceback" not in err and "could not finish" not in err, err[:2000]
    lines = err.splitlines()
    assert len(lines) == 1 and err.endswith("\n"), err[:2000]
    return lines[0]


@pytest.mark.parametrize(("name", "data", "accepted", "word"), CORPUS, ids=IDS)
def test_replay_process_exits_0_or_2_with_one_line(files: dict[str, Path], name: str, data: bytes,
                                                   accepted: bool, word: str) -> None:
    proc = subprocess.run([sys.executable, "-m", "scorekeeper.cli", "replay", str(files[name])],
                          capture_output=True, timeout=120)
    err = proc.stderr.decode("utf-8")
    if accepted:
        assert proc.returncode == 0 and err == "", err[:2000]
        assert b"Settlement:" in proc.stdout
    else:
        assert proc.returncode == 2, (proc.returncode, err[:2000])
        assert proc.stdout == b""
        assert word in _one_line(err)


#: every document over every file but the long one (long documents are tests/reports' job)
DOCUMENTS = [pytest.param(kind, *entry, id=f"{kind}-{entry[0]}") for entry in CORPUS
             for kind in ("report", "paper", "settlement") if entry[0] != "long.json"]


@pytest.mark.parametrize(("kind", "name", "data", "accepted", "word"), DOCUMENTS)
def test_documents_exit_0_or_2_with_one_line(files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             kind: str, name: str, data: bytes, accepted: bool, word: str) -> None:
    target = tmp_path / f"{kind}.html"
    status = main([kind, str(files[name]), "--html", "-o", str(target)])
    captured = capsys.readouterr()
    if name == "title-list.json":  # the replay ignores the title; a document refuses it
        accepted, word = False, "title"
    if accepted:
        assert status == 0 and captured.err == "" and target.stat().st_size > 0
    else:
        assert status == 2
        assert word in _one_line(captured.err)
        assert not target.exists()


def test_a_folder_and_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path)]) == 2
    assert "cannot read" in _one_line(capsys.readouterr().err)
    assert main(["report", str(tmp_path / "none.json")]) == 2
    assert "cannot read" in _one_line(capsys.readouterr().err)
