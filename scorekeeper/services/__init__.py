"""The services layer: the only way the web layer reaches the database and the engine.

One module per concern:

- :mod:`.refusals` — :class:`Refused` and :class:`Conflict`, errors as a field and a message;
- :mod:`.groups` — groups, players, the paper a group carries between evenings;
- :mod:`.replays` — a stored session as a session file, replayed by the engine (once per request);
- :mod:`.hands` — the hand lifecycle: start, add, preview, edit, delete, undo, end;
- :mod:`.files` — session files in and out (JSON, CSV);
- :mod:`.views` — the view models the pages and documents are drawn from;
- :mod:`.summaries` — a closed evening's figures, kept when it ends, rebuilt when stale;
- :mod:`.evenings` — the group across evenings: its memory, the next evening, the result to share.

Every writing function validates through the engine first and commits once,
so a refused change leaves nothing half-saved.
"""

from .checks import CountAnswer, WhatIf, count_check, count_parties, what_if
from .evenings import GroupMemory, group_memory, kept_paper_session, share_text, start_next
from .files import export_json, import_session, ledger_csv
from .groups import (
    active_players,
    add_player,
    carried_paper,
    create_group,
    find_group,
    find_player,
    rename_player,
    set_retired,
)
from .hands import (
    HandPreview,
    Recomputed,
    Saved,
    add_hand,
    delete_hand,
    edit_hand,
    end_session,
    preview_hand,
    start_session,
    stored_hand,
    undo_last,
)
from .refusals import Conflict, Refused, refused_from, sentence
from .replays import Entry, count_hands, entry_for, find_session, hand_data, ledger_for, session_dict
from .summaries import (
    PastEvening,
    count_evenings,
    evening_of,
    forget_summary,
    group_statistics,
    keep_summary,
    past_evenings,
)
from .views import (
    EndPage,
    TableScreen,
    changed_rows,
    choices_for,
    end_page,
    hand_asks,
    rule_choices,
    table_screen,
    view_for,
    view_from,
)

__all__ = [
    "Conflict", "sentence", "EndPage", "Entry", "HandPreview", "Recomputed", "Refused", "Saved", "TableScreen",
    "active_players", "add_hand", "add_player", "carried_paper", "changed_rows", "choices_for", "count_hands",
    "create_group", "delete_hand", "edit_hand", "end_page", "end_session", "entry_for", "export_json",
    "find_group", "find_player", "find_session", "hand_asks", "hand_data", "import_session", "ledger_csv",
    "ledger_for", "preview_hand", "refused_from", "rename_player", "rule_choices", "session_dict", "set_retired",
    "start_session", "stored_hand", "table_screen", "undo_last", "view_for", "view_from",
    "GroupMemory", "PastEvening", "count_evenings", "evening_of", "forget_summary", "group_memory",
    "group_statistics", "keep_summary", "kept_paper_session", "past_evenings", "share_text", "start_next",
    "CountAnswer", "WhatIf", "count_check", "count_parties", "what_if",
]
