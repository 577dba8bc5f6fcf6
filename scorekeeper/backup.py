"""``scorekeeper backup FILE`` and ``scorekeeper restore FILE``: a consistent copy of a SQLite database.

Copying the database file while the app runs can catch it half-written (and
misses what is still in the WAL); SQLite's online backup API copies one
consistent state page by page, while phones keep saving. PostgreSQL has its
own tools (``pg_dump`` / ``pg_restore``, see docs/deploy.md): these commands
say so instead of half-doing it.

The database is the app's: ``--database URL``, else ``DATABASE_URL``, else
the instance folder's ``scorekeeper.sqlite`` (what ``./scripts/run`` serves).

A restore may run while the app serves. Every worker keeps replays keyed by
session token and version, and the backup's versions are ones the live
database already used for other states: so the restored state gets versions
past every version the live database had (see :func:`restore`), and no worker's
cache, form or phone can take one state for the other.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
from pathlib import Path
from typing import TextIO

from .i18n import _
from .inputs import BadInput, Subcommands

#: tables a scorekeeper database has (a restore refuses any other file)
OUR_TABLES = frozenset({"alembic_version", "groups", "players", "sessions", "hands"})
#: how far past the live database's highest version a restored state starts: room for every change
#: the app may commit while the restore runs (a few per second at the busiest table)
VERSION_GAP = 1 << 16
#: the columns that hold a session version, moved together by a restore (those a backup has)
VERSION_COLUMNS = (("sessions", "version"), ("history", "version"), ("evening_summaries", "session_version"))


def database_path(url: str | None) -> Path:
    """The SQLite file behind ``url`` (the app's default when None); PostgreSQL is refused with where to look."""
    if not url:
        url = os.environ.get("DATABASE_URL") or ""
    if not url:
        from . import create_app  # the instance folder, as the app finds it

        url = create_app({"SECRET_KEY": "backup"}).config["SQLALCHEMY_DATABASE_URI"]
    if url.startswith("postgres"):
        raise BadInput(_("This database is PostgreSQL: back it up with pg_dump and restore it with pg_restore "
                         "(see docs/deploy.md)."))
    if not url.startswith("sqlite:///") or url == "sqlite:///:memory:":
        raise BadInput(_("Not a database file: {url}").format(url=url))
    return Path(url.removeprefix("sqlite:///"))


def _open_ours(path: Path, what: str) -> sqlite3.Connection:
    """``path`` opened as a scorekeeper SQLite database, or a one-line refusal naming it."""
    if not path.is_file():
        raise BadInput(_("{what} {path}: no such file.").format(what=what, path=path))
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        ok = conn.execute("PRAGMA quick_check").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        raise BadInput(_("{what} {path} is not a scorekeeper database ({error}).").format(
            what=what, path=path, error=exc)) from None
    if not OUR_TABLES <= names or ok != "ok":
        conn.close()
        raise BadInput(_("{what} {path} is not a scorekeeper database.").format(what=what, path=path))
    return conn


def backup(database: Path, target: Path) -> int:
    """Copy ``database`` to ``target`` (a new file) as one consistent state; the copy's page count."""
    if target.exists():
        raise BadInput(_("{path} already exists: choose a new file for the backup.").format(path=target))
    source = _open_ours(database, _("Database"))
    partial = target.with_name(target.name + ".partial")
    try:
        copy = sqlite3.connect(partial)
        with copy:
            source.backup(copy)
        pages = int(copy.execute("PRAGMA page_count").fetchone()[0])
        copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
        copy.close()
        os.replace(partial, target)  # the backup appears whole or not at all
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise BadInput(_("Could not write the backup {path}: {error}").format(path=target, error=exc)) from None
    finally:
        source.close()
    return pages


def restore(backup_file: Path, database: Path, *, replace: bool) -> int:
    """Put ``backup_file``'s state into ``database``; an existing database is replaced only when asked.

    The state goes in with every session version moved past the live database's highest
    (:func:`_moved_past`), in one step under the database's own locks: a running app sees the
    old state or the new, and never an old version number naming the new state.
    """
    source = _open_ours(backup_file, _("Backup"))
    try:
        if database.exists() and database.stat().st_size > 0 and not replace:
            raise BadInput(_("{path} already exists: add --replace to overwrite it with the backup.").format(
                path=database))
        live = sqlite3.connect(database, timeout=15)
        staged = sqlite3.connect(":memory:")
        try:
            source.backup(staged)
            _moved_past(staged, _highest_version(live) + VERSION_GAP)
            staged.backup(live)  # under the database's own locks: a running app sees the old state or the new
            return int(live.execute("SELECT count(*) FROM sessions").fetchone()[0])
        except sqlite3.Error as exc:
            raise BadInput(_("Could not restore {path}: {error}").format(path=backup_file, error=exc)) from None
        finally:
            staged.close()
            live.close()
    finally:
        source.close()


def _highest_version(live: sqlite3.Connection) -> int:
    """The highest session version the live database holds (0: none, or not a scorekeeper database)."""
    try:
        return int(live.execute("SELECT coalesce(max(version), 0) FROM sessions").fetchone()[0])
    except sqlite3.DatabaseError:
        return 0


def _moved_past(staged: sqlite3.Connection, offset: int) -> None:
    """Every session version in ``staged`` moved up by ``offset``, history and summaries with them
    (a stale page is still told what changed since its version; a summary still matches its session)."""
    tables = {r[0] for r in staged.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    with staged:
        for table, column in VERSION_COLUMNS:
            if table in tables:
                staged.execute(f"UPDATE {table} SET {column} = {column} + ?", (offset,))


def cmd_backup(args: argparse.Namespace, out: TextIO) -> int:
    database = database_path(args.database)
    pages = backup(database, Path(args.file))
    out.write(_("Backed up {database} to {file} ({pages} pages).").format(
        database=database, file=args.file, pages=pages) + "\n")
    return 0


def cmd_restore(args: argparse.Namespace, out: TextIO) -> int:
    database = database_path(args.database)
    sessions = restore(Path(args.file), database, replace=args.replace)
    out.write(_("Restored {file} into {database} ({sessions} sessions).").format(
        file=args.file, database=database, sessions=sessions) + "\n")
    return 0


def add_backup_commands(sub: Subcommands) -> None:
    """``backup FILE`` and ``restore FILE [--replace]``."""
    p = sub.add_parser("backup", help=_("copy the app's SQLite database to FILE while it runs"))
    p.add_argument("file", help=_("the new backup file"))
    p.add_argument("--database", help=_("the database URL (default: DATABASE_URL, else the instance folder's)"))
    p.set_defaults(func=cmd_backup)
    p = sub.add_parser("restore", help=_("put a backup FILE back as the app's SQLite database"))
    p.add_argument("file", help=_("a file made by scorekeeper backup"))
    p.add_argument("--database", help=_("the database URL (default: DATABASE_URL, else the instance folder's)"))
    p.add_argument("--replace", action="store_true", help=_("overwrite the database that is there"))
    p.set_defaults(func=cmd_restore)
