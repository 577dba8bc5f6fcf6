"""Many tables at once on the real server and PostgreSQL: CPU per table and p95 per kind of request.

    flock /work/bench.lock .venv/bin/python bench/tables.py \\
        --database postgresql+psycopg://postgres@127.0.0.1:PORT/postgres \\
        [--tables 10 40] [--seconds 40] [--hands 60] [--faster 10]

For each number of tables: a fresh database in that PostgreSQL server (dropped
after), ``./scripts/run`` (gunicorn, two workers of eight threads, 127.0.0.1)
in front of it, and the tables, each set up mid-evening (``--hands`` hands,
stored as an imported file would be). Each table is five phones; three phases
of ``--seconds`` each follow:

- **plain polls**: every phone asks "anything new?" every 3 s as main's
  static/games/tresillo.js (then app.js) did before issue 29 (no ``If-None-Match``: the answer counts the hands);
- **polls**: the same with the version the phone shows as ``If-None-Match`` (today's games/tresillo.js);
- **evening**: the polls, and hands and PDFs ``--faster`` times as often as at a
  real table (a hand every 150 s, a report PDF every 30 min): one phone opens the
  hand form, asks two previews, saves, and sees the table screen; the other
  four see the new version on their next poll and reload the table screen.

CPU is read from /proc for gunicorn's processes (the app) and PostgreSQL's
(the database, when its processes are on this machine), before and after each
phase. A real table's CPU is the polls' phase plus the evening's extra divided
by ``--faster``; "tables per core" is one over that. Latencies: the phone's
(client) and gunicorn's own (its access log's duration) p95 per kind. The
machine is shared: take ``flock /work/bench.lock`` and read the load printed.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))

from replay import PLAYERS, make_hands  # noqa: E402  (bench/replay.py: a deterministic mix of valid hands)
from serve import Phone, hidden, run_env, started  # noqa: E402  (bench/serve.py: the real server, a phone)

PHONES = 5
POLL_EVERY = 3.0
HAND_EVERY = 150.0  # seconds between hands at a real table (the 2.5 minutes)
PDF_EVERY = 1800.0  # a report PDF now and then: one every half hour per table
TICKS = os.sysconf("SC_CLK_TCK")
ACCESS = re.compile(r'"(GET|POST) (\S+) HTTP/[\d.]+" (\d{3}) \S+ (\d+)ms')


def kind_of(method: str, path: str) -> str | None:
    """What a request was, from its method and path (tokens are cut from gunicorn's log)."""
    path = path.split("?", 1)[0]
    if path.endswith("/version"):
        return "poll"
    if path.endswith("/report.pdf"):
        return "pdf"
    if path.endswith("/preview"):
        return "preview"
    if path.endswith("/hand"):
        return "save" if method == "POST" else "hand form"
    if re.fullmatch(r"/s/[^/]+/?", path):
        return "table screen"
    return None


# ------------------------------------------------------------------ CPU from /proc


def _ticks(pid: int, children_too: bool = False) -> int:
    """utime + stime of ``pid`` (and of its children that ended, when asked), in clock ticks; 0 if gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    used = int(fields[11]) + int(fields[12])
    return used + (int(fields[13]) + int(fields[14]) if children_too else 0)


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            pass
    return found


def cpu_of(pid: int | None) -> float:
    """CPU seconds of a server: the process, its live children, and the children that ended."""
    if pid is None:
        return 0.0
    return (_ticks(pid, children_too=True) + sum(_ticks(c) for c in _children(pid))) / TICKS


def postmaster(url: str) -> int | None:
    """PostgreSQL's main process when it runs on this machine (its data directory readable), else None."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    with engine.connect() as conn:
        data = conn.execute(text("SHOW data_directory")).scalar_one()
    engine.dispose()
    try:
        return int(Path(data, "postmaster.pid").read_text().split()[0])
    except OSError:
        return None


# ------------------------------------------------------------------ the tables


@dataclass
class Seen:
    """Latencies (seconds) per kind, the phone's side, and what went wrong."""

    times: dict[str, list[float]] = field(default_factory=dict)
    unchanged: dict[str, int] = field(default_factory=dict)  # answers 304, per kind
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, kind: str, took: float, status: int, ok: tuple[int, ...]) -> None:
        with self.lock:
            self.times.setdefault(kind, []).append(took)
            self.unchanged[kind] = self.unchanged.get(kind, 0) + (status == 304)
            if status not in ok:
                self.errors.append(f"{kind} {status}")


class PollingPhone:
    """A phone left on the table screen: one kept-alive connection, the version it shows."""

    def __init__(self, host: str, port: int, token: str, version: str) -> None:
        self.conn = http.client.HTTPConnection(host, port, timeout=60)
        self.token = token
        self.version = version

    def _get(self, path: str, headers: dict[str, str]) -> tuple[int, bytes]:
        for attempt in (1, 2):  # the server closes a connection idle past its keep-alive: open it again
            try:
                self.conn.request("GET", path, headers=headers)
                answer = self.conn.getresponse()
                return answer.status, answer.read()
            except (http.client.HTTPException, OSError):
                self.conn.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def poll(self, seen: Seen, tagged: bool) -> None:
        headers = {"If-None-Match": f'"{self.version}"'} if tagged else {}
        began = time.perf_counter()
        status, body = self._get(f"/s/{self.token}/version", headers)
        seen.add("poll", time.perf_counter() - began, status, (200, 304))
        if status == 200 and str(json.loads(body)["version"]) != self.version:
            began = time.perf_counter()  # location.reload(): the table screen again (its files are cached)
            status, _ = self._get(f"/s/{self.token}", {"Accept-Encoding": "br, gzip"})
            seen.add("table screen", time.perf_counter() - began, status, (200,))
            self.version = str(json.loads(body)["version"])


@dataclass
class Table:
    token: str
    hands: list[dict]  # the hands still to enter, in order (session-file objects)
    entered: int  # hands stored so far
    phones: list[PollingPhone]
    keeper: Phone  # the phone that enters hands and asks for PDFs


def enter_hand(table: Table, seen: Seen) -> None:
    """One phone enters the next hand as games/tresillo.js does: the form, two previews, the save, the table screen."""
    from conftest import hand_fields

    phone, token = table.keeper, table.token
    began = time.perf_counter()
    page = phone.get(f"/s/{token}/hand")
    seen.add("hand form", time.perf_counter() - began, page.status, (200,))
    data = hand_fields(table.hands[0], PLAYERS)
    data.update(idem_key=hidden(page.text, "idem_key"), number=hidden(page.text, "number"))
    for partial in ({"contract": data["contract"]}, data):
        began = time.perf_counter()
        answer = phone.post(f"/s/{token}/preview", partial)
        seen.add("preview", time.perf_counter() - began, answer.status, (200,))
    began = time.perf_counter()
    answer = phone.post(f"/s/{token}/hand", data)
    seen.add("save", time.perf_counter() - began, answer.status, (302, 303))
    if answer.status in (302, 303):
        table.hands.pop(0)
        table.entered += 1
        began = time.perf_counter()
        where = urllib.parse.urlsplit(answer.headers["Location"])
        screen = phone.get(f"{where.path}?{where.query}")
        seen.add("table screen", time.perf_counter() - began, screen.status, (200,))


def play(table: Table, seen: Seen, until: float, tagged: bool, hand_every: float | None,
         pdf_every: float | None, rng: random.Random) -> None:
    """One table until ``until``: its phones poll in turn; hands and PDFs come when due (if asked)."""
    start = time.monotonic()
    next_poll = [start + rng.uniform(0, POLL_EVERY) for _ in table.phones]
    next_hand = start + rng.uniform(0, hand_every) if hand_every else float("inf")
    next_pdf = start + rng.uniform(0, pdf_every) if pdf_every else float("inf")
    while (now := time.monotonic()) < until:
        i = min(range(len(next_poll)), key=next_poll.__getitem__)
        due = min(next_poll[i], next_hand, next_pdf)
        if due > now:
            time.sleep(min(due, until) - now)
            continue
        if due == next_hand:
            if table.hands:
                enter_hand(table, seen)
            next_hand += hand_every or float("inf")
        elif due == next_pdf:
            began = time.perf_counter()
            answer = table.keeper.get(f"/s/{table.token}/report.pdf")
            seen.add("pdf", time.perf_counter() - began, answer.status, (200,))
            next_pdf += pdf_every or float("inf")
        else:
            table.phones[i].poll(seen, tagged)
            next_poll[i] += POLL_EVERY


def set_tables(url: str, count: int, hands: int, extra: int, work: Path) -> list[tuple[str, list[dict]]]:
    """``count`` sessions mid-evening, stored as an imported file would be; each with the hands still to enter."""
    from flask_migrate import upgrade

    from scorekeeper import create_app
    from scorekeeper.db import db
    from scorekeeper.games.tresillo import services
    from scorekeeper.games.tresillo.engine import Session, Setup, dump_session

    os.environ["SCOREKEEPER_INSTANCE"] = str(work / "setup")
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench"})
    file = dump_session(Session(Setup(players=PLAYERS, first_dealer="North"), tuple(make_hands(hands + extra))))
    later = file["hands"][hands:]
    file["hands"] = file["hands"][:hands]
    made = []
    with app.app_context():
        upgrade()
        for n in range(count):
            group = services.create_group(f"Table {n + 1}")
            made.append((services.import_session(group, json.dumps(file)).token, [dict(h) for h in later]))
        db.session.remove()
        db.engine.dispose()
    return made


# ------------------------------------------------------------------ a run


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def server_times(lines: list[str]) -> dict[str, list[float]]:
    """gunicorn's own duration of each request (its access log), in seconds, per kind."""
    found: dict[str, list[float]] = {}
    for line in lines:
        m = ACCESS.search(line)
        if m and (kind := kind_of(m.group(1), m.group(2))) is not None:
            found.setdefault(kind, []).append(int(m.group(4)) / 1000)
    return found


@dataclass
class Phase:
    name: str
    seconds: float
    app_cpu: float
    db_cpu: float
    bench_cpu: float
    seen: Seen
    served: dict[str, list[float]]


def phase(name: str, tables: list[Table], seconds: float, tagged: bool, faster: float | None,
          gunicorn: int, pg: int | None, log: list[str]) -> Phase:
    seen = Seen()
    hand_every = HAND_EVERY / faster if faster else None
    pdf_every = PDF_EVERY / faster if faster else None
    log_from = len(log)
    app0, db0, me0 = cpu_of(gunicorn), cpu_of(pg), time.process_time()
    began = time.monotonic()
    until = began + seconds
    threads = [threading.Thread(target=play, args=(t, seen, until, tagged, hand_every, pdf_every,
                                                   random.Random(n)), daemon=True) for n, t in enumerate(tables)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(seconds + 120)
    if any(t.is_alive() for t in threads):
        raise SystemExit(f"{name}: the tables did not stop within two minutes of the end")
    took = time.monotonic() - began
    time.sleep(0.5)  # the access log's last lines
    return Phase(name, took, cpu_of(gunicorn) - app0, cpu_of(pg) - db0, time.process_time() - me0, seen,
                 server_times(log[log_from:]))


def report(count: int, phases: list[Phase], faster: float) -> dict[str, object]:
    plain, quiet, evening = phases
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\n{count} tables × {PHONES} phones; {os.cpu_count()} CPUs; load {load}")
    per: dict[str, float] = {}
    for p in phases:
        app, db = p.app_cpu / p.seconds / count, p.db_cpu / p.seconds / count
        per[p.name] = app + db
        print(f"  {p.name:12} {p.seconds:5.1f} s  app {p.app_cpu:6.2f} s CPU, db {p.db_cpu:5.2f} s, the bench itself "
              f"{p.bench_cpu:5.2f} s  → per table {app * 1000:5.1f} + {db * 1000:4.1f} ms CPU per second; "
              f"errors {len(p.seen.errors)} {sorted(set(p.seen.errors))[:4]}")
        for kind in sorted(p.seen.times):
            mine, theirs = p.seen.times[kind], p.served.get(kind, [])
            server = p95(theirs) * 1000 if theirs else float("nan")
            print(f"      {kind:13} n={len(mine):5}  phone p50 {statistics.median(mine) * 1000:6.1f} ms "
                  f"p95 {p95(mine) * 1000:6.1f} ms   server p95 {server:6.1f} ms   304: {p.seen.unchanged[kind]}")
    real = per["polls"] + (per["evening"] - per["polls"]) / faster
    print(f"  a real table (polls + the evening's extra ÷ {faster:g}): {real * 1000:.1f} ms CPU per second "
          f"(app + db) → {1 / real:.0f} tables per core; with plain polls "
          f"{1 / (per['plain polls'] + (per['evening'] - per['polls']) / faster):.0f}")
    return {"tables": count, "per_table_cpu": per, "real_table_cpu": real, "tables_per_core": 1 / real,
            "p95_phone": {k: p95(v) for k, v in evening.seen.times.items()},
            "p95_server": {k: p95(v) for k, v in evening.served.items()},
            "errors": len(plain.seen.errors) + len(quiet.seen.errors) + len(evening.seen.errors)}


def run(base_url: str, count: int, args: argparse.Namespace, work: Path) -> dict[str, object]:
    from sqlalchemy import create_engine, text

    name = "tables_" + uuid.uuid4().hex[:10]
    admin = create_engine(base_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = base_url.rsplit("/", 1)[0] + "/" + name
    try:
        extra = int(args.seconds * args.faster / HAND_EVERY) + 3
        made = set_tables(url, count, args.hands, extra, work)
        env = run_env(work / f"instance-{count}", DATABASE_URL=url, WEB_CONCURRENCY="2", SECRET_KEY="bench")
        with started([str(ROOT / "scripts" / "run")], env) as server:
            host, port = server.url.split("//", 1)[1].rstrip("/").split(":")
            tables = []
            for token, later in made:
                keeper = Phone(server.url, "br, gzip")
                version = str(json.loads(keeper.get(f"/s/{token}/version").body)["version"])
                keeper.get(f"/s/{token}")  # the first look: its replay is cached by one worker
                phones = [PollingPhone(host, int(port), token, version) for _ in range(PHONES)]
                tables.append(Table(token, later, args.hands, phones, keeper))
            pg = postmaster(base_url)
            phases = [phase("plain polls", tables, args.seconds, False, None, server.process.pid, pg, server.output),
                      phase("polls", tables, args.seconds, True, None, server.process.pid, pg, server.output),
                      phase("evening", tables, args.seconds, True, args.faster, server.process.pid, pg,
                            server.output)]
        return report(count, phases, args.faster)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", default=os.environ.get("TEST_DATABASE_URL", ""),
                        help="a PostgreSQL server's URL (a database is made in it and dropped after)")
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 40])
    parser.add_argument("--seconds", type=float, default=40.0, help="length of each phase")
    parser.add_argument("--hands", type=int, default=60, help="hands each table has when the run starts")
    parser.add_argument("--faster", type=float, default=10.0, help="hands and PDFs this many times as often")
    args = parser.parse_args()
    if not args.database.startswith("postgresql"):
        raise SystemExit("--database postgresql+psycopg://…: a PostgreSQL server of your own (recipe in .ci/run)")
    if not 1 <= max(args.tables) <= 400 or not 5 <= args.seconds <= 600:
        raise SystemExit("1 to 400 tables, 5 to 600 seconds a phase: the run stays bounded")
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for count in args.tables:
            results.append(run(args.database, count, args, Path(tmp)))
    print(json.dumps(results))


if __name__ == "__main__":
    main()
