"""Every Truco refusal and every Truco hand line reads in Spanish and in Catalan: no English word left,
one form of address per language.

The refusals are drawn for real (a session file for each of the engine's and the chains' templates,
replayed), then said in es and ca: only what the reader typed (a quoted value) may stay as written.
The form's and pages' sentences of the Truc family are read from the catalogs: Spanish speaks to the
player as usted, Catalan to the table as vosaltres (tests/english.py lists the English words).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.pofile import read_po
from english import english_words

from scorekeeper.core.errors import SessionError
from scorekeeper.games.replay import replay
from scorekeeper.games.truc.views import OPTION_WORDS, PIECES, duel_views, standing
from scorekeeper.i18n import _, use_language
from scorekeeper.words import refusal

from .helpers_truc import FOUR, TEAMS, session

ROOT = Path(__file__).resolve().parents[2]
TRUC = ROOT / "scorekeeper" / "games" / "truc"
LANGUAGES = ("es", "ca")
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|«[^»]*»|“[^”]*”")


def rio(deals: list[Any], **options: Any) -> dict[str, Any]:
    return session("truc", deals, teams=TEAMS, ruleset="rioplatense", **options)


def val(deals: list[Any], **options: Any) -> dict[str, Any]:
    return session("truc", deals, teams=TEAMS, ruleset="valenciano", **options)


def seed(deals: list[Any], **options: Any) -> dict[str, Any]:
    return session("truc", deals, teams=TEAMS, **options)


def calls(*made: tuple[str, str]) -> list[dict[str, str]]:
    return [{"by": side, "call": call} for side, call in made]


#: a session file for every refusal of the Truco engine and its chains (and the shared readers it uses)
BAD = [
    rio([{"raises": "A", "won": "A"}]),
    rio([{"raises": ["A", "B", "A", "B"], "won": "A"}]),
    rio([{"raises": ["A", "A"], "won": "A"}]),
    rio([{"tricks": "A"}]),
    rio([{"tricks": ["A", "A", "B"]}]),
    session("rentoy", [{"tricks": ["tie", "A", "A"]}], teams=TEAMS),
    rio([{"tricks": ["A"]}]),
    rio([{"folded": "B"}]),
    rio([{"raises": ["A"], "folded": "A"}]),
    rio([{"tricks": ["tie", "tie", "tie"]}]),
    rio([{"won": "A", "eldest": "A"}]),
    rio([{"mazo": "B", "trick": 5}]),
    rio([{"flor": {"calls": calls(("A", "flor"))}, "envido": {"calls": calls(("B", "envido")), "won": "B"},
          "won": "A"}], flor=True),
    session("truc", [{"won": "tie"}], teams={"tie": ["Ana", "Cleo"], "B": ["Bea", "Dan"]}),
    val([{"won": "A"}], target=15),
    rio([{"envido": {"calls": "envido"}, "won": "A"}]),
    rio([{"envido": {"calls": [{"by": "A"}]}, "won": "A"}]),
    rio([{"envido": {"calls": calls(("A", "falta_envido"), ("B", "envido")), "won": "A"}, "won": "A"}]),
    val([{"envit": {"calls": calls(("A", "torne")), "won": "A"}, "won": "A"}]),
    rio([{"envido": {"calls": calls(("A", "envido"), ("A", "envido")), "won": "A"}, "won": "A"}]),
    rio([{"flor": {"calls": calls(("A", "flor")), "refused": "B"}, "won": "A"}], flor=True),
    rio([{"envido": {"calls": calls(("A", "envido"))}, "won": "A"}]),
    rio([{"envido": {"calls": calls(("A", "envido")), "refused": "A"}, "won": "A"}]),
    rio([{"won": "A", "folded": "B"}]),
    seed([{"won": "A", "tricks": ["A", "A"]}]),
    rio([{"won": "C"}]),
    rio([{"won": "A", "extra": 1}]),
    rio([{"envido": {"calls": calls(("A", "quiero")), "won": "A"}, "won": "A"}]),
]


#: six players, three against three, with pica-pica: 7 - 0 after two hands of all six, so hand 3 is duels
SIX = ["Ana", "Bea", "Cleo", "Dan", "Eva", "Fer"]
TEAMS6 = {"A": ["Ana", "Cleo", "Eva"], "B": ["Bea", "Dan", "Fer"]}
TO_SEVEN = [{"raises": ["A", "B"], "won": "A"}, {"raises": ["A", "B", "A"], "won": "A"}]
PICA_ROUND = {"duels": [{"won": "A"}, {"raises": ["B"], "won": "B"}, {"raises": ["A"], "folded": "B"}]}


def six(deals: list[Any], **options: Any) -> dict[str, Any]:
    return session("truc", deals, players=SIX, teams=TEAMS6, ruleset="rioplatense", **{"pica_pica": "5_25", **options})


BAD += [
    six([*TO_SEVEN, {"won": "A"}]),
    six([{"won": "A"}, PICA_ROUND]),
    six([PICA_ROUND], pica_pica="none"),
    session("truc", [{"won": "A"}], teams=TEAMS, ruleset="rioplatense", pica_pica="5_25"),
    session("truc", [{"won": "A"}], players=SIX, teams={"A": ["Ana", "Bea", "Dan"], "B": ["Cleo", "Eva", "Fer"]},
            ruleset="rioplatense", pica_pica="5_25"),
]


def refusals() -> list[SessionError]:
    found = []
    for doc in BAD:
        with pytest.raises(SessionError) as caught:
            replay(doc)
        found.append(caught.value)
    return found


def truco_templates() -> set[str]:
    """Every template the Truco engine and chains mark with ``N_``."""
    out = set()
    for path in (TRUC / "engine.py", TRUC / "chains.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "N_" and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    out.add(arg.value)
    return out


def test_the_hostile_files_draw_every_truco_refusal():
    """Every template of the engine and the chains is drawn by a file above (so the next test reads each)."""
    drawn = {e.first.template for e in refusals()}
    assert truco_templates() <= drawn, truco_templates() - drawn


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_truco_refusal_reads_without_english(language):
    """Said in es and ca, a refusal keeps only the reader's own quoted values as written: no field list
    in English ("Indica exactamente uno de won, refused." was one), no English word."""
    with use_language(language):
        said = [refusal(e.first) for e in refusals()]
    for text in said:
        assert english_words(QUOTED.sub(" ", text), language) == [], text


#: every kind of hand a Truco table enters, each way it can end
HANDS = [
    (rio, {"flor": True}, [
        {"raises": ["A", "B", "A"], "won": "A"}, {"raises": ["A"], "folded": "B"}, {"mazo": "B"},
        {"mazo": "A", "trick": 2}, {"tricks": ["tie", "tie", "tie"], "eldest": "B"},
        {"envido": {"calls": calls(("A", "envido"), ("B", "real_envido"), ("A", "falta_envido")), "refused": "B"},
         "won": "B"},
        {"flor": {"calls": calls(("A", "flor"), ("B", "flor")), "won": "B"}, "won": "A"},
        {"flor": {"calls": calls(("A", "flor"), ("B", "contraflor_al_resto")), "won": "A"}, "tricks": ["A", "tie"]},
    ]),
    (val, {}, [
        {"raises": ["A", "B", "A", "B"], "won": "B"}, {"raises": ["A", "B", "A", "B"], "folded": "A"},
        {"envit": {"calls": calls(("A", "envit"), ("B", "torne"), ("A", "falta")), "won": "B"}, "mazo": "A"},
    ]),
]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_truco_line_reads_without_english(language):
    """The history's line of each hand: the calls keep their own words (truco, joc fora, envit…), the
    rest is said in the reader's language; "joc fora (rest)" was a leftover."""
    for make, options, deals in HANDS:
        played = replay(make(deals, **options))
        with use_language(language):
            lines = [PIECES["truc"].line_for(played)(deal) for deal in deals]
        for deal, line in zip(deals, lines, strict=True):
            assert english_words(line, language) == [], (deal, line)
            assert not set(FOUR) & set(line.split()), line   # sides, not players
    played = replay(six([*TO_SEVEN, PICA_ROUND]))
    with use_language(language):
        line = PIECES["truc"].line_for(played)(PICA_ROUND)
    assert english_words(line, language) == [] and line.startswith("pica-pica · Ana – Dan: "), line
    with use_language("ca"):
        assert PIECES["truc"].line_for(replay(val([HANDS[1][2][0]])))(HANDS[1][2][0]).endswith(
            "B: joc fora (la resta de la cama) · B ha guanyat")


# ---------------------------------------------------------------- one form of address

KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "_l": None, "lazy_gettext": None}
#: what speaks to the reader as tú or vosotros (Spanish), or as tu or vostè (Catalan): a word that
#: says it anywhere, or an imperative that opens a sentence (elsewhere "anota" may be "it scores")
FAMILIAR = {
    "es": re.compile(r"\b(?:elige|elegid|di|decid|tocad|anotad|escribid|tienes|puedes|tus|vuestro|vuestra|"
                     r"podéis|tenéis)\b|(?:^|[.!?]\s+)(?:toca|anota|escribe|indica|añade|pon|da|elige)\b", re.I),
    "ca": re.compile(r"\b(?:digues|pots|tens|teu|teva|vostè|triï|digui|toqui|indiqui)\b"
                     r"|(?:^|[.!?]\s+)(?:toca|tria|anota|escriu|indica|afegeix|fes)\b", re.I),
}


def truco_msgids() -> list[str]:
    """The sentences of the Truc family: its Python and its templates, as ./scripts/translations extracts them."""
    ids: list[str] = []
    for path in sorted(TRUC.glob("*.py")):
        ids += [m if isinstance(m, str) else m[0] for _, m, _, _ in extract_from_file("python", str(path),
                                                                                     keywords=KEYWORDS)]
    for path in sorted((ROOT / "templates" / "games" / "truc").glob("*.html")):
        ids += [m if isinstance(m, str) else m[0] for _, m, _, _ in extract_from_file(
            "jinja2", str(path), keywords=KEYWORDS, options={"extensions": "jinja2.ext.i18n"})]
    return list(dict.fromkeys(ids))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_truco_sentences_speak_to_the_player_one_way(language):
    """Spanish says usted (elija, diga, toque), as most of the catalog; Catalan says vosaltres (trieu,
    digueu, toqueu). The form had elegid, decid, toca and di side by side."""
    with (ROOT / "scorekeeper" / "translations" / language / "LC_MESSAGES" / "messages.po").open() as f:
        catalog = read_po(f)
    ids = truco_msgids()
    assert len(ids) > 100
    for msgid in ids:
        message = catalog.get(msgid)
        assert message is not None and message.string, msgid
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in texts:
            assert not FAMILIAR[language].search(text), (msgid, text)
            assert english_words(QUOTED.sub(" ", re.sub(r"%\(\w+\)s|\{[^}]*\}", " ", text)), language) == [], text


def test_the_checks_catch_the_leftovers_they_were_written_for():
    """The refusal, the line and the mixed address this file was written against are caught."""
    assert english_words(QUOTED.sub(" ", "Indica exactamente uno de won, refused."), "es") == ["won", "refused"]
    assert english_words("B: joc fora (rest) · B ganó", "ca") == ["rest"]
    assert FAMILIAR["es"].search("Toca los cantos antes de la respuesta.")
    assert FAMILIAR["es"].search("tres bazas empatadas son para el equipo mano: di cuál es")
    assert FAMILIAR["es"].search("Elegid los cantos con los botones.")
    assert not FAMILIAR["es"].search("Elija los cantos con los botones. Una flor sola no se contesta: anota por sí misma")
    assert FAMILIAR["ca"].search("Tria els cants amb els botons.") and not FAMILIAR["ca"].search("Trieu els cants.")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pica_pica_form_and_the_camas_read_without_english(language):
    """What the new pages draw from code rather than from a template's sentence: each duel's buttons (the
    players' names in the hand's sentences), the option's words, and the camas' lines beside the money."""
    played = replay(six(TO_SEVEN))
    camas = replay(val([{"raises": ["A", "B", "A", "B"], "won": "A"}, {"won": "B"}]))
    with use_language(language):
        said = [c.words for d in duel_views(played) for c in (*d.choices, *d.bets)]
        said += [_(OPTION_WORDS[k]) for k in OPTION_WORDS if "pica" in k]
        said += list(standing(camas)) + [PIECES["truc"].scores_note(camas)]
    assert len(said) == 3 * (8 + 6) + 5 + 3 + 1
    for text in said:
        assert english_words(QUOTED.sub(" ", text), language) == [], text
        assert not FAMILIAR[language].search(text), text
