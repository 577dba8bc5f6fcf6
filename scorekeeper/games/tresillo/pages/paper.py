"""The printed paper's extra: the group's link, as words and as a QR code to scan."""

from __future__ import annotations

from markupsafe import Markup

from ....reports.qr import qr_svg
from ....web.outside import outside_url
from ..services import GameSession


def paper_extras(gs: GameSession) -> dict[str, Markup | str]:
    """What the printed paper adds to the session view: the group's link, as words and as a QR code."""
    link = outside_url("groups.show", token=gs.group.token)
    return {"group_link": link, "qr": Markup(qr_svg(link, title=f"{gs.group.name}: the group's page"))}
