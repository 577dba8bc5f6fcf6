"""The engine is pure standard-library Python: no Flask, SQLAlchemy or PDF code inside."""

import ast
import sys
from pathlib import Path

import scorekeeper.games.tresillo.engine

ENGINE = Path(scorekeeper.games.tresillo.engine.__file__).parent


def imported_modules(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            found.append((node.lineno, node.module or ""))
    return found


def test_engine_imports_only_the_standard_library():
    files = sorted(ENGINE.glob("*.py"))
    assert len(files) >= 6
    bad = [
        f"{path.name}:{line}: {name}"
        for path in files
        for line, name in imported_modules(path)
        if name.split(".")[0] not in sys.stdlib_module_names and name.split(".")[0] != "__future__"
    ]
    assert bad == []


def test_the_scan_sees_third_party_imports(tmp_path):
    """The scan itself works: a file importing flask is caught."""
    f = tmp_path / "x.py"
    f.write_text("import json\nfrom flask import Flask\nfrom . import model\n")
    names = [n for _, n in imported_modules(f)]
    assert names == ["json", "flask"]
    assert "flask" not in sys.stdlib_module_names
