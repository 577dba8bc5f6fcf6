"""The migration that gives every session a night: each session kept before is an evening of its own."""

from __future__ import annotations

import json

from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text

from scorekeeper.db import db
from scorekeeper.games.tresillo import services
from scorekeeper.models import GameSession, Night

BEFORE = "b9e4f2a6c813"  # hands indexed: sessions without a night


def test_each_session_kept_before_becomes_an_evening_of_its_own(app, worked_example):
    with app.app_context():
        group = services.create_group("Tuesday", "es")
        for name in ("North", "West", "South"):
            services.add_player(group, name)
        gs = services.import_session(group, json.dumps(worked_example), idem_key="k")
        services.end_session(gs, paper="settle", version=gs.version)
        token, kept, group_token = gs.token, services.ledger_csv(gs), group.token
        db.session.remove()
        downgrade(revision=BEFORE)
        with db.engine.connect() as conn:
            tables = inspect(conn).get_table_names()
            assert "nights" not in tables and "game_results" not in tables
            assert "night_id" not in {c["name"] for c in inspect(conn).get_columns("sessions")}
        with db.engine.begin() as conn:  # an open evening written at the previous revision, as it was then
            conn.execute(text(
                "INSERT INTO sessions (id, token, watch_token, group_id, rules, options, players, first_dealer, "
                "start_tokens, tanto_value, currency, paper_in, end_paper, closed, version, created_at, game, setup) "
                "SELECT 2, 'old-evening', 'old-watch', group_id, rules, options, players, first_dealer, start_tokens, "
                "tanto_value, currency, paper_in, end_paper, false, version, created_at, game, setup "
                "FROM sessions WHERE id = 1"))
            if conn.dialect.name == "postgresql":  # the id was given: the sessions' sequence goes on after it
                conn.execute(text("SELECT setval(pg_get_serial_sequence('sessions', 'id'), 2)"))
        upgrade()
        rows = db.session.execute(text("SELECT id, night_id, paid_alone FROM sessions ORDER BY id")).all()
        assert [(sid, night, bool(alone)) for sid, night, alone in rows] == [(1, 1, False), (2, 2, False)]
        first, second = db.session.scalars(db.select(Night).order_by(Night.id)).all()
        one = db.session.get(GameSession, 1)
        assert (first.closed, first.created_at, first.closed_at) == (True, one.created_at, one.closed_at)
        assert (second.closed, second.closed_at) == (False, None)
        assert services.ledger_csv(services.find_session(token)) == kept
        group = services.find_group(group_token)
        # a new game joins the open evening kept from before; new nights number on after the given ids
        made = services.games.start_game(group, "cacho", ["North", "West", "South"], None, {"stake": "0.10"},
                                         "EUR", idem_key="new")
        assert made.night_id == 2
        services.games.end_game(made)
        services.night.end_night(db.session.get(Night, 2))
        later = services.games.start_game(group, "cacho", ["North", "West", "South"], None, {"stake": "0.10"},
                                          "EUR", idem_key="later")
        assert later.night_id == 3
