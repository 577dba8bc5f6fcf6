"""Invite a phone: the session's link and its watch link as QR codes to scan, and a button to send them.

The QR codes are SVG drawn on the server (segno, :func:`reports.qr.qr_svg`);
the share button is static/share.js (the Web Share API, else the clipboard).
Only a session link opens this page: it shows the links that person already
may pass on (the session's own, and the read-only one), never the group's.
"""

from __future__ import annotations

from ipaddress import ip_address

from flask import Blueprint, render_template
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from ..i18n import _
from ..reports.qr import qr_svg
from .access import session_or_404
from .endpoints import endpoint
from .outside import outside_host, outside_url

bp = Blueprint("invite", __name__, url_prefix="/s")


def only_this_machine(host: str) -> bool:
    """Whether the address the page was opened at reaches no other phone (localhost, 127.0.0.1, ::1).

    >>> only_this_machine("127.0.0.1:5000"), only_this_machine("localhost"), only_this_machine("[::1]:8000")
    (True, True, True)
    >>> only_this_machine("192.168.1.20:8000"), only_this_machine("tresillo.example.org")
    (False, False)
    """
    name = host.rsplit(":", 1)[0] if host.count(":") == 1 or host.startswith("[") else host
    name = name.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ip_address(name).is_loopback
    except ValueError:
        return False


@bp.get("/<token>/invite")
def show(token: str) -> ResponseReturnValue:
    gs = session_or_404(token)
    play = outside_url(endpoint(gs.game, "screen"), token=gs.token)
    watch = outside_url(endpoint(gs.game, "watch"), token=gs.watch_token)
    return render_template(
        "web/invite.html", gs=gs, play_link=play, watch_link=watch,
        play_qr=Markup(qr_svg(play, title=_("The session's link, to enter hands"))),
        watch_qr=Markup(qr_svg(watch, title=_("The watch link, to follow the table"))),
        local=only_this_machine(outside_host()))
