"""Server time of fixing the evening in a long session on SQLite: the preview of deleting a middle hand
(two replays: as it is and as it would be), the confirmed delete, its undo, and the History page.

    .venv/bin/python bench/fixes.py [--hands 500] [--runs 30]

Prints median and p95 in milliseconds, wall and CPU (the machine is shared: CPU is the steadier figure).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))

from web import pct  # noqa: E402

from conftest import field_value  # noqa: E402
from replay import PLAYERS, make_hands  # noqa: E402
from scorekeeper import create_app  # noqa: E402
from scorekeeper.games.tresillo.engine import Session, Setup, dump_session  # noqa: E402


def timed(call: Callable[[], object], wall: list[float], cpu: list[float]) -> object:
    """Run ``call`` once, adding its wall and CPU milliseconds to the lists."""
    w, c = time.perf_counter(), time.process_time()
    out = call()
    wall.append((time.perf_counter() - w) * 1000)
    cpu.append((time.process_time() - c) * 1000)
    return out


def line(name: str, wall: list[float], cpu: list[float]) -> str:
    return (f"{name:<22} wall median {statistics.median(wall):6.1f} ms, p95 {pct(wall, 0.95):6.1f} ms · "
            f"CPU median {statistics.median(cpu):6.1f} ms, p95 {pct(cpu, 0.95):6.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=500)
    ap.add_argument("--runs", type=int, default=30)
    args = ap.parse_args()

    from flask_migrate import upgrade

    from scorekeeper.db import db
    from scorekeeper.games.tresillo import services

    tmp = Path(tempfile.mkdtemp())
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp / 'bench.sqlite'}", "SECRET_KEY": "bench",
                      "WTF_CSRF_ENABLED": False})
    session = Session(Setup(players=PLAYERS, first_dealer="North"), tuple(make_hands(args.hands)))
    with app.app_context():
        upgrade()
        gs = services.import_file(services.create_group("Bench"), json.dumps(dump_session(session)))
        url = f"/s/{gs.token}"
        db.session.remove()

    client = app.test_client()
    middle = args.hands // 2
    times: dict[str, tuple[list[float], list[float]]] = {
        k: ([], []) for k in ("delete preview", "delete (confirmed)", "table saying it", "undo", "history page")}
    for _ in range(args.runs):
        page = timed(lambda: client.get(f"{url}/hands/{middle}/delete"), *times["delete preview"])
        form = {k: field_value(page.get_data(as_text=True), k) for k in ("change", "version", "key")}  # type: ignore[attr-defined]
        done = timed(lambda f=form: client.post(f"{url}/hands/{middle}/delete", data=f), *times["delete (confirmed)"])
        assert done.status_code == 302, done.get_data(as_text=True)[:500]  # type: ignore[attr-defined]
        # the delete leads back to the table, which says it was done and offers its undo
        said = timed(lambda d=done: client.get(d.headers["Location"]), *times["table saying it"])  # type: ignore[attr-defined]
        text = said.get_data(as_text=True)  # type: ignore[attr-defined]
        undo = {"seq": field_value(text, "seq"), "key": field_value(text, "key")}
        r = timed(lambda u=undo: client.post(f"{url}/undo", data=u), *times["undo"])
        assert r.status_code == 302, r.get_data(as_text=True)[:500]  # type: ignore[attr-defined]
        timed(lambda: client.get(f"{url}/history"), *times["history page"])
    print(f"session of {args.hands} hands on SQLite, deleting hand {middle} and undoing it, {args.runs} runs "
          f"(the history grows to {2 * args.runs} changes)")
    for name, (wall, cpu) in times.items():
        print(line(name, wall, cpu))


if __name__ == "__main__":
    main()
