"""Groups and their players: created, named, retired; the paper a group carries."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from ..core import domains
from ..db import begin_writing, db
from ..games import GAMES
from ..games.base import GameSpec
from ..games.registry import player_name
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
    name = clean(player_name(), name, "name")
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


@dataclass(frozen=True)
class StartChoice:
    """A way to start a game, as the group page lists it: a game of the registry, or one of its presets."""

    game: str
    #: the preset's key ("" for a game listed once, by its title)
    preset: str
    #: the game's own name (the preset's, or the game's title)
    title: str
    #: the group played it lately (listed first)
    recent: bool = False


#: how many of the group's newest sessions say which games it plays lately
RECENT_SESSIONS = 30


def start_choices(group: Group) -> list[StartChoice]:
    """Every game of the registry alike, each preset on its own: the group's recent games first (newest first),
    then the games of today by title, then the historical ones by title."""
    every: list[tuple[StartChoice, bool]] = []
    for game in GAMES.values():
        spec = game.spec
        if spec.presets:
            every += [(StartChoice(spec.name, p.key, p.title), p.historical) for p in spec.presets]
        else:
            every.append((StartChoice(spec.name, "", spec.title), False))
    recent = _recent_choices(group)
    rank = {key: n for n, key in enumerate(recent)}
    first = sorted((replace(c, recent=True) for c, _old in every if (c.game, c.preset) in rank),
                   key=lambda c: rank[(c.game, c.preset)])
    rest = sorted(((old, c.title.casefold(), c) for c, old in every if (c.game, c.preset) not in rank),
                  key=lambda t: (t[0], t[1]))
    return first + [c for _old, _t, c in rest]


def _recent_choices(group: Group) -> list[tuple[str, str]]:
    """(game, preset) of the group's newest sessions, newest first, each once."""
    rows = db.session.execute(
        select(GameSession.game, GameSession.setup, GameSession.options)
        .where(GameSession.group_id == group.id).order_by(GameSession.id.desc()).limit(RECENT_SESSIONS))
    seen: dict[tuple[str, str], None] = {}
    for name, setup, own in rows:
        if name in GAMES:
            options = (setup or {}).get("options") or own or {}
            seen.setdefault((name, _preset_of(GAMES[name].spec, options)), None)
    return list(seen)


def _preset_of(spec: GameSpec, options: dict[str, Any]) -> str:
    """The key of the first preset of ``spec`` whose options the session started with ("" for none)."""
    def value(name: str) -> Any:
        known = next((o for o in spec.options if o.name == name), None)
        return options.get(name, known.default if known is not None else None)
    return next((p.key for p in spec.presets if all(value(k) == v for k, v in p.options.items())), "")


def first_seats(group: Group, game: str, counts: tuple[int, ...]) -> list[str]:
    """Who sits first on a start form: the seats of the group's last session of ``game`` when every one of them
    still plays, else the group's first players, as many as the largest table the game allows (two taps start
    it: the game, then Start)."""
    active = active_players(group)
    last = db.session.scalars(select(GameSession.players).where(GameSession.group_id == group.id,
                                                                GameSession.game == game)
                              .order_by(GameSession.id.desc()).limit(1)).first()
    if last and set(last) <= set(active) and len(last) in counts:
        return list(last)
    fitting = [n for n in counts if n <= len(active)]
    return active[:max(fitting)] if fitting else list(active)
