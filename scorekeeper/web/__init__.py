"""The app's blueprints: the platform's (groups, every game's pages, the evening across games, the outbox) and
the pages a game keeps in its own package (Tresillo's table, fixes, watch, evenings), found through the registry.

The platform links to a session's pages through :func:`endpoint`, never by a game's endpoint name: a game with
pages of its own declares them in its ``pages`` module's ``ENDPOINTS``, every other game has the platform's."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType, ModuleType
from typing import Literal, get_args

from flask import Flask, render_template
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import CSRFError, CSRFProtect

from ..games import GAMES
from ..games.views import own_module
from ..i18n import _

csrf = CSRFProtect()

#: a session's pages the platform links to: its table screen, the page an ended session opens on, its watch
#: page, its hand form, and the outbox's sync answer and its page of a hand kept on the phone
EndpointKind = Literal["screen", "ended", "watch", "hand", "sync", "pending"]
#: the platform's game pages, for every game without pages of its own
PLATFORM_ENDPOINTS: Mapping[str, str] = MappingProxyType({
    "screen": "games.table", "ended": "games.table", "watch": "games.watch", "hand": "games.deal",
    "sync": "games.sync", "pending": "games.deal"})


@cache
def pages_of(name: str) -> ModuleType | None:
    """The ``pages`` module of the game called ``name``, found through the registry (None: it has none)."""
    return own_module(GAMES[name], "pages") if name in GAMES else None


def game_pages() -> list[ModuleType]:
    """The ``pages`` modules of the games that have pages of their own (Tresillo's table, fixes and watch pages),
    found through the registry, each once (one package may hold several games)."""
    found: dict[str, ModuleType] = {}
    for name in GAMES:
        module = pages_of(name)
        if module is not None:
            found.setdefault(module.__name__, module)
    return list(found.values())


def endpoints_of(game: str) -> Mapping[str, str]:
    """Every page of ``kind`` of the game called ``game``: its own pages' ``ENDPOINTS``, or the platform's."""
    pages = pages_of(game)
    found: Mapping[str, str] = pages.ENDPOINTS if pages is not None else PLATFORM_ENDPOINTS
    return found


def endpoint(game: str, kind: EndpointKind) -> str:
    """The endpoint of the ``kind`` page of a session of ``game`` (``table.show``, ``games.table``…)."""
    return endpoints_of(game)[kind]


def screens() -> frozenset[str]:
    """The endpoints of every game's table screen (what ``/start`` reopens)."""
    return frozenset(endpoint(name, "screen") for name in GAMES)


def _check_endpoints(app: Flask) -> None:
    """Every game's pages named for each kind exist in the app: a misspelt ``ENDPOINTS`` fails at start-up."""
    for name in GAMES:
        named = endpoints_of(name)
        wrong = [kind for kind in get_args(EndpointKind) if named.get(kind) not in app.view_functions]
        if wrong:
            raise LookupError(f"the game {name!r} names no page of the app for {', '.join(wrong)}")


def register(app: Flask) -> None:
    from .access import register as register_access
    from .addresses import register as register_addresses
    from .figures import money_filter
    from .games import bp as games_bp
    from .groups import bp as groups_bp
    from .invite import bp as invite_bp
    from .language import setup_language
    from .night import bp as night_bp
    from .offline import register as register_offline
    from .outside import register as register_outside
    from .printing import register as register_printing
    from .ratelimits import register as register_rate_limits

    app.add_template_filter(money_filter, "money")
    app.add_template_global(endpoint, "endpoint")  # a session's page in a platform template
    register_addresses(app)  # before the routes: their ``int`` parts are bounded
    register_outside(app)
    setup_language(app)
    csrf.init_app(app)
    app.register_blueprint(groups_bp)
    for pages in game_pages():
        for blueprint in pages.BLUEPRINTS:
            app.register_blueprint(blueprint)
        for rule, name, view, methods in getattr(pages, "ROUTES", ()):
            app.add_url_rule(rule, name, view, methods=list(methods))
    app.register_blueprint(invite_bp)
    app.register_blueprint(games_bp)
    app.register_blueprint(night_bp)
    register_access(app)
    register_rate_limits(app)
    register_offline(app)
    register_printing(app)
    _check_endpoints(app)

    @app.errorhandler(404)
    def not_found(_e: Exception) -> ResponseReturnValue:
        return render_template("web/error.html", title=_("Not found"),
                               message=_("There is nothing at this address. Check the link you were given.")), 404

    @app.errorhandler(405)
    def not_allowed(_e: Exception) -> ResponseReturnValue:
        return render_template("web/error.html", title=_("Not allowed"),
                               message=_("That action is not available here.")), 405

    @app.errorhandler(413)
    def too_large(_e: Exception) -> ResponseReturnValue:
        return render_template("web/error.html", title=_("Too large"),
                               message=_("That file is too large for a session file.")), 413

    @app.errorhandler(CSRFError)
    def csrf_error(_e: Exception) -> ResponseReturnValue:
        # X-Form-Stale: the phone's outbox asks for a fresh form token and sends the same post again
        return render_template("web/error.html", title=_("Please try again"),
                               message=_("This form is out of date. Go back, reload the page and send it again.")), \
            400, {"X-Form-Stale": "1"}
