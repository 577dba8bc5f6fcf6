"""The database handle and the SQLite settings several phones at one table need."""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.orm import Session as OrmSession


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
migrate = Migrate()

#: set by :func:`begin_writing`: the next transaction this thread begins on SQLite takes the write lock
_WRITING: ContextVar[bool] = ContextVar("scorekeeper_writing", default=False)
#: the milliseconds a SQLite writer waits for another writer's lock before giving up
BUSY_TIMEOUT_MS = 15000


def tune_sqlite(engine: Engine) -> None:
    """WAL, foreign keys, a busy timeout; readers in plain (deferred) transactions, writers up front.

    pysqlite's own transaction handling is switched off and every transaction
    starts with our own ``BEGIN``. A page, a PDF or the poll reads in a
    deferred transaction: in WAL mode it sees one consistent snapshot and
    never holds the write lock, so it never blocks a save. A service that
    writes calls :func:`begin_writing` first, so its transaction starts with
    ``BEGIN IMMEDIATE``: two phones saving at once queue for the lock (up to
    the busy timeout) instead of one failing with "database is locked" when
    a read transaction tries to become a write one after another phone wrote.
    """

    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Any) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE" if _WRITING.get() else "BEGIN")


#: set on a database session once its transaction has written (flushed) anything
_WROTE = "scorekeeper.wrote"


@event.listens_for(OrmSession, "after_flush")
def _wrote(session: OrmSession, _context: Any) -> None:
    session.info[_WROTE] = True


@event.listens_for(OrmSession, "after_commit")
@event.listens_for(OrmSession, "after_rollback")
def _written_ends(session: OrmSession) -> None:
    session.info.pop(_WROTE, None)


def unwritten() -> bool:
    """Whether this request's transaction has changed nothing (yet): what it reads is committed state,
    so what is derived from it may be kept for other requests (the replays, the table screen's last change)."""
    return not (db.session.info.get(_WROTE) or db.session.new or db.session.dirty)


@event.listens_for(OrmSession, "after_transaction_end")
def _ended(_session: OrmSession, transaction: Any) -> None:
    """A transaction ended (committed, rolled back or closed with the request): the next one reads
    again unless its service asks to write."""
    if transaction.parent is None:
        _WRITING.set(False)


def end_writing(_exc: BaseException | None = None) -> None:
    """Forget a write asked for but never begun (a refusal before any statement): the thread's next
    request reads in a plain transaction again. Runs when each request's app context ends."""
    _WRITING.set(False)


def begin_writing() -> None:
    """Make this request's transaction a writing one, before a service reads what it will change.

    On SQLite a read transaction that has started cannot safely become a
    writing one (another phone may have written since its snapshot), so one
    that has not written anything yet is ended here and the next statement
    begins ``BEGIN IMMEDIATE``: the rows are then read again under the
    write lock. Objects loaded before are expired and reload on first use.
    PostgreSQL needs nothing here: the services lock the session's row.
    """
    session = db.session()
    if session.get_bind().dialect.name != "sqlite" or _WRITING.get():
        return
    if session.new or session.dirty or session.deleted:
        return  # something is pending already: keep it, its flush takes the lock (waiting up to the timeout)
    if session.in_transaction():
        session.rollback()  # nothing was written: only a read snapshot ends
    _WRITING.set(True)
