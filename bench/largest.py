"""The largest session the web accepts (services.limits.SESSION_HANDS hands), served for real: seconds per page.

    .venv/bin/python bench/largest.py                 # 500 hands (the limit), each URL timed twice
    .venv/bin/python bench/largest.py --hands 1000    # what raising the limit would cost

It starts ``./scripts/run`` (gunicorn with scorekeeper/gunicorn_conf.py: two
workers of eight threads, the timeout ``WEB_TIMEOUT``, 120 s by default) on a
SQLite database of its own, imports a session of that many hands through the
web, as a phone would, and fetches every page and document of it twice (the
first time and again). Figures are wall-clock seconds per request on the
real server, with the machine's load average, so that a figure can be judged:
take ``flock /work/bench.lock`` around it on a shared machine. Target: every
request well inside gunicorn's timeout (docs/security.md, "Limits").
"""

from __future__ import annotations

import argparse
import html
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from replay import PLAYERS, make_hands  # noqa: E402  (bench/replay.py: a deterministic mix of hands)
from scorekeeper.games.tresillo.engine import Session, Setup, dump_session  # noqa: E402
from scorekeeper.services.limits import SESSION_HANDS  # noqa: E402
from serve import Phone, run_env, started  # noqa: E402  (bench/serve.py: the real server and a phone)

PATHS = ("", "/hands", "/report.html", "/report.pdf", "/paper.pdf", "/settlement.pdf", "/session.json",
         "/ledger.csv", "/hand", "/invite")


class PatientPhone(Phone):
    timeout = 600.0  # longer than the server's timeout: the server, not the phone, decides when it is too long


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=SESSION_HANDS)
    args = parser.parse_args()
    limit = float(os.environ.get("WEB_TIMEOUT", "120"))
    data = json.dumps(dump_session(Session(Setup(players=PLAYERS, first_dealer="North"),
                                           tuple(make_hands(args.hands)))))
    with tempfile.TemporaryDirectory() as tmp:
        with started([str(ROOT / "scripts" / "run")], run_env(Path(tmp) / "instance")) as server:
            print(f"./scripts/run (gunicorn, timeout {limit:.0f} s) on SQLite, {os.cpu_count()} CPUs, {load()}")
            phone = PatientPhone(server.url)
            phone.get("/")
            group = phone.post("/", {"name": "Bench"}).headers["Location"].rstrip("/").rsplit("/", 1)[1]
            phone.get(f"/g/{group}/import")
            began = time.perf_counter()
            answer = phone.post(f"/g/{group}/import", {"text": data})
            print(f"{args.hands}-hand session file: {len(data) / 1024:.0f} KiB; import "
                  f"{time.perf_counter() - began:.2f} s (status {answer.status})")
            if answer.status != 302:  # over the limit: the server says why, in words
                said = re.findall(r'class="error" role="alert">([^<]+)<', answer.text)
                print(" ".join(html.unescape(m) for m in said))
                raise SystemExit(1)
            session = answer.headers["Location"].rsplit("/", 1)[1]
            worst = 0.0
            for path in PATHS:
                times = []
                for _ in range(2):
                    began = time.perf_counter()
                    answer = phone.get(f"/s/{session}{path}")
                    times.append(time.perf_counter() - began)
                    if answer.status != 200:
                        print(f"GET /s/…{path}: status {answer.status}")
                worst = max(worst, *times)
                print(f"GET /s/…{path or ' (table screen)':<18} {times[0]:6.2f} s, again {times[1]:6.2f} s, "
                      f"{len(answer.body) / 1024:8.0f} KiB   ({load()})")
    print(f"slowest request: {worst:.2f} s (gunicorn's timeout {limit:.0f} s: "
          f"{'within' if worst < limit else 'OVER'}); {load()}")


if __name__ == "__main__":
    main()
