"""Languages: which one a page, a PDF or the command line speaks, and the gettext functions for every sentence.

Every sentence a player reads goes through :func:`gettext` (``_``) or
:func:`ngettext` of this module, in Python and in templates alike, so one set
of catalogs (``scorekeeper/translations/<lang>/LC_MESSAGES/messages.po``)
serves the web pages, the PDFs and the CLI.

Which language (:func:`select_language`, asked once per request by Flask-Babel):
the phone's own choice (the ``lang`` cookie, set by the switcher on every page),
then the group's language (set when the group is created, changeable on the
group page), then the browser's Accept-Language, then English. Outside a
request (the CLI, a background PDF) the language is the one given to
:func:`use_language`.

The catalogs are compiled from their ``.po`` files by :func:`compile_catalogs`
whenever the app or the CLI starts and a ``.mo`` is missing or older than its
``.po`` (like ``__pycache__``): the ``.po`` is the only source kept in git.

>>> with use_language("es"):
...     ngettext("{n} tanto each", "{n} tantos each", 3).format(n=3)
'3 tantos cada uno'
>>> language_of("fr-CA"), language_of("de"), language_of(None)
('fr', None, None)
"""

from __future__ import annotations

import logging
import os
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any, cast

from babel.core import Locale, default_locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

#: the languages the app speaks, each named in itself (for the switcher)
LANGUAGES: dict[str, str] = {"es": "Español", "en": "English", "fr": "Français", "it": "Italiano", "ca": "Català"}
DEFAULT_LANGUAGE = "en"
#: the phone's own choice
COOKIE = "lang"
COOKIE_MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie
TRANSLATIONS = Path(__file__).resolve().parent / "translations"
DOMAIN = "messages"

log = logging.getLogger(__name__)

#: the language outside a request (CLI, background documents), set by :func:`use_language`
_chosen: ContextVar[str] = ContextVar("scorekeeper_language", default=DEFAULT_LANGUAGE)


def language_of(value: str | None) -> str | None:
    """One of :data:`LANGUAGES` from a tag such as ``es-ES``, ``fr_CA`` or ``EN``; None if not ours."""
    if not value:
        return None
    code = value.replace("_", "-").split("-", 1)[0].strip().lower()
    return code if code in LANGUAGES else None


# ------------------------------------------------------------ which language


def _flask_babel_active() -> bool:
    """Inside a Flask app that set up Flask-Babel: let it keep the request's language."""
    from flask import current_app, has_app_context

    return has_app_context() and "babel" in current_app.extensions


def select_language() -> str:
    """Flask-Babel's locale selector: the phone's choice, the group's, the browser's, then English."""
    from flask import g, has_request_context, request

    if not has_request_context():
        return _chosen.get()
    chosen = language_of(request.cookies.get(COOKIE)) or language_of(g.get("group_language"))
    return chosen or request.accept_languages.best_match(list(LANGUAGES)) or DEFAULT_LANGUAGE


def speak_group(language: str | None) -> None:
    """The page belongs to a group that speaks ``language``: use it unless the phone chose its own."""
    from flask import g, has_request_context

    if not has_request_context():
        return
    g.group_language = language
    if _flask_babel_active():
        import flask_babel

        flask_babel.refresh()


def current_language() -> str:
    """The language sentences are being said in right now (``es``, ``en``, ``fr``, ``it`` or ``ca``).

    A page asks this for every sentence it says (about 370 times for the table screen at 500 hands,
    bench/tableside.py); inside a request the locale Flask-Babel already chose (it keeps it on ``g``,
    and ``force_locale`` swaps it there) is read straight away, and the full look-up runs only
    until it is chosen, or if Flask-Babel ever keeps it elsewhere.
    """
    app_context = _app_context()
    context = app_context.get(None) if app_context is not None else None
    if context is not None:
        chosen = getattr(getattr(context.g, "_flask_babel", None), "babel_locale", None)
        if isinstance(chosen, Locale):
            return str(chosen.language)
    return _looked_up_language()


@cache
def _app_context() -> ContextVar[Any] | None:
    """Flask's own record of the app context it is in (read directly: the ``g`` proxy costs ten times
    more); were a later Flask to drop it, every call takes the full look-up. Imported when first asked:
    the package's build compiles the catalogs with this module and without Flask."""
    import flask.globals

    return getattr(flask.globals, "_cv_app", None)


def _looked_up_language() -> str:
    if _flask_babel_active():
        import flask_babel

        locale = flask_babel.get_locale()
        return locale.language if locale is not None else DEFAULT_LANGUAGE
    return _chosen.get()


#: how each language writes figures and dates: Spain's Spanish, France's French, British English
#: (a European card table: "17 November 2026", "20:30", "€1,234.56")
FORMAT_LOCALES = {"es": "es_ES", "en": "en_GB", "fr": "fr_FR", "it": "it_IT", "ca": "ca_ES"}


def current_locale() -> Locale:
    """The Babel locale figures and dates are written in, for the current language."""
    return _format_locale(current_language())


@cache
def _format_locale(language: str) -> Locale:
    return Locale.parse(FORMAT_LOCALES[language])


@contextmanager
def use_language(language: str | None) -> Iterator[str]:
    """Say everything inside in ``language`` (None or unknown: keep the current one)."""
    code = language_of(language) or current_language()
    token = _chosen.set(code)
    with ExitStack() as stack:
        if _flask_babel_active():
            import flask_babel

            stack.enter_context(flask_babel.force_locale(code))
        try:
            yield code
        finally:
            _chosen.reset(token)


def environment_language() -> str:
    """The command line's default: the language of LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else English."""
    try:
        tag = default_locale(("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"))
    except ValueError:  # a locale variable Babel cannot read
        tag = None
    return language_of(tag) or DEFAULT_LANGUAGE


# ------------------------------------------------------------ the catalogs


@cache
def catalog(language: str) -> NullTranslations:
    """The compiled catalog of ``language`` (English: none, the sentences are written in it)."""
    if language == DEFAULT_LANGUAGE:
        return NullTranslations()
    compile_catalogs()
    return Translations.load(str(TRANSLATIONS), [language], DOMAIN)


def _translations() -> NullTranslations:
    """The current language's catalog: the same compiled file Flask-Babel would load for the request's
    language (web/language.py points it here), read from :func:`catalog`, which keeps each language's once."""
    return catalog(current_language())


def gettext(message: str) -> str:
    """``message`` in the current language; named placeholders are filled in afterwards with ``format``."""
    return _translations().ugettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural sentence for ``n``, as the current language counts."""
    return _translations().ungettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A short word whose translation depends on where it stands (``pgettext("column", "Net")``)."""
    return _translations().upgettext(context, message)


def N_(message: str) -> str:  # noqa: N802 (the usual name for the marker)
    """Marks a sentence for the catalogs where it is written down; ``_()`` translates it where it is said."""
    return message


def lazy_gettext(message: str) -> str:
    """A sentence translated each time it is shown (form labels, defined once for every language)."""
    from flask_babel.speaklater import LazyString

    # a LazyString behaves as the str it becomes (WTForms labels and messages, Jinja)
    return cast(str, LazyString(gettext, message))


# ------------------------------------------------------------ compiling


def _stale(po: Path, mo: Path) -> bool:
    try:
        return mo.stat().st_mtime < po.stat().st_mtime
    except FileNotFoundError:
        return True


def _compile(po: Path, mo: Path) -> None:
    """``po`` → ``mo``, written beside and renamed into place (several workers may start at once)."""
    with po.open("rb") as f:
        messages = read_po(f, locale=po.parent.parent.name, domain=DOMAIN)
    fd, tmp = tempfile.mkstemp(dir=mo.parent, prefix=".messages.", suffix=".mo")
    try:
        with os.fdopen(fd, "wb") as out:
            write_mo(out, messages, use_fuzzy=False)
        os.replace(tmp, mo)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def compile_catalogs(root: Path = TRANSLATIONS) -> list[Path]:
    """Compile every ``.po`` under ``root`` whose ``.mo`` is missing or older; the ones compiled.

    Fuzzy entries are left out (they show in English until a translator confirms
    them). A folder that cannot be written is logged, and those pages stay in English.
    """
    done = []
    for po in sorted(root.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        mo = po.with_suffix(".mo")
        if not _stale(po, mo):
            continue
        try:
            _compile(po, mo)
        except OSError as exc:
            log.warning("cannot compile %s: %s", po, exc)
            continue
        done.append(mo)
    return done


__all__ = [
    "COOKIE", "DEFAULT_LANGUAGE", "LANGUAGES", "N_", "_", "catalog", "compile_catalogs", "current_language",
    "current_locale", "environment_language", "gettext", "language_of", "lazy_gettext", "ngettext", "pgettext",
    "select_language", "speak_group", "use_language",
]
