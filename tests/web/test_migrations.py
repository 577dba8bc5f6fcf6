"""`flask db upgrade` builds the schema from nothing, and it matches the models."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from scorekeeper.db import db


def test_upgrade_from_empty_matches_the_models(app):
    """The `app` fixture ran `flask db upgrade` on an empty database."""
    with app.app_context():
        with db.engine.connect() as conn:
            tables = set(inspect(conn).get_table_names())
            assert {"groups", "players", "sessions", "hands", "alembic_version"} <= tables
            ctx = MigrationContext.configure(conn, opts={"compare_type": True})
            diffs = compare_metadata(ctx, db.metadata)
    assert diffs == []


def test_flask_db_upgrade_command(tmp_path, monkeypatch):
    """The command the README's run script uses, on a fresh SQLite file."""
    from scorekeeper import create_app

    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'fresh.sqlite'}", "SECRET_KEY": "x"})
    result = app.test_cli_runner().invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    with app.app_context():
        assert "hands" in inspect(db.engine).get_table_names()
        db.engine.dispose()
