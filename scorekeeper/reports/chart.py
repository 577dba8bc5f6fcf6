"""The bowl chart: every player's bowl after every row, as an SVG drawn on the server.

No JavaScript and no colour that carries meaning: players are told apart by
the dash of their line, the shape of their marks and their name written at
the end of the line, so the chart reads the same printed in black and white.

>>> svg = bowl_chart({"players": ["A", "B"], "series": [[155, 150], [155, 160]],
...                   "hands": [0, 1], "start": 160})
>>> svg.startswith("<svg") and "A 150" in svg and "B 160" in svg
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any

#: stroke-dasharray per seat; all lines are black
DASHES = ("", "9 4", "2.5 3", "12 3 2.5 3", "6 2")
#: mark per seat: circle, square, triangle, diamond (open marks for seats 2 and 4)
MARKS = ("circle", "square", "triangle", "diamond", "cross")

WIDTH, HEIGHT = 1000.0, 380.0
LEFT, RIGHT, TOP, BOTTOM = 56.0, 118.0, 34.0, 40.0


def _num(n: int) -> str:
    """A figure with a true minus, as everywhere else in the documents."""
    return f"−{-n}" if n < 0 else str(n)


def _nice_step(span: float, target: int) -> int:
    """A round tick step (1, 2, 5 × 10^k) giving about ``target`` ticks over ``span``."""
    raw = max(span / max(target, 1), 1.0)
    base = 1
    while base * 10 <= raw:
        base *= 10
    for mult in (1, 2, 5, 10):
        if base * mult >= raw:
            return base * mult
    return base * 10  # pragma: no cover


def _mark(kind: str, x: float, y: float, r: float = 3.6) -> str:
    if kind == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="#000"/>'
    if kind == "square":
        s = r * 1.7
        return (
            f'<rect x="{x - s / 2:.1f}" y="{y - s / 2:.1f}" width="{s:.1f}" height="{s:.1f}" fill="#fff" '
            'stroke="#000" stroke-width="1.4"/>'
        )
    if kind == "triangle":
        h = r * 1.25
        pts = f"{x:.1f},{y - h:.1f} {x + h:.1f},{y + h * 0.8:.1f} {x - h:.1f},{y + h * 0.8:.1f}"
        return f'<polygon points="{pts}" fill="#000"/>'
    if kind == "diamond":
        h = r * 1.35
        pts = f"{x:.1f},{y - h:.1f} {x + h:.1f},{y:.1f} {x:.1f},{y + h:.1f} {x - h:.1f},{y:.1f}"
        return f'<polygon points="{pts}" fill="#fff" stroke="#000" stroke-width="1.4"/>'
    h = r
    return (
        f'<path d="M{x - h:.1f},{y - h:.1f}L{x + h:.1f},{y + h:.1f}M{x - h:.1f},{y + h:.1f}L{x + h:.1f},{y - h:.1f}" '
        'stroke="#000" stroke-width="1.6"/>'
    )


def _spread(ys: list[float], gap: float, low: float, high: float) -> list[float]:
    """Move end labels apart vertically (keeping their order) so none overlap."""
    order = sorted(range(len(ys)), key=lambda i: ys[i])
    out = ys[:]
    prev = low - gap
    for i in order:
        out[i] = max(out[i], prev + gap)
        prev = out[i]
    over = prev - high
    if over > 0:
        for i in order:
            out[i] -= over
    return out


def _start_line(start: int, y: float, plot_w: float) -> tuple[list[str], list[str]]:
    """The dotted line at the starting bowl, and its label (drawn after the lines, on a white patch)."""
    line = [
        f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w:.1f}" y2="{y:.1f}" stroke="#666" '
        'stroke-width="1" stroke-dasharray="1 3"/>'
    ]
    label = f"start {_num(start)}"
    # drawn after the lines, on a white patch, so no line crosses the words
    late = [
        f'<rect x="{LEFT + 2}" y="{y - 16:.1f}" width="{len(label) * 7 + 6}" height="13" fill="#fff"/>',
        f'<text x="{LEFT + 5}" y="{y - 5:.1f}" font-size="11" fill="#000">{label}</text>',
    ]
    return line, late


def _hand_axis(hands: Sequence[int], px: Callable[[int], float], plot_w: float, plot_h: float) -> list[str]:
    """The hand axis: a tick at the row of each hand shown (a hand's own row, after its deal)."""
    last_hand = max(hands) if hands else 0
    if not last_hand:
        return []
    out: list[str] = []
    hstep = _nice_step(last_hand, 12)
    row_of = {h: i for i, h in enumerate(hands)}
    for h in range(hstep, last_hand + 1, hstep):
        x = px(row_of[h])
        out.append(
            f'<line x1="{x:.1f}" y1="{TOP + plot_h:.1f}" x2="{x:.1f}" y2="{TOP + plot_h + 5:.1f}" stroke="#000"/>'
        )
        out.append(f'<text x="{x:.1f}" y="{TOP + plot_h + 19:.1f}" text-anchor="middle">{h}</text>')
    out.append(f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 4:.1f}" text-anchor="middle">hand</text>')
    return out


def bowl_chart(chart: Mapping[str, Any], title: str = "Bowls across the session") -> str:
    """The chart as an ``<svg>`` element, scaled to the width of its container."""
    players: Sequence[str] = chart.get("players", [])
    series: Sequence[Sequence[int]] = chart.get("series", [])
    hands: Sequence[int] = chart.get("hands", []) or []
    start: int | None = chart.get("start")
    n = max((len(s) for s in series), default=0)
    if not players or n < 2:  # a line needs two rows: nothing to chart before the first deal
        return ""
    values: list[int] = [v for s in series for v in s] + ([start] if start is not None else [])
    lo, hi = min(values), max(values)
    step = _nice_step(hi - lo, 6)
    y0 = (lo // step) * step
    y1 = -(-hi // step) * step
    if y1 == y0:
        y1 = y0 + step
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM

    def px(i: int) -> float:
        return LEFT + (plot_w * i / (n - 1) if n > 1 else plot_w / 2)

    def py(v: float) -> float:
        return TOP + plot_h * (y1 - v) / (y1 - y0)

    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="bowl-chart" viewBox="0 0 {WIDTH:.0f} {HEIGHT:.0f}" '
        f'width="100%" role="img" aria-label="{escape(title)}" font-family="DejaVu Sans, sans-serif" font-size="13">',
        f"<title>{escape(title)}</title>",
        f'<rect x="{LEFT}" y="{TOP}" width="{plot_w:.1f}" height="{plot_h:.1f}" fill="none" stroke="#000" '
        'stroke-width="0.8"/>',
    ]
    # horizontal grid and tantos axis
    v = y0
    while v <= y1:
        y = py(v)
        out.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w:.1f}" y2="{y:.1f}" stroke="#bbb" stroke-width="0.6"/>'
        )
        out.append(f'<text x="{LEFT - 6}" y="{y + 4.5:.1f}" text-anchor="end">{_num(v)}</text>')
        v += step
    out.append(
        f'<text x="{LEFT - 44}" y="{TOP + plot_h / 2:.1f}" text-anchor="middle" '
        f'transform="rotate(-90 {LEFT - 44} {TOP + plot_h / 2:.1f})">tantos</text>'
    )
    late = _start_line(start, py(start), plot_w) if start is not None else ([], [])
    out.extend(late[0])
    out.extend(_hand_axis(hands, px, plot_w, plot_h))
    # the lines, one per seat
    every = max(1, n // 24)
    ends: list[float] = []
    for seat, (name, s) in enumerate(zip(players, series, strict=True)):
        dash = DASHES[seat % len(DASHES)]
        pts = " ".join(f"{px(i):.1f},{py(val):.1f}" for i, val in enumerate(s))
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<polyline points="{pts}" fill="none" stroke="#000" stroke-width="1.8" '
            f'stroke-linejoin="round"{dash_attr}><title>{escape(name)}</title></polyline>'
        )
        mark = MARKS[seat % len(MARKS)]
        # marks offset per seat so equal bowls do not hide each other's marks
        for i in range(seat % every if every > 1 else 0, len(s), every):
            out.append(_mark(mark, px(i), py(s[i])))
        ends.append(py(s[-1]))
    out.extend(late[1])
    label_ys = _spread(ends, 17.0, TOP + 6, TOP + plot_h)
    for seat, (name, s) in enumerate(zip(players, series, strict=True)):
        x = LEFT + plot_w + 8
        out.append(_mark(MARKS[seat % len(MARKS)], x + 5, label_ys[seat] - 4.5))
        out.append(
            f'<text x="{x + 15:.1f}" y="{label_ys[seat]:.1f}">{escape(name)} {_num(s[-1])}</text>'
        )
    # legend across the top: line sample, mark and name
    lx = LEFT
    for seat, name in enumerate(players):
        dash = DASHES[seat % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<line x1="{lx:.1f}" y1="{TOP - 14}" x2="{lx + 44:.1f}" y2="{TOP - 14}" stroke="#000" '
            f'stroke-width="1.8"{dash_attr}/>'
        )
        out.append(_mark(MARKS[seat % len(MARKS)], lx + 22, TOP - 14))
        out.append(f'<text x="{lx + 52:.1f}" y="{TOP - 9.5}">{escape(name)}</text>')
        lx += 60 + 8.5 * len(name) + 30
    out.append("</svg>")
    return "\n".join(out)
