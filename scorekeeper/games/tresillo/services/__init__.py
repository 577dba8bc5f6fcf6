"""Tresillo's own services: its evening replayed once per version, its hands, the fixes of its evening, the count
check and what if, the group's statistics over its evenings, its session files, and the view models of its pages.

Tresillo's pages reach every service through this package: it gives the platform's services too (their
``__all__``), so a page says ``services.add_hand`` and ``services.create_group`` alike. The platform never
imports it (``tests/games/test_registry_boundary.py``).
"""

from .... import services as platform
from ....services import *  # noqa: F403  (the platform's services, for Tresillo's pages)
from ....services.asked import Change
from ....services.groups import first_seats
from ....services.history import last_change_kept
from ....services.previews import ChangePreview
from ....services.saves import Saved, find_saved
from ..engine import SUITS, HandChoices
from ..engine import domains as own_domains  # Tresillo's own inputs' domains, for its forms
from ..game import SPEC  # what a hand form may offer (services.choices_for)
from .checks import CountAnswer, WhatIf, count_check, count_parties, what_if
from .files import export_json, import_session, ledger_csv
from .fixes import (
    HAND_CHANGES,
    Applied,
    apply_change,
    deal_at,
    later_sessions_took_the_paper,
    preview_change,
    reopen,
    undo,
)
from .hands import (
    HandPreview,
    add_hand,
    edit_hand,
    end_session,
    preview_hand,
    start_session,
    stored_hand,
)
from .pending import compare_fix, compare_pending
from .replays import Entry, deals_ahead, entry_for, ledger_for, session_dict
from .statistics import group_statistics
from .views import (
    HANDS_PER_PAGE,
    EndPage,
    HandsPage,
    TableScreen,
    choices_for,
    end_page,
    hand_asks,
    hands_page,
    kept_view,
    rule_choices,
    table_screen,
    view_for,
    view_from,
)

__all__ = [
    "SUITS", "HandChoices", "own_domains",
    "CountAnswer", "WhatIf", "count_check", "count_parties", "what_if",
    "export_json", "import_session", "ledger_csv",
    "HAND_CHANGES", "Applied", "Change", "ChangePreview", "apply_change", "deal_at",
    "later_sessions_took_the_paper", "preview_change", "reopen", "undo",
    "HandPreview", "Saved", "add_hand", "edit_hand", "end_session", "find_saved",
    "preview_hand", "start_session", "stored_hand",
    "compare_fix", "compare_pending",
    "group_statistics",
    "Entry", "deals_ahead", "entry_for", "ledger_for", "session_dict",
    "HANDS_PER_PAGE", "EndPage", "HandsPage", "TableScreen", "choices_for", "end_page", "hand_asks",
    "hands_page", "kept_view", "rule_choices", "table_screen", "view_for", "view_from",
]
__all__ += platform.__all__
__all__ += ["first_table", "last_change_kept"]


def first_table(group: platform.Group) -> list[str]:
    """Who sits first on Tresillo's start form: the group's last Tresillo table when all of it still plays,
    else its first four players (:func:`scorekeeper.services.groups.first_seats`)."""
    return first_seats(group, SPEC.name, SPEC.seats)
