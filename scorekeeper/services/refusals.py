"""Refusals as values: a field and a message the view shows next to that field."""

from __future__ import annotations

from ..engine import SessionError
from ..i18n import _
from ..narration import refusal


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
    if field == "options":  # a group's own amounts, named in full: "options.condiciones.vuelta"
        return Refused("own", f"{err.field.removeprefix('options.')}: {refusal(err)}")
    if err.hand is None:
        return Refused(field, refusal(err))
    return Refused(field, _("Hand {n}: {refusal}").format(n=err.hand, refusal=refusal(err)))
