"""The printed sheets of the new games and the evening's report with every game's own sheet, read back.

The games are entered as their session files write them (services.games.add_deal): a Tressette partita
with a napoletana and a cappotto, a Truco rioplatense game with envido (tests/data/truco_rioplatense.json),
a Cacho game; the three make one evening. Each PDF is read back with pypdf (tests.reports.conftest).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scorekeeper import services
from scorekeeper.db import db
from tests.reports.conftest import pdf_pages
from tests.web.test_nights import CACHO_DEALS

FOUR = ("Ana", "Bea", "Cleo", "Dan")
TEAMS = {"A": ["Ana", "Cleo"], "B": ["Bea", "Dan"]}
#: deal 1: Ana's napoletana of coins (A +3), A 7 + last = 8, B 3: A 11, B 3; deal 2: B's cappotto
TRESSETTE_DEALS = [
    {"declarations": [{"player": "Ana", "kind": "napoletana", "suit": "coins"}],
     "points": {"A": 7, "B": 3}, "last": "A"},
    {"event": "cappotto", "by": "B"},
]
TRUCO = json.loads((Path(__file__).parent.parent / "data" / "truco_rioplatense.json").read_text(encoding="utf-8"))


def a_game(group, game, players, deals, options, teams=None):
    gs = services.games.start_game(group, game, list(players), teams, options, "EUR", idem_key=game)
    for n, deal in enumerate(deals, 1):
        services.games.add_deal(gs, n, deal, f"{game}-{n}")
    return gs


@pytest.fixture
def three_games(app):
    """One evening: Tressette, Truco rioplatense, Cacho (in that order); the group's token, the night, the tokens."""
    with app.app_context():
        group = services.create_group("Circolo", "en")
        for name in FOUR:
            services.add_player(group, name)
        t = a_game(group, "tressette", FOUR, TRESSETTE_DEALS, {"stake": "0.50", "target": 21,
                                                                 "declarations": True}, TEAMS)
        u = a_game(group, "truc", FOUR, TRUCO["deals"], dict(TRUCO["options"]), TRUCO["teams"])
        c = a_game(group, "cacho", ("Ana", "Bea", "Cleo"), [
            {**CACHO_DEALS[0], "rounds": [{"put": {"Ana": 1, "Bea": 1, "Cleo": 0}, "folded": ["Cleo"]},
                                          {"put": {"Ana": 2, "Bea": 2}}, {"put": {"Ana": 6, "Bea": 6}}],
             "winner": "Bea"}], {"stake": "0.10"})
        made = group.token, t.night_id, t.token, u.token, c.token
        db.session.remove()
    return made


def flat(pages: list[str]) -> str:
    return re.sub(r"\s+", " ", " ".join(pages))


def sheet_of(browser, token) -> list[str]:
    r = browser.get(f"/s/{token}/play/sheet.pdf")
    assert r.status_code == 200 and r.mimetype == "application/pdf", r.get_data(as_text=True)[:300]
    return pdf_pages(r.get_data())


def test_the_evenings_pdf_is_the_summary_then_each_games_own_sheet(browser, three_games):
    """One PDF: the summary page, then Tressette's, Truco's and Cacho's sheets in the order played, each
    with its title and its payments."""
    group, night, *_tokens = three_games
    r = browser.get(f"/g/{group}/nights/{night}/report.pdf")
    assert r.status_code == 200 and r.mimetype == "application/pdf"
    pages = [re.sub(r"\s+", " ", p) for p in pdf_pages(r.data)]
    assert len(pages) == 4
    # the summary: Ana -1.00 + 0.50 - 0.90 = -1.40, Cleo -1.00 + 0.50 = -0.50 (Tressette ×2, Truco ×1, Cacho 9 × 0.10)
    assert "The evening" in pages[0] and "Ana Bea €1.40" in pages[0] and "Cleo Dan €0.50" in pages[0]
    assert pages[1].startswith("Tressette") and "Ana Bea €1.00" in pages[1] and "Cleo Dan €1.00" in pages[1]
    assert pages[2].startswith("Truco rioplatense") and "Bea Ana €0.50" in pages[2] and "Dan Cleo €0.50" in pages[2]
    assert pages[3].startswith("Cacho") and "Ana Bea €0.90" in pages[3]
    assert all("Who pays whom" in p for p in pages)


def test_the_evenings_pdf_is_kept_per_version_and_language(app, browser, three_games):
    """The report is drawn once per version and language (web/printing.py's cache): asked twice it is the same
    bytes; in Italian it is another PDF, its sheets in Italian too."""
    group, night, *_tokens = three_games
    first = browser.get(f"/g/{group}/nights/{night}/report.pdf").data
    assert browser.get(f"/g/{group}/nights/{night}/report.pdf").data == first
    printer = app.extensions["scorekeeper.printer"]
    assert len([k for k in printer._kept if k[3] == "night"]) == 1
    italian = pdf_pages(browser.get(f"/g/{group}/nights/{night}/report.pdf?lang=it").data)
    assert len([k for k in printer._kept if k[3] == "night"]) == 2
    assert "Chi paga chi" in re.sub(r"\s+", " ", italian[1])


def test_the_tressette_sheet_says_the_declaration_the_cappotto_and_its_multiplier(browser, three_games):
    _group, _night, tressette, _truco, _cacho = three_games
    text = flat(sheet_of(browser, tressette))
    assert "buon gioco: Ana napoletana of coins (+3)" in text
    assert "Ended at deal 2: cappotto: one side took every trick." in text
    assert "cappotto: ×2 the stake" in text
    assert "Ana −€1.00 Bea +€1.00 Cleo −€1.00 Dan +€1.00" in text


def test_a_sheet_ended_at_the_target_says_no_multiplier(browser, three_games):
    _group, _night, _tressette, truco, _cacho = three_games
    text = flat(sheet_of(browser, truco))
    assert "Ended at deal 6: a team reached 30." in text and "the stake" not in text.replace("per unit", "")


def test_the_truco_sheet_has_each_hands_calls_and_the_running_tally(browser, three_games):
    """The tally after each hand, as the engine gives it for tests/data/truco_rioplatense.json:
    A 8, 9, 9, 11, 15, 30 and B 0, 3, 8, 8, 9, 9."""
    _group, _night, _tressette, truco, _cacho = three_games
    text = flat(sheet_of(browser, truco))
    tally = ["+8 8 +0 0", "+1 9 +3 3", "+0 9 +5 8", "+2 11 +0 8", "+4 15 +1 9", "+15 30 +0 9"]
    at = [text.index(t) for t in tally]
    assert at == sorted(at)
    assert "A: envido, B: real envido (A won)" in text and "A: vale cuatro (4)" in text


def test_the_team_columns_name_their_players(browser, three_games):
    """A team's column says who plays in it (fix: the sheet said only "A" and "B")."""
    _group, _night, tressette, truco, _cacho = three_games
    for token in (tressette, truco):
        text = flat(sheet_of(browser, token))
        assert "Ana · Cleo" in text and "Bea · Dan" in text


def test_the_long_option_labels_keep_whole_lines(browser, three_games):
    """The options' labels are long (the start form's words): in a 33 mm column they broke after two words
    ("Río de la Plata: / game to"); the sheet's wider label column keeps them on one line."""
    _group, _night, _tressette, truco, _cacho = three_games
    lines = sheet_of(browser, truco)[0].splitlines()
    assert any("Río de la Plata: game to" in line for line in lines), lines[:20]
    assert any("Río de la Plata: play with flor" in line for line in lines)
    assert not any("Valencia" in line for line in lines)  # another ruleset's options are not this game's


SEVEN = ("Ana", "Bea", "Cleo", "Dan", "Eva", "Fede", "Gina")


def test_a_wide_game_keeps_its_landscape_page_in_the_evenings_pdf(app, browser, tmp_path):
    """A Cacho of seven has seven score columns (reports.games.WIDE_FROM is 6): its sheet is printed across
    the page, alone of the evening's pages (the summary and Tressette's sheet stay upright)."""
    from pypdf import PdfReader

    with app.app_context():
        group = services.create_group("Circolo", "en")
        for name in SEVEN:
            services.add_player(group, name)
        t = a_game(group, "tressette", FOUR, TRESSETTE_DEALS, {"stake": "0.50"}, TEAMS)
        a_game(group, "cacho", SEVEN, [{"rounds": [{"put": dict.fromkeys(SEVEN, n)} for n in (1, 2, 6)],
                                              "winner": "Gina"}],
               {"stake": "0.10"})
        token, night = group.token, t.night_id
        db.session.remove()
    r = browser.get(f"/g/{token}/nights/{night}/report.pdf")
    assert r.status_code == 200
    (tmp_path / "wide.pdf").write_bytes(r.data)
    pages = PdfReader(tmp_path / "wide.pdf").pages
    across = [float(p.mediabox.width) > float(p.mediabox.height) for p in pages]
    assert across == [False, False, True]
    assert "Gina" in pages[2].extract_text() and "Cacho" in pages[2].extract_text()


@pytest.mark.browser
def test_the_sheet_as_a_page_on_a_phone_stacks_its_parts(chromium, browser, three_games):
    """At 390×844 the sheet's page keeps the phone's layout: the wide label column and the side-by-side
    ending of the printed sheet are for paper only (the date fits one line, who pays whom comes below)."""
    _group, _night, tressette, _truco, _cacho = three_games
    html = browser.get(f"/s/{tressette}/play/sheet.html").get_data(as_text=True)
    context = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    try:
        page = context.new_page()
        page.set_content(html)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        label = page.locator(".facts dt").first.bounding_box()
        date = page.locator(".facts dd.date").bounding_box()
        assert label is not None and date is not None
        assert label["width"] <= 0.4 * 390 and date["height"] < 2 * label["height"]
        ending = page.locator("section.ending").bounding_box()
        pay = page.locator("section.pay").bounding_box()
        assert ending is not None and pay is not None and pay["y"] >= ending["y"] + ending["height"]
    finally:
        context.close()
