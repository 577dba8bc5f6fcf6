"""The same session file imported twice into a group: recognised, with a choice (open it, or import a copy).

A file is recognised by the SHA-256 of its canonical content (Tresillo's services.files.file_digest): spacing, key
order, a byte-order mark and dealers written out do not make it another file; one hand more or less does.
"""

from __future__ import annotations

import html
import json
import re
from datetime import UTC, datetime

from babel import dates
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, select, text

from conftest import gen_group
from scorekeeper.db import db
from scorekeeper.models import GameSession, Group

PREVIOUS = "c4e9a2b7d610"  # watch links: sessions before they remembered their file


def imported(browser, group, data: str | bytes, **extra):
    browser.get(f"/g/{group}/import")
    if isinstance(data, bytes):
        import io
        return browser.post(f"/g/{group}/import", {"file": (io.BytesIO(data), "evening.json"), **extra},
                            content_type="multipart/form-data")
    return browser.post(f"/g/{group}/import", {"text": data, **extra})


def evenings(app, group: str) -> list[str]:
    with app.app_context():
        g = db.session.scalars(select(Group).where(Group.token == group)).one()
        return [s.token for s in db.session.scalars(select(GameSession).where(GameSession.group_id == g.id)
                                                    .order_by(GameSession.id))]


def seen_of(page: str) -> str:
    m = re.search(r'<section class="card" id="seen"[^>]*>(.*?)</section>', page, re.S)
    assert m, "the page does not say the file was seen"
    shown = re.sub(r"<textarea[^>]*hidden>.*?</textarea>", "", m.group(1), flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", shown))).strip()


def test_the_same_file_again_is_recognised_and_may_be_copied(app, browser, worked_example):
    g = gen_group(browser)
    first = imported(browser, g, json.dumps(worked_example))
    assert first.status_code == 302
    made = first.headers["Location"].rsplit("/", 1)[1]
    assert evenings(app, g) == [made]
    # the same file written otherwise: other spacing and key order, a byte-order mark, the dealers written out
    dealers = ["North", "West", "South", "East", "North", "West", "South", "East"]
    again = dict(reversed(list(worked_example.items())))
    again["hands"] = [dict(h, dealer=d) for h, d in zip(worked_example["hands"], dealers, strict=True)]
    r = imported(browser, g, "\ufeff".encode() + json.dumps(again, indent=3).encode())
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    now = datetime.now(UTC)
    today = f"{now.day} {now:%B} {now.year}"  # the app writes English days the British way
    assert seen_of(page) == (f"This file was already imported as the evening of {today}. 8 hands, played by "
                             "North, West, South, East. Importing it again makes a second evening, counted twice "
                             "in the statistics. Open that evening Import a copy anyway")
    assert f'href="/s/{made}"' in page
    assert evenings(app, g) == [made]  # nothing was imported
    # the choice to import a copy anyway posts the file back
    copy_text = html.unescape(re.search(r'<textarea name="text" hidden>(.*?)</textarea>', page, re.S).group(1))
    key = html.unescape(re.search(r'id="copy-key" name="idem_key" type="hidden" value="([^"]*)"', page).group(1))
    r = browser.post(f"/g/{g}/import", {"text": copy_text, "copy": "1", "idem_key": key})
    assert r.status_code == 302
    copy = r.headers["Location"].rsplit("/", 1)[1]
    assert evenings(app, g) == [made, copy] and copy != made
    # a third time: still recognised, as the first evening it made
    r = imported(browser, g, json.dumps(worked_example))
    assert r.status_code == 200 and f'href="/s/{made}"' in r.get_data(as_text=True)
    assert evenings(app, g) == [made, copy]


def test_another_file_or_another_group_is_simply_imported(app, browser, worked_example):
    g = gen_group(browser)
    assert imported(browser, g, json.dumps(worked_example)).status_code == 302
    shorter = dict(worked_example, hands=worked_example["hands"][:7])
    assert imported(browser, g, json.dumps(shorter)).status_code == 302  # one hand fewer: another evening
    other = gen_group(browser, "Friday table")
    assert imported(browser, other, json.dumps(worked_example)).status_code == 302  # each group its own
    assert len(evenings(app, g)) == 2 and len(evenings(app, other)) == 1


def test_the_evening_is_named_in_the_groups_language(app, browser, worked_example):
    g = gen_group(browser, "Mesa del martes")
    assert browser.post(f"/g/{g}/language", {"language": "es"}).status_code == 302
    assert imported(browser, g, json.dumps(worked_example)).status_code == 302
    page = imported(browser, g, json.dumps(worked_example)).get_data(as_text=True)
    today = dates.format_date(datetime.now(UTC).date(), "long", locale="es")
    assert seen_of(page).startswith(f"Este archivo ya se importó como la velada del {today}.")
    assert "Abrir esa velada" in page and "Importar una copia de todos modos" in page


def test_the_migration_adds_the_digest_to_a_database_of_the_previous_revision(app, browser, worked_example):
    with app.app_context():
        downgrade(revision=PREVIOUS)
        assert "file_digest" not in {c["name"] for c in inspect(db.engine).get_columns("sessions")}
        with db.engine.begin() as conn:
            conn.execute(text("INSERT INTO groups (id, token, name, created_at) VALUES (7, 'old', 'T', '2026-11-23')"))
            conn.execute(text(
                "INSERT INTO sessions (id, token, watch_token, group_id, rules, options, players, first_dealer, "
                "start_tokens, tanto_value, currency, paper_in, end_paper, closed, version, created_at) VALUES "
                "(7, 's-old', 'w-old', 7, 'pagat', '{}', :players, 'North', 160, '10', 'ESP', '[]', 'settle', "
                "false, 0, '2026-11-23')"), {"players": json.dumps(["North", "West", "South", "East"])})
        upgrade()
        columns = {c["name"] for c in inspect(db.engine).get_columns("sessions")}
        assert "file_digest" in columns
        with db.engine.connect() as conn:
            assert conn.execute(text("SELECT file_digest FROM sessions WHERE id = 7")).scalar_one() is None
        db.session.remove()
    # the old evening knows no file; a file imported now is remembered
    assert imported(browser, "old", json.dumps(worked_example)).status_code == 302
    assert imported(browser, "old", json.dumps(worked_example)).status_code == 200
    with app.app_context():
        digests = dict(db.session.execute(select(GameSession.token, GameSession.file_digest)).all())
        assert len(digests) == 2 and digests.pop("s-old") is None
        assert re.fullmatch(r"[0-9a-f]{64}", digests.popitem()[1])
        db.session.remove()
        downgrade(revision=PREVIOUS)
        assert "file_digest" not in {c["name"] for c in inspect(db.engine).get_columns("sessions")}
        upgrade()
