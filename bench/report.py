"""Report speed: seconds to render the printed documents as PDF, and what a long report costs.

    .venv/bin/python bench/report.py                        # worked example; 1,000 and 10,000 hands
    .venv/bin/python bench/report.py --long 1000 10000 100000 --against /work/main

"Cold" is the first document of the process (loads Pango and the fonts);
"warm" is the best and the median of the following runs. Targets: worked
example ≤ 0.4 s warm, 300-hand report ≤ 2.5 s warm.

``--long``: ``scorekeeper report FILE -o report.pdf`` of generated session files, each in a
process of its own, timed on the wall clock and with its peak memory (the process's maximum
resident set, as the kernel counts it). Two shapes of evening: ``bench`` (bench/replay.py's
mix, about two hands in three won, so the paper fills and empties as at a table) and
``debts`` (random contracts and a declarer who loses one hand in two: the paper only fills,
thousands of debts open at once, the worst shape for the paper). Past the session file's cap
(10,000 hands) the process does what the command does without the cap (the engine's loader, the
replay, the view, the PDF). ``--against DIR`` runs the
same files with the code of another checkout too (``before``), taking turns size by size.
Targets: 10,000 hands ≤ 300 MB and ≤ 60 s, 100,000 hands ≤ 500 MB.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from replay import PLAYERS, SPLITS, make_hands  # noqa: E402  (bench/replay.py: a deterministic mix of hands)
from scorekeeper.core.domains import HANDS  # noqa: E402
from scorekeeper.games.tresillo.engine import Hand, Session, Setup, Table, dump_session, loads, replay  # noqa: E402

TARGET_WORKED = 0.4
TARGET_300 = 2.5
#: hands: (seconds, MB) at most; None: no target
TARGET_LONG = {10_000: (60.0, 300.0), 100_000: (None, 500.0)}


def timed(fn: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def peak_mb() -> float:
    """This process's peak resident memory so far (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def make_debts(count: int, seed: int = 29) -> list[Hand]:
    """``count`` hands of random contracts where the declarer loses one hand in two: every puesta with
    a puesta already in the plato writes a reserved puesta, and few are won back, so the paper holds
    thousands of open debts by the end (the worst shape for the paper column and the paper's versions)."""
    rng = random.Random(seed)
    table = Table(Setup(players=PLAYERS, first_dealer="North"))
    losses = [s for s in SPLITS if s[0] < 5]
    hands: list[Hand] = []
    while len(hands) < count:
        up = table.upcoming()
        declarer = rng.choice(up.active)
        opp = [p for p in up.active if p != declarer]
        d, a, b = rng.choice(losses if rng.random() < 0.5 else SPLITS)
        hand = Hand(rng.choice(("entrada", "vuelta", "solo")), declarer=declarer,
                    tricks={declarer: d, opp[0]: a, opp[1]: b})
        table.play(hand)
        hands.append(hand)
    return hands


SHAPES: dict[str, Callable[[int], list[Hand]]] = {"bench": make_hands, "debts": make_debts}


def session_file(folder: Path, shape: str, hands: int) -> Path:
    path = folder / f"{shape}-{hands}.json"
    if not path.exists():
        session = Session(Setup(players=PLAYERS, first_dealer="North"), tuple(SHAPES[shape](hands)))
        path.write_text(json.dumps(dump_session(session), separators=(",", ":")), encoding="utf-8")
    return path


#: ``scorekeeper report FILE -o OUT``
CLI = ("import sys; sys.path.insert(0, sys.argv[1]); from scorekeeper.cli import main; "
       "sys.exit(main(['report', sys.argv[2], '-o', sys.argv[3], '--lang', 'en']))")
#: what the command does past the session file's caps (HANDS.most hands, FILE_BYTES): the file read
#: hand by hand with the engine's loader, replayed, the view built and the report rendered
PAST_THE_CAP = """
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from scorekeeper.games.tresillo.engine import Session, load_hand, replay
from scorekeeper.games.tresillo.engine.sessionfile import load_setup
from scorekeeper.games.tresillo.documents.render import render_pdf
from scorekeeper.games.tresillo.views import build_view
data = json.loads(Path(sys.argv[2]).read_bytes())
setup = load_setup({k: v for k, v in data.items() if k != "hands"})
hands = tuple(load_hand(h, i, setup.players) for i, h in enumerate(data.pop("hands"), 1))
Path(sys.argv[3]).write_bytes(render_pdf("report", build_view(replay(Session(setup, hands)))))
"""


def hands_in(path: Path) -> int:
    return int(path.stem.rsplit("-", 1)[1])


def run_alone(argv: list[str], out: Path, timeout: float, limit_mb: float) -> tuple[float, float, float] | str:
    """Run ``argv`` in a process of its own, its output to ``out``: wall seconds, CPU seconds (user and system:
    steadier than the wall clock on a busy machine) and peak MB, or why it stopped
    (past ``timeout`` seconds, or past ``limit_mb`` of address space: the machine is shared)."""

    def limited() -> None:
        size = int(limit_mb * 1024 * 1024)
        resource.setrlimit(resource.RLIMIT_AS, (size, size))

    t0 = time.perf_counter()
    with out.open("wb") as sink:
        proc = subprocess.Popen(argv, stdout=sink, stderr=subprocess.DEVNULL, start_new_session=True,
                                preexec_fn=limited)
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - t0 > timeout:
                os.killpg(proc.pid, signal.SIGKILL)
                os.wait4(proc.pid, 0)
                return f"over {timeout:.0f} s (stopped)"
            time.sleep(0.05)
    spent = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        return (f"failed after {spent:.0f} s at {usage.ru_maxrss / 1024:.0f} MB"
                f" (address space limited to {limit_mb:.0f} MB)")
    return spent, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def report_of(code: Path, path: Path, timeout: float, limit_mb: float) -> tuple[float, float, float, int] | str:
    """``scorekeeper report`` of ``path`` with the package under ``code``: wall and CPU seconds, peak MB, PDF bytes."""
    pdf = path.with_suffix(f".{code.name}.pdf")
    script = CLI if hands_in(path) <= HANDS.most else PAST_THE_CAP
    found = run_alone([sys.executable, "-c", script, str(code), str(path), str(pdf)], Path(os.devnull), timeout,
                      limit_mb)
    if isinstance(found, str):
        return found
    size = pdf.stat().st_size
    pdf.unlink()
    return (*found, size)


#: ``scorekeeper replay FILE --json``
JSON = ("import sys; sys.path.insert(0, sys.argv[1]); from scorekeeper.cli import main; "
        "sys.exit(main(['replay', sys.argv[2], '--json', '--lang', 'en']))")


def json_of(code: Path, path: Path, timeout: float, limit_mb: float) -> tuple[float, float, float, int] | str:
    """``scorekeeper replay FILE --json`` with the package under ``code``: wall and CPU seconds, peak MB, bytes."""
    out = path.with_suffix(f".{code.name}.out")
    found = run_alone([sys.executable, "-c", JSON, str(code), str(path)], out, timeout, limit_mb)
    size = out.stat().st_size
    out.unlink()
    return found if isinstance(found, str) else (*found, size)


def long_reports(sizes: list[int], shapes: list[str], against: Path | None, timeout: float, limit_mb: float,
                 before_most: int, json_most: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-report-"))
    codes = {"after": ROOT} if against is None else {"before": against.resolve(), "after": ROOT}
    print(f"\nscorekeeper report FILE (and replay FILE --json) of generated evenings, one process each: wall clock,"
          f" peak memory; stopped past {timeout:.0f} s or {limit_mb:.0f} MB of address space", flush=True)
    for hands in sizes:
        for shape in shapes:
            path = session_file(folder, shape, hands)
            for what, run in (("report", report_of), ("json", json_of)):
                if what == "json" and hands > min(json_most, HANDS.most):
                    continue
                for label, code in codes.items():
                    head = f"{hands:>7,} hands {shape:<6} {what:<6} {label:<7}"
                    if label == "before" and hands > before_most:
                        print(f"{head} not run (past --before-most {before_most:,})", flush=True)
                        continue
                    found = run(code, path, timeout, limit_mb)
                    if isinstance(found, str):
                        print(f"{head} {found}", flush=True)
                        continue
                    spent, cpu, mb, size = found
                    verdict = ""
                    if what == "report" and label == "after" and hands in TARGET_LONG:
                        most_s, most_mb = TARGET_LONG[hands]
                        ok = mb <= most_mb and (most_s is None or min(spent, cpu) <= most_s)
                        verdict = "  ok" if ok else "  OVER"
                    print(f"{head} {spent:7.1f} s (CPU {cpu:6.1f} s) {mb:7.0f} MB  output {size / 1024:9,.0f} KB"
                          f"{verdict}", flush=True)
            path.unlink()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3, help="warm runs per document (default 3)")
    ap.add_argument("--long", type=int, nargs="*", default=[1000, 10000], help="long evenings' hands")
    ap.add_argument("--shapes", nargs="+", choices=list(SHAPES), default=list(SHAPES))
    ap.add_argument("--against", type=Path, help="another checkout's root: its code is timed too (before)")
    ap.add_argument("--timeout", type=float, default=900, help="seconds a long report may run (default 900)")
    ap.add_argument("--limit-mb", type=float, default=4000, help="address space a run may take (default 4000 MB)")
    ap.add_argument("--before-most", type=int, default=10_000, help="the most hands the --against code is run on")
    ap.add_argument("--json-most", type=int, default=10_000, help="the most hands replay --json is run on")
    ap.add_argument("--skip-worked", action="store_true", help="only the long evenings")
    args = ap.parse_args()

    if not args.skip_worked:
        from scorekeeper.games.tresillo.documents.render import render_pdf
        from scorekeeper.games.tresillo.views import build_view

        worked = build_view(replay(loads((ROOT / "tests/data/worked_example.json").read_text(encoding="utf-8"))))
        cold = timed(lambda: render_pdf("report", worked))
        print(f"python {sys.version.split()[0]}; cold start (first PDF of the process): {cold:.2f} s")
        results: dict[str, float] = {}
        for label, kind in [("worked example, report", "report"), ("worked example, paper", "paper"),
                            ("worked example, settlement", "settlement")]:
            runs = [timed(partial(render_pdf, kind, worked)) for _ in range(args.repeat)]
            results[label] = min(runs)
            print(f"{label:<30} warm: best {min(runs):5.2f} s, median {statistics.median(runs):5.2f} s")
        evening = build_view(replay(Session(Setup(players=PLAYERS, first_dealer="North"), tuple(make_hands(300)))))
        runs = [timed(partial(render_pdf, "report", evening)) for _ in range(args.repeat)]
        print(f"{'300-hand report':<30} warm: best {min(runs):5.2f} s, median {statistics.median(runs):5.2f} s")
        print(f"peak memory of this process: {peak_mb():.0f} MB")
        print(f"target worked example ≤ {TARGET_WORKED} s: {results['worked example, report']:.2f} s;"
              f" target 300-hand report ≤ {TARGET_300} s: {min(runs):.2f} s")
    if args.long:
        long_reports(args.long, args.shapes, args.against, args.timeout, args.limit_mb, args.before_most,
                     args.json_most)


if __name__ == "__main__":
    main()
