# Flask-Babel ships no type information: the parts scorekeeper uses (see scorekeeper/i18n.py).
from collections.abc import Callable
from contextlib import AbstractContextManager

from babel.core import Locale
from babel.support import NullTranslations
from flask import Flask

class Babel:
    def __init__(
        self,
        app: Flask | None = ...,
        date_formats: dict[str, str] | None = ...,
        configure_jinja: bool = ...,
        *,
        locale_selector: Callable[[], str | None] | None = ...,
        timezone_selector: Callable[[], str | None] | None = ...,
    ) -> None: ...

def get_locale() -> Locale | None: ...
def get_translations() -> NullTranslations: ...
def refresh() -> None: ...
def force_locale(locale: str) -> AbstractContextManager[None]: ...
