"""A real server under a table's load (bounded in count and time).

SQLite: four phones save their hands while two long reports are asked for (one
is drawn, the other told 429 and asks again after Retry-After); every save
lands, none waits for a report, nothing says "database is locked".
PostgreSQL: six phones add the same new player at the same moment; one is
created, the others are told the name is taken (400 with text), never a 5xx.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

import pytest

from conftest import DATA, _drop_postgres, _postgres_url, csrf_of, field_value, hand_fields, migrated_at
from replay import PLAYERS, make_hands

#: a real server (or several) under load: never beside another such module on another worker, whose
#: cores it would take (./scripts/test runs with --dist loadgroup); starting them may take minutes when loaded
pytestmark = [pytest.mark.xdist_group("servers"), pytest.mark.timeout(900)]

ROOT = Path(__file__).resolve().parents[2]
#: the server: the app as ./scripts/run builds it (create_app from the environment), threaded, on 127.0.0.1
SERVER = """
import sys
from werkzeug.serving import make_server
from scorekeeper import create_app
srv = make_server("127.0.0.1", 0, create_app(), threaded=True)
print(srv.server_port, flush=True)
srv.serve_forever()
"""
REPORT_HANDS = 150  # long enough that a report takes longer than any save (seconds, not milliseconds)
PHONES = 4
DEADLINE = 150.0  # seconds for the whole load; the test fails rather than hang


@contextmanager
def server(database_url: str) -> Iterator[str]:
    """A separate server process on ``database_url``; yields its base URL."""
    env = dict(os.environ, DATABASE_URL=database_url, SECRET_KEY="load-test", PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=env, text=True)
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        assert line.strip().isdigit(), f"the server did not start: {proc.stderr.read() if proc.stderr else ''}"
        yield f"http://127.0.0.1:{line.strip()}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    err = proc.stderr.read() if proc.stderr else ""
    assert "database is locked" not in err, err[-2000:]
    assert "Traceback" not in err, err[-4000:]


@dataclass
class Phone:
    """One phone: its own cookies (the CSRF token lives in its session cookie)."""

    base: str
    jar: CookieJar = field(default_factory=CookieJar)

    def __post_init__(self) -> None:
        self.headers: dict[str, str] = {}
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect())

    def get(self, path: str, timeout: float = DEADLINE) -> tuple[int, bytes]:
        return self._open(urllib.request.Request(self.base + path), timeout)

    def post(self, path: str, data: dict[str, str], timeout: float = 60) -> tuple[int, bytes]:
        body = urllib.parse.urlencode(data).encode()
        return self._open(urllib.request.Request(self.base + path, data=body, method="POST"), timeout)

    def _open(self, request: urllib.request.Request, timeout: float) -> tuple[int, bytes]:
        try:
            with self.opener.open(request, timeout=timeout) as r:
                self.headers = dict(r.headers)
                return r.status, r.read()
        except urllib.error.HTTPError as exc:
            self.headers = dict(exc.headers)
            return exc.code, exc.read()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def _stored(app: Any, hands: int, count: int) -> tuple[str, list[str]]:
    """A group with a ``hands``-hand session (imported) and ``count`` empty sessions; their tokens."""
    from scorekeeper.db import db
    from scorekeeper.games.tresillo import services
    from scorekeeper.games.tresillo.engine import Session, Setup, dump_session

    with app.app_context():
        group = services.create_group("Load")
        for name in PLAYERS:
            services.add_player(group, name)
        file = dump_session(Session(Setup(players=PLAYERS, first_dealer="North"), tuple(make_hands(hands))))
        long = services.import_session(group, json.dumps(file)).token
        tables = [services.start_session(group, players=list(PLAYERS), first_dealer="North", rules="pagat",
                                         start_tokens=160, tanto_value="0.10", currency="EUR").token
                  for _ in range(count)]
        db.session.remove()
        db.engine.dispose()
    return long, tables


def test_phones_save_while_long_reports_render(tmp_path):
    """4 phones × 8 hands on SQLite while two 150-hand report.pdf render: 32 saves, 0 errors, 0 locked,
    and the saves do not wait for the reports."""
    url = f"sqlite:///{tmp_path / 'table.sqlite'}"
    long, tables = _stored(migrated_at(url, "load-test"), REPORT_HANDS, PHONES)
    hands = json.loads((DATA / "worked_example.json").read_text())["hands"]
    codes: list[int] = []
    save_times: list[float] = []
    report_times: list[tuple[float, float, int, bytes]] = []
    lock = threading.Lock()

    with server(url) as base:
        Phone(base).get(f"/s/{long}")  # the server is up and the long session replayed once
        started = threading.Event()

        def report() -> None:
            t0 = time.monotonic()
            started.set()
            reader = Phone(base)
            status, body = reader.get(f"/s/{long}/report.pdf")
            while status == 429 and time.monotonic() - t0 < DEADLINE:  # drawn one at a time (web/printing.py)
                time.sleep(float(reader.headers["Retry-After"]))
                status, body = reader.get(f"/s/{long}/report.pdf")
            with lock:
                report_times.append((t0, time.monotonic(), status, body[:5]))

        def phone(token: str) -> None:
            started.wait(5)
            me = Phone(base)
            for hand in hands:
                status, page = me.get(f"/s/{token}/hand", timeout=60)
                text = page.decode()
                data = hand_fields(hand, PLAYERS)
                data.update(csrf_token=csrf_of(text), idem_key=field_value(text, "idem_key"),
                            number=field_value(text, "number"))
                t0 = time.monotonic()
                status, body = me.post(f"/s/{token}/hand", data)
                with lock:
                    codes.append(status)
                    save_times.append(time.monotonic() - t0)

        threads = [threading.Thread(target=report) for _ in range(2)]
        threads += [threading.Thread(target=phone, args=(t,)) for t in tables]
        begun = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join(DEADLINE - (time.monotonic() - begun))
        assert not any(t.is_alive() for t in threads), "the load did not finish in time"
        saved_by = time.monotonic()

        assert codes == [302] * (PHONES * len(hands)), codes
        assert [r[2:] for r in report_times] == [(200, b"%PDF-")] * 2
        for token in tables:
            status, body = Phone(base).get(f"/s/{token}/version")
            assert status == 200 and json.loads(body)["hands"] == len(hands)
    # a save is never queued behind a report: the slowest save took less than one report
    shortest_report = min(end - start for start, end, *_ in report_times)
    assert max(save_times) < shortest_report, (max(save_times), shortest_report)
    print(f"\n{len(codes)} saves in {saved_by - begun:.1f} s; slowest save {max(save_times):.2f} s; "
          f"reports {[round(end - start, 1) for start, end, *_ in report_times]} s")


@pytest.mark.postgres
def test_phones_adding_the_same_player_at_once():
    """10 rounds of 6 phones posting the same new name at once on PostgreSQL: one created, five told why."""
    url, base_url, name = _postgres_url()
    try:
        _race(url)
    finally:
        _drop_postgres(base_url, name)


def _race(url: str) -> None:
    migrated_at(url, "load-test")
    with server(url) as base:
        admin = Phone(base)
        status, _ = admin.post("/", {"name": "Race", "key": "race-group",
                                        "csrf_token": csrf_of(admin.get("/")[1].decode())})
        assert status == 302
        group_url = urllib.parse.urlsplit(admin.headers["Location"]).path
        assert re.fullmatch(r"/g/[\w-]+", group_url), group_url
        results: list[tuple[int, str]] = []
        for round_ in range(10):
            phones = [Phone(base) for _ in range(6)]
            forms = [csrf_of(p.get(group_url)[1].decode()) for p in phones]
            gate = threading.Barrier(len(phones))
            answers: list[tuple[int, str]] = []

            def post(p: Phone, csrf: str, n: int = round_, gate: threading.Barrier = gate,
                     answers: list[tuple[int, str]] = answers) -> None:
                gate.wait(10)
                status, body = p.post(f"{group_url}/players", {"name": f"Ana {n}", "csrf_token": csrf})
                answers.append((status, body.decode()))

            threads = [threading.Thread(target=post, args=pc) for pc in zip(phones, forms, strict=True)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(60)
            assert len(answers) == 6
            assert not [s for s, _ in answers if s >= 500], answers
            assert sorted(s for s, _ in answers) == [302] + [400] * 5, [s for s, _ in answers]
            for status, body in answers:
                if status == 400:
                    assert f"Ana {round_} is already in this group." in body
            results += answers
        page = admin.get(group_url)[1].decode()
        assert all(page.count(f'value="Ana {n}"') == 1 for n in range(10))


def test_a_name_taken_between_check_and_commit_is_refused(app, monkeypatch):
    """The race, made certain: the name check passes (as on two phones at once) and the database's
    unique name refuses the second: a Refused on "name", nothing half-saved, the group still usable."""
    from scorekeeper.games.tresillo import services
    from scorekeeper.services import groups

    with app.app_context():
        group = services.create_group("Race")
        services.add_player(group, "Ana")
        monkeypatch.setattr(groups, "_player_name", lambda _g, name, _p=None: name)
        with pytest.raises(services.Refused) as refused:
            services.add_player(group, "ANA")
        assert (refused.value.field, refused.value.message) == ("name", "ANA is already in this group.")
        assert [p.name for p in group.players] == ["Ana"]
        services.add_player(group, "Bea")
        assert [p.name for p in group.players] == ["Ana", "Bea"]


def test_an_import_racing_a_new_player_looks_again(app, monkeypatch):
    """An import whose new player was added meanwhile by another phone: the clash is rolled back and
    the import is tried once more, finding the player; twice in a row it is refused with a message."""
    from scorekeeper.games.tresillo import services
    from scorekeeper.services import sessions  # where every game's file brought in finds its new players

    hands = json.loads((DATA / "worked_example.json").read_text())
    real = sessions.new_players
    with app.app_context():
        group = services.create_group("Race")
        services.add_player(group, "North")
        clashes = iter([True])
        monkeypatch.setattr(sessions, "new_players",
                            lambda g, names: list(names) if next(clashes, False) else real(g, names))
        gs = services.import_session(group, json.dumps(hands))
        assert len(gs.hands) == len(hands["hands"])
        assert sorted(p.name for p in group.players) == sorted(hands["players"])
        monkeypatch.setattr(sessions, "new_players", lambda g, names: list(names))
        with pytest.raises(services.Refused) as refused:  # the same file again, as a copy: it clashes twice
            services.import_session(group, json.dumps(hands), copy=True)
        assert refused.value.field == "file" and "Import the file again" in refused.value.message
        assert len(group.sessions) == 1
