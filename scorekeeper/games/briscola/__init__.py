"""Briscola as a game plug-in: its engine (pure) is :mod:`.engine`, its web pieces :mod:`.views`.

The registry reads :data:`RECORDS` (this module imports nothing else: the engine loads when asked for).
"""

from ...core.errors import N_
from ..base import GameRecord

RECORDS = (GameRecord("briscola", __name__, "engine:BRISCOLA", pieces="views:PIECES",
                      sample_deal="samples:sample_deal",
                      how={"won_the_deals": N_("a side won the deals it needed")}),)
