"""The real server under a table's load: ./scripts/run (gunicorn) on SQLite, four phones at once.

    .venv/bin/python bench/serve.py [--rounds 15] [--before REV]

Prints p50/p95 of the table screen and of saving a hand with 4 phones at once,
and the compressed weight of the pages and files a phone loads. With
``--before REV`` the page weights of that revision (as served the way its
./scripts/run served it, from a temporary worktree) are printed next to this one's, in
the same run. The helpers (``started``, ``Phone``) are shared with
tests/web/test_serve.py.
"""

from __future__ import annotations

import argparse
import gzip
import http.cookiejar
import json
import os
import re
import secrets
import signal
import statistics
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
PLAYERS = ("North", "West", "South", "East")
LOCAL_URL = re.compile(r"(http://127\.0\.0\.1:\d+)")


@dataclass
class Server:
    url: str
    process: subprocess.Popen[str]
    banner: list[str]
    output: list[str] = field(default_factory=list)


def _read(stream: object, into: list[str]) -> None:
    for line in stream:  # type: ignore[attr-defined]
        into.append(line)


@contextmanager
def started(command: list[str], env: dict[str, str], cwd: Path = ROOT, wait: float = 240) -> Iterator[Server]:
    """Start a server process on 127.0.0.1; yield once it printed its address and answers; stop it after.

    The whole process group is stopped (gunicorn's master and its workers), even when the test fails.
    """
    process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, start_new_session=True)
    lines: list[str] = []
    reader = threading.Thread(target=_read, args=(process.stdout, lines), daemon=True)
    reader.start()
    deadline = time.monotonic() + wait
    try:
        url = None
        while url is None:
            found = [m.group(1) for line in lines if (m := LOCAL_URL.search(line))]
            url = found[0] if found else None
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the server did not start:\n" + "".join(lines[-40:]))
            time.sleep(0.05)
        while True:
            try:
                urllib.request.urlopen(url + "/ping", timeout=5).close()
                break
            except OSError:  # refused, reset or timed out while the workers boot
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the server does not answer:\n" + "".join(lines[-40:])) from None
                time.sleep(0.05)
        yield Server(url, process, list(lines), lines)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(5)
        reader.join(5)


def run_env(instance: Path, **extra: str) -> dict[str, str]:
    """./scripts/run's environment for a server of its own: its instance folder, 127.0.0.1, a free port."""
    env = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DATABASE_URL", "FLASK_APP"}}
    env.update(SCOREKEEPER_INSTANCE=str(instance), HOST="127.0.0.1", PORT="0", LANGUAGE="en")
    env.update(extra)
    return env


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    cookies: list[str]
    body: bytes  # as the page reads it (decompressed)
    wire: int  # bytes sent over the network

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


class Phone:
    """One phone at the table: its own cookies, the CSRF token of the last form it read."""

    timeout = 60.0  # seconds a request may take before the phone gives up (bench/largest.py waits longer)

    def __init__(self, base: str, encoding: str = "identity") -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect())
        self.encoding = encoding
        self.csrf = ""

    def _open(self, request: urllib.request.Request) -> Answer:
        request.add_header("Accept-Encoding", self.encoding)
        try:
            response = self.opener.open(request, timeout=self.timeout)
        except urllib.error.HTTPError as error:
            response = error
        with response:
            body = wire = response.read()
            headers = {k: v for k, v in response.headers.items()}
            cookies = response.headers.get_all("Set-Cookie") or []
        if headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        elif headers.get("Content-Encoding") == "br":
            import brotli

            body = brotli.decompress(body)
        answer = Answer(response.status, headers, cookies, body, len(wire))
        token = re.search(rb'name="csrf_token" type="hidden" value="([^"]+)"', body)
        if token:
            self.csrf = token.group(1).decode()
        return answer

    def get(self, path: str, headers: dict[str, str] | None = None) -> Answer:
        return self._open(urllib.request.Request(self.base + path, headers=headers or {}))

    def post(self, path: str, data: dict[str, str], headers: dict[str, str] | None = None) -> Answer:
        # as a page's form posts: its CSRF token and its own key (a keyed form refuses a post without one)
        fields = {"csrf_token": self.csrf, "key": secrets.token_urlsafe(12), "idem_key": secrets.token_urlsafe(12),
                  **data}
        return self._open(urllib.request.Request(self.base + path, data=urllib.parse.urlencode(fields).encode(),
                                                 headers=headers or {}))


def hidden(html: str, name: str) -> str:
    import html as markup

    m = re.search(rf'id="{name}" name="{name}" type="hidden" value="([^"]*)"', html)
    assert m, f"no hidden field {name}"
    return markup.unescape(m.group(1))


def new_table(phone: Phone, session_file: Path | None = None) -> tuple[str, str]:
    """A group and a session: imported from ``session_file``, or started empty with three of its four players."""
    phone.get("/")
    r = phone.post("/", {"name": "Bench table"})
    assert r.status == 302, r.text[:400]
    group = r.headers["Location"].rstrip("/").rsplit("/", 1)[1]
    phone.get(f"/g/{group}")
    if session_file is not None:
        phone.get(f"/g/{group}/import")
        r = phone.post(f"/g/{group}/import", {"text": session_file.read_text()})
        assert r.status == 302, r.text[:400]
        return group, r.headers["Location"].rsplit("/", 1)[1]
    for name in PLAYERS:
        assert phone.post(f"/g/{group}/players", {"name": name}).status == 302
    phone.get(f"/g/{group}/start")
    r = phone.post(f"/g/{group}/start", {
        "seat1": PLAYERS[0], "seat2": PLAYERS[1], "seat3": PLAYERS[2], "seat4": "", "first_dealer": "1",
        "rules": "pagat", "tanto_value": "0.10", "currency": "EUR", "start_tokens": "160", "scale": "1",
        "palo_de_favor": ""})
    assert r.status == 302, r.text[:400]
    return group, r.headers["Location"].rsplit("/", 1)[1]


# three seats (nobody sits out as dealer): North plays and wins 5-2-2
SIMPLE_HAND = {"contract": "entrada", "declarer": "North", "t0": "5", "t1": "2", "t2": "2"}


def save_hand(phone: Phone, token: str) -> tuple[int, float]:
    """Open the hand form and save a plain hand; (status, seconds the save took)."""
    page = phone.get(f"/s/{token}/hand").text
    data = dict(SIMPLE_HAND, idem_key=hidden(page, "idem_key"), number=hidden(page, "number"))
    began = time.perf_counter()
    status = phone.post(f"/s/{token}/hand", data).status
    return status, time.perf_counter() - began


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"p50 {statistics.median(ordered) * 1000:6.1f} ms   p95 {p95 * 1000:6.1f} ms   (n={len(ordered)})"


def at_once(phones: int, job: object) -> None:
    threads = [threading.Thread(target=job, args=(i,)) for i in range(phones)]  # type: ignore[arg-type]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)


def load(base: str, rounds: int) -> None:
    """4 phones at once, each on a session of its own (two phones entering the same hand at the same moment
    is refused with a 409 by design): each round all four read their table screen, then all four save a hand."""
    phones = [Phone(base, "br, gzip") for _ in PLAYERS]
    tokens = [new_table(phone)[1] for phone in phones]
    reads: list[float] = []
    saves: list[float] = []
    errors: list[int] = []
    lock = threading.Lock()

    def read(i: int) -> None:
        began = time.perf_counter()
        status = phones[i].get(f"/s/{tokens[i]}").status
        with lock:
            reads.append(time.perf_counter() - began)
            if status != 200:
                errors.append(status)

    def save(i: int) -> None:
        status, took = save_hand(phones[i], tokens[i])
        with lock:
            saves.append(took)
            if status not in (302, 303):
                errors.append(status)

    for _ in range(rounds):
        at_once(4, read)
        at_once(4, save)
    print(f"table screen, 4 phones at once:  {percentiles(reads)}")
    print(f"saving a hand, 4 phones at once: {percentiles(saves)}")
    print(f"errors: {len(errors)} {sorted(set(errors))}")


def weights(base: str) -> dict[str, tuple[int, int, int]]:
    """Bytes on the wire of the table screen and what it loads: (identity, gzip, br)."""
    phone = Phone(base)
    _group, token = new_table(phone, DATA / "worked_example.json")
    page = phone.get(f"/s/{token}").text
    paths = {"table screen": f"/s/{token}", "hand form": f"/s/{token}/hand", "report.html": f"/s/{token}/report.html"}
    for asset in re.findall(r'(?:href|src)="(/static/[^"]+\.(?:css|js))"', page):
        paths[asset.split("/")[-1]] = asset
    sizes: dict[str, tuple[int, int, int]] = {}
    for name, path in paths.items():
        sizes[name] = tuple(Phone.get(_with(phone, enc), path).wire  # type: ignore[assignment]
                            for enc in ("identity", "gzip", "br"))
    return sizes


def _with(phone: Phone, encoding: str) -> Phone:
    phone.encoding = encoding
    return phone


def _print_weights(label: str, sizes: dict[str, tuple[int, int, int]]) -> None:
    print(f"\n{label}: bytes on the wire (identity / gzip / br)")
    total = [0, 0, 0]
    for name, triple in sizes.items():
        print(f"  {re.sub(r'[.][0-9a-f]{12}[.]', '.', name):18} {triple[0]:8} {triple[1]:8} {triple[2]:8}")
        total = [a + b for a, b in zip(total, triple, strict=True)]
    print(f"  {'total':18} {total[0]:8} {total[1]:8} {total[2]:8}")


def before_weights(rev: str, work: Path) -> dict[str, tuple[int, int, int]]:
    """The page weights of an older revision (served by `flask run`, as its scripts/run did) from a worktree."""
    tree = work / "before"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), rev], check=True,
                   capture_output=True)
    try:
        import socket

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        # the older tree's package first on the path; our .venv's libraries; its own way of serving (flask run)
        env = run_env(work / "before-instance", PYTHONPATH=str(tree), FLASK_APP="scorekeeper",
                      DATABASE_URL=f"sqlite:///{work / 'before.sqlite'}",
                      PATH=f"{ROOT / '.venv' / 'bin'}:{os.environ.get('PATH', '')}")
        command = ["bash", "-c", f"flask db upgrade >/dev/null 2>&1 && echo http://127.0.0.1:{port}/ && "
                                 f"exec flask run --host 127.0.0.1 --port {port}"]
        with started(command, env, cwd=tree) as server:
            return weights(server.url)
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--before", help="a git revision whose page weights are measured too (e.g. main)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        before = before_weights(args.before, work) if args.before else None
        env = run_env(work / "instance")
        with started([str(ROOT / "scripts" / "run")], env) as server:
            print(f"./scripts/run on SQLite, {os.cpu_count()} CPUs, served at {server.url}")
            load(server.url, args.rounds)
            after = weights(server.url)
        if before is not None:
            _print_weights(f"before ({args.before})", before)
        _print_weights("after (this tree)", after)
        print(json.dumps({"after": after, "before": before}))


if __name__ == "__main__":
    main()
