"""The engine's type annotations hold (mypy), so the pure core stays honest as it grows."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_engine_type_checks():
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--ignore-missing-imports", "--no-error-summary", "scorekeeper/engine"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
