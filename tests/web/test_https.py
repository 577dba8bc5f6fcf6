"""Served as docs/deploy.md serves it: gunicorn with SCOREKEEPER_HTTPS=1 behind a proxy that ends HTTPS.

The proxy is written here (Python's ``ssl`` and ``http.server``, a certificate
made by ``openssl`` for this test only) and does what nginx's or Caddy's
``proxy_pass`` does: TLS on 127.0.0.1, the request passed on to gunicorn with
``X-Forwarded-For``, ``-Proto`` and ``-Host``. Chromium (accepting the
self-signed certificate) then plays an evening through it: create a group,
start a session, enter a hand, fix it, end the session. Flask-WTF's strict
HTTPS check (``WTF_CSRF_SSL_STRICT``) stays on: every post must carry a Referer
of this very site, which the ``same-origin`` referrer policy lets the browser send.
"""

from __future__ import annotations

import http.client
import json
import shutil
import ssl
import subprocess
import sys
import threading
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from test_browser import PLAYERS, bowls, enter_hand

from conftest import DATA, require
from serve import run_env, started

pytestmark = pytest.mark.browser

#: headers that belong to one connection, never passed on by a proxy
HOP_BY_HOP = {"connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade",
              "content-length"}


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 made for this test only (one day, a 2048-bit RSA key)."""
    if shutil.which("openssl") is None:
        require("openssl is not installed")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    return cert, key


class TlsProxy(ThreadingHTTPServer):
    """HTTPS on 127.0.0.1 in front of one plain-HTTP server; remembers each request's method, path and Referer."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        """A browser that turns the self-signed certificate down (a service worker does) just hangs up."""
        if not isinstance(sys.exc_info()[1], (ssl.SSLError, ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)  # type: ignore[arg-type]

    def __init__(self, upstream: tuple[str, int], cert: Path, key: Path) -> None:
        super().__init__(("127.0.0.1", 0), Forward)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        # the handshake happens in the request's own thread (Forward.setup), never in the accepting one
        self.socket = context.wrap_socket(self.socket, server_side=True, do_handshake_on_connect=False)
        self.upstream = upstream
        self.seen: list[tuple[str, str, str | None]] = []

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{self.server_address[1]}"


class Forward(BaseHTTPRequestHandler):
    """One connection: each request passed to gunicorn as nginx's ``proxy_pass`` with the X-Forwarded-* headers."""

    protocol_version = "HTTP/1.1"
    server: TlsProxy

    def setup(self) -> None:
        self.request.settimeout(30)
        try:
            self.request.do_handshake()
        except (OSError, ssl.SSLError):
            self.request.close()
            raise
        super().setup()

    def forward(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
        headers.update({"X-Forwarded-For": self.client_address[0], "X-Forwarded-Proto": "https",
                        "X-Forwarded-Host": self.headers.get("Host", "")})
        self.server.seen.append((self.command, self.path, self.headers.get("Referer")))
        upstream = http.client.HTTPConnection(*self.server.upstream, timeout=60)
        try:
            upstream.request(self.command, self.path, body=body, headers=headers)
            answer = upstream.getresponse()
            data = answer.read()
            self.send_response_only(answer.status, answer.reason)
            for name, value in answer.getheaders():
                if name.lower() not in HOP_BY_HOP:
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(data)
        finally:
            upstream.close()

    do_GET = do_POST = do_HEAD = forward

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - http.server's own name
        """Quiet: the links carry tokens, and gunicorn's own log already cuts them out."""


@contextmanager
def behind_https(tmp_path: Path) -> Iterator[TlsProxy]:
    """gunicorn as ./scripts/run starts it, with SCOREKEEPER_HTTPS=1, and the TLS proxy in front of it."""
    cert, key = self_signed(tmp_path)
    command = [sys.executable, "-m", "gunicorn", "-c", "python:scorekeeper.gunicorn_conf",
               "scorekeeper.serving:served_app()"]
    with started(command, run_env(tmp_path / "instance", SCOREKEEPER_HTTPS="1"), wait=120) as server:
        address = urllib.parse.urlsplit(server.url)
        proxy = TlsProxy((address.hostname or "127.0.0.1", address.port or 80), cert, key)
        thread = threading.Thread(target=proxy.serve_forever, daemon=True)
        thread.start()
        try:
            yield proxy
        finally:
            proxy.shutdown()
            proxy.server_close()
            thread.join(10)


def test_an_evening_through_https(chromium, tmp_path):
    """Create a group, start, enter two hands, fix one, end: every post accepted behind HTTPS."""
    example = json.loads((DATA / "worked_example.json").read_text())
    with behind_https(tmp_path) as proxy:
        ctx = chromium.new_context(viewport={"width": 390, "height": 844}, ignore_https_errors=True)
        page = ctx.new_page()
        page.goto(proxy.url + "/")
        assert page.evaluate("location.protocol") == "https:"
        page.fill("#name", "Over HTTPS")
        page.click("text=Create group")
        page.wait_for_selector("#add-player")
        assert "/g/" in page.url, page.content()[:2000]
        for name in PLAYERS:
            page.fill("#add-player #name", name)
            page.click("text=Add player")
            page.wait_for_load_state()
        names = page.locator("input[name=name]").evaluate_all("fields => fields.map(f => f.value)")
        assert set(PLAYERS) <= set(names), names
        page.click("#start a[data-game=tresillo]")
        page.click("form.card button[type=submit]")
        page.wait_for_selector("#in-play")
        table_url = page.url.split("#")[0]
        for hand in example["hands"][:2]:
            enter_hand(page, hand)
        assert bowls(page) == [141, 151, 170, 152]

        # fix hand 1: an entrada, not a vuelta
        page.click("text=All hands · fix a mistake")
        page.click("#hand-1 >> text=Fix")
        page.click("label.choice:has(input[name=contract][value=entrada])")
        page.click("text=Save the change")
        page.wait_for_selector("#done")  # back at the table, which says what was done
        assert "Hand 1 fixed" in page.inner_text("#done")
        assert bowls(page) != [141, 151, 170, 152]

        page.click("text=End the session")
        page.click("form.card button[type=submit]")
        page.click("text=Yes, end the session")
        page.wait_for_selector("#settlement")
        assert len(page.locator("#settlement td.final").all_inner_texts()) == 4

        # the session cookie is Secure, and the headers are the ones docs/security.md names
        assert all(c["secure"] for c in ctx.cookies() if c["name"] == "session")
        answer = page.request.get(table_url)
        assert answer.headers["referrer-policy"] == "same-origin"
        assert answer.headers["strict-transport-security"].startswith("max-age=")
        ctx.close()

        posts = [(path, referer) for method, path, referer in proxy.seen if method == "POST"]
        assert len(posts) >= 12, posts  # group, 4 players, start, 2 hands, the fix, the end and its confirmation
        assert all(referer and referer.startswith(proxy.url + "/") for _path, referer in posts), posts

        # the strict check is still on: a post without a Referer (or from another site) is refused
        insecure = ssl.create_default_context()
        insecure.check_hostname = False
        insecure.verify_mode = ssl.CERT_NONE
        for referer in (None, "https://elsewhere.example/"):
            request = urllib.request.Request(proxy.url + "/", data=b"name=Forged", method="POST")
            if referer:
                request.add_header("Referer", referer)
            try:
                urllib.request.urlopen(request, context=insecure, timeout=30)
                status = 200
            except urllib.error.HTTPError as error:
                status = error.code
                text = error.read().decode()
            assert status == 400 and "This form is out of date" in text, referer
