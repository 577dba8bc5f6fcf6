"""A long table's list of hands or deals, a page at a time: every game's All hands (or All deals) page.

A page's cost depends on what it shows, never on how long the evening is (``bench/scale.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

#: how many hands (or deals) a page of the list shows at a time (newest first)
HANDS_PER_PAGE = 25


def hands_window(total: int, *, before: int | None = None, hand: int | None = None,
                 size: int = HANDS_PER_PAGE) -> tuple[int, int]:
    """The hands (top, bottom) a page shows, newest first: those before hand ``before``, or the page of
    hand ``hand`` (the pages counted from the newest), or the newest page. Out-of-range asks are clamped.

    >>> hands_window(300), hands_window(300, before=276), hands_window(300, hand=1), hands_window(300, before=-5)
    ((300, 276), (275, 251), (25, 1), (25, 1))
    >>> hands_window(30, hand=6), hands_window(30, hand=5), hands_window(0)
    ((30, 6), (5, 1), (0, 1))
    """
    if hand is not None:
        top = total - (total - min(max(hand, 1), total)) // size * size
    elif before is not None:
        top = min(before - 1, total) if before > 1 else min(size, total)
    else:
        top = total
    return top, max(top - size + 1, 1)


@dataclass(frozen=True)
class Window:
    """Which of ``total`` hands a page shows (``top`` down to ``bottom``, newest first) and where its neighbours
    start: ``newer`` and ``older`` are the ``before`` of the neighbouring pages (``newer`` is None when the page of
    newer hands is the newest one, which needs no ``before``); ``has_newer`` says whether there is one."""

    total: int
    top: int
    bottom: int
    has_newer: bool
    newer: int | None
    older: int | None

    @property
    def numbers(self) -> range:
        """The hands shown, newest first."""
        return range(self.top, self.bottom - 1, -1) if self.top else range(0)


def window(total: int, *, before: int | None = None, hand: int | None = None) -> Window:
    """The page of ``total`` hands asked for (see :func:`hands_window`) with its neighbours."""
    top, bottom = hands_window(total, before=before, hand=hand)
    newer = top + HANDS_PER_PAGE + 1 if top + HANDS_PER_PAGE < total else None
    return Window(total, top, bottom, has_newer=top < total, newer=newer, older=bottom if bottom > 1 else None)
