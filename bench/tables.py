"""Many tables at once on real servers and PostgreSQL: CPU per table and p95 per kind of request.

    flock /work/bench.lock .venv/bin/python bench/tables.py \\
        --database postgresql+psycopg://postgres@127.0.0.1:PORT/postgres \\
        [--tables 10 40] [--servers 2] [--seconds 40] [--hands 60] [--faster 10] [--mix]

With ``--mix`` the tables play Tresillo, Truco (rioplatense), Tressette and Cacho in turn: the other games'
phones poll, sync, reload and save through the pages every game shares (``/s/<token>/play…``), a deal
entered as its deal form posts it (the form, the save, the table screen).

For each number of tables: a fresh database in that PostgreSQL server (dropped
after) and ``--servers`` app servers in front of it, as separate machines would
be: each one ``./scripts/run`` (gunicorn, two workers of eight threads) on
127.0.0.1 and a port of its own, with its own instance folder, all with the same
database and the same ``SECRET_KEY`` (a form read from one is saved on another).
The phones reach them as through a proxy without sticky sessions: each request
goes to the next server in turn (nginx's round robin), so a request often lands
on a worker that has not yet seen the table's last hand and must catch up its
replay (each worker process keeps its own cache).

The tables are set up mid-evening (``--hands`` hands, stored as an imported
file would be), each of five phones; each enters one hand and is shown once on
every server before anything is measured. Then three phases of ``--seconds``:

- **plain polls**: every phone asks "anything new?" every 3 s without
  ``If-None-Match``, as before issue 29 (the answer counts the hands), and, as
  static/offline.js does, the outbox's sync every 15 s (where the session stands,
  a fresh form token, who deals next, what waits on the other phones);
- **polls**: the same with the version the phone shows (today's static/follow.js);
- **evening**: the polls, and hands and PDFs ``--faster`` times as often as at a
  real table (a hand every 150 s, a report PDF every 30 min): the first phone
  opens the hand form, asks two previews, saves, and sees the table screen; the
  other four see the new version on their next poll and reload the table
  screen. A PDF is waited for while the phones go on polling; told the server is
  drawing another (429), it is asked again after ``Retry-After``.

CPU is read from /proc, before and after each phase, for every server's
gunicorn processes (the app) and PostgreSQL's (the database, when it runs on
this machine); the rest of the machine's CPU and the load are printed beside it.
A real table's CPU is the polls' phase plus the evening's extra divided by
``--faster``; "tables per core" is one over that. Per kind of request: the
phone's latency, the server's own (gunicorn's access log, matched by the request
id the phone sends) and the CPU time of the thread that answered
(bench/tables_gunicorn.py: ./scripts/run's settings and a hook that logs it); for
the kinds that replay, split by whether the worker that answered had already
answered that table since its last hand ("behind": it is on the other server, or
is the other worker of the same one). When PostgreSQL loads pg_stat_statements
(.ci/run's recipe with ``-c shared_preload_libraries=pg_stat_statements``), every
statement the servers ran is counted and explained as a generic plan with
sequential scans switched off: a statement that still scans a whole table has no
index to use. The machine is shared: take ``flock /work/bench.lock`` and read
the load printed.
"""

from __future__ import annotations

import argparse
import http.client
import itertools
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
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))

from replay import PLAYERS, make_hands  # noqa: E402  (bench/replay.py: a deterministic mix of valid hands)
from serve import Answer, Phone, Server, hidden, run_env, started  # noqa: E402  (bench/serve.py: a server, a phone)

PHONES = 5
POLL_EVERY = 3.0
SYNC_EVERY = 15.0  # static/offline.js: the outbox's check while the phone is online
HAND_EVERY = 150.0  # seconds between hands at a real table (the 2.5 minutes)
PDF_EVERY = 1800.0  # a report PDF now and then: one every half hour per table
TICKS = os.sysconf("SC_CLK_TCK")
#: what bench/tables_gunicorn.py logs: the access log (the worker, microseconds, request id, status), and
#: the CPU time of the thread that answered (the worker, request id, microseconds)
LOG_LINE = re.compile(r"tables <(\d+)> (\d+) (\S+) (\d{3})")
CPU_LINE = re.compile(r"tables-cpu <(\d+)> (\S+) (\d+)")
REPLAYING = ("table screen", "hand form", "preview", "save", "pdf", "sync")  # the kinds that need the table's replay

_ids = itertools.count(1)


def request_id() -> str:
    """An id the phone sends as ``X-Request-Id``: the server logs it, so its own time is matched to the phone's."""
    return f"tables{next(_ids):09d}"


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


def machine_cpu() -> float:
    """CPU seconds the whole machine has spent busy (every process, every core), from /proc/stat."""
    user, nice, system, _idle, _iowait, irq, softirq, steal = map(int, Path("/proc/stat").read_text().split()[1:9])
    return (user + nice + system + irq + softirq + steal) / TICKS


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


# ------------------------------------------------------------------ the servers and the proxy


class Proxy:
    """The servers behind a proxy without sticky sessions: each request goes to the next server in turn."""

    def __init__(self, servers: list[Server]) -> None:
        self.urls = [s.url.rstrip("/") for s in servers]
        self._turn = itertools.count()

    def pick(self) -> int:
        return next(self._turn) % len(self.urls)  # next() on a count is atomic: the tables' threads share it


@dataclass
class Sample:
    """One request as the phone made it; the server's side is filled in from its access log."""

    kind: str
    rid: str
    took: float  # seconds, the phone's clock
    status: int
    ok: bool
    served: float | None = None  # seconds, the worker's own (gunicorn's %(D)s)
    cpu: float | None = None  # seconds of CPU of the thread that answered
    worker: str = ""  # the pid that answered
    behind: bool | None = None  # its worker had not answered this table since its last hand (replaying kinds)


@dataclass(frozen=True)
class Paths:
    """Where a table's phones ask: Tresillo's own pages, or the pages every other game shares."""

    screen: str
    version: str
    sync: str
    pdf: str

    def at(self, kind: str, token: str) -> str:
        return str(getattr(self, kind)).format(token=token)


TRESILLO = Paths("/s/{token}", "/s/{token}/version", "/s/{token}/sync", "/s/{token}/report.pdf")
GAME = Paths("/s/{token}/play", "/s/{token}/play/version", "/s/{token}/play/sync", "/s/{token}/play/sheet.pdf")


class PollingPhone:
    """A phone left on the table screen: kept-alive connections (one to each server, as a proxy keeps them)
    and the version it shows."""

    def __init__(self, proxy: Proxy, token: str, version: str, paths: Paths | None = None) -> None:
        self.proxy = proxy
        where = [urllib.parse.urlsplit(url) for url in proxy.urls]
        self.conns = [http.client.HTTPConnection(w.hostname or "", w.port, timeout=60) for w in where]
        self.token = token
        self.version = version
        self.paths = paths or TRESILLO
        self.key = uuid.uuid4().hex  # the phone's own key (localStorage's sk-phone-key)

    def _get(self, path: str, headers: dict[str, str]) -> tuple[int, bytes]:
        conn = self.conns[self.proxy.pick()]
        for attempt in (1, 2):  # the server closes a connection idle past its keep-alive: open it again
            try:
                conn.request("GET", path, headers=headers)
                answer = conn.getresponse()
                return answer.status, answer.read()
            except (http.client.HTTPException, OSError):
                conn.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def poll(self, table: Table, tagged: bool) -> None:
        rid = request_id()
        headers = {"X-Request-Id": rid, **({"If-None-Match": f'"{self.version}"'} if tagged else {})}
        began = time.perf_counter()
        status, body = self._get(self.paths.at("version", self.token), headers)
        table.record("poll", rid, time.perf_counter() - began, status, (200, 304))
        if status == 200 and str(json.loads(body)["version"]) != self.version:
            rid = request_id()  # location.reload(): the table screen again (its files are cached)
            began = time.perf_counter()
            status, _ = self._get(self.paths.at("screen", self.token), {"Accept-Encoding": "br, gzip",
                                                                        "X-Request-Id": rid})
            table.record("table screen", rid, time.perf_counter() - began, status, (200,))
            self.version = str(json.loads(body)["version"])

    def sync(self, table: Table) -> None:
        """The outbox's check (static/offline.js), with this phone's own key."""
        rid = request_id()
        began = time.perf_counter()
        status, _ = self._get(self.paths.at("sync", self.token) + f"?phone={self.key}", {"X-Request-Id": rid})
        table.record("sync", rid, time.perf_counter() - began, status, (200,))


@dataclass
class Table:
    token: str
    hands: list[dict]  # the hands still to enter, in order (session-file objects)
    proxy: Proxy
    keeper: Phone  # the phone that enters hands and asks for PDFs
    phones: list[PollingPhone] = field(default_factory=list)
    samples: list[Sample] = field(default_factory=list)  # this phase's requests, in the order made
    caught_up: set[str] = field(default_factory=set)  # workers that answered this table since its last hand
    game: str = "tresillo"  # which game: its pages (Tresillo's or every game's) and how a hand is entered

    @property
    def paths(self) -> Paths:
        return TRESILLO if self.game == "tresillo" else GAME

    def record(self, kind: str, rid: str, took: float, status: int, ok: tuple[int, ...]) -> None:
        self.samples.append(Sample(kind, rid, took, status, status in ok))

    def keeper_asks(self, kind: str, path: str, data: dict[str, str] | None = None, ok: tuple[int, ...] = (200,),
                    server: int | None = None, phone: Phone | None = None) -> Answer:
        """The keeper's (or ``phone``'s) request through the proxy, or to ``server`` (one cookie jar for all
        servers: the same host, the same key)."""
        phone = phone or self.keeper
        phone.base = self.proxy.urls[self.proxy.pick() if server is None else server]
        rid = request_id()
        began = time.perf_counter()
        headers = {"X-Request-Id": rid}
        answer = phone.get(path, headers) if data is None else phone.post(path, data, headers)
        self.record(kind, rid, time.perf_counter() - began, answer.status, ok)
        return answer


def enter_hand(table: Table) -> None:
    """One phone enters the next hand as Tresillo's pages do: the form, two previews, the save, the table screen.
    At a table of another game: its deal form, the save, the table screen."""
    from conftest import hand_fields

    if table.game != "tresillo":
        enter_deal(table)
        return

    token = table.token
    page = table.keeper_asks("hand form", f"/s/{token}/hand")
    data = hand_fields(table.hands[0], PLAYERS)
    data.update(idem_key=hidden(page.text, "idem_key"), number=hidden(page.text, "number"))
    for partial in ({"contract": data["contract"]}, data):
        table.keeper_asks("preview", f"/s/{token}/preview", partial)
    answer = table.keeper_asks("save", f"/s/{token}/hand", data, (302, 303))
    if answer.status in (302, 303):
        table.hands.pop(0)
        where = urllib.parse.urlsplit(answer.headers["Location"])
        screen = table.keeper_asks("table screen", f"{where.path}?{where.query}")
        shown = re.search(r'data-version="([^"]+)"', screen.text)
        if table.phones and shown:  # the keeper is the first of the five: it shows the new version already
            table.phones[0].version = shown.group(1)


def enter_deal(table: Table) -> None:
    """A deal of a game of every game's pages: the deal form, the save (the form's own fields), the table screen."""
    token = table.token
    page = table.keeper_asks("hand form", f"/s/{token}/play/deal")
    data = dict(table.hands[0])
    data.update(idem_key=hidden(page.text, "idem_key"), number=hidden(page.text, "number"))
    answer = table.keeper_asks("save", f"/s/{token}/play/deal", data, (302, 303))
    if answer.status in (302, 303):
        table.hands.pop(0)
        where = urllib.parse.urlsplit(answer.headers["Location"])
        screen = table.keeper_asks("table screen", where.path + (f"?{where.query}" if where.query else ""))
        shown = re.search(r'data-version="([^"]+)"', screen.text)
        if table.phones and shown:
            table.phones[0].version = shown.group(1)


def play(table: Table, until: float, tagged: bool, hand_every: float | None, first_hand: float,
         pdf_every: float | None, first_pdf: float, rng: random.Random) -> None:
    """One table until ``until``: its phones poll in turn; hands and PDFs come when due (if asked)."""
    start = time.monotonic()
    pdfs: list[threading.Thread] = []
    next_poll = [start + rng.uniform(0, POLL_EVERY) for _ in table.phones]
    next_sync = [start + rng.uniform(0, SYNC_EVERY) for _ in table.phones]
    next_hand = start + first_hand if hand_every else float("inf")
    next_pdf = start + first_pdf if pdf_every else float("inf")
    while (now := time.monotonic()) < until:
        i = min(range(len(next_poll)), key=next_poll.__getitem__)
        j = min(range(len(next_sync)), key=next_sync.__getitem__)
        due = min(next_poll[i], next_sync[j], next_hand, next_pdf)
        if due > now:
            time.sleep(min(due, until) - now)
            continue
        if due == next_sync[j]:
            table.phones[j].sync(table)
            next_sync[j] += SYNC_EVERY
        elif due == next_hand:
            if table.hands:
                enter_hand(table)
            next_hand += hand_every or float("inf")
        elif due == next_pdf:  # a phone waits for its PDF (seconds) while the others go on polling
            pdfs.append(threading.Thread(target=ask_pdf, args=(table, until), daemon=True))
            pdfs[-1].start()
            next_pdf += pdf_every or float("inf")
        else:
            table.phones[i].poll(table, tagged)
            next_poll[i] += POLL_EVERY
    for pdf in pdfs:
        pdf.join(max(0.0, until + 120 - time.monotonic()))


def ask_pdf(table: Table, until: float) -> None:
    """The report PDF, on a phone of its own; told the server is drawing another (429), it asks again when
    told to, while the phase lasts."""
    phone = Phone(table.proxy.urls[0], "br, gzip")
    while True:
        answer = table.keeper_asks("pdf", table.paths.at("pdf", table.token), ok=(200, 429), phone=phone)
        wait = float(answer.headers.get("Retry-After", "5"))
        if answer.status != 429 or time.monotonic() + wait >= until:
            return
        time.sleep(wait)


#: the mix of ``--mix``: the tables take these games in turn
MIX = ("tresillo", "truco", "tressette", "cacho")
FOUR = ("Ana", "Bea", "Cleo", "Dan")


def game_file(game: str, hands: int, rng: random.Random) -> dict:
    """A game of every game's pages mid-evening (``hands`` deals played), as its session file: a Truco
    rioplatense where three tied tricks take nothing, a Tressette whose later deals are annulled (dealt again),
    a Cacho of random pots: none of them ends while the bench runs."""
    from scale_games import cacho

    teams = {"Nos": ["Ana", "Cleo"], "Ellos": ["Bea", "Dan"]}
    if game == "truco":
        return {"game": "truc", "players": list(FOUR), "teams": teams, "deals": [{"tricks": ["tie"] * 3}] * hands,
                "options": {"ruleset": "rioplatense", "three_ties": "tie", "target": 30, "stake": "1"}}
    if game == "tressette":
        first = [{"points": {"Nos": 5, "Ellos": 5}, "last": "Nos"}, {"points": {"Nos": 5, "Ellos": 5}, "last": "Ellos"}]
        return {"game": "tressette", "players": list(FOUR), "teams": teams, "options": {"stake": "1"},
                "deals": (first + [{"annulled": True}] * hands)[:hands]}
    return cacho(hands, rng)


def deals_to_enter(game: str, count: int) -> list[dict]:
    """The deal forms' fields a table of ``game`` posts, one deal after another."""
    if game == "truco":
        return [{"end": f"won-{k % 2}"} for k in range(count)]
    if game == "tressette":
        return [{"mode": "annulled"} for _ in range(count)]
    return [{"hand": "void", "dealer": FOUR[k % 4]} for k in range(count)]


def set_tables(url: str, count: int, hands: int, extra: int, work: Path,
               games: tuple[str, ...] = ("tresillo",)) -> list[tuple[str, list[dict], str]]:
    """``count`` sessions mid-evening, stored as an imported file would be; each with the hands still to enter,
    and its game (the tables take ``games`` in turn)."""
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
            game = games[n % len(games)]
            if game == "tresillo":
                made.append((services.import_file(group, json.dumps(file)).token, [dict(h) for h in later], game))
                continue
            doc = {"format": "scorekeeper-session/2", **game_file(game, hands, random.Random(n))}
            token = services.games.import_game(group, json.dumps(doc)).token
            made.append((token, deals_to_enter(game, extra), game))
        db.session.remove()
        db.engine.dispose()
    return made


# ------------------------------------------------------------------ what the servers logged


def served(servers: list[Server], since: list[int]) -> dict[str, tuple[str, float, float | None]]:
    """request id -> (the worker that answered, seconds it took by its clock, its CPU seconds), from the logs."""
    took, cpu = {}, {}
    for server, start in zip(servers, since, strict=True):
        for line in server.output[start:]:
            if m := LOG_LINE.search(line):
                took[m.group(3)] = (m.group(1), int(m.group(2)) / 1e6)
            elif m := CPU_LINE.search(line):
                cpu[m.group(2)] = int(m.group(3)) / 1e6
    return {rid: (worker, seconds, cpu.get(rid)) for rid, (worker, seconds) in took.items()}


def match(tables: list[Table], log: dict[str, tuple[str, float, float | None]]) -> None:
    """The server's side of each sample, and whether its worker was behind: a worker that has answered a
    replaying request of the table since its last hand holds that replay (unless its cache dropped it)."""
    for table in tables:
        for s in table.samples:
            if s.rid not in log:
                continue
            s.worker, s.served, s.cpu = log[s.rid]
            if s.kind in REPLAYING and s.status < 400:
                s.behind = s.worker not in table.caught_up
                table.caught_up.add(s.worker)
                if s.kind == "save" and s.ok:
                    table.caught_up = {s.worker}  # a new version: only the worker that saved it has it


# ------------------------------------------------------------------ pg_stat_statements


def statements(url: str) -> dict[int, tuple[str, int, float]] | None:
    """queryid -> (text, calls, ms) of what PostgreSQL ran in this database; None without pg_stat_statements."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            if "pg_stat_statements" not in conn.execute(text("SHOW shared_preload_libraries")).scalar_one():
                return None
            conn.execute(text("CREATE EXTENSION IF NOT EXISTS pg_stat_statements"))
            conn.commit()
            rows = conn.execute(text(
                "SELECT queryid, min(query), sum(calls), sum(total_exec_time) FROM pg_stat_statements "
                "WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) GROUP BY queryid"))
            return {r[0]: (r[1], int(r[2]), float(r[3])) for r in rows}
    finally:
        engine.dispose()


APP_STATEMENT = re.compile(r"^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b", re.I)


def ran_between(before: dict[int, tuple[str, int, float]] | None,
                after: dict[int, tuple[str, int, float]] | None) -> dict[str, tuple[int, float]]:
    """The app's statements run between two readings: text -> (calls, ms). The bench's own are left out."""
    if before is None or after is None:
        return {}
    ran = {}
    for qid, (query, calls, ms) in after.items():
        old_calls, old_ms = before.get(qid, (query, 0, 0.0))[1:]
        if calls > old_calls and APP_STATEMENT.match(query) and "pg_stat_statements" not in query:
            ran[query] = (calls - old_calls, ms - old_ms)
    return ran


def plans(url: str, queries: list[str]) -> dict[str, str]:
    """Each statement's generic plan with sequential scans switched off (nothing is executed)."""
    import psycopg

    found = {}
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True,
                         prepare_threshold=None) as conn:
        conn.execute("SET enable_seqscan = off")
        conn.execute("SET plan_cache_mode = force_generic_plan")
        for query in queries:
            params = max((int(n) for n in re.findall(r"\$(\d+)", query)), default=0)
            try:
                conn.execute(f"PREPARE bench_plan AS {query}")
            except psycopg.Error as error:  # a statement PREPARE cannot type is reported, not fatal
                found[query] = f"not explained: {str(error).splitlines()[0]}"
                continue
            args = f"({', '.join(['NULL'] * params)})" if params else ""
            found[query] = "\n".join(row[0] for row in conn.execute(f"EXPLAIN EXECUTE bench_plan{args}"))
            conn.execute("DEALLOCATE bench_plan")
    return found


def how_found(plan: str) -> str:
    """What a plan reads its rows through: the indexes, a whole-table scan, or nothing (an insert)."""
    if plan.startswith("not explained"):
        return plan
    scans = re.findall(r"Seq Scan on (\w+)", plan)
    if scans:
        return "SCANS " + ", ".join(sorted(set(scans)))
    used = re.findall(r"Index (?:Only )?Scan (?:Backward )?using (\w+)|Bitmap Index Scan on (\w+)", plan)
    return ", ".join(sorted({a or b for a, b in used})) or "no table read"


# ------------------------------------------------------------------ a run


def answered(samples: list[Sample], kind: str) -> list[Sample]:
    """The requests of one kind that were served; a PDF asked while the server draws another is told to wait
    (429, Retry-After) and asked again: that answer is counted apart."""
    return [s for s in samples if s.kind == kind and s.status != 429]


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def ms(values: list[float | None]) -> str:
    """p95 in milliseconds, or a dash."""
    kept = [v for v in values if v is not None]
    return f"{p95(kept) * 1000:.1f}" if kept else "-"


def cpu_ms(samples: list[Sample]) -> str:
    """The mean CPU milliseconds of the thread that answered (the mean: it is what adds up), or a dash."""
    kept = [s.cpu for s in samples if s.cpu is not None]
    return f"{statistics.fmean(kept) * 1000:.2f}" if kept else "-"


@dataclass
class Phase:
    name: str
    seconds: float  # the load was this long; the CPU is divided by it (what it asked for, done)
    overran: float  # seconds the last requests took to end after it (a PDF being drawn)
    app_cpu: list[float]  # per server
    db_cpu: float
    bench_cpu: float
    machine_cpu: float
    load: float  # the 1-minute load average at the end
    samples: list[Sample]
    polls_due: int  # on average (each phone starts at a random moment of its first 3 s)
    polls_least: int  # each phone's whole periods: fewer made than this, the servers could not keep up
    ran: dict[str, tuple[int, float]]  # the statements PostgreSQL ran (pg_stat_statements)

    @property
    def saturated(self) -> bool:
        return sum(s.kind == "poll" for s in self.samples) < 0.97 * self.polls_least

    @property
    def others_cpu(self) -> float:
        return max(0.0, self.machine_cpu - sum(self.app_cpu) - self.db_cpu - self.bench_cpu)


def each_table(tables: list[Table], job: Callable[[int, Table], None], limit: float) -> None:
    """``job`` for every table at once, one thread each; every thread must end within ``limit`` seconds."""
    threads = [threading.Thread(target=job, args=(n, t), daemon=True) for n, t in enumerate(tables)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + limit
    for t in threads:
        t.join(max(0.0, deadline - time.monotonic()))
    if any(t.is_alive() for t in threads):
        raise SystemExit(f"the tables did not stop within {limit:.0f} s")


def phase(name: str, tables: list[Table], seconds: float, tagged: bool, faster: float | None,
          servers: list[Server], pg: int | None, url: str) -> Phase:
    hand_every = HAND_EVERY / faster if faster else None
    pdf_every = PDF_EVERY / faster if faster else None
    rng = random.Random(len(tables))
    # each table's first hand and first PDF spread evenly over one period: as many as the rate says, not by chance
    hand_at = [(n + rng.random()) / len(tables) for n in range(len(tables))]
    pdf_at = rng.sample(hand_at, len(hand_at))
    for t in tables:
        t.samples = []
    since = [len(s.output) for s in servers]
    pids = [s.process.pid for s in servers]
    stats0 = statements(url)
    app0, db0, me0, all0 = [cpu_of(p) for p in pids], cpu_of(pg), time.process_time(), machine_cpu()
    until = time.monotonic() + seconds
    began = time.monotonic()
    each_table(tables, lambda n, t: play(t, until, tagged, hand_every, hand_at[n] * (hand_every or 0), pdf_every,
                                         pdf_at[n] * (pdf_every or 0), random.Random(n)), seconds + 120)
    took = time.monotonic() - began
    app = [cpu_of(p) - a for p, a in zip(pids, app0, strict=True)]
    db, me, busy, load = cpu_of(pg) - db0, time.process_time() - me0, machine_cpu() - all0, os.getloadavg()[0]
    ran = ran_between(stats0, statements(url))
    time.sleep(1)  # the access logs' last lines
    match(tables, served(servers, since))
    samples = [s for t in tables for s in t.samples]
    polls_due = round(len(tables) * PHONES * seconds / POLL_EVERY)
    polls_least = len(tables) * PHONES * int(seconds // POLL_EVERY)
    return Phase(name, seconds, took - seconds, app, db, me, busy, load, samples, polls_due, polls_least, ran)


def warm_up(tables: list[Table], servers: list[Server]) -> None:
    """Mid-evening: every table has just had a hand saved and has been shown once on every server."""
    def job(_n: int, table: Table) -> None:
        enter_hand(table)
        for server in range(len(servers)):
            table.keeper_asks("table screen", table.paths.at("screen", table.token), server=server)

    since = [len(s.output) for s in servers]
    each_table(tables, job, 600)
    time.sleep(1)
    match(tables, served(servers, since))
    if errors := [f"{s.kind} {s.status}" for t in tables for s in t.samples if not s.ok]:
        raise SystemExit(f"the warm-up failed: {errors[:5]}")


def print_phase(p: Phase, count: int) -> float:
    """One phase's figures; returns its CPU per table (app + database), seconds per second."""
    app, db = sum(p.app_cpu) / p.seconds / count, p.db_cpu / p.seconds / count
    polls = sum(s.kind == "poll" for s in p.samples)
    errors = sorted({f"{s.kind} {s.status}" for s in p.samples if not s.ok})
    tail = f" (+{p.overran:.1f} s: the last requests ending)" if p.overran > 0.5 else ""
    print(f"  {p.name:12} {p.seconds:3.0f} s{tail}  app {' + '.join(f'{c:.2f}' for c in p.app_cpu)} s CPU, "
          f"db {p.db_cpu:.2f} s, the bench {p.bench_cpu:.2f} s, the rest of the machine {p.others_cpu:.2f} s "
          f"(load {p.load:.1f})")
    print(f"  {'':12} → per table {app * 1000:5.1f} + {db * 1000:4.1f} ms CPU per second; polls made "
          f"{polls} of {p.polls_due} due{'  SATURATED' if p.saturated else ''}; "
          f"errors {sum(not s.ok for s in p.samples)} {errors[:4]}")
    print(f"      {'':13} {'n':>5} {'phone p50':>9} {'p95':>6} {'server p95':>10} {'CPU ms':>6}"
          f"  | behind: {'n':>4} {'CPU ms':>6} {'p95':>6}  | up to date: {'n':>4} {'CPU ms':>6} {'p95':>6}")
    for kind in sorted({s.kind for s in p.samples}):
        mine = [s for s in p.samples if s.kind == kind]
        done = answered(p.samples, kind)
        took = [s.took for s in done] or [0.0]
        line = (f"      {kind:13} {len(done):5} {statistics.median(took) * 1000:9.1f} {p95(took) * 1000:6.1f} "
                f"{ms([s.served for s in done]):>10} {cpu_ms(done):>6}")
        if kind != "poll":
            behind = [s for s in done if s.behind]
            fresh = [s for s in done if s.behind is False]
            line += (f"  | {'':7} {len(behind):4} {cpu_ms(behind):>6} {ms([s.served for s in behind]):>6}"
                     f"  | {'':11} {len(fresh):4} {cpu_ms(fresh):>6} {ms([s.served for s in fresh]):>6}")
        notes = [f"{code}: {n}" for code in (304, 429) if (n := sum(s.status == code for s in mine))]
        print(line + ("   " + ", ".join(notes) if notes else ""))
    inside = sum(s.cpu or 0.0 for s in p.samples)
    print(f"      the requests' own CPU: {inside:.2f} s of the app's {sum(p.app_cpu):.2f} s (the rest: gunicorn "
          f"reading requests and keeping connections, its masters, the workers' loops)")
    if p.ran:
        calls = sum(c for c, _ in p.ran.values())
        print(f"      SQL: {calls} statements ({calls / max(1, len(p.samples)):.1f} per request), "
              f"{sum(m for _, m in p.ran.values()) / 1000:.2f} s inside PostgreSQL")
    return app + db


def print_statements(phases: list[Phase], url: str) -> list[dict[str, object]]:
    """Every statement the servers ran in the phases, how often, and the indexes its plan reads through."""
    ran: dict[str, tuple[int, float]] = {}
    for p in phases:
        for query, (calls, spent) in p.ran.items():
            old = ran.get(query, (0, 0.0))
            ran[query] = (old[0] + calls, old[1] + spent)
    if not ran:
        print("  statements: PostgreSQL does not load pg_stat_statements: not checked")
        return []
    found = plans(url, list(ran))
    scanning = [q for q in ran if how_found(found[q]).startswith(("SCANS", "not explained"))]
    print(f"  statements the servers ran: {len(ran)} kinds; generic plans with sequential scans off "
          f"(an index for every read unless listed SCANS):")
    for query, (calls, spent) in sorted(ran.items(), key=lambda kv: -kv[1][1]):
        text = " ".join(query.split())[:90]
        print(f"    {calls:6} × {spent / calls:6.3f} ms  {how_found(found[query])[:60]:60}  {text}")
    if scanning:
        print(f"  NOT through an index: {len(scanning)}")
    return [{"query": q, "calls": c, "ms": m, "reads": how_found(found[q])} for q, (c, m) in ran.items()]


def report(count: int, servers: int, phases: list[Phase], faster: float, url: str,
           mixed: bool = False) -> dict[str, object]:
    print(f"\n{count} tables × {PHONES} phones, {servers} server(s) of two workers; {os.cpu_count()} CPUs"
          f"{'; the games in turn: ' + ', '.join(MIX) if mixed else ''}")
    per = {p.name: print_phase(p, count) for p in phases}
    real = per["polls"] + (per["evening"] - per["polls"]) / faster
    plain = per["plain polls"] + (per["evening"] - per["polls"]) / faster
    saturated = [p.name for p in phases if p.saturated]
    print(f"  a real table (polls + the evening's extra ÷ {faster:g}): {real * 1000:.1f} ms CPU per second "
          f"(app + db) → {1 / real:.0f} tables per core; with plain polls {1 / plain:.0f}"
          f"{f'  (SATURATED: {saturated}: fewer polls than due, so tables per core is too high)' if saturated else ''}")
    checked = print_statements(phases, url)
    evening = phases[-1].samples
    kinds = sorted({s.kind for s in evening})
    return {"tables": count, "servers": servers, "mix": list(MIX) if mixed else ["tresillo"],
            "per_table_cpu": per, "real_table_cpu": real,
            "tables_per_core": 1 / real,
            "tables_per_core_plain_polls": 1 / plain, "saturated": saturated,
            "app_db_cpu": {p.name: [sum(p.app_cpu), p.db_cpu] for p in phases},
            "load": {p.name: p.load for p in phases}, "others_cpu": {p.name: p.others_cpu for p in phases},
            "p95_phone": {k: p95(v) for k in kinds if (v := [s.took for s in answered(evening, k)])},
            "p95_server": {k: p95(v) for k in kinds if (v := [s.served for s in answered(evening, k) if s.served])},
            "p95_server_behind": {k: p95(v) for k in kinds
                                  if (v := [s.served for s in answered(evening, k) if s.behind and s.served])},
            "cpu_ms": {k: cpu_ms(answered(evening, k)) for k in kinds},
            "cpu_ms_behind": {k: cpu_ms([s for s in answered(evening, k) if s.behind]) for k in kinds},
            "cpu_ms_up_to_date": {k: cpu_ms([s for s in answered(evening, k) if s.behind is False]) for k in kinds},
            "p95_server_up_to_date": {k: p95(v) for k in kinds if (v := [s.served for s in answered(evening, k)
                                                                          if s.behind is False and s.served])},
            "errors": sum(not s.ok for p in phases for s in p.samples), "statements": checked}


def run(base_url: str, count: int, args: argparse.Namespace, work: Path) -> dict[str, object]:
    from sqlalchemy import create_engine, text

    name = "tables_" + uuid.uuid4().hex[:10]
    admin = create_engine(base_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = base_url.rsplit("/", 1)[0] + "/" + name
    try:
        extra = int(args.seconds * args.faster / HAND_EVERY) + 3
        made = set_tables(url, count, args.hands, extra, work, MIX if args.mix else ("tresillo",))
        with ExitStack() as stack:
            servers = []
            for n in range(args.servers):  # one after the other: the first may still be migrating
                env = run_env(work / f"instance-{count}-{n}", DATABASE_URL=url, WEB_CONCURRENCY="2",
                              SECRET_KEY="bench", PYTHONPATH=str(ROOT / "bench"))
                command = [str(ROOT / "scripts" / "run"), "-c", "python:tables_gunicorn"]
                servers.append(stack.enter_context(started(command, env)))
            proxy = Proxy(servers)
            tables = [Table(token, later, proxy, Phone(proxy.urls[0], "br, gzip"), game=game)
                      for token, later, game in made]
            warm_up(tables, servers)
            for table in tables:
                asked = table.keeper_asks("poll", table.paths.at("version", table.token))
                version = str(json.loads(asked.body)["version"])
                table.phones = [PollingPhone(proxy, table.token, version, table.paths) for _ in range(PHONES)]
            pg = postmaster(base_url)
            phases = [phase("plain polls", tables, args.seconds, False, None, servers, pg, url),
                      phase("polls", tables, args.seconds, True, None, servers, pg, url),
                      phase("evening", tables, args.seconds, True, args.faster, servers, pg, url)]
            for table in tables:
                for phone in table.phones:
                    for conn in phone.conns:
                        conn.close()
        return report(count, args.servers, phases, args.faster, url, args.mix)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", default=os.environ.get("TEST_DATABASE_URL", ""),
                        help="a PostgreSQL server's URL (a database is made in it and dropped after)")
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 40])
    parser.add_argument("--servers", type=int, default=2, help="app servers side by side (each two workers)")
    parser.add_argument("--seconds", type=float, default=40.0, help="length of each phase")
    parser.add_argument("--hands", type=int, default=60, help="hands each table has when the run starts")
    parser.add_argument("--faster", type=float, default=10.0, help="hands and PDFs this many times as often")
    parser.add_argument("--mix", action="store_true",
                        help="the tables play Tresillo, Truco, Tressette and Cacho in turn (not Tresillo alone)")
    args = parser.parse_args()
    if not args.database.startswith("postgresql"):
        raise SystemExit("--database postgresql+psycopg://…: a PostgreSQL server of your own (recipe in .ci/run)")
    if not 1 <= min(args.tables) <= max(args.tables) <= 400 or not 5 <= args.seconds <= 600:
        raise SystemExit("1 to 400 tables, 5 to 600 seconds a phase: the run stays bounded")
    if not 1 <= args.servers <= 4:
        raise SystemExit("1 to 4 servers")
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for count in args.tables:
            results.append(run(args.database, count, args, Path(tmp)))
    print(json.dumps(results))


if __name__ == "__main__":
    main()
