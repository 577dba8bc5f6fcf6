"""Errors as values: every refusal names the hand and the field it is about."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any


def N_(template: str) -> str:
    """Marks a refusal's template for the catalogs; the engine itself never translates.

    The narration layer says the refusal in the reader's language from ``template`` and
    ``params`` (``scorekeeper.words.refusal``); ``message`` is the English sentence.
    """
    return template


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
    #: the message before its values were filled in (``"{player!r} is listed twice"``), and the values
    template: str = dataclasses.field(default="", compare=False)
    params: tuple[tuple[str, Any], ...] = dataclasses.field(default=(), compare=False)
    #: what ``hand`` counts: a Tresillo ``hand``, or a ``deal`` of the other games (scorekeeper.games)
    unit: str = dataclasses.field(default="hand", compare=False)

    def __str__(self) -> str:
        where = "session" if self.hand is None else f"{self.unit} {self.hand}"
        return f"{where}: {self.field}: {self.message}"


def field_error(hand: int | None, field: str, template: str, **params: Any) -> FieldError:
    """A refusal from its template and values: the English message, and what a translation needs.

    >>> e = field_error(3, "tricks", N_("the tricks add up to {total}, not {whole}"), total=8, whole=9)
    >>> e.message, e.template, e.params
    ('the tricks add up to 8, not 9', 'the tricks add up to {total}, not {whole}', (('total', 8), ('whole', 9)))
    """
    return FieldError(hand, field, template.format(**params), template, tuple(params.items()))


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
