"""Every page, sheet and PDF of the five Tressette games read in Italian, Spanish, Catalan and French: no
English word left (tests/english.py, with the family's own English words added), and the sides of a
chiamata deal, the claim's points and Terziglio's multiplier said in the page's language.

Each game is brought in as a session file (a chiamata deal with the last trick to each side, a claim, a
special ending, an annulled deal, a Terziglio ×3 and ×2, Rovescino by points and by aces and thirds), once
without its last deal (the page of a new deal, the claim and ending forms of the table) and once whole (the
end said on the table, the end page, the result, the sheet and its PDF).
"""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from conftest import field_value, gen_group
from tests.english import english_words
from tests.reports.conftest import pdf_pages

LANGUAGES = ("it", "es", "ca", "fr")
FOUR = ["Ana", "Bea", "Cleo", "Dan"]
#: English words of the family's pages that tests/english.py does not list (it is shared by every game)
FAMILY = frozenset({"caller", "opponents", "partner", "claim", "claimed", "called", "side", "rest", "empty",
                    "field", "why", "won", "alone", "reached", "target", "stake", "lowest", "winners"})
#: words of that language that look English: "rest" is Catalan and French, "score" French (le score)
NATIVE = {"ca": {"rest"}, "fr": {"rest", "score"}}


def doc(game, players, deals, **options):
    out = {"format": "scorekeeper-session/2", "game": game, "players": players, "options": options,
           "deals": deals}
    if game == "tressette":
        out["teams"] = {"A": ["Ana", "Cleo"], "B": ["Bea", "Dan"]}
    return out


#: the five games, each played to its end; the last deal of each ends it
SESSIONS = {
    "tressette": doc("tressette", FOUR, [
        {"declarations": [{"player": "Ana", "kind": "napoletana", "suit": "coins"}], "points": {"A": 6, "B": 4},
         "last": "A"},
        {"annulled": True},
        {"cards": {"A": {"aces": 3, "thirds": 10}, "B": {"aces": 1, "thirds": 10}}, "last": "B"},
        {"claim": {"by": "Cleo", "points": 5}},
    ]),
    "tressette-chiamata": doc("tressette-chiamata", FOUR, [
        {"caller": "Ana", "partner": "Bea", "called": "cups", "points": {"caller": 7, "opponents": 3},
         "last": "opponents"},
        {"caller": "Bea", "partner": "Cleo", "points": {"caller": 3, "opponents": 7}, "last": "opponents"},
        {"caller": "Cleo", "partner": "Dan", "points": {"caller": 6, "opponents": 4}, "last": "caller"},
        {"caller": "Dan", "partner": "Bea", "claim": {"by": "Dan", "points": 2}},
    ]),
    "tressette-in-due": doc("tressette-in-due", ["Ana", "Bea"], [
        {"points": {"Ana": 6, "Bea": 4}, "last": "Bea"},
        {"declarations": [{"player": "Bea", "kind": "three_of_a_kind", "rank": "A", "missing": "cups"}],
         "event": "cappotto", "by": "Ana"},
    ], target=41, cappotto_declarations="lost"),
    "terziglio": doc("terziglio", ["Ana", "Bea", "Cleo"], [
        {"bid": "solo", "soloist": "Ana", "points": 11},
        {"bid": "pass"},
        {"bid": "chiamo", "soloist": "Bea", "cards": {"aces": 2, "thirds": 9}, "last": True},
        {"bid": "scegliete", "soloist": "Cleo", "points": 7},
        {"bid": "solissimo", "soloist": "Ana", "points": 11, "every_trick": "soloist"},
        {"bid": "dividete", "soloist": "Cleo", "points": 8},
    ]),
    "rovescino": doc("rovescino", ["Ana", "Bea", "Cleo", "Dan", "Eva"], [
        {"points": {"Ana": 10, "Bea": 0, "Cleo": 0, "Dan": 0, "Eva": 0}, "last": "Ana"},
        {"cards": {"Ana": {"aces": 4, "thirds": 18}, "Bea": {"aces": 0, "thirds": 2},
                   "Cleo": {"aces": 0, "thirds": 0}, "Dan": {"aces": 0, "thirds": 0},
                   "Eva": {"aces": 0, "thirds": 0}}, "last": "Ana"},
    ], payout="each_pays_winner"),
}


def text_of(html: str) -> str:
    """What a reader reads of a page: its text and the words of its labels, without scripts and styles."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    said = " ".join(re.findall(r'(?:aria-label|title|placeholder)="([^"]*)"', html))
    return unescape(re.sub(r"<[^>]+>", " ", html) + " " + said)


def leftovers(text: str, language: str) -> list[str]:
    native = NATIVE.get(language, set())
    words = [w for w in english_words(text, language) if w.lower() not in native]
    family = [w for w in re.findall(r"[^\W\d_]+", text) if w.lower() in FAMILY and w.lower() not in native]
    return sorted(set(words) | set(family))


def imported(browser, group, session):
    page = browser.get(f"/g/{group}/import").get_data(as_text=True)
    r = browser.post(f"/g/{group}/import", {"idem_key": field_value(page, "idem_key"),
                                             "text": json.dumps(session, ensure_ascii=False)})
    assert r.status_code == 302, r.get_data(as_text=True)
    return r.headers["Location"].split("/")[2]


def read(browser, url, language, where, seen):
    r = browser.get(url)
    assert r.status_code == 200, (url, r.status_code)
    text = text_of(r.get_data(as_text=True))
    assert leftovers(text, language) == [], (language, where, leftovers(text, language), text[:2000])
    seen.append(where)
    return text


def pages_while_playing(browser, group, game, language, seen):
    """The start page, the table with its quick forms, a new deal, every deal's fix and delete page."""
    session = SESSIONS[game]
    read(browser, f"/g/{group}/play/{game}", language, f"{game}: start", seen)
    token = imported(browser, group, {**session, "deals": session["deals"][:-1]})
    table = read(browser, f"/s/{token}/play", language, f"{game}: table", seen)
    read(browser, f"/s/{token}/play/deal", language, f"{game}: new deal", seen)
    for n in range(1, len(session["deals"])):
        read(browser, f"/s/{token}/play/deal/{n}", language, f"{game}: fix {n}", seen)
        read(browser, f"/s/{token}/play/deal/{n}/delete", language, f"{game}: delete {n}", seen)
    return table


def pages_at_the_end(browser, group, game, language, seen):
    """The table saying who won and why, the end page, the result once closed, the sheet and its PDF."""
    token = imported(browser, group, SESSIONS[game])
    table = read(browser, f"/s/{token}/play", language, f"{game}: table at the end", seen)
    assert 'id="end-said"' in browser.get(f"/s/{token}/play").get_data(as_text=True), (game, "the end is not said")
    end = browser.get(f"/s/{token}/play/end").get_data(as_text=True)
    read(browser, f"/s/{token}/play/end", language, f"{game}: end", seen)
    r = browser.post(f"/s/{token}/play/end", {"idem_key": field_value(end, "idem_key")})
    assert r.status_code == 302, r.get_data(as_text=True)
    read(browser, f"/s/{token}/play/result", language, f"{game}: result", seen)
    sheet = read(browser, f"/s/{token}/play/sheet.html?lang={language}", language, f"{game}: sheet", seen)
    pdf = " ".join(pdf_pages(browser.get(f"/s/{token}/play/sheet.pdf?lang={language}").get_data()))
    assert leftovers(pdf, language) == [], (language, game, "PDF", leftovers(pdf, language), pdf[:2000])
    seen.append(f"{game}: PDF")
    return table, sheet, pdf


#: how each language says the chiamata's two sides, a claim's points, and the winners (the end said)
SAID = {
    "it": {"caller": "ultima presa: la parte di chi chiama", "opponents": "ultima presa: gli avversari",
           "claim": "Dan chiama fuori: 2 punti fatti finora", "won": "Partita vinta da Bea, Dan.",
           "why": "Bea vince con 16 e Ana perde con 19"},
    "es": {"caller": "última baza: el bando del que llama", "opponents": "última baza: los contrarios",
           "claim": "Dan cantó: 2 puntos hasta entonces", "won": "Partida ganada por Bea, Dan.",
           "why": "Bea gana con 16 y Ana pierde con 19"},
    "ca": {"caller": "última basa:", "opponents": "última basa: els rivals",
           "claim": "reclamació de Dan: 2 punts fins aleshores", "won": "Partida guanyada per Bea, Dan.",
           "why": "Bea guanya amb 16 i Ana perd amb 19"},
    "fr": {"caller": "dernier pli :", "opponents": "dernier pli : les adversaires",
           "claim": "annonce de Dan : 2 points jusque-là", "won": "Partie gagnée par Bea, Dan.",
           "why": "Bea gagne avec 16 et Ana perd avec 19"},
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_sheet_and_pdf_of_the_family_is_in_the_language(browser, language):
    group = gen_group(browser, players=("Ana", "Bea", "Cleo", "Dan", "Eva"))
    browser.get(f"/language/{language}")
    seen: list[str] = []
    ends = {}
    for game in SESSIONS:
        pages_while_playing(browser, group, game, language, seen)
        ends[game] = pages_at_the_end(browser, group, game, language, seen)
    # the five games, each: start, table, new deal, fixes, deletes, the end said, end, result, sheet, PDF
    assert len(seen) == 5 * 8 + 2 * sum(len(s["deals"]) - 1 for s in SESSIONS.values()), seen
    said = SAID[language]
    table, sheet, pdf = ends["tressette-chiamata"]
    for text in (" ".join(sheet.split()), " ".join(pdf.split())):
        assert said["opponents"] in text and said["caller"] in text and said["claim"] in text, (language, text)
    table = " ".join(table.split())
    assert said["won"] in table and said["why"] in table, table
    if language == "it":  # two players, neutral in gender: "in coppia con", no "da solo", no "una coppia"
        assert "Ana ha chiamato, in coppia con Bea" in text
        terziglio = " ".join(ends["terziglio"][1].split())
        assert "solo · gioca Ana · fa 11 · ×3" in terziglio and "da solo" not in terziglio
        assert "una coppia" not in " ".join(ends["tressette-in-due"][1].split())
    in_due = " ".join(ends["tressette-in-due"][1].split())  # Bea's three Aces, lost with Ana's cappotto
    assert {"it": "(persa per cappotto)", "es": "(perdida por cappotto)", "fr": "(perdue : cappotto)",
            "ca": "(perduda per cappotto)"}[language] in in_due
    terziglio_sheet = ends["terziglio"][1]
    assert "×3" in terziglio_sheet and "×2" in terziglio_sheet


def test_the_table_says_why_in_english_too(browser):
    """The end said in English: who won, the claim and its count, and why a winner may stand lower than a loser."""
    group = gen_group(browser, players=tuple(FOUR))
    token = imported(browser, group, SESSIONS["tressette-chiamata"])
    text = " ".join(text_of(browser.get(f"/s/{token}/play").get_data(as_text=True)).split())
    assert "Won by Bea, Dan." in text
    assert "Dan claimed 21 in deal 4 and had 21: a correct claim wins." in text
    assert "Bea wins on 16 and Ana loses on 19" in text
    assert "claim by Dan: 2 points so far" in text
    assert "last trick: the opponents" in text and "last trick: the caller's side" in text
