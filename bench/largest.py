"""The largest session the web accepts (services.limits.SESSION_HANDS hands): seconds for each page and document.

    .venv/bin/python bench/largest.py                # 1,000 hands, each URL timed twice
    .venv/bin/python bench/largest.py --hands 300

The session is imported through the web (a real SQLite file, migrated) and
every page is fetched through the app, as a phone would; the figures are
wall-clock seconds per request, the first and the second time. Target: each
one well inside gunicorn's 30 s timeout (docs/security.md, "Limits").
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from replay import PLAYERS, make_hands  # noqa: E402  (bench/replay.py: a deterministic mix of hands)
from scorekeeper.engine import Session, Setup, dump_session  # noqa: E402
from scorekeeper.services.limits import SESSION_HANDS  # noqa: E402

TIMEOUT = 30.0


def csrf(html: str) -> str:
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)  # type: ignore[union-attr]


def main() -> None:
    from flask_migrate import upgrade

    from scorekeeper import create_app

    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=SESSION_HANDS)
    args = ap.parse_args()
    data = json.dumps(dump_session(Session(Setup(players=PLAYERS, first_dealer="North"),
                                           tuple(make_hands(args.hands)))))
    db = Path(tempfile.mkdtemp()) / "bench.sqlite"
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{db}", "SECRET_KEY": "bench"})
    with app.app_context():
        upgrade()
    client = app.test_client()
    token = csrf(client.get("/").get_data(as_text=True))
    group = client.post("/", data={"name": "Bench", "csrf_token": token}).headers["Location"].rsplit("/", 1)[1]
    t0 = time.perf_counter()
    r = client.post(f"/g/{group}/import", data={"text": data, "csrf_token": token})
    print(f"{args.hands}-hand session file: {len(data) / 1024:.0f} KiB; import {time.perf_counter() - t0:.2f} s "
          f"(status {r.status_code})")
    session = r.headers["Location"].rsplit("/", 1)[1]
    worst = 0.0
    for path in ("", "/hands", "/report.html", "/report.pdf", "/paper.pdf", "/settlement.pdf", "/session.json",
                 "/ledger.csv", "/hand"):
        times = []
        for _ in range(2):
            t0 = time.perf_counter()
            r = client.get(f"/s/{session}{path}")
            times.append(time.perf_counter() - t0)
            assert r.status_code == 200, (path, r.status_code)
        worst = max(worst, *times)
        print(f"GET /s/…{path or ' (table screen)':<18} {times[0]:6.2f} s, again {times[1]:6.2f} s, "
              f"{len(r.data) / 1024:8.0f} KiB")
    print(f"slowest request: {worst:.2f} s (timeout {TIMEOUT:.0f} s: {'within' if worst < TIMEOUT else 'OVER'})")


if __name__ == "__main__":
    main()
