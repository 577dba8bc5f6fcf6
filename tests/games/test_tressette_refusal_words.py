"""A refused declaration names its card in the reader's words: the suit and the rank translated, never the
session file's codes ("coins", "A"), in every language of the app (issue 26)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main

from .gamecheck import tressette

NAP_COINS = {"player": "Ana", "kind": "napoletana", "suit": "coins"}
NAP_CUPS = {"player": "Cleo", "kind": "napoletana", "suit": "cups"}
#: the Ace of cups in two hands; the Three of coins held and lacked; the Threes twice; a napoletana twice
CASES: dict[str, list[Any]] = {
    "taken": [NAP_CUPS, {"player": "Bea", "kind": "four_of_a_kind", "rank": "A"}],
    "both": [{"player": "Ana", "kind": "three_of_a_kind", "rank": "3", "missing": "coins"}, NAP_COINS],
    "twice": [{"player": "Ana", "kind": "three_of_a_kind", "rank": "3", "missing": "coins"},
              {"player": "Ana", "kind": "four_of_a_kind", "rank": "3"}],
    "same": [NAP_CUPS, NAP_CUPS],
}
SAID = {
    "en": {"taken": "the Ace of cups is already in Cleo's hand",
           "both": "Ana cannot both hold and lack the Three of coins",
           "twice": "Ana already declared the Threes in this deal",
           "same": "Cleo already declared this napoletana of cups"},
    "es": {"taken": "el As de copas ya está en la mano de Cleo",
           "both": "Ana no puede tener y no tener a la vez el Tres de oros",
           "twice": "Ana ya declaró los Treses en esta mano",
           "same": "Cleo ya declaró esta napoletana de copas"},
    "fr": {"taken": "l'As de coupes est déjà dans la main de Cleo",
           "both": "Ana ne peut pas à la fois avoir et ne pas avoir le Trois de deniers",
           "twice": "Ana a déjà déclaré les Trois dans cette donne",
           "same": "Cleo a déjà déclaré cette napoletana de coupes"},
    "it": {"taken": "l'Asso di coppe è già nella mano di Cleo",
           "both": "Ana non può avere e non avere insieme il Tre di denari",
           "twice": "Ana ha già dichiarato i Tre in questa mano",
           "same": "Cleo ha già dichiarato questa napoletana di coppe"},
}
CODES = ("coins", "cups", " A ", " 3 ", "3s", "napoletana of")


def refused_in(lang: str, declarations: list[Any], tmp_path: Path, capsys: Any) -> str:
    path = tmp_path / "session.json"
    path.write_text(json.dumps(tressette([{"declarations": declarations, "points": {"A": 5, "B": 5},
                                           "last": "A"}])))
    assert main(["replay", str(path), "--json", "--lang", lang], out=io.StringIO()) == 2
    return str(capsys.readouterr().err.strip())


@pytest.mark.parametrize("lang", sorted(SAID))
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_refused_declaration_names_the_card_in_the_readers_words(lang, case, tmp_path, capsys):
    """The CLI line ends with the refusal in ``--lang``; outside English no suit code is left in it."""
    line = refused_in(lang, CASES[case], tmp_path, capsys)
    assert line.endswith(": " + SAID[lang][case]), line
    if lang != "en":
        assert not any(code in line.split(": ", 2)[-1] for code in CODES), line
