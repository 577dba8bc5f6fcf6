"""Server time of each page as the evening grows: 10, 100, 500 and 2,000 hands, in one run.

    .venv/bin/python bench/scale.py [--sizes 10 100 500 2000] [--runs 15]

For each page (the table screen, the hand form, all hands, the end page) and
for saving a hand: the median server time (the Flask test client, SQLite
file) at each size, and the ratio 500 ÷ 10 (target ≤ 1.5: a page's cost does
not grow with the evening). Then each page's weight at 500 hands (target: HTML
≤ 40 KB). Pages are timed after a first look (the cached replay of the
session, as a table sees it between two hands); saving a hand is timed as
posted from the form, each save a new version.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))

from replay import PLAYERS, make_hands  # noqa: E402
from scorekeeper import create_app  # noqa: E402
from scorekeeper.engine import Session, Setup, dump_session  # noqa: E402

PAGES = {"table": "", "hand form": "/hand", "all hands": "/hands", "end": "/end"}
TARGET_RATIO = 1.5
TARGET_HTML_KB = 40


def median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


def session_of(app, hands: list, count: int) -> str:
    """A stored session of the first ``count`` hands (imported like a session file); its token."""
    from scorekeeper import services
    from scorekeeper.db import db

    with app.app_context():
        group = services.create_group(f"Bench {count}")
        file = dump_session(Session(Setup(players=PLAYERS, first_dealer="North"), tuple(hands[:count])))
        token = services.import_session(group, json.dumps(file)).token
        db.session.remove()
    return token


def time_pages(client, token: str, runs: int) -> tuple[dict[str, float], dict[str, int]]:
    """Median server time and HTML bytes of each page (after a first look)."""
    times: dict[str, float] = {}
    weights: dict[str, int] = {}
    for name, path in PAGES.items():
        url = f"/s/{token}{path}"
        first = client.get(url)
        assert first.status_code == 200, (url, first.status_code)
        weights[name] = len(first.get_data())
        spent = []
        for _ in range(runs):
            t0 = time.perf_counter()
            r = client.get(url)
            spent.append(time.perf_counter() - t0)
            assert r.status_code == 200
        times[name] = median_ms(spent)
    return times, weights


def time_saves(client, token: str, extra: list[dict], players: tuple[str, ...], start: int) -> float:
    """Median server time of posting each of ``extra`` as the next hand (the form's fields)."""
    from conftest import field_value, hand_fields

    spent = []
    for i, hand in enumerate(extra):
        page = client.get(f"/s/{token}/hand").get_data(as_text=True)
        data = hand_fields(hand, players)
        data.update(idem_key=field_value(page, "idem_key"), number=str(start + i + 1))
        t0 = time.perf_counter()
        r = client.post(f"/s/{token}/hand", data=data)
        spent.append(time.perf_counter() - t0)
        assert r.status_code == 302, r.get_data(as_text=True)[:500]
    return median_ms(spent)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="+", default=[10, 100, 500, 2000])
    ap.add_argument("--runs", type=int, default=15, help="timed requests per page and size")
    args = ap.parse_args()

    from flask_migrate import upgrade

    tmp = Path(tempfile.mkdtemp())
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp / 'scale.sqlite'}", "SECRET_KEY": "bench",
                      "WTF_CSRF_ENABLED": False})
    with app.app_context():
        upgrade()
    saves = 10
    hands = make_hands(max(args.sizes) + saves)
    file_hands = dump_session(Session(Setup(players=PLAYERS, first_dealer="North"), tuple(hands)))["hands"]
    client = app.test_client()
    results: dict[int, dict[str, float]] = {}
    weights: dict[int, dict[str, int]] = {}
    warm = session_of(app, hands, 10)  # the first requests of a process load templates and catalogs
    time_pages(client, warm, 3)
    for n in args.sizes:
        token = session_of(app, hands, n)
        times, weights[n] = time_pages(client, token, args.runs)
        times["save a hand"] = time_saves(client, token, file_hands[n:n + saves], PLAYERS, n)
        results[n] = times
        print(f"{n:>5} hands: " + "  ".join(f"{k} {v:6.1f} ms" for k, v in times.items()), flush=True)

    print(f"\nmedian server time in ms (SQLite, {args.runs} requests per page, {saves} saves)")
    names = list(results[args.sizes[0]])
    print(f"{'page':<12}" + "".join(f"{n:>9,}" for n in args.sizes) + "   500÷10")
    for name in names:
        ratio = results[500][name] / results[10][name] if 500 in results and 10 in results else float("nan")
        flag = "ok" if ratio <= TARGET_RATIO else "OVER"
        print(f"{name:<12}" + "".join(f"{results[n][name]:9.1f}" for n in args.sizes) + f"   {ratio:5.2f} {flag}")
    at = 500 if 500 in weights else max(weights)
    print(f"\npage weight at {at} hands (HTML, target ≤ {TARGET_HTML_KB} KB):")
    for name, size in weights[at].items():
        print(f"  {name:<12} {size / 1024:6.1f} KB {'ok' if size <= TARGET_HTML_KB * 1024 else 'OVER'}")


if __name__ == "__main__":
    main()
