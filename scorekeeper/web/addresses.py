"""What an address carries: every number and token in it read once, by its domain, before any query.

A number in the query (``?saved=3``, ``?done=12``, ``?page=2``) or in the path
(``/hands/<int:number>``) and the token of a link are checked here before the
database sees them. A value outside its domain is a 400 (a number in the query
that asks for something, :func:`query_number`) or a 404 (a part of the path, a
token) with a sentence, or, for a number that only says which part of a page to
show (:func:`hint_number`), read as none; never a server error:
SQLite and PostgreSQL refuse integers past 2^63 (PostgreSQL's ``integer``
columns past 2^31), and PostgreSQL refuses a NUL character in any text.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Flask, render_template, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import BadRequest
from werkzeug.routing import IntegerConverter, Map

from ..core import domains
from ..core.domains import OutOfDomain, Whole
from ..i18n import _
from .access import UnknownLink

#: a link's token as models.new_token makes it (secrets.token_urlsafe): URL-safe letters, never a NUL or a slash
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: any number a page reads from its query: a row, a hand, a change or a page; never negative, never past 2^31 - 1
QUERY_NUMBER = domains.ROW_ID


class DamagedAddress(BadRequest):
    """A number in the address that the app never writes there (cut, typed over, or past every limit)."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.part = name


class BoundedInt(IntegerConverter):
    """``<int:…>`` in a route: a number up to 2^31 - 1 (a hand's number, a player's row), else no page (404)."""

    def __init__(self, map: Map, fixed_digits: int = 0, min: int | None = None,  # noqa: A002 - werkzeug's names
                 max: int | None = QUERY_NUMBER.most, signed: bool = False) -> None:  # noqa: A002
        super().__init__(map, fixed_digits, min, max, signed)


def query_number(name: str, domain: Whole = QUERY_NUMBER) -> int | None:
    """The number ``?name=`` carries (None when absent or empty), read strictly by its domain; else a 400."""
    text = request.args.get(name)
    if text is None or not text.strip():
        return None
    try:
        return domain.parse(text)
    except OutOfDomain:
        raise DamagedAddress(name) from None


def hint_number(name: str, domain: Whole = QUERY_NUMBER) -> int | None:
    """A number that only says which part of a page to show (a page of the list, the row just saved):
    a damaged one reads as none, and the page is shown from its start (never an error)."""
    try:
        return query_number(name, domain)
    except DamagedAddress:
        return None


def _check_token() -> None:
    """A token the app could never have made opens nothing: a 404 before the database is asked."""
    token = (request.view_args or {}).get("token")
    if isinstance(token, str) and not TOKEN.fullmatch(token):
        raise UnknownLink()


def _damaged(exc: DamagedAddress) -> ResponseReturnValue:
    return render_template("web/error.html", title=_("This link is damaged"),
                           message=_("A part of this address ({part}) is not one the app writes. Open the page "
                                     "again from its link or from the table.").format(part=exc.part)), 400


def register(app: Flask) -> None:
    """Before any route is added: ``int`` routes are bounded; every request's token is checked first."""
    converters: dict[str, Any] = app.url_map.converters
    converters["int"] = BoundedInt
    app.before_request(_check_token)
    app.register_error_handler(DamagedAddress, _damaged)
