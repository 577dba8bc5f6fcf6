"""A watch link's PDFs and slow clients against a phone saving hands, on the real server (gunicorn, SQLite).

    flock /work/bench.lock .venv/bin/python bench/heavy.py [--hands 500] [--before main]

Two scenes, each while one phone saves hands into a session of its own:

* **PDFs**: 12 PDFs of a ``--hands``-hand session (report, paper and settlement
  in es, en, fr, it: 12 different documents) asked for at once through its
  watch link. A PDF answered 429 is asked again after its Retry-After, as a
  browser's user would, until all 12 came (bounded in time).
* **Slow clients**: 24 connections sending a request head one byte every
  1.5 s (each gives up after 40 s, or when the server closes it).

Printed: the save's p50/p95/max and its failures, how long the 12 PDFs took and
how many 429s were said, the largest worker's RSS, and how long the server let
the slow clients keep their connection. With ``--before REV`` the same scenes
run first against REV (a temporary worktree served by gunicorn with REV's own
configuration), in the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from replay import PLAYERS, make_hands  # noqa: E402
from scorekeeper.games.tresillo.engine import Session, Setup, dump_session  # noqa: E402
from serve import Phone, new_table, percentiles, run_env, save_hand, started  # noqa: E402

KINDS = ("report", "paper", "settlement")
LANGUAGES = ("es", "en", "fr", "it")
SLOW = 24
SLOW_GAP = 1.5  # seconds between two bytes of a slow client's head
SLOW_FOR = 40.0  # a slow client gives up after this long
DEADLINE = 300.0  # seconds a scene may take at most
HEAD = b"GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow-client\r\nX-Padding: " + b"a" * 40 + b"\r\n\r\n"


class QuickPhone(Phone):
    timeout = 30.0  # a phone at the table gives up on a save after 30 s


def tried(call: Callable[[], tuple[int, float]]) -> tuple[int, float]:
    """(status, seconds); a timed-out or refused request is status 0."""
    began = time.perf_counter()
    try:
        return call()
    except (OSError, urllib.error.URLError):
        return 0, time.perf_counter() - began


def saving(base: str, token: str, until: threading.Event) -> tuple[list[float], list[int], list[float]]:
    """One phone saving hands, one after another, until ``until`` is set (bounded by DEADLINE):
    the save's seconds (the post), the failures, and the seconds of the whole round a player waits
    (the hand form, the save, the table screen it leads to)."""
    phone = QuickPhone(base, "br, gzip")
    times: list[float] = []
    failed: list[int] = []
    rounds: list[float] = []
    end = time.monotonic() + DEADLINE
    while not until.is_set() and time.monotonic() < end:
        if len(times) % 450 == 449:  # a session holds 500 hands: the phone starts the next evening
            token = new_table(phone)[1]
        began = time.perf_counter()
        status, took = tried(lambda table=token: save_hand(phone, table))  # type: ignore[misc]
        if status in (302, 303):
            status = tried(lambda table=token: (phone.get(f"/s/{table}").status, 0.0))[0]  # type: ignore[misc]
        times.append(took)
        rounds.append(time.perf_counter() - began)
        if status not in (200, 302, 303):
            failed.append(status)
            time.sleep(0.5)
    return times, failed, rounds


def worker_rss(master: int) -> int:
    """The largest resident set of the server's worker processes, in MB."""
    try:
        children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    except OSError:
        return 0
    largest = 0
    for pid in children:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        found = re.search(r"VmRSS:\s+(\d+) kB", status)
        largest = max(largest, int(found.group(1)) // 1024 if found else 0)
    return largest


def pdf_scene(base: str, master: int, watch: str, table: str) -> dict[str, object]:
    done = threading.Event()
    results: list[tuple[int, float, int]] = []  # (status, seconds until it came, 429s said first)
    lock = threading.Lock()
    began = time.monotonic()

    def ask(path: str) -> None:
        phone = Phone(base)
        phone.timeout = DEADLINE
        busy = 0
        status = 0
        while time.monotonic() - began < DEADLINE:
            try:
                answer = phone.get(path)
            except OSError:
                status = 0
                break
            status = answer.status
            if status != 429:
                break
            busy += 1
            time.sleep(float(answer.headers.get("Retry-After", "1")))
        with lock:
            results.append((status, time.monotonic() - began, busy))

    askers = [threading.Thread(target=ask, args=(f"/w/{watch}/{kind}.pdf?lang={lang}",))
              for kind in KINDS for lang in LANGUAGES]
    peak = [0]

    def watch_memory() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], worker_rss(master))
            time.sleep(0.2)

    sampler = threading.Thread(target=watch_memory)
    sampler.start()
    saves: list[tuple[list[float], list[int], list[float]]] = []
    phone = threading.Thread(target=lambda: saves.append(saving(base, table, done)))
    phone.start()
    for t in askers:
        t.start()
    for t in askers:
        t.join(DEADLINE + 30)
    done.set()
    phone.join(60)
    sampler.join(5)
    times, failed, rounds = saves[0] if saves else ([], [], [])
    return {"saves": times, "failed": failed, "rounds": rounds, "pdfs": results, "rss": peak[0]}


def slow_client(port: int, kept: list[float], lock: threading.Lock) -> None:
    """Send HEAD one byte every SLOW_GAP seconds; note how long the server kept the connection."""
    began = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.settimeout(SLOW_GAP)
        for byte in HEAD:
            if time.monotonic() - began > SLOW_FOR:
                break
            try:
                sock.sendall(bytes([byte]))
                if sock.recv(1, socket.MSG_PEEK) == b"":  # closed by the server
                    break
            except TimeoutError:
                continue  # nothing to read: the gap between two bytes
            except OSError:
                break
    with lock:
        kept.append(time.monotonic() - began)


def slow_scene(base: str, table: str) -> dict[str, object]:
    port = int(base.rsplit(":", 1)[1])
    kept: list[float] = []
    lock = threading.Lock()
    clients = [threading.Thread(target=slow_client, args=(port, kept, lock)) for _ in range(SLOW)]
    for t in clients:
        t.start()
    time.sleep(3)  # every slow client has sent its first bytes
    done = threading.Event()
    saves: list[tuple[list[float], list[int], list[float]]] = []
    phone = threading.Thread(target=lambda: saves.append(saving(base, table, done)))
    phone.start()
    time.sleep(25)
    done.set()
    phone.join(60)
    for t in clients:
        t.join(SLOW_FOR + 10)
    times, failed, rounds = saves[0] if saves else ([], [], [])
    return {"saves": times, "failed": failed, "rounds": rounds, "kept": kept}


def scenes(base: str, master: int, session_file: str) -> dict[str, dict[str, object]]:
    phone = Phone(base)
    phone.timeout = 600
    group, _table = new_table(phone)
    phone.get(f"/g/{group}/import")
    answer = phone.post(f"/g/{group}/import", {"text": session_file})
    assert answer.status == 302, answer.text[:400]
    long = answer.headers["Location"].rsplit("/", 1)[1]
    watch = re.search(r"/w/([A-Za-z0-9_-]{16,})", phone.get(f"/s/{long}/invite").text)
    assert watch, "no watch link on the invite page"
    phone.get(f"/s/{long}")  # replayed once, as a table would have
    return {"pdfs": pdf_scene(base, master, watch.group(1), new_table(Phone(base))[1]),
            "slow": slow_scene(base, new_table(Phone(base))[1])}


def show(label: str, result: dict[str, dict[str, object]]) -> None:
    pdfs, slow = result["pdfs"], result["slow"]
    got = pdfs["pdfs"]
    assert isinstance(got, list)
    print(f"\n== {label}")
    print("12 PDFs at once through a watch link, a phone saving meanwhile:")
    print(f"  save {percentiles(pdfs['saves'])}   max {max(pdfs['saves']) * 1000:6.0f} ms   "  # type: ignore[arg-type]
          f"failed {len(pdfs['failed'])} {sorted(set(pdfs['failed']))}")  # type: ignore[arg-type]
    print(f"  form + save + table screen {percentiles(pdfs['rounds'])}")  # type: ignore[arg-type]
    print(f"  PDFs: {sum(1 for s, *_ in got if s == 200)} of {len(got)} came, the last after "
          f"{max(t for _, t, _ in got):.1f} s; 429 said {sum(b for *_, b in got)} times; "
          f"largest worker {pdfs['rss']} MB")
    kept = slow["kept"]
    assert isinstance(kept, list)
    print(f"24 slow clients (a header byte every {SLOW_GAP} s), a phone saving meanwhile:")
    saves = slow["saves"]
    assert isinstance(saves, list)
    print(f"  save {percentiles(saves) if saves else '(none)'}   failed {len(slow['failed'])} "  # type: ignore[arg-type]
          f"{sorted(set(slow['failed']))} (0: the phone gave up after {QuickPhone.timeout:.0f} s)")  # type: ignore[arg-type]
    print(f"  form + save + table screen {percentiles(slow['rounds'])}")  # type: ignore[arg-type]
    print(f"  a slow client's connection lasted {min(kept):.1f}–{max(kept):.1f} s")


def before_server(rev: str, work: Path) -> tuple[list[str], dict[str, str], Path]:
    """REV's tree as its gunicorn configuration serves it (our .venv's libraries, its own package)."""
    tree = work / "before"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), rev], check=True,
                   capture_output=True)
    env = run_env(work / "before-instance", PYTHONPATH=str(tree), FLASK_APP="scorekeeper",
                  PATH=f"{ROOT / '.venv' / 'bin'}:{os.environ.get('PATH', '')}")
    command = [str(ROOT / ".venv" / "bin" / "gunicorn"), "-c", "python:scorekeeper.gunicorn_conf",
               "scorekeeper.serving:served_app()"]
    return command, env, tree


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--before", help="a git revision measured first, in the same run (e.g. main)")
    args = parser.parse_args()
    session_file = json.dumps(dump_session(Session(Setup(players=PLAYERS, first_dealer="North"),
                                                   tuple(make_hands(args.hands)))))
    print(f"{args.hands}-hand session; {os.cpu_count()} CPUs; load {os.getloadavg()[0]:.2f}")
    results: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        if args.before:
            command, env, tree = before_server(args.before, work)
            try:
                with started(command, env, cwd=tree) as server:
                    results["before"] = scenes(server.url, server.process.pid, session_file)
            finally:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                               capture_output=True)
            show(f"before ({args.before})", results["before"])  # type: ignore[arg-type]
        with started([str(ROOT / "scripts" / "run")], run_env(work / "instance")) as server:
            results["after"] = scenes(server.url, server.process.pid, session_file)
        show("after (this tree, ./scripts/run)", results["after"])  # type: ignore[arg-type]
    print(f"load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
