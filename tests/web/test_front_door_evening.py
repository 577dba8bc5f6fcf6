"""The evening names each game by its own name (Truco rioplatense, not Truc), heads its money columns with the
players' names, says a game that came to its end is over (not "being played"), and writes its dates and figures
in the group's language: on its page and in its PDF, read back with pdftotext in Spanish, Italian and Catalan.
The share text and the look-alike, currency and import checks close the last holes."""

from __future__ import annotations

import json
import re
import subprocess
from datetime import date

import pytest
from babel.dates import format_date

from conftest import field_value, gen_group
from scorekeeper.db import db
from scorekeeper.games.tresillo import services
from scorekeeper.models import Night

SEATS = ["North", "West", "South", "East"]
ROVESCINO_DEALS = [  # North reaches 21 after deal 3: the game is over, its session not ended
    {"points": {"North": 8, "West": 1, "South": 1, "East": 0}, "last": "North"},
    {"points": {"North": 8, "West": 1, "South": 0, "East": 1}, "last": "North"},
    {"points": {"North": 3, "West": 3, "South": 4, "East": 0}, "last": "West"},
]
#: the group's language, the evening's word, and "over" as the page says it
WORDS = {"es": ("La velada", "partida acabada"), "it": ("La serata", "partita finita"),
         "ca": ("La vetllada", "partida acabada")}


@pytest.fixture
def evening(app, worked_example):
    """A group's evening: Tresillo (the worked example, still open), a Rovescino played to its end, and a
    Truco rioplatense just started; returns the group's link and the night's id."""
    with app.app_context():
        g = services.create_group("Peña", "en")
        for name in SEATS:
            services.add_player(g, name)
        doc = dict(worked_example, currency="EUR", tanto_value="0.10")
        doc.pop("end", None)
        services.import_session(g, json.dumps(doc), idem_key="tresillo")
        r = services.games.start_game(g, "rovescino", SEATS, None, {"stake": "0.50"}, "EUR", idem_key="rov")
        for n, deal in enumerate(ROVESCINO_DEALS, 1):
            services.games.add_deal(r, n, deal, f"rov-{n}")
        services.games.start_game(g, "truc", SEATS, {"A": ["North", "South"], "B": ["West", "East"]},
                                  {"stake": "1", "ruleset": "rioplatense"}, "EUR", idem_key="truco")
        night = db.session.query(Night).one()
        yield g.token, night.id
        db.session.remove()


def pdf_text(pdf: bytes) -> str:
    return subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True).stdout.decode()


@pytest.mark.parametrize("language", ["es", "it", "ca"])
def test_the_evening_and_its_pdf_name_each_game_with_headed_columns_and_local_dates(app, browser, evening,
                                                                                   language):
    token, night = evening
    browser.get(f"/g/{token}")
    assert browser.post(f"/g/{token}/language", {"language": language}).status_code == 302
    browser.client.set_cookie("lang", language)
    page = browser.get(f"/g/{token}/nights/{night}").get_data(as_text=True)
    word, over = WORDS[language]
    assert f"<h1>{word} " in page
    assert re.findall(r'<tr data-game="\d+"><th scope="row">([^<]+)</th>', page) == [
        "Tresillo", "Rovescino", "Truco rioplatense"]  # each game by its own name, Truco by its ruleset's
    assert re.findall(r'<th class="num" scope="col" data-player="(\w+)">', page) == SEATS  # headed by name
    assert over in page  # the Rovescino came to its end: not "being played"
    assert "+0,50" in page and "−1,50" in page  # figures as the language writes them
    group_page = browser.get(f"/g/{token}").get_data(as_text=True)
    assert "Tresillo, Rovescino, Truco rioplatense" in group_page
    pdf = browser.get(f"/g/{token}/nights/{night}/report.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")
    text = pdf_text(pdf.data)
    first = text.split("\f")[0]
    assert word in first and "Truco rioplatense" in first and "Rovescino" in first and "Tresillo" in first
    assert re.search(r"North\s+West\s+South\s+East", first), first  # the money columns headed by the players
    today = date.today()
    assert format_date(today, "full", locale=language) in re.sub(r"\s+", " ", first)  # the summary's date
    assert today.strftime("%b") not in text  # never "04 Dec 2026" in a Spanish (Italian, Catalan) PDF
    assert format_date(today, "long", locale=language) in re.sub(r"\s+", " ", text)  # each sheet's date


def test_the_share_text_names_each_game_by_its_own_name(app, browser, evening):
    token, night = evening
    page = browser.get(f"/g/{token}/nights/{night}").get_data(as_text=True)
    share = re.search(r'id="share-text"[^>]*>([^<]*)<', page).group(1)
    assert [line.split(":")[0] for line in share.splitlines()[1:4]] == ["Tresillo", "Rovescino", "Truco rioplatense"]


def test_a_name_with_an_unseen_mark_is_refused_beside_the_plain_one(app, browser):
    group = gen_group(browser, players=("Ana",))
    for name in ("Ana\ufe0f", "A\u034fna", "Ana\U000e0100"):
        r = browser.post(f"/g/{group}/players", {"name": name})
        assert r.status_code == 400, repr(name)
        assert "looks the same as Ana" in r.get_data(as_text=True) and "U+" in r.get_data(as_text=True)
    assert browser.post(f"/g/{group}/players", {"name": "Anna"}).status_code == 302  # another name is welcome
    # and the other way round: Ana with her mark first, then the plain Ana
    other = gen_group(browser, name="Other", players=("Ana\ufe0f",))
    r = browser.post(f"/g/{other}/players", {"name": "Ana"})
    assert r.status_code == 400 and "U+FE0F" in r.get_data(as_text=True)


@pytest.mark.parametrize("currency", ["inf", "null", "true", "NaN", "None", "Infinity", "FALSE"])
def test_a_start_form_refuses_a_computer_word_as_the_currency(app, browser, currency):
    group = gen_group(browser)
    page = browser.get(f"/g/{group}/play/cacho").get_data(as_text=True)
    r = browser.post(f"/g/{group}/play/cacho", {"idem_key": field_value(page, "idem_key"), "stake": "1",
                                               "currency": currency, "seat1": "North", "seat2": "West"})
    text = r.get_data(as_text=True)
    assert r.status_code == 400 and 'id="currency-error"' in text and "not money" in text
    r = browser.post(f"/g/{group}/start", {"seat1": "North", "seat2": "West", "seat3": "South", "first_dealer": "1",
                                          "rules": "pagat", "tanto_value": "0.10", "currency": currency,
                                          "start_tokens": "160", "scale": "1"})
    assert r.status_code == 400 and "not money" in r.get_data(as_text=True)  # Tresillo's start form too


@pytest.mark.parametrize("game", [None, 7, True, ["cacho"], {"name": "cacho"}])
def test_an_import_naming_no_game_says_so(app, browser, game):
    group = gen_group(browser)
    page = browser.get(f"/g/{group}/import").get_data(as_text=True)
    doc = {"format": "scorekeeper-session/2", "game": game, "players": ["North", "West"], "deals": []}
    r = browser.post(f"/g/{group}/import", {"idem_key": field_value(page, "idem_key"), "text": json.dumps(doc)})
    text = r.get_data(as_text=True)
    assert r.status_code == 400 and "the file names no game: write one of" in text and "cacho" in text
    assert "None" not in text and "unknown game" not in text
