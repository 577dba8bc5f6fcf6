"""What waits on the other phones: each phone reports its outbox for a session; the others are shown it.

A hand saved on a phone while it was offline, or held there for a choice (another phone entered the same
hand number), is invisible to the rest of the table until it is sent. The phone's outbox reports what it
holds (how many hands, how many need a choice, the first one's number) whenever that changes, and every
other phone's pages say so: "2 hands wait on Ana's phone". The report is the phone's note, not an input of
the evening: it is replaced by the next one, removed when nothing waits and ignored after a day.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..db import begin_writing, db
from ..models import GameSession, WaitingReport, now

#: a report older than this is ignored (the phone left the table, or was wiped)
KEPT_FOR = timedelta(hours=24)


@dataclass(frozen=True)
class Waiting:
    """What waits on one other phone."""

    phone: str  # its name ('' when it has none)
    hands: int
    choices: int  # of them, held for a choice made on that phone
    first: int  # the first waiting hand's number


def report_waiting(gs: GameSession, *, phone_key: str, phone: str, hands: int, choices: int, first: int) -> None:
    """Keep what one phone holds for ``gs`` (its previous report replaced; nothing waiting: removed)."""
    begin_writing()
    found = db.session.scalars(select(WaitingReport).where(
        WaitingReport.session_id == gs.id, WaitingReport.phone_key == phone_key)).first()
    if hands == 0:
        if found is not None:
            db.session.delete(found)
            db.session.commit()
        return
    if found is None:
        found = WaitingReport(session_id=gs.id, phone_key=phone_key)
        db.session.add(found)
    found.phone, found.hands, found.choices, found.first, found.updated_at = phone, hands, choices, first, now()
    try:
        db.session.commit()
    except IntegrityError:  # the same phone's two reports at once (PostgreSQL): the other one is kept
        db.session.rollback()


def waiting_elsewhere(gs: GameSession, phone_key: str) -> list[Waiting]:
    """What waits on the phones other than ``phone_key`` for ``gs``, oldest first (recent reports only)."""
    rows = db.session.scalars(select(WaitingReport).where(
        WaitingReport.session_id == gs.id, WaitingReport.phone_key != phone_key,
        WaitingReport.updated_at >= now() - KEPT_FOR).order_by(WaitingReport.first, WaitingReport.id))
    return [Waiting(r.phone, r.hands, r.choices, r.first) for r in rows]
