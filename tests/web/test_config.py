"""The settings an evening at the table depends on: a lasting key, lasting forms, SQLite tuned for phones."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from sqlalchemy import text

from conftest import gen_group, gen_hand, gen_session


def test_secret_key_is_made_once_and_kept(tmp_path, monkeypatch):
    """Without a configured key, one is written to the instance folder and reused on the next start."""
    from scorekeeper import _secret_key, create_app

    first = _secret_key(tmp_path)
    assert len(first) >= 32 and (tmp_path / "secret_key").stat().st_mode & 0o077 == 0
    assert _secret_key(tmp_path) == first

    monkeypatch.delenv("SECRET_KEY", raising=False)
    url = f"sqlite:///{tmp_path / 'k.sqlite'}"
    app = create_app({"SQLALCHEMY_DATABASE_URI": url})
    stored = (Path(app.instance_path) / "secret_key").read_text().strip()
    assert app.config["SECRET_KEY"] == stored
    assert create_app({"SQLALCHEMY_DATABASE_URI": url}).config["SECRET_KEY"] == stored


def test_forms_outlast_the_evening(app):
    limit = app.config["WTF_CSRF_TIME_LIMIT"]
    assert limit is None or limit >= 12 * 3600


def test_database_url_uses_psycopg3(monkeypatch, tmp_path):
    from scorekeeper import create_app

    monkeypatch.setenv("DATABASE_URL", "postgresql://someone@127.0.0.1:1/nowhere")
    app = create_app({"SECRET_KEY": "x"})
    assert app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql+psycopg://")


def test_sqlite_is_tuned_for_several_phones(tmp_path):
    """WAL, foreign keys, a busy timeout; a reading transaction leaves the write lock free, a writing one takes it."""
    from scorekeeper import create_app
    from scorekeeper.db import begin_writing, db

    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'phones.sqlite'}", "SECRET_KEY": "x"})

    def other_can_write() -> bool:
        other = sqlite3.connect(db.engine.url.database, timeout=0, isolation_level=None)
        try:
            other.execute("BEGIN IMMEDIATE")
            other.execute("ROLLBACK")
            return True
        except sqlite3.OperationalError as exc:
            assert "locked" in str(exc)
            return False
        finally:
            other.close()

    with app.app_context():
        with db.engine.connect() as conn:
            assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
            assert conn.execute(text("PRAGMA busy_timeout")).scalar() >= 5000
        db.session.execute(text("SELECT 1"))  # a page reading: its transaction is open
        assert db.session().in_transaction()
        assert other_can_write()
        begin_writing()  # a service about to write: the read ends, the next statement takes the lock
        db.session.execute(text("SELECT 1"))
        assert not other_can_write()
        db.session.commit()
        db.session.execute(text("SELECT 1"))  # the next transaction of the request reads again
        assert other_can_write()
        db.session.rollback()
        begin_writing()  # a write asked for, then refused before any statement: the request ends
    with app.app_context():
        db.session.execute(text("SELECT 1"))  # the thread's next request reads without the lock
        assert other_can_write()
        db.session.rollback()


def test_tied_debt_is_asked_only_when_there_is_a_tie(browser, worked_example):
    """Before hand 7 of the worked example South and East have twin puestas on the paper."""
    s = gen_session(browser, gen_group(browser))
    hands = worked_example["hands"]
    assert 'name="debt"' not in browser.get(f"/s/{s}/hand").get_data(as_text=True)
    for hand in hands[:6]:
        gen_hand(browser, s, hand)
    page = browser.get(f"/s/{s}/hand").get_data(as_text=True)
    offered = re.findall(r'name="debt"[^>]*value="(\w+)"', page)
    assert sorted(offered) == ["East", "South"]
    gen_hand(browser, s, hands[6])
    assert 'name="debt"' not in browser.get(f"/s/{s}/hand").get_data(as_text=True)
