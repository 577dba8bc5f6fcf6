"""Rate limits on what makes new rows from nothing: creating a group, importing a session file.

Flask-Limiter counts the posts of each address. By default (``memory://``) the
counts live in each process's memory: right for one machine at a table, but
``./scripts/run``'s two workers, or two servers behind one proxy, each count on
their own. Set ``RATELIMIT_STORAGE_URI`` in the environment (e.g.
``redis://127.0.0.1:6379/0``, with the ``redis`` extra installed) and every
process of every server counts in that one storage (docs/deploy.md,
tests/web/test_shared_limits.py). If that storage stops answering, the counts
fall back to memory (logged) rather than refusing every post. A post over the
limit is answered 429 with a sentence, and nothing is made.
"""

from __future__ import annotations

import os
from typing import Any

from flask import Flask, render_template, request
from flask.typing import ResponseReturnValue
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address

from ..i18n import _, ngettext

#: posts a minute from one address, per endpoint, unless configured (SCOREKEEPER_… in the app's config)
RATES = {
    "groups.index": ("SCOREKEEPER_GROUPS_PER_MINUTE", 10),  # creating a group
    "groups.import_session": ("SCOREKEEPER_IMPORTS_PER_MINUTE", 20),  # importing a session file
}


def register(app: Flask) -> None:
    """Put the limits on the endpoints of :data:`RATES` (already registered) and say 429 in words."""
    app.config.setdefault("RATELIMIT_STORAGE_URI", os.environ.get("RATELIMIT_STORAGE_URI", "memory://"))
    app.config.setdefault("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED", True)  # a storage down never refuses a table
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", True)  # Retry-After tells a script when to come back
    limiter = Limiter(get_remote_address, app=app)
    limiter.request_filter(_not_counted)
    app.extensions["scorekeeper.limiter"] = limiter  # the limits hold it weakly: the app keeps it alive
    for endpoint, (setting, default) in RATES.items():
        app.config.setdefault(setting, default)
        per_minute = f"{int(app.config[setting])} per minute"  # the instance's config.py is read by now
        limited: Any = limiter.limit(per_minute, methods=["POST"])(app.view_functions[endpoint])
        app.view_functions[endpoint] = limited
    app.register_error_handler(RateLimitExceeded, _too_many)


def _not_counted() -> bool:
    """Only the posts of :data:`RATES` are counted: every other request (nearly all: pages, polls) skips
    the limiter's look-up of limits for it, which cost about 0.07 ms of CPU a request."""
    return request.method != "POST" or request.endpoint not in RATES


def _too_many(exc: RateLimitExceeded) -> ResponseReturnValue:
    most = exc.limit.limit.amount
    message = ngettext("This was tried too often from this network: at most %(num)d time a minute. Wait a minute, "
                       "then send it again; nothing was made.",
                       "This was tried too often from this network: at most %(num)d times a minute. Wait a "
                       "minute, then send it again; nothing was made.", most) % {"num": most}
    return render_template("web/error.html", title=_("Too many at once"), message=message), 429
