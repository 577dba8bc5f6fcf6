"""Static files under content-hashed names (``app.3f2a9c01b7de.css``), kept by phones for a year.

``url_for("static", filename="app.css")`` keeps working in every template: a
URL default rewrites the name to carry the first 12 hex digits of the file's
SHA-256, and the static view strips it again. A changed file gets a new name,
so a phone never shows yesterday's stylesheet with today's page; the service
worker (static/sw.js) keeps these names forever for the same reason.

Written here rather than taken from Flask-Static-Digest: that library needs a
build step writing copies into static/ and a different function in every
template; this needs neither (the hash is read from the file itself, cached by
its modification time).
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, send_from_directory
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import NotFound

YEAR = 365 * 24 * 3600
HASHED = re.compile(r"^(?P<stem>.+)\.(?P<digest>[0-9a-f]{12})(?P<suffix>\.[A-Za-z0-9]+)$")


class Digests:
    """The content hash of each static file, read again only when the file changes."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._known: dict[str, tuple[float, str]] = {}

    def digest(self, filename: str) -> str | None:
        path = self.folder / filename
        try:
            stamp = path.stat().st_mtime
        except OSError:
            return None
        known = self._known.get(filename)
        if known is None or known[0] != stamp:
            known = (stamp, hashlib.sha256(path.read_bytes()).hexdigest()[:12])
            self._known[filename] = known
        return known[1]

    def hashed(self, filename: str) -> str:
        """``app.css`` -> ``app.<digest>.css`` (unchanged when the file does not exist)."""
        digest = self.digest(filename)
        if digest is None or "." not in filename.rsplit("/", 1)[-1]:
            return filename
        base, suffix = filename.rsplit(".", 1)
        return f"{base}.{digest}.{suffix}"


def _digests() -> Digests:
    return current_app.extensions["static_digests"]  # type: ignore[no-any-return]


def _hash_static_urls(endpoint: str, values: dict[str, Any]) -> None:
    if endpoint == "static" and isinstance(values.get("filename"), str):
        values["filename"] = _digests().hashed(values["filename"])


def static_file(filename: str) -> ResponseReturnValue:
    """A hashed name: the file, cached for a year. A plain name: the file, revalidated hourly."""
    folder = _digests().folder
    match = HASHED.match(filename)
    if match is None:
        return _whole(send_from_directory(folder, filename))
    plain = match["stem"] + match["suffix"]
    current = _digests().digest(plain)
    if current is None:
        raise NotFound()
    response = _whole(send_from_directory(folder, plain))
    if current == match["digest"]:
        response.cache_control.max_age = YEAR
        response.cache_control.public = True
        response.cache_control.immutable = True
    else:  # an older page asks for an older version: today's file, but never kept under that name
        response.cache_control.no_cache = True
        response.cache_control.max_age = 0
    return response


def _whole(response: Response) -> Response:
    """Read the file into the response: our files are small, and a streamed body is compressed
    only with the streaming algorithms (Flask-Compress 1.18+ leaves gzip out of those)."""
    response.direct_passthrough = False
    response.make_sequence()
    return response


def register(app: Flask) -> None:
    """Hashed names for every ``url_for('static', …)`` and a static view that understands them."""
    app.extensions["static_digests"] = Digests(Path(app.static_folder or ""))
    app.url_defaults(_hash_static_urls)
    app.view_functions["static"] = static_file
