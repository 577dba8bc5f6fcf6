"""The watch link: a spectator follows one session's table and reads its reports, and changes nothing.

Every route here is a GET. The pages carry only the watch link: never the
session's own link (which enters hands) nor the group's.
"""

from __future__ import annotations

from flask import Blueprint, render_template
from flask.typing import ResponseReturnValue

from ....web import screens
from ....web.access import watched_or_404
from ....web.polls import version_answer
from ....web.printing import documents_of
from .. import services
from ..services import GameSession
from .table import document_response, drawn_chart

bp = Blueprint("watch", __name__, url_prefix="/w")


@bp.get("/<token>")
def show(token: str) -> ResponseReturnValue:
    """The table screen as a spectator sees it: the next hand, the bowls, the paper, the last hands; drawn once per
    version for every spectator, as the table screen is (the platform's ``web/screens.py``)."""
    gs = watched_or_404(token)
    return screens.table_screen(gs, lambda: _drawn(gs, token), services.games.replay_kept, looks=("watch",))


def _drawn(gs: GameSession, token: str) -> str:
    screen = services.table_screen(gs, None)
    chart = drawn_chart(gs, screen)
    documents = documents_of(gs)
    return render_template("games/tresillo/pages/watch.html", watched=gs, watch_token=token, view=screen.view,
                           recent=screen.recent, points=screen.points, bowls_chart=chart,
                           documents=documents.kinds if documents else (), rendered_at=screens.RENDERED_HOLE)


@bp.get("/<token>/version")
def version(token: str) -> ResponseReturnValue:
    """What the spectator's screen polls to reload when a hand is saved."""
    return version_answer(token, "watch", watched_or_404)


@bp.get("/<token>/<kind>.<any(pdf, html):fmt>")
def document(token: str, kind: str, fmt: str) -> ResponseReturnValue:
    return document_response(watched_or_404(token), kind, fmt)
