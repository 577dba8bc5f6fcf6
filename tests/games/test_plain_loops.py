"""The yardstick of ``bench/replay.py --instructions --games`` is right: each game's plain loop (``bench/plain.py``)
gives the engine's final scores and money on the conformance suite's random valid sessions.

The bench asserts the same on every session it counts; this keeps a wrong loop from waiting for a bench run.
"""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from plain import PLAIN, engine_figures, same_figures

from scorekeeper.games.replay import replay

from .sessions import RULESETS, VALID

CASES = {**VALID, **RULESETS}


@pytest.mark.parametrize("name", sorted(CASES))
def test_plain_loop_gives_the_engines_figures(name: str) -> None:
    plain = PLAIN.get(name.split("[")[0])
    assert plain is not None, f"{name} has no plain loop in bench/plain.py"
    ended = 0
    for seed in range(150):
        doc = CASES[name](random.Random(seed))
        played = replay(doc)
        got = plain(doc)
        assert same_figures(played, got), (seed, engine_figures(played), got)
        ended += any(m != 0 for m in got[1].values())
    assert ended, "no session paid anything: the money was never compared"


@pytest.mark.parametrize("name", sorted(VALID))
def test_same_figures_tells_a_difference(name: str) -> None:
    doc = next(d for d in (VALID[name](random.Random(seed)) for seed in range(50)) if d["deals"])
    played = replay(doc)
    scores, money = PLAIN[name](doc)
    wrong = dict(money)
    first = next(iter(wrong))
    wrong[first] += Decimal(1)
    assert not same_figures(played, (scores, wrong))
    assert same_figures(played, (scores, money))
    assert not same_figures(played, ({k: v + 1 for k, v in scores.items()}, money))
