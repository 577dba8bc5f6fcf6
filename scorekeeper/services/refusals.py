"""Refusals as values: a field and a message the view shows next to that field."""

from __future__ import annotations

from typing import Any

from ..core.domains import OutOfDomain, Text, Whole
from ..core.errors import SessionError
from ..i18n import N_, _
from ..words import refusal


class Refused(ValueError):
    """A change the table cannot accept; ``field`` says where to show it."""

    def __init__(self, field: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.status = status


class Conflict(Refused):
    """Somebody else changed the session first (another phone)."""

    def __init__(self, message: str) -> None:
        super().__init__("version", message, status=409)


def refused_from(exc: SessionError) -> Refused:
    """The engine's first refusal, as a form error on the field it names."""
    err = exc.first
    field = err.field.split(".")[0].split("[")[0]
    if field == "options":  # a group's own amounts, named in full: "options.ante"
        return Refused("own", f"{err.field.removeprefix('options.')}: {refusal(err)}")
    if err.hand is None:
        return Refused(field, refusal(err))
    return Refused(field, _("Hand {n}: {refusal}").format(n=err.hand, refusal=refusal(err)))


def sentence(message: str) -> str:
    """A domain's words as a sentence for a page: "a whole number from 0 to 9" → "A whole number from 0 to 9."."""
    text = message[:1].upper() + message[1:]
    return text if text.endswith((".", "?", "!")) else text + "."


#: what a blank text field is told, by its domain (:attr:`Text.what`)
BLANK = {
    "group name": N_("Give the group a name."),
    "player name": N_("Give the player a name."),
    "phone name": N_("Give this phone a name."),
    "title": N_("Give the evening a title."),
    "currency": N_("Give the currency, such as EUR or €."),
    "name": N_("Write a name."),
}


def clean(domain: Text, value: Any, field: str) -> str:
    """``value`` in ``domain`` (a name, a currency), or a refusal on ``field``."""
    if value is None or isinstance(value, str) and not value.strip():
        raise Refused(field, _(BLANK.get(domain.what, BLANK["name"])))
    try:
        return domain.clean(value if value is not None else "")
    except OutOfDomain as exc:
        raise Refused(field, sentence(refusal(exc))) from None


def whole(domain: Whole, value: Any, field: str) -> int:
    """``value`` in a whole-number domain, or a refusal on ``field``."""
    try:
        return domain.check(value)
    except OutOfDomain as exc:
        raise Refused(field, sentence(refusal(exc))) from None
