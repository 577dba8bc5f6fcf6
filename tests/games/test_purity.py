"""Every game's engine is pure standard-library Python, and so is the registry the platform reads.

Relative imports are followed too: an engine may import only other pure modules of the package
(the platform's pure core: errors, domains, fewest payments; the games' base), never words or Flask.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import scorekeeper.games

PACKAGE = Path(scorekeeper.games.__file__).parent
ROOT = PACKAGE.parent
#: the only modules (or packages: a game's ``documents/``, ``pages/``, ``services/``) of scorekeeper.games that
#: speak to the platform (words, forms, views, pages, services, printed documents) and so may import it; every
#: other module (the registry, the base, the replay, each game's engine) stays pure; a game's ``tests/`` are its tests
PLATFORM_SIDE = frozenset({"words", "forms", "views", "pages", "services", "commands", "documents", "service",
                           "tests"})


def pure_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py")
                  if not PLATFORM_SIDE & set(p.relative_to(PACKAGE).with_suffix("").parts))


def imports(path: Path) -> list[tuple[int, str]]:
    """Every module a file imports, relative ones made absolute (``scorekeeper.core.errors``)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    package = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts[:-1])
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                found.append((node.lineno, ".".join([*base, *([node.module] if node.module else [])])))
            else:
                found.append((node.lineno, node.module or ""))
    return found


def allowed(name: str) -> bool:
    top = name.split(".")[0]
    if top in sys.stdlib_module_names or top == "__future__":
        return True
    if name == "scorekeeper.games" or name.startswith("scorekeeper.games."):
        return not PLATFORM_SIDE & set(name.split("."))
    return name == "scorekeeper.core" or name.startswith("scorekeeper.core.")


def test_game_engines_import_only_the_standard_library():
    files = pure_files()
    assert len(files) >= 6
    bad = [f"{p.relative_to(ROOT)}:{line}: {name}" for p in files for line, name in imports(p) if not allowed(name)]
    assert bad == []


def test_the_scan_follows_relative_imports(tmp_path):
    """The scan itself works: a game engine reaching the narration or Flask is caught."""
    game = PACKAGE / "rovescino" / "engine.py"
    names = [n for _, n in imports(game)]
    assert "scorekeeper.core.errors" in names
    assert all(allowed(n) for n in names)
    assert not allowed("scorekeeper.games.tresillo.words")
    assert not allowed("scorekeeper.games.words")
    assert not allowed("flask")
    # a game's printed documents are a platform-side package: its modules may import the platform
    scanned = pure_files()
    assert PACKAGE / "tresillo" / "documents" / "render.py" not in scanned
    assert PACKAGE / "tresillo" / "engine" / "replay.py" in scanned
