"""A long evening's table on the real server, timed inside the server: the save, the hand form, the table screen.

    flock /work/bench.lock .venv/bin/python bench/tableside.py [--hands 500] [--rounds 40] [--before main]

./scripts/run's gunicorn (two workers) on SQLite serves a session of
bench/replay.py's mix (four players) that the rounds fill up to ``--hands``
hands (a session holds at most 500). Each round one of four phones
opens the hand form and saves a hand, then the table screen is opened:

- ``--pattern at-once`` (the default): the four phones open the bare table screen
  at the very moment the save is answered: the worst case, where every phone
  waits for the new version to be drawn;
- ``--pattern table``: as at a table, the phone that saved follows its answer
  to its own table screen (``?saved=N``) and the other three see the new
  version on their next "anything new?" poll (every 3 s, at a moment of its
  own: static/follow.js) and reload the table screen.

Every request comes on a new connection, so the kernel spreads
them over both workers as it spreads a table's phones: a worker often meets a
version of the session that the other one made.

The times are the server's own, not the phone's clock: gunicorn's access log,
written inside the worker from the moment the request was read to the moment
its answer was sent (``%(D)s`` microseconds, with the worker's pid, set through
``GUNICORN_CMD_ARGS``), and the CPU time of the thread that answered
(bench/timed_app.py wraps the app: on a shared machine the wall time inside the
server grows with the load, the CPU time much less). The server is
./scripts/run's gunicorn command and configuration (two workers of eight
threads), started directly so the app can be wrapped. With ``--before REV`` the
same rounds run first against REV (a temporary worktree, REV's own package and
configuration), in the same run. bench/replay.py's machine reference is printed
beside the figures, so that runs on different machines can be compared (an
ordinary quiet machine runs it in about 130 ms).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from replay import PLAYERS, make_hands, reference  # noqa: E402
from scorekeeper.games.tresillo.engine import Session, Setup, dump_session  # noqa: E402
from serve import Phone, hidden, new_table, run_env, started  # noqa: E402

#: the access log line this bench reads: pid, microseconds, the request line (its token cut), the status
LOG_FORMAT = 'tableside %(p)s %(D)s "%(r)s" %(s)s'
LINE = re.compile(r'tableside <(\d+)> (\d+) "(\w+) (\S+) [^"]*" (\d+)')
CPU_LINE = re.compile(r'tableside-cpu <(\d+)> (\d+) (\d+) "(\w+) (\S+)"')
KINDS = {("POST", "hand"): "save", ("GET", "hand"): "hand form", ("GET", ""): "table screen"}
LIMITS = {"save": 20.0, "hand form": 30.0, "table screen": 20.0}  # p95, ms (issue 29, must show 2)
GAP = 0.15  # seconds between two rounds (a table is quieter still)
#: bench/replay.py's machine reference on an ordinary quiet machine (ms)
QUIET_REFERENCE_MS = 130.0


def kind_of(method: str, path: str) -> str | None:
    """save, hand form or table screen, from a request line whose token was cut (``/s/<cut>/hand``)."""
    parts = path.split("?")[0].strip("/").split("/")
    if len(parts) < 2 or parts[0] != "s":
        return None
    return KINDS.get((method, "/".join(parts[2:])))


def told_hand(page: str) -> dict[str, str]:
    """A plain won entrada for the form's next hand: the first player who plays declares, 5 tricks to 2 and 2."""
    resting = re.search(r'data-resting="([^"]*)"', page)
    seats = dict(re.findall(r'<input type="radio" name="(t\d)" value="0" class="trick" data-player="([^"]+)"', page))
    playing = [(field, name) for field, name in seats.items() if name != (resting.group(1) if resting else "")]
    assert len(playing) == 3, playing
    data = {"contract": "entrada", "declarer": playing[0][1], "idem_key": hidden(page, "idem_key"),
            "number": hidden(page, "number"), "version": hidden(page, "version")}
    data.update({field: str(n) for (field, _), n in zip(playing, (5, 2, 2), strict=True)})
    return data


POLL_EVERY = 3.0  # static/follow.js asks "anything new?" this often (seconds)


def look(phone: Phone, token: str, followed: str, wait: float | None) -> list[str]:
    """One phone's look at the table after a save: the saver follows its answer (``followed``); the others
    reload at once, or (``wait`` seconds later) poll first, as the table screen does; the failures seen."""
    failures: list[str] = []
    if followed:
        status = phone.get(followed).status  # the save's answer followed
    else:
        if wait is not None:  # its next poll comes at a moment of its own, then it reloads
            time.sleep(wait)
            polled = phone.get(f"/s/{token}/version").status
            if polled != 200:
                failures.append(f"poll {polled}")
        status = phone.get(f"/s/{token}").status
    if status != 200:
        failures.append(f"table screen {status}")
    return failures


def rounds(base: str, session_file: Path, count: int, pattern: str = "at-once", seed: int = 29) -> list[str]:
    """The rounds against one server; the failures (a status that is not the expected one)."""
    phones = [Phone(base, "br, gzip") for _ in PLAYERS]
    _group, token = new_table(phones[0], session_file)
    for phone in phones[1:]:  # the others open the session link (and get their own cookies)
        phone.get(f"/s/{token}")
    failures: list[str] = []
    rng = random.Random(seed)
    saved = ""  # where the last save sent its phone

    def screen(i: int, saver: int) -> None:
        failures.extend(look(phones[i], token, saved if pattern == "table" and i == saver else "",
                             rng.uniform(0, POLL_EVERY) if pattern == "table" else None))

    for n in range(count):
        phone = phones[n % len(phones)]
        form = phone.get(f"/s/{token}/hand")
        if form.status != 200:
            failures.append(f"hand form {form.status}")
            continue
        answer = phone.post(f"/s/{token}/hand", told_hand(form.text))
        if answer.status != 302:
            failures.append(f"save {answer.status}: {answer.text[:200]}")
        saved = answer.headers.get("Location", f"/s/{token}")
        threads = [threading.Thread(target=screen, args=(i, n % len(phones))) for i in range(len(phones))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        time.sleep(GAP)
    return failures


def server_times(lines: list[str], since: int) -> dict[str, list[tuple[int, float]]]:
    """(worker pid, milliseconds) of each kind of request, from the access log lines after ``since``."""
    times: dict[str, list[tuple[int, float]]] = {kind: [] for kind in LIMITS}
    for line in lines[since:]:
        m = LINE.search(line)
        if m and (kind := kind_of(m.group(3), m.group(4))) is not None:
            times[kind].append((int(m.group(1)), int(m.group(2)) / 1000))
    return times


def cpu_times(lines: list[str], since: int) -> dict[str, list[float]]:
    """The CPU milliseconds of each kind of request (bench/timed_app.py's lines after ``since``)."""
    times: dict[str, list[float]] = {kind: [] for kind in LIMITS}
    for line in lines[since:]:
        m = CPU_LINE.search(line)
        if m and (kind := kind_of(m.group(4), m.group(5))) is not None:
            times[kind].append(int(m.group(2)) / 1000)
    return times


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p * (len(ordered) - 1)))]


def measure(command: list[str], env: dict[str, str], cwd: Path, session_file: Path, count: int,
            pattern: str) -> dict[str, object]:
    env = {**env, "GUNICORN_CMD_ARGS": f"--access-logformat '{LOG_FORMAT}'"}
    with started(command, env, cwd=cwd) as server:
        since = len(server.output)
        failures = rounds(server.url, session_file, count, pattern)
        time.sleep(1)  # the last lines of the access log
        times = server_times(server.output, since)
        cpu = cpu_times(server.output, since)
    return {"failures": failures, "times": times, "cpu": cpu}


def machine_reference() -> float:
    """bench/replay.py's machine reference here (ms, best of five): how much slower than an ordinary quiet
    machine this one runs plain Python, printed beside the figures (it converts none of them)."""
    return min(reference() for _ in range(5)) * 1000


def show(label: str, result: dict[str, object]) -> None:
    times: dict[str, list[tuple[int, float]]] = result["times"]  # type: ignore[assignment]
    print(f"{label}:")
    for kind, samples in times.items():
        if not samples:
            print(f"  {kind:13} (none)")
            continue
        ms = [t for _, t in samples]
        workers = Counter(pid for pid, _ in samples)
        verdict = "ok" if percentile(ms, 0.95) <= LIMITS[kind] else f"over {LIMITS[kind]:.0f}"
        print(f"  {kind:13} p50 {percentile(ms, 0.5):6.1f} ms  p95 {percentile(ms, 0.95):6.1f} ms"
              f"  max {max(ms):6.1f} ms  n={len(ms):3}  by worker {sorted(workers.values())}  ({verdict})")
        cpu = result["cpu"][kind]  # type: ignore[index]
        if cpu:
            print(f"  {'':13} CPU p50 {percentile(cpu, 0.5):6.1f} ms  p95 {percentile(cpu, 0.95):6.1f} ms"
                  f"  max {max(cpu):6.1f} ms")
    failures: list[str] = result["failures"]  # type: ignore[assignment]
    print(f"  failures: {len(failures)} {failures[:3]}")


def server(tree: Path, instance: Path) -> tuple[list[str], dict[str, str]]:
    """./scripts/run's gunicorn command for ``tree``'s package and configuration (this .venv's libraries),
    its app wrapped by bench/timed_app.py."""
    env = run_env(instance, PYTHONPATH=f"{tree}:{ROOT / 'bench'}", FLASK_APP="scorekeeper",
                  PATH=f"{ROOT / '.venv' / 'bin'}:{os.environ.get('PATH', '')}")
    command = [str(ROOT / ".venv" / "bin" / "gunicorn"), "-c", "python:scorekeeper.gunicorn_conf",
               "timed_app:application"]
    return command, env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--before", help="a git revision measured first, in the same run (e.g. main)")
    parser.add_argument("--pattern", choices=("at-once", "table"), default="at-once",
                        help="when the phones open the table screen after a save (see the module's docstring)")
    args = parser.parse_args()
    print(f"{args.hands - args.rounds} hands, then {args.rounds} rounds ({args.pattern}); {os.cpu_count()} CPUs;"
          f" load {os.getloadavg()[0]:.2f}")
    first = machine_reference()
    results: dict[str, dict[str, object]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        session_file = work / "session.json"
        session_file.write_text(json.dumps(dump_session(Session(Setup(players=PLAYERS, first_dealer="North"),
                                                                tuple(make_hands(args.hands - args.rounds))))))
        if args.before:
            tree = work / "before"
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), args.before],
                           check=True, capture_output=True)
            try:
                command, env = server(tree, work / "before-instance")
                results["before"] = measure(command, env, tree, session_file, args.rounds, args.pattern)
            finally:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                               capture_output=True)
            show(f"before ({args.before})", results["before"])
        command, env = server(ROOT, work / "instance")
        results["after"] = measure(command, env, ROOT, session_file, args.rounds, args.pattern)
        show("after (this tree)", results["after"])
    print(f"load {os.getloadavg()[0]:.2f}; p95 limits (ms): {LIMITS}")
    ref = min(first, machine_reference())
    print(f"machine reference (bench/replay.py, best of the start and the end): {ref:.0f} ms; an ordinary"
          f" quiet machine: about {QUIET_REFERENCE_MS:.0f}, so plain Python takes {ref / QUIET_REFERENCE_MS:.2f}x"
          " as long here")


if __name__ == "__main__":
    main()
