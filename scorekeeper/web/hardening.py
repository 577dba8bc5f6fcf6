"""What every response carries when the app is served to a table: headers, cookie flags, compression.

Links carry the group's or session's token, so the headers keep them out of
other sites' referrers, caches and frames (``same-origin``: behind HTTPS Flask-WTF
checks that every post's Referer is this site); the CSP allows our own files only (no inline
script or style: a page that needs a style block gets the request's nonce).
Behind an HTTPS reverse proxy set ``BEHIND_HTTPS`` (or ``SCOREKEEPER_HTTPS=1``):
the proxy's ``X-Forwarded-*`` headers are then trusted (ProxyFix) and every
cookie is marked Secure. See docs/deploy.md and docs/security.md.
"""

from __future__ import annotations

import logging
import os
import re
import secrets
from typing import Any

from flask import Flask, Response, g, render_template, request
from flask.typing import ResponseReturnValue
from flask_compress import Compress
from flask_talisman import Talisman
from werkzeug.middleware.proxy_fix import ProxyFix

from ..i18n import _

log = logging.getLogger("scorekeeper.errors")

# our own files only; the inline <style> of an HTML report carries the nonce
CSP = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self'",
    "font-src": "'self'",
    "connect-src": "'self'",
    "manifest-src": "'self'",
    "worker-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}
#: our own pages send their address as Referer to our own server only: Flask-WTF's HTTPS check
#: (WTF_CSRF_SSL_STRICT, kept on) needs a same-origin Referer on every post; no other site sees a token
REFERRER_POLICY = "same-origin"
REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{8,64}$")
#: the section of :data:`CSP` that carries each answer's nonce
NONCE_IN = "style-src"


def _policy_around_nonce(policy: dict[str, str], nonce_in: str) -> tuple[str, str]:
    """The policy's header as written before and after its nonce: it is the same for every answer but the nonce.

    >>> _policy_around_nonce({"default-src": "'self'", "style-src": "'self'", "base-uri": "'none'"}, "style-src")
    ("default-src 'self'; style-src 'self'", "; base-uri 'none'")
    """
    sections = [f"{name} {sources}" for name, sources in policy.items()]
    cut = list(policy).index(nonce_in) + 1
    return "; ".join(sections[:cut]), "".join(f"; {section}" for section in sections[cut:])


#: the Content-Security-Policy header, written once: only the nonce differs from one answer to the next
#: (Flask-Talisman built it anew from the sections for every answer; a poll answered 304 now costs 6 % less)
CSP_BEFORE_NONCE, CSP_AFTER_NONCE = _policy_around_nonce(CSP, NONCE_IN)


def behind_https(app: Flask) -> bool:
    """True when a reverse proxy terminates HTTPS in front of the app (config or environment)."""
    configured = app.config.get("BEHIND_HTTPS")
    if configured is None:
        configured = os.environ.get("SCOREKEEPER_HTTPS", "").lower() in {"1", "true", "yes"}
    return bool(configured)


def harden(app: Flask) -> None:
    """Headers, cookie flags, request ids, the 500 page and compression for every response."""
    https = behind_https(app)
    if https:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1)  # type: ignore[method-assign]
    app.config.update(SESSION_COOKIE_HTTPONLY=True, SESSION_COOKIE_SAMESITE="Lax", SESSION_COOKIE_SECURE=https)
    # behind HTTPS every post must carry a Referer of this site (REFERRER_POLICY lets the phones send it)
    app.config.setdefault("WTF_CSRF_SSL_STRICT", True)
    Talisman(
        app,
        force_https=False,  # the proxy redirects; at the table there is no certificate
        strict_transport_security=https,
        frame_options="DENY",
        content_security_policy=None,  # written once, below (_set_policy)
        referrer_policy=REFERRER_POLICY,
        session_cookie_secure=https,
        session_cookie_http_only=True,
        session_cookie_samesite="Lax",
    )
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])  # phones ask br over HTTPS only, gzip at the table
    # every page is compressed anew (each phone's copy carries its own form tokens): the fast levels cost half the
    # CPU of the libraries' defaults (brotli 4, gzip 6) for 5-10 % more bytes (a table screen: 7.7 KB, not 7.1 KB)
    app.config.setdefault("COMPRESS_BR_LEVEL", 2)
    app.config.setdefault("COMPRESS_LEVEL", 3)
    Compress(app)
    app.before_request(_take_request_id)
    app.after_request(_mark_response)
    app.after_request(_set_policy)
    app.jinja_env.globals["csp_nonce"] = csp_nonce  # in place of Talisman's, which now has no nonce to give
    app.register_error_handler(500, _server_error)
    app.log_exception = _log_exception  # type: ignore[method-assign]


def request_id() -> str:
    """This request's id: the proxy's ``X-Request-Id`` when it is sane, else a fresh one."""
    rid = g.get("request_id")
    if rid is None:
        given = request.headers.get("X-Request-Id", "")
        rid = given if REQUEST_ID.match(given) else secrets.token_hex(6)
        g.request_id = rid
    return str(rid)


def csp_nonce() -> str:
    """The nonce this response's CSP allows for one inline <style> (an HTML report's own CSS): 32 random URL-safe
    characters, made once per request."""
    nonce = g.get("csp_nonce")
    if nonce is None:
        nonce = g.csp_nonce = secrets.token_urlsafe(24)
    return str(nonce)


def _set_policy(response: Response) -> Response:
    """Every answer's Content-Security-Policy, its nonce in ``style-src``."""
    response.headers["Content-Security-Policy"] = f"{CSP_BEFORE_NONCE} 'nonce-{csp_nonce()}'{CSP_AFTER_NONCE}"
    return response


def _take_request_id() -> None:
    request_id()


def _mark_response(response: Response) -> Response:
    """The request id on every answer; pages reached by a token are never kept by a cache."""
    response.headers["X-Request-Id"] = request_id()
    if "token" in (request.view_args or {}):
        response.headers["Cache-Control"] = "no-store"
    return response


def _log_exception(exc_info: Any) -> None:
    """Flask's own line names the path, token included: ours names the request id and cuts the token."""
    log.error("request %s failed: %s %s", request_id(), request.method, _safe_path(), exc_info=exc_info)


def _server_error(error: Exception) -> ResponseReturnValue:
    """Our own 500 page: what to do now, and the code to quote (the same one is in the log)."""
    from ..db import db

    rid = request_id()
    try:
        db.session.rollback()
    except Exception:  # noqa: BLE001 - the page must still be shown when the database is the trouble
        log.warning("request %s: rollback failed", rid)
    title = _("Something went wrong")
    message = _("Nothing was half-saved: a hand is either saved whole or not at all. Go back to the table "
                "screen, check the last hand and enter it again if it is missing.")
    try:
        body = render_template("web/error.html", title=title, message=message, request_code=rid)
    except Exception:  # noqa: BLE001 - a broken template must not hide the code to quote
        log.exception("request %s: the error page itself failed", rid)
        body = f"{title}. {message} ({rid})"
    return body, 500


def _safe_path() -> str:
    """The path with the group's, session's or watch link's token cut out (logs never carry a token)."""
    return cut_tokens(request.path)


TOKEN_IN_PATH = re.compile(r"((?:/|%2[Ff])[gsw](?:/|%2[Ff]))[^/?#&%\s\"]+")


def cut_tokens(text: str) -> str:
    """``/s/AbC…/hand`` -> ``/s/…/hand``: the access log and the error log keep no token.

    >>> cut_tokens("GET /s/Zq3x9_long/hand?x=1 HTTP/1.1")
    'GET /s/…/hand?x=1 HTTP/1.1'
    >>> cut_tokens("/language/es?next=%2Fg%2FAbC-9")
    '/language/es?next=%2Fg%2F…'
    >>> cut_tokens("/w/watch-Token/report.html")
    '/w/…/report.html'
    """
    return TOKEN_IN_PATH.sub(r"\1…", text)
