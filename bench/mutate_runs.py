"""What one test run of the mutation check costs: a fresh interpreter per run (the old way) against a run forked
from the fork server that imported the libraries once (tools/mutate.py's ``Runs``), interleaved in one run.

    .venv/bin/python bench/mutate_runs.py [--rounds 5] [selection]

Prints each way's median and fastest wall time for one pytest selection in a copy of the repository.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import mutate  # noqa: E402


def fresh_interpreter(work: Path, selection: str) -> float:
    env = {**os.environ, "VARIANT_EXAMPLES": "150", "PYTHONDONTWRITEBYTECODE": "1"}
    began = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-o", "addopts=",
                          *selection.split()], cwd=work, env=env, capture_output=True, check=False)
    assert run.returncode == 0, run.stdout[-500:]
    return time.perf_counter() - began


def forked(runs: mutate.Runs, work: Path, selection: str) -> float:
    began = time.perf_counter()
    assert runs.fails(work, selection, 600) is None
    return time.perf_counter() - began


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("selection", nargs="?", default="tests/test_payments.py")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp) / "copy"
        mutate._copy_repo(work)
        runs = mutate.Runs()
        forked(runs, work, args.selection)  # the fork server starts and imports once: not counted
        old, new = [], []
        for _ in range(args.rounds):
            old.append(fresh_interpreter(work, args.selection))
            new.append(forked(runs, work, args.selection))
    print(f"one run of {args.selection}, {args.rounds} rounds interleaved")
    print(f"  fresh interpreter : median {statistics.median(old):.2f} s, fastest {min(old):.2f} s")
    print(f"  forked from server: median {statistics.median(new):.2f} s, fastest {min(new):.2f} s")


if __name__ == "__main__":
    main()
