"""Server time of the group page and the statistics with hundreds of evenings, on SQLite.

    .venv/bin/python bench/group.py [--evenings 200] [--hands 60] [--runs 40] [--nights 200] [--only-nights]

Plays ``--evenings`` evenings of ``--hands`` random hands each through the
services (each ended the way the table ends it, so each keeps its summary),
then times the group page, the statistics page (the whole group, one player,
a date range) and the end page with the result to share. Prints median and
p95 in milliseconds (target p95 ≤ 100 ms). For comparison, in the same run:
what the statistics would cost if every evening were replayed instead of
read from its kept summary.

Then, in another group, ``--nights`` evenings across games of three games each (Tresillo of
``--hands`` hands, Rovescino, Cacho), each evening ended at once (services.night.end_night): it
times the evening's page (the last evening) and the statistics across games (all evenings, and from
the middle on). ``--only-nights`` times those alone.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from web import pct  # noqa: E402

from replay import PLAYERS, make_hands  # noqa: E402
from scorekeeper import create_app  # noqa: E402
from scorekeeper.games.tresillo.engine import Session, Setup, dump_session  # noqa: E402


class Timed(list[float]):
    """Wall-clock milliseconds of each run; ``cpu`` holds this process's CPU milliseconds of each run
    (the CPU figure does not grow when other programs share the machine)."""

    cpu: list[float]


def timed(runs: int, call: Callable[[], object]) -> Timed:
    call()  # warm up
    out = Timed()
    out.cpu = []
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        call()
        out.append((time.perf_counter() - t0) * 1000)
        out.cpu.append((time.process_time() - c0) * 1000)
    return out


def line(name: str, ms: Timed) -> str:
    return (f"{name:<34} median {statistics.median(ms):6.1f} ms   p95 {pct(ms, 0.95):6.1f} ms"
            f"   (CPU median {statistics.median(ms.cpu):5.1f}, p95 {pct(ms.cpu, 0.95):5.1f})")


def play(app: object, evenings: int, hands: int) -> tuple[str, str]:
    """The group's evenings, one a week, each ended (settled) through the services."""
    from scorekeeper.db import db
    from scorekeeper.games.tresillo import services

    with app.app_context():  # type: ignore[attr-defined]
        group = services.create_group("Bench")
        first = datetime(2021, 1, 5, 21)
        last = None
        for i in range(evenings):
            session = Session(Setup(players=PLAYERS, first_dealer="North"), tuple(make_hands(hands, seed=i)))
            gs = services.import_file(group, json.dumps(dump_session(session)))
            gs.created_at = first + timedelta(weeks=i)
            db.session.commit()
            services.end_session(gs, paper="settle", version=gs.version)
            last = gs.token
        token = group.token
        db.session.remove()
    assert last is not None
    return token, last


ROVESCINO = [{"points": {"North": 8, "West": 1, "South": 1, "East": 0}, "last": "North"},
             {"points": {"North": 8, "West": 1, "South": 0, "East": 1}, "last": "North"},
             {"points": {"North": 3, "West": 3, "South": 4, "East": 0}, "last": "West"}]
CACHO = [{"rounds": [{"put": {"West": 1, "South": 1, "North": 0}, "folded": ["North"]},
                     {"put": {"West": 2, "South": 2}}, {"put": {"West": 6, "South": 6}}], "winner": "South"},
         {"void": True}] * 10


def play_nights(app: object, nights: int, hands: int) -> tuple[str, int]:
    """A group's evenings across games, one a week: Tresillo, Rovescino, Cacho, each evening ended at once."""
    from scorekeeper.db import db
    from scorekeeper.games.tresillo import services
    from scorekeeper.models import Night

    with app.app_context():  # type: ignore[attr-defined]
        group = services.create_group("Bench nights")
        for name in PLAYERS:
            services.add_player(group, name)
        first = datetime(2021, 1, 5, 21)
        night_id = 0
        for i in range(nights):
            session = Session(Setup(players=PLAYERS, first_dealer="North"), tuple(make_hands(hands, seed=i)))
            t = services.import_file(group, json.dumps(dump_session(session)), idem_key=f"t{i}")
            r = services.games.start_game(group, "rovescino", list(PLAYERS), None, {"stake": "0.50"}, "EUR",
                                          idem_key=f"r{i}")
            for n, deal in enumerate(ROVESCINO, 1):
                services.games.add_deal(r, n, deal, f"r{i}-{n}")
            c = services.games.start_game(group, "cacho", ["West", "South", "North"], None, {"stake": "0.10"},
                                          "EUR", idem_key=f"c{i}")
            for n, deal in enumerate(CACHO, 1):
                services.games.add_deal(c, n, deal, f"c{i}-{n}")
            night = db.session.get(Night, t.night_id)
            assert night is not None and len(night.sessions) == 3
            when = first + timedelta(weeks=i)
            night.created_at = when
            for k, gs in enumerate(night.sessions):
                gs.created_at = when + timedelta(minutes=40 * k)
            db.session.commit()
            services.night.end_night(night, "settle")
            night_id = night.id
        token = group.token
        db.session.remove()
    return token, night_id


def time_nights(app: object, args: argparse.Namespace) -> list[tuple[str, Timed]]:
    t0 = time.perf_counter()
    token, night = play_nights(app, args.nights, args.hands)
    print(f"{args.nights} evenings of three games (Tresillo of {args.hands} hands, Rovescino, Cacho) "
          f"({time.perf_counter() - t0:.1f} s to play and end them)")
    client = app.test_client()  # type: ignore[attr-defined]

    def get(url: str) -> Callable[[], object]:
        def call() -> object:
            r = client.get(url)
            assert r.status_code == 200, (url, r.status_code)
            return r
        return call

    middle = (datetime(2021, 1, 5) + timedelta(weeks=args.nights // 2)).date().isoformat()
    return [
        ("the evening's page (3 games)", timed(args.runs, get(f"/g/{token}/nights/{night}"))),
        ("statistics across games, all", timed(args.runs, get(f"/g/{token}/stats"))),
        ("statistics across games, half", timed(args.runs, get(f"/g/{token}/stats?since={middle}"))),
        ("group page with its evenings", timed(args.runs, get(f"/g/{token}"))),
    ]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--evenings", type=int, default=200)
    ap.add_argument("--hands", type=int, default=60)
    ap.add_argument("--runs", type=int, default=40)
    ap.add_argument("--nights", type=int, default=200)
    ap.add_argument("--only-nights", action="store_true")
    args = ap.parse_args()

    from flask_migrate import upgrade

    tmp = Path(tempfile.mkdtemp())
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp / 'bench.sqlite'}", "SECRET_KEY": "bench",
                      "WTF_CSRF_ENABLED": False})
    with app.app_context():
        upgrade()
    if args.only_nights:
        report_nights(time_nights(app, args))
        return
    t0 = time.perf_counter()
    token, last = play(app, args.evenings, args.hands)
    setup_s = time.perf_counter() - t0
    client = app.test_client()

    def get(url: str) -> Callable[[], object]:
        def call() -> object:
            r = client.get(url)
            assert r.status_code == 200, (url, r.status_code)
            return r
        return call

    middle = (datetime(2021, 1, 5) + timedelta(weeks=args.evenings // 2)).date().isoformat()
    results = [
        ("group page", timed(args.runs, get(f"/g/{token}"))),
        ("statistics, all evenings", timed(args.runs, get(f"/g/{token}/stats"))),
        ("statistics, one player", timed(args.runs, get(f"/g/{token}/stats?player=West"))),
        ("statistics, from the middle on", timed(args.runs, get(f"/g/{token}/stats?since={middle}"))),
        ("end page with the share text", timed(args.runs, get(f"/s/{last}/end"))),
    ]

    from scorekeeper.core.evenings import declared_of, seats_of
    from scorekeeper.games.tresillo import services
    from scorekeeper.games.tresillo.statistics import statistics as add_up
    from scorekeeper.services.summaries import summary_of

    with app.app_context():
        group = services.find_group(token)
        sessions = [s for s in group.sessions if s.closed]

        def replay_all() -> object:
            evenings = [summary_of(s) for s in sessions]
            return add_up([s for i, e in enumerate(evenings) for s in seats_of(e, i)],
                          [d for e in evenings for d in declared_of(e)])

        replayed = timed(max(3, args.runs // 10), replay_all)
        kept = timed(args.runs, lambda: services.group_statistics(group))
        page = client.get(f"/g/{token}/stats").get_data()

    # the bowls chart the table screen now draws, for a 500-hand evening
    from scorekeeper.games.tresillo.documents.chart import bowl_chart
    from scorekeeper.games.tresillo.engine import replay
    from scorekeeper.games.tresillo.services.views import bowls_so_far
    from scorekeeper.reports.chart import PHONE

    long = replay(Session(Setup(players=PLAYERS, first_dealer="North"), tuple(make_hands(500, seed=1))))
    chart = timed(args.runs, lambda: bowl_chart(bowls_so_far(long), title="Bowls so far", frame=PHONE))

    print(f"{args.evenings} evenings of {args.hands} hands on SQLite ({setup_s:.1f} s to play and end them); "
          f"{args.runs} runs each")
    for name, ms in results:
        print(line(name, ms))
    print("statistics figures alone (no page):")
    print(line("  read from the kept summaries", kept))
    print(line("  replaying every evening instead", replayed))
    print(line("table screen's bowls chart, 500 hands", chart))
    worst = max(pct(ms, 0.95) for _, ms in results)
    worst_cpu = max(pct(ms.cpu, 0.95) for _, ms in results)
    print(f"worst page p95 {worst:.1f} ms wall, {worst_cpu:.1f} ms CPU (target ≤ 100); "
          f"statistics page {len(page) / 1024:.1f} KB of HTML")
    if args.nights:
        report_nights(time_nights(app, args))


def report_nights(results: list[tuple[str, Timed]]) -> None:
    for name, ms in results:
        print(line(name, ms))
    worst = max(pct(ms, 0.95) for _, ms in results)
    print(f"evenings across games: worst page p95 {worst:.1f} ms wall (target ≤ 100)")


if __name__ == "__main__":
    main()
