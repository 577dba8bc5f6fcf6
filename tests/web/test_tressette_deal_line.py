"""A Tressette deal's line names its figures, never the way it was counted alone: the chiamata's line on the table
and in the deals list read "punti · ultima presa: gli avversari", a word that named no figure, as if one were
missing. It now says each side's card points (or aces and thirds) as entered, in every language; Rovescino's line,
whose row already gives every player's points, just says who took the last trick."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import game_on_table
from scorekeeper.games.rovescino.views import deal_line as rovescino_line
from scorekeeper.games.terziglio.views import deal_line as terziglio_line
from scorekeeper.games.tressette.views import deal_line
from scorekeeper.i18n import use_language

PLAYERS = ("Ana", "Bea", "Cleo", "Dan")
POINTS = {"caller": "Bea", "partner": "Dan", "called": "cups", "points": {"caller": 7, "opponents": 3},
          "last": "opponents"}
CARDS = {"caller": "Ana", "partner": "Cleo", "called": "swords", "last": "caller",
         "cards": {"caller": {"aces": 3, "thirds": 12}, "opponents": {"aces": 1, "thirds": 8}}}
#: the words a deal is counted in, each language's: a figure must stand right before each
COUNTED = {"it": r"punt[oi]|ass[oi]|terz[oi]", "es": r"puntos?|as(?:es)?|tercios?"}
FIGURES = {
    "it": ["Bea ha chiamato, in coppia con Dan · la parte di chi chiama: 7 punti · gli avversari: 3 punti · "
           "ultima presa: gli avversari",
           "la parte di chi chiama: 3 assi, 12 terzi · gli avversari: 1 asso, 8 terzi · "
           "ultima presa: la parte di chi chiama"],
    "es": ["el bando del que llama: 7 puntos · los contrarios: 3 puntos · última baza: los contrarios",
           "el bando del que llama: 3 ases, 12 tercios · los contrarios: 1 as, 8 tercios · "
           "última baza: el bando del que llama"],
}


def bare(line: str, language: str) -> list[str]:
    """The counting words of ``line`` with no figure right before them."""
    return re.findall(rf"(?<!\d )\b(?:{COUNTED[language]})\b", line, re.I)


def lines(page: str) -> list[str]:
    """The deal lines of a table or deals page, newest first."""
    said = re.findall(r'<li id="deal-\d+">.*?<p class="hint">(.*?)</p>', page, re.S)
    return [" ".join(unescape(s).split()) for s in said]


@pytest.mark.parametrize("language", ["it", "es"])
def test_a_chiamata_deal_line_names_its_figures(app, language):
    token = game_on_table(app, "tressette-chiamata", PLAYERS, [POINTS, CARDS], language=language)
    phone = app.test_client()
    phone.get(f"/language/{language}")
    for where in (f"/s/{token}/play", f"/s/{token}/play/deals"):
        said = lines(phone.get(where).get_data(as_text=True))
        assert len(said) == 2, (where, said)
        cards, points = said
        assert FIGURES[language][0] in points and FIGURES[language][1] in cards, (where, said)
        assert [bare(line, language) for line in said] == [[], []], (where, said)


@pytest.mark.parametrize("language", ["es", "en", "fr", "it", "ca"])
def test_the_figures_are_said_in_every_language(language):
    with use_language(language):
        said = deal_line(POINTS), deal_line(CARDS), rovescino_line({"points": {"Ana": 10, "Bea": 0}, "last": "Bea"})
    assert "7" in said[0] and "3" in said[0] and "12" in said[1] and "8" in said[1], said
    words = {"es": ("puntos", "ases"), "en": ("points", "aces"), "fr": ("points", "as"), "it": ("punti", "assi"),
             "ca": ("punts", "asos")}[language]
    assert f"7 {words[0]}" in said[0] and f"3 {words[1]}" in said[1], said
    assert not re.search(rf"(?<!\d )\b{words[0]} ·", " | ".join(said)), said  # the old "points · last trick"
    assert re.fullmatch(r"[^·]+: Bea", said[2]), said


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["caller", "opponents", "A", "Bea"]),
                       st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.text(max_size=3),
                                 st.dictionaries(st.sampled_from(["aces", "thirds", "x"]),
                                                 st.one_of(st.none(), st.integers(-1, 30), st.text(max_size=2))))),
       st.sampled_from(["cards", "points"]))
def test_a_kept_deal_with_any_figures_still_has_a_line(figures: dict[str, Any], kind: str):
    """A phone's kept deal is shown before it is checked: figures that are not counts are left out, never a 500."""
    with use_language("it"):
        line = deal_line({"caller": "Bea", "partner": "Dan", kind: figures, "last": "caller"})
    assert line.endswith("ultima presa: la parte di chi chiama")
    assert bare(line, "it") == []


@pytest.mark.parametrize("language, one, many", [("it", "1 asso", "2 terzi"), ("es", "1 as", "2 tercios"),
                                                 ("en", "1 ace", "2 thirds"), ("ca", "1 as", "2 terços")])
def test_a_terziglio_deal_counts_one_ace_as_one(language: str, one: str, many: str):
    """Terziglio's soloist took 1 ace and 2 thirds: each said as the language counts it, never "1 assi"."""
    with use_language(language):
        line = terziglio_line({"bid": "solo", "soloist": "Ana", "cards": {"aces": 1, "thirds": 2}})
        kept = terziglio_line({"bid": "solo", "soloist": "Ana", "cards": {"aces": "x"}})  # a kept, unchecked deal
    assert f"{one}, {many}" in line, line
    assert "x" in kept
