"""The app on the phone: installable, and a hand entered is never lost, never doubled.

What the browser needs from the server: the service worker (``/sw.js``,
served from the top so it may look after every page), the web app manifest,
a start address that reopens the last table this phone used, the page shown
when the phone is offline and a page was never opened on it, a small sync
answer (the session's version and a fresh form token) for the phone's
outbox, and the page that puts a hand kept on the phone beside the hand
another phone stored under the same number. The outbox itself lives in the
phone (``static/offline.js``); see ``docs/offline.md``.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import asdict
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
from .fixes import phone_name
from .forms import HandForm, number_of
from .table import hand_form, rendered_now

bp = Blueprint("offline", __name__)

#: the cookie that remembers the last table this phone opened (read by ``/start``)
LAST_TABLE = "last_table"
YEAR = 365 * 24 * 3600
#: the table's felt: the bar, the phone's status bar and the splash screen
THEME_COLOUR = "#143d2b"
BACKGROUND_COLOUR = "#f3f1ea"
#: a form key or change key as the app makes them (``secrets.token_urlsafe``)
KEY = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
#: the hand form's own fields, never copied from a kept hand into another form
FORM_PLUMBING = ("csrf_token", "idem_key", "number", "version", "key")
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


def table_attributes(token: str) -> Markup:
    """Where the outbox of a page of this table sends and looks (data attributes of the banner)."""
    urls = {
        "table": token,
        "table-url": url_for("table.show", token=token),
        "sync": url_for("offline.sync", token=token),
        "hand-url": url_for("table.new_hand", token=token),
        "pending": url_for("offline.pending", token=token),
    }
    return Markup(" ".join(f'data-{name}="{escape(value)}"' for name, value in urls.items()))


def remember_table(response: Response) -> Response:
    """The table screen just shown is the one ``/start`` reopens on this phone."""
    token = (request.view_args or {}).get("token")
    if request.endpoint == "table.show" and response.status_code == 200 and isinstance(token, str):
        response.set_cookie(LAST_TABLE, token, max_age=YEAR, httponly=True, samesite="Lax",
                            secure=request.is_secure or bool(current_app.config.get("SESSION_COOKIE_SECURE")))
    return response


def _static_names() -> list[str]:
    folder = Path(current_app.static_folder or "")
    return sorted(p.name for p in folder.iterdir() if p.is_file() and p.suffix in SHELL_TYPES and p.name != "sw.js")


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
        "name": _("Tresillo scorekeeper"),
        "short_name": "Tresillo",
        "description": _("The plato, the pajaritos, the paper and every bowl, hand after hand."),
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
    if KEY.match(token) and services.find_session(token) is not None:
        return redirect(url_for("table.show", token=token))
    return redirect(url_for("groups.index"))


@bp.get("/ping")
def ping() -> ResponseReturnValue:
    """Is the server reachable? (the offline banner asks, on pages outside a table)"""
    return Response(status=204, headers={"Cache-Control": "no-store"})


@bp.get("/offline")
def offline_page() -> ResponseReturnValue:
    """Shown by the service worker for a page this phone never opened while it is offline."""
    return render_template("web/offline.html")


@bp.get("/s/<token>/sync")
def sync(token: str) -> ResponseReturnValue:
    """What the phone's outbox needs before sending: where the session stands, and a fresh form token;
    and who deals the next hands, kept by the phone for a hand form opened offline."""
    gs = session_or_404(token)
    phone_key = request.args.get("phone", "")
    elsewhere = [asdict(w) for w in services.waiting_elsewhere(gs, phone_key)] if KEY.match(phone_key) else []
    return jsonify(version=gs.version, hands=services.count_hands(gs), closed=gs.closed, csrf=generate_csrf(),
                   deals=services.deals_ahead(gs), elsewhere=elsewhere)


@bp.post("/s/<token>/waiting")
def waiting(token: str) -> ResponseReturnValue:
    """A phone's outbox says what it holds for this session (shown to the other phones); 204, or 400 and why."""
    return report_waiting(session_or_404(token))


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


def _number(value: str | None) -> int:
    """A hand number from the address; a missing or damaged one is 0 (domains.HAND_NUMBER, read strictly)."""
    return max(number_of(value, domains.HAND_NUMBER), 0)


@bp.get("/s/<token>/pending")
def pending(token: str) -> ResponseReturnValue:
    """A hand kept on this phone beside the hand the table holds under its number, with the choices.

    The phone opens this page with its kept hand in the address (the server
    has no other copy of it) and the hand's own key, so entering it from
    here can never store it twice. ``number`` is the hand number it was
    entered as; ``edit`` instead marks a fix of that hand.
    """
    gs = session_or_404(token)
    key, number, edit = request.args.get("key", ""), _number(request.args.get("number")), _number(
        request.args.get("edit"))
    if not KEY.match(key) or number < 1 and edit < 1:
        return render_template("web/error.html", title=_("This link is damaged"),
                               message=_("Open the table again: the hands waiting on this phone are listed there."),
                               back=url_for("table.show", token=token)), 400
    mine = hand_form(gs, formdata=request.args, number=min(edit, len(gs.hands) + 1) if edit else None)
    entry = mine.entry
    assert entry is not None
    try:
        hand = mine.to_hand()
    except services.Refused as exc:  # a kept hand whose values are not among the choices (a damaged link)
        return render_template("web/error.html", title=_("This link is damaged"), message=exc.message,
                               back=url_for("table.show", token=token)), 400
    if edit:
        found = services.compare_fix(gs, entry, hand, edit)
    else:
        found = services.compare_pending(gs, entry, hand, number)
    stored = None
    if found.stored is not None:
        stored = hand_form(gs, entry=entry)
        stored.fill_from(found.stored)
    target = url_for("table.edit_hand", token=token, number=found.number) if edit else url_for(
        "table.new_hand", token=token)
    return render_template("web/pending.html", gs=gs, found=found, rows=compared_rows(stored, mine), key=key,
                           target=target, hidden=_kept_fields(request.args.items(multi=True)))


def _kept_fields(items: Any) -> list[tuple[str, str]]:
    """The kept hand's own fields, carried by the "enter mine" form (its key and number are set apart)."""
    known = set(HandForm.__dict__) | {f"t{i}" for i in range(4)}
    return [(k, v) for k, v in items if k in known and k not in FORM_PLUMBING]


def entered_rows(form: HandForm | None) -> dict[str, tuple[str, str]]:
    """A hand as entered, one line per question: {question: (its label, the answer in words)}."""
    if form is None:
        return {}
    hand = form.to_hand()
    rows: dict[str, tuple[str, str]] = {"contract": (form.contract.label.text, _choice(form.contract))}
    for name in ("declarer", "trump", "bet", "drops_out", "debt"):
        if hand.get(name):
            field = getattr(form, name)
            rows[name] = (field.label.text, _choice(field))
    surrender = hand.get("surrender")
    if surrender is not None:
        taken = surrender.get("takeover")
        rows["surrender"] = (form.surrender.label.text,
                             f"{_choice(form.surrender)} · {taken}" if taken else _choice(form.surrender))
    if hand.get("tricks"):
        rows["tricks"] = (_("Tricks"), " · ".join(f"{p} {n}" for p, n in hand["tricks"].items()))
    for name in ("forced", "estuche", "contra_estuche", "primeras"):
        if hand.get(name):
            value = hand[name]
            rows[name] = (getattr(form, name).label.text, str(value) if value is not True else _("yes"))
    if hand.get("bola"):
        rows["bola"] = (form.bola.label.text, _choice(form.bola))
    return rows


def _choice(field: Any) -> str:
    return str(dict(field.choices or []).get(field.data, field.data or ""))


def compared_rows(stored: HandForm | None, mine: HandForm) -> list[dict[str, Any]]:
    """The two hands side by side, question by question; ``differs`` marks where they disagree."""
    left, right = entered_rows(stored), entered_rows(mine)
    order = list(right) + [k for k in left if k not in right]
    return [{"label": (right.get(k) or left[k])[0], "stored": left.get(k, ("", "—"))[1],
             "mine": right.get(k, ("", "—"))[1], "differs": left.get(k) != right.get(k)} for k in order]

