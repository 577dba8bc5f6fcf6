"""A game's own session file reaches the command line through the registry (GameSpec.session_format).

``scorekeeper replay`` reads any file with the platform's reader; ``scorekeeper-session/2`` is replayed
by the platform, a game's own format by its package's ``commands`` module, picked by the ``format``.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.core.errors import SessionError
from scorekeeper.core.sessionjson import parse_json
from scorekeeper.games import GAMES
from scorekeeper.games.tresillo import commands as tresillo_commands
from scorekeeper.games.views import part_of
from scorekeeper.inputs import own_file_replay

from .test_purity import allowed, imports

WORKED = Path(__file__).resolve().parents[1] / "data" / "worked_example.json"


def test_every_game_with_a_format_of_its_own_replays_it_in_its_commands_module():
    owners = {name: game.spec.session_format for name, game in GAMES.items() if game.spec.session_format}
    assert owners == {"tresillo": "tresillo-session/1"}
    for name in owners:
        commands = part_of(GAMES[name], "commands")
        assert commands is not None and callable(commands.replay_file)


def test_a_game_without_one_has_no_commands_module_and_needs_none():
    assert part_of(GAMES["rovescino"], "commands") is None
    assert part_of(GAMES["rovescino"], "pieces") is not None


@pytest.mark.parametrize("data", [
    {"format": "tresillo-session/1", "players": ["A", "B", "C"]},
    {"players": ["A", "B", "C"]},  # Tresillo's files may leave the format out
    {"format": "tresillo-session/9"},  # refused by Tresillo's reader, naming the format it expected
    [1, 2],
])
def test_the_format_picks_the_game(data):
    assert own_file_replay(data) is tresillo_commands.replay_file


def test_replay_prints_what_tresillos_commands_module_prints():
    """The platform's command adds nothing of its own to a Tresillo file's ledger."""
    out = io.StringIO()
    assert main(["replay", str(WORKED), "--lang", "en"], out=out) == 0
    direct = io.StringIO()
    tresillo_commands.replay_file(parse_json(WORKED.read_bytes()), False, direct)
    assert out.getvalue() == direct.getvalue()
    assert out.getvalue().splitlines()[0].split()[:2] == ["#", "North"]


def test_an_unknown_format_is_refused_in_one_line_naming_the_expected_one(tmp_path, capsys):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"format": "tresillo-session/9", "players": ["A", "B", "C"]}))
    assert main(["replay", str(path), "--lang", "en"], out=io.StringIO()) == 2
    assert capsys.readouterr().err == "session: format: expected 'tresillo-session/1', got 'tresillo-session/9'\n"


def test_the_platforms_reader_refuses_before_any_game_reads():
    with pytest.raises(SessionError) as refused:
        parse_json(b'{"players": [' * 40 + b"]}" * 40)
    first = refused.value.first
    assert (first.hand, first.field) == (None, "players[0].players")
    assert first.message == "nested too deeply (a session file nests at most 32 levels)"


def test_the_reader_is_pure_like_the_engines_that_use_it():
    """Tresillo's engine reads its file with it, so it imports the standard library and the core only."""
    import scorekeeper.core.sessionjson as reader

    names = [name for _, name in imports(Path(reader.__file__))]
    assert "json" in names and "scorekeeper.core.errors" in names
    assert all(allowed(name) for name in names)
