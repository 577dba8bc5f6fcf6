"""Every game of the registry through the platform: its session file exported, imported into another group
and exported again is the same file; its printed sheet renders and is read back; a refused file names the
deal and the field and stores nothing. Parametrized over :data:`scorekeeper.games.GAMES`."""

from __future__ import annotations

import json
import random
import re

import pytest

from conftest import field_value, gen_group
from scorekeeper.games import GAMES
from scorekeeper.services.games import on_pages
from tests.games.sessions import VALID
from tests.reports.conftest import pdf_pages

#: the games these shared pages play (Tresillo keeps its own pages: tests/web/test_browser*.py)
PAGE_GAMES = sorted(n for n in GAMES if on_pages(n))


def import_file(browser, group, text):
    page = browser.get(f"/g/{group}/import").get_data(as_text=True)
    return browser.post(f"/g/{group}/import", {"idem_key": field_value(page, "idem_key"), "text": text})


def token_of(response):
    assert response.status_code == 302, response.get_data(as_text=True)
    assert "/play" in response.headers["Location"]
    return response.headers["Location"].split("/")[2]


@pytest.mark.parametrize("game", PAGE_GAMES)
def test_export_import_export_is_the_same_file(browser, game):
    doc = VALID[game](random.Random(7))
    first = token_of(import_file(browser, gen_group(browser, name="Uno"), json.dumps(doc)))
    exported = browser.get(f"/s/{first}/play/session.json").get_data(as_text=True)
    assert json.loads(exported) == doc
    second = token_of(import_file(browser, gen_group(browser, name="Due"), exported))
    assert browser.get(f"/s/{second}/play/session.json").get_data(as_text=True) == exported


@pytest.mark.parametrize("game", PAGE_GAMES)
def test_the_printed_sheet_renders_and_reads_back(browser, game):
    doc = VALID[game](random.Random(11))
    token = token_of(import_file(browser, gen_group(browser, name="Tre"), json.dumps(doc)))
    r = browser.get(f"/s/{token}/play/sheet.pdf")
    assert r.status_code == 200 and r.mimetype == "application/pdf"
    text = re.sub(r"\s+", " ", " ".join(pdf_pages(r.get_data())))
    assert GAMES[game].spec.title in text and "Who pays whom" in text
    for k, name in enumerate(doc["players"]):
        assert f"{k + 1}. {name}" in text
    for number in range(1, len(doc["deals"]) + 1):  # one line each
        assert re.search(rf"(?:^| ){number} ", text), number
    html = browser.get(f"/s/{token}/play/sheet.html").get_data(as_text=True)
    assert html.count('<tr><td class="fig">') == len(doc["deals"])


@pytest.mark.parametrize("game", PAGE_GAMES)
def test_a_refused_file_names_the_deal_and_field_and_stores_nothing(browser, game):
    doc = next(d for seed in range(300) if len((d := VALID[game](random.Random(seed)))["deals"]) >= 3)
    group = gen_group(browser, name="Quattro")
    broken = {**doc, "deals": [*doc["deals"][:1], {"no_such_field": 1}, *doc["deals"][1:]]}
    r = import_file(browser, group, json.dumps(broken))
    assert r.status_code == 400
    html = r.get_data(as_text=True)
    said = re.search(r'role="alert">(Deal 2: no_such_field: [^<]+)<', html)
    assert said is not None, html
    assert html.index('name="text"') < html.index(said.group(1))  # told under the file's field
    assert 'href="/s/' not in browser.get(f"/g/{group}").get_data(as_text=True)  # no game was stored


@pytest.mark.parametrize("game", sorted(g for g in PAGE_GAMES if "counters" in {o.name for o in GAMES[g].spec.options}))
def test_a_game_without_an_end_is_paid_as_it_stands(browser, game):
    """The pot games have no end (``finished`` is None): ended, their money is paid, never "nobody pays"."""
    doc = next(d for seed in range(300) if len((d := VALID[game](random.Random(seed)))["deals"]) >= 3)
    token = token_of(import_file(browser, gen_group(browser, name="Cinque"), json.dumps(doc)))
    assert "A game paid as it goes: the money as it stands." in browser.get(f"/s/{token}/play/end").get_data(as_text=True)
    result = browser.get(f"/s/{token}/play/result").get_data(as_text=True)
    assert "A game paid as it goes: the money as it stands." in result and "nobody pays anything" not in result
    assert "A game paid as it goes: the money as it stands." in " ".join(pdf_pages(browser.get(f"/s/{token}/play/sheet.pdf").get_data()))
