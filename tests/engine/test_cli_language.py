"""``scorekeeper replay … --lang es`` prints the ledger in Spanish (the installed entry point, in a subprocess)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from english import english_words

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "tests" / "data" / "worked_example.json"
ENTRY_POINT = Path(sys.executable).parent / "scorekeeper"


def replay(*args: str) -> str:
    assert ENTRY_POINT.exists(), f"the scorekeeper command is not installed next to {sys.executable}"
    env = dict(os.environ, LANGUAGE="en", LANG="C.UTF-8", LC_ALL="")  # the environment says English
    done = subprocess.run([str(ENTRY_POINT), "replay", str(EXAMPLE), *args], capture_output=True, text=True,
                          env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("language, words", [
    # the worked example is played in pesetas: Spanish writes their sign, French the code
    ("es", ["reparte", "se lleva el plato", "Liquidación", "paga a North 120\u00a0₧", "papel", "tantos"]),
    ("fr", ["donne", "Règlement", "paie 120\u00a0ESP à North", "feuille", "tantos"]),
])
def test_the_ledger_in_the_language_asked(language, words):
    text = replay("--lang", language)
    for word in words:
        assert word in text, (language, word)
    assert "166   157    173   134" in text  # the last row's bowls, as in the worked example
    assert english_words(text) == [], text


def test_english_without_the_option():
    text = replay()
    assert "Settlement" in text and "Liquidación" not in text
