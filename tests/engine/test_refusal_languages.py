"""Every refusal the engine can produce is said in Spanish and French, never in English, never as an id.

The engine writes no words: a refusal is a field, a template marked with ``N_`` and its values
(docs/architecture.md), and the narration says it in the reader's language. Three checks:

- the source: no refusal is built from a sentence the catalogs cannot see (a plain string, an
  f-string, a hand-made ``FieldError``), and every marked template of the engine reads as Spanish
  or French in those catalogs;
- the hostile generators (tests/hostile.py's corpus, bench/fuzz.py's arbitrary, mutated and nudged
  session files) and the hand-made refusals below are read and replayed; each refusal they draw
  is said in es and fr and must hold no English word (tests/english.py) and no message id;
- its values are data (a number, a quoted value, names or field names), never a sentence that
  would stay English inside a translated one.

What stays as written in every language: the session file's own names (field names, ``"settle"``,
``true``/``false``, the JSON shapes in braces), the players' names and quoted input.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from typing import Any

import pytest
from english import MESSAGE_ID, english_words, refusal_words
from hostile import corpus

from fuzz import arbitrary, as_text, mutate, nudge, pool
from scorekeeper.core.errors import FieldError, SessionError
from scorekeeper.games.tresillo.engine import load_session, loads, replay
from scorekeeper.i18n import _, use_language
from scorekeeper.words import refusal, refusal_line

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"
#: Tresillo's engine and the platform's errors and domains it refuses with
ENGINE_FILES = sorted([*(PACKAGE / "games" / "tresillo" / "engine").glob("*.py"), *(PACKAGE / "core").glob("*.py")])
LANGUAGES = ("es", "fr", "it", "ca")
#: the functions that build a refusal from a template, and where the template is among their arguments
BUILDERS = {"field_error": 2, "_err": 2, "_fail": 2, "bad": 1}
_PLACEHOLDER = re.compile(r"\{[a-zA-Z_0-9]*(?:![rs])?(?::[^{}]*)?\}")
#: a value that is data: names, field names or codes, one word each, separated by commas
_DATA_LIST = re.compile(r"^[\w\-.×$€/]+(?:, [\w\-.×$€/]+)*$")


words_of = refusal_words


def template_words(template: str, language: str | None = None) -> list[str]:
    """The English words of a translated template, its placeholders left out."""
    return words_of(_PLACEHOLDER.sub("X", template), language)


# ------------------------------------------------------------------ the source


def _builder_calls() -> list[tuple[str, int, ast.expr]]:
    """(module, line, template argument) of every refusal built in the engine."""
    found = []
    for path in ENGINE_FILES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in BUILDERS and len(node.args) > BUILDERS[name]:
                found.append((path.name, node.lineno, node.args[BUILDERS[name]]))
            if name == "FieldError" and path.name not in ("errors.py", "domains.py"):
                found.append((path.name, node.lineno, node))
    return found


def marked_templates() -> list[str]:
    """Every string the engine marks with ``N_`` (its refusals' templates)."""
    out = []
    for path in ENGINE_FILES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "N_" and node.args \
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                out.append(node.args[0].value)
    return sorted(set(out))


def test_no_refusal_is_built_from_an_unmarked_sentence():
    """A template is ``N_("…")`` or a name holding one; never a literal, an f-string or a FieldError by hand."""
    bad = [f"{module}:{line}: {ast.unparse(arg)[:80]}" for module, line, arg in _builder_calls()
           if isinstance(arg, ast.Constant | ast.JoinedStr | ast.BinOp) or isinstance(arg, ast.Call)
           and getattr(arg.func, "id", None) == "FieldError"]
    assert not bad, "refusals the catalogs cannot see:\n" + "\n".join(bad)
    assert len(_builder_calls()) > 100  # the scan does find the engine's refusals


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_template_of_the_engine_reads_in_the_language(language):
    templates = marked_templates()
    assert "{debtor} has no open debt of {amount} (the largest: {holders})" in templates
    with use_language(language):
        english = {t: template_words(_(t), language) for t in templates}
    left = {t: w for t, w in english.items() if w}
    assert not left, f"{language}: templates that read as English: {left}"


# ------------------------------------------------------------------ refusals drawn by the generators

#: refusals no generator draws often: the reserved puesta named for a player without the largest debt,
#: a carried debt that is not a multiple of 5 under ×5, an options object that is not an object
SESSION = {"format": "tresillo-session/1", "rules": "pagat", "players": ["North", "West", "South", "East"],
           "first_dealer": "North", "start_tokens": 160, "tanto_value": "0.10"}
PUESTA = {"contract": "entrada", "declarer": "West", "tricks": {"West": 4, "South": 4, "East": 1}}
MADE: list[dict[str, Any]] = [
    {**SESSION, "paper": [{"player": "West", "amount": 22}], "hands": [{**PUESTA, "debt": "East"}]},
    {**SESSION, "options": {"scale": 5}, "paper": [{"player": "West", "amount": 22}]},
    {**SESSION, "options": ["scale"]},
    {**SESSION, "options": {"palo_de_favor": "hearts", "codillo": "twice", "penetro_four": "yes",
                            "dealer_bet": 3}},
    {**SESSION, "rules": "french", "options": {"codillo": "winner_only", "dealer_bet": -1}},
    {**SESSION, "rules": "house", "options": {"penetro_four": True}},
    {**SESSION, "hands": [{"contract": "pass", "declarer": "West"}]},
    {**SESSION, "hands": [{"contract": "pass", "drops_out": "West"}]},
    {**SESSION, "hands": [{**PUESTA, "estuche": True, "contra_estuche": True}]},
    {**SESSION, "hands": [{**PUESTA, "estuche": 12}]},
    {**SESSION, "hands": [{**PUESTA, "bola": "maybe"}]},
    {**SESSION, "hands": [{"contract": "entrada", "declarer": "West", "outcome": "lost"}]},
    {**SESSION, "end": {"paper": "burn"}},
]
TEXTS = ["{", '{"players": [1, 2,]}', '{"a" 1}', '{"a": "\\q"}', '{"a": "x', "{} []", '{"a": NaN}',
         '{"a": ' + "9" * 5000 + "}", "[" * 40 + "]" * 40, '{"a": 1 "b": 2}', '{"a": "\x01"}']
#: how many fuzzed files (each read and replayed: a few seconds in all)
FUZZED = 3000


def _refused(data: Any) -> tuple[FieldError, ...]:
    try:
        replay(loads(data) if isinstance(data, str | bytes) else load_session(data))
    except SessionError as exc:
        return exc.errors
    return ()


@pytest.fixture(scope="module")
def refusals() -> list[FieldError]:
    """One refusal of each template and kind of value, from every generator (seeded, so the same each run)."""
    found: dict[tuple[str, tuple[str, ...]], FieldError] = {}
    sources: list[Any] = [data for _name, data, _ok, _word in corpus()] + MADE + TEXTS
    rng = random.Random(25)
    documents = pool(rng, 40)
    for i in range(FUZZED):
        base = rng.choice(documents)
        doc = arbitrary(rng) if i % 3 == 0 else mutate(rng, base) if i % 3 == 1 else nudge(rng, base)
        sources.append(as_text(rng, doc))
    for data in sources:
        for err in _refused(data):
            key = (err.template or err.message, tuple(sorted(k for k, v in err.params if isinstance(v, str))))
            found.setdefault(key, err)
    return list(found.values())


def test_the_generators_reach_the_refusals_that_were_left_in_english(refusals):
    said = {e.template for e in refusals}
    for template in ("{debtor} has no open debt of {amount} (the largest: {holders})",
                     "with scores ×{round_to} a debt is a multiple of {round_to}",
                     "{value} is not how the bola went (one of: {items})",
                     "a declarer with estuche cannot also be paid contra-estuche",
                     "not JSON (line {lineno}, column {colno}: a comma is missing)"):
        assert template in said, template
    assert len(said) > 80


def test_every_refusal_has_a_template(refusals):
    """A refusal without one would read as its English message in every language."""
    assert [str(e) for e in refusals if not e.template] == []


def _is_data(template: str, name: str, value: Any) -> bool:
    """A figure, input said as quoted (``!r`` or already quoted), a list of names, or words of no language."""
    if not isinstance(value, str) or f"{{{name}!r}}" in template or value[:1] in "'\"“«":
        return True
    return bool(_DATA_LIST.match(value) and "," in value) or not english_words(value)


def test_the_values_of_a_refusal_are_data_not_sentences(refusals):
    """A value is a figure, a quoted value or names; a sentence as a value would stay English."""
    sentences = [(e.template, k, v) for e in refusals for k, v in e.params if not _is_data(e.template, k, v)]
    assert sentences == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_is_said_in_the_language_with_no_id(refusals, language):
    english, ids = [], []
    with use_language(language):
        for err in refusals:
            said = refusal(err)
            line = refusal_line(err).replace(err.field, "")
            if words_of(_placeholders_out(err, said), language):
                english.append((err.template, said))
            ids += [said for text in (said, line) if MESSAGE_ID.search(text)]
    assert english == [], f"{language}: {len(english)} refusals with English words: {english[:10]}"
    assert ids == []


def _placeholders_out(err: FieldError, said: str) -> str:
    """``said`` with the values of names and fields taken out (they stay as written)."""
    for _name, value in err.params:
        if isinstance(value, str) and value and _DATA_LIST.match(value):
            said = said.replace(value, " ")
    return said


def test_the_checks_catch_what_they_are_for():
    """English in a sentence is found; quoted input, JSON shapes, names and ids are told apart."""
    assert words_of("East has no open debt of 22 (the largest: West)") == ["has", "open", "debt", "of", "the"]
    assert words_of("“the end” no es un contrato (uno de: entrada, solo)") == []
    assert words_of('indique las bazas como {jugador: bazas} o "settle"') == []
    assert template_words("{debtor} no tiene ninguna deuda abierta de {amount}") == []
    assert MESSAGE_ID.search("Nombre: domain.not_text.") and not MESSAGE_ID.search("session.json")
    assert not _is_data("{value} is not {what}", "what", "how the bola went")
    assert _is_data("{v} is not one of the players ({items})", "items", "Ana, Bea, Carlos")
    assert _is_data("{player!r} is listed twice", "player", "the end")
