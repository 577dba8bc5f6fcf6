"""Random valid deals of Briscola for the conformance suite (the record's ``sample_deal``). Standard library only."""

from __future__ import annotations

import random
from typing import Any

from .engine import DEAL_POINTS, HALF, State


def sample_deal(state: State, rng: random.Random) -> dict[str, Any] | None:
    """A deal for the match as it stands: now and then annulled or drawn, else any split of the 120 points."""
    if state.ended is not None:
        return None
    roll = rng.random()
    if roll < 0.1:
        return {"annulled": True}
    first = HALF if roll < 0.2 else rng.choice((rng.randint(0, DEAL_POINTS), rng.randint(HALF - 10, HALF + 10)))
    return {"points": {state.sides[0]: first, state.sides[1]: DEAL_POINTS - first}}
