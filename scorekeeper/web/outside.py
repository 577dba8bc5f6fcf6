"""Whole addresses for other phones (the invite page's QR codes, the printed paper's): from the configured one.

A link handed to another phone must not come from the request's ``Host``
header, which the phone (or anybody) writes: a hostile ``Host`` would put its
own site into the QR code. ``SCOREKEEPER_BASE_URL`` (``https://tresillo.example.org``,
or with a path prefix) names the address the server is reached at; every whole
link is built from it. Without it — ``./scripts/run`` at a table, where the
address is this machine's on the Wi-Fi — the address the page was opened at is
used (docs/deploy.md says so).
"""

from __future__ import annotations

import os
import re
from typing import Any

from flask import Flask, current_app, request, url_for

#: what the configured address may be: http or https, a host (and port), an optional path; no query
BASE_URL = re.compile(r"https?://[A-Za-z0-9.\-\[\]:]+(?:/[A-Za-z0-9._~\-/]*)?")


class BadBaseUrl(RuntimeError):
    """The configured address is not one: the app refuses to start rather than print broken QR codes."""


def base_url() -> str | None:
    """The configured address (without a final slash), or None when the request's host is to be used."""
    configured: str | None = current_app.config.get("SCOREKEEPER_BASE_URL")
    return configured.rstrip("/") if configured else None


def outside_url(endpoint: str, **values: Any) -> str:
    """The whole address of ``endpoint`` for another phone: the configured base, else the request's host."""
    base = base_url()
    if base is None:
        return url_for(endpoint, _external=True, **values)
    return base + url_for(endpoint, **values).removeprefix(request.script_root)


def outside_host() -> str:
    """The host (and port) other phones reach: the configured base's, else the request's."""
    base = base_url()
    return base.split("/", 3)[2] if base else request.host


def register(app: Flask) -> None:
    """``SCOREKEEPER_BASE_URL`` from the environment unless configured; a malformed one stops the app."""
    value = app.config.get("SCOREKEEPER_BASE_URL") or os.environ.get("SCOREKEEPER_BASE_URL") or None
    if value is not None and not BASE_URL.fullmatch(value):
        raise BadBaseUrl(f"SCOREKEEPER_BASE_URL={value!r} is not an address such as https://tresillo.example.org")
    app.config["SCOREKEEPER_BASE_URL"] = value
