"""Serving the app to a table with gunicorn: where it listens, what it prints, what it logs.

``./scripts/run`` starts ``gunicorn -c python:scorekeeper.gunicorn_conf``; that
config takes its settings from here. When the server is listening it prints the
address the other phones open (this machine's address on the Wi-Fi) and the same
address as a QR code they can scan. The access log never carries a group's or a
session's token (the link *is* the key).
"""

from __future__ import annotations

import errno
import gc
import os
import selectors
import socket
import sys
import time
from collections import deque
from functools import partial
from typing import TYPE_CHECKING, Any, TextIO

from gunicorn import http
from gunicorn.glogging import Logger
from gunicorn.http2 import negotiation
from gunicorn.workers.gthread import TConn, ThreadWorker

from .i18n import environment_language, use_language
from .i18n import gettext as _
from .web.endpoints import game_pages
from .web.hardening import cut_tokens

if TYPE_CHECKING:
    from flask import Flask

ANYWHERE = {"0.0.0.0", "::", ""}


def bind_address() -> str:
    """``HOST`` (default: every interface, so the table's phones reach it) and ``PORT`` (default 5000)."""
    host = os.environ.get("HOST", "0.0.0.0")
    port = os.environ.get("PORT", "5000")
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def lan_address() -> str | None:
    """This machine's address on its network (the one a phone on the same Wi-Fi can open), if any.

    A UDP socket "connected" to a documentation address sends nothing; it only
    makes the system choose the interface it would use, whose address we read.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def _url(host: str, port: int) -> str:
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def announce(host: str, port: int, out: TextIO, lan: str | None = None) -> None:
    """What the person starting the server reads: the addresses to open, and a QR code for the phones."""
    import segno

    with use_language(environment_language()):
        print(_("Scorekeeper is ready."), file=out)
        local = "127.0.0.1" if host in ANYWHERE else host
        print(_("On this machine: {url}").format(url=_url(local, port)), file=out)
        if host.startswith("127.") or host in {"localhost", "::1"}:
            print(_("Only this machine can open it (HOST={host}). To let the other phones join, "
                    "start it without HOST.").format(host=host), file=out)
        else:
            table = (lan or lan_address()) if host in ANYWHERE else host
            if table is None:
                print(_("No network found: connect this machine to the Wi-Fi the phones use, then start it "
                        "again."), file=out)
            else:
                url = _url(table, port)
                print(_("On the other phones at the table (same Wi-Fi): {url}").format(url=url), file=out)
                print(_("Or scan this code with their camera:"), file=out)
                segno.make(url, error="m").terminal(out=out, compact=True, border=2)
        print(_("Stop it with Ctrl+C."), file=out)
    out.flush()


def served_app() -> Flask:
    """The app as ./scripts/run serves it: migrated (``flask db upgrade``) before any worker starts.

    gunicorn loads it once in its master process and forks the workers from
    it (``preload_app``), so a start pays for one import of the app, not three;
    the database connections of the migration are closed before the fork.
    """
    from flask_migrate import upgrade

    from . import create_app
    from .db import db

    app = create_app()
    with app.app_context():
        upgrade()
        db.engine.dispose()
    compile_table_pages(app)
    settle_heap()
    return app


#: the platform's templates every table page extends and imports; a game with pages of its own names the pages
#: its table opens again and again in its ``pages`` module's ``COMPILED`` (Tresillo's table screen and hand form)
TABLE_PAGES = ("web/base.html", "web/_macros.html", "games/_preview.html")


def compile_table_pages(app: Flask) -> None:
    """Compile the table's pages once, in gunicorn's master, so the workers fork with them compiled.

    Jinja compiles a template the first time it is drawn: each worker's first hand form spent
    30-90 ms compiling (bench/tableside.py at 500 hands: 42.8 and 95.7 ms CPU against 11 ms for the
    next ones, two of its 40 samples). The six take about 80 ms here, before any phone is served.
    """
    for name in (*TABLE_PAGES, *(name for pages in game_pages() for name in getattr(pages, "COMPILED", ()))):
        app.jinja_env.get_template(name)


def settle_heap() -> None:
    """Keep the garbage collector's pauses out of the requests' tails (issue 29, bench/tableside.py).

    The loaded app (about 120,000 objects: modules, routes, templates' code) is
    moved out of the collector's sight before the workers fork, so a full
    collection in a worker walks only what its requests made; and a young
    collection waits for 7,000 new objects, not 700 (a page at 500 hands makes
    thousands). Measured with a gc callback on bench/tableside.py's 40 rounds at
    500 hands: main's workers spent 410–570 ms each in collections, full ones
    up to 310 ms; with both, 110–180 ms, the longest 90 ms.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(7000, 10, 10)


def when_ready(server: Any) -> None:
    """gunicorn hook: the socket is listening; say where (the port as bound, even when PORT=0)."""
    for listener in server.LISTENERS:
        address = listener.sock.getsockname()
        if isinstance(address, tuple):
            announce(str(address[0]), int(address[1]), sys.stdout)
            return


class TokenFreeLogger(Logger):  # type: ignore[misc]
    """gunicorn's logger with every token cut out of the request line, path, query and referrer."""

    def atoms(self, resp: Any, req: Any, environ: Any, request_time: Any) -> dict[str, Any]:
        atoms: dict[str, Any] = super().atoms(resp, req, environ, request_time)
        for key in ("r", "U", "q", "f", "{raw_uri}e", "{path_info}e", "{request_uri}e", "{http_referer}i"):
            if isinstance(atoms.get(key), str):
                atoms[key] = cut_tokens(atoms[key])
        return atoms


#: seconds a client has to send a whole request head (the request line and the headers), from the moment
#: its connection is accepted or its kept-alive connection speaks again (``SCOREKEEPER_HEAD_TIMEOUT``)
HEAD_SECONDS = float(os.environ.get("SCOREKEEPER_HEAD_TIMEOUT", "10"))
#: a head longer than this is handed to gunicorn's parser as it is, which refuses it (its own limits)
HEAD_BYTES = 64 * 1024


class TableWorker(ThreadWorker):  # type: ignore[misc]
    """gunicorn's ``gthread`` worker, but a request head is gathered by the worker's event loop, not a thread.

    gthread gives a connection to a thread as soon as its first byte arrives,
    and the thread then waits, blocking, for the rest of the head: a client
    sending a header byte every 1.5 s holds a thread for as long as it likes,
    and 24 of them held every thread of both workers, so no phone could save.
    Here the event loop collects the head (a slow client costs a socket and a
    few bytes, not a thread) and hands the connection to a thread only once the
    head is complete; a head not complete within :data:`HEAD_SECONDS` is
    dropped. A request *body* is still read by the thread: a large slow upload
    is bounded by the proxy in front (docs/deploy.md) or the 2 MB limit.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.heading: deque[TConn] = deque()  # connections whose head is still arriving, oldest first

    def accept(self, listener: Any) -> None:
        try:
            client, address = listener.accept()
        except OSError as e:
            if e.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return
        self.nr_conns += 1
        conn = TConn(self.cfg, client, address, listener.getsockname())  # non-blocking
        if self.cfg.is_ssl or negotiation.prior_knowledge_allowed(self.cfg, address):
            client.setblocking(True)
            self.enqueue_req(conn)  # TLS or HTTP/2 handshakes stay gunicorn's own way
            return
        conn.parser = http.get_parser(self.cfg, client, address)
        self._await_head(conn)

    def on_client_socket_readable(self, conn: TConn, client: Any) -> None:
        """A kept-alive connection speaks again: gather its next head the same way."""
        self.poller.unregister(client)
        self.keepalived_conns.remove(conn)
        if conn.is_http2 or self.cfg.is_ssl:
            self.enqueue_req(conn)  # as accept(): gunicorn's own TLS and HTTP/2 keep its way
        else:
            self._await_head(conn)

    def _await_head(self, conn: TConn) -> None:
        conn.head = bytearray()
        conn.head_deadline = time.monotonic() + HEAD_SECONDS
        self.heading.append(conn)
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self._head_arrives, conn))

    def _head_arrives(self, conn: TConn, client: Any) -> None:
        try:
            data = client.recv(HEAD_BYTES)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:  # the client went away
            self._drop(conn)
            return
        conn.head += data
        if b"\r\n\r\n" in conn.head or b"\n\n" in conn.head or len(conn.head) >= HEAD_BYTES:
            self.poller.unregister(client)
            self.heading.remove(conn)
            conn.parser.unreader.unread(bytes(conn.head))
            conn.head = None
            conn.data_ready = True  # the thread reads the head from the parser's buffer, without waiting
            self.enqueue_req(conn)

    def _drop(self, conn: TConn) -> None:
        self.heading.remove(conn)
        try:
            self.poller.unregister(conn.sock)
        except (OSError, KeyError, ValueError):
            pass
        self.nr_conns -= 1
        conn.close()

    def murder_pending(self) -> None:
        """gunicorn's clean-up of idle connections, and the heads that took longer than HEAD_SECONDS."""
        super().murder_pending()
        now = time.monotonic()
        while self.heading and self.heading[0].head_deadline <= now:
            self._drop(self.heading[0])
