"""The app's blueprints: the platform's (groups, every game's pages, the evening across games, the outbox) and
the pages a game keeps in its own package (Tresillo's table, fixes, watch, evenings), found through the registry.

The platform links to a session's pages through :func:`endpoints.endpoint`, never by a game's endpoint name."""

from __future__ import annotations

from flask import Flask, render_template
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import CSRFError, CSRFProtect

from ..i18n import _
from .endpoints import check_endpoints, endpoint, game_pages

__all__ = ["csrf", "game_pages", "register"]

csrf = CSRFProtect()


def register(app: Flask) -> None:
    from ..services.shared import register as register_shared_pages
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
    register_shared_pages(app)
    check_endpoints(app)

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
