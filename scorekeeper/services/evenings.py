"""The group across evenings: its memory on the group page, the next evening, the result to share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from .. import formats
from ..core.evenings import Evening
from ..db import begin_writing, db
from ..games import GAMES
from ..i18n import _, ngettext
from ..models import GameSession, Group
from ..words import names
from .groups import active_players, carried_paper
from .played import own_service, served
from .refusals import Conflict, Refused
from .summaries import PastEvening, count_evenings, past_evenings


@dataclass(frozen=True)
class GroupMemory:
    """What the group page shows: the evening in progress, the paper, the next seats, the past."""

    playing: list[GameSession]  # evenings not closed yet, newest first
    paper: list[dict[str, Any]]  # the paper the next evening starts with
    paper_token: str | None  # the evening whose printed paper this is
    next_seats: tuple[str, ...]  # the last evening's seats, when all still play
    newest: int  # id of the newest session (guards the one-tap start against a double tap)
    evenings: list[PastEvening]  # this page of them, newest first
    total: int  # closed evenings in all
    page: int
    pages: int


def _newest(group: Group) -> GameSession | None:
    return db.session.scalars(
        select(GameSession).where(GameSession.group_id == group.id, GameSession.game.in_(served()))
        .order_by(GameSession.id.desc()).limit(1)
    ).first()


def _last_closed(group: Group) -> GameSession | None:
    return db.session.scalars(
        select(GameSession).where(GameSession.group_id == group.id, GameSession.game.in_(served()),
                                  GameSession.closed.is_(True))
        .order_by(GameSession.closed_at.desc(), GameSession.id.desc()).limit(1)
    ).first()


#: evenings listed per page of the group page
PER_PAGE = 25


def kept_paper_session(group: Group) -> GameSession | None:
    """The evening whose kept paper the group carries now (None when the paper is clean)."""
    last = _last_closed(group)
    return last if last is not None and carried_paper(group) else None


def group_memory(group: Group, page: int = 1) -> GroupMemory:
    """The group page: ``page`` of its past evenings (25 a page), and what the next evening starts with."""
    newest = _newest(group)
    playing = list(db.session.scalars(
        select(GameSession).where(GameSession.group_id == group.id, GameSession.game.in_(served()),
                                  GameSession.closed.is_(False))
        .order_by(GameSession.id.desc())
    ))
    last = _last_closed(group)
    paper = carried_paper(group)
    active = set(active_players(group))
    seats: tuple[str, ...] = ()
    if last is not None and all(p in active for p in last.players):
        seats = tuple(last.players)
    total = count_evenings(group)
    pages = max(1, -(-total // PER_PAGE))
    page = min(max(page, 1), pages)
    evenings = past_evenings(group, limit=PER_PAGE, offset=(page - 1) * PER_PAGE)
    return GroupMemory(
        playing=playing,
        paper=paper,
        paper_token=last.token if paper and last is not None else None,
        next_seats=seats,
        newest=newest.id if newest is not None else 0,
        evenings=evenings,
        total=total,
        page=page,
        pages=pages,
    )


def start_next(group: Group, newest: int) -> GameSession:
    """Start the next evening with the last evening's seats, rules and stakes.

    ``newest`` is the newest session the page knew of: when a session was
    started since (a double tap, or another phone), that one is returned if
    it is still open, so one tap never starts two evenings. The check runs under the group's row lock
    (PostgreSQL; SQLite's write lock from :func:`begin_writing`): two taps at once would otherwise both find the
    page's newest session still the newest and start one evening each.
    """
    begin_writing()
    db.session.refresh(group, with_for_update=True)  # held until the new evening is committed
    now_newest = _newest(group)
    if now_newest is not None and now_newest.id != newest:
        if not now_newest.closed:
            return now_newest
        raise Conflict(_("The group's evenings changed on another phone. Reload the page and try again."))
    last = _last_closed(group)
    if last is None:
        raise Refused("seats", _("There is no earlier evening to copy the seats from: choose them."))
    active = set(active_players(group))
    gone = [p for p in last.players if p not in active]
    if gone:
        raise Refused("seats", ngettext("{players} no longer plays in this group: choose the seats.",
                                        "{players} no longer play in this group: choose the seats.",
                                        len(gone)).format(players=names(gone)))
    return own_service(last.game).start_like(group, last)


def share_text(group: Group, evening: Evening, title: str = "") -> str:
    """The result as a short message for the group's chat: date, each player's money, who pays whom.

    ``title`` is the game's (by default, the title of the evening's game in the registry).

    >>> from datetime import datetime
    >>> from decimal import Decimal
    >>> from scorekeeper.core.evenings import Payment, PlayerEvening
    >>> e = Evening(datetime(2025, 3, 4, 21), "tresillo", "pagat", ("Ana", "Luis"), 12, "EUR", Decimal("0.1"), "keep",
    ...     (("Luis", 21),), (Payment("Luis", "Ana", Decimal("1.90")),),
    ...     (PlayerEvening("Ana", 19, Decimal("1.90"), 12), PlayerEvening("Luis", -19, Decimal("-1.90"), 12)))
    >>> print(share_text(Group(name="Tuesday"), e))
    Tuesday · Tresillo, 4 March 2025 (12 hands)
    Ana +€1.90
    Luis −€1.90
    Luis pays Ana €1.90
    Paper kept: Luis 21
    """
    cur = evening.currency
    hands = ngettext("{n} hand", "{n} hands", evening.hands).format(n=evening.hands)
    title = title or (GAMES[evening.game].spec.title if evening.game in GAMES else evening.game)
    lines = [f"{group.name} · {title}, {formats.date(evening.played_on)} ({hands})"]
    lines += [f"{p.name} {formats.money(p.money, cur, signed=True)}" for p in evening.people]
    lines += [_("{payer} pays {payee} {amount}").format(payer=t.payer, payee=t.payee,
                                                         amount=formats.money(t.amount, cur))
              for t in evening.payments]
    if not evening.payments:
        lines.append(_("Nobody owes anybody."))
    if evening.kept_paper:
        lines.append(_("Paper kept: {debts}").format(debts=", ".join(f"{p} {a}" for p, a in evening.kept_paper)))
    return "\n".join(lines)
