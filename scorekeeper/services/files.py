"""A session file brought into a group, whatever game it holds: the group's import page asks here.

A ``scorekeeper-session/2`` file of any registered game becomes a game of the platform
(:func:`services.games.import_game`). A file of a game's own format is read by that game's reader, named by
its record (``GameRecord.reader``) and found through the registry, never by naming the game: the file's
``format`` picks the game (``games.owner_of_file``). A reader that finds the same file imported before
raises :class:`AlreadyImported`, so the page offers the session it made, or a copy.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..core.errors import SessionError
from ..core.sessionjson import parse_json
from ..games import owner_of_file
from ..games.replay import FORMAT
from ..games.views import part_of
from ..models import GameSession, Group
from .games import import_game


class AlreadyImported(Exception):
    """The file was imported into this group before, as ``session``: nothing was imported now."""

    def __init__(self, session: GameSession, text: str = "") -> None:
        super().__init__(session.token)
        self.session = session
        self.text = text  # the file, to import a copy of it if the players want one


class Reader(Protocol):
    """A game's reader of its own session files (its record's ``reader``)."""

    def __call__(self, group: Group, data: str | bytes, *, idem_key: str | None = None,
                 copy: bool = False) -> GameSession:
        """The file as a new session of ``group`` (a broken file: :class:`Refused` on ``"file"``, nothing
        stored); the same file again raises :class:`AlreadyImported` unless ``copy`` asks for a second one."""


def import_file(group: Group, data: str | bytes, *, idem_key: str | None = None, copy: bool = False) -> GameSession:
    """``data`` (a file's text or bytes) as a new session of ``group``, by whoever reads its format; a
    re-sent form (the same ``idem_key``) returns the session it made."""
    reader = reader_for(data)
    if reader is None:
        return import_game(group, data, idem_key=idem_key)
    return reader(group, data, idem_key=idem_key, copy=copy)


def reader_for(data: str | bytes) -> Reader | None:
    """The reader of the game whose own format ``data`` is in (a file that is not JSON: the first game's,
    whose refusal names what is wrong); None for a ``scorekeeper-session/2`` file, or when no game reads
    files of its own (the platform's refusal then names the format it expected)."""
    try:
        parsed: Any = parse_json(data)
    except SessionError:
        parsed = None
    if isinstance(parsed, dict) and parsed.get("format") == FORMAT:
        return None
    game = owner_of_file(parsed, "reader")
    found: Reader | None = part_of(game, "reader") if game is not None else None
    return found
