"""The migration that renames ``sessions.tanto_value`` to ``sessions.stake`` (e2b6f9d4a1c7), down and up again.

Runs on a SQLite file and on PostgreSQL (the ``app`` fixture): the stakes stored keep their exact text, the
length check follows the column both ways, and an evening's figures are the same after the round trip.
"""

from __future__ import annotations

import json

import pytest
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError

from scorekeeper.db import db
from scorekeeper.games.tresillo import services

BEFORE = "d5e1a8c3f7b2"  # the evening seats' own counts: a session's stake still called tanto_value


def _columns() -> set[str]:
    with db.engine.connect() as conn:
        return {c["name"] for c in inspect(conn).get_columns("sessions")}


def _stakes(column: str) -> dict[str, str]:
    with db.engine.connect() as conn:
        return dict(conn.execute(text(f"SELECT token, {column} FROM sessions")).all())


def _refused(column: str, value: str) -> None:
    with pytest.raises(IntegrityError), db.engine.begin() as conn:
        conn.execute(text(f"UPDATE sessions SET {column} = :v"), {"v": value})


def test_the_stake_keeps_its_text_and_its_check_down_and_up(app, worked_example):
    with app.app_context():
        group = services.create_group("Tuesday", "es")
        for name in ("North", "West", "South"):
            services.add_player(group, name)
        imported = services.import_session(group, json.dumps(dict(worked_example, tanto_value="12.5")), idem_key="k")
        services.end_session(imported, paper="settle", version=imported.version)
        started = services.start_session(group, players=["North", "West", "South"], first_dealer="West",
                                         rules="pagat", start_tokens=160, tanto_value="0.0125", currency="EUR")
        ledger = services.ledger_csv(imported)
        stakes = _stakes("stake")
        assert stakes == {imported.token: "12.5", started.token: "0.0125"}
        db.session.remove()

        downgrade(revision=BEFORE)
        assert "tanto_value" in _columns() and "stake" not in _columns()
        assert _stakes("tanto_value") == stakes
        _refused("tanto_value", "")
        _refused("tanto_value", "1000000.00000")

        upgrade()
        assert "stake" in _columns() and "tanto_value" not in _columns()
        assert _stakes("stake") == stakes
        _refused("stake", "")
        _refused("stake", "1000000.00000")
        assert services.ledger_csv(services.find_session(imported.token)) == ledger
        assert json.loads(services.export_json(services.find_session(started.token)))["tanto_value"] == "0.0125"
