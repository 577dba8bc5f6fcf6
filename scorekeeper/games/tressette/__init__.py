"""Tressette, chiamata del tre and in due as game plug-ins: their engine (pure) is :mod:`.engine`.

The registry reads :data:`RECORDS` (this module imports nothing else: the engine loads when asked for).
"""

from ...core.errors import N_
from ..base import GameRecord

#: how a game of the Tressette family ends, by the code its engine gives
HOW = {
    "claim": N_("a correct claim: the claimants reached the target"),
    "false_claim": N_("a false claim: the claimants lose"),
    "target": N_("the target was reached"),
    "cappotto": N_("cappotto: one side took every trick"),
    "cappottone": N_("cappottone: one player took every trick"),
    "stramazzo": N_("stramazzo: one side took every counting card"),
    "strammazzone": N_("strammazzone: one player took every counting card"),
    "collatondrione": N_("collatondrione: a napoletana decima was declared"),
}

#: who pays and how much (the whole family's), and the tests that judge it
MONEY = ("core:advance", "core:result")
MONEY_TESTS = ("tests/games/test_tressette.py", "tests/games/test_tressette_chiamata.py",
               "tests/games/test_tressette_in_due.py", "tests/games/test_conformance.py -k tressette")

RECORDS = tuple(GameRecord(name, __name__, f"engine:{constant}", pieces="views:PIECES", feats="views:feats", how=HOW,
                           money=MONEY, money_tests=MONEY_TESTS)
                for name, constant in (("tressette", "TRESSETTE"), ("tressette-chiamata", "TRESSETTE_CHIAMATA"),
                                       ("tressette-in-due", "TRESSETTE_IN_DUE")))
