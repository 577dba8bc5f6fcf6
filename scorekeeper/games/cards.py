"""Card points of the Tressette family, counted the way the table counts them.

An Ace is worth one point; a Three, Two, King, Cavallo or Fante a third of a point; the
7-6-5-4 nothing. The pack holds 4 aces and 20 such "thirds". A side (or, in Rovescino, a player)
counts its own tricks after the deal: its aces plus its thirds divided by three, the leftover
thirds dropped; the last trick adds a point. Split between two sides the leftovers always sum
to two thirds, so a deal played out is worth 11 (docs/rules.md, "Card points").

>>> points(CardCount(3, 11)), points(CardCount(1, 9))
(6, 4)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..core.errors import N_
from .base import builder, keyed, only_fields, refuse, whole

ACES = 4
THIRDS = 20
#: the card points of the whole pack between two sides, the last trick aside (4 + 20 div 3)
PACK_POINTS = ACES + THIRDS // 3


@dataclass(frozen=True, slots=True)
class CardCount:
    """What one side took: aces and third-point cards."""

    aces: int
    thirds: int


#: ``CardCount(...)``, built quickly (``base.builder``): every count of every deal is one
new_count = builder(CardCount)


def points(count: CardCount) -> int:
    """Whole card points of a count, the leftover thirds dropped (the last trick not included)."""
    return count.aces + count.thirds // 3


#: the fields of a count (a set: asked of every count of every deal)
COUNT_FIELDS = frozenset(("aces", "thirds"))


def read_count(obj: Any, deal: int, where: str) -> CardCount:
    """``{"aces": a, "thirds": t}`` read and bounded by the pack."""
    if type(obj) is not dict or len(obj) != 2 or "aces" not in obj or "thirds" not in obj:  # not the usual: why
        only_fields(obj, deal, COUNT_FIELDS, where=where)
        for key in ("aces", "thirds"):
            if key not in obj:
                raise refuse(deal, f"{where}.{key}", N_("{value!r} is missing"), value=key)
    return new_count(whole(obj["aces"], deal, where, 0, ACES, "aces"), whole(obj["thirds"], deal, where, 0, THIRDS,
                                                                             "thirds"))


def read_whole_pack(obj: Any, deal: int, keys: Sequence[str], where: str = "cards") -> dict[str, CardCount]:
    """Every side's (or player's) count: together they must hold the whole pack, 4 aces and 20 thirds."""
    keyed(obj, deal, where, keys)
    counts: dict[str, CardCount] = {}
    aces = thirds = 0
    for key in keys:  # one loop, not a comprehension and two sums: every deal counted asks
        count = counts[key] = read_count(obj[key], deal, f"{where}.{key}")
        aces += count.aces
        thirds += count.thirds
    if aces != ACES:
        raise refuse(deal, where, N_("the aces add up to {total}, not {whole}"), total=aces, whole=ACES)
    if thirds != THIRDS:
        raise refuse(deal, where, N_("the thirds add up to {total}, not {whole}"), total=thirds, whole=THIRDS)
    return counts


def read_points(obj: Any, deal: int, keys: Sequence[str], most: int, where: str = "points") -> dict[str, int]:
    """Every side's (or player's) whole card points, each from 0 to ``most`` (the sum is the game's check)."""
    keyed(obj, deal, where, keys)
    return {key: whole(obj[key], deal, where, 0, most, key) for key in keys}


@cache  # the same few tables ask on every deal
def possible_totals(people: int) -> frozenset[int]:
    """The card points ``people`` each counting his own cards can total, the last trick aside.

    Each drops at most two thirds, and all the thirds dropped leave a whole number of points:
    20 - r must divide by 3, r at most 2 per person.

    >>> sorted(possible_totals(2)), sorted(possible_totals(3)), sorted(possible_totals(8))
    ([10], [9, 10], [6, 7, 8, 9, 10])
    """
    return frozenset(ACES + (THIRDS - r) // 3 for r in range(2, 2 * people + 1, 3))


def counted(counts: Mapping[str, CardCount]) -> dict[str, int]:
    """Each side's (or player's) whole card points (a loop: every deal counted asks)."""
    out: dict[str, int] = {}
    for key, count in counts.items():
        out[key] = points(count)
    return out
