"""Shared by the hand-worked tests of Rentoy, Truc, Put, Cacho and Flor: replay a document, read
the CLI's one-line refusal."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from scorekeeper.cli import main
from scorekeeper.games.replay import replay, result_json

FOUR = ["Ana", "Bea", "Cleo", "Dan"]
TEAMS = {"A": ["Ana", "Cleo"], "B": ["Bea", "Dan"]}


def session(game: str, deals: list[Any], players: list[str] | None = None, teams: Any = None,
            **options: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {"format": "scorekeeper-session/2", "game": game, "players": players or FOUR,
                           "deals": deals}
    if teams is not None:
        doc["teams"] = teams
    if options:
        doc["options"] = options
    return doc


def replayed(doc: dict[str, Any]) -> dict[str, Any]:
    """The result object ``scorekeeper replay --json`` prints for ``doc``."""
    return result_json(replay(doc))


def scores(out: dict[str, Any]) -> list[dict[str, int]]:
    return [row["scores"] for row in out["deals"]]


def points(out: dict[str, Any]) -> list[dict[str, int]]:
    return [row["points"] for row in out["deals"]]


def refused(doc: dict[str, Any], tmp_path: Path, capsys: Any) -> str:
    """The one line the CLI prints refusing ``doc`` (it must exit 2 and print nothing on stdout)."""
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    out = io.StringIO()
    assert main(["replay", str(path), "--json", "--lang", "en"], out=out) == 2
    assert out.getvalue() == ""
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]
