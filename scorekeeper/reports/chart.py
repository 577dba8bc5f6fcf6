"""Line charts drawn on the server as SVG: a game's scores across a session, money across evenings.

No JavaScript and no colour that carries meaning: players are told apart by
the dash of their line, the shape of their marks and their name written at
the end of the line, so a chart reads the same printed in black and white.
One drawing (:func:`line_chart`) serves an A4 page (:data:`PAGE`) and the
phone (:data:`PHONE`: fewer, larger words, no legend across the top); a game
gives it its own series (Tresillo's bowls: ``games/tresillo/documents/chart.py``).

>>> svg = line_chart(["A", "B"], [[155, 150], [155, 160]], title="Bowls", ticks=[(1, "1")],
...                  x_name="hand", y_name="tantos", start=160)
>>> svg.startswith("<svg") and "A 150" in svg and "B 160" in svg
True
>>> D = Decimal
>>> svg = money_chart({"A": [D(0), D("1.5"), D("0.4")], "B": [D(0), D("-1.5"), D("-0.4")]}, "EUR")
>>> "A +€0.40" in svg and "B −€0.40" in svg and "evening" in svg
True
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from html import escape

from .. import formats
from ..i18n import _

#: stroke-dasharray per seat; all lines are black
DASHES = ("", "9 4", "2.5 3", "12 3 2.5 3", "6 2")
#: mark per seat: circle, square, triangle, diamond (open marks for seats 2 and 4)
MARKS = ("circle", "square", "triangle", "diamond", "cross")


@dataclass(frozen=True)
class Frame:
    """The drawing's size and margins (the SVG scales to its container's width)."""

    width: float = 1000.0
    height: float = 380.0
    left: float = 56.0
    right: float = 118.0
    top: float = 34.0
    bottom: float = 40.0
    legend: bool = True  # a legend across the top (the end labels name the lines anyway)
    #: at most this many points a line (a long evening is thinned, keeping its first and last row)
    most_points: int | None = None
    marks: int = 24  # about this many marks along each line
    font: float = 13.0

    @property
    def plot_w(self) -> float:
        return self.width - self.left - self.right

    @property
    def plot_h(self) -> float:
        return self.height - self.top - self.bottom


#: an A4 page's chart: about 250 mm wide, so 300 points a line is more than the eye can tell apart,
#: and every point is work for the PDF (a 300-hand evening's 601 rows drawn whole cost a second)
PAGE = Frame(most_points=300)
#: a phone's chart: about 400 px wide, so its words read at arm's length
PHONE = Frame(width=420.0, height=300.0, left=76.0, right=128.0, top=14.0, bottom=42.0, legend=False,
              most_points=120, marks=8, font=15.0)


def thin(count: int, most: int | None) -> list[int]:
    """Indexes of at most ``most`` points spread evenly over ``count``, the first and last always kept.

    >>> thin(10, 4), thin(3, 4)
    ([0, 3, 6, 9], [0, 1, 2])
    """
    if most is None or count <= most:
        return list(range(count))
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


def figure(n: int) -> str:
    """A figure with a true minus, as everywhere else in the documents."""
    return f"−{-n}" if n < 0 else str(n)


def nice_step(span: float, target: int) -> int:
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


def _start_line(start: int, y: float, f: Frame, label: str) -> tuple[list[str], list[str]]:
    """The dotted line at the starting value, and its label (drawn after the lines, on a white patch)."""
    line = [
        f'<line x1="{f.left}" y1="{y:.1f}" x2="{f.left + f.plot_w:.1f}" y2="{y:.1f}" stroke="#666" '
        'stroke-width="1" stroke-dasharray="1 3"/>'
    ]
    # drawn after the lines, on a white patch, so no line crosses the words
    late = [
        f'<rect x="{f.left + 2}" y="{y - 16:.1f}" width="{len(label) * (f.font - 2) * 0.64 + 6:.0f}" height="13" '
        'fill="#fff"/>',
        f'<text x="{f.left + 5}" y="{y - 5:.1f}" font-size="{f.font - 2:g}" fill="#000">{escape(label)}</text>',
    ]
    return line, late


def _x_axis(ticks: Sequence[tuple[int, str]], name: str, px: Callable[[int], float], f: Frame) -> list[str]:
    """Ticks under the plot at the given point indexes, and the axis's name."""
    out: list[str] = []
    bottom = f.top + f.plot_h
    for i, label in ticks:
        x = px(i)
        out.append(f'<line x1="{x:.1f}" y1="{bottom:.1f}" x2="{x:.1f}" y2="{bottom + 5:.1f}" stroke="#000"/>')
        out.append(f'<text x="{x:.1f}" y="{bottom + 19:.1f}" text-anchor="middle">{escape(label)}</text>')
    if ticks:
        out.append(f'<text x="{f.left + f.plot_w / 2:.1f}" y="{f.height - 4:.1f}" text-anchor="middle">'
                   f"{escape(name)}</text>")
    return out


def _y_axis(y0: int, y1: int, step: int, label: Callable[[int], str], name: str,
            py: Callable[[float], float], f: Frame) -> list[str]:
    """The horizontal grid, the figures beside it and the axis's name."""
    out: list[str] = []
    v = y0
    while v <= y1:
        y = py(v)
        out.append(
            f'<line x1="{f.left}" y1="{y:.1f}" x2="{f.left + f.plot_w:.1f}" y2="{y:.1f}" stroke="#bbb" '
            'stroke-width="0.6"/>'
        )
        out.append(f'<text x="{f.left - 6}" y="{y + 4.5:.1f}" text-anchor="end">{escape(label(v))}</text>')
        v += step
    if not name:
        return out
    mid = f.top + f.plot_h / 2
    out.append(
        f'<text x="{f.left - 44}" y="{mid:.1f}" text-anchor="middle" '
        f'transform="rotate(-90 {f.left - 44} {mid:.1f})">{escape(name)}</text>'
    )
    return out


def _legend(names: Sequence[str], f: Frame) -> list[str]:
    """Across the top: line sample, mark and name of each seat."""
    out: list[str] = []
    lx = f.left
    for seat, name in enumerate(names):
        dash = DASHES[seat % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<line x1="{lx:.1f}" y1="{f.top - 14}" x2="{lx + 44:.1f}" y2="{f.top - 14}" stroke="#000" '
            f'stroke-width="1.8"{dash_attr}/>'
        )
        out.append(_mark(MARKS[seat % len(MARKS)], lx + 22, f.top - 14))
        out.append(f'<text x="{lx + 52:.1f}" y="{f.top - 9.5}">{escape(name)}</text>')
        lx += 60 + 8.5 * len(name) + 30
    return out


def _lines(names: Sequence[str], series: Sequence[Sequence[int]], px: Callable[[int], float],
           py: Callable[[float], float], marks: int) -> tuple[list[str], list[float]]:
    """One polyline per seat with its marks; also where each line ends (for the end labels)."""
    n = max(len(s) for s in series)
    every = max(1, n // marks)
    xs = [f"{px(i):.1f}," for i in range(n)]  # every line shares the points' x: written once
    out: list[str] = []
    ends: list[float] = []
    for seat, (name, s) in enumerate(zip(names, series, strict=True)):
        dash = DASHES[seat % len(DASHES)]
        pts = " ".join([x + f"{py(val):.1f}" for x, val in zip(xs, s, strict=False)])
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<polyline points="{pts}" fill="none" stroke="#000" stroke-width="1.8" '
            f'stroke-linejoin="round"{dash_attr}><title>{escape(name)}</title></polyline>'
        )
        mark = MARKS[seat % len(MARKS)]
        # marks offset per seat so equal values do not hide each other's marks
        for i in range(seat % every if every > 1 else 0, len(s), every):
            out.append(_mark(mark, px(i), py(s[i])))
        ends.append(py(s[-1]))
    return out, ends


def _short(name: str, most: int = 14) -> str:
    """A name as the end of a line shows it (long names end in an ellipsis; the legend has them whole)."""
    return name if len(name) <= most else name[: most - 1] + "…"


def _room_for(frame: Frame, ends: Sequence[str]) -> Frame:
    """The frame with a right margin wide enough for the end labels (at most 45% of the width)."""
    need = 23 + max(len(t) for t in ends) * frame.font * 0.62
    right = min(max(frame.right, need), frame.width * 0.45)
    return replace(frame, right=right) if right != frame.right else frame


def line_chart(
    names: Sequence[str],
    series: Sequence[Sequence[int]],
    *,
    title: str,
    ticks: Sequence[tuple[int, str]],
    x_name: str,
    y_name: str,
    label: Callable[[int], str] = figure,
    start: int | None = None,
    start_label: str = "",
    frame: Frame = PAGE,
    css_class: str = "line-chart",
) -> str:
    """Each seat's values as a line, as an ``<svg>`` element ("" when there is less than two points)."""
    n = max((len(s) for s in series), default=0)
    if not names or n < 2:  # a line needs two points
        return ""
    ends = [f"{_short(name)} {label(s[-1])}" for name, s in zip(names, series, strict=True)]
    f = _room_for(frame, ends)
    values: list[int] = [v for s in series for v in s] + ([start] if start is not None else [])
    lo, hi = min(values), max(values)
    step = nice_step(hi - lo, 6 if f.plot_h > 200 else 4)
    y0 = (lo // step) * step
    y1 = -(-hi // step) * step
    if y1 == y0:
        y1 = y0 + step

    left, plot_w, top, plot_h, span = f.left, f.plot_w, f.top, f.plot_h, y1 - y0  # read once, not per point

    def px(i: int) -> float:
        return left + plot_w * i / (n - 1)

    def py(v: float) -> float:
        return top + plot_h * (y1 - v) / span

    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{css_class}" viewBox="0 0 {f.width:.0f} {f.height:.0f}" '
        f'width="100%" role="img" aria-label="{escape(title)}" font-family="DejaVu Sans, sans-serif" '
        f'font-size="{f.font:g}">',
        f"<title>{escape(title)}</title>",
        f'<rect x="0" y="0" width="{f.width:.0f}" height="{f.height:.0f}" fill="#fff"/>',
        f'<rect x="{f.left}" y="{f.top}" width="{f.plot_w:.1f}" height="{f.plot_h:.1f}" fill="none" stroke="#000" '
        'stroke-width="0.8"/>',
    ]
    out.extend(_y_axis(y0, y1, step, label, y_name, py, f))
    late = _start_line(start, py(start), f, start_label) if start is not None else ([], [])
    out.extend(late[0])
    out.extend(_x_axis(ticks, x_name, px, f))
    drawn, end_ys = _lines(names, series, px, py, f.marks)
    out.extend(drawn)
    out.extend(late[1])
    label_ys = _spread(end_ys, f.font * 1.3, f.top + 6, f.top + f.plot_h)
    for seat, text in enumerate(ends):
        x = f.left + f.plot_w + 8
        out.append(_mark(MARKS[seat % len(MARKS)], x + 5, label_ys[seat] - 4.5))
        out.append(f'<text x="{x + 15:.1f}" y="{label_ys[seat]:.1f}">{escape(text)}</text>')
    if f.legend:
        out.extend(_legend(names, f))
    out.append("</svg>")
    return "\n".join(out)


def _cents(amount: Decimal) -> int:
    return int((amount * 100).to_integral_value())


def money_chart(lines: Mapping[str, Sequence[Decimal]], currency: str,
                title: str = "", frame: Frame = PHONE) -> str:
    """Each player's money added up evening after evening (the first point is before the first evening).

    Amounts are drawn in cents, so the grid falls on round sums of money.
    """
    names = list(lines)
    n = max((len(line) for line in lines.values()), default=0)
    keep = thin(n, frame.most_points)  # point i is after evening keep[i]
    series = [[_cents(lines[p][i]) for i in keep] for p in names]
    evenings = n - 1
    step = nice_step(evenings, 6 if frame.plot_w < 400 else 12) if evenings > 0 else 1
    ticks = [(bisect_right(keep, e) - 1, str(e)) for e in range(step, evenings + 1, step)]

    def money(cents: int) -> str:
        return formats.money(Decimal(cents) / 100, currency, signed=True, round_sums=True)  # the grid: "+2 €"

    return line_chart(names, series, title=title or _("Money across the evenings"), ticks=ticks,
                      x_name=_("evening"), y_name="", label=money, start=0, start_label=_("even"),
                      frame=frame, css_class="money-chart")
