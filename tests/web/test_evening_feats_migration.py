"""The migration that gives each kept seat its game's own counts as one ``feats`` object (d5e1a8c3f7b2).

Runs on a SQLite file and on PostgreSQL (the ``app`` fixture): three evenings of Tresillo are played and
kept at the head revision; the downgrade must give back the five columns and the summaries' former shape
(format 1) with the same figures, and the upgrade must turn them into exactly what a replay of the hands
gives now, so no summary needs rebuilding and the statistics are the same figures.
"""

from __future__ import annotations

import json
from typing import Any

from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text
from test_evenings import play_evenings

from scorekeeper.core.evenings import FORMAT, Evening
from scorekeeper.db import db
from scorekeeper.games.tresillo import services
from scorekeeper.games.tresillo.statistics import FEATS
from scorekeeper.models import GameSession
from scorekeeper.services.summaries import summary_of

BEFORE = "c8d1e2f3a4b5"  # nights across games: each seat's counts in columns of their own


def _json(value: Any) -> Any:
    """A JSON column read by plain SQL: text on SQLite, already an object on PostgreSQL."""
    return json.loads(value) if isinstance(value, str) else value


def _kept() -> dict[int, tuple[int, dict[str, Any]]]:
    """Each kept summary by its session: its format and its JSON, read as stored."""
    rows = db.session.execute(text("SELECT session_id, format, data FROM evening_summaries")).all()
    return {sid: (fmt, _json(data)) for sid, fmt, data in rows}


def test_the_seats_counts_go_down_to_columns_and_back_unchanged(app):
    token = play_evenings(app)
    with app.app_context():
        group = services.find_group(token)
        stats = services.group_statistics(group)
        sessions = list(db.session.scalars(db.select(GameSession).order_by(GameSession.id)))
        replayed = {gs.id: summary_of(gs) for gs in sessions}
        seats = {(sid, name): _json(feats) for sid, name, feats in db.session.execute(text(
            "SELECT s.session_id, e.name, e.feats FROM evening_seats e "
            "JOIN evening_summaries s ON s.id = e.summary_id"))}
        assert len(seats) == 3 + 3 + 4
        assert seats[(sessions[1].id, "West")] == {"codillos": 1, "bolas": 0, "bolas_tried": 0, "primeras": 0,
                                                   "largest_plato": 16}
        db.session.remove()

        downgrade(revision=BEFORE)
        with db.engine.connect() as conn:
            columns = {c["name"] for c in inspect(conn).get_columns("evening_seats")}
            assert set(FEATS) <= columns and "feats" not in columns
            rows = conn.execute(text(
                "SELECT s.session_id, e.name, e.codillos, e.bolas, e.bolas_tried, e.primeras, e.largest_plato "
                "FROM evening_seats e JOIN evening_summaries s ON s.id = e.summary_id")).all()
        assert {(sid, name): dict(zip(FEATS, counts, strict=True)) for sid, name, *counts in rows} == seats
        for sid, (fmt, data) in _kept().items():
            assert fmt == 1 and data["format"] == 1 and "game" not in data and "stake" not in data
            assert data["tanto_value"] == "0.10"
            for p in data["people"]:
                assert "feats" not in p and {c: p[c] for c in FEATS} == seats[(sid, p["name"])]
        db.session.remove()

        upgrade()
        with db.engine.connect() as conn:
            columns = {c["name"] for c in inspect(conn).get_columns("evening_seats")}
            assert "feats" in columns and not set(FEATS) & columns
        kept = _kept()
        assert {fmt for fmt, _ in kept.values()} == {FORMAT}
        # the summaries turned into the new shape are what a replay of the hands gives: none is rebuilt
        assert {sid: Evening.from_json(data) for sid, (_, data) in kept.items()} == replayed
        group = services.find_group(token)
        assert services.group_statistics(group) == stats
        assert db.session.scalar(text("SELECT COUNT(*) FROM evening_summaries WHERE format = :f"),
                                 {"f": FORMAT}) == 3
