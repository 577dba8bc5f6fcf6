"""The score as a Truc table draws it: matchsticks in squares of five, malas and buenas at the half.

Pure geometry (standard library only): each point is one stick; five sticks make a square (four
sides, then the diagonal). The sticks a side still needs are drawn too, faint, so the table sees at a
glance how far each side is. Where the rules split the target in halves (``halves``, as Río de la
Plata's 30 is played in malas and buenas) a line divides them. The web draws the SVG from this.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import engine
from .engine import PUT_RULES, RENTOY_RULES, TRUC_RULES, Rules

#: the rules of each game, by its name (a ruleset of ``truc`` is looked up by its option)
RULES: dict[str, Rules] = {"rentoy": RENTOY_RULES, "truc": TRUC_RULES, "put": PUT_RULES}

#: a square's side, the gap between squares, and the room a divider takes (SVG units)
SIDE = 34
GAP = 14
DIVIDE = 18
PER_ROW = 3
#: the five strokes of a square, in the order they are drawn: left, top, right, bottom, diagonal
STROKES = ((0, SIDE, 0, 0), (0, 0, SIDE, 0), (SIDE, 0, SIDE, SIDE), (SIDE, SIDE, 0, SIDE), (0, 0, SIDE, SIDE))


def rules_of(game: str, options: dict[str, Any] | None = None) -> Rules:
    """The rules a session of ``game`` is played by (a ruleset named in its options first)."""
    if options and options.get("ruleset") in engine.MAKERS:
        return engine.rules_for(game, options)
    return RULES[game]


def halves(rules: Rules) -> bool:
    """Whether the target is played in two halves (malas, then buenas): a flag of the rules when
    they carry one, else never (the seed's games are played straight to the target)."""
    return bool(getattr(rules, "halves", False))


@dataclass(frozen=True, slots=True)
class Stick:
    x1: int
    y1: int
    x2: int
    y2: int
    #: scored (drawn bold) or still needed (drawn faint)
    lit: bool


@dataclass(frozen=True, slots=True)
class Drawing:
    """One side's tally: its sticks, the box they fit in, and where the halves divide (None: no line)."""

    width: int
    height: int
    sticks: tuple[Stick, ...]
    divider: int | None


def _squares(count: int, top: int) -> list[tuple[int, int]]:
    """The top-left corners of ``count`` squares, three to a row, from ``top`` down."""
    return [(GAP // 2 + (k % PER_ROW) * (SIDE + GAP), top + (k // PER_ROW) * (SIDE + GAP)) for k in range(count)]


def _rows(count: int) -> int:
    return -(-count // PER_ROW)


def drawing(score: int, target: int, split: bool) -> Drawing:
    """The sticks of a side with ``score`` towards ``target``: lit up to the score (at most the target)."""
    half = target // 2 if split and target % 2 == 0 else 0
    parts = (half, target - half) if half else (target,)
    corners: list[tuple[int, int]] = []
    sizes: list[int] = []
    top, divider = GAP // 2, None
    for i, part in enumerate(parts):
        if i:
            divider = top - GAP // 2 + DIVIDE // 2
            top += DIVIDE
        count = -(-part // 5)
        corners += _squares(count, top)
        sizes += [min(5, part - 5 * k) for k in range(count)]
        top += _rows(count) * (SIDE + GAP)
    sticks: list[Stick] = []
    point = 0
    for (x, y), size in zip(corners, sizes, strict=True):
        for x1, y1, x2, y2 in STROKES[:size]:
            point += 1
            sticks.append(Stick(x + x1, y + y1, x + x2, y + y2, point <= score))
    width = PER_ROW * (SIDE + GAP)
    return Drawing(width, top, tuple(sticks), divider)
