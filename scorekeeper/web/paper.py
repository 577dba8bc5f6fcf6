"""The printed paper's extra: the group's link, as words and as a QR code to scan."""

from __future__ import annotations

from flask import url_for
from markupsafe import Markup

from ..models import GameSession
from ..reports.qr import qr_svg


def paper_extras(gs: GameSession) -> dict[str, Markup | str]:
    """What the printed paper adds to the session view: the group's link, as words and as a QR code."""
    link = url_for("groups.show", token=gs.group.token, _external=True)
    return {"group_link": link, "qr": Markup(qr_svg(link, title=f"{gs.group.name}: the group's page"))}
