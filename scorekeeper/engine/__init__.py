"""The scoring engine: pure Python, standard library only.

Replays a session's setup and ordered hands into every row, payment and the
settlement, as data: each row records what happened (:class:`Started`,
:class:`Dealt`, :class:`HandResult`) and :mod:`scorekeeper.narration` puts it
in words. Nothing here imports Flask, SQLAlchemy or any other third-party
package (a test scans the imports).
"""

from .errors import FieldError, HandError, SessionError
from .model import (
    PAJARITOS,
    PAPER,
    PLATO,
    POT,
    Bet,
    BetResult,
    Bola,
    Case,
    Contract,
    Dealt,
    Debt,
    Hand,
    HandResult,
    Happening,
    Ledger,
    MoneyTransfer,
    Options,
    Outcome,
    PaperDebt,
    Reason,
    Row,
    RowKind,
    ScoringName,
    Session,
    Settlement,
    Setup,
    Stake,
    Started,
    Surrender,
    Transfer,
    Upcoming,
)
from .options import SUITS, HandChoices, hand_choices, hand_questions
from .replay import SCORINGS, Table, replay, replay_table, ruleset_for
from .rules import CONTRACTS, HAND_FIELDS, RULESETS, Ruleset, get_ruleset
from .sessionfile import dump_session, ledger_json, load_hand, load_session, loads
from .settle import settle
from .stake import stake

__all__ = [
    "CONTRACTS", "HAND_FIELDS", "PAJARITOS", "PAPER", "PLATO", "POT", "RULESETS", "SCORINGS", "SUITS",
    "Bet", "BetResult", "Bola", "Case", "Contract", "Dealt", "Debt", "FieldError", "Hand", "HandChoices",
    "HandError", "HandResult", "Happening", "Ledger", "MoneyTransfer", "Options", "Outcome", "PaperDebt",
    "Reason", "Row", "RowKind", "Ruleset", "ScoringName", "Session", "SessionError", "Settlement", "Setup", "Stake",
    "Started", "Surrender", "Table", "Transfer", "Upcoming", "dump_session", "get_ruleset", "hand_choices",
    "hand_questions", "ledger_json", "load_hand", "load_session", "loads", "replay", "replay_table",
    "ruleset_for", "settle", "stake",
]
