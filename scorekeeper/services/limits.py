"""The sizes the app accepts: generous for any real evening, small enough that every page stays fast.

A long evening is about 100 hands, a very long one 200; a group of friends
is rarely more than a dozen players. The limits are far above that, and low
enough that the largest allowed session's report renders well inside the
server's timeout (docs/security.md, "Limits"). The command line keeps the
engine's own limits (``domains.HANDS``): these are the web's.
"""

from __future__ import annotations

from typing import Any

from .. import formats
from ..i18n import _
from .refusals import Refused

#: the most hands one session holds on the web (a 12-hour evening is about 300); at this limit the slowest
#: request, the report's PDF, took 19 s on a busy 2-CPU server (bench/largest.py), inside gunicorn's 120 s
SESSION_HANDS = 500
#: the most changes a session file's history may bring (four a hand at the limit: each hand entered, and a
#: fix, a delete or an undo for most of them); the live history is never cut, only what an import adds
FILE_HISTORY = 4 * SESSION_HANDS
#: the largest request body, a session file included (``MAX_CONTENT_LENGTH``): an imported session must
#: export again within it, so that its own file can always be imported back
WEB_FILE_BYTES = 2 * 1024 * 1024
#: the most players a group keeps, retired ones included (players are never deleted)
GROUP_PLAYERS = 30


def check_room_for_hand(count: int, field: str = "number") -> None:
    """Refuse one more hand in a session that has ``count`` already, when it is full."""
    if count >= SESSION_HANDS:
        raise Refused(field, _("A session holds at most {most} hands, and this one is full. End it and start a new "
                               "session to go on.").format(most=SESSION_HANDS))


def check_file_hands(parsed: Any) -> None:
    """Refuse a session file with too many hands, before anything is read or replayed."""
    hands = parsed.get("hands") if isinstance(parsed, dict) else None
    if isinstance(hands, list) and len(hands) > SESSION_HANDS:
        raise Refused("file", _("This file has {count} hands; a session holds at most {most}. Split it into "
                                "sessions of at most {most} hands.").format(count=len(hands), most=SESSION_HANDS))


def check_file_history(parsed: Any) -> None:
    """Refuse a session file whose history is longer than :data:`FILE_HISTORY`, before any change is read."""
    history = parsed.get("history") if isinstance(parsed, dict) else None
    if isinstance(history, list) and len(history) > FILE_HISTORY:
        raise Refused("file", _("This file's history has {count} changes; an imported session keeps at most "
                                "{most}. Remove the history (or its oldest changes) and import it again.").format(
            count=formats.number(len(history)), most=formats.number(FILE_HISTORY)))


def check_export_size(size: int) -> None:
    """Refuse a session whose own file (the export) would be over :data:`WEB_FILE_BYTES`: it could not come back."""
    if size > WEB_FILE_BYTES:
        raise Refused("file", _("Imported, this session's file would have {size} bytes, over the {most} bytes a "
                                "file may have here, so it could not be imported again. Remove the history (or "
                                "its oldest changes) and import it again.").format(
            size=formats.number(size), most=formats.number(WEB_FILE_BYTES)))


def check_room_for_players(have: int, adding: int = 1, field: str = "name") -> None:
    """Refuse players beyond :data:`GROUP_PLAYERS` in a group that has ``have``."""
    if have + adding > GROUP_PLAYERS:
        raise Refused(field, _("A group keeps at most {most} players, retired ones included. Rename a retired "
                               "player for a newcomer, or start another group.").format(most=GROUP_PLAYERS))
