"""The group's evening across games (a :class:`~scorekeeper.models.Night`): its games, its money, its end.

A night holds the sessions of any game started while it was open (``models._joins_a_night``).
Its page shows each game's money and the total, settled once in the fewest payments; a game may
be settled on its own instead (``paid_alone``), and ending the night ends every game still open
and settles the rest at once. A closed game's money is read from its kept result
(:class:`~scorekeeper.models.GameResult`, rebuilt when stale), an open one's from a replay.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from .. import formats
from ..db import begin_writing, db
from ..games import GAMES
from ..games.replay import Played
from ..games.views import feats_for, pieces_for, title_as_played
from ..i18n import _, ngettext
from ..models import GameResult, GameSession, Group, Night, now
from ..nights import AcrossGames, GameMoney, Kept, Money, Paid, Total, across_games, fewest_payments, in_order, totals
from . import history
from .games import played
from .played import carries_paper, service_of
from .refusals import Refused
from .summaries import evening_of, keep_summary

#: the kept result's shape; a result of another format is worked out again
RESULT_FORMAT = 2


@dataclass(frozen=True)
class GameLine:
    """One game of the night as its page shows it."""

    token: str
    game: str
    #: the game's own name: its ruleset's when the table chose one (Truco rioplatense), else its title
    title: str
    started: datetime
    closed: bool
    paid_alone: bool
    currency: str
    money: Money
    payments: tuple[Paid, ...]  # its own settlement (what it pays when settled on its own)
    kept_paper: tuple[tuple[str, int], ...]  # a paper carried to the next evening
    #: the game has come to its end (a target reached) though nobody ended its session yet
    finished: bool = False


@dataclass(frozen=True)
class NightPage:
    """The evening: every game, each player's money from each and in all, the one settlement."""

    id: int
    started: datetime
    closed: bool
    players: tuple[str, ...]
    games: tuple[GameLine, ...]
    totals: tuple[Total, ...]  # over the games not settled on their own
    payments: tuple[tuple[str, tuple[Paid, ...]], ...]  # per currency
    carried: tuple[tuple[str, int], ...]
    asks_paper: bool  # a game that carries paper is open: ending the night asks what becomes of it

    @property
    def one_currency(self) -> str:
        """The currency every game of the evening is played in ("" when they differ, or there is no game):
        the money table then names it once in its heading and its cells show the figures alone."""
        found = {g.currency for g in self.games}
        return found.pop() if len(found) == 1 else ""

    def money_in(self, line: GameLine, name: str, unit: bool = True) -> str:
        amount = dict(line.money).get(name)
        return formats.money(amount, line.currency, signed=True, unit=unit) if amount is not None else ""

    def total_of(self, total: Total, name: str, unit: bool = True) -> str:
        amount = dict(total.money).get(name)
        return formats.money(amount, total.currency, signed=True, unit=unit) if amount is not None else ""


def find_night(group: Group, night_id: int) -> Night | None:
    night = db.session.get(Night, night_id)
    return night if night is not None and night.group_id == group.id else None


def group_nights(group: Group, limit: int = 10) -> list[Night]:
    """The group's newest nights that hold a game, newest first."""
    return list(db.session.scalars(
        select(Night).where(Night.group_id == group.id, Night.sessions.any())
        .order_by(Night.id.desc()).limit(limit)))


def open_night(group: Group) -> Night | None:
    """The night a new game would join now, if one is open and holds a game."""
    return db.session.scalars(select(Night).where(Night.group_id == group.id, Night.closed.is_(False),
                                                  Night.sessions.any()).order_by(Night.id.desc()).limit(1)).first()


# ---------------------------------------------------------------- each game's money


def _ordered(money: Mapping[str, Decimal], players: list[str]) -> Money:
    return tuple((name, money[name]) for name in players if name in money)


def _game_feats(p: Played) -> dict[str, dict[str, int]]:
    hook = feats_for(p.game)
    return {name: dict(mine) for name, mine in hook(p).items()} if hook is not None else {}


def _worked_out(gs: GameSession) -> tuple[dict[str, Decimal], dict[str, dict[str, int]]]:
    """A game's money and feats from its inputs (one replay, or the kept evening of a game with its own service)."""
    own = service_of(gs.game)
    if own is not None:
        evening = evening_of(gs) if gs.closed else None
        if evening is not None:
            return {p.name: p.money for p in evening.people}, own.feats(evening)
        return dict(own.money(gs)), {}
    p = played(gs)
    return dict(p.result.money), _game_feats(p)


def _kept_result(gs: GameSession) -> GameResult:
    """A closed game's kept result, worked out and stored when missing or stale (its own commit)."""
    row = db.session.scalars(select(GameResult).where(GameResult.session_id == gs.id)).first()
    if row is not None and row.session_version == gs.version and row.format == RESULT_FORMAT:
        return row
    money, feats = _worked_out(gs)
    begin_writing()
    row = db.session.scalars(select(GameResult).where(GameResult.session_id == gs.id)).first()
    if row is None:
        row = GameResult(session_id=gs.id, group_id=gs.group_id)
        db.session.add(row)
    row.night_id, row.game, row.played_on, row.currency = gs.night_id, gs.game, gs.created_at, gs.currency
    row.session_version, row.format = gs.version, RESULT_FORMAT
    row.money = {name: str(amount) for name, amount in money.items()}
    row.feats = feats
    try:
        db.session.commit()
    except IntegrityError:  # another request kept it first: theirs is as good
        db.session.rollback()
        row = db.session.scalars(select(GameResult).where(GameResult.session_id == gs.id)).one()
    return row


def played_title(p: Played) -> str:
    """A game's own name as played: its ruleset's (the game's pieces say it: Truco rioplatense), else its title."""
    return title_as_played(pieces_for(p.game), p)


def session_name(gs: GameSession) -> str:
    """The name a session's game goes by on the evening's page, its PDF and its share text (its setup is
    replayed without its deals to read its ruleset; a game with a service of its own by its title)."""
    if service_of(gs.game) is not None or gs.game not in GAMES:
        return game_name(gs.game)
    return played_title(played(gs, []))


def _open_line(gs: GameSession) -> tuple[dict[str, Decimal], str, bool]:
    """An open game's money, name and whether it has come to its end, from one replay."""
    if service_of(gs.game) is not None:
        return _worked_out(gs)[0], game_name(gs.game), False
    p = played(gs)
    return dict(p.result.money), played_title(p), bool(p.result.finished)


def _line(gs: GameSession) -> GameLine:
    kept: tuple[tuple[str, int], ...] = ()
    finished = gs.closed
    if gs.closed:
        result = _kept_result(gs)
        money = {name: Decimal(amount) for name, amount in result.money.items()}
        title = session_name(gs)
        if service_of(gs.game) is not None:
            evening = evening_of(gs)
            kept = evening.kept_paper if evening is not None else ()
    else:
        money, title, finished = _open_line(gs)
    ordered = _ordered(money, list(gs.players))
    return GameLine(gs.token, gs.game, title, gs.created_at, gs.closed, gs.paid_alone, gs.currency,
                    ordered, fewest_payments(ordered), kept, finished)


def night_page(night: Night) -> NightPage:
    """The night's page: each game's money (kept results for the closed ones), the totals, one settlement."""
    lines = tuple(_line(gs) for gs in night.sessions)
    together = [GameMoney(g.game, g.currency, g.money) for g in lines if not g.paid_alone]
    sums = totals(together)
    return NightPage(
        id=night.id, started=night.created_at, closed=night.closed,
        players=in_order(name for g in lines for name, _ in g.money),
        games=lines, totals=sums, payments=tuple((t.currency, fewest_payments(t.money)) for t in sums),
        carried=tuple(debt for g in lines for debt in g.kept_paper),
        asks_paper=any(carries_paper(g.game) and not g.closed for g in lines),
    )


# ---------------------------------------------------------------- the end of the night, a game on its own


def _close(gs: GameSession, paper: str, phone: str) -> None:
    """Close one open game as its own end does (the history says so); the caller commits."""
    before: dict[str, Any] = {"closed": False}
    after: dict[str, Any] = {"closed": True}
    if carries_paper(gs.game):
        gs.end_paper = paper
        after["paper"] = paper
    gs.closed = True
    gs.closed_at = now()
    gs.version += 1
    history.record(gs, "end", key=secrets.token_urlsafe(16), phone=phone, before=before, after=after)
    if service_of(gs.game) is not None:
        keep_summary(gs)


def _check_paper(night: Night, paper: str) -> None:
    if paper not in ("settle", "keep") and any(carries_paper(gs.game) and not gs.closed for gs in night.sessions):
        raise Refused("paper", _("Settle the paper or keep it."))


def end_night(night: Night, paper: str = "settle", phone: str = "") -> Night:
    """End the night: every game still open ends as it stands (a paper settled or kept as
    ``paper`` says), all in one commit. Ending an ended night again changes nothing."""
    begin_writing()
    db.session.refresh(night, with_for_update=True)
    if night.closed:
        return night
    _check_paper(night, paper)
    for gs in night.sessions:
        db.session.refresh(gs, with_for_update=True)
        if not gs.closed:
            _close(gs, paper, phone)
    night.closed = True
    night.closed_at = now()
    db.session.commit()
    return night


def settle_alone(night: Night, token: str, paper: str = "settle", phone: str = "") -> GameSession:
    """Settle one game of the night on its own: it ends if open, and the night's settlement leaves it out."""
    begin_writing()
    gs = next((s for s in night.sessions if s.token == token), None)
    if gs is None:
        raise Refused("game", _("That game is not part of this evening."), status=404)
    db.session.refresh(gs, with_for_update=True)
    if gs.paid_alone:
        return gs
    if not gs.closed:
        if paper not in ("settle", "keep"):
            raise Refused("paper", _("Settle the paper or keep it."))
        _close(gs, paper, phone)
    gs.paid_alone = True
    db.session.commit()
    return gs


# ---------------------------------------------------------------- statistics across games


def _refresh(group: Group) -> None:
    """Keep the result of every closed game of ``group`` whose kept result is missing or stale."""
    rows = db.session.execute(
        select(GameSession.id, GameSession.version, GameResult.session_version, GameResult.format)
        .outerjoin(GameResult, GameResult.session_id == GameSession.id)
        .where(GameSession.group_id == group.id, GameSession.closed.is_(True))).all()
    for sid, version, kept, fmt in rows:
        if kept != version or fmt != RESULT_FORMAT:
            gs = db.session.get(GameSession, sid)
            if gs is not None and gs.closed:
                _kept_result(gs)


def statistics_across(group: Group, since: date | None = None, until: date | None = None) -> AcrossGames:
    """Money by game and in total per player over the evenings begun from ``since`` to ``until`` (both
    included), from the kept results of their closed games (one query), never their deals."""
    _refresh(group)
    query = (select(Night.id, GameResult.game, GameResult.currency, GameResult.money, GameResult.feats)
             .join(GameSession, GameSession.id == GameResult.session_id)
             .join(Night, Night.id == GameSession.night_id)
             .where(GameResult.group_id == group.id, GameSession.closed.is_(True),
                    GameResult.session_version == GameSession.version)
             .order_by(Night.created_at, GameSession.id))
    if since is not None:
        query = query.where(Night.created_at >= datetime.combine(since, time.min))
    if until is not None:
        query = query.where(Night.created_at < datetime.combine(until + timedelta(days=1), time.min))
    return across_games(Kept(nid, game, cur, {n: Decimal(m) for n, m in money.items()}, feats or {})
                        for nid, game, cur, money, feats in db.session.execute(query))


def games_played(group: Group) -> frozenset[str]:
    """The games ``group`` has a session of, open or ended (one query): those whose own section its statistics
    page shows."""
    return frozenset(db.session.scalars(select(GameSession.game).where(GameSession.group_id == group.id).distinct()))


def game_name(game: str) -> str:
    """A game's title from its name (a game with its own service included)."""
    return GAMES[game].spec.title if game in GAMES else game.capitalize()


# ---------------------------------------------------------------- the share text


def night_share_text(group: Group, page: NightPage) -> str:
    """The evening as a short message: each game's result, each player's total, who pays whom."""
    count = ngettext("{n} game", "{n} games", len(page.games)).format(n=len(page.games))
    lines = [f"{group.name} · {formats.date(page.started)} ({count})"]
    for g in page.games:
        alone = " · " + _("settled on its own") if g.paid_alone else ""
        figures = ", ".join(f"{name} {formats.money(m, g.currency, signed=True)}" for name, m in g.money)
        lines.append(f"{g.title}: {figures}{alone}")
    for total in page.totals:
        lines.append(_("In all:"))
        lines += [f"{name} {formats.money(m, total.currency, signed=True)}" for name, m in total.money]
    for currency, payments in page.payments:
        lines += [_("{payer} pays {payee} {amount}").format(payer=a, payee=b, amount=formats.money(m, currency))
                  for a, b, m in payments]
    if not any(p for _c, p in page.payments):
        lines.append(_("Nobody owes anybody."))
    if page.carried:
        lines.append(_("Paper kept: {debts}").format(debts=", ".join(f"{p} {a}" for p, a in page.carried)))
    return "\n".join(lines)


def game_sheets(night: Night) -> list[tuple[str, str, Any]]:
    """Each game's own printed sheet, in the order played, as (game, kind, view): what a game's own service
    prints (a document of its own, ``reports.night``: a settlement sheet), and every other game's sheet
    (``"game"``: the view its table screen and its own PDF show)."""
    from .games import game_view

    sheets = []
    for gs in night.sessions:
        own = service_of(gs.game)
        kind, view = own.sheet(gs) if own is not None else ("game", game_view(gs))
        sheets.append((gs.game, kind, view))
    return sheets
