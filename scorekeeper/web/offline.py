"""The app on the phone: installable, and a hand entered is never lost, never doubled.

What the browser needs from the server: the service worker (``/sw.js``,
served from the top so it may look after every page), the web app manifest,
a start address that reopens the last table this phone used, the page shown
when the phone is offline and a page was never opened on it, a small sync
report of what waits on each phone. A game with pages of its own gives its outbox's sync answer and
the page that puts a hand kept on the phone beside the one another phone stored (Tresillo's:
``games/tresillo/pages/outbox.py``). The outbox itself lives in the
phone (``static/offline.js``); see ``docs/offline.md``.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask, Response, current_app, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup, escape

from .. import services
from ..core import domains
from ..i18n import _
from ..services import WAITING, GameSession
from .access import session_or_404
from .endpoints import endpoint, screens
from .forms import number_of
from .phones import phone_name

bp = Blueprint("offline", __name__)

#: the cookie that remembers the last table this phone opened (read by ``/start``)
LAST_TABLE = "last_table"
YEAR = 365 * 24 * 3600
#: the table's felt: the bar, the phone's status bar and the splash screen
THEME_COLOUR = "#143d2b"
BACKGROUND_COLOUR = "#f3f1ea"
#: a form key or change key as the app makes them (``secrets.token_urlsafe``)
KEY = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
#: files the service worker keeps from the start (the app shell); the rest is kept as it is used
SHELL_TYPES = (".css", ".js", ".png", ".svg", ".webmanifest")


def register(app: Flask) -> None:
    """The blueprint, the last-table cookie and what every page's template needs."""
    app.register_blueprint(bp)
    app.after_request(remember_table)
    app.context_processor(page_context)


def page_context() -> dict[str, Any]:
    return {
        "rendered_at": rendered_now(),
        "theme_colour": THEME_COLOUR,
        "offline_table": table_attributes,
    }


def rendered_now() -> int:
    """When a page is drawn, in milliseconds: the outbox tells a copy kept on the phone from a live one."""
    return int(datetime.now(UTC).timestamp() * 1000)


def table_attributes(gs: GameSession) -> Markup:
    """Where the outbox of a page of this table sends and looks (data attributes of the banner): its game's
    pages."""
    token = gs.token
    urls = {
        "table": token,
        "table-url": url_for(endpoint(gs.game, "screen"), token=token),
        "sync": url_for(endpoint(gs.game, "sync"), token=token),
        "hand-url": url_for(endpoint(gs.game, "hand"), token=token),
        "pending": url_for(endpoint(gs.game, "pending"), token=token),
    }
    return Markup(" ".join(f'data-{name}="{escape(value)}"' for name, value in urls.items()))


def remember_table(response: Response) -> Response:
    """The table screen just shown (any game's) is the one ``/start`` reopens on this phone."""
    token = (request.view_args or {}).get("token")
    if request.endpoint in screens() and response.status_code == 200 and isinstance(token, str):
        response.set_cookie(LAST_TABLE, token, max_age=YEAR, httponly=True, samesite="Lax",
                            secure=request.is_secure or bool(current_app.config.get("SESSION_COOKIE_SECURE")))
    return response


def _static_names() -> list[str]:
    """The static files, the games' own scripts and styles (``games/tresillo.js``) among them."""
    folder = Path(current_app.static_folder or "")
    files = [p for where in (folder, folder / "games") if where.is_dir() for p in where.iterdir()]
    return sorted(p.relative_to(folder).as_posix() for p in files
                  if p.is_file() and p.suffix in SHELL_TYPES and p.name != "sw.js")


def shell_urls() -> list[str]:
    """What the service worker keeps when it is installed: every static file, and the offline page."""
    return [url_for("static", filename=name) for name in _static_names()] + [url_for("offline.offline_page")]


@bp.get("/sw.js")
def service_worker() -> ResponseReturnValue:
    """static/sw.js, served from the top of the site so that its scope is every page.

    The list of files to keep is written in front of it: a new static file
    (a new content hash) makes a new worker, which the phone installs.
    """
    source = (Path(current_app.static_folder or "") / "sw.js").read_text(encoding="utf-8")
    shell = shell_urls()
    version = hashlib.sha256((json.dumps(shell) + source).encode()).hexdigest()[:12]
    head = f"var SHELL = {json.dumps(shell)};\nvar VERSION = {json.dumps(version)};\n"
    response = Response(head + source, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response


def _icon(name: str, size: int, purpose: str = "any") -> dict[str, str]:
    return {"src": url_for("static", filename=name), "sizes": f"{size}x{size}", "type": "image/png",
            "purpose": purpose}


@bp.get("/manifest.webmanifest")
def manifest() -> ResponseReturnValue:
    """The web app manifest: the phone can install the app, which opens on the last table."""
    body = {
        # the family of games, not one of them (Tresillo, Tressette, Truc, Cacho… each a plug-in)
        "name": _("Scorekeeper for Spanish and Italian cards"),
        "short_name": _("Scorekeeper"),
        "description": _("The score and the money of the card games of the Spanish and Italian pack, deal after deal."),
        "start_url": url_for("offline.start"),
        "scope": "/",
        "id": "/",
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            _icon("icon-192.png", 192),
            _icon("icon-512.png", 512),
            _icon("icon-maskable-192.png", 192, "maskable"),
            _icon("icon-maskable-512.png", 512, "maskable"),
        ],
    }
    return Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")


@bp.get("/start")
def start() -> ResponseReturnValue:
    """Where the installed app opens: the last table this phone used, or the list of groups."""
    token = request.cookies.get(LAST_TABLE, "")
    gs = services.find_session(token) if KEY.match(token) else None
    if gs is not None:
        return redirect(url_for(endpoint(gs.game, "screen"), token=token))
    return redirect(url_for("groups.index"))


@bp.get("/ping")
def ping() -> ResponseReturnValue:
    """Is the server reachable? (the offline banner asks, on pages outside a table)"""
    return Response(status=204, headers={"Cache-Control": "no-store"})


@bp.get("/offline")
def offline_page() -> ResponseReturnValue:
    """Shown by the service worker for a page this phone never opened while it is offline."""
    return render_template("web/offline.html")


@bp.post("/s/<token>/waiting")
def waiting(token: str) -> ResponseReturnValue:
    """A phone's outbox says what it holds for this session (shown to the other phones); 204, or 400 and why."""
    return report_waiting(session_or_404(token))


def sync_answer(gs: GameSession, deals: list[Any]) -> ResponseReturnValue:
    """What a phone's outbox (any game's) needs before sending what it kept: where the session stands, a fresh
    form token and what waits on the other phones; ``deals``: who deals the next hands (a game whose hand form
    opened offline needs them, else empty), kept by the phone."""
    phone_key = request.args.get("phone", "")
    elsewhere = [asdict(w) for w in services.waiting_elsewhere(gs, phone_key)] if KEY.match(phone_key) else []
    return jsonify(version=gs.version, hands=services.count_hands(gs), closed=gs.closed, csrf=generate_csrf(),
                   deals=deals, elsewhere=elsewhere)


def report_waiting(gs: GameSession) -> ResponseReturnValue:
    """The posted report of what waits on a phone for ``gs`` (any game) kept: 204, or 400 and why."""
    phone_key = request.form.get("phone", "")
    hands = number_of(request.form.get("hands"), WAITING)
    choices = number_of(request.form.get("choices"), WAITING)
    first = number_of(request.form.get("first"), domains.HAND_NUMBER) if hands else 1
    if not KEY.match(phone_key) or min(hands, choices, first) < 0 or choices > hands:
        return jsonify(ok=False, message=_("This report of what waits on the phone is damaged.")), 400
    services.report_waiting(gs, phone_key=phone_key, phone=phone_name(), hands=hands, choices=choices, first=first)
    return Response(status=204)
