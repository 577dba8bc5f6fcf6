"""Each game is one package that says everything about itself in its records, found by the registry by looking.

Finding the games loads none of them; importing one game's engine loads no other game; every part a
record names exists and is what the platform expects; every ending an engine gives has its label.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import scorekeeper.games
from scorekeeper.games import GAMES, GameRecord, record, records
from scorekeeper.games.registry import load
from scorekeeper.games.views import Documents, Pieces, part_of, pieces_for

GAMES_DIR = Path(scorekeeper.games.__file__).parent


def loaded_after(code: str) -> list[str]:
    """The scorekeeper modules a fresh interpreter holds after running ``code``."""
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys, json\n"
                          "print(json.dumps(sorted(m for m in sys.modules if m.startswith('scorekeeper'))))"],
                         check=True, capture_output=True, text=True).stdout
    found: list[str] = json.loads(out)
    return found


def game_modules(modules: list[str]) -> set[str]:
    """The game packages some of whose modules beyond ``__init__`` are loaded."""
    return {m.split(".")[2] for m in modules if m.count(".") >= 3 and m.split(".")[2] in packages()}


def packages() -> set[str]:
    return {p.name for p in GAMES_DIR.iterdir() if (p / "__init__.py").exists()}


def test_the_registry_finds_every_package_and_loads_no_game():
    modules = loaded_after("from scorekeeper.games import GAMES\nnames = list(GAMES)\nassert 'truc' in GAMES")
    assert game_modules(modules) == set()
    assert {r.package.rsplit(".", 1)[1] for r in records().values()} == packages()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_importing_one_engine_loads_no_other_game(name):
    rec = record(name)
    modules = loaded_after(f"import {rec.module(rec.game)}\nfrom scorekeeper.games import GAMES\nGAMES[{name!r}]")
    assert game_modules(modules) == {rec.package.rsplit(".", 1)[1]}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_part_a_record_names_is_there(name):
    rec = records()[name]
    assert isinstance(rec, GameRecord) and rec.name == name and GAMES[name].spec.name == name
    pieces = pieces_for(GAMES[name])
    assert (pieces is not None) == bool(rec.pieces)
    assert pieces is None or isinstance(pieces, Pieces)
    documents = part_of(GAMES[name], "documents")
    assert documents is None or isinstance(documents, Documents)
    for part in ("feats", "sample_deal"):
        found = load(rec, getattr(rec, part))
        assert (found is None) == (not getattr(rec, part)) and (found is None or callable(found))
    for part in ("pages", "commands", "service"):
        assert (part_of(GAMES[name], part) is None) == (not getattr(rec, part))
    assert all(code and label for code, label in rec.how.items())


def test_a_record_naming_a_missing_part_fails_loudly():
    broken = GameRecord("nothing", "scorekeeper.games.rovescino", "engine:NO_SUCH_GAME")
    with pytest.raises(AttributeError):
        load(broken, broken.game)
    assert load(broken, "") is None
