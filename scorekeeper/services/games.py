"""The games of ``scorekeeper-session/2`` at the table: start one, enter, fix and delete deals, end it.

Every game is reached through the registry (:data:`scorekeeper.games.GAMES`); nothing here knows one
game from another. A session stores its inputs only: the players, the setup (teams and options, the
stake among them) and each deal object as entered. Every change replays the session file with the
change made, through the game's engine, before anything is written; a refused change leaves the
session as it was. Each change is appended to the session's history.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any, cast

from sqlalchemy import select

from .. import formats
from ..core import domains
from ..core.errors import SessionError
from ..core.sessionjson import parse_json  # the hardened reader of any session file
from ..core.transfers import fewest_transfers
from ..db import begin_writing, db
from ..games import GAMES
from ..games.base import DealRow, GameSpec, Result
from ..games.replay import FORMAT, Played, load, played_into, replay, result_json
from ..games.views import (
    Past,
    Pieces,
    pieces_for,
    row_note_of,
    row_scores_of,
    scores_note_of,
    standing_of,
    title_as_played,
)
from ..games.words import how_words
from ..i18n import _, current_language
from ..models import GameSession, Group, HandRecord, HistoryEntry, new_token
from ..words import refusal, refusal_line
from . import asked, changes, deal_words, history, previews, saves, screens
from .limits import check_room_for_hand
from .played import served, service_of
from .previews import ChangePreview
from .refusals import Refused, clean, sentence
from .replays import CACHE, Replayer, Replays, Version, reads_committed
from .screens import DealsPage, VersionParts
from .sessions import (  # the same check as a session file's players
    commit_made,
    file_stored,
    form_key,
    hand_data,
    join_players,
    made_by,
    start,
)


@dataclass(frozen=True)
class GameChoice:
    """A game the group may start, as the group page lists it."""

    name: str
    title: str
    seats: tuple[int, ...]


def game_choices() -> list[GameChoice]:
    """Every registered game, by title."""
    return sorted((GameChoice(g.spec.name, g.spec.title, g.spec.seats) for g in GAMES.values()
                   if on_pages(g.spec.name)), key=lambda c: c.title)


def on_pages(name: str) -> bool:
    """Whether these pages keep the game: every registered one but those with services (and pages) of their own."""
    return name in GAMES and service_of(name) is None


def game_spec(name: str) -> GameSpec | None:
    """The description of the game called ``name`` (None: no such game)."""
    return GAMES[name].spec if on_pages(name) else None


def is_game(gs: GameSession) -> bool:
    """Whether ``gs`` is a session these pages keep (not one of a game with services of its own)."""
    return service_of(gs.game) is None


def game_title(gs: GameSession) -> str:
    """The game's own name (a game's with services of its own included); a game whose pieces name it as
    played (a ruleset's own name: Truco rioplatense) by that name."""
    spec = game_spec(gs.game)
    if spec is None:
        return gs.game.capitalize()
    return title_as_played(pieces_of(gs.game), played(gs))


def pieces(gs: GameSession) -> Pieces | None:
    """The game's own web pieces (its deal form, its part of the table page), if it has them."""
    return pieces_of(gs.game)


def pieces_of(name: str) -> Pieces | None:
    return pieces_for(GAMES[name]) if on_pages(name) else None


def group_games(group: Group, limit: int = 12) -> list[GameSession]:
    """The group's sessions of the registered games, open ones first, newest first."""
    return list(db.session.scalars(
        select(GameSession).where(GameSession.group_id == group.id, GameSession.game.not_in(served()))
        .order_by(GameSession.closed, GameSession.id.desc()).limit(limit)))


# ---------------------------------------------------------------- the session file


def document(gs: GameSession, deals: list[Any] | None = None) -> dict[str, Any]:
    """The session as its ``scorekeeper-session/2`` file, rebuilt from the stored inputs."""
    doc: dict[str, Any] = {"format": FORMAT, "game": gs.game, "players": list(gs.players)}
    setup = gs.setup or {}
    if setup.get("teams"):
        doc["teams"] = dict(setup["teams"])
    doc["options"] = dict(setup.get("options") or {})
    doc["deals"] = deal_data(gs) if deals is None else deals
    return doc


def deal_data(gs: GameSession) -> list[dict[str, Any]]:
    """The stored deal objects in order."""
    return [dict(h.data) for h in gs.hands]


def session_json(gs: GameSession) -> str:
    """The session file to download; ``scorekeeper replay --json`` reads it back."""
    return json.dumps(document(gs), ensure_ascii=False, indent=1) + "\n"


def played(gs: GameSession, deals: list[Any] | None = None) -> Played:
    """The session replayed through its game's engine (the stored deals always replay): as stored (None: from
    the replay kept for its version), or with ``deals`` in place of its deals."""
    if deals is None:
        return replayed(gs).played
    return replay(document(gs, deals), GAMES)


# ---------------------------------------------------------------- replayed once per version


@dataclass(frozen=True)
class GameReplayed(Version):
    """A game as of one version: its deals as stored (``hands``), replayed, and the game's state after the last
    one (immutable, so a deal added later is played on from it: :func:`_caught_up`)."""

    played: Played
    state: Any


def _replayed_from(gs: GameSession, version: int, deals: Sequence[dict[str, Any]]) -> GameReplayed:
    """One pass over ``deals`` through the game's engine (raises SessionError)."""
    game, table, raw = load(document(gs, list(deals)), GAMES)
    rows: list[DealRow] = []
    state = played_into(rows, game, game.start(table), raw, 1, fresh=True)
    return GameReplayed(version, tuple(deals), Played(game, table, tuple(rows), game.result(state)), state)


def _replay_stored(gs: GameSession) -> GameReplayed:
    return _replayed_from(gs, gs.version, hand_data(gs))


def _caught_up(gs: GameSession, older: GameReplayed, added: list[dict[str, Any]]) -> GameReplayed | None:
    """Version ``gs.version`` from ``older`` when only ``added`` came since: those deals played on from its state."""
    return played_on(older, gs.version, added)


def played_on(older: GameReplayed, version: int, added: Sequence[dict[str, Any]]) -> GameReplayed | None:
    """``older`` with ``added`` played after its last deal, as version ``version`` (None: refused; the whole
    replay says why)."""
    game, rows = older.played.game, list(older.played.rows)
    try:
        state = played_into(rows, game, older.state, list(added), len(older.hands) + 1)
        result = game.result(state)
    except SessionError:
        return None
    made = GameReplayed(version, (*older.hands, *(dict(d) for d in added)),
                        Played(game, older.played.table, tuple(rows), result), state)
    return made.carry(older)


#: every game's replays, Tresillo's evenings too, in the platform's one cache (``services/replays.py``): the games
#: of ``scorekeeper-session/2`` replayed by :func:`_replay_stored` and caught up by :func:`_caught_up`, a game
#: with a replay of its own by its record's ``replays``
REPLAYS = Replays(CACHE, Replayer(_replay_stored, _caught_up))


def replayed(gs: GameSession) -> GameReplayed:
    """``gs`` (a game of ``scorekeeper-session/2``) replayed as of its version, once per version and worker."""
    return cast(GameReplayed, REPLAYS.replayed(gs))


def replay_kept(gs: GameSession) -> bool:
    """Whether ``gs``'s replay is kept as its version's, as committed: a table screen drawn from it may be kept."""
    return REPLAYS.cached(gs) is not None


def _refused(exc: SessionError, number: int | None = None) -> Refused:
    """The engine's first refusal on the field it names; a refusal of another deal says which."""
    err = exc.first
    said = sentence(refusal(err))
    if err.hand is not None and err.hand != number:  # a later deal no longer stands: not a field of this one
        return Refused("deal", _("Deal {n}: {refusal}").format(n=err.hand, refusal=said))
    return Refused(err.field, said)


def _replayed(gs: GameSession, deals: list[Any], number: int | None) -> GameReplayed:
    """``deals`` replayed in place of the stored ones, as the version the change makes; a refusal as a field."""
    try:
        return _replayed_from(gs, gs.version + 1, deals)
    except SessionError as exc:
        raise _refused(exc, number) from None


def with_next(gs: GameSession, before: GameReplayed | None, count: int, deal: dict[str, Any],
               number: int) -> GameReplayed:
    """The game of ``count`` deals with ``deal`` added: played on from ``before`` (the replay read before the lock)
    when that is still the stored game, so a save plays the one deal and replays nothing; else the whole game
    replayed from the stored deals."""
    if before is not None and before.version == gs.version and len(before.hands) == count:
        made = played_on(before, gs.version + 1, [deal])
        if made is not None:
            return made
    return _replayed(gs, [*hand_data(gs), deal], number)


# ---------------------------------------------------------------- start


def start_game(
    group: Group,
    game: str,
    players: list[str],
    teams: Mapping[str, list[str]] | None,
    options: Mapping[str, Any],
    currency: str,
    idem_key: str | None = None,
) -> GameSession:
    """A new session of ``game``; a re-sent start form (the same ``idem_key``) returns the one it made
    (:func:`sessions.start`)."""
    if not on_pages(game):
        raise Refused("game", _("Choose a game from the list."))

    def make(key: str | None) -> GameSession:
        setup: dict[str, Any] = {"options": dict(options)}
        if teams:
            setup["teams"] = {name: list(members) for name, members in teams.items()}
        gs = GameSession(group_id=group.id, game=game, setup=setup, players=list(players),
                         first_dealer=players[0] if players else "",
                         currency=clean(domains.CURRENCY, currency or "EUR", "currency"), options={}, paper_in=[],
                         end_paper="settle", closed=False, version=0, idem_key=key)
        try:
            load(document(gs, []), GAMES)
        except SessionError as exc:
            raise _refused(exc) from None
        return gs

    return start(group, idem_key, players, make)


# ---------------------------------------------------------------- a session file brought in


def import_game(group: Group, data: str | bytes, idem_key: str | None = None) -> GameSession:
    """A ``scorekeeper-session/2`` file becomes a new game of ``group``, stored as written (its players,
    teams, options and deals), so its export is the same file. The whole file is replayed first: a
    refusal names the deal and the field (``deal 3: points: …``) and nothing is stored. Players the
    group does not have yet join it. A re-sent form (the same ``idem_key``) returns the game it made."""
    key = form_key(idem_key)
    try:
        parsed = parse_json(data)
        replay(parsed, GAMES)
    except SessionError as exc:
        raise Refused("file", sentence(refusal_line(exc.first))) from None
    return file_stored(lambda: _store(group, parsed, key))


def _store(group: Group, parsed: Mapping[str, Any], key: str | None) -> GameSession:
    """The checked file stored as a new game, under the write lock (a re-sent form finds its game)."""
    begin_writing()
    made = made_by(group, key)
    if made is not None:
        return made
    players = list(parsed["players"])
    join_players(group, tuple(players))
    setup: dict[str, Any] = {"options": dict(parsed.get("options") or {})}
    if parsed.get("teams"):
        setup["teams"] = {name: list(members) for name, members in parsed["teams"].items()}
    gs = GameSession(group_id=group.id, game=parsed["game"], setup=setup, players=players,
                     first_dealer=players[0], currency="EUR", options={}, paper_in=[], end_paper="settle",
                     closed=False, version=0, idem_key=key)
    db.session.add(gs)
    for i, deal in enumerate(parsed["deals"]):
        db.session.add(HandRecord(session=gs, position=i, data=dict(deal), idem_key=f"import-{i}"))
    return commit_made(gs, group, key)


# ---------------------------------------------------------------- deals


def add_deal(gs: GameSession, number: int, deal: dict[str, Any], idem_key: str, phone: str = "", *,
             version: int | None = None) -> HistoryEntry | None:
    """Store ``deal`` as deal ``number`` (the next one), through the platform's save (:func:`saves.add_next`);
    a re-sent copy (same key) is stored once; a deal number taken or gone since the form was made (at
    ``version``) is refused saying what other phones did meanwhile. The deal is played once, on the replay
    kept for the version it was entered on, and the game it makes is kept as the new version's replay: the
    table screen that follows replays nothing. The answer is the save's history entry (None: a deal stored
    without one, a file's)."""
    before = replayed(gs) if reads_committed(gs) else None

    def play(count: int) -> saves.Next:
        made = with_next(gs, before, count, deal, number)
        return saves.Next(dict(deal), lambda _version: REPLAYS.kept_after(gs, made))

    return saves.add_next(gs, number, idem_key or new_token(), phone, play, version=version).entry


def _checked(gs: GameSession, number: int | None) -> changes.Check[GameReplayed]:
    """The games' check of a planned change: the game replayed with it (a refusal names the deal and field);
    the replay is kept as the new version's once the change is stored (:func:`_kept`)."""
    return lambda plan: (plan, _replayed(gs, plan.hands, number))


#: what a change of the deals answers: its history entry, and whether a re-sent copy found it made already
Made = tuple[HistoryEntry, bool]


def replace_deal(gs: GameSession, number: int, deal: dict[str, Any], key: str = "", phone: str = "", *,
                 version: int | None = None, made_from: str = "page") -> Made:
    """Put ``deal`` in place of deal ``number``; every later deal must still stand. ``version``: the
    session's version the fix form (``made_from``: or the change page's preview, as a stale one says it) was made
    at (compare-and-swap, :func:`changes.change`). Answers its history entry and whether a re-sent copy (same
    ``key``) found it made already, as every change does."""
    return _kept(gs, *changes.change(gs, "edit", number, key=key, phone=phone, version=version,
                                     plan=lambda deals: changes.replaced(deals, number - 1, deal),
                                     check=_checked(gs, number), made_from=made_from))


def delete_deal(gs: GameSession, number: int, key: str = "", phone: str = "", *,
                version: int | None = None, made_from: str = "page") -> Made:
    """Remove deal ``number``; the later ones move up one and must still stand. ``version``: the session's
    version the delete page was made at: a delete opened before another phone's change touches nothing."""
    return _kept(gs, *changes.change(gs, "delete", number, key=key, phone=phone, version=version,
                                     plan=lambda deals: changes.removed(deals, number - 1), check=_checked(gs, None),
                                     made_from=made_from))


def insert_deal(gs: GameSession, number: int, deal: dict[str, Any], key: str, phone: str = "", *,
                version: int | None = None, made_from: str = "page") -> Made:
    """Put a forgotten ``deal`` in as deal ``number``: the deals from there on move down one and must still
    stand. A re-sent copy (same key) is made once."""
    changes.require_key(key)

    def plan(deals: list[dict[str, Any]]) -> changes.Plan:
        changes.stored_at(gs, number)
        check_room_for_hand(len(deals))
        return changes.inserted(deals, number - 1, deal)

    return _kept(gs, *changes.change(gs, "insert", number, key=key, phone=phone, version=version, plan=plan,
                                     check=_checked(gs, number), present=False, made_from=made_from))


# ---------------------------------------------------------------- a change page's changes (asked.Changes)

#: the changes of a game's deals its change page asks (``web/changes.py``): Tresillo's are its own
change_kinds: tuple[str, ...] = ("delete", "insert", "fix")


def preview_change(gs: GameSession, change: asked.Change) -> ChangePreview:
    """What ``change`` would do (:func:`preview_fix`, :func:`preview_insert`, :func:`preview_delete`); a deal
    no longer there is refused (404), as the page of a deal gone says."""
    changes.stored_at(gs, change.number)
    if change.kind == "delete":
        return preview_delete(gs, change.number)
    if change.deal is None:
        return ChangePreview(refusal=_(asked.DAMAGED))
    if change.kind == "insert":
        return preview_insert(gs, change.number, change.deal)
    return preview_fix(gs, change.number, change.deal)


def apply_change(gs: GameSession, change: asked.Change, *, key: str, version: int | None, phone: str) -> Made:
    """Make ``change`` as it was previewed, once: its history entry, and whether a re-sent copy (same ``key``)
    found it made already."""
    if change.kind == "insert":
        return insert_deal(gs, change.number, _deal_of(change), key, phone, version=version, made_from="preview")
    if change.kind == "fix":
        return replace_deal(gs, change.number, _deal_of(change), key, phone, version=version, made_from="preview")
    return delete_deal(gs, change.number, key, phone, version=version, made_from="preview")


def _deal_of(change: asked.Change) -> dict[str, Any]:
    if change.deal is None:
        raise Refused("change", _(asked.DAMAGED))
    return change.deal


def undo_last(gs: GameSession, seq: int, key: str, phone: str = "", *, version: int | None = None) -> Made:
    """Take back change ``seq``, the last one (a deal entered, fixed, deleted or inserted, or the end),
    once whatever the network repeats; the deals after it must still stand (:func:`changes.undo`). Returns the
    undo's entry and whether a re-sent copy (or another phone) had already taken it back."""
    entry, already, made = changes.undo(gs, seq, key=key, phone=phone, version=version, check=_checked(gs, None),
                                        closing=lambda _end: _reopened(gs))
    return _kept(gs, entry, made)[0], already


def _reopened(gs: GameSession) -> None:
    """The end taken back: the game is open again (the undo's entry says so as the end's before)."""
    gs.closed, gs.closed_at = False, None
    gs.version += 1


def end_game(gs: GameSession, key: str = "", phone: str = "", *, version: int | None = None) -> HistoryEntry:
    """Close the game: its result is paid as it stands; a re-sent end is made once (:func:`changes.end`).
    ``version``: the session's version the end page was made at (a deal saved meanwhile is looked at first)."""
    return changes.end(gs, key=key, phone=phone, version=version)[0]


def _kept(gs: GameSession, entry: HistoryEntry, made: GameReplayed | None) -> Made:
    """The replay a change made (under the lock, up to its commit) kept as the new version's: the table
    screen after a fix, delete, insert or undo replays nothing (None: a re-sent copy, or an end taken back).
    Answers the entry and whether it was found made already (nothing replayed: a re-sent copy)."""
    if made is not None:
        REPLAYS.kept_after(gs, made)
    return entry, made is None


# ---------------------------------------------------------------- previews


def _side_rows(g: GameReplayed) -> Sequence[DealRow]:
    return g.played.rows


def _row_figures(row: DealRow) -> tuple[Any, ...]:
    """What the table sees of a deal's row: its points, the scores after it, and what the game adds (the winner,
    a claim, an elimination)."""
    return (row.points, row.scores, row.extras)


def _standing(p: Played, currency: str) -> tuple[previews.Standing, ...]:
    """Each player's score (their side's, in a game of teams) and money, in seating order."""
    seating = p.table.seating
    scores = dict(p.rows[-1].scores) if p.rows else {}
    team = {player: name for name, members in seating.teams for player in members}
    return tuple((player, scores.get(player, scores.get(team.get(player, ""), 0)),
                  formats.money(money, currency, signed=True)) for player, money in p.result.money)


def _outcome(before: GameReplayed, after: GameReplayed, plan: changes.Plan) -> tuple[str, ...]:
    return deal_words.outcome_changes(before.played, after.played, plan.origin, plan.first)


def reading(gs: GameSession) -> previews.Reading[GameReplayed, DealRow]:
    """A game of ``scorekeeper-session/2`` as the platform's preview reads it: its deal rows, each shown as its
    line in the list of deals, each player's score and money, and how the game comes out."""
    shown = pieces(gs)

    def deal_shown(g: GameReplayed, row: DealRow) -> DealLine:
        deal = g.hands[row.deal - 1]
        return DealLine(row.deal, deal, row.points, row.scores, lines_of(shown, g.played)(row.deal, deal))

    return previews.Reading(rows=_side_rows, figures=_row_figures, shown=deal_shown,
                            standing=lambda g: _standing(g.played, gs.currency), outcome=_outcome)


def _previewed(gs: GameSession, plan: changes.Plan, was: Mapping[str, Any] | None,
               now_: Mapping[str, Any] | None) -> ChangePreview:
    """The platform's preview of ``plan`` (:func:`previews.previewed`) from the game as stored (its replay kept
    for its version) and replayed with the plan; ``was``/``now_``: a fixed deal before and after."""
    fields = tuple(deal_words.deal_changes(was, now_, gs.game)) if was is not None and now_ is not None else ()
    try:
        after = _replayed(gs, plan.hands, plan.first + 1)
    except Refused as exc:
        return ChangePreview(fields=fields, refusal=exc.message)
    return previews.previewed(reading(gs), replayed(gs), after, plan, fields)


def preview_fix(gs: GameSession, number: int, deal: Mapping[str, Any]) -> ChangePreview:
    """Deal ``number`` fixed to ``deal``: its fields changed, the deals whose figures change, each player's
    score and money, and the outcome's changes; a deal fixed to what it is already is refused (nothing would
    change)."""
    deals = deal_data(gs)
    plan = changes.replaced(deals, number - 1, deal)
    return previews.unchanged(plan, deals) or _previewed(gs, plan, deals[number - 1], deal)


def preview_delete(gs: GameSession, number: int) -> ChangePreview:
    return _previewed(gs, changes.removed(deal_data(gs), number - 1), None, None)


def preview_insert(gs: GameSession, number: int, deal: Mapping[str, Any]) -> ChangePreview:
    return _previewed(gs, changes.inserted(deal_data(gs), number - 1, deal), None, None)


@dataclass(frozen=True)
class UndoOffer:
    """The change a one-tap undo would take back, in words, and what taking it back does."""

    seq: int
    what: str
    preview: ChangePreview


def undo_offer(gs: GameSession) -> UndoOffer | None:
    """The last change, if an undo may take it back now (None: nothing to undo)."""
    target = history.undoable(gs)
    if target is None or (gs.closed and target.kind != "end"):
        return None
    if target.kind == "end":
        return UndoOffer(target.seq, history.told(target), ChangePreview())
    try:
        plan = changes.inverse(target, deal_data(gs))
    except Refused as exc:
        return UndoOffer(target.seq, history.told(target), ChangePreview(refusal=exc.message))
    was = target.after if target.kind == "edit" else None
    now_ = target.before if target.kind == "edit" else None
    return UndoOffer(target.seq, history.told(target), _previewed(gs, plan, was, now_))


def played_before(gs: GameSession, number: int) -> Played:
    """The game replayed up to deal ``number`` (not included): a deal inserted there is entered on it."""
    return played(gs, deal_data(gs)[:number - 1])


# ---------------------------------------------------------------- the history


def history_page(gs: GameSession, most: int = 20) -> history.HistoryView:
    """The game's history, newest first, each deal's change field by field, and for the ``most`` latest
    fixes, deletes, inserts and undos how they changed the outcome: found by taking the changes back one
    by one from the deals stored now (the history keeps each change's deals), and replaying both sides."""
    log = history.entries(gs)
    by_seq = {e.seq: e for e in log}
    stored = deal_data(gs)
    deals, after = stored, None
    told: dict[int, tuple[str, ...]] = {}
    for e in reversed(log):
        step = _taken_back(e, by_seq, deals)
        if step is None:
            break
        prior, plan = step
        if e.kind in ("edit", "delete", "insert", "undo") and plan is not None and len(told) < most:
            try:  # the game as stored now is the replay kept for its version
                after = after or (played(gs) if deals is stored else played(gs, deals))
                before = played(gs, prior)
            except SessionError:
                break
            said = deal_words.outcome_changes(before, after, plan.origin, plan.first)
            if said:
                told[e.seq] = said
            after = before
        elif plan is not None:
            after = None
        deals = prior
    return history.history_view(gs, notes=told)


def _taken_back(e: HistoryEntry, by_seq: Mapping[int, HistoryEntry], deals: list[dict[str, Any]],
                ) -> tuple[list[dict[str, Any]], changes.Plan | None] | None:
    """The deals before change ``e`` (``deals``: after it) and the change as a plan from them; None when
    the deals are not as ``e`` left them (a file brought in, a damaged log): the walk stops there."""
    i = (e.hand or 1) - 1
    kind, was, now_ = e.kind, e.before, e.after
    if kind == "undo":
        target = by_seq.get(e.undoes or 0)
        if target is None:
            return None
        kind = {"add": "delete", "insert": "delete", "delete": "insert"}.get(target.kind, target.kind)
        was, now_ = target.after, target.before
    if kind in ("end", "reopen"):
        return deals, None
    if kind in ("add", "insert") and i < len(deals) and deals[i] == now_:
        prior = [*deals[:i], *deals[i + 1:]]
        return prior, changes.inserted(prior, i, deals[i])
    if kind == "delete" and isinstance(was, dict) and i <= len(deals):
        prior = [*deals[:i], dict(was), *deals[i:]]
        return prior, changes.removed(prior, i)
    if kind == "edit" and i < len(deals) and deals[i] == now_ and isinstance(was, dict):
        prior = [*deals[:i], dict(was), *deals[i + 1:]]
        return prior, changes.replaced(prior, i, deals[i])
    return None


# ---------------------------------------------------------------- the view


@dataclass(frozen=True)
class DealLine:
    """One deal in the list: its number, this deal's points and everyone's score after it."""

    number: int
    deal: Mapping[str, Any]
    points: tuple[tuple[str, int], ...]
    scores: tuple[tuple[str, int], ...]
    #: the deal as entered, in one short line (the game's own words, or the deal object as written)
    line: str = ""


@dataclass(frozen=True)
class Payment:
    payer: str
    payee: str
    amount: str


@dataclass(frozen=True)
class GameView:
    """What the table and result pages of any game show."""

    title: str
    spec: GameSpec
    played: Played
    deals: tuple[DealLine, ...]
    scores: tuple[tuple[str, int], ...]
    result: Result
    ending: str
    money: tuple[tuple[str, str], ...]
    payments: tuple[Payment, ...]
    stake: str
    next_number: int
    closed: bool
    version: int
    #: the players in seating order, the options as played (their words) and what the printed sheet heads with
    players: tuple[str, ...] = ()
    options: tuple[tuple[str, str], ...] = ()
    group: str = ""
    started: datetime | None = None
    ended: datetime | None = None
    #: where the game stands beyond its score (each cama and the partida), in lines; what the sheet's score
    #: columns mean
    standing: tuple[str, ...] = ()
    scores_note: str = ""


def settlement(result: Result, order: tuple[str, ...], currency: str) -> tuple[Payment, ...]:
    """Who pays whom, in the fewest payments (the money settled in cents, never in floats)."""
    cents = {p: int(m * 100) for p, m in result.money}
    return tuple(Payment(payer, payee, formats.money(Decimal(c) / 100, currency))
                 for payer, payee, c in fewest_transfers(cents, order))


def deal_line(pieces: Pieces | None, deal: Mapping[str, Any]) -> str:
    """A deal in one line: the game's own words, or the deal object as the session file writes it."""
    return pieces.deal_line(deal) if pieces is not None else json.dumps(deal, ensure_ascii=False)


def option_words(pieces: Pieces | None, key: str, written: str) -> str:
    """The words of an option (``elimination``) or of a value (``payout=each_pays_winner``); as the session
    file writes it (``written``: ``target``, ``"game"``) when the game has none."""
    said = pieces.option_words.get(key) if pieces is not None else None
    return _(said) if said else written


def options_played(spec: GameSpec, pieces: Pieces | None, options: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """Each choice option as played, in words (the stake is said apart); only those the session's rules read."""
    def value(v: Any) -> str:
        return str(v).lower() if isinstance(v, bool) else str(v)

    in_play = (pieces.options_in_play(options) if pieces is not None and pieces.options_in_play is not None
               else options)
    return tuple((option_words(pieces, o.name, o.name),
                  option_words(pieces, f"{o.name}={value(options[o.name])}", json.dumps(options[o.name])))
                 for o in spec.options if o.choices and o.name in options and o.name in in_play)


def game_view(gs: GameSession) -> GameView:
    """What the table screen, the HTML sheet and the PDF of a game show: one view of the replay, built once per
    version, language and group name and kept with the version's replay (every page of the table shows it)."""
    whole = replayed(gs)
    group = gs.group.name

    def view() -> GameView:
        return played_view(whole.played, whole.hands, currency=gs.currency, closed=gs.closed, version=whole.version,
                           group=group, started=gs.created_at, ended=gs.closed_at)

    return whole.kept(("view", current_language(), group), view)


#: how many of the last deals the table screen shows (the rest are on the All deals pages)
RECENT = 4


@dataclass(frozen=True)
class GameScreen(VersionParts):
    """A game's table screen: its view, the game's own part of the page (``pieces``, ``extra``) and the last
    deals, newest first (the rest are on the list of all deals); what it draws from one version is drawn
    once (the platform's :class:`VersionParts`)."""

    view: GameView
    pieces: Pieces | None
    extra: Mapping[str, Any]
    recent: tuple[DealLine, ...]
    whole: Version | None = field(default=None, compare=False, repr=False)

    @property
    def parts(self) -> tuple[Hashable, ...]:
        return ("table screen",)


def table_screen(gs: GameSession) -> GameScreen:
    """The table screen of a game: only what it shows is built, from the view kept with the version's replay,
    so its cost does not grow with the game."""
    view = game_view(gs)
    shown = pieces(gs)
    extra = shown.table_extra(view.played) if shown is not None else {}
    return GameScreen(view, shown, extra, view.deals[-RECENT:][::-1], replayed(gs))


def deals_page(gs: GameSession, *, before: int | None = None, deal: int | None = None) -> DealsPage[GameView, DealLine]:
    """A page of the game's list of all deals (the platform's, ``services/screens.py``), from its kept view."""
    view = game_view(gs)
    return screens.deals_page(view, replayed(gs), len(view.deals), lambda n: view.deals[n - 1], before=before,
                              deal=deal)


def lines_of(shown: Pieces | None, p: Played) -> Callable[[int, Mapping[str, Any]], str]:
    """Deal ``n`` of ``p`` (the deal object as stored) in its one line of the list of deals: the game's own
    words and what it did beyond its points (a cama won)."""
    line = (shown.line_for(p) if shown is not None and shown.line_for is not None
            else lambda deal: deal_line(shown, deal))
    note = row_note_of(shown)
    return lambda n, deal: " · ".join(x for x in (line(deal), note(p, n)) if x)


def played_view(p: Played, stored: Sequence[Mapping[str, Any]], *, currency: str, closed: bool = False,
                version: int = 0, group: str = "", started: datetime | None = None,
                ended: datetime | None = None) -> GameView:
    """The view of a game replayed from ``stored`` (its deals as written): a stored session's
    (:func:`game_view`) or a session file's (``scorekeeper sheet``), drawn by the same sheet."""
    shown = pieces_of(p.game.spec.name)
    line = lines_of(shown, p)
    lines = tuple(DealLine(row.deal, stored[row.deal - 1], row.points, after, line(row.deal, stored[row.deal - 1]))
                  for row, after in zip(p.rows, row_scores_of(shown, p), strict=True))
    players = p.table.seating.players
    scores = p.rows[-1].scores if p.rows else tuple((name, 0) for name in players)
    r = p.result
    return GameView(
        title=title_as_played(pieces_for(p.game), p), spec=p.game.spec, played=p, deals=lines, scores=scores, result=r,
        ending=how_words(p.game.spec.name, r.how) if r.how else "",
        money=tuple((name, formats.money(m, currency, signed=True)) for name, m in r.money),
        payments=settlement(r, players, currency), stake=formats.money(p.table.stake, currency),
        next_number=len(stored) + 1, closed=closed, version=version, players=players,
        options=options_played(p.game.spec, shown, p.table.options), group=group, started=started,
        ended=ended, standing=standing_of(shown, p),
        scores_note=scores_note_of(shown, p) or _("Each column: the deal's points, then the score after it."),
    )


def group_past(gs: GameSession, limit: int = 200) -> list[Past]:
    """The group's sessions of ``gs``'s game, oldest first (at most ``limit``, the newest), replayed;
    those started the same day as ``gs`` are tonight's."""
    found = list(db.session.scalars(
        select(GameSession).where(GameSession.group_id == gs.group_id, GameSession.game == gs.game)
        .order_by(GameSession.id.desc()).limit(limit)))
    day = gs.created_at.date()
    return [Past(played(s), s.created_at.date(), s.created_at.date() == day) for s in reversed(found)]


def again_fields(gs: GameSession, view: GameView) -> dict[str, str]:
    """The start form of a revancha: the same seats, choices, stake and currency as ``gs``."""
    values = {f"seat{i}": name for i, name in enumerate(gs.players, start=1)}
    options = view.played.table.options
    values.update({f"opt-{o.name}": json.dumps(options[o.name]) for o in view.spec.options
                   if o.choices and o.name in options})
    values.update({"stake": str(view.played.table.stake), "currency": gs.currency})
    values.update({f"team-{k}": name for k, name in enumerate(view.played.table.seating.team_names, start=1)})
    return values


def result_of(gs: GameSession) -> dict[str, Any]:
    """The result object ``scorekeeper replay --json`` prints for this session's file."""
    return result_json(played(gs))
