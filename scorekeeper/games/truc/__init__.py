"""Rentoy, Truc and Put (seed 004) as game plug-ins: one engine (pure) in :mod:`.engine`.

The registry reads :data:`RECORDS` (this module imports nothing else: the engine loads when asked for).
"""

from ...core.errors import N_
from ..base import GameRecord

#: how a game of the Truc family ends, by the code its engine gives
HOW = {
    "target": N_("the target was reached"),
    "reached_12": N_("a team reached 12"),
    "reached_5": N_("a player reached 5"),
    "reached_15": N_("a team reached 15"),
    "reached_30": N_("a team reached 30"),
    "camas": N_("a team won the camas it needed"),
    "camas_1_0": N_("a team won the partida, 1 cama to 0"),
    "camas_2_0": N_("a team won the partida, 2 camas to 0"),
    "camas_2_1": N_("a team won the partida, 2 camas to 1"),
    "camas_3_0": N_("a team won the partida, 3 camas to 0"),
    "camas_3_1": N_("a team won the partida, 3 camas to 1"),
    "camas_3_2": N_("a team won the partida, 3 camas to 2"),
}

#: the coded values of a hand's fields in words (``GameRecord.values``): a tied trick (``tricks``, a duel's too)
VALUES = {"tricks": {"tie": N_("tie")}}

#: who pays and how much (the whole family's), and the tests that judge it
MONEY = ("engine:result",)
MONEY_TESTS = ("tests/games/test_truc.py", "tests/games/test_truco.py",
               "tests/games/test_conformance.py -k 'rentoy or truc or put'")

RECORDS = tuple(GameRecord(name, __name__, f"engine:{name.upper()}", pieces="views:PIECES", how=HOW, values=VALUES,
                           money=MONEY, money_tests=MONEY_TESTS)
                for name in ("rentoy", "truc", "put"))
