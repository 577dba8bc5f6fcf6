"""The evening's pages through the test client: the page, its end, a game on its own, its report, statistics.

The figures are those worked by hand in tests/web/test_nights.py.
"""

from __future__ import annotations

import json
import re
import shutil
from html import unescape

import pytest

from scorekeeper import services
from scorekeeper.db import db
from scorekeeper.models import GameSession, Night
from tests.web.test_nights import CACHO_DEALS, ROVESCINO_DEALS, SEATS, a_game, tresillo


@pytest.fixture
def evening(app, browser, worked_example):
    with app.app_context():
        group = services.create_group("Tuesday", "en")
        for name in SEATS:
            services.add_player(group, name)
        t = tresillo(group, worked_example)
        a_game(group, "rovescino", SEATS, ROVESCINO_DEALS, "0.50")
        c = a_game(group, "cacho", ["West", "South", "North"], CACHO_DEALS, "0.10")
        made = group.token, t.night_id, c.token
        db.session.remove()
    return made


def text_of(r) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", r.get_data(as_text=True))))


def test_the_group_page_leads_to_tonight_and_the_page_shows_the_money(browser, evening):
    group, night, _cacho = evening
    page = browser.get(f"/g/{group}")
    assert f"/g/{group}/nights/{night}" in page.get_data(as_text=True)
    r = browser.get(f"/g/{group}/nights/{night}")
    assert r.status_code == 200
    said = text_of(r)
    assert re.search(r"3 games Tresillo .* Rovescino .* Cacho ", said)
    # a row per game by its name, a column per player headed with the name, the currency named once
    assert "Game (€) North West South East Tresillo +1.90 −1.20 +0.50 −1.20" in said
    assert "Cacho 0.00 −0.90 +0.90 — In all +0.40 −1.60 +1.90 −0.70" in said
    assert "West pays South €1.60" in said and "East pays North €0.40" in said and "East pays South €0.30" in said


def test_ending_the_evening_from_its_page(browser, app, evening):
    group, night, _cacho = evening
    browser.get(f"/g/{group}/nights/{night}")
    bad = browser.post(f"/g/{group}/nights/{night}/end", {"paper": "burn"})
    assert bad.status_code == 400 and "Not a valid choice" in text_of(bad)
    r = browser.post(f"/g/{group}/nights/{night}/end", {"paper": "keep"})
    assert r.status_code == 302
    with app.app_context():
        n = db.session.get(Night, night)
        assert n.closed and all(gs.closed for gs in n.sessions)
        assert [gs.end_paper for gs in n.sessions if gs.game == "tresillo"] == ["keep"]
    after = text_of(browser.get(f"/g/{group}/nights/{night}"))
    assert "End the evening" not in after and "ended" in after
    # the worked example's paper kept (South 21, West 22: row 16) is what the evening carries
    assert "Paper kept: South 21, West 22" in after


def test_a_game_settled_on_its_own_from_the_page(browser, app, evening):
    group, night, cacho = evening
    browser.get(f"/g/{group}/nights/{night}")
    assert browser.post(f"/g/{group}/nights/{night}/alone/{cacho}", {"paper": "settle"}).status_code == 302
    said = text_of(browser.get(f"/g/{group}/nights/{night}"))
    assert "settled on its own" in said and "West pays South €0.90" in said and "West pays South €0.70" in said
    assert browser.post(f"/g/{group}/nights/{night}/alone/nothing", {"paper": "settle"}).status_code == 404
    with app.app_context():
        assert db.session.scalars(db.select(GameSession).where(GameSession.token == cacho)).one().paid_alone


def test_another_groups_evening_is_not_found(browser, app, evening):
    _group, night, _cacho = evening
    with app.app_context():
        other = services.create_group("Other", "en").token
    assert browser.get(f"/g/{other}/nights/{night}").status_code == 404
    assert browser.get(f"/g/{other}/nights/999999").status_code == 404


def test_statistics_across_games_page(browser, evening):
    group, night, _cacho = evening
    browser.get(f"/g/{group}/nights/{night}")
    browser.post(f"/g/{group}/nights/{night}/end", {"paper": "settle"})
    said = text_of(browser.get(f"/g/{group}/stats"))
    assert "Player Money by game In all" in said
    assert "South Tresillo +€0.50 · Rovescino +€0.50 · Cacho +€0.90 3 games +€1.90" in said
    assert "East : Deals without a point 2" in said
    bad = browser.get(f"/g/{group}/stats?since=2026-02-01&until=2026-01-01")
    assert bad.status_code == 400


def test_the_group_page_has_one_way_to_the_statistics(browser, app, evening, worked_example):
    """The platform's one link to /g/<group>/stats, beside the evenings across games: Tresillo's part of the group
    page had a second button to the same page under its past evenings."""
    group, night, _cacho = evening
    browser.get(f"/g/{group}/nights/{night}")
    assert browser.post(f"/g/{group}/nights/{night}/end", {"paper": "settle"}).status_code == 302
    with app.app_context():
        only_tresillo = services.create_group("Tresillo only", "en")
        for name in SEATS:
            services.add_player(only_tresillo, name)
        services.import_file(only_tresillo, json.dumps(worked_example), idem_key="ended")
        token = only_tresillo.token
        db.session.remove()
    for g in (group, token):
        page = browser.get(f"/g/{g}").get_data(as_text=True)
        assert 'id="evenings"' in page  # Tresillo's past evenings are listed
        assert re.findall(rf'<a [^>]*href="/g/{g}/stats"[^>]*>([^<]*)</a>', page) == ["Statistics across games"]


def test_one_statistics_page_shows_tresillos_section_and_the_games(browser, app, evening):
    """/g/<group>/stats is the one statistics page: Tresillo's own section (drawn by its package through
    GameRecord.stats) and every game's money and feats; a game with no section of its own adds none, a group
    that never played Tresillo shows none of Tresillo's; the games' old address leads there, choices kept."""
    group, night, _cacho = evening
    browser.get(f"/g/{group}/nights/{night}")
    assert browser.post(f"/g/{group}/nights/{night}/end", {"paper": "settle"}).status_code == 302
    r = browser.get(f"/g/{group}/stats")
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    assert page.count('class="game-stats"') == 1 and 'data-game="rovescino"' not in page
    section = page[page.index('id="stats-tresillo"'):page.index('id="money"')]
    assert re.search(r"1 evening · \d+ hands", text_of_html(section))
    assert 'class="money-chart"' in section and 'class="card player-card" data-player="South"' in section
    said = text_of(r)
    assert "South Tresillo +€0.50 · Rovescino +€0.50 · Cacho +€0.90 3 games +€1.90" in said
    assert "<title>Statistics · Tuesday" in page
    mine = browser.get(f"/g/{group}/stats?player=South")
    assert mine.status_code == 200 and "<title>Statistics · South · Tuesday" in mine.get_data(as_text=True)
    assert re.findall(r'<tr data-player="(\w+)"><th scope="row"><span', mine.get_data(as_text=True)) == ["South"]
    old = browser.get(f"/g/{group}/games/stats?since=2026-01-01")
    assert old.status_code in (301, 302)
    assert old.headers["Location"].endswith(f"/g/{group}/stats?since=2026-01-01")
    with app.app_context():
        only_cacho = services.create_group("Cacho only", "en")
        for name in SEATS:
            services.add_player(only_cacho, name)
        a_game(only_cacho, "cacho", ["West", "South", "North"], CACHO_DEALS, "0.10")
        token = only_cacho.token
        db.session.remove()
    page = browser.get(f"/g/{token}/stats").get_data(as_text=True)
    assert 'id="money"' in page and 'class="game-stats"' not in page and "Money, evening after evening" not in page
    nobody = browser.get(f"/g/{token}/stats?player=West")  # no evening of theirs has ended
    assert nobody.status_code == 400 and "West played none of these evenings." in text_of(nobody)


def test_a_player_of_other_games_only_is_no_error_where_tresillo_was_played(browser, app, worked_example):
    """In a group that played Tresillo, one who played only its Cacho gets their statistics (asked in any
    case), without Tresillo's section (it would be about the others), and no "played none" under the form."""
    with app.app_context():
        group = services.create_group("Tuesday", "en")
        for name in [*SEATS, "Zoe"]:
            services.add_player(group, name)
        t = tresillo(group, worked_example)
        zoes = [{**deal, "rounds": [{**r, "put": {("Zoe" if n == "West" else n): v for n, v in r["put"].items()}}
                                    for r in deal["rounds"]]} for deal in CACHO_DEALS]
        a_game(group, "cacho", ["Zoe", "South", "North"], zoes, "0.10")
        token, night = group.token, t.night_id
        db.session.remove()
    browser.get(f"/g/{token}/nights/{night}")
    assert browser.post(f"/g/{token}/nights/{night}/end", {"paper": "settle"}).status_code == 302
    r = browser.get(f"/g/{token}/stats?player=zoe")
    page = r.get_data(as_text=True)
    assert r.status_code == 200 and "played none" not in page, text_of(r)[:600]
    assert 'id="stats-tresillo"' not in page and "<title>Statistics · Zoe · Tuesday" in page
    assert re.findall(r'<tr data-player="(\w+)"><th scope="row"><span', page) == ["Zoe"]
    south = browser.get(f"/g/{token}/stats?player=South").get_data(as_text=True)  # both games: both shown
    assert 'id="stats-tresillo"' in south and "<title>Statistics · South · Tuesday" in south


def text_of_html(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs poppler's pdftotext")
def test_the_evenings_report_is_one_pdf_summary_then_each_games_sheet(browser, evening, tmp_path):
    import subprocess

    group, night, _cacho = evening
    r = browser.get(f"/g/{group}/nights/{night}/report.pdf")
    assert r.status_code == 200 and r.mimetype == "application/pdf"
    (tmp_path / "e.pdf").write_bytes(r.data)
    out = subprocess.run(["pdftotext", "-layout", str(tmp_path / "e.pdf"), "-"], capture_output=True, text=True,
                         check=True).stdout
    pages = out.split("\f")
    assert "The evening" in pages[0] and "Who pays whom" in pages[0]
    assert re.search(r"West\s+South\s+€1\.60", pages[0]) and re.search(r"East\s+South\s+€0\.30", pages[0])
    assert "Settlement sheet" in pages[1]
    # then each other game's own sheet, in the order played, with its payments
    assert pages[2].lstrip().startswith("Rovescino") and re.search(r"North\s+West\s+€0\.50", pages[2])
    assert pages[3].lstrip().startswith("Cacho") and "Who pays whom" in pages[3]
