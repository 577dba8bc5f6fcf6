"""The scoring engine: pure Python, standard library only.

Replays a session's setup and ordered hands into every row, payment and the
settlement, as data: each row records what happened (:class:`Started`,
:class:`Dealt`, :class:`HandResult`) and :mod:`scorekeeper.games.tresillo.words` puts it
in words. Nothing here imports Flask, SQLAlchemy or any other third-party
package (a test scans the imports).
"""

from ....core.errors import FieldError, HandError, SessionError
from . import model
from .model import *  # noqa: F403  (the records are the engine's vocabulary: model.__all__)
from .options import SUITS, HandChoices, hand_choices, hand_questions
from .replay import SCORINGS, Table, replay, replay_table, ruleset_for
from .rules import CONTRACTS, HAND_FIELDS, RULESETS, Ruleset, get_ruleset
from .sessionfile import dump_session, ledger_json, load_hand, load_session, loads
from .settle import settle
from .stake import stake

__all__ = [
    *model.__all__,
    "CONTRACTS", "HAND_FIELDS", "RULESETS", "SCORINGS", "SUITS", "FieldError", "HandChoices", "HandError",
    "Ruleset", "SessionError", "Table", "dump_session", "get_ruleset", "hand_choices", "hand_questions",
    "ledger_json", "load_hand", "load_session", "loads", "replay", "replay_table", "ruleset_for", "settle", "stake",
]
