"""The table's changes, for every game: planned on the list of stored deals, checked against the session's
version (compare-and-swap), stored in one go, taken back by an undo, and told in words.

Moved here from Tresillo's fixes (``games/tresillo/services/fixes.py`` uses it unchanged): a change is a
:class:`Plan` (the deals after it and where each came from), applied by :func:`store_plan` (the stored
records moved, changed, added or removed, the version bumped), and an undo is the plan :func:`inverse`
makes of the change's history entry. A page made at an older version is refused with what other phones
did meanwhile (:func:`check_version`). What a change did is told in words by :mod:`.deal_words`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from ..core import domains
from ..db import db
from ..i18n import N_, _, ngettext
from ..models import GameSession, HandRecord, HistoryEntry, new_token, now
from . import history
from .played import counts_hands
from .refusals import Conflict, Refused
from .sessions import check_open, hand_data, lock_session

C = TypeVar("C")

# ------------------------------------------------------------------ planning and storing a change


@dataclass(frozen=True)
class Plan:
    """The hands after a change, and where each came from (``None``: a new hand)."""

    hands: list[dict[str, Any]]
    origin: list[int | None]
    first: int  # the first position (0-based) the change touches
    removed: tuple[int, ...] = ()  # positions (before) of hands that are gone

    def changes_nothing(self, stored: Sequence[Mapping[str, Any]]) -> bool:
        """Whether the hands after the change are the ``stored`` ones (a fix saved untouched): refused by the
        preview and by the save alike."""
        return self.hands == list(stored)

    def pairs(self) -> list[tuple[int | None, int | None]]:
        """The hands the change can touch, in order, as (place before, place after): a kept hand's two places
        from :attr:`first` on, an inserted one's ``(None, j)``, a removed one's ``(i, None)`` just before the hand
        that took its place. Hands before :attr:`first` replay from the same inputs: never compared."""
        found: list[tuple[int, bool, int | None, int | None]] = [
            (j, True, self.origin[j], j) for j in range(self.first, len(self.origin))]
        found.extend((i, False, i, None) for i in self.removed)
        return [(was, now_) for _, _, was, now_ in sorted(found, key=lambda t: (t[0], t[1]))]


def replaced(hands: Sequence[Mapping[str, Any]], i: int, hand: Mapping[str, Any]) -> Plan:
    """Hand ``i`` (0-based) in place of the one stored there."""
    new = [dict(h) for h in hands]
    new[i] = dict(hand)
    return Plan(new, list(range(len(hands))), i)


def removed(hands: Sequence[Mapping[str, Any]], i: int) -> Plan:
    """Hand ``i`` gone; the later ones move up one."""
    return Plan([dict(h) for k, h in enumerate(hands) if k != i], [*range(i), *range(i + 1, len(hands))], i, (i,))


def inserted(hands: Sequence[Mapping[str, Any]], i: int, hand: Mapping[str, Any]) -> Plan:
    """``hand`` put in as hand ``i`` (0-based); the later ones move down one."""
    new = [dict(h) for h in hands]
    new.insert(i, dict(hand))
    return Plan(new, [*range(i), None, *range(i, len(hands))], i)


def store_plan(gs: GameSession, p: Plan, key: str) -> None:
    """Make the stored hands equal ``p.hands``: kept records move and change, new ones get the key."""
    records = list(gs.hands)
    kept = {o for o in p.origin if o is not None}
    for i, rec in enumerate(records):
        if i not in kept:
            gs.hands.remove(rec)
            db.session.delete(rec)
    db.session.flush()
    for j, (data, origin) in enumerate(zip(p.hands, p.origin, strict=True)):
        if origin is None:
            db.session.add(HandRecord(session=gs, position=j, data=data, idem_key=key if j == p.first
                                      else f"{key}-{j}"))
            continue
        rec = records[origin]
        if rec.position != j:
            rec.position = j
        if rec.data != data:
            rec.data = data
    gs.version += 1


def made(gs: GameSession, kind: str, number: int, old: list[dict[str, Any]], p: Plan, *, key: str,
         phone: str) -> HistoryEntry:
    """Store change ``p`` of the hands ``old`` (already checked by the game's replay) as change ``kind`` of hand
    ``number``, with its history entry, and commit both at once: nothing half-saved."""
    store_plan(gs, p, key)
    entry = history.record(gs, kind, key=key, phone=phone, hand=number, **_sides(kind, number - 1, old, p.hands))
    db.session.commit()
    return entry


#: what a game makes of a planned change of the deals: its engine's replay of them (raising Refused), as
#: the plan to store (a game may record more than was asked: Tresillo's dealers) and what the replay made (a
#: replay to keep as the new version's, the figures a page shows)
Check = Callable[[Plan], tuple[Plan, C]]


def change(gs: GameSession, kind: str, number: int, *, key: str, phone: str, version: int | None,
           plan: Callable[[list[dict[str, Any]]], Plan], check: Check[C], made_from: str = "page",
           present: bool = True) -> tuple[HistoryEntry, C | None]:
    """A change of the deals (a fix, a delete, an insert; Tresillo's dealer and seating), for every game, made
    once whatever the network repeats: the session locked; a re-sent copy (same ``key``) answered with its first
    copy's entry (and None); a closed session refused; the page's ``version`` compared (``present``: deal
    ``number`` must be stored, and one gone since the page was opened is said so, never taken for the one now
    in its place); the change planned on the stored deals (one that changes nothing refused,
    :func:`unchanged_refused`), checked by the game's ``check``, and stored with its history entry at once.
    Answers the entry and what ``check`` made. A request without a key is never taken for a copy of another."""
    key = key or new_token()
    done = begun(gs, key)
    if done is not None:
        return done, None
    check_open(gs)
    if present:
        check_current(gs, number, version, made_from)
        stored_at(gs, number)
    else:
        check_version(gs, version, made_from)
    old = hand_data(gs)
    stored, checked = check(unchanged_refused(plan(old), old))
    return made(gs, kind, number, old, stored, key=key, phone=phone), checked


def unchanged_refused(p: Plan, old: list[dict[str, Any]]) -> Plan:
    """A change that leaves the deals as they are stored (a fix saved untouched) is refused, for every game:
    no history entry, no new version (which would make the other phones reload, and their open forms stale,
    for nothing)."""
    if p.changes_nothing(old):
        raise Refused("change", _("That is how it is recorded already: nothing was changed."))
    return p


def _sides(kind: str, i: int, old: list[dict[str, Any]], new: list[dict[str, Any]]) -> dict[str, Any]:
    """What the history keeps of a change of hand ``i``: the hand deleted, inserted or fixed (before and after);
    for a change of several hands (a dealer, a seating), the hands from ``i`` to the last one it changed."""
    if kind == "delete":
        return {"before": old[i]}
    if kind == "insert":
        return {"after": new[i]}
    if kind == "edit":
        return {"before": old[i], "after": new[i]}
    end = last_differing(old, new, i)
    return {"before": {"hands": old[i:end]}, "after": {"hands": new[i:end]}}


def last_differing(old: list[dict[str, Any]], new: list[dict[str, Any]], start: int) -> int:
    """One past the last position where ``old`` and ``new`` differ (same length, from ``start``)."""
    end = start + 1
    for k in range(start, len(new)):
        if old[k] != new[k]:
            end = k + 1
    return end


# ------------------------------------------------------------------ undo


def inverse(target: HistoryEntry, hands: list[dict[str, Any]]) -> Plan:
    """The plan that takes ``target`` back, after checking the hands are still as it left them."""
    i = (target.hand or 1) - 1
    moved = Refused("change", _("The hands are no longer as this change left them; nothing was undone."),
                    status=409)
    if target.kind in ("add", "insert"):
        if i >= len(hands) or hands[i] != target.after:
            raise moved
        return Plan([h for k, h in enumerate(hands) if k != i], [*range(i), *range(i + 1, len(hands))], i, (i,))
    if target.kind == "delete":
        new = [*hands[:i], dict(target.before or {}), *hands[i:]]
        return Plan(new, [*range(i), None, *range(i, len(hands))], i)
    if target.kind == "edit":
        if i >= len(hands) or hands[i] != target.after:
            raise moved
        return Plan([*hands[:i], dict(target.before or {}), *hands[i + 1:]], list(range(len(hands))), i)
    was, now_ = (target.before or {}).get("hands", []), (target.after or {}).get("hands", [])
    if hands[i:i + len(now_)] != now_:
        raise moved
    return Plan([*hands[:i], *was, *hands[i + len(now_):]], list(range(len(hands))), i)


def undone(gs: GameSession, target: HistoryEntry, p: Plan | None, *, key: str, phone: str,
           after: Any = None) -> HistoryEntry:
    """Change ``target`` taken back, with the undo's history entry (the sides of ``target`` swapped), committed
    at once. ``p``: the inverse of a change of the hands (:func:`inverse`, checked by the game's replay), stored
    here; None for an end or a reopen, whose state the caller set (the version raised), ``after`` saying it
    when it is not ``target``'s before."""
    if p is not None:
        store_plan(gs, p, key)
    entry = history.record(gs, "undo", key=key, phone=phone, hand=target.hand, before=target.after,
                           after=target.before if after is None else after, undoes=target.seq)
    db.session.commit()
    return entry


def begin_undo(gs: GameSession, seq: int, key: str, version: int | None = None) -> tuple[HistoryEntry, bool]:
    """Lock the session for an undo of change ``seq``: ``(the undo made, True)`` when a re-sent copy of this
    request (same key) or another undo already took it back, else ``(change seq, False)``, the latest change,
    to take back now. ``version``: the session's version the undo page was made at (None: a one-tap undo,
    which names the change it takes back)."""
    done = begun(gs, key)
    if done is not None:
        return done, True
    require_key(key)
    already = undone_by(gs, seq)
    if already is not None:
        return already, True
    check_version(gs, version)
    return undo_target(gs, seq), False


def undo(gs: GameSession, seq: int, *, key: str, phone: str, check: Check[C],
         closing: Callable[[HistoryEntry], Any], version: int | None = None) -> tuple[HistoryEntry, bool, C | None]:
    """Take back change ``seq``, the last one, for every game, once whatever the network repeats: ``(the undo's
    entry, whether a re-sent copy or another undo already made it, what the game's ``check`` made)``. An end (or
    Tresillo's reopen) is taken back by ``closing(target)``, which sets the session's state (the version
    raised) and says it (None: the target's before); a change of the deals by its inverse, checked by the game
    (the deals after it must still stand)."""
    target, already = begin_undo(gs, seq, key, version)
    if already:
        return target, True, None
    if target.kind in ("end", "reopen"):
        return undone(gs, target, None, key=key, phone=phone, after=closing(target)), False, None
    check_open(gs)
    stored, checked = check(inverse(target, hand_data(gs)))
    return undone(gs, target, stored, key=key, phone=phone), False, checked


def end(gs: GameSession, *, key: str, phone: str, version: int | None, made_from: str = "page",
        said: Callable[[], Mapping[str, Any]] = dict, closed: Callable[[], object] = lambda: None,
        ) -> tuple[HistoryEntry, bool]:
    """Close the session, for every game, once whatever the network repeats: ``(the end's entry, whether this
    request made it)``. A closed session and a page made at another version are refused; ``said()`` is the
    game's own part of the end, checked before anything changes and kept by the entry (Tresillo's paper,
    settled or kept); ``closed()`` what the game keeps of the closed session in the same commit (Tresillo's
    evening summary). A request without a key is never taken for a copy of another."""
    key = key or new_token()
    done = begun(gs, key)
    if done is not None:
        return done, False
    check_open(gs)
    check_version(gs, version, made_from)
    own = said()
    gs.closed = True
    gs.closed_at = now()
    gs.version += 1
    entry = history.record(gs, "end", key=key, phone=phone, before={"closed": False}, after={"closed": True, **own})
    closed()
    db.session.commit()
    return entry, True


def undone_by(gs: GameSession, seq: int) -> HistoryEntry | None:
    """The undo that took change ``seq`` back, if one did."""
    return next((e for e in history.entries(gs) if e.kind == "undo" and e.undoes == seq), None)


def undo_target(gs: GameSession, seq: int) -> HistoryEntry:
    """Change ``seq``, if it is the one an undo may take back now (the latest, not itself an undo)."""
    target = history.entry_by_seq(gs, seq)
    if target is None:
        raise Refused("change", _("There is no change {seq} in this session's history.").format(seq=seq),
                      status=404)
    latest = history.undoable(gs)
    if latest is None or latest.seq != seq:
        since = history.told_since(gs, target.version)
        raise Refused("change", _("Only the last change can be undone, and this one is no longer the last: "
                                  "since then, {since}. Nothing was undone.").format(since=since), status=409)
    return target


# ------------------------------------------------------------------ keys and versions


def begun(gs: GameSession, key: str) -> HistoryEntry | None:
    """Lock the session (its writers one at a time) for a change; the change a re-sent copy of this request
    (same key) made, if it was made: found under the lock, so twins arriving at once make it once."""
    lock_session(gs)
    return history.entry_by_key(gs, key)


def require_key(key: str) -> None:
    """A change request carries its own key (a re-sent copy is recognised by it)."""
    try:
        domains.FORM_KEY.check(key)
    except domains.OutOfDomain:
        raise Refused("change", _("This form is damaged (it has no key). Go back, reload the page and "
                                  "ask again.")) from None


#: what a stale request says, by what it was made from (``preview`` or ``page``): with what other phones
#: did (from the history), or without it
STALE: dict[str, tuple[str, str | None]] = {
    "preview": (N_("Nothing was changed: since this preview was shown, {what}. Look at the figures below "
                   "before you confirm."),
                N_("Nothing was changed: the session changed on another phone since this preview was shown. "
                   "Look again before you confirm.")),
    "page": (N_("Nothing was changed: since this page was opened, {what}. Look at the figures below "
                "before you confirm."),
             N_("Nothing was changed: the session changed on another phone since this page was opened. "
                "Look again before you confirm.")),
    # a hand form (Tresillo's): without the history's words it says the session was changed elsewhere
    "form": (N_("Nothing was saved: since you opened this page, {what}. "
                "Reload to see the hands as they are now, then make your change again if it is still needed."),
             None),
}


def stale(gs: GameSession, version: int, made_from: str) -> str:
    """Another phone changed the session: say what it did (from the history)."""
    what = history.told_since(gs, version)
    told, untold = STALE[made_from]
    if what:
        return _(told).format(what=what)
    if untold is None:
        return _(told).format(what=_("the session was changed on another phone"))
    return _(untold)


def check_version(gs: GameSession, version: int | None, made_from: str = "page") -> None:
    """Compare-and-swap: a page made at another version of the session changes nothing (409), saying what
    other phones did since. ``None``: a form without a version (a page from before versions were carried)."""
    if version is not None and version != gs.version:
        raise Conflict(stale(gs, version, made_from))


def check_current(gs: GameSession, number: int, version: int | None, made_from: str = "page") -> None:
    """Compare-and-swap for a change of hand ``number``: a page made at another version changes nothing (409);
    a hand gone since the page was opened is told so (:func:`gone_words`, 409), never taken for the one now in
    its place."""
    if version is not None and version != gs.version and not 1 <= number <= len(gs.hands):
        raise Refused(_entry_field(gs), gone_words(gs, number, version), status=409)
    check_version(gs, version, made_from)


def _entry_field(gs: GameSession) -> str:
    """The field a refusal of a whole hand (or deal) names, in the game's word for it."""
    return "hand" if counts_hands(gs.game) else "deal"


def stored_at(gs: GameSession, number: int) -> HandRecord:
    """Hand (or deal) ``number`` as stored; one that is not there is refused (404), in the game's word."""
    if 1 <= number <= len(gs.hands):
        return gs.hands[number - 1]
    said = (_("There is no hand {n}.") if counts_hands(gs.game) else _("There is no deal {n}.")).format(n=number)
    raise Refused(_entry_field(gs), said, status=404)


def gone_words(gs: GameSession, number: int, version: int | None = None) -> str:
    """Hand (or deal) ``number`` is no longer in the session: what other phones did since the page was opened
    (or what took it away, :func:`what_took`), in the game's words."""
    what = what_took(gs, number, version)
    count = len(gs.hands)
    if counts_hands(gs.game):
        return _hands_gone(number, what, count)
    if what:
        return ngettext("There is no deal {n} any more: since this page was opened, {what}. The game has {count} "
                        "deal now; nothing was changed.",
                        "There is no deal {n} any more: since this page was opened, {what}. The game has {count} "
                        "deals now; nothing was changed.", count).format(n=number, what=what, count=count)
    return ngettext("There is no deal {n} any more. The game has {count} deal now; nothing was changed.",
                    "There is no deal {n} any more. The game has {count} deals now; nothing was changed.",
                    count).format(n=number, count=count)


def _hands_gone(number: int, what: str, count: int) -> str:
    """:func:`gone_words` of an evening of hands (which points to the list of all hands)."""
    if what:
        return ngettext(
            "There is no hand {n} in this session any more: since this page was opened, {what}. It has {count} "
            "hand now; nothing was changed. Look at all hands to see where things stand.",
            "There is no hand {n} in this session any more: since this page was opened, {what}. It has {count} "
            "hands now; nothing was changed. Look at all hands to see where things stand.", count,
        ).format(n=number, what=what, count=count)
    return ngettext(
        "There is no hand {n} in this session any more. It has {count} hand now; nothing was changed. "
        "Look at all hands to see where things stand.",
        "There is no hand {n} in this session any more. It has {count} hands now; nothing was changed. "
        "Look at all hands to see where things stand.", count,
    ).format(n=number, count=count)


def what_took(gs: GameSession, number: int, version: int | None) -> str:
    """What other phones did since ``version`` (None: the page's version is not known), in words; else the
    last change that could have taken hand ``number`` away (a delete or an undo at or before it); else ""."""
    what = history.told_since(gs, version) if version is not None else ""
    if not what:
        gone = [e for e in history.entries(gs) if e.kind in ("delete", "undo") and (e.hand or 0) <= number]
        what = history.told(gone[-1]) if gone else ""
    return what
