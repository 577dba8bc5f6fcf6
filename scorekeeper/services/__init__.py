"""The services layer: the only way the web layer reaches the database and the engine.

One module per concern:

- :mod:`.refusals` — :class:`Refused` and :class:`Conflict`, errors as a field and a message;
- :mod:`.groups` — groups, players, the paper a group carries between evenings;
- :mod:`.links` — what kind a link is (group, session, watch), replacing a group's links;
- :mod:`.replays` — a stored session as a session file, replayed by the engine (once per request);
- :mod:`.hands` — the hand lifecycle: start, add, preview, edit, end;
- :mod:`.fixes` — fixing the evening: delete, insert, dealer, seating (previewed), undo, reopen;
- :mod:`.history` — the append-only log of changes, and the phones' names;
- :mod:`.pending` — a hand kept on a phone while offline, beside the table's hand of that number;
- :mod:`.files` — session files in and out (JSON, CSV);
- :mod:`.views` — the view models the pages and documents are drawn from;
- :mod:`.summaries` — a closed evening's figures, kept when it ends, rebuilt when stale;
- :mod:`.evenings` — the group across evenings: its memory, the next evening, the result to share;
- :mod:`.games` — the games of the registry (``scorekeeper-session/2``): start, deals, fixes, end, the view.
- :mod:`.night` — the group's evening across games: its page, its end, a game settled alone, statistics.

Every writing function validates through the engine first and commits once,
so a refused change leaves nothing half-saved.
"""

from ..games.tresillo.engine import SUITS, HandChoices  # what a hand form may offer (services.choices_for)
from ..models import (  # the records the pages are handed: the web imports no model
    WAITING,
    GameSession,
    Group,
    HistoryEntry,
    Night,
    Player,
)
from . import games, night
from .checks import CountAnswer, WhatIf, count_check, count_parties, what_if
from .evenings import GroupMemory, group_memory, kept_paper_session, share_text, start_next
from .files import AlreadyImported, export_json, import_session, ledger_csv
from .fixes import (
    Applied,
    Change,
    ChangePreview,
    apply_change,
    change_from_json,
    deal_at,
    edit_outcome,
    later_sessions_took_the_paper,
    preview_change,
    reopen,
    undo,
)
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
from .hands import (
    HandPreview,
    Recomputed,
    Saved,
    add_hand,
    edit_hand,
    end_session,
    find_saved,
    gone_message,
    preview_hand,
    start_session,
    stored_hand,
)
from .history import clean_phone, find_change, history_time, history_view, last_of_kind, recent_view, told
from .links import LinkKind, find_watched, link_kind, replace_links, replaced_by, version_by_link
from .pending import PendingComparison, compare_fix, compare_pending
from .refusals import Conflict, Refused, refused_from, sentence
from .replays import Entry, count_hands, deals_ahead, entry_for, find_session, hand_data, ledger_for, session_dict
from .summaries import (
    PastEvening,
    count_evenings,
    evening_of,
    forget_summary,
    group_statistics,
    keep_summary,
    past_evenings,
    versus,
)
from .views import (
    HANDS_PER_PAGE,
    EndPage,
    HandsPage,
    TableScreen,
    changed_rows,
    choices_for,
    end_page,
    hand_asks,
    hands_page,
    kept_screen,
    kept_view,
    rule_choices,
    table_screen,
    view_for,
    view_from,
)
from .waiting import Waiting, report_waiting, waiting_elsewhere

__all__ = [
    "Applied", "Change", "ChangePreview", "Conflict", "sentence", "CountAnswer", "EndPage", "Entry", "GroupMemory",
    "SUITS", "WAITING", "GameSession", "Group", "HistoryEntry", "Night", "Player",
    "HandChoices", "HANDS_PER_PAGE", "HandsPage", "hands_page",
    "HandPreview", "PastEvening", "Recomputed", "Refused", "Saved", "TableScreen", "WhatIf", "active_players",
    "add_hand", "add_player", "apply_change", "carried_paper", "change_from_json", "changed_rows",
    "choices_for", "clean_phone", "count_check", "count_evenings", "count_hands", "count_parties", "deals_ahead",
    "create_group", "deal_at", "edit_hand", "edit_outcome", "end_page", "end_session", "entry_for",
    "evening_of", "export_json", "find_change", "find_group", "find_player", "find_saved", "find_session",
    "forget_summary", "gone_message", "group_memory", "group_statistics", "hand_asks", "hand_data",
    "history_time", "history_view", "import_session", "keep_summary", "kept_paper_session", "last_of_kind",
    "later_sessions_took_the_paper", "ledger_csv", "ledger_for", "past_evenings", "preview_change",
    "preview_hand", "recent_view", "refused_from", "rename_player", "reopen", "rule_choices", "session_dict",
    "set_retired",
    "share_text", "start_next", "start_session", "stored_hand", "table_screen", "told", "undo", "view_for",
    "kept_screen", "kept_view", "view_from", "what_if", "set_group_language",
    "PendingComparison", "compare_fix", "compare_pending",
    "Waiting", "report_waiting", "waiting_elsewhere",
    "LinkKind", "find_watched", "link_kind", "replace_links", "replaced_by", "version_by_link",
    "AlreadyImported", "versus",
    "games", "night",
]
