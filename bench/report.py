"""Report speed: seconds to render the printed documents as PDF, and the memory a long report takes.

    .venv/bin/python bench/report.py                  # worked example, 300 and 1,000 hands
    .venv/bin/python bench/report.py --long 300 1000 10000 --repeat 5

"Cold" is the first document of the process (loads Pango and the fonts);
"warm" is the best and the median of the following runs. Each long evening is
rendered in a process of its own, so its peak memory (the process's maximum
resident set, as the kernel counts it) is its own. Targets: worked example
≤ 0.4 s warm, 300-hand report ≤ 2.5 s warm.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
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

TARGET_WORKED = 0.4
TARGET_300 = 2.5


def timed(fn: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def peak_mb() -> float:
    """This process's peak resident memory so far (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def one_long(hands: int, repeat: int) -> None:
    """In a process of its own: replay, view model and report of a ``hands``-hand evening; one line of figures."""
    t0 = time.perf_counter()
    ledger = replay(Session(Setup(players=PLAYERS, first_dealer="North"), tuple(make_hands(hands))))
    view = build_view(ledger)
    build = time.perf_counter() - t0
    render_pdf("report", build_view(replay(loads((ROOT / "tests/data/worked_example.json").read_text()))))  # warm
    runs = [timed(partial(render_pdf, "report", view)) for _ in range(repeat)]
    print(f"{hands}\t{build:.2f}\t{min(runs):.2f}\t{statistics.median(runs):.2f}\t{peak_mb():.0f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3, help="warm runs per document (default 3)")
    ap.add_argument("--long", type=int, nargs="*", default=[300, 1000], help="long evenings' hands")
    ap.add_argument("--one", type=int, help=argparse.SUPPRESS)  # internal: one long evening, in its own process
    args = ap.parse_args()
    if args.one:
        one_long(args.one, max(1, args.repeat if args.one <= 1000 else 1))
        return

    worked = build_view(replay(loads((ROOT / "tests/data/worked_example.json").read_text(encoding="utf-8"))))
    cold = timed(lambda: render_pdf("report", worked))
    print(f"python {sys.version.split()[0]}; cold start (first PDF of the process): {cold:.2f} s")
    results: dict[str, float] = {}
    for label, kind in [("worked example, report", "report"), ("worked example, paper", "paper"),
                        ("worked example, settlement", "settlement")]:
        runs = [timed(partial(render_pdf, kind, worked)) for _ in range(args.repeat)]
        results[label] = min(runs)
        print(f"{label:<30} warm: best {min(runs):5.2f} s, median {statistics.median(runs):5.2f} s")
    print(f"peak memory of this process (worked example): {peak_mb():.0f} MB")
    long: dict[int, list[str]] = {}
    for hands in args.long:
        out = subprocess.run([sys.executable, __file__, "--one", str(hands), "--repeat", str(args.repeat)],
                             capture_output=True, text=True, check=True).stdout.strip().splitlines()[-1]
        fields = out.split("\t")
        long[hands] = fields
        print(f"{hands:>6}-hand report: replay + view model {fields[1]} s; PDF warm best {fields[2]} s,"
              f" median {fields[3]} s; peak memory {fields[4]} MB")
    print(f"target worked example ≤ {TARGET_WORKED} s: {results['worked example, report']:.2f} s")
    if 300 in long:
        print(f"target 300-hand report ≤ {TARGET_300} s: {long[300][2]} s")


if __name__ == "__main__":
    main()
