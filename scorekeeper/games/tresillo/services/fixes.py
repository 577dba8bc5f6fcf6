"""Fixing the evening: delete any hand, insert a forgotten one, correct a dealer or the seating, undo, reopen.

A change is planned on the list of hand objects, checked by replaying the
whole session, shown as a preview (the hands whose figures change and each
player's money before and after) and only then applied, in one transaction
with its history entry. Every change request carries its own key: a re-sent
copy finds the entry its first copy wrote and is reported as done.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ....core.errors import SessionError
from ....db import db
from ....i18n import _
from ....models import GameSession, HistoryEntry, now
from ....services import changes, history
from ....services.asked import Change
from ....services.changes import Plan
from ....services.limits import check_room_for_hand
from ....services.previews import ChangePreview, Reading, Standing, previewed, unchanged
from ....services.refusals import Refused, refused_from
from ....services.sessions import hand_data
from ....services.summaries import forget_summary, keep_summary
from ..engine import Ledger, Row
from ..game import SPEC
from ..views import SessionView, row_view
from .replays import Entry, entry_for, ledger_for
from .views import view_from

#: the changes that rewrite the list of hands, with a preview before they are confirmed (the platform's change
#: page, ``web/changes.py``)
HAND_CHANGES: tuple[str, ...] = ("delete", "insert", "dealer", "seating")


# ------------------------------------------------------------------ planning a change


def plan(change: Change, hands: list[dict[str, Any]]) -> Plan:
    """What ``change`` makes of ``hands`` (not yet checked by the engine)."""
    n = change.number
    last = len(hands) + (1 if change.kind == "insert" else 0)
    if not 1 <= n <= last:
        raise Refused("hand", _("There is no hand {n} in this session (it has {count}).").format(
            n=n, count=len(hands)), status=404)
    i = n - 1
    if change.kind == "delete":
        return _plan_delete(hands, i)
    if change.kind == "insert":
        if change.deal is None:
            raise Refused("hand", _("Which hand should be inserted?"))
        check_room_for_hand(len(hands), "hand")
        return changes.inserted(hands, i, change.deal)
    return _plan_deal(change, hands, i)


def _plan_delete(hands: list[dict[str, Any]], i: int) -> Plan:
    """Remove hand ``i`` (the platform's delete); a seating change it carried moves to the hand that takes its
    place."""
    p = changes.removed(hands, i)
    gone = hands[i]
    if "seating" in gone and i < len(p.hands) and "seating" not in p.hands[i]:
        p.hands[i]["seating"] = gone["seating"]
    return p


def _plan_deal(change: Change, hands: list[dict[str, Any]], i: int) -> Plan:
    """Hand ``i`` was dealt by ``change.dealer`` (in a new seating); the deal passes on from there.

    The later hands lose their recorded dealer up to the next seating change,
    so the replay passes the deal on from the corrected one; the result's
    dealers are then recorded again (:func:`record_dealers`).
    """
    if change.dealer is None:
        raise Refused("dealer", _("Who dealt this hand?"))
    new = [dict(h) for h in hands]
    new[i]["dealer"] = change.dealer
    if change.kind == "seating":
        if change.seating is None:
            raise Refused("seating", _("Give the seating, seat by seat."))
        new[i]["seating"] = list(change.seating)
    for h in new[i + 1:]:
        if "seating" in h:
            break
        h.pop("dealer", None)
    return Plan(new, list(range(len(hands))), i)


def record_dealers(hands: list[dict[str, Any]], ledger: Ledger) -> list[dict[str, Any]]:
    """Every hand records who dealt it, as the replay placed the deal."""
    return [dict(h, dealer=r.dealer) for h, r in zip(hands, ledger.results, strict=True)]


@dataclass(frozen=True)
class Checked:
    """A planned change replayed once: the hands to store (dealers recorded), the ledger before and after."""

    plan: Plan
    before: Ledger
    after: Ledger


def checked(gs: GameSession, p: Plan, entry: Entry | None = None) -> Checked:
    """Replay the planned hands from the first one the change touches (one replay of the session, or
    none when ``entry`` is the caller's replay paused there); the engine's refusal names the hand and field."""
    if entry is None or entry.number != p.first + 1 or entry.hands != hand_data(gs):
        entry = entry_for(gs, p.first + 1)
    try:
        after = entry.then(p.hands[p.first:])
    except SessionError as exc:
        raise refused_from(exc) from None
    return Checked(replace(p, hands=record_dealers(p.hands, after)), entry.ledger, after)


# ------------------------------------------------------------------ the preview


def preview_change(gs: GameSession, change: Change, entry: Entry | None = None) -> ChangePreview:
    """The hands whose figures change and each player's money, before and after ``change`` (the platform's
    preview, :mod:`services.previews`)."""
    hands = hand_data(gs)
    try:
        p = plan(change, hands)
    except Refused as exc:
        if exc.status == 404:  # the hand is gone: the page says so on its own
            raise
        return ChangePreview(refusal=exc.message)  # e.g. an insert into a full session
    same = unchanged(p, hands)
    if same is not None:
        return same
    try:
        done = checked(gs, p, entry)
    except Refused as exc:
        return ChangePreview(refusal=exc.message)
    return compared(gs, done)


def compared(gs: GameSession, done: Checked) -> ChangePreview:
    """The preview of a checked change, from the ledgers before and after it (the platform's
    :func:`previews.previewed`): the hand rows compared by their figures, each player's bowl and money."""
    return previewed(_ledger_reading(gs), done.before, done.after, done.plan)


def _played(ledger: Ledger) -> list[Row]:
    return [r for r in ledger.rows if r.kind == "hand"]


def _row_figures(r: Row) -> tuple[Any, ...]:
    """What the table sees of a hand row: who dealt, the bowls, the plato, the pajaritos, the paper, the play."""
    res = r.result
    paper = tuple((p, tuple((d.amount, d.crossed) for d in debts)) for p, debts in r.paper_by_player().items()
                  if debts)
    return (r.dealer, r.bowls_tuple, r.plato, r.pajaritos, paper,
            None if res is None else (res.in_play, res.outcome))


def _standing(view: SessionView) -> tuple[Standing, ...]:
    """Each player's bowl (Tresillo's score) and money, as the session would be settled now."""
    money = dict(view.settlement.money)
    return tuple((p.name, p.bowl, money[p.name]) for p in view.table)


def _ledger_reading(gs: GameSession) -> Reading[Ledger, Row]:
    """Tresillo's ledger, as the platform's preview reads it: its hand rows, shown in words."""
    return Reading(rows=_played, figures=_row_figures, shown=lambda _ledger, r: row_view(r),
                   standing=lambda ledger: _standing(view_from(gs, ledger)))


# ------------------------------------------------------------------ applying a change


@dataclass(frozen=True)
class Applied:
    """A change made, or found already made (a re-sent request: ``already``)."""

    entry: HistoryEntry
    already: bool = False


def apply_change(gs: GameSession, change: Change, *, key: str, version: int | None, phone: str) -> Applied:
    """Make a previewed change, once (the platform's :func:`changes.change`, which also refuses one that changes
    nothing): a re-sent copy (same key) returns the first one's entry."""
    changes.require_key(key)
    entry, done = changes.change(gs, change.kind, change.number, key=key, phone=phone, version=version,
                                 plan=lambda hands: plan(change, hands), check=_checks(gs),
                                 made_from="preview", present=change.kind != "insert")
    return Applied(entry, done is None)


def _checks(gs: GameSession) -> changes.Check[Checked]:
    """Tresillo's check of a planned change (:func:`checked`): the hands stored with their dealers recorded."""
    def check(p: Plan) -> tuple[Plan, Checked]:
        done = checked(gs, p)
        return done.plan, done

    return check


# ------------------------------------------------------------------ undo and reopen


def undo(gs: GameSession, seq: int, *, key: str, phone: str, version: int | None = None) -> Applied:
    """Take back change ``seq`` (the latest change): once, whatever the network repeats (the platform's
    :func:`changes.undo`); ``version``: the session's version the asking page was made at, if it says."""
    entry, already, _done = changes.undo(gs, seq, key=key, phone=phone, check=_checks(gs), version=version,
                                         closing=lambda target: _undo_closing(gs, target))
    return Applied(entry, already)


def _undo_closing(gs: GameSession, target: HistoryEntry) -> dict[str, Any]:
    """Undo an end (the session is open again) or a reopen (it is closed again, as it was)."""
    if target.kind == "end":
        return _set_closed(gs, False, gs.end_paper)
    return _set_closed(gs, True, str((target.before or {}).get("paper", gs.end_paper)))


def _set_closed(gs: GameSession, closed: bool, paper: str) -> dict[str, Any]:
    """Close or reopen the session; a closed evening's summary is kept, a reopened one's dropped."""
    gs.closed = closed
    gs.closed_at = now() if closed else None
    gs.end_paper = paper
    gs.version += 1
    if closed:
        keep_summary(gs)
    else:
        forget_summary(gs)
    return {"closed": True, "paper": paper} if closed else {"closed": False}


def closed_state(gs: GameSession) -> dict[str, Any]:
    return {"closed": True, "paper": gs.end_paper} if gs.closed else {"closed": False}


def reopen(gs: GameSession, *, key: str, version: int, phone: str) -> Applied:
    """Open a closed session again (from its page); recorded in the history."""
    done = changes.begun(gs, key)
    if done is not None:
        return Applied(done, True)
    changes.require_key(key)
    if not gs.closed:
        last = history.latest(gs)
        if last is not None and last.kind in ("reopen", "undo"):
            raise Refused("session", _("This session is already open ({what}): nothing to reopen.").format(
                what=history.told(last)), status=409)
        raise Refused("session", _("This session is already open: nothing to reopen."), status=409)
    changes.check_version(gs, version, "page")
    before = closed_state(gs)
    after = _set_closed(gs, False, gs.end_paper)
    entry = history.record(gs, "reopen", key=key, phone=phone, before=before, after=after)
    db.session.commit()
    return Applied(entry)


def later_sessions_took_the_paper(gs: GameSession) -> bool:
    """The group started another session after this one closed keeping its paper (reopening won't reach it)."""
    if not gs.closed or gs.end_paper != "keep":
        return False
    return any(o.id != gs.id and o.game == SPEC.name and o.created_at >= (gs.closed_at or gs.created_at)
               for o in gs.group.sessions)


def deal_at(gs: GameSession, number: int) -> tuple[str, tuple[str, ...]]:
    """Who dealt hand ``number`` (as recorded; replayed only for a hand stored without it) and the
    seating it was dealt in."""
    hands = hand_data(gs)
    if not 1 <= number <= len(hands):
        raise Refused("hand", _("There is no hand {n} in this session (it has {count}).").format(
            n=number, count=len(hands)), status=404)
    seating = tuple(gs.players)
    for h in hands[:number]:
        if isinstance(h.get("seating"), list):
            seating = tuple(h["seating"])
    recorded = hands[number - 1].get("dealer")
    if isinstance(recorded, str):
        return recorded, seating
    return ledger_for(gs, hands).results[number - 1].dealer, seating
