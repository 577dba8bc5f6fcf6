"""The language of every page: Flask-Babel set up, the switcher's links, the remembered choice.

The switcher is a row of plain links on every page (no script, no form): each
sets the ``lang`` cookie for a long time and goes back to the page it was
tapped on. See :func:`scorekeeper.i18n.select_language` for the order of choice.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, Flask, abort, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import Babel

from .. import formats, i18n

bp = Blueprint("language", __name__)


def _back(target: str | None) -> str:
    """Only a path on this site: ``next`` never sends a phone elsewhere."""
    if target and target.startswith("/") and not target.startswith("//") and "\\" not in target:
        parts = urlsplit(target)
        if not parts.scheme and not parts.netloc:
            return target
    return url_for("groups.index")


@bp.get("/language/<code>")
def choose(code: str) -> ResponseReturnValue:
    """Remember this phone's language and go back to the page."""
    if code not in i18n.LANGUAGES:
        abort(404)
    response = redirect(_back(request.args.get("next")), code=303)
    response.set_cookie(i18n.COOKIE, code, max_age=i18n.COOKIE_MAX_AGE, samesite="Lax",
                        secure=bool(request.is_secure), httponly=True)
    return response


def document_language(group_language: str | None) -> str:
    """A printed document's language: ``?lang=`` if asked, else the group's, else the page's."""
    return i18n.language_of(request.args.get("lang")) or i18n.language_of(group_language) or i18n.current_language()


def _here() -> str:
    """The page the switcher sends back to: this address (a posted form's page shows afresh)."""
    if request.method != "GET":
        return request.path
    query = request.query_string.decode("utf-8", "replace")
    return request.path + ("?" + query if query else "")


def script_words() -> dict[str, str]:
    """What the page's scripts say, in the page's language: ``<body data-words>``, read by static/*.js.

    A script never writes English itself (and the CSP allows no inline script):
    it takes ``words.saving`` and fills ``{placeholders}`` with ``replace``.
    """
    _ = i18n.gettext
    return {
        "preview": _("Preview: {summary}"),
        "not_yet": _("Not yet: {message}"),
        "saving": _("Saving…"),
        "choose_contract": _("Choose the contract."),
        # the phone's outbox and offline banner (static/offline.js, issue 11)
        # what waits on the other phones (static/offline.js, issue 24)
        "elsewhere_title": _("Waiting on other phones"),
        "elsewhere_one": _("1 hand waits on {phone}: it is not in the figures yet."),
        "elsewhere_many": _("{n} hands wait on {phone}: they are not in the figures yet."),
        "elsewhere_choice": _("Hand {first} needs a choice on that phone (another phone entered it too); the "
                              "hands after it wait until then."),
        "elsewhere_no_name": _("a phone with no name"),
        "outbox_other_table": _("Open its table"),
        "outbox_after_kept": _("This will be hand {n}: hand {kept} is still waiting on this phone."),
        "outbox_back": _("Back online — catching up…"),
        "outbox_closed": _("Not saved: the session was ended on another phone. "
                           "Nothing is lost: look at it and choose."),
        "outbox_compare": _("Compare and choose"),
        "outbox_conflict": _("Not saved: another phone entered hand {n} meanwhile. "
                             "Nothing is lost: compare them and choose."),
        "outbox_built_for": _("Offline: this form is for hand {n}, the next hand as this phone last saw the table."),
        "outbox_deal": _("{dealer} deals · mano {mano} · what is in play shows once the hands waiting on this "
                         "phone are sent"),
        "outbox_deal_unknown": _("Who deals shows once the hands waiting on this phone are sent."),
        "outbox_save_hand": _("Save hand {n}"),
        "outbox_drop": _("Drop it"),
        "outbox_drop_sure": _("Tap again to drop it for good"),
        "outbox_enter": _("Enter hand {n}"),
        "outbox_hand": _("Hand {n}"),
        "outbox_form_refused": _("this phone's form was refused again (does this browser keep cookies for "
                                 "this site?). Open it in the form and save it again."),
        "outbox_form_retry": _("Kept on this phone: the server asked for a fresh form (its key changed, or this "
                               "phone lost its cookie). It is sent again by itself."),
        "outbox_held": _("Waiting until the one above is settled."),
        "outbox_kept_title": _("Waiting on this phone"),
        "outbox_look_again": _("Look at my change again"),
        "outbox_mine_change": _("Your change, as you made it, over the hand as it is now. Check it and save it again."),
        "outbox_mine_form": _("Your hand from this phone, as you entered it. Check it and save it."),
        "outbox_not_counted": _("The figures below do not count what waits here yet: they will when it is sent."),
        "outbox_offline": _("Offline — last updated {time}"),
        "outbox_open_mine": _("Open my hand in the form"),
        "outbox_pending": _("Saved on this phone — will be sent when back online."),
        "outbox_refused": _("Not saved: {message}"),
        "outbox_stale": _("Not applied. {message}"),
    }


def _template_globals() -> dict[str, object]:
    return {
        "script_words": script_words,
        "languages": i18n.LANGUAGES,
        "current_language": i18n.current_language,
        "language_url": lambda code: url_for("language.choose", code=code, next=_here()),
    }


def setup_language(app: Flask) -> None:
    """Flask-Babel with our catalogs and choice of language; the switcher's route; the format filters."""
    i18n.compile_catalogs()
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(i18n.TRANSLATIONS))
    app.config.setdefault("BABEL_DEFAULT_LOCALE", i18n.DEFAULT_LANGUAGE)
    Babel(app, locale_selector=i18n.select_language)
    # Flask-Babel's Jinja gettext and ours are the same catalogs; ours also work outside a request
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]  # added by jinja2.ext.i18n
        i18n.gettext, i18n.ngettext, newstyle=True, pgettext=i18n.pgettext)
    app.jinja_env.filters.update(formats.FILTERS)
    app.jinja_env.globals["N_"] = i18n.N_  # a template's sentences handed to a shared macro, still extracted
    app.context_processor(_template_globals)
    app.register_blueprint(bp)
