"""Kept summaries of closed evenings: stored when an evening ends, rebuilt when stale.

A closed evening's figures are summarised once (:func:`keep_summary`, called
when the evening ends) and stored; pages read the summaries, never the
hands. A summary is trusted only while it matches the session's version and
the summary format: a reopened evening (or an older summary) is rebuilt from
its hands the next time it is read, so nothing stale is ever shown. The evenings are the sessions of
the games with services of their own (:mod:`scorekeeper.services.played`): their service works the
figures out, the registry names the games.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import TypeVarTuple

from sqlalchemy import Select, func, select
from sqlalchemy.exc import IntegrityError

from .. import formats
from ..core.evenings import FORMAT, Declared, Evening, HeadToHead, Seat, Standing, declared_of, head_to_head, seats_of
from ..db import begin_writing, db
from ..models import EveningDeclared, EveningSeat, EveningSummary, GameSession, Group
from .played import own_service, served

Ts = TypeVarTuple("Ts")


def summary_of(gs: GameSession) -> Evening:
    """The evening's figures, worked out from its hands by its game's own service (one replay)."""
    return own_service(gs.game).summary(gs)


def keep_summary(gs: GameSession) -> Evening:
    """Store (or replace) the summary of a closed evening; the caller commits."""
    evening = summary_of(gs)
    row = db.session.scalars(select(EveningSummary).where(EveningSummary.session_id == gs.id)).first()
    if row is None:
        row = EveningSummary(session_id=gs.id, group_id=gs.group_id)
        db.session.add(row)
    row.played_on = gs.created_at
    row.session_version = gs.version
    row.format = FORMAT
    row.hands = evening.hands
    row.currency = evening.currency
    row.data = evening.to_json()
    row.seats = [EveningSeat(name=s.name, net=s.net, money=str(s.money), hands=s.hands, feats=dict(s.feats))
                 for s in seats_of(evening, 0)]
    row.declared = [EveningDeclared(name=d.name, contract=d.contract, ending=d.ending, times=d.times)
                    for d in declared_of(evening)]
    return evening


def forget_summary(gs: GameSession) -> None:
    """Drop a summary (an evening reopened for a fix); the caller commits."""
    row = db.session.scalars(select(EveningSummary).where(EveningSummary.session_id == gs.id)).first()
    if row is not None:
        db.session.delete(row)


def _refresh(group: Group) -> None:
    """Summarise every closed evening of ``group`` whose summary is missing or stale.

    Reads only versions (no JSON) when everything is up to date.
    """
    rows = db.session.execute(
        select(GameSession.id, GameSession.version, EveningSummary.session_version, EveningSummary.format)
        .outerjoin(EveningSummary, EveningSummary.session_id == GameSession.id)
        .where(GameSession.group_id == group.id, GameSession.game.in_(served()), GameSession.closed.is_(True))
    ).all()
    stale = [sid for sid, version, kept, fmt in rows if kept != version or fmt != FORMAT]
    for sid in stale:
        begin_writing()  # each summary is kept in its own short writing transaction
        gs = db.session.get(GameSession, sid)
        if gs is None or not gs.closed:
            continue
        keep_summary(gs)
        try:
            db.session.commit()
        except IntegrityError:  # another request stored it first: theirs is as good
            db.session.rollback()


@dataclass(frozen=True)
class PastEvening:
    """One line of the group's memory: the evening, its figures and its link."""

    token: str
    evening: Evening

    def money(self, name: str) -> str:
        mine = self.evening.player(name)
        return formats.money(mine.money, self.evening.currency, signed=True) if mine is not None else ""


def past_evenings(
    group: Group, since: date | None = None, until: date | None = None, *, limit: int | None = None, offset: int = 0
) -> list[PastEvening]:
    """The group's closed evenings, newest first (optionally only those played from ``since`` to ``until``)."""
    _refresh(group)
    query = (
        select(GameSession.token, EveningSummary.data)
        .join(EveningSummary, EveningSummary.session_id == GameSession.id)
        .where(GameSession.group_id == group.id, GameSession.game.in_(served()), GameSession.closed.is_(True),
               EveningSummary.session_version == GameSession.version)
        .order_by(EveningSummary.played_on.desc(), GameSession.id.desc())
    )
    if since is not None:
        query = query.where(EveningSummary.played_on >= datetime.combine(since, time.min))
    if until is not None:
        query = query.where(EveningSummary.played_on < datetime.combine(until + timedelta(days=1), time.min))
    if limit is not None:
        query = query.limit(limit).offset(offset)
    return [PastEvening(token, Evening.from_json(data)) for token, data in db.session.execute(query)]


def count_evenings(group: Group) -> int:
    """How many evenings the group has closed."""
    return db.session.scalar(
        select(func.count()).select_from(GameSession)
        .where(GameSession.group_id == group.id, GameSession.game.in_(served()), GameSession.closed.is_(True))
    ) or 0


def _chosen(query: Select[*Ts], group: Group, since: date | None, until: date | None,
            game: str | None = None) -> Select[*Ts]:
    """Only the group's closed evenings (of ``game`` if named) whose summary is current, played from ``since`` to
    ``until``."""
    query = query.join(GameSession, GameSession.id == EveningSummary.session_id).where(
        EveningSummary.group_id == group.id, GameSession.game.in_(served() if game is None else (game,)),
        GameSession.closed.is_(True), EveningSummary.session_version == GameSession.version)
    if since is not None:
        query = query.where(EveningSummary.played_on >= datetime.combine(since, time.min))
    if until is not None:
        query = query.where(EveningSummary.played_on < datetime.combine(until + timedelta(days=1), time.min))
    return query


def kept_seats(group: Group, game: str, since: date | None = None, until: date | None = None) -> list[Seat]:
    """Every player's kept seat in the group's closed evenings of ``game`` played from ``since`` to ``until`` (both
    included), with the game's own counts as its summary gave them: what the game's statistics add up.

    Reads the flat rows kept with each summary (one query), never the hands.
    """
    _refresh(group)
    rows = db.session.execute(_chosen(
        select(EveningSummary.id, EveningSummary.played_on, EveningSummary.currency, EveningSummary.hands,
               EveningSeat.name, EveningSeat.net, EveningSeat.money, EveningSeat.hands, EveningSeat.feats)
        .select_from(EveningSummary).join(EveningSeat, EveningSeat.summary_id == EveningSummary.id),
        group, since, until, game))
    return [Seat(key, on, cur, evening_hands, name, net, Decimal(money), hands, feats or {})
            for key, on, cur, evening_hands, name, net, money, hands, feats in rows]


def kept_declared(group: Group, game: str, since: date | None = None, until: date | None = None) -> list[Declared]:
    """What each player declared and how it ended, added up over the same evenings as :func:`kept_seats` (one
    query; call that first: it brings stale summaries up to date)."""
    rows = db.session.execute(_chosen(
        select(EveningDeclared.name, EveningDeclared.contract, EveningDeclared.ending, func.sum(EveningDeclared.times))
        .select_from(EveningSummary).join(EveningDeclared, EveningDeclared.summary_id == EveningSummary.id),
        group, since, until, game)
        .group_by(EveningDeclared.name, EveningDeclared.contract, EveningDeclared.ending))
    return [Declared(name, contract, ending, int(times)) for name, contract, ending, times in rows]


def versus(group: Group, first: str, second: str, since: date | None = None,
           until: date | None = None) -> HeadToHead:
    """``first`` against ``second`` over the group's closed evenings both played (from ``since`` to ``until``).

    Reads the two players' kept seats (one query), never the hands.
    """
    _refresh(group)
    rows = db.session.execute(_chosen(
        select(EveningSummary.id, EveningSummary.played_on, EveningSummary.currency, EveningSummary.hands,
               EveningSeat.name, EveningSeat.net, EveningSeat.money)
        .select_from(EveningSummary).join(EveningSeat, EveningSeat.summary_id == EveningSummary.id)
        .where(EveningSeat.name.in_((first, second))), group, since, until))
    return head_to_head(first, second, (Standing(key, on, cur, hands, name, net, Decimal(money))
                                        for key, on, cur, hands, name, net, money in rows))


def evening_of(gs: GameSession) -> Evening | None:
    """A closed evening's kept figures (rebuilt if stale); None while it is being played."""
    if not gs.closed:
        return None
    row = db.session.scalars(select(EveningSummary).where(EveningSummary.session_id == gs.id)).first()
    if row is not None and row.session_version == gs.version and row.format == FORMAT:
        return Evening.from_json(row.data)
    begin_writing()  # read again under the write lock: the evening may have been reopened meanwhile
    if not gs.closed:
        return None
    evening = keep_summary(gs)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
    return evening
