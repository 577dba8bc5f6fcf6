"""Helpers of the seed-002 game tests: replay a session to its result object, or refuse it through the CLI."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from scorekeeper.cli import main
from scorekeeper.games.replay import replay, result_json

FORMAT = "scorekeeper-session/2"
FOUR = ["Ana", "Bea", "Cleo", "Dan"]
TEAMS = {"A": ["Ana", "Cleo"], "B": ["Bea", "Dan"]}


def session(game: str, players: list[str], deals: list[Any], teams: dict[str, list[str]] | None = None,
            **options: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {"format": FORMAT, "game": game, "players": players, "deals": deals}
    if teams:
        doc["teams"] = teams
    if options:
        doc["options"] = options
    return doc


def tressette(deals: list[Any], **options: Any) -> dict[str, Any]:
    return session("tressette", FOUR, deals, TEAMS, **options)


def outcome(doc: dict[str, Any]) -> dict[str, Any]:
    """The result object ``scorekeeper replay --json`` prints, through a JSON round trip."""
    return json.loads(json.dumps(result_json(replay(doc))))


def scores(doc: dict[str, Any]) -> list[dict[str, int]]:
    return [row["scores"] for row in outcome(doc)["deals"]]


def cli(doc: dict[str, Any], tmp_path: Path, capsys: Any) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of ``scorekeeper replay FILE --json`` on ``doc``."""
    path = tmp_path / "session.json"
    path.write_text(json.dumps(doc))
    out = io.StringIO()
    status = main(["replay", str(path), "--json", "--lang", "en"], out=out)
    return status, out.getvalue(), capsys.readouterr().err.strip()


def refused(doc: dict[str, Any], tmp_path: Path, capsys: Any) -> str:
    """The one line the CLI prints when it refuses ``doc`` (exit status 2, nothing on stdout)."""
    status, out, err = cli(doc, tmp_path, capsys)
    assert status == 2 and out == "", (status, out)
    assert len(err.splitlines()) == 1, err
    return err
