"""``./scripts/translations update`` is idempotent: run on catalogs it already wrote, it changes no line (no date,
no wrapping, no reordering), and it keeps every translation. Run on a copy of the repository's sources."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = ("es", "fr", "it", "ca")


def _catalogs(root: Path) -> dict[str, bytes]:
    return {lang: (root / "scorekeeper" / "translations" / lang / "LC_MESSAGES" / "messages.po").read_bytes()
            for lang in CATALOGS}


def _update(root: Path) -> None:
    subprocess.run([str(root / "scripts" / "translations"), "update"], cwd=root, check=True, capture_output=True)


def test_a_second_update_changes_no_line_and_no_translation_is_lost(tmp_path):
    for name in ("scorekeeper", "templates"):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
    for name in ("babel.cfg", "scripts/translations"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        shutil.copy2(ROOT / name, tmp_path / name)
    (tmp_path / ".venv").symlink_to(ROOT / ".venv")
    before = _catalogs(tmp_path)
    _update(tmp_path)
    once = _catalogs(tmp_path)
    _update(tmp_path)
    assert _catalogs(tmp_path) == once
    for lang in CATALOGS:
        old = {m.id: m.string for m in read_po(io.BytesIO(before[lang])) if m.id}
        new = {m.id: m.string for m in read_po(io.BytesIO(once[lang])) if m.id}
        assert {k: v for k, v in new.items() if k in old} == {k: old[k] for k in new if k in old}, lang
        assert set(new) <= set(old), (lang, set(new) - set(old))  # every marked sentence was already there
