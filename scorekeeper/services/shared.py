"""Pages one worker drew, kept in files that every worker of the server reads: drawn once per server.

A table's phones ask for each new version of its screen at once, and the server's workers each meet it
(bench/tableside.py): without this each worker drew the same page. A page is made under an exclusive
lock (``flock`` on one of a few lock files, by the page's key), so two workers asking at once draw it
once, the second waiting for the first; the system lets go of a lock whose worker died. A page is
written whole (a temporary file renamed over it), so a reader never sees half of one.

What is kept is only ever derived from a session's stored inputs and named by the session's version,
so a changed session is a new name and nothing kept is stale (the database still stores inputs only).
The pages of one start of the server sit in a folder of that start (made before the workers fork, so
they share it): a page drawn by older code, with older templates or links to older static files, is
never served by a newer one, and a start removes the folders of starts over an hour old. In it, each
session's pages sit in a folder of their own, named by a digest of its token (no token is written in a
file name); writing a version removes that session's older versions, and every few hundred writes a
folder untouched for a day goes.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import secrets
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Hashable
from pathlib import Path

from flask import Flask, current_app

#: lock files, shared by the pages whose keys fall on them (a page being drawn holds one)
STRIPES = 64
#: a session's folder untouched this long (seconds) is removed when the folders are swept
STALE = 24 * 3600
#: writes between two sweeps of the stale folders (in each worker)
SWEEP_EVERY = 256
#: the folder of an earlier start of a server this long untouched (seconds) is removed when a server starts
OLD_START = 3600


class SharedPages:
    """The pages of one server's sessions, by (session token, version, what else the page depends on)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._lock = threading.Lock()
        self._stripes = tuple(threading.Lock() for _ in range(STRIPES))  # this process's threads, one a stripe
        self._files: dict[int, int] = {}  # stripe -> this process's open lock file (a flock is per open file)
        self._pid = 0
        self._writes = 0

    def get(self, token: str, version: int, looks: Hashable) -> str | None:
        """The page kept under this key, if a worker of this server drew it."""
        try:
            return self._path(token, version, looks).read_text(encoding="utf-8")
        except OSError:
            return None

    def made(self, token: str, version: int, looks: Hashable,
             draw: Callable[[], tuple[str, bool]]) -> tuple[str, bool]:
        """The page under this key, and whether it may be kept: kept already, or drawn now by ``draw``
        (the page, and whether it may be kept) while no other thread or worker draws it; one drawing it
        already is waited for."""
        found = self.get(token, version, looks)
        if found is not None:
            return found, True
        with self._held(self._stripe(token, version, looks)):
            found = self.get(token, version, looks)
            if found is not None:
                return found, True
            page, keep = draw()
            if keep:
                self._write(token, version, looks, page)
            return page, keep

    # ------------------------------------------------------------------ files

    def _session_folder(self, token: str) -> Path:
        return self.folder / hashlib.sha256(token.encode()).hexdigest()[:24]

    def _path(self, token: str, version: int, looks: Hashable) -> Path:
        digest = hashlib.sha256(repr(looks).encode()).hexdigest()[:24]
        return self._session_folder(token) / f"{version}.{digest}.html"

    def _write(self, token: str, version: int, looks: Hashable, page: str) -> None:
        """Write the page whole, then remove the session's older versions; a folder that cannot be
        written (full disk, read-only) only means the page is drawn again next time."""
        path = self._path(token, version, looks)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".drawing.")
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(page)
            os.replace(temporary, path)
            for older in path.parent.glob("*.html"):
                if int(older.name.split(".", 1)[0]) < version:
                    older.unlink(missing_ok=True)
        except OSError:
            return
        self._writes += 1
        if self._writes % SWEEP_EVERY == 0:
            self.sweep()

    def sweep(self, now: float | None = None) -> None:
        """Remove the folders of sessions whose pages nobody wrote for a day (ended or abandoned evenings)."""
        limit = (time.time() if now is None else now) - STALE
        try:
            folders = [f for f in self.folder.iterdir() if f.is_dir() and f.name != "locks"]
        except OSError:
            return
        for folder in folders:
            try:
                if folder.stat().st_mtime < limit:
                    shutil.rmtree(folder, ignore_errors=True)
            except OSError:
                continue

    # ------------------------------------------------------------------ locks

    @staticmethod
    def _stripe(token: str, version: int, looks: Hashable) -> int:
        return int(hashlib.sha256(repr((token, version, looks)).encode()).hexdigest()[:8], 16) % STRIPES

    def _held(self, stripe: int) -> _Held:
        return _Held(self._stripes[stripe], self._file(stripe))

    def _file(self, stripe: int) -> int | None:
        """The stripe's lock file, opened once per process after the fork (None if the folder cannot be
        written: then nothing is shared and each worker draws its own)."""
        with self._lock:
            if self._pid != os.getpid():  # a forked worker opens its own: a flock is held per open file
                self._files, self._pid = {}, os.getpid()
            if stripe not in self._files:
                try:
                    locks = self.folder / "locks"
                    locks.mkdir(parents=True, exist_ok=True)
                    self._files[stripe] = os.open(locks / f"{stripe}.lock", os.O_RDWR | os.O_CREAT, 0o600)
                except OSError:
                    return None
            return self._files[stripe]


class _Held:
    """A stripe held for the length of a ``with`` block: its thread lock keeps this process's threads
    apart, then an exclusive ``flock`` on its lock file the worker processes (two threads of one process
    share the open file, so the flock alone would not keep them apart)."""

    def __init__(self, lock: threading.Lock, fd: int | None) -> None:
        self.lock, self.fd = lock, fd

    def __enter__(self) -> None:
        self.lock.acquire()
        if self.fd is not None:
            try:
                fcntl.flock(self.fd, fcntl.LOCK_EX)
            except BaseException:
                self.lock.release()
                raise

    def __exit__(self, *_exc: object) -> None:
        try:
            if self.fd is not None:
                fcntl.flock(self.fd, fcntl.LOCK_UN)
        finally:
            self.lock.release()


def this_start(folder: Path, now: float | None = None) -> SharedPages:
    """The shared pages of a server starting now: a folder of its own in ``folder``; the folders of starts
    untouched for an hour go (a running server's folder is touched by every session it draws for)."""
    limit = (time.time() if now is None else now) - OLD_START
    try:
        for earlier in folder.iterdir():
            if earlier.is_dir() and earlier.stat().st_mtime < limit:
                shutil.rmtree(earlier, ignore_errors=True)
    except OSError:
        pass
    return SharedPages(folder / secrets.token_hex(8))


def register(app: Flask) -> None:
    """The app's shared pages, made with the app: gunicorn's master makes it before the workers fork, so
    they share its folder."""
    app.extensions["scorekeeper.shared_pages"] = this_start(Path(app.instance_path) / "drawn-pages")


def shared_pages() -> SharedPages:
    """This app's shared pages."""
    return current_app.extensions["scorekeeper.shared_pages"]  # type: ignore[no-any-return]
