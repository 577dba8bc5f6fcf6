"""A session of any game, as every game's services use it: found by its link, its stored hands counted and
read, the seats of a new one checked, a start or import form's key made once, the session's writers
serialised, a closed session refused, a file's new players.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy import Select, bindparam, func, inspect, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value

from ..core import domains
from ..core.domains import OutOfDomain
from ..db import begin_writing, db
from ..i18n import _
from ..models import GameSession, Group, HandRecord, Player
from ..words import refusal
from .groups import active_players, players_under_lock
from .limits import check_room_for_players
from .names import check_new_name
from .played import counts_hands
from .refusals import Refused, sentence

Made = TypeVar("Made", GameSession, HandRecord)


#: a session and its group by the session's link, built once: every page of a session asks it, and building the
#: statement anew cost a quarter to a third of the look-up (0.2-0.4 ms of CPU on SQLite, 0.7 ms on PostgreSQL)
SESSION_AND_GROUP = (select(GameSession, Group).join(Group, GameSession.group_id == Group.id)
                     .where(GameSession.token == bindparam("token")))


def find_session(token: str) -> GameSession | None:
    """The session behind a session link, or None; its group read in the same statement (every page
    names it and speaks its language), given to it as loaded, with no loader option that a later
    ``refresh(..., with_for_update=True)`` would carry into a locking read."""
    found = db.session.execute(SESSION_AND_GROUP, {"token": token}).first()
    if found is None:
        return None
    gs, group = found
    set_committed_value(gs, "group", group)
    return gs


def hand_data(gs: GameSession) -> list[dict[str, Any]]:
    """The stored hand objects in order, without loading ORM rows (fast on long evenings)."""
    if gs.id is None:
        return []
    return list(db.session.scalars(
        select(HandRecord.data).where(HandRecord.session_id == gs.id).order_by(HandRecord.position)
    ))


def count_hands(gs: GameSession) -> int:
    return db.session.scalar(hands_counted(gs.id)) or 0


def hands_counted(session_id: Any) -> Select[int]:
    """The statement that counts a session's stored hands (a save asks it beside its other reads);
    ``session_id`` is its id, or a bound parameter standing for it in a statement built once."""
    return select(func.count()).select_from(HandRecord).where(HandRecord.session_id == session_id)


def check_seated(group: Group, players: list[str]) -> None:
    """The seats of a new session, of any game: each an active player of ``group``, each once."""
    if len(set(players)) != len(players):
        raise Refused("players", _("Each player sits only once."))
    known = set(active_players(group))
    for name in players:
        if name not in known:
            raise Refused("players", _("{player} is not an active player of this group.").format(player=name))


def form_key(value: str | None) -> str | None:
    """The key a start or import form carries (None: a caller without one); a damaged key is refused."""
    if value is None or value == "":
        return None
    try:
        return domains.FORM_KEY.check(value)
    except OutOfDomain as exc:
        raise Refused("form", sentence(refusal(exc))) from None


def made_by(group: Group, key: str | None) -> GameSession | None:
    """The session a start or import form with ``key`` already made in ``group``, if any."""
    if key is None:
        return None
    return db.session.scalars(
        select(GameSession).where(GameSession.group_id == group.id, GameSession.idem_key == key)
    ).first()


def start(group: Group, idem_key: str | None, players: list[str],
          make: Callable[[str | None], GameSession]) -> GameSession:
    """A new session of ``group``, for every game: a re-sent start form (the same ``idem_key``) answers the
    session it made; the seats are checked (:func:`check_seated`); ``make(key)`` builds the game's session
    (checked by its engine, refusing a field); it is committed once (:func:`commit_made`)."""
    key = form_key(idem_key)
    begin_writing()
    made = made_by(group, key)
    if made is not None:
        return made
    check_seated(group, players)
    gs = make(key)
    db.session.add(gs)
    return commit_made(gs, group, key)


def commit_made(gs: GameSession, group: Group, key: str | None) -> GameSession:
    """Commit a new session; when the same form was sent twice at once, the first one's session wins."""
    return commit_once(gs, lambda: made_by(group, key))[0]


def commit_once(made: Made, stored: Callable[[], Made | None], *, keep_loaded: bool = False) -> tuple[Made, bool]:
    """Commit ``made``; if a unique form key says a twin post committed first, answer the twin's row.

    The second item is False when the row answered is the twin's. ``keep_loaded``: the loaded rows
    keep their values after the commit instead of being read again when next used (for a writer that
    read them under the session's lock: they are what it committed).
    """
    session = db.session()
    expiring = session.expire_on_commit
    session.expire_on_commit = expiring and not keep_loaded
    try:
        session.commit()
    except IntegrityError:
        session.rollback()
        again = stored()
        if again is None:
            raise
        return again, False
    finally:
        session.expire_on_commit = expiring
    return made, True


def check_open(gs: GameSession) -> None:
    """A closed session changes no more (409), for every game: said in the game's words (an evening of hands
    is reopened from its page; a game of deals has ended, and its end is taken back by an undo)."""
    if not gs.closed:
        return
    if counts_hands(gs.game):
        raise Refused("session", _("This session is closed: it can be read, not changed. Reopen it from its page "
                                    "to change it."), status=409)
    raise Refused("session", _("This game has ended: it can be read, not changed."), status=409)


def lock_session(gs: GameSession) -> None:
    """Serialise writers of one session: its row locked on PostgreSQL, the write lock taken on SQLite
    (:func:`begin_writing`); either way ``gs`` is read again under the lock."""
    begin_writing()
    if inspect(gs).has_identity:  # stored (asking ``gs.id`` would first load the columns the refresh reads)
        db.session.refresh(gs, with_for_update=True)


def file_stored(store: Callable[[], GameSession]) -> GameSession:
    """A session file brought in, for every game: ``store()`` stores it under the write lock (a re-sent form
    finding its session, the file's players joining the group: :func:`join_players`) and commits it; when a
    player of the file was added by another phone meanwhile (the database's unique name), it looks again once,
    then gives up saying so: never a fault, never half an import."""
    for _attempt in range(2):
        try:
            return store()
        except IntegrityError:
            db.session.rollback()
    raise Refused("file", _("Another phone changed this group's players while the file was read; nothing was "
                            "imported. Import the file again."))


def join_players(group: Group, players: tuple[str, ...]) -> None:
    """The file's players the group does not have yet join it (:func:`new_players`); counted under the group's
    lock, so an import and a phone adding a player never both take the last place."""
    have = players_under_lock(group)
    newcomers = new_players(group, players)
    check_room_for_players(have, len(newcomers), "file")
    for name in newcomers:
        db.session.add(Player(group=group, name=name))


def new_players(group: Group, names: tuple[str, ...]) -> list[str]:
    """The file's players the group does not have yet; one spelled differently from the group's is refused."""
    known = {p.name_key: p.name for p in group.players}
    new: list[str] = []
    for name in names:
        same = known.get(domains.name_key(name))
        if same is None:
            check_new_name(name, [*known.values(), *new], "file")
            new.append(name)
        elif same != name:
            raise Refused("file", _("The file's player “{name}” is called “{same}” in this group: "
                                    "spell the name the same way in both, then import again.").format(
                                        name=name, same=same))
    return new
