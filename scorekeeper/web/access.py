"""Who may do what: every page looks up its link here, and a link of the wrong kind is told why.

The access model is docs/security.md. A group link opens the group's pages
(``/g/…``), a session link one session's table (``/s/…``), a watch link the
read-only view of one session (``/w/…``). A token opening nothing of the kind
a page needs is answered with a 4xx whose text says what the link is for,
never with the page.
"""

from __future__ import annotations

from typing import NoReturn

from flask import Flask, abort, g, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import Forbidden, NotFound

from .. import services
from ..i18n import _, speak_group
from ..services import GameSession, Group
from .endpoints import EndpointKind, endpoint, screens


class WrongLink(Forbidden):
    """A link of ours, but of another kind than this page needs (a watch link on a form, say)."""

    def __init__(self, kind: services.LinkKind) -> None:
        super().__init__()
        self.kind = kind


class UnknownLink(NotFound):
    """No group or session has this link: mistyped, or replaced by the group."""


def group_or_404(token: str, found: Group | None = None) -> Group:
    """The group behind a group link (``found``: already looked up by the caller); any other link is refused."""
    group = found if found is not None else services.find_group(token)
    if group is None:
        _refuse(token)
    speak_group(group.language)
    return group


def session_or_404(token: str, *, game: bool = False) -> GameSession:
    """The session behind a session link (follow and enter hands); a watch or group link is refused.

    Tresillo's pages serve Tresillo evenings, the games' pages (``game``) the other games.
    """
    found: GameSession | None = g.pop("screen_session", None)  # a table screen's, looked up before it
    gs = found if found is not None and found.token == token else services.find_session(token)
    if gs is None:
        _refuse(token)
    speak_group(gs.group.language)
    _same_game(gs, game, "screen", token)
    return gs


def watched_or_404(token: str, *, game: bool = False) -> GameSession:
    """The session behind a watch link (read-only)."""
    gs = services.find_watched(token)
    if gs is None:
        _refuse(token)
    speak_group(gs.group.language)
    _same_game(gs, game, "watch", token)
    return gs


class GameLink(NotFound):
    """A link of another game's session on a Tresillo page: that page has nothing for it."""

    def __init__(self, title: str) -> None:
        super().__init__()
        self.title = title


def _same_game(gs: GameSession, game: bool, kind: EndpointKind, token: str) -> None:
    """Tresillo's pages serve Tresillo sessions only, the games' pages the other games: a link of the other
    kind is sent to its own game's page of that ``kind`` (a page asked for), or told where it belongs (a form
    sent)."""
    if services.games.is_game(gs) == game:
        return
    if request.method in ("GET", "HEAD"):
        abort(redirect(url_for(endpoint(gs.game, kind), token=token)))
    raise GameLink(services.games.game_title(gs))


def _to_its_own_screen() -> ResponseReturnValue | None:
    """A session's link opened at another game's table screen (``/s/<token>`` is the address of Tresillo's)
    leads to its own game's screen: the platform decides, from the registry, before any game's page is asked.
    The session found is kept for the page, which looks it up once."""
    if request.endpoint not in screens() or request.method not in ("GET", "HEAD"):
        return None
    token = (request.view_args or {}).get("token")
    gs = services.find_session(token) if isinstance(token, str) else None
    if gs is None:
        return None  # the page refuses the link, in its own words
    own = endpoint(gs.game, "screen")
    if own != request.endpoint:
        return redirect(url_for(own, token=token))
    g.screen_session = gs
    return None


def _refuse(token: str) -> NoReturn:
    kind = services.link_kind(token)
    raise UnknownLink() if kind is None else WrongLink(kind)


def _wrong_link(exc: WrongLink) -> ResponseReturnValue:
    message = {
        "group": _("This is a group's link. It opens the group's page, where each session has its own link."),
        "session": _("This link is for one session only: it opens that session's table. The group's players, "
                     "sessions and history need the group's link."),
        "watch": _("This link is for watching a table: it shows the table and its reports but cannot change "
                   "anything. To enter hands, ask for the session's link."),
    }[exc.kind]
    return render_template("web/error.html", title=_("Not with this link"), message=message), 403


def _unknown_link(_exc: UnknownLink) -> ResponseReturnValue:
    return render_template("web/error.html", title=_("This link opens nothing"),
                           message=_("No group or session has this link. Check that it was copied whole; if the "
                                     "group has replaced its links, ask someone at the table for the new one.")), 404


def _game_link(exc: GameLink) -> ResponseReturnValue:
    return render_template("web/error.html", title=_("Not on this page"),
                           message=_("This link is for a game of {game}: open it to see that game's table; "
                                     "nothing was changed here.").format(game=exc.title)), 404


def register(app: Flask) -> None:
    app.before_request(_to_its_own_screen)
    app.register_error_handler(GameLink, _game_link)
    app.register_error_handler(WrongLink, _wrong_link)
    app.register_error_handler(UnknownLink, _unknown_link)
