"""The real server process: ./scripts/run (gunicorn) and plain gunicorn, on 127.0.0.1 and a free port.

What the test client cannot show: the headers as gunicorn sends them (no
version banner), the cookies as a phone receives them, the address and QR code
printed for the other phones, the access log without tokens, and many workers
starting at once agreeing on one secret key. Every server is stopped, every
wait bounded.
"""

from __future__ import annotations

import io
import re
import shutil
import sys
import time
from collections import deque

import pytest

from serve import ROOT, Phone, new_table, run_env, save_hand, started

#: a real server (or several) under load: never beside another such module on another worker, whose
#: cores it would take (./scripts/test runs with --dist loadgroup); starting them may take minutes when loaded
pytestmark = [pytest.mark.xdist_group("servers"), pytest.mark.timeout(900)]

TOKEN_PAGE = re.compile(r"^/[gsw]/")


def _control_socket_flag() -> list[str]:
    """gunicorn 24+ opens an admin socket in $HOME unless told not to (two servers would share it)."""
    from gunicorn import config

    return ["--no-control-socket"] if hasattr(config, "ControlSocketDisable") else []


NO_CONTROL_SOCKET = _control_socket_flag()


def check_answer(path: str, answer, problems: list[str]) -> None:
    """The rules every answer of the served app follows (docs/security.md)."""
    h = answer.headers
    csp = h.get("Content-Security-Policy", "")
    wanted = {
        "CSP without inline script": "script-src 'self'" in csp and "unsafe-inline" not in csp,
        "frame-ancestors 'none'": "frame-ancestors 'none'" in csp,
        "nosniff": h.get("X-Content-Type-Options") == "nosniff",
        "same-origin referrer": h.get("Referrer-Policy") == "same-origin",
        "no version banner": not re.search(r"\d|python|werkzeug", h.get("Server", ""), re.I),
        "no-store on a token page": not TOKEN_PAGE.match(path) or h.get("Cache-Control") == "no-store",
        "a request id": bool(h.get("X-Request-Id")),
    }
    for cookie in answer.cookies:
        wanted[f"HttpOnly {cookie[:20]}"] = "HttpOnly" in cookie
        wanted[f"SameSite=Lax {cookie[:20]}"] = "SameSite=Lax" in cookie
    problems.extend(f"{path}: {rule}" for rule, ok in wanted.items() if not ok)


def crawl(phone: Phone, start: list[str], limit: int = 80) -> dict[str, int]:
    """Every same-site page reachable from ``start`` by GET (bounded), each checked; path -> status."""
    seen: dict[str, int] = {}
    problems: list[str] = []
    queue = deque(start)
    while queue and len(seen) < limit:
        path = queue.popleft()
        if path in seen:
            continue
        answer = phone.get(path)
        seen[path] = answer.status
        check_answer(path, answer, problems)
        if answer.headers.get("Content-Type", "").startswith("text/html"):
            # the invite page gives whole addresses (http://host:port/w/…) for other phones: follow ours too
            site = re.escape(phone.base)
            for link in re.findall(rf'href="(?:{site})?(/[^"#]*)"', answer.text):
                # PDFs take seconds each: one is asked for by name (the start list), the others are skipped
                if not link.startswith("/static/") and "/language/" not in link and not link.endswith(".pdf"):
                    queue.append(link.replace("&amp;", "&"))
    assert not problems, problems
    return seen


def test_run_script_serves_every_page_hardened(tmp_path):
    """./scripts/run as the README says (HOST=127.0.0.1): banner, headers and cookies on every page, clean log."""
    with started([str(ROOT / "scripts" / "run")], run_env(tmp_path / "instance")) as server:
        banner = "".join(server.banner)
        assert "Scorekeeper is ready." in banner and f"On this machine: {server.url}/" in banner
        assert "Only this machine can open it (HOST=127.0.0.1)" in banner
        phone = Phone(server.url)
        _fresh, playing = new_table(phone)
        assert save_hand(phone, playing)[0] == 302
        group, token = new_table(phone, ROOT / "tests" / "data" / "worked_example.json")
        pages = crawl(phone, ["/", f"/g/{group}", f"/s/{token}", f"/s/{token}/hand", f"/s/{token}/end",
                              f"/s/{token}/report.html", f"/g/{group}/import", f"/s/{playing}", f"/s/{token}/paper.pdf", "/nowhere"])
        assert len(pages) >= 15, pages
        assert any(p.startswith("/w/") for p in pages) and any(p.endswith("/invite") for p in pages), pages
        assert {s for p, s in pages.items() if p != "/nowhere"} <= {200, 302, 303}, pages
        assert phone.get("/static/app.css").headers.get("Content-Type", "").startswith("text/css")
        time.sleep(0.5)  # the access log lines of the last requests
    log = "".join(server.output)
    assert '"GET /s/…/hand HTTP/1.1" 200' in log
    assert token not in log and group not in log and playing not in log, "a token reached the log"
    assert (tmp_path / "instance" / "secret_key").stat().st_size >= 64


def test_banner_names_the_lan_address_and_its_qr_code():
    """With HOST unset (every interface) the banner gives the Wi-Fi address and a scannable QR code of it."""
    import segno

    from scorekeeper.serving import announce, lan_address

    out = io.StringIO()
    announce("0.0.0.0", 5000, out, lan="192.168.1.23")
    text = out.getvalue()
    url = "http://192.168.1.23:5000/"
    assert f"On the other phones at the table (same Wi-Fi): {url}" in text
    assert "On this machine: http://127.0.0.1:5000/" in text
    qr_lines = [line for line in text.splitlines() if line and set(line) <= set("█▀▄ ")]
    printed = read_compact_qr(qr_lines)
    expected = [list(row) for row in segno.make(url, error="m").matrix]
    assert printed == expected, "the QR code printed is not the address"
    found = lan_address()
    assert found is None or not found.startswith("127.")


def read_compact_qr(lines: list[str], border: int = 2) -> list[list[int]]:
    """The modules (1 = dark) of a QR code printed two rows per line, light on dark (segno's compact output)."""
    rows: list[list[int]] = []
    for line in lines:
        rows.append([0 if c in "█▀" else 1 for c in line])
        rows.append([0 if c in "█▄" else 1 for c in line])
    size = len(lines[0]) - 2 * border
    return [row[border:border + size] for row in rows[border:border + size]]


def test_ten_fresh_starts_of_four_workers_agree_on_one_key(tmp_path):
    """gunicorn -w 4 without preloading, on a fresh instance folder, 10 times: a form from any worker is
    accepted by any other (every worker read the same key, made once, atomically). Ten, not twenty: each
    start is eight forms, about six of them posted to another worker, and the suite must stay under 20
    minutes on CI (twenty took 113 s)."""
    from conftest import migrated_app

    template = tmp_path / "template.sqlite"
    migrated_app(template, "unused")
    crossed = 0
    for start in range(10):
        instance = tmp_path / f"i{start}"
        database = tmp_path / f"d{start}.sqlite"
        shutil.copy(template, database)
        env = run_env(instance, DATABASE_URL=f"sqlite:///{database}")
        command = [sys.executable, "-m", "gunicorn", "-w", "4", "-k", "gthread", "--threads", "2",
                   "-b", "127.0.0.1:0", "--access-logfile", "-", "--access-logformat",
                   "%({x-request-id}o)s %(p)s", *NO_CONTROL_SOCKET, "scorekeeper:create_app()"]
        with started(command, env, wait=60) as server:
            phones = [Phone(server.url) for _ in range(8)]
            asked = [p.get("/").headers["X-Request-Id"] for p in phones]
            answered = [p.post("/", {"name": f"Table {start}-{i}"}) for i, p in enumerate(phones)]
            assert [a.status for a in answered] == [302] * 8, [a.text[:200] for a in answered]
            time.sleep(0.3)
            worker = dict(re.findall(r"^([0-9a-f]{12}) <(\d+)>$", "".join(server.output), re.M))
            posted = [a.headers["X-Request-Id"] for a in answered]
            crossed += sum(worker.get(a) != worker.get(b) for a, b in zip(asked, posted, strict=True))
        key = (instance / "secret_key").read_text()
        assert len(key) == 64 and [p.name for p in instance.iterdir()] == ["secret_key"]
    assert crossed >= 10, f"only {crossed} forms were posted to another worker than the one that made them"


def test_warm_start_is_quick(tmp_path):
    """The second ./scripts/run does not install again: the first page within 5 s (loaded machine: 8 s)."""
    with started([str(ROOT / "scripts" / "run")], run_env(tmp_path / "warm")):
        pass
    began = time.monotonic()
    with started([str(ROOT / "scripts" / "run")], run_env(tmp_path / "warm")) as server:
        took = time.monotonic() - began
        assert "Installing" not in "".join(server.output)
    assert took < 8, f"warm start took {took:.1f} s"
