"""Report speed: seconds to render the printed documents as PDF.

    .venv/bin/python bench/report.py            # worked example and a 300-hand evening
    .venv/bin/python bench/report.py --repeat 5

"Cold" is the first document of the process (loads Pango and the fonts);
"warm" is the best and the median of the following runs. Targets: worked
example ≤ 1 s, 300-hand report ≤ 5 s, warm.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from replay import PLAYERS, make_hands  # noqa: E402  (bench/replay.py: a deterministic mix of hands)
from scorekeeper.engine import Session, Setup, loads, replay  # noqa: E402
from scorekeeper.reports import render_pdf  # noqa: E402
from scorekeeper.viewmodel import build_view  # noqa: E402


def timed(fn: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3, help="warm runs per document (default 3)")
    ap.add_argument("--hands", type=int, default=300, help="hands in the long evening (default 300)")
    args = ap.parse_args()

    worked = build_view(replay(loads((ROOT / "tests/data/worked_example.json").read_text(encoding="utf-8"))))
    t0 = time.perf_counter()
    long_ledger = replay(Session(Setup(players=PLAYERS, first_dealer="North"), tuple(make_hands(args.hands))))
    long_view = build_view(long_ledger)
    build = time.perf_counter() - t0

    cold = timed(lambda: render_pdf("report", worked))
    print(f"python {sys.version.split()[0]}; cold start (first PDF of the process): {cold:.2f} s")
    print(f"{args.hands}-hand evening: replay + view model {build:.2f} s, {len(long_ledger.rows)} rows")
    results: dict[str, float] = {}
    for label, kind, view in [
        ("worked example, report", "report", worked),
        ("worked example, paper", "paper", worked),
        ("worked example, settlement", "settlement", worked),
        (f"{args.hands}-hand report", "report", long_view),
    ]:
        runs = [timed(partial(render_pdf, kind, view)) for _ in range(args.repeat)]
        results[label] = min(runs)
        print(f"{label:<30} warm: best {min(runs):5.2f} s, median {statistics.median(runs):5.2f} s")
    print(f"target worked example ≤ 1 s: {results['worked example, report']:.2f} s")
    print(f"target {args.hands}-hand report ≤ 5 s: {results[f'{args.hands}-hand report']:.2f} s")


if __name__ == "__main__":
    main()
