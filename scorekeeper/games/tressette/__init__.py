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

#: the four suits as the session file names them, in words
SUIT_WORDS = {"swords": N_("swords"), "batons": N_("batons"), "cups": N_("cups"), "coins": N_("coins")}
#: the two sides of a chiamata deal as the session file names them, in words
CALL_SIDES = {"caller": N_("the caller's side"), "opponents": N_("the opponents")}
#: a declaration's kind as the session file names it, in words (napoletana and decima are the game's own words)
KIND_WORDS = {"three_of_a_kind": N_("three of a kind"), "four_of_a_kind": N_("four of a kind"),
              "napoletana": N_("napoletana"), "decima": N_("decima")}
#: the coded values of a deal's fields in words (``GameRecord.values``): the suits and declarations of every game
#: of the family, and in chiamata the sides that ``cards``, ``points``, ``last`` and a side event's ``by`` name
FAMILY = {"suit": SUIT_WORDS, "missing": SUIT_WORDS, "called": SUIT_WORDS, "kind": KIND_WORDS}
VALUES = {"tressette": FAMILY, "tressette-in-due": FAMILY,
          "tressette-chiamata": {**FAMILY, **{side: CALL_SIDES for side in ("cards", "points", "last", "by")}}}

#: who pays and how much (the whole family's), and the tests that judge it
MONEY = ("core:advance", "core:result")
MONEY_TESTS = ("tests/games/test_tressette.py", "tests/games/test_tressette_chiamata.py",
               "tests/games/test_tressette_in_due.py", "tests/games/test_conformance.py -k tressette")

RECORDS = tuple(GameRecord(name, __name__, f"engine:{constant}", pieces="views:PIECES", feats="views:feats", how=HOW,
                           values=VALUES[name], money=MONEY, money_tests=MONEY_TESTS)
                for name, constant in (("tressette", "TRESSETTE"), ("tressette-chiamata", "TRESSETTE_CHIAMATA"),
                                       ("tressette-in-due", "TRESSETTE_IN_DUE")))
