"""Every sentence a player can read is in the Spanish and French catalogs, translated and checked.

Extraction-based: the marked sentences are extracted from the code and the templates exactly as
``./scripts/translations update`` does, so a new English sentence breaks CI until it is
translated. A template's literal text (outside ``_()``/``{% trans %}``) is a sentence nobody
marked: it fails too. Python strings that were never marked are caught by the pages themselves
(tests/web/test_spanish.py looks for English words in the Spanish pages).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from io import StringIO
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from jinja2 import Environment

import scorekeeper.i18n

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "scorekeeper" / "translations"
LANGUAGES = ("es", "fr", "it", "ca")
#: as in scripts/translations (checked below)
KEYWORDS = {**DEFAULT_KEYWORDS, "lazy_gettext": None, "_l": None, "N_": None}
PLACEHOLDER = re.compile(r"\{[a-z_0-9]*(?:![rs])?\}|%\([a-z_0-9]+\)s", re.I)
#: literal template text that is not a sentence: the game's name
NOT_WORDS = {"Tresillo"}
#: attributes whose text a player reads (or hears)
READ_ATTRIBUTES = {"title", "placeholder", "aria-label", "alt"}
#: a macro that writes attributes (hand.html's ``when``) is not text: ``data-show="{{ X }}"``, ``hidden``
ATTRIBUTE_TEXT = re.compile(r'[\w-]+="\{\{ X \}\}"|\b(?:hidden|checked|selected|disabled)\b')


def extracted() -> Catalog:
    """The marked sentences of the package and the templates, as ``pybabel extract`` finds them."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    catalog = Catalog()
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS, strip_comment_tags=True):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def problems(pot: Catalog, po: Catalog) -> list[str]:
    """What keeps ``po`` from covering ``pot``: a sentence missing, untranslated, fuzzy or with other placeholders."""
    out = []
    for msg in pot:
        if not msg.id:
            continue
        mine = po.get(msg.id, context=msg.context)
        name = msg.id if isinstance(msg.id, str) else msg.id[0]
        if mine is None:
            out.append(f"missing: {name!r}")
            continue
        strings = mine.string if isinstance(mine.string, tuple) else (mine.string,)
        if not all(strings):
            out.append(f"untranslated: {name!r}")
        elif mine.fuzzy:
            out.append(f"fuzzy: {name!r}")
        elif any(_holes(s) != _holes(name) for s in strings[:1]):
            out.append(f"placeholders differ: {name!r} → {strings[0]!r}")
    return out


def _holes(text: str) -> set[str]:
    return {re.sub(r"![rs]", "", h) for h in PLACEHOLDER.findall(text) if h not in ("{}", "%(num)s")}


class _Text(HTMLParser):
    """Collects the readable text of an HTML fragment: text nodes and the attributes players read."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hidden += tag in ("script", "style")
        self.found += [f"{k}={v!r}" for k, v in attrs if k in READ_ATTRIBUTES and v and _wordy(v)]

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in ("script", "style")

    def handle_data(self, data: str) -> None:
        if not self.hidden and _wordy(ATTRIBUTE_TEXT.sub("", data)):
            self.found.append(data.strip())


def _wordy(text: str) -> bool:
    text = re.sub(r"&#?\w+;|\{\{ X \}\}", "", text)
    return bool(re.search(r"[^\W\d_]{2}", text)) and text.strip() not in NOT_WORDS


def unmarked(source: str) -> list[str]:
    """Literal words in a template that bypass the catalogs (outside ``{{ }}``, ``{% %}`` and ``{% trans %}``)."""
    html = StringIO()
    in_trans = False
    for _lineno, token, value in Environment(extensions=["jinja2.ext.i18n"]).lex(source):
        if token == "name" and value in ("trans", "pluralize"):
            in_trans = True
        elif token == "name" and value == "endtrans":
            in_trans = False
        if token == "data" and not in_trans:
            html.write(value)
        elif token == "variable_end":
            html.write("{{ X }}")
    parser = _Text()
    parser.feed(html.getvalue())
    return parser.found


def templates() -> Iterator[Path]:
    return iter(sorted((ROOT / "templates").rglob("*.html")))


@pytest.fixture(scope="module")
def pot() -> Catalog:
    return extracted()


def test_extraction_finds_the_sentences_of_every_kind_of_source(pot):
    """Templates, WTForms labels (``_l``), module tables (``N_``), ``ngettext`` and the narration all arrive."""
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in pot if m.id}
    assert "The paper" in ids  # a template
    assert "Group name" in ids  # a form label through _l
    assert "Session report" in ids  # a table of titles through N_
    assert "%(num)s hand" in ids  # a template plural
    assert "{payer} pays {payee} {amount}" in ids  # the narration
    assert len(ids) > 400


def test_the_script_extracts_with_the_same_keywords():
    script = (ROOT / "scripts" / "translations").read_text(encoding="utf-8")
    for keyword in ("lazy_gettext", "_l", "N_"):
        assert f"-k {keyword} " in script


@pytest.mark.parametrize("path", list(templates()), ids=lambda p: str(p.relative_to(ROOT / "templates")))
def test_no_template_shows_unmarked_words(path):
    found = unmarked(path.read_text(encoding="utf-8"))
    assert not found, f"{path.name}: mark these with _() or {{% trans %}}: {found}"


def test_the_checks_catch_what_they_are_for():
    """An unmarked sentence, a missing, an empty, a fuzzy and a mistranslated entry are each reported."""
    assert unmarked('<h1>Hand {{ n }} saved</h1><p title="Tap here">{{ _("Fine") }}</p>') == [
        "Hand {{ X }} saved", "title='Tap here'"]
    assert unmarked('{% trans n=3 %}Hand {{ n }}{% endtrans %}<b>{{ _("Fine") }}</b> Tresillo &nbsp;') == []
    assert unmarked('{% if a %} data-show="{{ a }}"{% endif %}{% if b %} hidden{% endif %}') == []
    assert unmarked('{% if a %} data-show="{{ a }}" was hidden{% endif %}') != []
    pot = Catalog()
    for msg in ("Missing", "Empty", "Fuzzy", "Hand {n}", "Good"):
        pot.add(msg)
    po = Catalog(locale="es")
    po.add("Empty", "")
    po.add("Fuzzy", "Borroso", flags=["fuzzy"])
    po.add("Hand {n}", "Mano {numero}")
    po.add("Good", "Bien")
    assert problems(pot, po) == [
        "missing: 'Missing'", "untranslated: 'Empty'", "fuzzy: 'Fuzzy'",
        "placeholders differ: 'Hand {n}' → 'Mano {numero}'"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalog_covers_every_marked_sentence(pot, language):
    """Every extracted sentence is in the catalog, translated, not fuzzy, with the same placeholders."""
    with open(TRANSLATIONS / language / "LC_MESSAGES" / "messages.po", "rb") as fh:
        po = read_po(fh)
    found = problems(pot, po)
    assert not found, (f"{language}: {len(found)} sentences to translate (./scripts/translations update, "
                       f"then fill each msgstr; docs/translating.md):\n" + "\n".join(found[:40]))


def test_the_build_reads_the_language_module_without_flask() -> None:
    """scripts/hatch_build.py compiles the catalogs with scorekeeper/i18n.py alone, in an environment
    with Babel and no Flask (pip's build of the package): the module must load there."""
    import subprocess
    import sys

    program = (
        "import sys, importlib.util; sys.modules['flask'] = None; sys.modules['flask_babel'] = None\n"
        f"spec = importlib.util.spec_from_file_location('lone_i18n', {scorekeeper.i18n.__file__!r})\n"
        "module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module)\n"
        "print(sorted(module.LANGUAGES))\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["['ca',", "'en',", "'es',", "'fr',", "'it']"]
