"""Groups and their players: created, named, retired; the paper a group carries."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from ..core import domains
from ..db import begin_writing, db
from ..i18n import _, current_language, language_of
from ..models import GameSession, Group, Player
from .limits import check_room_for_players
from .links import keyed_token
from .names import check_new_name
from .played import own_service, paper_games
from .refusals import Refused, clean


def find_group(token: str) -> Group | None:
    """The group behind a group link, or None."""
    return db.session.scalars(select(Group).where(Group.token == token)).first()


def find_player(group: Group, player_id: int) -> Player | None:
    """A player of ``group`` (None for another group's player)."""
    player = db.session.get(Player, player_id)
    return player if player is not None and player.group_id == group.id else None


def create_group(name: str | None, language: str | None = None, key: str = "") -> Group:
    """A new group; its ``language`` is the one it was created in unless another is chosen.

    ``key`` is the form's own: every copy of one request (a double tap, a resend) makes the same
    link (:func:`keyed_token`), so the second copy finds the group the first one made.
    """
    group = Group(name=clean(domains.GROUP_NAME, name, "name"), language=_language(language or current_language()))
    if not key:
        begin_writing()
        db.session.add(group)
        db.session.commit()
        return group
    group.token = keyed_token("new group", key)
    begin_writing()
    made = find_group(group.token)
    if made is not None:
        return made
    db.session.add(group)
    try:
        db.session.commit()
    except IntegrityError:  # PostgreSQL: the copies checked at once; the unique link keeps one
        db.session.rollback()
        made = find_group(group.token)
        if made is None:
            raise
        return made
    return group


def _language(code: str | None) -> str:
    language = language_of(code)
    if language is None or language != (code or "").strip().lower():
        raise Refused("language", _("Choose one of the languages offered."))
    return language


def set_group_language(group: Group, code: str | None) -> None:
    """The language the group's pages and PDFs speak, unless a phone chose its own."""
    begin_writing()
    group.language = _language(code)
    db.session.commit()


def add_player(group: Group, name: str | None) -> Player:
    """A new player of ``group``; a name another phone added at the same moment is refused, not a fault."""
    begin_writing()
    have = players_under_lock(group)
    name = _player_name(group, name)
    check_room_for_players(have)
    player = Player(group=group, name=name)
    db.session.add(player)
    _commit_name(name)
    return player


def players_under_lock(group: Group) -> int:
    """How many players ``group`` has, counted under its row lock (PostgreSQL; on SQLite the write lock
    taken by :func:`begin_writing`), so that two phones adding players at once never both take the last
    place. The group's players are read again after it."""
    db.session.refresh(group, with_for_update=True)
    return db.session.scalar(select(func.count()).select_from(Player).where(Player.group_id == group.id)) or 0


def _commit_name(name: str) -> None:
    """Commit a new or renamed player; the database's unique name (PostgreSQL lets two phones
    check the same new name at once) becomes the refusal the check would have given."""
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise Refused("name", _("{name} is already in this group.").format(name=name)) from None


def _player_name(group: Group, name: str | None, player: Player | None = None) -> str:
    """A name in its domain, and not another player's of this group in any case ("ANA" is "Ana")."""
    name = clean(domains.PLAYER_NAME, name, "name")
    key = domains.name_key(name)
    for other in group.players:
        if other is not player and other.name_key == key:
            raise Refused("name", _("{name} is already in this group.").format(name=other.name))
    check_new_name(name, (other.name for other in group.players if other is not player))
    return name


def rename_player(player: Player, name: str | None) -> Player:
    """Rename in the group; sessions already played keep the name they were played with."""
    begin_writing()
    player.name = _player_name(player.group, name, player)
    _commit_name(player.name)
    return player


def set_retired(player: Player, retired: bool) -> Player:
    """Players are retired, never deleted: their evenings stay in the history."""
    begin_writing()
    player.retired = retired
    db.session.commit()
    return player


def active_players(group: Group) -> list[str]:
    """Names that may sit at a new session, in the group's order."""
    return [p.name for p in group.players if not p.retired]


def carried_paper(group: Group) -> list[dict[str, Any]]:
    """The paper kept at the end of the group's last closed session of a game that carries paper, if any."""
    last = db.session.scalars(
        select(GameSession).where(GameSession.group_id == group.id, GameSession.game.in_(paper_games()),
                                  GameSession.closed.is_(True))
        .order_by(GameSession.closed_at.desc(), GameSession.id.desc()).limit(1)
    ).first()
    if last is None or last.end_paper != "keep":
        return []
    return own_service(last.game).paper(last)
