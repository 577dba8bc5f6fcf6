"""docs/rules.md names, for each rule of Rentoy, Truc, Put, Cacho and Flor, the function that applies
it: every name it gives must exist in the engine, and every ending code must read in words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.games import GAMES, record
from scorekeeper.games.pot import engine as pot
from scorekeeper.games.truc import engine as truc
from scorekeeper.i18n import _, use_language

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules.md"

#: the endings of the Truc family, as its record labels them
HOW = record("truc").how


def section(title: str) -> str:
    text = RULES.read_text(encoding="utf-8")
    start = text.index(f"## {title}")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else None]


#: the functions (and tables) docs/rules.md names for each section
NAMED = {
    "Rentoy, Truc and Put": (truc, ("Rules", "read_options_of", "read_raises", "hand_outcome", "_decided",
                                    "_hand_winner", "read_tricks", "play", "result")),
    "Cacho and Flor": (pot, ("ROUNDS", "read_round", "read_rounds", "showdown", "eldest", "read_hand", "play",
                             "result")),
}


@pytest.mark.parametrize("title", sorted(NAMED))
def test_the_functions_the_rules_name_exist(title):
    module, names = NAMED[title]
    text = section(title)
    for name in names:
        assert f"`{module.__name__.split('.')[-2]}.engine.{name}`" in text, name
        assert hasattr(module, name), name
    decisions = set(re.findall(r"\[[AS] \d+\]", text))
    assert decisions == ({"[A 15]", "[A 16]", "[A 17]", "[A 18]", "[A 19]", "[S 8]"} if module is truc
                         else {"[S 9]", "[S 10]", "[S 11]"})


def test_every_ending_code_reads_in_words():
    """The ending codes of a finished Rentoy, Truc or Put have a label, translated."""
    codes = {truc.RENTOY_RULES.how, truc.TRUC_RULES.how, truc.PUT_RULES.how}
    assert codes <= set(HOW)
    assert {"rentoy", "truc", "put", "cacho", "flor"} <= set(GAMES)
    with use_language("es"):
        assert _(HOW["reached_12"]) == "un equipo llegó a 12"


def test_the_truco_section_names_functions_that_exist():
    """docs/rules.md, "Truco as played today", names the engine's and the chains' functions: each exists,
    and every source it cites is listed at its head."""
    from scorekeeper.games.truc import chains

    text = section("Truco as played today")
    named = re.findall(r"`truc\.(engine|chains)\.(\w+)", text)
    assert len(named) >= 8
    for module, name in named:
        assert hasattr(truc if module == "engine" else chains, name), name
    cited = set(re.findall(r"\[([TVERP]\d)", text)) | set(re.findall(r", ([TVERP]\d)\]", text))
    head = text[:text.index("[C]")]
    listed = set(re.findall(r"\[([TVERP]\d)\]\s+\S", head))
    assert cited == listed == {"T1", "T2", "T3", "T4", "T5", "T6", "T7", "V1", "V2", "V3", "V4", "E1", "E2", "E3", "R1",
                               "P1", "P2", "P3", "P4", "E4", "E5"}


def test_the_truco_endings_read_in_words():
    """The ending codes of the two rulesets have a label, translated."""
    for code in ("reached_15", "reached_30", "camas"):
        assert code in HOW
    with use_language("es"):
        assert _(HOW["reached_30"]) == "un equipo llegó a 30"
    with use_language("it"):
        assert _(HOW["camas"]) == "una squadra ha vinto le camas che le servivano"
