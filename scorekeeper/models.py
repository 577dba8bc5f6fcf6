"""What the database keeps: who plays, the setup, and the hands as entered.

Only inputs are stored. Every score, debt and payment is derived by
replaying the hands through the game's engine, so editing hand 3 of 40 is a plain
update of one row.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import (
    JSON,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    event,
    false,
    func,
    select,
)
from sqlalchemy.orm import Mapped, Session, mapped_column, relationship, validates

from .core import domains
from .core.domains import Text, Whole
from .db import db

#: a casefolded name is at most three times as long as the name (German ß → ss is twice)
NAME_KEY_LENGTH = 4 * domains.PLAYER_NAME.most


#: the game of the sessions kept in Tresillo's own columns (every other session names a game of the registry)
TRESILLO = "tresillo"


def new_token() -> str:
    """128 random bits, URL-safe: links cannot be guessed."""
    return secrets.token_urlsafe(16)


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def length_check(table: str, column: str, least: int, most: int) -> CheckConstraint:
    """The database's copy of a text domain: ``length()`` counts characters on SQLite and PostgreSQL alike."""
    return CheckConstraint(f"length({column}) BETWEEN {least} AND {most}", name=f"ck_{table}_{column}_length")


def text_check(table: str, column: str, domain: Text) -> CheckConstraint:
    return length_check(table, column, domain.least, domain.most)


def range_check(table: str, column: str, domain: Whole) -> CheckConstraint:
    """The database's copy of a whole-number domain."""
    return CheckConstraint(f"{column} BETWEEN {domain.least} AND {domain.most}", name=f"ck_{table}_{column}_range")


class Group(db.Model):  # type: ignore[name-defined,misc]
    __tablename__ = "groups"
    __table_args__ = (text_check("groups", "name", domains.GROUP_NAME),)

    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    name: Mapped[str] = mapped_column(String(domains.GROUP_NAME.most))
    created_at: Mapped[datetime] = mapped_column(default=now)
    #: the group's language (``es``, ``en``, ``fr``) for its pages and PDFs; None: each phone's own
    language: Mapped[str | None] = mapped_column(String(5), default=None)

    players: Mapped[list[Player]] = relationship(back_populates="group", order_by="Player.id")
    sessions: Mapped[list[GameSession]] = relationship(
        back_populates="group", order_by="GameSession.id.desc()"
    )


class Player(db.Model):  # type: ignore[name-defined,misc]
    """A member of a group. Names are unique in a group whatever their case (:func:`domains.name_key`)."""

    __tablename__ = "players"
    __table_args__ = (
        UniqueConstraint("group_id", "name_key", name="uq_player_name_key"),
        text_check("players", "name", domains.PLAYER_NAME),
        length_check("players", "name_key", 1, NAME_KEY_LENGTH),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id"), index=True)
    name: Mapped[str] = mapped_column(String(domains.PLAYER_NAME.most))
    #: the name as the group tells people apart: "ANA" and "ana" are the same player
    name_key: Mapped[str] = mapped_column(String(NAME_KEY_LENGTH))
    retired: Mapped[bool] = mapped_column(default=False)

    group: Mapped[Group] = relationship(back_populates="players")

    @validates("name")
    def _keyed(self, _field: str, name: str) -> str:
        self.name_key = domains.name_key(name)
        return name


class GameSession(db.Model):  # type: ignore[name-defined,misc]
    """One evening at the table: its setup and, through :class:`HandRecord`, its hands."""

    __tablename__ = "sessions"
    __table_args__ = (
        #: a re-sent start or import form finds the session it made
        UniqueConstraint("group_id", "idem_key", name="uq_session_idem"),
        length_check("sessions", "rules", 1, 16),
        text_check("sessions", "first_dealer", domains.PLAYER_NAME),
        range_check("sessions", "start_tokens", domains.START_TOKENS),
        length_check("sessions", "stake", 1, domains.STAKE.longest),
        text_check("sessions", "currency", domains.CURRENCY),
        CheckConstraint("end_paper IN ('settle', 'keep')", name="ck_sessions_end_paper_choice"),
        range_check("sessions", "version", domains.VERSION),
        length_check("sessions", "idem_key", 1, domains.FORM_KEY.most),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    #: the session link: follow the table and enter hands (this session only)
    token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    #: the watch link: the table screen and the reports, read-only (docs/security.md)
    watch_token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id"), index=True)
    rules: Mapped[str] = mapped_column(String(16), default="pagat")
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    players: Mapped[list[str]] = mapped_column(JSON)  # names in seating order
    first_dealer: Mapped[str] = mapped_column(String(domains.PLAYER_NAME.most))
    start_tokens: Mapped[int] = mapped_column(Integer, default=160)
    #: the money one point is worth (Tresillo's tanto value): the canonical text of a decimal ("0.10"), never a float
    stake: Mapped[str] = mapped_column(String(16), default="0.10")
    currency: Mapped[str] = mapped_column(String(domains.CURRENCY.most), default="EUR")
    paper_in: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    end_paper: Mapped[str] = mapped_column(String(8), default="settle")
    closed: Mapped[bool] = mapped_column(default=False)
    version: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(default=now)
    closed_at: Mapped[datetime | None] = mapped_column(default=None)
    #: the key of the start or import form that made this session (None before keys were kept)
    idem_key: Mapped[str | None] = mapped_column(String(domains.FORM_KEY.most), default=None)
    #: an imported session: the SHA-256 (hex) of the file's canonical content (Tresillo's services.files.file_digest),
    #: so the same file imported again is recognised; None for an evening started here
    file_digest: Mapped[str | None] = mapped_column(String(64), default=None, index=True)
    #: the game played (a name of ``scorekeeper.games.GAMES``, or "tresillo" for the columns above)
    game: Mapped[str] = mapped_column(String(32), default=TRESILLO, server_default=TRESILLO)
    #: a registered game's setup as its session file gives it: ``{"teams": …, "options": …}`` (the
    #: stake kept in the options); empty for Tresillo, whose setup is the columns above
    setup: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict, server_default="{}")
    #: the group's evening this game was played in (every session belongs to one: :func:`_joins_a_night`)
    night_id: Mapped[int | None] = mapped_column(ForeignKey("nights.id"), default=None, index=True)
    #: settled on its own at the table: the evening's one settlement leaves it out
    paid_alone: Mapped[bool] = mapped_column(default=False, server_default=false())

    group: Mapped[Group] = relationship(back_populates="sessions")
    night: Mapped[Night | None] = relationship(back_populates="sessions")
    hands: Mapped[list[HandRecord]] = relationship(
        back_populates="session", order_by="HandRecord.position", cascade="all, delete-orphan"
    )
    history: Mapped[list[HistoryEntry]] = relationship(
        back_populates="session", order_by="HistoryEntry.seq", cascade="save-update, merge"
    )


class Night(db.Model):  # type: ignore[name-defined,misc]
    """A group's evening across games: the sessions (of any game) played in it, in order.

    An input like the sessions: when it began and whether the table ended it. Its money is derived
    from its games (services/night.py).
    """

    __tablename__ = "nights"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(default=now)
    closed: Mapped[bool] = mapped_column(default=False)
    closed_at: Mapped[datetime | None] = mapped_column(default=None)

    sessions: Mapped[list[GameSession]] = relationship(back_populates="night", order_by="GameSession.id")


#: a night whose games are all closed and whose last game began this long ago is over: the next game
#: starts another night (a table that forgot to end its evening does not run into next week's)
NIGHT_GAP = timedelta(hours=12)


def _open_night(session: Session, group_id: int, made: datetime | None) -> Night:
    """The open night of group ``group_id`` a session made at ``made`` joins, or a new one."""
    with session.no_autoflush:
        # two phones starting the group's first games at once find (or make) one night: on PostgreSQL the
        # group's row is locked until the commit; SQLite's writers are one at a time already (db.begin_writing)
        session.execute(select(Group.id).where(Group.id == group_id).with_for_update())
        night = session.scalars(select(Night).where(Night.group_id == group_id, Night.closed.is_(False))
                                .order_by(Night.id.desc()).limit(1)).first()
        if night is not None:
            games = session.execute(select(func.max(GameSession.created_at), func.min(GameSession.closed.cast(Integer)))
                                    .where(GameSession.night_id == night.id)).one()
            began, all_closed = games
            if began is not None and all_closed == 1 and (made or now()) - began > NIGHT_GAP:
                night.closed, night.closed_at = True, began
                night = None
    if night is None:
        night = Night(group_id=group_id, created_at=made or now())
        session.add(night)
    return night


@event.listens_for(Session, "before_flush")
def _joins_a_night(session: Session, _context: Any, _instances: Any) -> None:
    """Every new session joins its group's open night (or starts one), whoever made it."""
    for obj in list(session.new):
        if isinstance(obj, GameSession) and obj.night_id is None and obj.night is None:
            group_id = obj.group_id if obj.group_id is not None else obj.group.id if obj.group else None
            if group_id is not None:
                obj.night = _open_night(session, group_id, obj.created_at)


class HandRecord(db.Model):  # type: ignore[name-defined,misc]
    """A hand as entered: the session file's hand object, and its place in the evening."""

    __tablename__ = "hands"
    __table_args__ = (
        UniqueConstraint("session_id", "idem_key", name="uq_hand_idem"),
        CheckConstraint(f"position BETWEEN 0 AND {domains.HANDS.most - 1}", name="ck_hands_position_range"),
        length_check("hands", "idem_key", 1, domains.FORM_KEY.most),
        #: a session's hands in order through one index (the replay, the count, the form); serves session_id alone
        Index("ix_hands_session_position", "session_id", "position"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id"))
    position: Mapped[int] = mapped_column(Integer)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    idem_key: Mapped[str] = mapped_column(String(domains.FORM_KEY.most))
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

    ``data`` is the whole :class:`scorekeeper.core.evenings.Evening` as JSON (the
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
    """One player's figures for one closed evening (:class:`scorekeeper.core.evenings.Seat`).

    ``feats`` holds the game's own counts for the player as its summary gave them (its keys, whole numbers):
    the platform stores them for the game's statistics and never reads them.
    """

    __tablename__ = "evening_seats"

    id: Mapped[int] = mapped_column(primary_key=True)
    summary_id: Mapped[int] = mapped_column(ForeignKey("evening_summaries.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    net: Mapped[int] = mapped_column(Integer)
    money: Mapped[str] = mapped_column(String(32))  # a Decimal, exact
    hands: Mapped[int] = mapped_column(Integer)
    feats: Mapped[dict[str, int]] = mapped_column(JSON, default=dict)


class EveningDeclared(db.Model):  # type: ignore[name-defined,misc]
    """How often a player played out a contract that ended a given way, in one closed evening (the game's own
    words for both, as its summary gave them)."""

    __tablename__ = "evening_declared"

    id: Mapped[int] = mapped_column(primary_key=True)
    summary_id: Mapped[int] = mapped_column(ForeignKey("evening_summaries.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    contract: Mapped[str] = mapped_column(String(16))
    ending: Mapped[str] = mapped_column(String(16))
    times: Mapped[int] = mapped_column(Integer)


#: how many entries a phone may report waiting (a count, as the phone says it; its outbox is bounded by use)
WAITING = Whole(0, 1000)


class WaitingReport(db.Model):  # type: ignore[name-defined,misc]
    """What waits on one phone for one session, as that phone last reported it: hands kept offline, and how
    many of them need a choice there (another phone entered the same hand). The other phones show it
    ("2 hands wait on Ana's phone") so a held hand is never silent. Not an input of the evening: the
    phone's own note, replaced by its next report, dropped when nothing waits, ignored once old.
    """

    __tablename__ = "waiting_reports"
    __table_args__ = (
        UniqueConstraint("session_id", "phone_key", name="uq_waiting_phone"),
        length_check("waiting_reports", "phone_key", 1, domains.FORM_KEY.most),
        range_check("waiting_reports", "hands", WAITING),
        range_check("waiting_reports", "choices", WAITING),
        range_check("waiting_reports", "first", domains.HAND_NUMBER),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"), index=True)
    phone_key: Mapped[str] = mapped_column(String(domains.FORM_KEY.most))  # the phone's own random id
    phone: Mapped[str] = mapped_column(String(40), default="")  # its name, when it has one
    hands: Mapped[int] = mapped_column(Integer)  # hands waiting there
    choices: Mapped[int] = mapped_column(Integer)  # of them, held for a choice made on that phone
    first: Mapped[int] = mapped_column(Integer)  # the first waiting hand's number
    updated_at: Mapped[datetime] = mapped_column(default=now)


class GameResult(db.Model):  # type: ignore[name-defined,misc]
    """A closed game's money and feats, kept for the evenings and the statistics across games.

    Derived, never an input: worked out from the game's inputs when it is first read closed and
    trusted only while ``session_version`` and ``format`` match (a reopened game is read again).
    ``money`` maps each player to a decimal's text; ``feats`` each player to the game's own counts.
    """

    __tablename__ = "game_results"

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"), unique=True)
    night_id: Mapped[int | None] = mapped_column(ForeignKey("nights.id"), index=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id"), index=True)
    game: Mapped[str] = mapped_column(String(32))
    played_on: Mapped[datetime] = mapped_column()
    session_version: Mapped[int] = mapped_column(Integer)
    format: Mapped[int] = mapped_column(Integer)
    currency: Mapped[str] = mapped_column(String(8))
    money: Mapped[dict[str, str]] = mapped_column(JSON)
    feats: Mapped[dict[str, dict[str, int]]] = mapped_column(JSON, default=dict)
