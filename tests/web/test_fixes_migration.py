"""The migration that makes every stored hand record its dealer, on SQLite and PostgreSQL."""

from __future__ import annotations

import json

from flask_migrate import downgrade, upgrade
from sqlalchemy import text

from scorekeeper.db import db

BEFORE = "92f8b788bd90"  # the history table; hands without a recorded dealer


def test_stored_hands_get_the_dealer_they_were_dealt_by(app, worked_example):
    with app.app_context():
        downgrade(revision=BEFORE)
        with db.engine.begin() as conn:
            conn.execute(text("INSERT INTO groups (id, token, name, created_at) VALUES (1, 'g', 'T', '2026-11-23')"))
            conn.execute(text(
                "INSERT INTO sessions (id, token, group_id, rules, options, players, first_dealer, start_tokens, "
                "tanto_value, currency, paper_in, end_paper, closed, version, created_at) VALUES "
                "(1, 's', 1, 'pagat', '{}', :players, 'West', 160, '10', 'ESP', '[]', 'settle', false, 8, "
                "'2026-11-23')"), {"players": json.dumps(["North", "West", "South", "East"])})
            for i, hand in enumerate(worked_example["hands"][:6]):
                conn.execute(text("INSERT INTO hands (session_id, position, data, idem_key, created_at) "
                                  "VALUES (1, :p, :d, :k, '2026-11-23')"),
                             {"p": i, "d": json.dumps(hand), "k": f"k{i}"})
        upgrade()
        with db.engine.connect() as conn:
            rows = conn.execute(text("SELECT data FROM hands ORDER BY position")).scalars().all()
        data = [json.loads(r) if isinstance(r, str) else r for r in rows]
        # the first dealer was West: West, South, East, North, West, South
        assert [d["dealer"] for d in data] == ["West", "South", "East", "North", "West", "South"]
        assert [{k: v for k, v in d.items() if k != "dealer"} for d in data] == worked_example["hands"][:6]
        downgrade(revision=BEFORE)
        with db.engine.connect() as conn:
            rows = conn.execute(text("SELECT data FROM hands ORDER BY position")).scalars().all()
        assert [json.loads(r) if isinstance(r, str) else r for r in rows] == worked_example["hands"][:6]
        upgrade()
