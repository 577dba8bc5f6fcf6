"""Cacho and Flor (seed 004), the pot games, as game plug-ins: one engine (pure) in :mod:`.engine`.

The registry reads :data:`RECORDS` (this module imports nothing else: the engine loads when asked for).
"""

from ..base import GameRecord

RECORDS = tuple(GameRecord(name, __name__, f"engine:{name.upper()}", pieces="views:PIECES",
                           money=("engine:play", "engine:result"),
                           money_tests=("tests/games/test_pot.py",
                                        "tests/games/test_conformance.py -k 'cacho or flor'"))
                for name in ("cacho", "flor"))
