"""``scorekeeper restore --replace`` while ./scripts/run serves the table with several workers.

Each gunicorn worker keeps replays keyed by session token and version. A backup's
versions were used by the live database for other states, so a restore that put
them back as they were would let a worker show bowls of a timeline that no longer
exists. The test plays 10 hands, restores the backup taken at hand 5, enters 5
other hands and reads every page many times (so every worker answers): each
page must be the page a server with no cache at all makes of the database.
"""

from __future__ import annotations

import io
import re

import pytest

from scorekeeper.cli import main
from serve import ROOT, Phone, hidden, run_env, started

#: a real server (or several) under load: never beside another such module on another worker, whose
#: cores it would take (./scripts/test runs with --dist loadgroup); starting them may take minutes when loaded
pytestmark = [pytest.mark.xdist_group("servers"), pytest.mark.timeout(900)]

SEATS = ("North", "West", "South")
# timeline A: North declares and wins 5-2-2; timeline B: West declares and wins 2-5-2
HAND_A = {"contract": "entrada", "declarer": "North", "t0": "5", "t1": "2", "t2": "2"}
HAND_B = {"contract": "entrada", "declarer": "West", "t0": "2", "t1": "5", "t2": "2"}
READS = 8  # each page read this many times: with three workers, every one of them answers it


def _table(phone: Phone) -> tuple[str, str, str]:
    """A group, a session of three seats and its watch link (from the invite page)."""
    phone.get("/")
    answer = phone.post("/", {"name": "Restore table"})
    assert answer.status == 302, answer.text[:300]
    group = answer.headers["Location"].rstrip("/").rsplit("/", 1)[1]
    phone.get(f"/g/{group}")
    for name in (*SEATS, "East"):
        assert phone.post(f"/g/{group}/players", {"name": name}).status == 302
    phone.get(f"/g/{group}/start")
    answer = phone.post(f"/g/{group}/start", {
        "seat1": SEATS[0], "seat2": SEATS[1], "seat3": SEATS[2], "seat4": "", "first_dealer": "1",
        "rules": "pagat", "tanto_value": "0.10", "currency": "EUR", "start_tokens": "160", "scale": "1",
        "palo_de_favor": ""})
    assert answer.status == 302, answer.text[:300]
    token = answer.headers["Location"].rsplit("/", 1)[1]
    watch = re.search(r"/w/([A-Za-z0-9_-]+)", phone.get(f"/s/{token}/invite").text)
    assert watch, "no watch link on the invite page"
    return group, token, watch.group(1)


def _save(phone: Phone, token: str, hand: dict[str, str]) -> None:
    page = phone.get(f"/s/{token}/hand").text
    data = dict(hand, idem_key=hidden(page, "idem_key"), number=hidden(page, "number"))
    answer = phone.post(f"/s/{token}/hand", data)
    assert answer.status == 302, answer.text[:400]


def _pages(group: str, token: str, watch: str, hands: int) -> list[str]:
    """Every page of the session that shows a figure, and the group's."""
    return [f"/s/{token}", f"/s/{token}/hand", f"/s/{token}/hands", f"/s/{token}/end", f"/s/{token}/history",
            f"/s/{token}/report.html", f"/s/{token}/ledger.csv", f"/s/{token}/session.json", f"/s/{token}/count",
            f"/s/{token}/sync", f"/s/{token}/version", f"/w/{watch}", f"/w/{watch}/report.html", f"/g/{group}",
            *(f"/s/{token}/hands/{k}" for k in range(1, hands + 1))]


#: what differs between two renders of one state: per-form keys and tokens, script nonces
VOLATILE = re.compile(r'(value|nonce|content|data-key|data-csrf|data-rendered)="[^"]*"|"csrf": ?"[^"]*"|key=[0-9a-f-]{16,}')


def _same_page(text: str) -> str:
    return VOLATILE.sub("…", text)


def _restore(backup: str, database: str) -> str:
    out = io.StringIO()
    assert main(["restore", backup, "--database", f"sqlite:///{database}", "--replace"], out=out) == 0
    return out.getvalue()


def _read_all(phone: Phone, pages: list[str]) -> dict[str, set[str]]:
    """Each page read READS times: path -> the distinct (normalised) answers."""
    seen: dict[str, set[str]] = {}
    for _ in range(READS):
        for path in pages:
            answer = phone.get(path)
            assert answer.status == 200, (path, answer.status, answer.text[:300])
            seen.setdefault(path, set()).add(_same_page(answer.text))
    return seen


def test_a_restore_under_a_running_server_shows_the_restored_timeline(tmp_path):
    """10 hands of A, the backup of hand 5 restored while three workers serve, 5 hands of B: every page,
    from every worker, is what a server started afterwards (no cache) serves; none shows a bowl of A."""
    database = tmp_path / "live.sqlite"
    backup = tmp_path / "at-hand-5.sqlite"
    env = run_env(tmp_path / "instance", DATABASE_URL=f"sqlite:///{database}", WEB_CONCURRENCY="3",
                  WEB_THREADS="4")
    command = [str(ROOT / "scripts" / "run")]
    with started(command, env) as server:
        phone = Phone(server.url)
        group, token, watch = _table(phone)
        for _ in range(5):
            _save(phone, token, HAND_A)
        assert main(["backup", str(backup), "--database", f"sqlite:///{database}"], out=io.StringIO()) == 0
        for _ in range(5):
            _save(phone, token, HAND_A)
        timeline_a = _read_all(phone, _pages(group, token, watch, 10))  # every worker keeps A's versions
        assert "1 sessions" in _restore(str(backup), str(database))
        for _ in range(5):
            _save(phone, token, HAND_B)
        live = _read_all(phone, _pages(group, token, watch, 10))
    with started(command, env) as fresh:  # a new server: nothing cached, the database as it is
        expected = _read_all(Phone(fresh.url), _pages(group, token, watch, 10))
    for path, answers in live.items():
        assert answers == expected[path], f"{path} served another state than the database's"
    table = next(iter(live[f"/s/{token}"]))
    assert table != next(iter(timeline_a[f"/s/{token}"])), "the table screen still shows timeline A"
    assert live[f"/s/{token}/ledger.csv"] != timeline_a[f"/s/{token}/ledger.csv"]
    assert "West" in next(iter(live[f"/s/{token}/hands/10"]))
