"""Rate limits shared across servers: two ./scripts/run servers counting in one Redis (RATELIMIT_STORAGE_URI).

The two servers share one database as two servers behind one proxy do: a SQLite file, and one
PostgreSQL database (the deployment docs/deploy.md describes).

Without a shared storage each process counts on its own, so two servers let
twice the limit through; with ``RATELIMIT_STORAGE_URI=redis://…`` the limit
is counted once across both. The Redis server is our own, on 127.0.0.1 and a
free port, stopped after the test.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from conftest import _drop_postgres, _postgres_url, require
from serve import ROOT, Phone, run_env, started

#: a real server (or several) under load: never beside another such module on another worker, whose
#: cores it would take (./scripts/test runs with --dist loadgroup); starting them may take minutes when loaded
pytestmark = [pytest.mark.xdist_group("servers"), pytest.mark.timeout(900)]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def redis_server(folder: Path) -> Iterator[str]:
    """A throwaway Redis on 127.0.0.1 (no persistence); yields its URI."""
    binary = shutil.which("redis-server")
    if binary is None:
        require("redis-server is not installed (apt-get install redis-server)")
    port = _free_port()
    folder.mkdir(parents=True, exist_ok=True)
    process = subprocess.Popen([str(binary), "--bind", "127.0.0.1", "--port", str(port), "--save", "",
                                "--appendonly", "no", "--dir", str(folder)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert process.poll() is None and time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(10)


@contextmanager
def shared_database(kind: str) -> Iterator[dict[str, str]]:
    """What the two servers are told of their database: nothing (the instance folder's SQLite file), or
    one fresh PostgreSQL database dropped after the test."""
    if kind == "sqlite":
        yield {}
        return
    url, base, name = _postgres_url()
    try:
        yield {"DATABASE_URL": url}
    finally:
        _drop_postgres(base, name)


@pytest.mark.parametrize("database", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_two_servers_on_one_redis_count_the_limit_once(tmp_path, database):
    with redis_server(tmp_path / "redis") as uri, shared_database(database) as db_env:
        # one instance folder: one database and one secret key, as two servers behind one proxy share
        env = run_env(tmp_path / "instance", RATELIMIT_STORAGE_URI=uri, **db_env)
        with started([str(ROOT / "scripts" / "run")], env) as one, started([str(ROOT / "scripts" / "run")], env) as two:
            assert one.url != two.url
            phones = [Phone(one.url), Phone(two.url)]
            for phone in phones:
                phone.get("/")
            made = [phones[i % 2].post("/", {"name": f"Table {i}"}).status for i in range(14)]
            said = phones[1].post("/", {"name": "One more"})
    # creating a group: at most 10 a minute from one address, counted across both servers (and their workers)
    assert made == [302] * 10 + [429] * 4, made
    assert said.status == 429 and "at most 10 times a minute" in said.text and int(said.headers["Retry-After"]) > 0
