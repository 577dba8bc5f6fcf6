"""What the database keeps: who plays, the setup, and the hands as entered.

Only inputs are stored. Every bowl, plato, pajarito and debt is derived by
replaying the hands through the engine, so editing hand 3 of 40 is a plain
update of one row.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String, UniqueConstraint, event
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .db import db


def new_token() -> str:
    """128 random bits, URL-safe: links cannot be guessed."""
    return secrets.token_urlsafe(16)


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Group(db.Model):  # type: ignore[name-defined,misc]
    __tablename__ = "groups"

    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    name: Mapped[str] = mapped_column(String(80))
    created_at: Mapped[datetime] = mapped_column(default=now)
    #: the group's language (``es``, ``en``, ``fr``) for its pages and PDFs; None: each phone's own
    language: Mapped[str | None] = mapped_column(String(5), default=None)

    players: Mapped[list[Player]] = relationship(back_populates="group", order_by="Player.id")
    sessions: Mapped[list[GameSession]] = relationship(
        back_populates="group", order_by="GameSession.id.desc()"
    )


class Player(db.Model):  # type: ignore[name-defined,misc]
    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("group_id", "name", name="uq_player_name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    retired: Mapped[bool] = mapped_column(default=False)

    group: Mapped[Group] = relationship(back_populates="players")


class GameSession(db.Model):  # type: ignore[name-defined,misc]
    """One evening at the table: its setup and, through :class:`HandRecord`, its hands."""

    __tablename__ = "sessions"

    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id"), index=True)
    rules: Mapped[str] = mapped_column(String(16), default="pagat")
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    players: Mapped[list[str]] = mapped_column(JSON)  # names in seating order
    first_dealer: Mapped[str] = mapped_column(String(40))
    start_tokens: Mapped[int] = mapped_column(Integer, default=160)
    tanto_value: Mapped[str] = mapped_column(String(16), default="0.10")
    currency: Mapped[str] = mapped_column(String(8), default="EUR")
    paper_in: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    end_paper: Mapped[str] = mapped_column(String(8), default="settle")
    closed: Mapped[bool] = mapped_column(default=False)
    version: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(default=now)
    closed_at: Mapped[datetime | None] = mapped_column(default=None)

    group: Mapped[Group] = relationship(back_populates="sessions")
    hands: Mapped[list[HandRecord]] = relationship(
        back_populates="session", order_by="HandRecord.position", cascade="all, delete-orphan"
    )
    history: Mapped[list[HistoryEntry]] = relationship(
        back_populates="session", order_by="HistoryEntry.seq", cascade="save-update, merge"
    )


class HandRecord(db.Model):  # type: ignore[name-defined,misc]
    """A hand as entered: the session file's hand object, and its place in the evening."""

    __tablename__ = "hands"
    __table_args__ = (UniqueConstraint("session_id", "idem_key", name="uq_hand_idem"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    idem_key: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=now)

    session: Mapped[GameSession] = relationship(back_populates="hands")


class HistoryEntry(db.Model):  # type: ignore[name-defined,misc]
    """One change to a session, as it was asked for: an input record, appended and never changed.

    ``before``/``after`` are the hand objects (or, for ``seating`` and
    ``dealer``, ``{"hands": [...]}`` from hand ``hand`` on; for ``end`` and
    ``reopen`` the session's closed state). ``key`` is the change request's
    own key: a re-sent copy of the same request finds its entry and is
    reported as done, never applied twice. ``version`` is the session
    version this change produced (local bookkeeping, not exported).
    """

    __tablename__ = "history"
    __table_args__ = (
        UniqueConstraint("session_id", "seq", name="uq_history_seq"),
        UniqueConstraint("session_id", "key", name="uq_history_key"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(default=now)
    phone: Mapped[str] = mapped_column(String(40), default="")
    kind: Mapped[str] = mapped_column(String(16))
    hand: Mapped[int | None] = mapped_column(Integer, default=None)
    before: Mapped[Any | None] = mapped_column(JSON, default=None)
    after: Mapped[Any | None] = mapped_column(JSON, default=None)
    key: Mapped[str] = mapped_column(String(64))
    undoes: Mapped[int | None] = mapped_column(Integer, default=None)
    version: Mapped[int] = mapped_column(Integer, default=0)

    session: Mapped[GameSession] = relationship(back_populates="history")


class AppendOnly(RuntimeError):
    """A history entry was about to be changed or removed: the log only grows."""


@event.listens_for(HistoryEntry, "before_update")
def _history_is_not_updated(_mapper: Any, _conn: Any, entry: HistoryEntry) -> None:
    raise AppendOnly(f"history entry {entry.seq} of a session cannot be changed")


@event.listens_for(HistoryEntry, "before_delete")
def _history_is_not_deleted(_mapper: Any, _conn: Any, entry: HistoryEntry) -> None:
    raise AppendOnly(f"history entry {entry.seq} of a session cannot be removed")
class EveningSummary(db.Model):  # type: ignore[name-defined,misc]
    """A closed evening's figures, kept when it ends (derived from the hands, never an input).

    ``data`` is the whole :class:`scorekeeper.evenings.Evening` as JSON (the
    group page, the result to share); :class:`EveningSeat` and
    :class:`EveningDeclared` hold the same figures flat, for the statistics.
    A summary is rebuilt from the hands whenever it no longer matches the
    session (``session_version``) or the summary format, so a reopened and
    closed-again evening never shows stale figures.
    """

    __tablename__ = "evening_summaries"

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"), unique=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id"), index=True)
    played_on: Mapped[datetime] = mapped_column(index=True)
    session_version: Mapped[int] = mapped_column(Integer)
    format: Mapped[int] = mapped_column(Integer)
    hands: Mapped[int] = mapped_column(Integer)
    currency: Mapped[str] = mapped_column(String(8))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)

    seats: Mapped[list[EveningSeat]] = relationship(cascade="all, delete-orphan", passive_deletes=True)
    declared: Mapped[list[EveningDeclared]] = relationship(cascade="all, delete-orphan", passive_deletes=True)


class EveningSeat(db.Model):  # type: ignore[name-defined,misc]
    """One player's figures for one closed evening (:class:`scorekeeper.evenings.Seat`)."""

    __tablename__ = "evening_seats"

    id: Mapped[int] = mapped_column(primary_key=True)
    summary_id: Mapped[int] = mapped_column(ForeignKey("evening_summaries.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    net: Mapped[int] = mapped_column(Integer)
    money: Mapped[str] = mapped_column(String(32))  # a Decimal, exact
    hands: Mapped[int] = mapped_column(Integer)
    codillos: Mapped[int] = mapped_column(Integer)
    bolas: Mapped[int] = mapped_column(Integer)
    bolas_tried: Mapped[int] = mapped_column(Integer)
    primeras: Mapped[int] = mapped_column(Integer)
    largest_plato: Mapped[int] = mapped_column(Integer)


class EveningDeclared(db.Model):  # type: ignore[name-defined,misc]
    """How often a player played out a contract that ended a given way, in one closed evening."""

    __tablename__ = "evening_declared"

    id: Mapped[int] = mapped_column(primary_key=True)
    summary_id: Mapped[int] = mapped_column(ForeignKey("evening_summaries.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    contract: Mapped[str] = mapped_column(String(16))
    ending: Mapped[str] = mapped_column(String(16))
    times: Mapped[int] = mapped_column(Integer)
