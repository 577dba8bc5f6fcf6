"""The three documents (report, paper, settlement sheet) in Spanish and in French, read back from the PDF.

The worked example played for euros at 61.73 a tanto, so its money runs past a thousand and has
cents: Spanish writes "1.172,87 €", French "1 172,87 €" (the figures and the sign the language's way).
The text is extracted with pypdf; no English word may be left (tests/english.py).
"""

from __future__ import annotations

import json
import re

import pytest
from english import english_words

from scorekeeper.games.tresillo.documents.render import render_pdf
from scorekeeper.games.tresillo.engine import load_session, replay
from scorekeeper.games.tresillo.views import build_view
from scorekeeper.i18n import use_language

from .conftest import ENDED, STARTED, pdf_pages, worked_session_text

#: words each document must show, by language (game words stay Spanish in both)
WORDS = {
    "es": {
        "report": ["Informe de la sesión", "Reglas", "reparte", "se lleva el plato", "La liquidación",
                   "Quién paga a quién"],
        "paper": ["El papel", "Fecha", "martes, 17 de noviembre de 2026"],
        "settlement": ["Hoja de liquidación", "Cuencos finales y dinero", "Quién paga a quién"],
    },
    "fr": {
        "report": ["Compte rendu de la séance", "Règles", "donne", "prend le plato", "Le règlement",
                   "Tantos nets"],
        "paper": ["La feuille", "Date", "mardi 17 novembre 2026"],
        "settlement": ["Feuille de règlement", "Bols finaux et argent", "Tantos nets"],
    },
}
#: North wins 19 tantos × 61.73 €, West loses 12 × 61.73 €: in each language's own writing
MONEY = {"es": ["+1.172,87 €", "−740,76 €"], "fr": ["+1 172,87 €", "−740,76 €"]}


def _text(pdf: bytes) -> str:
    """The document's text on one line: every kind of space (no-break, narrow no-break) read as one space."""
    return re.sub(r"[\s\u00a0\u202f\u2009]+", " ", " ".join(pdf_pages(pdf))).strip()


@pytest.fixture(scope="module")
def euro_ledger():
    data = json.loads(worked_session_text())
    data.update(currency="EUR", tanto_value="61.73")
    return replay(load_session(data))


@pytest.mark.parametrize("kind", ["report", "paper", "settlement"])
@pytest.mark.parametrize("language", ["es", "fr"])
def test_document_in_the_language(euro_ledger, language, kind):
    with use_language(language):
        view = build_view(euro_ledger, group="Casino de Oviedo", started=STARTED, ended=ENDED)
        text = _text(render_pdf(kind, view))
    for words in WORDS[language][kind]:
        assert words in text, (language, kind, words, text[:2000])
    if kind != "paper":  # the paper lists tantos owed, not money
        for amount in MONEY[language]:
            assert amount in text, (language, kind, amount, text[:2000])
        assert "EUR" not in text  # the code written as its sign
    assert english_words(text) == [], (language, kind, text[:3000])


def test_english_writes_money_its_own_way(euro_ledger):
    """The same figures in English (what the other languages are compared with): "€1,172.87"."""
    with use_language("en"):
        text = _text(render_pdf("settlement", build_view(euro_ledger, group="Casino de Oviedo")))
    assert "+€1,172.87" in text and "Settlement" in text
