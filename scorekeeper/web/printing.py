"""PDFs drawn one at a time per server and kept once drawn: a watch link cannot take the table's server.

A report PDF of a long evening takes seconds of a core and tens of MB while it
is drawn; twelve asked for at once through a watch link took every thread of
both workers and left the phones waiting. So a server draws at most
``SCOREKEEPER_PDF_AT_ONCE`` PDFs at a time (default 1: on a two-core machine
one core stays with the table). A drawing slot is a lock file in the instance
folder, locked with ``flock``: every worker process of the server shares it,
and a process that dies lets go of it. Nobody waits for a slot: a PDF that is
neither kept nor can be drawn now is answered 429 with a sentence and
``Retry-After`` (how long the last one took), so no thread of the table's
server is held by a queue of PDFs.

Each worker keeps what it drew in a small LRU (``SCOREKEEPER_PDF_CACHE_BYTES``,
default 8 MB), keyed by the session, its version, the language, the kind and a
digest of the document's inputs (the session file, the group's name and the
dates), so the same document asked again is sent without drawing, and a changed
session is never answered from the cache.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import math
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from flask import Flask, Response, current_app, render_template

from ..games import GAMES
from ..games.views import Documents, documents_for
from ..i18n import _, ngettext
from ..services import GameSession

#: what a kept PDF is known by: (session token, version, language, kind, digest of its inputs)
Key = tuple[str, int, str, str, str]


class Busy(Exception):
    """No slot is free (or this very PDF is being drawn): come back in ``seconds``."""

    def __init__(self, seconds: int) -> None:
        super().__init__(seconds)
        self.seconds = seconds


class Printer:
    """One server's drawing slots (lock files shared by its workers) and one worker's kept PDFs."""

    def __init__(self, folder: Path, slots: int, cache_bytes: int) -> None:
        self.folder = folder
        self.slots = max(1, slots)
        self.cache_bytes = cache_bytes
        self._lock = threading.Lock()
        self._kept: OrderedDict[Key, tuple[str, bytes]] = OrderedDict()
        self._kept_bytes = 0
        self._drawing: set[Key] = set()
        self._taken = [False] * self.slots  # slots this process holds (a flock does not exclude own threads)
        self._files: dict[int, int] = {}  # slot -> file descriptor, opened by this process (after the fork)
        self._pid = 0
        self.last_seconds = 2.0  # how long the last PDF took to draw: what Retry-After says

    def pdf(self, key: Key, draw: Callable[[], tuple[str, bytes]]) -> tuple[str, bytes]:
        """The (file name, PDF) of ``key``: kept, or drawn now in a free slot; :class:`Busy` otherwise."""
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
                return kept
            if key in self._drawing:
                raise Busy(self.retry_after())
        with self._slot() as slot:
            if slot is None:
                raise Busy(self.retry_after())
            with self._lock:
                self._drawing.add(key)
            began = time.monotonic()
            try:
                made = draw()
            finally:
                with self._lock:
                    self._drawing.discard(key)
            self.last_seconds = time.monotonic() - began
        self._keep(key, made)
        return made

    def retry_after(self) -> int:
        return max(1, min(60, math.ceil(self.last_seconds)))

    def _keep(self, key: Key, made: tuple[str, bytes]) -> None:
        size = len(made[1])
        if size > self.cache_bytes:
            return
        with self._lock:
            if key in self._kept:
                return
            self._kept[key] = made
            self._kept_bytes += size
            while self._kept_bytes > self.cache_bytes:
                _old, (_name, pdf) = self._kept.popitem(last=False)
                self._kept_bytes -= len(pdf)

    @contextmanager
    def _slot(self) -> Iterator[int | None]:
        """A free drawing slot of this server, held until the block ends; None when all are taken."""
        slot = self._take()
        try:
            yield slot
        finally:
            if slot is not None:
                self._give_back(slot)

    def _take(self) -> int | None:
        with self._lock:
            if self._pid != os.getpid():  # a forked worker opens its own files: a flock is per open file
                self._files, self._taken, self._pid = {}, [False] * self.slots, os.getpid()
            for slot in range(self.slots):
                if self._taken[slot]:
                    continue
                fd = self._file(slot)
                if fd is not None:
                    try:
                        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    except OSError:  # another worker of this server is drawing in this slot
                        continue
                self._taken[slot] = True
                return slot
            return None

    def _give_back(self, slot: int) -> None:
        with self._lock:
            fd = self._files.get(slot)
            if fd is not None:
                fcntl.flock(fd, fcntl.LOCK_UN)
            self._taken[slot] = False

    def _file(self, slot: int) -> int | None:
        """The slot's lock file, opened once per process (None if the instance folder is read-only:
        then the slot is this process's alone)."""
        if slot not in self._files:
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                self._files[slot] = os.open(self.folder / f"slot-{slot}.lock", os.O_RDWR | os.O_CREAT, 0o600)
            except OSError:
                return None
        return self._files[slot]


def register(app: Flask) -> None:
    """One printer per app: its slot files in the instance folder, its settings from the environment."""
    app.config.setdefault("SCOREKEEPER_PDF_AT_ONCE", int(os.environ.get("SCOREKEEPER_PDF_AT_ONCE", "1")))
    app.config.setdefault("SCOREKEEPER_PDF_CACHE_BYTES",
                          int(os.environ.get("SCOREKEEPER_PDF_CACHE_BYTES", str(8 * 1024 * 1024))))
    app.extensions["scorekeeper.printer"] = Printer(Path(app.instance_path) / "pdf-slots",
                                                    int(app.config["SCOREKEEPER_PDF_AT_ONCE"]),
                                                    int(app.config["SCOREKEEPER_PDF_CACHE_BYTES"]))


def documents_of(gs: GameSession) -> Documents | None:
    """The printed documents of the session's game (Tresillo's report, paper, settlement sheet and bowl chart),
    found through the registry; None: it prints none of its own."""
    return documents_for(GAMES[gs.game]) if gs.game in GAMES else None


def document_key(gs: GameSession, kind: str, language: str, made_of: object) -> Key:
    """What a session's printed document is made of, as a cache key: a change to any of it is a new key.

    ``made_of``: the session as its game's session file (JSON text or the object it reads)."""
    inputs = json.dumps([made_of, gs.group.name, str(gs.created_at),
                         str(gs.closed_at)], sort_keys=True, default=str)
    return gs.token, gs.version, language, kind, hashlib.sha256(inputs.encode()).hexdigest()


def pdf_response(key: Key, draw: Callable[[], tuple[str, bytes]]) -> Response:
    """The PDF as a download, or 429 with a sentence and Retry-After when the server is drawing another."""
    printer: Printer = current_app.extensions["scorekeeper.printer"]
    try:
        name, pdf = printer.pdf(key, draw)
    except Busy as busy:
        return busy_page(busy.seconds)
    return Response(pdf, mimetype="application/pdf", headers={"Content-Disposition": f'attachment; filename="{name}"'})


def busy_page(seconds: int) -> Response:
    message = ngettext("The server is printing another PDF just now; the table is not held up. "
                       "Try again in %(num)d second.",
                       "The server is printing another PDF just now; the table is not held up. "
                       "Try again in %(num)d seconds.", seconds) % {"num": seconds}
    page = render_template("web/error.html", title=_("Too many at once"), message=message)
    return Response(page, status=429, headers={"Retry-After": str(seconds)}, mimetype="text/html")
