"""Tresillo's chart: every player's bowl after every row, on the report and on the table screen.

The drawing is the platform's (:func:`scorekeeper.reports.chart.line_chart`); the bowls, the
hands along the axis and the starting tantos are Tresillo's.

>>> svg = bowl_chart({"players": ["A", "B"], "series": [[155, 150], [155, 160]],
...                   "hands": [0, 1], "start": 160})
>>> svg.startswith("<svg") and "A 150" in svg and "B 160" in svg
True
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from typing import Any

from ....i18n import _
from ....reports.chart import PAGE, Frame, figure, line_chart, nice_step, thin


def _hand_ticks(hands: Sequence[int], target: int) -> list[tuple[int, str]]:
    """A tick at the row of each hand shown (a hand's own row, after its deal), at a round step.

    ``hands`` is the hand of each point, in order; on a thinned line a tick goes to the
    last point not after its hand.
    """
    last_hand = max(hands) if hands else 0
    if not last_hand:
        return []
    hstep = nice_step(last_hand, target)
    row_of: dict[int, int] = {}
    for i, h in enumerate(hands):
        row_of[h] = i
    ticks = []
    for h in range(hstep, last_hand + 1, hstep):
        i = bisect_right(hands, h) - 1
        ticks.append((row_of.get(h, i), str(h)))
    return ticks


def bowl_chart(chart: Mapping[str, Any], title: str = "", frame: Frame = PAGE) -> str:
    """Every player's bowl after every row (the view model's ``chart``), scaled to its container."""
    start: int | None = chart.get("start")
    series: Sequence[Sequence[int]] = chart.get("series", [])
    hands: Sequence[int] = chart.get("hands", []) or []
    keep = thin(max((len(s) for s in series), default=0), frame.most_points)
    if len(keep) < len(hands):
        series = [[s[i] for i in keep] for s in series]
        hands = [hands[i] for i in keep]
    return line_chart(
        chart.get("players", []), series, title=title or _("Bowls across the session"),
        ticks=_hand_ticks(hands, 12 if frame.legend else 6), x_name=_("hand"), y_name=_("tantos"),
        start=start, start_label=_("start {tantos}").format(tantos=figure(start)) if start is not None else "",
        frame=frame, css_class="bowl-chart",
    )
