"""The scoring engine: pure Python, standard library only.

Replays a session's setup and ordered hands into every row, payment,
comment and the settlement. Nothing here imports Flask, SQLAlchemy or any
other third-party package (a test scans the imports).
"""

from .errors import FieldError, HandError, SessionError
from .model import (
    PAJARITOS,
    PAPER,
    PLATO,
    POT,
    Debt,
    Hand,
    HandResult,
    Ledger,
    MoneyTransfer,
    Options,
    PaperDebt,
    Row,
    Session,
    Settlement,
    Setup,
    Surrender,
    Transfer,
    Upcoming,
)
from .options import SUITS, hand_questions, option_words
from .replay import Table, replay, replay_table, ruleset_for
from .rules import RULESETS, Ruleset, get_ruleset
from .sessionfile import dump_session, ledger_json, load_session, loads

__all__ = [
    "PAJARITOS", "PAPER", "PLATO", "POT", "Debt", "FieldError", "Hand", "HandError", "HandResult",
    "Ledger", "MoneyTransfer", "PaperDebt", "RULESETS", "Row", "Ruleset", "Session", "SessionError",
    "Settlement", "Setup", "Surrender", "Table", "Transfer", "Upcoming", "dump_session", "get_ruleset",
    "ledger_json", "load_session", "loads", "replay", "replay_table",
    "Options", "SUITS", "hand_questions", "option_words", "ruleset_for",
]
