"""The services layer: the only way the web layer reaches the database and the engine.

One module per concern:

- :mod:`.refusals` — :class:`Refused` and :class:`Conflict`, errors as a field and a message;
- :mod:`.groups` — groups, players, the paper a group carries between evenings;
- :mod:`.links` — what kind a link is (group, session, watch), replacing a group's links;
- :mod:`.history` — the append-only log of changes, and the phones' names;
- :mod:`.summaries` — a closed evening's figures, kept when it ends, rebuilt when stale;
- :mod:`.evenings` — the group across evenings: its memory, the next evening, the result to share;
- :mod:`.games` — the games of the registry (``scorekeeper-session/2``): start, deals, fixes, end, the view.
- :mod:`.files` — a session file brought into a group: ``scorekeeper-session/2``, or a game's own format read
  by the game's reader (found through the registry).
- :mod:`.night` — the group's evening across games: its page, its end, a game settled alone, statistics.

Every writing function validates through the engine first and commits once,
so a refused change leaves nothing half-saved.

A game with services of its own keeps them in its package (Tresillo's: its evening replayed, its hands,
fixes, count check, files and pages' views, in ``games/tresillo/services/``); its pages import them there,
and this package never does.
"""

from ..models import (  # the records the pages are handed: the web imports no model
    WAITING,
    GameSession,
    Group,
    HistoryEntry,
    Night,
    Player,
)
from . import games, night
from .evenings import GroupMemory, group_memory, kept_paper_session, share_text, start_next
from .files import AlreadyImported, import_file
from .groups import (
    active_players,
    add_player,
    carried_paper,
    create_group,
    find_group,
    find_player,
    rename_player,
    set_group_language,
    set_retired,
)
from .history import clean_phone, find_change, history_time, history_view, last_of_kind, recent_view, told
from .links import LinkKind, find_watched, link_kind, replace_links, replaced_by, version_by_link
from .refusals import Conflict, Refused, refused_from, sentence
from .sessions import count_hands, find_session, hand_data
from .summaries import (
    PastEvening,
    count_evenings,
    evening_of,
    forget_summary,
    keep_summary,
    past_evenings,
    versus,
)
from .waiting import Waiting, report_waiting, waiting_elsewhere

__all__ = [
    "Conflict", "sentence", "GroupMemory",
    "WAITING", "GameSession", "Group", "HistoryEntry", "Night", "Player",
    "PastEvening", "Refused", "active_players",
    "add_player", "carried_paper",
    "clean_phone", "count_evenings", "count_hands",
    "create_group",
    "evening_of", "find_change", "find_group", "find_player", "find_session",
    "forget_summary", "group_memory", "hand_data",
    "history_time", "history_view", "keep_summary", "kept_paper_session", "last_of_kind",
    "past_evenings",
    "recent_view", "refused_from", "rename_player",
    "set_retired",
    "share_text", "start_next", "told",
    "set_group_language",
    "Waiting", "report_waiting", "waiting_elsewhere",
    "LinkKind", "find_watched", "link_kind", "replace_links", "replaced_by", "version_by_link",
    "versus",
    "games", "night",
    "AlreadyImported", "import_file",
]
