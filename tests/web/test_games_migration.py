"""The migration that makes every session record its game: a Tresillo evening kept before it keeps every figure."""

from __future__ import annotations

import json

from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text

from scorekeeper.db import db
from scorekeeper.games.tresillo import services
from scorekeeper.models import GameSession

BEFORE = "f1c7a9e3b052"  # waiting reports: sessions without a game


def figures(token: str) -> tuple[str, str, dict]:
    db.session.expire_all()
    gs = services.find_session(token)
    assert gs is not None
    return services.ledger_csv(gs), services.export_json(gs), json.loads(services.export_json(gs))["hands"]


def test_a_tresillo_evening_kept_before_keeps_every_figure(app, worked_example):
    with app.app_context():
        group = services.create_group("Tuesday", "es")
        gs = services.import_session(group, json.dumps(worked_example), idem_key="k")
        token = gs.token
        kept = figures(token)
        stored = db.session.execute(text("SELECT * FROM sessions")).mappings().one()
        db.session.remove()
        downgrade(revision=BEFORE)
        with db.engine.connect() as conn:
            assert "game" not in {c["name"] for c in inspect(conn).get_columns("sessions")}
        with db.engine.begin() as conn:  # a second evening written at the previous revision, as it was then
            conn.execute(text(
                "INSERT INTO sessions (id, token, watch_token, group_id, rules, options, players, first_dealer, "
                "start_tokens, tanto_value, currency, paper_in, end_paper, closed, version, created_at) "
                "SELECT 2, 'old-evening', 'old-watch', group_id, rules, options, players, first_dealer, start_tokens, "
                "tanto_value, currency, paper_in, end_paper, closed, version, created_at FROM sessions WHERE id = 1"))
            conn.execute(text("INSERT INTO hands (session_id, position, data, idem_key, created_at) "
                              "SELECT 2, position, data, idem_key, created_at FROM hands WHERE session_id = 1"))
        upgrade()
        after = db.session.execute(text("SELECT * FROM sessions WHERE id = 1")).mappings().one()
        columns = [k for k in stored if k not in ("game", "setup")]
        assert [after[k] for k in columns] == [stored[k] for k in columns]
        assert after["game"] == "tresillo"
        assert db.session.scalars(db.select(GameSession.game)).all() == ["tresillo", "tresillo"]
        assert [g.setup for g in db.session.scalars(db.select(GameSession))] == [{}, {}]
        assert figures(token) == kept
        csv, _file, hands = figures("old-evening")
        assert csv == kept[0] and hands == kept[2] and len(hands) == len(worked_example["hands"])
        assert "166" in kept[0]  # North's bowl at the end of the worked example
