"""Each phone's own name, kept on the phone: every game's pages say which phone made a change."""

from __future__ import annotations

from typing import Any

from flask import Response, request
from flask.typing import ResponseReturnValue

from .. import services

PHONE_COOKIE = "phone"
#: browsers keep a cookie at most about 400 days; the phone is asked again after that
PHONE_DAYS = 400


def phone_name() -> str:
    """This phone's own name ('' until it names itself)."""
    return services.clean_phone(request.cookies.get(PHONE_COOKIE))


def remember_phone(response: Response, name: str) -> Response:
    """Keep the phone's name on the phone (a cookie), for every session it joins."""
    if name:
        response.set_cookie(PHONE_COOKIE, name, max_age=PHONE_DAYS * 24 * 3600, httponly=True, samesite="Lax",
                            secure=request.is_secure)
    return response


def named_by(form: Any) -> str:
    """The name this request's phone goes by: the one typed on the form, else the one it already has."""
    typed = services.clean_phone(form.phone.data) if getattr(form, "phone", None) is not None else ""
    return typed or phone_name()


def respond(body: ResponseReturnValue, form: Any) -> ResponseReturnValue:
    """The page, remembering a name typed on the form."""
    typed = services.clean_phone(form.phone.data) if getattr(form, "phone", None) is not None else ""
    if not typed:
        return body
    response = body if isinstance(body, Response) else Response(*_parts(body))
    return remember_phone(response, typed)


def _parts(body: Any) -> tuple[Any, int]:
    if isinstance(body, tuple):
        return body[0], body[1]
    return body, 200
