"""Briscola as a game plug-in: its engine (pure) is :mod:`.engine`, its web pieces :mod:`.views`.

The registry reads :data:`RECORDS` (this module imports nothing else: the engine loads when asked for).
"""

from ...core.errors import N_
from ..base import GameRecord

RECORDS = (GameRecord("briscola", __name__, "engine:BRISCOLA", pieces="views:PIECES",
                      sample_deal="samples:sample_deal",
                      money=("engine:start", "engine:play", "engine:result"),
                      money_tests=("scorekeeper/games/briscola/tests/test_briscola_engine.py",
                                   "tests/games/test_conformance.py -k briscola"),
                      how={"won_the_deals": N_("a side won the deals it needed")}),)
