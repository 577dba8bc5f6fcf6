"""Terziglio as a game plug-in: its engine (pure) is :mod:`.engine`.

The registry reads :data:`RECORDS` (this module imports nothing else: the engine loads when asked for).
"""

from ...core.errors import N_
from ..base import GameRecord

RECORDS = (GameRecord("terziglio", __name__, "engine:TERZIGLIO", pieces="views:PIECES",
                      how={"target": N_("the target was reached")},
                      values={"bid": {"pass": N_("everybody passed")},
                              "every_trick": {"soloist": N_("The soloist"), "opponents": N_("The opponents")}},
                      money=("engine:play", "engine:result"),
                      money_tests=("tests/games/test_terziglio.py", "tests/test_payments.py",
                                   "tests/games/test_conformance.py -k terziglio")),)
