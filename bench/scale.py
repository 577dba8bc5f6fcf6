"""Server time of each page as the evening grows: 10, 100, 500 and 2,000 hands, in one run.

    .venv/bin/python bench/scale.py [--sizes 10 100 500 2000] [--runs 15]
    .venv/bin/python bench/scale.py --games [--sizes 10 100 500] [--before TREE] [--rounds 2]

(``--games``: every other game's table pages, this tree and ``TREE`` side by side: bench/scale_games.py.)

For each page (the table screen, the hand form, all hands, the end page, the HTML report's first page) and
for saving a hand: the median server time (the Flask test client, SQLite
file) at each size, and the ratio 500 ÷ 10 (target ≤ 1.5: a page's cost does
not grow with the evening; for the paged HTML report 500 ÷ 100 decides, its first page
holding 10 hands at 10 and a full page of 40 ledger lines from 100 on). Then each page's
weight at 500 hands (target: HTML ≤ 40 KB), and the weight of every page of the (paged) HTML report. Pages are
timed after a first look (the cached replay of the session, as a table sees it
between two hands); saving a hand is timed as
posted from the form, each save a new version. The sizes take turns request
by request and CPU time is printed beside the wall clock: on a shared machine
the load changes during a run.
"""

from __future__ import annotations

import argparse
import json
import re
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
from scorekeeper.games.tresillo.engine import Session, Setup, dump_session  # noqa: E402

PAGES = {"table": "", "hand form": "/hand", "all hands": "/hands", "end": "/end", "report.html": "/report.html"}
TARGET_RATIO = 1.5
TARGET_HTML_KB = 40


def median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


def session_of(app, hands: list, count: int) -> str:
    """A stored session of the first ``count`` hands (imported like a session file); its token."""
    from scorekeeper.db import db
    from scorekeeper.games.tresillo import services

    with app.app_context():
        group = services.create_group(f"Bench {count}")
        file = dump_session(Session(Setup(players=PLAYERS, first_dealer="North"), tuple(hands[:count])))
        token = services.import_file(group, json.dumps(file)).token
        db.session.remove()
    return token


def timed_get(client, url: str) -> tuple[float, float, int]:
    """Wall-clock and CPU seconds of one GET, and the HTML's bytes."""
    t0, c0 = time.perf_counter(), time.process_time()
    r = client.get(url)
    spent = time.perf_counter() - t0, time.process_time() - c0
    assert r.status_code == 200, (url, r.status_code)
    return spent[0], spent[1], len(r.get_data())


def time_pages(client, tokens: dict[int, str], runs: int) -> tuple[dict, dict]:
    """Median server time (wall, CPU) of each page at each size, and its HTML bytes.

    The sizes take turns request by request, so a machine getting busier or quieter
    during the run weighs on every size alike (the ratio is what matters)."""
    times: dict[int, dict[str, tuple[float, float]]] = {n: {} for n in tokens}
    weights: dict[int, dict[str, int]] = {n: {} for n in tokens}
    for name, path in PAGES.items():
        spent: dict[int, list[tuple[float, float]]] = {n: [] for n in tokens}
        for n, token in tokens.items():
            weights[n][name] = timed_get(client, f"/s/{token}{path}")[2]  # the first look fills the cache
        for _ in range(runs):
            for n, token in tokens.items():
                wall, cpu, _size = timed_get(client, f"/s/{token}{path}")
                spent[n].append((wall, cpu))
        for n in tokens:
            times[n][name] = (median_ms([w for w, _ in spent[n]]), median_ms([c for _, c in spent[n]]))
    return times, weights


def time_saves(client, tokens: dict[int, str], extra: list[dict], players: tuple[str, ...]) -> dict[int, tuple]:
    """Median server time (wall, CPU) of posting each of ``extra`` as the next hand, sizes taking turns."""
    from conftest import field_value, hand_fields

    spent: dict[int, list[tuple[float, float]]] = {n: [] for n in tokens}
    for i, hand in enumerate(extra):
        for n, token in tokens.items():
            page = client.get(f"/s/{token}/hand").get_data(as_text=True)
            data = hand_fields(hand[n], players)
            data.update(idem_key=field_value(page, "idem_key"), number=str(n + i + 1))
            t0, c0 = time.perf_counter(), time.process_time()
            r = client.post(f"/s/{token}/hand", data=data)
            spent[n].append((time.perf_counter() - t0, time.process_time() - c0))
            assert r.status_code == 302, r.get_data(as_text=True)[:500]
    return {n: (median_ms([w for w, _ in v]), median_ms([c for _, c in v])) for n, v in spent.items()}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="+", default=[10, 100, 500, 2000])
    ap.add_argument("--runs", type=int, default=15, help="timed requests per page and size")
    ap.add_argument("--games", action="store_true", help="the other games' pages (bench/scale_games.py)")
    ap.add_argument("--before", help="with --games: another tree measured alike in the same run")
    ap.add_argument("--rounds", type=int, default=2, help="with --games: turns each tree takes")
    args = ap.parse_args()
    if args.games:
        import scale_games

        sizes = [n for n in args.sizes if n <= 500] or [10, 100, 500]
        scale_games.main(sizes, args.runs, args.before, args.rounds)
        return

    from flask_migrate import upgrade

    tmp = Path(tempfile.mkdtemp())
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp / 'scale.sqlite'}", "SECRET_KEY": "bench",
                      "WTF_CSRF_ENABLED": False})
    with app.app_context():
        upgrade()
    saves = 10
    from scorekeeper.services import limits

    if max(args.sizes) + saves > limits.SESSION_HANDS:
        # the web refuses sessions over SESSION_HANDS (a guard for the server, docs/security.md); the bench
        # raises it in its own process only, to show how the pages would grow past it
        print(f"(the web's cap of {limits.SESSION_HANDS} hands a session is raised in this process to "
              f"{max(args.sizes) + saves})")
        limits.SESSION_HANDS = max(args.sizes) + saves
    hands = make_hands(max(args.sizes) + saves)
    file_hands = dump_session(Session(Setup(players=PLAYERS, first_dealer="North"), tuple(hands)))["hands"]
    client = app.test_client()
    warm = session_of(app, hands, 10)  # the first requests of a process load templates and catalogs
    time_pages(client, {10: warm}, 3)
    tokens = {n: session_of(app, hands, n) for n in args.sizes}
    results, weights = time_pages(client, tokens, args.runs)
    saved = time_saves(client, tokens, [{n: file_hands[n + i] for n in args.sizes} for i in range(saves)], PLAYERS)
    for n in args.sizes:
        results[n]["save a hand"] = saved[n]

    print(f"median server time in ms, wall clock (CPU in brackets); SQLite, {args.runs} requests per page"
          f" and size, {saves} saves, the sizes taking turns")
    names = list(results[args.sizes[0]])
    print(f"{'page':<12}" + "".join(f"{n:>16,}" for n in args.sizes) + "   500÷10 wall (CPU)")
    for name in names:
        cells = "".join(f"{results[n][name][0]:8.1f} ({results[n][name][1]:5.1f})" for n in args.sizes)
        if 500 in results and 10 in results:
            wall = results[500][name][0] / results[10][name][0]
            cpu = results[500][name][1] / results[10][name][1]
            verdict = "ok" if wall <= TARGET_RATIO else "OVER"
            if name == "report.html" and 100 in results:
                # the report is paged: at 10 hands its first page holds 10 hands, from 100 on a full page
                full = results[500][name][0] / results[100][name][0]
                verdict = f"(a partial page at 10) 500÷100 {full:4.2f} " + ("ok" if full <= TARGET_RATIO else "OVER")
            cells += f"   {wall:5.2f} ({cpu:4.2f}) {verdict}"
        print(f"{name:<12}{cells}")
    at = 500 if 500 in weights else max(weights)
    print(f"\npage weight at {at} hands (HTML, target ≤ {TARGET_HTML_KB} KB):")
    for name, size in weights[at].items():
        print(f"  {name:<12} {size / 1024:6.1f} KB {'ok' if size <= TARGET_HTML_KB * 1024 else 'OVER'}")
    report_pages(client, tokens[at], at)


def report_pages(client, token: str, hands: int) -> None:
    """Every page of the HTML report at ``hands`` hands: how many, the heaviest, each page's server time."""
    first = client.get(f"/s/{token}/report.html").get_data(as_text=True)
    found = re.search(r'href="\?page=(\d+)">[^<]*</a></li>\s*</ul>', first)
    pages = int(found.group(1)) if found else 1
    sizes, times = [], []
    for page in range(1, pages + 1):
        wall, _cpu, size = timed_get(client, f"/s/{token}/report.html?page={page}")
        sizes.append(size)
        times.append(wall)
    verdict = "ok" if max(sizes) <= TARGET_HTML_KB * 1024 else "OVER"
    print(f"  report.html at {hands} hands: {pages} pages, the heaviest {max(sizes) / 1024:.1f} KB {verdict}"
          f" (the settlement's {sizes[-1] / 1024:.1f} KB), median {median_ms(times):.0f} ms a page")


if __name__ == "__main__":
    main()
