"""The bowl chart reads in black and white: shape, dash and labels, never colour alone."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from decimal import Decimal

from scorekeeper.games.tresillo.documents.chart import bowl_chart
from scorekeeper.games.tresillo.engine import Ledger
from scorekeeper.games.tresillo.views import SessionView, build_view
from scorekeeper.reports.chart import DASHES, PHONE, money_chart

SVG = "{http://www.w3.org/2000/svg}"


def _grey(value: str) -> bool:
    """``none``, or a grey: #rgb / #rrggbb with equal channels."""
    if value == "none":
        return True
    m = re.fullmatch(r"#([0-9a-f]{3}|[0-9a-f]{6})", value.lower())
    assert m, f"unexpected paint {value!r}"
    h = m.group(1)
    channels = list(h) if len(h) == 3 else [h[0:2], h[2:4], h[4:6]]
    return len(set(channels)) == 1


def test_chart_is_black_and_white_and_tells_players_apart(worked_view: SessionView) -> None:
    svg = bowl_chart(worked_view.chart)
    root = ET.fromstring(svg)  # well-formed XML, nothing to run
    assert root.tag == f"{SVG}svg" and "<script" not in svg
    for el in root.iter():
        for attr in ("fill", "stroke"):
            if attr in el.attrib:
                assert _grey(el.attrib[attr]), (el.tag, attr, el.attrib[attr])
    lines = root.findall(f"{SVG}polyline")
    dashes = [el.attrib.get("stroke-dasharray", "") for el in lines]
    assert len(set(dashes)) == 4 == len(lines)  # every player has a dash of their own
    assert dashes == list(DASHES[:4])
    # the y of each line's last point is the player's last bowl, in order of the bowls
    last_y = [float(el.attrib["points"].split()[-1].split(",")[1]) for el in lines]
    bowls = [166, 157, 173, 134]
    assert sorted(range(4), key=lambda i: last_y[i]) == sorted(range(4), key=lambda i: -bowls[i])


def test_chart_of_a_long_session_marks_hands_on_the_axis(long_ledger: Ledger) -> None:
    svg = bowl_chart(build_view(long_ledger).chart)
    root = ET.fromstring(svg)
    texts = [el.text for el in root.iter(f"{SVG}text")]
    assert "300" in texts and "hand" in texts and "tantos" in texts
    view = build_view(long_ledger)
    for el, bowls in zip(root.findall(f"{SVG}polyline"), zip(*(r.bowls for r in view.rows), strict=True), strict=True):
        points = el.attrib["points"].split()
        assert len(points) == 300  # the A4 chart draws at most 300 points a line (601 rows thinned)
        # the first and the last row are kept: the line ends at the last bowl
        first_y, last_y = float(points[0].split(",")[1]), float(points[-1].split(",")[1])
        assert (first_y > last_y) == (bowls[-1] > bowls[0]) or bowls[-1] == bowls[0]
    # a bowl below zero is labelled with a true minus
    assert any(t and re.fullmatch(r"\w+ −\d+", t) for t in texts)


def test_no_chart_without_two_rows() -> None:
    assert bowl_chart({"players": ["A", "B", "C"], "series": []}) == ""
    assert bowl_chart({"players": ["A", "B", "C"], "series": [[155], [155], [155]], "start": 160}) == ""
    assert bowl_chart({"players": ["A", "B", "C"], "series": [[155, 154], [155, 155], [155, 155]]}).startswith("<svg")


def test_phone_chart_of_a_long_session_is_thinned_but_ends_true(long_ledger: Ledger) -> None:
    """On the table screen a 300-hand evening is drawn with at most 120 points a line, the last one exact."""
    view = build_view(long_ledger)
    svg = bowl_chart(view.chart, title="Bowls so far", frame=PHONE)
    root = ET.fromstring(svg)
    assert root.attrib["viewBox"] == "0 0 420 300"
    lines = root.findall(f"{SVG}polyline")
    assert all(len(el.attrib["points"].split()) == 120 for el in lines)
    texts = [el.text for el in root.iter(f"{SVG}text")]
    last = [s[-1] for s in view.chart["series"]]
    for name, bowl in zip(view.chart["players"], last, strict=True):
        assert f"{name} {bowl}".replace(" -", " −") in texts
    assert "300" in texts  # the last hand is still on the axis
    assert len(svg) < 12_000  # light enough for every reload of the table screen


def test_money_chart_adds_up_the_evenings() -> None:
    lines = {"Ana": [Decimal(0), Decimal("1.90"), Decimal("0.70")], "Luis": [Decimal(0), Decimal("-1.90"), Decimal("-0.70")]}
    root = ET.fromstring(money_chart(lines, "EUR"))
    texts = [el.text for el in root.iter(f"{SVG}text")]
    assert "Ana +€0.70" in texts and "Luis −€0.70" in texts and "evening" in texts and "even" in texts
    ys = [[float(p.split(",")[1]) for p in el.attrib["points"].split()] for el in root.findall(f"{SVG}polyline")]
    assert ys[0][0] == ys[1][0]  # both start even
    assert ys[0][1] < ys[0][0] < ys[1][1]  # up is money won
    assert money_chart({"Ana": [Decimal(0)]}, "EUR") == ""  # no evening: nothing to draw
