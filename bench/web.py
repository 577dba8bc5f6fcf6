"""Server time of the table screen and of saving a hand, in a 500-hand session on SQLite.

    .venv/bin/python bench/web.py [--hands 500] [--runs 60]

Prints median and p95 in milliseconds (target p95 ≤ 50 ms) and the table
screen's page weight with its CSS and JS (target ≤ 60 KB uncompressed).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from replay import PLAYERS, make_hands  # noqa: E402
from scorekeeper import create_app  # noqa: E402
from scorekeeper.games.tresillo.engine import Session, Setup, dump_session  # noqa: E402


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=500)
    ap.add_argument("--runs", type=int, default=60)
    args = ap.parse_args()

    import json

    from flask_migrate import upgrade

    from scorekeeper.db import db
    from scorekeeper.games.tresillo import services

    tmp = Path(tempfile.mkdtemp())
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp / 'bench.sqlite'}", "SECRET_KEY": "bench",
                      "WTF_CSRF_ENABLED": False})
    hands = make_hands(args.hands + args.runs)
    session = Session(Setup(players=PLAYERS, first_dealer="North"), tuple(hands[: args.hands]))
    with app.app_context():
        upgrade()
        group = services.create_group("Bench")
        gs = services.import_file(group, json.dumps(dump_session(session)))
        token = gs.token
        db.session.remove()
    extra = dump_session(Session(session.setup, tuple(hands)))["hands"][args.hands:]

    client = app.test_client()
    url = f"/s/{token}"
    client.get(url)  # warm up
    render: list[float] = []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        r = client.get(url)
        render.append((time.perf_counter() - t0) * 1000)
        assert r.status_code == 200
    html = r.get_data()

    sys.path.insert(0, str(ROOT / "tests"))
    from conftest import hand_fields

    save: list[float] = []
    for i, hand in enumerate(extra):
        data = hand_fields(hand, PLAYERS)
        data.update(idem_key=f"bench-{i}", number=str(args.hands + i + 1))
        t0 = time.perf_counter()
        r = client.post(f"{url}/hand", data=data)
        save.append((time.perf_counter() - t0) * 1000)
        assert r.status_code == 302, r.get_data(as_text=True)[:500]

    assets = re.findall(r'(?:href|src)="(/static/[^"]+)"', html.decode())
    weight = len(html) + sum(len(client.get(a).get_data()) for a in assets)
    print(f"session of {args.hands} hands on SQLite, {args.runs} runs each")
    print(f"table screen: median {statistics.median(render):.1f} ms, p95 {pct(render, 0.95):.1f} ms (target p95 ≤ 50)")
    print(f"save a hand:  median {statistics.median(save):.1f} ms, p95 {pct(save, 0.95):.1f} ms (target p95 ≤ 50)")
    print(f"table screen weight: {len(html) / 1024:.1f} KB HTML + assets {', '.join(assets)} "
          f"= {weight / 1024:.1f} KB uncompressed (target ≤ 60)")


if __name__ == "__main__":
    main()
