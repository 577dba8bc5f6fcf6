"""scorekeeper — the table companion for the games of the Spanish and Italian pack."""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask

__version__ = "0.1.0"

PACKAGE = Path(__file__).resolve().parent


def _asset_dir(name: str) -> str:
    """templates/ and static/ live at the top of the checkout, or inside the installed wheel."""
    top = PACKAGE.parent / name
    return str(top if top.is_dir() else PACKAGE / name)


class NoSecretKey(RuntimeError):
    """The app cannot sign its forms: it refuses to start rather than serve pages that all fail."""


def _secret_key(instance: Path) -> str:
    """One key per installation, kept in the instance folder so links and forms survive restarts.

    Several workers start at once: each writes a whole key to its own
    temporary file and links it to ``secret_key`` (an exclusive create), so
    the first one wins and every worker reads that same, complete key.
    """
    path = instance / "secret_key"
    if not path.exists():
        fd, temporary = tempfile.mkstemp(prefix=".secret_key.", dir=instance)
        try:
            with os.fdopen(fd, "w") as out:  # mkstemp makes it 0600
                out.write(secrets.token_hex(32))
                out.flush()
                os.fsync(out.fileno())
            try:
                os.link(temporary, path)
            except FileExistsError:
                pass  # another worker was first: its key is the one
        finally:
            os.unlink(temporary)
    try:
        key = path.read_text().strip()
    except OSError as error:
        raise NoSecretKey(f"cannot read the secret key {path}: {error.strerror}") from error
    if len(key) < 32:
        raise NoSecretKey(f"the secret key file {path} is empty or too short: remove it and start again "
                          "(a new key is made; open forms must then be sent again)")
    return key


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The Flask application (flaskr style): SQLite in the instance folder unless configured."""
    from flask import Flask

    from .db import db, end_writing, migrate, tune_sqlite
    from .services.limits import WEB_FILE_BYTES

    app = Flask(
        __name__,
        instance_relative_config=True,
        instance_path=os.environ.get("SCOREKEEPER_INSTANCE") or None,
        template_folder=_asset_dir("templates"),
        static_folder=_asset_dir("static"),
    )
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    url = os.environ.get("DATABASE_URL") or f"sqlite:///{instance / 'scorekeeper.sqlite'}"
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=url,
        WTF_CSRF_TIME_LIMIT=None,  # a form opened at nine still posts at two in the morning
        MAX_CONTENT_LENGTH=WEB_FILE_BYTES,  # a session file included (services/limits.py)
        SEND_FILE_MAX_AGE_DEFAULT=3600,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = os.environ.get("SECRET_KEY") or _secret_key(instance)

    db.init_app(app)
    app.teardown_appcontext(end_writing)
    migrate.init_app(
        app, db, directory=_asset_dir("migrations"), render_as_batch=True, compare_type=True
    )
    with app.app_context():
        if db.engine.dialect.name == "sqlite":
            tune_sqlite(db.engine)

    from . import models  # noqa: F401  (tables known to migrations)
    from .web import register
    from .web.assets import register as register_assets
    from .web.hardening import harden

    harden(app)
    register_assets(app)
    register(app)
    return app
