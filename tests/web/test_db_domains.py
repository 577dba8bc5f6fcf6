"""The database holds each field's domain too: CHECK constraints and sizes, on SQLite and PostgreSQL alike.

The services refuse first, with a message; these constraints are the last
guard, so a value outside its domain can never be stored whatever writes it.
Each is tried at its edge: the last value inside is stored, the first outside
is refused by the database. The migration that adds them is tried on a
database holding rows from before it (two players whose names differ only in
case), and down and up again.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DataError, IntegrityError

from scorekeeper.core import domains
from scorekeeper.db import db

NOW = datetime(2026, 11, 23, 20, 30)


def _insert(app, table: str, row: dict[str, Any]) -> None:
    columns = ", ".join(row)
    values = ", ".join(f":{k}" for k in row)
    with app.app_context():
        with db.engine.begin() as conn:
            conn.execute(text(f"INSERT INTO {table} ({columns}) VALUES ({values})"), row)


def _refused(app, table: str, row: dict[str, Any]) -> None:
    with pytest.raises((IntegrityError, DataError)):
        _insert(app, table, row)


def _group(n: int, **over: Any) -> dict[str, Any]:
    return {"id": n, "token": f"g{n}", "name": "Tuesday", "created_at": NOW, **over}


def _player(n: int, group: int = 1, **over: Any) -> dict[str, Any]:
    name = over.pop("name", f"P{n}")
    return {"id": n, "group_id": group, "name": name, "name_key": over.pop("name_key", name.casefold()),
            "retired": False, **over}


def _session(n: int, **over: Any) -> dict[str, Any]:
    return {"id": n, "token": f"s{n}", "watch_token": f"w{n}", "group_id": 1, "rules": "pagat", "options": "{}",
            "players": '["A", "B", "C"]', "first_dealer": "A", "start_tokens": 160, "stake": "0.10",
            "currency": "EUR", "paper_in": "[]", "end_paper": "settle", "closed": False, "version": 0,
            "created_at": NOW, "idem_key": None, **over}


def _hand(n: int, **over: Any) -> dict[str, Any]:
    return {"id": n, "session_id": 1, "position": 0, "data": '{"contract": "pass"}', "idem_key": f"k{n}",
            "created_at": NOW, **over}


def test_group_and_player_names(app):
    g, p = domains.GROUP_NAME, domains.PLAYER_NAME
    _insert(app, "groups", _group(1, name="x" * g.most))
    _refused(app, "groups", _group(2, name=""))
    _refused(app, "groups", _group(3, name="x" * (g.most + 1)))
    _insert(app, "groups", _group(4))
    _insert(app, "players", _player(1, name="x" * p.most))
    _refused(app, "players", _player(2, name=""))
    _refused(app, "players", _player(3, name="y" * (p.most + 1)))
    _insert(app, "players", _player(4, name="Ana"))
    _refused(app, "players", _player(5, name="ANA", name_key="ana"))  # the same person whatever the case
    _insert(app, "players", _player(6, group=4, name="ANA", name_key="ana"))  # another group's Ana


@pytest.mark.parametrize("column, inside, outside", [
    ("start_tokens", [domains.START_TOKENS.least, domains.START_TOKENS.most],
     [domains.START_TOKENS.least - 1, domains.START_TOKENS.most + 1]),
    ("currency", ["€", "x" * domains.CURRENCY.most], ["", "x" * (domains.CURRENCY.most + 1)]),
    ("stake", ["0", "100000.0000"], ["", "1000000.00000"]),
    ("first_dealer", ["A"], ["", "z" * (domains.PLAYER_NAME.most + 1)]),
    ("end_paper", ["settle", "keep"], ["burn", ""]),
    ("version", [0, domains.VERSION.most], [-1]),
    ("rules", ["french"], [""]),
    ("idem_key", [None, "k" * domains.FORM_KEY.most], ["", "k" * (domains.FORM_KEY.most + 1)]),
])
def test_session_columns(app, column, inside, outside):
    _insert(app, "groups", _group(1))
    for i, value in enumerate(inside, 1):
        _insert(app, "sessions", _session(i, **{column: value}))
    for i, value in enumerate(outside, 100):
        _refused(app, "sessions", _session(i, **{column: value}))


def test_one_session_per_form_key_in_a_group(app):
    _insert(app, "groups", _group(1))
    _insert(app, "groups", _group(2))
    _insert(app, "sessions", _session(1, idem_key="form-1"))
    _refused(app, "sessions", _session(2, idem_key="form-1"))
    _insert(app, "sessions", _session(3, idem_key="form-1", group_id=2))
    _insert(app, "sessions", _session(4))
    _insert(app, "sessions", _session(5))  # sessions without a key (older ones) are many


def test_hand_columns(app):
    _insert(app, "groups", _group(1))
    _insert(app, "sessions", _session(1))
    _insert(app, "hands", _hand(1, position=domains.HANDS.most - 1))
    _refused(app, "hands", _hand(2, position=domains.HANDS.most))
    _refused(app, "hands", _hand(3, position=-1))
    _refused(app, "hands", _hand(4, idem_key=""))
    _refused(app, "hands", _hand(5, idem_key="k" * (domains.FORM_KEY.most + 1)))


def test_models_take_their_sizes_from_the_domains(app):
    from scorekeeper.models import GameSession, Group, Player

    assert Group.__table__.c.name.type.length == domains.GROUP_NAME.most
    assert Player.__table__.c.name.type.length == domains.PLAYER_NAME.most
    assert GameSession.__table__.c.currency.type.length == domains.CURRENCY.most
    assert GameSession.__table__.c.idem_key.type.length == domains.FORM_KEY.most
    assert GameSession.__table__.c.stake.type.length >= domains.STAKE.longest


def test_the_migration_mends_old_rows_and_goes_down_and_up(app):
    """Rows from before the domains: two players named alike but for case, a long group name (SQLite)."""
    from flask_migrate import downgrade, upgrade

    with app.app_context():
        downgrade(revision="de6eee543387")
        db.engine.dispose()
    long_name = "Tuesday " * 20 if app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite") else "Tuesday"
    _insert(app, "groups", {"id": 1, "token": "g1", "name": long_name[:80], "created_at": NOW})
    for pid, name in ((1, "Ana"), (2, "ANA"), (3, "Luis"), (4, "ana")):
        _insert(app, "players", {"id": pid, "group_id": 1, "name": name, "retired": False})
    with app.app_context():
        upgrade()
        db.engine.dispose()
        with db.engine.connect() as conn:
            rows = conn.execute(text("SELECT name, name_key FROM players ORDER BY id")).all()
    assert [tuple(r) for r in rows] == [("Ana", "ana"), ("ANA (2)", "ana (2)"), ("Luis", "luis"),
                                        ("ana (3)", "ana (3)")]
    with app.app_context():
        downgrade(revision="de6eee543387")
        upgrade()
        db.engine.dispose()
    _refused(app, "players", _player(9, name="luis", name_key="luis"))


def test_the_migration_stops_on_a_session_it_cannot_mend(app):
    from alembic import command
    from flask import current_app
    from flask_migrate import downgrade

    with app.app_context():
        downgrade(revision="de6eee543387")
        db.engine.dispose()
    _insert(app, "groups", _group(1))
    bad = _session(7, start_tokens=3)
    bad.pop("idem_key")
    bad.pop("watch_token")  # both columns came after that revision
    bad["tanto_value"] = bad.pop("stake")  # the stake's name then
    _insert(app, "sessions", bad)
    with app.app_context():
        config = current_app.extensions["migrate"].migrate.get_config()
        with pytest.raises(RuntimeError, match="sessions 7: outside ck_sessions_start_tokens_range"):
            command.upgrade(config, "head")  # (flask db upgrade logs this and exits 1)
        db.engine.dispose()
