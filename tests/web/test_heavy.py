"""Heavy work and slow clients against the real server (./scripts/run: gunicorn, two workers, SQLite).

Twelve PDFs asked for at once through a watch link: the server draws one at a
time and tells the others 429 with a sentence and Retry-After, while a phone's
saves go through. Twenty-four clients sending their request head a byte every
1.5 s: no thread waits for them, a phone's saves go through, and the server
closes them after its head timeout (10 s). Bounded in count and time; bench/heavy.py
measures the same scenes on a 500-hand session, before and after.
"""

from __future__ import annotations

import json
import re
import threading
import time

import pytest
from heavy import HEAD, SLOW_GAP, slow_client, tried

from replay import PLAYERS, make_hands
from scorekeeper.games.tresillo.engine import Session, Setup, dump_session
from serve import ROOT, Phone, new_table, run_env, save_hand, started

#: a real server (or several) under load: never beside another such module on another worker, whose
#: cores it would take (./scripts/test runs with --dist loadgroup); starting them may take minutes when loaded
pytestmark = [pytest.mark.xdist_group("servers"), pytest.mark.timeout(900)]

KINDS = ("report", "paper", "settlement")
LANGUAGES = ("es", "en", "fr", "it")


def _long_session(phone: Phone, hands: int) -> tuple[str, str]:
    """A ``hands``-hand session imported through the web: (its token, its watch token)."""
    group, _ = new_table(phone)
    text = json.dumps(dump_session(Session(Setup(players=PLAYERS, first_dealer="North"),
                                           tuple(make_hands(hands)))))
    phone.get(f"/g/{group}/import")
    answer = phone.post(f"/g/{group}/import", {"text": text})
    assert answer.status == 302, answer.text[:400]
    token = answer.headers["Location"].rsplit("/", 1)[1]
    watch = re.search(r"/w/([A-Za-z0-9_-]{16,})", phone.get(f"/s/{token}/invite").text)
    assert watch
    return token, watch.group(1)


def timed_save(phone: Phone, table: str) -> tuple[int, float]:
    """Open the hand form and save a hand: (status, seconds for both); a timeout is status 0."""
    began = time.perf_counter()
    status, _ = tried(lambda: save_hand(phone, table))
    return status, time.perf_counter() - began


def test_twelve_pdfs_at_once_through_a_watch_link_leave_the_table_free(tmp_path):
    with started([str(ROOT / "scripts" / "run")], run_env(tmp_path / "instance")) as server:
        phone = Phone(server.url)
        _long, watch = _long_session(phone, 80)
        _group, table = new_table(phone)
        answers: list[tuple[int, dict[str, str], str]] = []
        saves: list[tuple[int, float]] = []
        lock = threading.Lock()
        go = threading.Event()

        def ask(path: str) -> None:
            go.wait(10)
            answer = Phone(server.url).get(path)
            with lock:
                answers.append((answer.status, answer.headers, answer.text if answer.status != 200 else ""))

        askers = [threading.Thread(target=ask, args=(f"/w/{watch}/{kind}.pdf?lang={lang}",))
                  for kind in KINDS for lang in LANGUAGES]
        for t in askers:
            t.start()
        go.set()
        began = time.monotonic()
        phone.timeout = 10.0
        while len(saves) < 6 and time.monotonic() - began < 60:
            saves.append(timed_save(phone, table))
        for t in askers:
            t.join(120)
        assert not any(t.is_alive() for t in askers)

    assert [status for status, _ in saves] == [302] * 6, saves
    assert max(took for _, took in saves) < 5.0, saves  # never queued behind a PDF (one takes seconds)
    statuses = sorted(status for status, *_ in answers)
    assert set(statuses) <= {200, 429} and statuses.count(200) >= 1, statuses
    assert statuses.count(429) >= 6, statuses  # one drawn at a time: most were told to come back
    for status, headers, text in answers:
        if status == 429:
            assert 1 <= int(headers["Retry-After"]) <= 60
            assert "printing another PDF just now" in text and "Try again in" in text


def test_slow_clients_hold_no_thread_and_are_closed_after_the_head_timeout(tmp_path):
    with started([str(ROOT / "scripts" / "run")], run_env(tmp_path / "instance")) as server:
        phone = Phone(server.url)
        _group, table = new_table(phone)
        port = int(server.url.rsplit(":", 1)[1])
        kept: list[float] = []
        lock = threading.Lock()
        slow = [threading.Thread(target=slow_client, args=(port, kept, lock)) for _ in range(24)]
        for t in slow:
            t.start()
        time.sleep(2 * SLOW_GAP)  # every slow client has begun its head
        phone.timeout = 5.0  # the whole save (its form, then the post) must come within seconds
        saves = [timed_save(phone, table) for _ in range(5)]
        for t in slow:
            t.join(60)
        assert not any(t.is_alive() for t in slow)
        assert phone.get("/ping").status == 204

    assert [status for status, _ in saves] == [302] * 5, saves
    assert max(took for _, took in saves) < 5.0, saves
    # the server closed every slow client after its 10 s head timeout, long before its head was sent
    assert len(kept) == 24 and 9.0 <= min(kept) and max(kept) < 20.0, kept
    assert len(HEAD) * SLOW_GAP > 60  # a whole head would have taken over a minute


def test_kept_alive_and_pipelined_requests_are_answered_and_a_slow_second_head_is_closed(tmp_path):
    """The head gathered by the event loop, on the way phones use connections: kept alive between
    polls, two requests in one packet, and a slow client that sent its first request quickly."""
    import http.client
    import socket

    with started([str(ROOT / "scripts" / "run")], run_env(tmp_path / "instance")) as server:
        port = int(server.url.rsplit(":", 1)[1])
        kept = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        answers = []
        for _ in range(3):
            kept.request("GET", "/ping")
            answer = kept.getresponse()
            answer.read()
            answers.append((answer.status, answer.getheader("Connection")))
        kept.close()
        with socket.create_connection(("127.0.0.1", port), timeout=10) as both:
            both.sendall(b"GET /ping HTTP/1.1\r\nHost: a\r\n\r\nGET /ping HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
            pipelined = b""
            while chunk := both.recv(65536):
                pipelined += chunk
        with socket.create_connection(("127.0.0.1", port), timeout=10) as slow:
            slow.sendall(b"GET /ping HTTP/1.1\r\nHost: a\r\n\r\n")
            assert slow.recv(4096).startswith(b"HTTP/1.1 204")
            began = time.monotonic()
            slow.settimeout(SLOW_GAP)
            for byte in HEAD:
                try:
                    slow.sendall(bytes([byte]))
                    if slow.recv(1, socket.MSG_PEEK) == b"":
                        break
                except TimeoutError:
                    continue
                except OSError:
                    break
            closed_after = time.monotonic() - began
    assert answers == [(204, "keep-alive")] * 3
    assert pipelined.count(b"HTTP/1.1 204") == 2
    assert 9.0 <= closed_after < 20.0, closed_after
