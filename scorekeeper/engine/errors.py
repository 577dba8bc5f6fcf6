"""Errors as values: every refusal names the hand and the field it is about."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FieldError:
    """One thing wrong with the input.

    ``hand`` is the 1-based hand number, or ``None`` for the session setup.
    ``field`` is the session-file field name (``tricks``, ``declarer``, ``players``…).

    >>> str(FieldError(3, "tricks", "the tricks add up to 8, not 9"))
    'hand 3: tricks: the tricks add up to 8, not 9'
    """

    hand: int | None
    field: str
    message: str

    def __str__(self) -> str:
        where = "session" if self.hand is None else f"hand {self.hand}"
        return f"{where}: {self.field}: {self.message}"


class SessionError(ValueError):
    """Refused input. Carries the :class:`FieldError` values; nothing was applied."""

    def __init__(self, errors: FieldError | list[FieldError] | tuple[FieldError, ...]):
        if isinstance(errors, FieldError):
            errors = (errors,)
        self.errors: tuple[FieldError, ...] = tuple(errors)
        super().__init__(str(self.errors[0]) if self.errors else "invalid session")

    @property
    def first(self) -> FieldError:
        return self.errors[0]


class HandError(SessionError):
    """A hand that cannot be played on the table as it stands."""
