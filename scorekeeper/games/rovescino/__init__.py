"""Rovescino as a game plug-in: its engine (pure) is :mod:`.engine`.

The registry reads :data:`RECORDS` (this module imports nothing else: the engine loads when asked for).
"""

from ...core.errors import N_
from ..base import GameRecord

RECORDS = (GameRecord("rovescino", __name__, "engine:ROVESCINO", pieces="views:PIECES", feats="views:feats",
                      how={"reached_21": N_("a player reached 21")}, money=("engine:_money", "engine:result"),
                      money_tests=("tests/games/test_rovescino.py", "tests/games/test_conformance.py -k rovescino")),)
