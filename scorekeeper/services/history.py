"""The history of a session: an append-only log of every change, who made it and what it changed.

It is an input record, like the hands: the app appends one entry per change
(add, edit, delete, insert, dealer, seating, end, reopen, undo) and never
changes or removes one (:class:`~scorekeeper.models.AppendOnly` guards the
rows). Each entry keeps the change request's key, so a re-sent copy of a
request finds its entry and is reported as already done. The log travels in
the session file (``"history"``) and comes back with an import.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import Select, func, select

from .. import formats
from ..core import domains
from ..db import db, unwritten
from ..games import GAMES
from ..games.views import pieces_for
from ..i18n import N_, _, current_language, ngettext
from ..models import GameSession, HistoryEntry, now
from ..words import refusal
from . import deal_words
from .kept import Kept
from .played import counts_hands, service_of
from .refusals import Refused

#: the kinds of change, in the order the History page explains them
KINDS = ("add", "edit", "delete", "insert", "dealer", "seating", "end", "reopen", "undo")
#: what a change key and a phone name may be (the columns' lengths: domains.FORM_KEY, domains.PHONE_NAME)
KEY_MAX = domains.FORM_KEY.most
PHONE_MAX = domains.PHONE_NAME.most
#: the fields of one change in a session file's history
ENTRY_FIELDS = frozenset({"seq", "at", "phone", "kind", "key", "hand", "before", "after", "undoes"})
#: the most entries a session file may carry (far beyond any evening: each hand is one entry)
HISTORY_MAX = 20_000


def record(
    gs: GameSession,
    kind: str,
    *,
    key: str,
    phone: str,
    hand: int | None = None,
    before: Any = None,
    after: Any = None,
    undoes: int | None = None,
    last: int | None = None,
) -> HistoryEntry:
    """Append one entry (in the caller's transaction; the caller commits).

    ``last`` is the log's last ``seq`` (0: empty) when the caller read it already under the session's
    lock (:func:`last_seq`); else it is read here.
    """
    assert kind in KINDS, kind
    if last is None and gs.id is not None:
        last = db.session.scalar(last_seq(gs.id))
    entry = HistoryEntry(
        session=gs, seq=(last or 0) + 1, at=now().replace(microsecond=0), phone=phone[:PHONE_MAX], kind=kind, hand=hand,
        before=before, after=after, key=key[:KEY_MAX], undoes=undoes, version=gs.version,
    )
    db.session.add(entry)
    return entry


def last_seq(session_id: Any) -> Select[int | None]:
    """The statement that reads the last ``seq`` of a session's log (None: no entry yet); ``session_id`` is
    its id, or a bound parameter standing for it in a statement built once."""
    return select(func.max(HistoryEntry.seq)).where(HistoryEntry.session_id == session_id)


def entries(gs: GameSession) -> list[HistoryEntry]:
    """The whole log, oldest first."""
    return list(db.session.scalars(
        select(HistoryEntry).where(HistoryEntry.session_id == gs.id).order_by(HistoryEntry.seq)
    ))


def entry_by_key(gs: GameSession, key: str) -> HistoryEntry | None:
    """The change made by the request with this key, if it was made."""
    if not key or gs.id is None:
        return None
    return db.session.scalars(keyed(gs.id, key[:KEY_MAX])).first()


def keyed(session_id: Any, key: Any) -> Select[HistoryEntry]:
    """The statement that finds a session's entry of the change made with ``key`` (cut to :data:`KEY_MAX`, as
    :func:`record` keeps it); either may be a bound parameter, in a statement built once."""
    return select(HistoryEntry).where(HistoryEntry.session_id == session_id, HistoryEntry.key == key)


def entry_by_seq(gs: GameSession, seq: int) -> HistoryEntry | None:
    return db.session.scalars(
        select(HistoryEntry).where(HistoryEntry.session_id == gs.id, HistoryEntry.seq == seq)
    ).first()


def latest(gs: GameSession) -> HistoryEntry | None:
    return db.session.scalars(
        select(HistoryEntry).where(HistoryEntry.session_id == gs.id).order_by(HistoryEntry.seq.desc()).limit(1)
    ).first()


def since(gs: GameSession, version: int) -> list[HistoryEntry]:
    """The changes made after the session was at ``version`` (what a stale page missed)."""
    return list(db.session.scalars(
        select(HistoryEntry).where(HistoryEntry.session_id == gs.id, HistoryEntry.version > version)
        .order_by(HistoryEntry.seq)
    ))


def undoable(gs: GameSession) -> HistoryEntry | None:
    """The change a one-tap undo takes back: the latest one, unless it is itself an undo."""
    return _taken_back(latest(gs))


def _taken_back(entry: HistoryEntry | None) -> HistoryEntry | None:
    """The change an undo after ``entry`` (the latest) would take back: ``entry``, unless it is an undo."""
    return entry if entry is not None and entry.kind != "undo" else None


# ------------------------------------------------------------------ phones


def clean_phone(raw: str | None) -> str:
    """A phone's own name (``Ana's phone``) in its domain's one form (:data:`domains.PHONE_NAME`); else ''."""
    try:
        return domains.PHONE_NAME.clean(raw)
    except domains.OutOfDomain:
        return ""


# ------------------------------------------------------------------ words


def phone_words(phone: str) -> str:
    return phone or _("a phone with no name")


def local_time(at: datetime, *, day: bool = False) -> str:
    """The time of a change on the server's clock (the server sits at, or near, the table)."""
    local = at.replace(tzinfo=UTC).astimezone()
    return formats.date_time(local) if day else formats.time(local)


#: each kind of change in words (a sentence part: ``hand 3 deleted``)
WHAT = {
    "add": N_("hand {n} entered"), "edit": N_("hand {n} fixed"), "delete": N_("hand {n} deleted"),
    "insert": N_("a hand inserted as hand {n}"), "dealer": N_("the dealer corrected from hand {n} on"),
    "seating": N_("the seating changed from hand {n} on"), "end": N_("the session ended"),
    "reopen": N_("the session reopened"), "undo": N_("change {undoes} undone"),
}


#: the same, for the games the platform keeps: their deals are deals
DEAL_WHAT = {
    "add": N_("deal {n} entered"), "edit": N_("deal {n} fixed"), "delete": N_("deal {n} deleted"),
    "insert": N_("a deal inserted as deal {n}"), "end": N_("the game ended"), "undo": N_("change {undoes} undone"),
}


def what_words(entry: HistoryEntry) -> str:
    """One line for an entry: ``hand 3 deleted`` (``deal 3 deleted`` in a game without services of its own)."""
    words = (WHAT if counts_hands(entry.session.game) else DEAL_WHAT).get(entry.kind)
    return _(words).format(n=entry.hand, undoes=entry.undoes) if words else entry.kind


def told(entry: HistoryEntry) -> str:
    """``hand 3 deleted on Ana's phone at 21:42``: what happened, by whom, when."""
    return _("{what} on {phone} at {time}").format(what=what_words(entry), phone=phone_words(entry.phone),
                                                   time=local_time(entry.at))


def told_since(gs: GameSession, version: int) -> str:
    """What other phones did since ``version``, in one sentence part (empty when nothing is logged)."""
    missed = since(gs, version)
    if not missed:
        return ""
    shown = "; ".join(told(e) for e in missed[-3:])
    if len(missed) <= 3:
        return shown
    more = len(missed) - 3
    return ngettext("{changes} and {n} more change", "{changes} and {n} more changes", more).format(
        changes=shown, n=more)


# ------------------------------------------------------------------ the session file


def history_json(gs: GameSession) -> list[dict[str, Any]]:
    """The log as the session file carries it (``version`` is local and stays behind)."""
    out = []
    for e in entries(gs):
        item: dict[str, Any] = {"seq": e.seq, "at": e.at.replace(microsecond=0).isoformat() + "Z",
                                "phone": e.phone, "kind": e.kind, "key": e.key}
        optional = {"hand": e.hand, "before": e.before, "after": e.after, "undoes": e.undoes}
        item.update((k, v) for k, v in optional.items() if v is not None)
        out.append(item)
    return out


@dataclass(frozen=True)
class LoggedChange:
    """One entry of a session file's history, checked and ready to store."""

    seq: int
    at: datetime
    phone: str
    kind: str
    key: str
    hand: int | None
    before: Any
    after: Any
    undoes: int | None


AT_EXAMPLE = '"2026-11-23T21:42:00Z"'


def load_history(raw: Any) -> list[LoggedChange]:
    """The ``"history"`` of a session file; a damaged entry is refused naming it."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise Refused("file", _("history: give the history as a list of changes."))
    if len(raw) > HISTORY_MAX:
        raise Refused("file", _("history: at most {n} changes.").format(n=HISTORY_MAX))
    out: list[LoggedChange] = []
    keys: set[str] = set()
    for i, item in enumerate(raw):
        change = _logged(i, item, len(out) + 1)
        if change.key in keys:
            raise Refused("file", _("history[{i}].key: the key {key} is used twice.").format(i=i, key=repr(change.key)))
        keys.add(change.key)
        out.append(change)
    return out


def _logged(i: int, item: Any, seq: int) -> LoggedChange:
    where = f"history[{i}]"
    if not isinstance(item, Mapping):
        raise Refused("file", _("{where}: each change is an object.").format(where=where))
    unknown = sorted(str(k) for k in item if k not in ENTRY_FIELDS)
    if unknown:  # refused, never dropped: a misspelt field would lose what it said
        raise Refused("file", _("{where}: not a field of a change.").format(where=f"{where}.{unknown[0][:40]}"))
    if item.get("seq", seq) != seq:
        raise Refused("file", _("{where}: expected {seq} (the changes in order, from 1).").format(
            where=f"{where}.seq", seq=seq))
    kind = item.get("kind")
    if kind not in KINDS:
        raise Refused("file", _("{where}: one of {kinds}.").format(where=f"{where}.kind", kinds=", ".join(KINDS)))
    return LoggedChange(
        seq=seq,
        at=_at(where, item.get("at")),
        phone=_phone(f"{where}.phone", item.get("phone", "")),
        kind=kind,
        key=_key(f"{where}.key", item.get("key")),
        hand=_number(f"{where}.hand", item.get("hand")),
        before=_object(f"{where}.before", item.get("before")),
        after=_object(f"{where}.after", item.get("after")),
        undoes=_undoes(where, item.get("undoes"), seq),
    )


def _phone(where: str, v: Any) -> str:
    """The phone's name as it was recorded ('' for a phone that had not named itself)."""
    if v == "":
        return ""
    try:
        return domains.PHONE_NAME.clean(v)
    except domains.OutOfDomain as exc:
        raise Refused("file", _("{where}: {refusal}.").format(where=where, refusal=refusal(exc))) from None


def _key(where: str, v: Any) -> str:
    try:
        return domains.FORM_KEY.check(v)
    except domains.OutOfDomain:
        raise Refused("file", _("{where}: a key of 1 to 64 letters, digits, - or _.").format(where=where)) from None


def _at(where: str, v: Any) -> datetime:
    if not isinstance(v, str) or len(v) > 40:
        raise Refused("file", _("{where}: a time such as {example}.").format(where=f"{where}.at", example=AT_EXAMPLE))
    try:
        at = datetime.fromisoformat(v.removesuffix("Z"))
        if at.tzinfo is not None:
            at = at.astimezone(UTC).replace(tzinfo=None)  # year 1 an hour east of UTC: OverflowError
    except (ValueError, OverflowError):
        raise Refused("file", _("{where}: a time such as {example}.").format(
            where=f"{where}.at", example=AT_EXAMPLE)) from None
    return at


def _number(where: str, v: Any) -> int | None:
    if v is None:
        return None
    try:
        return domains.HAND_NUMBER.check(v)
    except domains.OutOfDomain as exc:
        raise Refused("file", _("{where}: {refusal}.").format(where=where, refusal=refusal(exc))) from None


def _undoes(where: str, v: Any, seq: int) -> int | None:
    if v is None:
        return None
    if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v < seq:
        raise Refused("file", _("{where}: the number of an earlier change.").format(where=f"{where}.undoes"))
    return v


def _object(where: str, v: Any) -> Any:
    """A hand object, ``{"hands": [...]}`` or a closed state, kept as it was.

    What an undo reads from it must have its shape (a list of hand objects,
    a paper that is settled or kept, closed true or false): the hands
    themselves are judged by the engine when an undo puts them back.
    """
    if v is None:
        return None
    if not isinstance(v, Mapping):
        raise Refused("file", _("{where}: an object or null.").format(where=where))
    hands = v.get("hands", [])
    if not isinstance(hands, list) or not all(isinstance(h, Mapping) for h in hands):
        raise Refused("file", _("{where}: a list of hand objects.").format(where=f"{where}.hands"))
    if v.get("paper", "settle") not in ("settle", "keep") or not isinstance(v.get("closed", False), bool):
        raise Refused("file", _('{where}: the paper is "settle" or "keep", closed is true or false.').format(
            where=where))
    return dict(v)


def keep_history(gs: GameSession, changes: list[LoggedChange]) -> None:
    """Store an imported log as it was (in the caller's transaction)."""
    for c in changes:
        db.session.add(HistoryEntry(
            session=gs, seq=c.seq, at=c.at, phone=c.phone, kind=c.kind, hand=c.hand,
            before=c.before, after=c.after, key=c.key, undoes=c.undoes, version=0,
        ))


# ------------------------------------------------------------------ the History page


@dataclass(frozen=True)
class LogLine:
    """One change as the History page shows it."""

    seq: int
    kind: str
    when: str
    phone: str
    what: str
    details: tuple[tuple[str, str], ...]  # (label, words): the hand before and after
    undone_by: int | None


@dataclass(frozen=True)
class HistoryView:
    lines: tuple[LogLine, ...]  # newest first
    undo: LogLine | None  # the change a one-tap undo takes back


def history_view(gs: GameSession, notes: Mapping[int, tuple[str, ...]] | None = None) -> HistoryView:
    """The whole log, newest first (the History page); ``notes``: by change, how it changed the game's
    outcome (a game's history page works them out: :func:`services.games.history_page`)."""
    log = entries(gs)
    undone = {e.undoes: e.seq for e in log if e.kind == "undo"}
    return _view(gs, log, {e.seq: e for e in log}, undone, notes=notes or {})


def recent_view(gs: GameSession, *seqs: int | None) -> HistoryView:
    """The lines of changes ``seqs`` only, and the change a one-tap undo takes back: what the table screen
    and a change's page show, read without the whole log (it grows by a change per hand saved).

    Without ``seqs`` (the table screen of every phone) it is the same for a whole version: read once
    per version, language and day and kept (:data:`KEPT_LAST_CHANGE`)."""
    if any(s is not None for s in seqs) or gs.id is None or not unwritten():
        return _recent_view(gs, seqs, latest(gs))
    key = _kept_key(gs)
    found = KEPT_LAST_CHANGE.get(key)
    if found is None:
        newest = latest(gs)
        found = _recent_view(gs, seqs, newest)
        if newest is not None and newest.version == gs.version:  # the log read is the log of this version
            KEPT_LAST_CHANGE.put(key, found)
    return found


def last_change_kept(gs: GameSession) -> bool:
    """Whether this version's last change was read as this version's and kept (by :func:`recent_view`):
    then what was drawn with it, such as a whole table screen, may be kept too."""
    return KEPT_LAST_CHANGE.get(_kept_key(gs)) is not None


def _kept_key(gs: GameSession) -> tuple[str, int, str, date]:
    return (gs.token, gs.version, current_language(), now().date())


#: the table screen's last change of each session version this process served
KEPT_LAST_CHANGE: Kept[tuple[str, int, str, date], HistoryView] = Kept(64)


def _recent_view(gs: GameSession, seqs: tuple[int | None, ...], newest: HistoryEntry | None) -> HistoryView:
    last = _taken_back(newest)
    wanted = {s for s in seqs if s is not None} | ({last.seq} if last is not None else set())
    if not wanted:
        return HistoryView((), None)
    if last is not None and wanted == {last.seq}:  # the newest change alone: no undo names it, it undoes none
        return _view(gs, [last], {last.seq: last}, {}, last)
    mine = HistoryEntry.session_id == gs.id
    log = list(db.session.scalars(select(HistoryEntry).where(mine, HistoryEntry.seq.in_(wanted))))
    undoing = db.session.execute(select(HistoryEntry.undoes, HistoryEntry.seq).where(
        mine, HistoryEntry.kind == "undo", HistoryEntry.undoes.in_(wanted)))
    undone: dict[int | None, int] = {undoes: seq for undoes, seq in undoing}
    named = {e.undoes for e in log if e.kind == "undo" and e.undoes is not None} - wanted
    others: list[HistoryEntry] = list(db.session.scalars(
        select(HistoryEntry).where(mine, HistoryEntry.seq.in_(named)))) if named else []
    by_seq = {e.seq: e for e in [*log, *others]}
    return _view(gs, sorted(log, key=lambda e: e.seq), by_seq, undone, last)


def _view(gs: GameSession, log: list[HistoryEntry], by_seq: dict[int, HistoryEntry],
          undone: Mapping[int | None, int], last: HistoryEntry | None = None,
          notes: Mapping[int, tuple[str, ...]] | None = None) -> HistoryView:
    """``log`` (oldest first) as lines, newest first; ``by_seq`` finds what an undo took back; ``notes``
    add, by change, how it changed the outcome."""
    today = now().date()
    told_hand = _hand_words(gs.game)
    said = notes or {}
    lines = tuple(
        LogLine(e.seq, e.kind, local_time(e.at, day=e.at.date() != today), phone_words(e.phone),
                _what_line(e, by_seq), _details(e, told_hand) + _outcome(said.get(e.seq)), undone.get(e.seq))
        for e in reversed(log)
    )
    last = last if last is not None else undoable(gs)
    return HistoryView(lines, next((ln for ln in lines if last is not None and ln.seq == last.seq), None))


def _outcome(said: tuple[str, ...] | None) -> tuple[tuple[str, str], ...]:
    return ((_("Outcome"), " ".join(said)),) if said else ()


def _what_line(e: HistoryEntry, by_seq: dict[int, HistoryEntry]) -> str:
    if e.kind == "undo" and e.undoes in by_seq:
        return _("undo of change {n} ({what})").format(n=e.undoes, what=what_words(by_seq[e.undoes]))
    return what_words(e)


#: a stored hand in words (one line), and what a fix of it changed (field by field)
HandWords = tuple[Callable[[Mapping[str, Any]], str], Callable[[Mapping[str, Any], Mapping[str, Any]], list[str]]]


def _hand_words(game: str) -> HandWords:
    """How the log of a session of ``game`` tells its hands: the game's own service says it; a game the
    platform alone plays tells a deal in its own line (or as the session file writes it), and a fix field
    by field (:func:`deal_words.deal_changes`)."""
    own = service_of(game)
    if own is not None:
        return own.hand_words, own.hand_changes
    pieces = pieces_for(GAMES[game]) if game in GAMES else None
    line = pieces.deal_line if pieces is not None else lambda deal: json.dumps(deal, ensure_ascii=False)
    return line, lambda before, after: deal_words.deal_changes(before, after, game)


def _details(e: HistoryEntry, told_hand: HandWords) -> tuple[tuple[str, str], ...]:
    hand_words, hand_changes = told_hand
    b, a = e.before, e.after
    if isinstance(b, Mapping) and "hands" in b or isinstance(a, Mapping) and "hands" in a:
        return _deal_details(e.hand or 1, _hands_of(b), _hands_of(a))
    if isinstance(b, Mapping) and "closed" in b or isinstance(a, Mapping) and "closed" in a:
        return ((_("Now"), _closed_words(a)),) if isinstance(a, Mapping) else ()
    out = []
    if isinstance(b, Mapping):
        out.append((_("Before"), hand_words(b)))
    if isinstance(a, Mapping):
        out.append((_("After"), hand_words(a)))
    if isinstance(b, Mapping) and isinstance(a, Mapping):
        changed = hand_changes(b, a)
        if changed:
            out.append((_("Changed"), "; ".join(changed)))
    return tuple(out)


def _hands_of(v: Any) -> list[Any]:
    hands = v.get("hands") if isinstance(v, Mapping) else None
    return list(hands) if isinstance(hands, list) else []


def _closed_words(state: Mapping[str, Any]) -> str:
    if not state.get("closed"):
        return _("open: hands can be entered and fixed")
    if state.get("paper") == "keep":
        return _("closed, the paper kept for next time")
    return _("closed, the paper settled")


def _deal_details(first: int, before: list[Any], after: list[Any]) -> tuple[tuple[str, str], ...]:
    """For a dealer or seating correction: each hand whose dealer or seating changed."""
    out = []
    for k, (b, a) in enumerate(zip(before, after, strict=False)):
        if not (isinstance(b, Mapping) and isinstance(a, Mapping)):
            continue
        bits = []
        if b.get("seating") != a.get("seating") and a.get("seating"):
            bits.append(_("seating {players}").format(players=", ".join(map(str, a["seating"]))))
        if b.get("dealer") != a.get("dealer"):
            bits.append(_("dealt by {dealer} (was {was})").format(dealer=a.get("dealer"), was=b.get("dealer")))
        if bits:
            out.append((_("Hand {n}").format(n=first + k), "; ".join(bits)))
    return tuple(out)


def find_change(gs: GameSession, key: str) -> HistoryEntry | None:
    """The change a request with this key made, if any (a re-sent copy is recognised by it)."""
    return entry_by_key(gs, key)


def history_time(entry: HistoryEntry) -> str:
    return local_time(entry.at)


def last_of_kind(gs: GameSession, kind: str) -> HistoryEntry | None:
    return db.session.scalars(
        select(HistoryEntry).where(HistoryEntry.session_id == gs.id, HistoryEntry.kind == kind)
        .order_by(HistoryEntry.seq.desc()).limit(1)
    ).first()
