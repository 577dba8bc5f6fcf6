"""The group across evenings: kept summaries, statistics, the group page, the next evening, sharing.

Runs on a SQLite file and on PostgreSQL (the ``app`` fixture).

The three evenings of the statistics tests, worked out by hand (pagat rules:
start 160, pajarito 5, table tanto 1, dealer's ante 1; condiciones entrada 0,
vuelta 1, solo 2, primeras 1, bola 8; a tanto is worth €0.10). North deals
first every evening; the deal passes North → West → South (→ East).

Evening 1, 4 Mar 2025 — North, West, South; the paper is settled.
  start: bowls 155 155 155, dish 15.
  hand 1: North deals: a pajarito from the dish (15 → 10) and his tanto: plato 6, North 154.
    West, entrada, 5 tricks to 2 and 2: sacado. West takes the plato (6) and a tanto from
    North and South: North 153, West 163, South 154.
  end: pot = dish 10 → 3 each, the odd one to the lowest bowl (North):
    finals 157 166 157 → net −3 +6 −3 → North −€0.30, West +€0.60, South −€0.30.

Evening 2, 11 Mar 2025 — North, West, South; settled.
  hand 1: North deals: plato 6, dish 10, North 154. South, solo, all 9 tricks, bola won:
    South takes the plato 6 and from each of the others tanto 1 + solo 2 + bola 8 = 11:
    North 143, West 144, South 183.
  hand 2: West deals: plato 6, dish 5, West 143. North, entrada, 3 tricks; West 4, South 2:
    codillo, West the winner. In play 6 + 3 = 9: North pays 9 into the plato (a first
    puesta) and 9 to West: North 125, West 152, plato 15.
  hand 3: South deals: a puesta is in the plato, so no pajarito; his tanto: plato 16,
    South 182. West, entrada, 5 tricks: West takes 16 and a tanto from each: North 124,
    West 170, South 181, plato 0.
  end: pot = dish 5 → 1 each, the two odd ones to North and West: finals 126 172 182 →
    net −34 +12 +22 → North −€3.40, West +€1.20, South +€2.20.

Evening 3, 18 Mar 2025 — North, West, South, East; the paper is kept.
  start: bowls 155 each, dish 20.
  hand 1: North deals (and sits out): plato 6, dish 15, North 154. East, entrada with
    primeras, 5 tricks: East takes 6, a tanto and primeras 1 from each of the three others:
    North 152, West 153, South 153, East 167.
  hand 2: West deals: plato 6, dish 10, West 152. North, vuelta, 4 tricks, South 4, East 1:
    puesta. In play 6 + 4 = 10 into the plato; vuelta 1 to each of the others:
    North 139, West 153, South 154, East 168, plato 16.
  hand 3: South deals: plato 17, South 153. West, entrada, 3 tricks each: puesta with a
    puesta in the plato: 17 + 4 = 21 is written on the paper for West.
  end, paper kept: pot = plato 17 + dish 10 = 27 → 6 each, the three odd ones to North,
    West and South (the lowest bowls): finals 146 160 160 174 → net −14 0 0 +14 →
    North −€1.40, East +€1.40. West's 21 stays on the paper.

Over the three evenings:
  North: 3 evenings, 1 + 3 + 2 = 6 hands, lost 0.30 + 3.40 + 1.40 = €5.10, won nothing;
         declared an entrada (codillo) and a vuelta (puesta).
  West:  3 evenings, 6 hands, won 0.60 + 1.20 = €1.80, lost nothing; entradas won 2, puesta 1;
         one codillo made; largest plato 16 (evening 2).
  South: 3 evenings, 6 hands, won €2.20, lost €0.30 → +€1.90; a solo won with a bola;
         largest plato 6.
  East:  1 evening, 3 hands, +€1.40; an entrada won with primeras; largest plato 6.
  The group: 7 hands; the money adds up to zero (−5.10 + 1.80 + 1.90 + 1.40).
"""

from __future__ import annotations

import io
import re
from datetime import date, datetime
from decimal import Decimal

import pytest

from conftest import csrf_of, gen_group, gen_hand, gen_session

TRIO = ("North", "West", "South")
FOUR = ("North", "West", "South", "East")

EVENINGS = [
    (datetime(2025, 3, 4, 21), TRIO, "settle", [
        {"contract": "entrada", "declarer": "West", "tricks": {"North": 2, "West": 5, "South": 2}},
    ]),
    (datetime(2025, 3, 11, 21), TRIO, "settle", [
        {"contract": "solo", "declarer": "South", "tricks": {"North": 0, "West": 0, "South": 9}, "bola": "won"},
        {"contract": "entrada", "declarer": "North", "tricks": {"North": 3, "West": 4, "South": 2}},
        {"contract": "entrada", "declarer": "West", "tricks": {"North": 2, "West": 5, "South": 2}},
    ]),
    (datetime(2025, 3, 18, 21), FOUR, "keep", [
        {"contract": "entrada", "declarer": "East", "tricks": {"West": 0, "South": 0, "East": 5}, "primeras": True},
        {"contract": "vuelta", "declarer": "North", "tricks": {"South": 4, "East": 1, "North": 4}},
        {"contract": "entrada", "declarer": "West", "tricks": {"East": 3, "North": 3, "West": 3}},
    ]),
]


def play_evenings(app, evenings=EVENINGS, name="Tuesday table"):
    """The evenings through the services, each dated as it was played; returns the group token."""
    from scorekeeper.db import db
    from scorekeeper.games.tresillo import services

    with app.app_context():
        group = services.create_group(name)
        for p in FOUR:
            services.add_player(group, p)
        for when, seats, paper, hands in evenings:
            gs = services.start_session(group, players=list(seats), first_dealer="North", rules="pagat",
                                        start_tokens=160, tanto_value="0.10", currency="EUR")
            gs.created_at = when
            db.session.commit()
            for i, hand in enumerate(hands):
                services.add_hand(gs, hand, idem_key=f"{when:%d}-{i}")
            services.end_session(gs, paper=paper, version=gs.version)
        token = group.token
        db.session.remove()
    return token


def cents(d: Decimal | None) -> int | None:
    return None if d is None else int(d * 100)


def test_statistics_over_three_evenings_worked_by_hand(app):
    from scorekeeper.games.tresillo import services

    token = play_evenings(app)
    with app.app_context():
        group = services.find_group(token)
        stats = services.group_statistics(group)
        assert [e.played_on.day for e in stats.evenings] == [4, 11, 18]
        assert stats.hands == 1 + 3 + 3
        by = {p.name: p for p in stats.players}
        assert [p.name for p in stats.players] == ["North", "South", "West", "East"]  # most evenings, then name
        assert {n: (p.evenings, p.hands) for n, p in by.items()} == {
            "North": (3, 6), "West": (3, 6), "South": (3, 6), "East": (1, 3)}
        money = {n: (cents(p.won.get("EUR")), cents(p.lost.get("EUR")), cents(p.net["EUR"])) for n, p in by.items()}
        assert money == {"North": (None, 510, -510), "West": (180, None, 180), "South": (220, 30, 190),
                         "East": (140, None, 140)}
        assert sum(p.net["EUR"] for p in stats.players) == 0
        assert by["West"].declared == {"entrada": {"sacado": 2, "puesta": 1}}
        assert by["North"].declared == {"entrada": {"codillo": 1}, "vuelta": {"puesta": 1}}
        assert by["South"].declared == {"solo": {"sacado": 1}}
        assert by["East"].declared == {"entrada": {"sacado": 1}}
        assert [by[n].codillos for n in FOUR] == [0, 1, 0, 0]
        assert [(by[n].bolas, by[n].bolas_tried) for n in FOUR] == [(0, 0), (0, 0), (1, 1), (0, 0)]
        assert [by[n].primeras for n in FOUR] == [0, 0, 0, 1]
        assert [by[n].largest_plato for n in FOUR] == [0, 16, 6, 6]
        assert by["West"].largest_plato_on == datetime(2025, 3, 11, 21)
        # the chart's lines: each player's money added up evening after evening
        lines = {n: [cents(v) for v in line] for n, line in stats.money_lines().items()}
        assert lines == {"North": [0, -30, -370, -510], "West": [0, 60, 180, 180], "South": [0, -30, 190, 190],
                         "East": [0, 0, 0, 140]}
        # each evening kept its figures when it ended: one summary per evening, nothing replayed since
        evenings = services.past_evenings(group)
        assert [(e.evening.hands, e.evening.paper) for e in evenings] == [(3, "keep"), (3, "settle"), (1, "settle")]
        assert evenings[0].evening.kept_paper == (("West", 21),)
        assert [(t.payer, t.payee, cents(t.amount)) for t in evenings[1].evening.payments] == [
            ("North", "West", 120), ("North", "South", 220)]


def test_statistics_page_shows_the_figures(app, client):
    token = play_evenings(app)
    page = client.get(f"/g/{token}/stats").get_data(as_text=True)
    assert "3 evenings · 7 hands" in page
    row = re.search(r'<tr data-player="West">(.*?)</tr>', page, re.S).group(1)
    assert re.findall(r'<td class="num[^"]*">(?:<b>)?([^<]+)', row) == ["3", "6", "+€1.80"]
    card = re.search(r'<section class="card player-card" data-player="North">(.*?)</section>', page, re.S).group(1)
    assert '<b class="lost">€5.10</b>' in card and '<b class="codillo">1</b>' in card
    assert '<b class="puesta">1</b>' in card and '<b class="largest-plato">—</b>' in card
    card = re.search(r'<section class="card player-card" data-player="South">(.*?)</section>', page, re.S).group(1)
    assert '<b class="bolas">1</b>' in card and '<b class="largest-plato">6</b>' in card
    svg = re.search(r'<svg[^>]*class="money-chart".*?</svg>', page, re.S).group(0)
    assert svg.count("<polyline") == 4 and "North −€5.10" in svg and "East +€1.40" in svg
    assert "<script" not in svg


def test_one_player_over_chosen_evenings(app, client):
    token = play_evenings(app)
    page = client.get(f"/g/{token}/stats?player=West&since=2025-03-10").get_data(as_text=True)
    assert "2 evenings · 6 hands" in page  # evenings 2 and 3 only
    assert '<b class="hands">5</b>' in page  # 3 + 2: West dealt and sat out hand 2 of evening 3
    assert '<b class="net">+€1.20</b>' in page
    row = re.search(r'<tr data-contract="entrada">(.*?)</tr>', page, re.S).group(1)
    assert re.findall(r'<td class="num">(\d+)</td>', row) == ["1", "1", "0"]
    page = client.get(f"/g/{token}/stats?until=2025-03-04").get_data(as_text=True)
    assert "1 evening · 1 hand ·" in page and 'data-player="East"' not in page


@pytest.mark.parametrize("query, field_message", [
    ("since=yesterday", "Not a valid date value."),
    ("since=2025-03-20&until=2025-03-01", "The last day comes after the first."),
    ("player=Nobody", "Nobody played none of these evenings."),
    ("player=" + "x" * 41, "Field cannot be longer than 40 characters."),
    ("since=2025-02-30", "Not a valid date value."),
])
def test_bad_choices_are_refused_with_a_message(app, client, query, field_message):
    token = play_evenings(app, EVENINGS[:1])
    r = client.get(f"/g/{token}/stats?{query}")
    assert r.status_code == 400
    page = r.get_data(as_text=True)
    assert f'role="alert">{field_message}</p>' in page
    assert "1 evening" in page  # the page still stands, over all evenings


def test_no_evening_yet(app, browser):
    g = gen_group(browser)
    page = browser.get(f"/g/{g}/stats").get_data(as_text=True)
    assert "No evening has ended yet." in page and "<svg" not in page
    page = browser.get(f"/g/{g}").get_data(as_text=True)
    assert "No evening has ended yet." in page and "Start the next evening" not in page


def test_group_page_remembers_every_evening(app, client):
    token = play_evenings(app)
    page = client.get(f"/g/{token}").get_data(as_text=True)
    items = re.findall(r'<li><a class="when" href="/s/([\w-]+)/end">([^<]+)</a>(.*?)</ul>\s*</li>', page, re.S)
    assert [when for _, when, _ in items] == ["Tue, 18 Mar 2025", "Tue, 11 Mar 2025", "Tue, 4 Mar 2025"]
    first = items[0][2]
    assert "3 hands · paper kept" in first
    assert re.findall(r"<span>(\w+)</span> <b>([^<]+)</b>", first) == [
        ("North", "−€1.40"), ("West", "€0.00"), ("South", "€0.00"), ("East", "+€1.40")]
    assert "paper kept" not in items[1][2]
    # the open paper with its debts, and the paper to print
    assert "West: <b>21</b>" in page
    assert f'href="/g/{token}/paper.pdf"' in page
    assert "Same seats: North, West, South, East, with the paper below." in page


def test_group_page_lists_evenings_a_page_at_a_time(app, client):
    evenings = [(datetime(2024, 1, 1 + i, 21), TRIO, "settle", EVENINGS[0][3]) for i in range(27)]
    token = play_evenings(app, evenings)
    page = client.get(f"/g/{token}").get_data(as_text=True)
    assert len(re.findall(r'class="when"', page)) == 25 and "Page 1 of 2 · 27 evenings" in page
    page = client.get(f"/g/{token}?page=2").get_data(as_text=True)
    assert re.findall(r'class="when"[^>]*>([^<]+)', page) == ["Tue, 2 Jan 2024", "Mon, 1 Jan 2024"]
    assert client.get(f"/g/{token}?page=999").status_code == 200
    assert client.get(f"/g/{token}?page=-3").status_code == 200


def test_paper_pdf_carries_the_groups_qr_code(app, client):
    from pypdf import PdfReader

    token = play_evenings(app)
    r = client.get(f"/g/{token}/paper.pdf")
    assert r.status_code == 200 and r.mimetype == "application/pdf"
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(r.data)).pages)
    assert "West" in text and "21" in text and "nothing to copy" in text
    assert f"http://localhost/g/{token}" in text  # the link under the code
    html = client.get(f"/g/{token}/paper.html").get_data(as_text=True)
    qr = re.search(r'<svg viewBox="0 0 (\d+) \1" class="qr"><title>Tuesday table: the group\'s page</title>', html)
    assert qr and int(qr.group(1)) > 100  # a real code, 4 units a module
    # the paper printed from the evening's own link does not: a session link never leads to the group
    with app.app_context():
        from scorekeeper.games.tresillo import services

        s = services.past_evenings(services.find_group(token))[0].token
    session_paper = client.get(f"/s/{s}/paper.html").get_data(as_text=True)
    assert "South" in session_paper and 'class="qr"' not in session_paper and token not in session_paper


def test_no_paper_to_print_when_it_is_clean(app, client):
    token = play_evenings(app, EVENINGS[:2])
    page = client.get(f"/g/{token}").get_data(as_text=True)
    assert "paper.pdf" not in page
    r = client.get(f"/g/{token}/paper.pdf")
    assert r.status_code == 404 and "The group&#39;s paper is clean" in r.get_data(as_text=True)


def test_next_evening_in_one_tap_with_the_same_seats(app, browser):
    token = play_evenings(app)
    page = browser.get(f"/g/{token}").get_data(as_text=True)
    newest = re.search(r'name="newest" value="(\d+)"', page).group(1)
    r = browser.post(f"/g/{token}/next", {"newest": newest})
    assert r.status_code == 302
    table = r.headers["Location"]
    # a double tap (the same page posted again) lands at the same table, never a second evening
    again = browser.post(f"/g/{token}/next", {"newest": newest})
    assert again.status_code == 302 and again.headers["Location"] == table
    page = browser.get(table).get_data(as_text=True)
    assert re.findall(r'<tr data-player="(\w+)">', page) == list(FOUR)
    assert "<b>North</b> deals" in page and "<b>21</b>" in page  # West's debt came along
    group_page = browser.get(f"/g/{token}").get_data(as_text=True)
    assert "Back to the table" in group_page and "Start the next evening" not in group_page


def test_next_evening_refusals(app, browser):
    token = play_evenings(app, EVENINGS[:1])
    page = browser.get(f"/g/{token}").get_data(as_text=True)
    newest = re.search(r'name="newest" value="(\d+)"', page).group(1)
    assert browser.post(f"/g/{token}/next", {"newest": "x1"}).status_code == 400
    assert browser.post(f"/g/{token}/next", {"newest": newest, "csrf_token": "forged"}).status_code == 400
    # a stale page: the group's newest evening is closed and is not the one the page knew
    r = browser.post(f"/g/{token}/next", {"newest": str(int(newest) + 7)})
    assert r.status_code == 409 and "Reload the page" in r.get_data(as_text=True)
    # a player of the last evening has retired: the seats must be chosen
    ids = re.findall(rf"/g/{token}/players/(\d+)/retire", page)
    browser.post(f"/g/{token}/players/{ids[0]}/retire")
    page = browser.get(f"/g/{token}").get_data(as_text=True)
    assert "Start the next evening" not in page and f'href="/g/{token}/start?game=tresillo"' in page
    r = browser.post(f"/g/{token}/next", {"newest": newest})
    assert r.status_code == 400 and "North no longer plays in this group" in r.get_data(as_text=True)
    with app.app_context():
        from scorekeeper.games.tresillo import services

        assert services.count_evenings(services.find_group(token)) == 1
        assert len(services.find_group(token).sessions) == 1  # nothing started


def test_end_page_offers_the_result_to_share(app, browser, worked_example):
    g = gen_group(browser)
    s = gen_session(browser, g)
    for hand in worked_example["hands"]:
        gen_hand(browser, s, hand)
    page = browser.get(f"/s/{s}/end").get_data(as_text=True)
    assert 'id="share"' not in page  # nothing to send before the end
    version = re.search(r'id="version" name="version" type="hidden" value="(\d+)"', page).group(1)
    browser.post(f"/s/{s}/end", {"paper": "settle", "version": version, "csrf_token": csrf_of(page),
                                 "confirm": "yes", "key": "end-once"})  # the end, confirmed
    page = browser.get(f"/s/{s}/end").get_data(as_text=True)
    text = re.search(r'<pre class="share-text" id="share-text">(.*?)</pre>', page, re.S).group(1)
    lines = text.split("\n")
    assert re.fullmatch(r"Tuesday table · Tresillo, \d+ \w+ \d{4} \(8 hands\)", lines[0])
    assert lines[1:5] == ["North +€1.90", "West −€1.20", "South +€0.50", "East −€1.20"]
    assert lines[5:] == ["West pays North €1.20", "East pays North €0.70", "East pays South €0.50"]
    assert re.search(r'src="/static/share\.[0-9a-f]{12}\.js"', page) and "<script>" not in page  # no inline script


def test_a_reopened_evening_is_summarised_again(app, client):
    """A summary is only trusted while the session is the one it was made from (issue 12 reopens evenings)."""
    from scorekeeper.db import db
    from scorekeeper.games.tresillo import services
    from scorekeeper.models import EveningSummary

    token = play_evenings(app, EVENINGS[:1])
    with app.app_context():
        group = services.find_group(token)
        gs = group.sessions[0]
        assert db.session.query(EveningSummary).filter_by(session_id=gs.id).one().session_version == gs.version
        # reopened, a hand changed (South wins instead of West), closed again without a new summary
        gs.closed = False
        gs.hands[0].data = {"contract": "entrada", "declarer": "South",
                            "tricks": {"North": 2, "West": 2, "South": 5}}
        gs.version += 1
        gs.closed = True
        db.session.commit()
        db.session.remove()
    page = client.get(f"/g/{token}").get_data(as_text=True)
    assert re.findall(r"<span>(\w+)</span> <b>([^<]+)</b>", page) == [
        ("North", "−€0.30"), ("West", "−€0.30"), ("South", "+€0.60")]
    with app.app_context():
        gs = services.find_group(token).sessions[0]
        row = db.session.query(EveningSummary).filter_by(session_id=gs.id).one()
        assert row.session_version == gs.version  # rebuilt and kept again
        # an evening open again is left out until it is closed again
        gs.closed = False
        db.session.commit()
        assert services.past_evenings(services.find_group(token)) == []


def test_summaries_of_evenings_closed_before_they_were_kept(app, client):
    """Evenings that ended before summaries existed are summarised the first time the group is read."""
    from scorekeeper.db import db
    from scorekeeper.games.tresillo import services
    from scorekeeper.models import EveningSummary

    token = play_evenings(app)
    with app.app_context():
        db.session.query(EveningSummary).delete()
        db.session.commit()
    stats = client.get(f"/g/{token}/stats").get_data(as_text=True)
    assert "3 evenings · 7 hands" in stats
    with app.app_context():
        assert db.session.query(EveningSummary).count() == 3
        assert services.count_evenings(services.find_group(token)) == 3


def test_table_screen_draws_the_bowls_so_far(app, browser, worked_example):
    g = gen_group(browser)
    s = gen_session(browser, g)
    assert "bowls-chart" not in browser.get(f"/s/{s}").get_data(as_text=True)  # one row: no line yet
    for hand in worked_example["hands"][:3]:
        gen_hand(browser, s, hand)
    page = browser.get(f"/s/{s}").get_data(as_text=True)
    svg = re.search(r'<section class="card chart" id="bowls-chart">.*?(<svg.*?</svg>)', page, re.S).group(1)
    assert svg.count("<polyline") == 4
    # after hand 3 (row 6 of the worked example): North 142, West 152, South 166, East 153
    assert all(f"{p} {b}" in svg for p, b in (("North", 142), ("West", 152), ("South", 166), ("East", 153)))
    assert 'viewBox="0 0 420 300"' in svg


def test_statistics_of_a_date_range_with_no_evening(app, client):
    token = play_evenings(app, EVENINGS[:1])
    page = client.get(f"/g/{token}/stats?since={date(2030, 1, 1).isoformat()}").get_data(as_text=True)
    assert "No evening ended in these days." in page


def test_every_open_evening_stays_reachable(app, browser):
    """An imported or forgotten evening that was never ended is listed until it is."""
    g = gen_group(browser)
    first = gen_session(browser, g)
    page = browser.get(f"/g/{g}").get_data(as_text=True)
    assert f'href="/s/{first}">Back to the table' in page.replace('class="button big" ', "")
    assert "Evenings still open" not in page
    second = gen_session(browser, g)
    page = browser.get(f"/g/{g}").get_data(as_text=True)
    assert f'href="/s/{second}">Back to the table' in page.replace('class="button big" ', "")
    assert "Evenings still open" in page and f'href="/s/{first}"' in page


def test_wtforms_own_messages_speak_the_page_language_read_once_per_language(app, client, monkeypatch):
    """WTForms' own words (its date message) follow the page's language; its catalog is read from disk once per
    language and process (web/forms.py), not on every request that builds a form."""
    from babel import support

    from scorekeeper.web import forms

    forms.wtforms_messages.cache_clear()
    read = []
    load = support.Translations.load
    monkeypatch.setattr(support.Translations, "load", lambda *a, **k: read.append(k.get("domain")) or load(*a, **k))
    token = play_evenings(app, EVENINGS[:1])
    pages = {}
    for lang in ("es", "fr", "es", "fr", "en"):
        client.set_cookie("lang", lang)
        pages[lang] = client.get(f"/g/{token}/stats?since=yesterday").get_data(as_text=True)
    assert "Not a valid date value." in pages["en"] and "Not a valid date value." not in pages["es"]
    assert "Not a valid date value." not in pages["fr"] and pages["es"] != pages["fr"]
    assert read.count("wtforms") == 3  # es, fr and en: each read once
