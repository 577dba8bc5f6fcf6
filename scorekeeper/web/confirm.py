"""A change of the stored deals shown first, then confirmed: one flow for every game, Tresillo's included.

The change page (:func:`preview_page`) shows what the change would do and carries the change itself as JSON
(:class:`~scorekeeper.services.asked.Change`), with the session's version it was shown at and its own key; the
confirmation (:func:`make_change`) makes exactly that change, never the fields of a form as they are by the
time of the tap: once, whatever the network repeats (a re-sent copy is told "already done"); refused as stale
(409, the preview again as things are now) when another phone changed the game meanwhile. A game's changes are
previewed and made by its own services, found through the registry (:func:`changes_of`); what differs on its
pages (its part of the preview, its addresses) it hands in as :class:`ChangeParts`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import render_template, request, url_for
from flask.typing import ResponseReturnValue
from wtforms import HiddenField

from ..i18n import N_, _
from ..services import Conflict, GameSession, Refused, games
from ..services.asked import Change, Changes, change_from_json
from ..services.played import counts_hands, service_of
from ..services.previews import ChangePreview
from .changes import after_change, change_page, closed_page
from .forms import FormKey, NamedForm, new_key, number_of
from .phones import named_by, respond


class ChangeForm(NamedForm):
    """The confirmation of a change shown first: the change, the version it was shown at, its key (and the
    phone's name asked once). A game's delete page posted its key as ``idem_key`` before its page was the
    platform's: either is read, so the pages and outboxes already on phones keep working."""

    change = HiddenField()
    version = HiddenField()
    key = FormKey()
    idem_key = FormKey()

    def given_key(self) -> str:
        return self.key.data or self.idem_key.data or ""


def changes_of(gs: GameSession) -> Changes:
    """Who previews and makes the changes of ``gs``: its game's own services (Tresillo's), else the platform's
    games (``services.games``), found through the registry."""
    own: Changes | None = service_of(gs.game)
    return own if own is not None else games


#: the page a change asked leads to when the deal (or hand) it was for is gone: ``(gs, number, status, version)``
Gone = Callable[[GameSession, int, int, "int | None"], ResponseReturnValue]


@dataclass(frozen=True)
class ChangeParts:
    """What a game's change page has of its own: its part of the preview (``template``, given ``extra(gs,
    change)`` too), its word for its score (an ``N_`` msgid), where a change is confirmed (``confirm``; a delete
    on its own page, ``delete``: the address a delete was always posted to), its list of deals at deal ``n``
    (``listed``), the way out that changes nothing (``cancel``) and its page of a deal gone (``gone``)."""

    template: str
    score: str
    confirm: str
    delete: str
    listed: Callable[[GameSession, int | None], str]
    cancel: Callable[[GameSession, int], str]
    gone: Gone
    extra: Callable[[GameSession, Change], dict[str, Any]] = lambda _gs, _change: {}


#: a change in words, by whether the game counts hands (Tresillo's, placed with ``{n}`` and ``{dealer}``) or
#: deals (``%(n)s``): its heading, which is its button too, and its question, the page's title: a sentence of its
#: own in every language, as each asks it ("¿Borrar la mano 3?", "Supprimer la donne 3 ?"), never the heading
#: with a "?" added
HEADINGS = {
    True: {"delete": N_("Delete hand {n}"), "insert": N_("Insert a forgotten hand as hand {n}"),
           "dealer": N_("Hand {n} was dealt by {dealer}"), "seating": N_("New seating from hand {n}"),
           "edit": N_("Hand {n} fixed")},
    False: {"delete": N_("Delete deal %(n)s"), "insert": N_("Insert it as deal %(n)s"), "fix": N_("Save the fix")},
}
QUESTIONS = {
    True: {"delete": N_("Delete hand {n}?"), "insert": N_("Insert a forgotten hand as hand {n}?"),
           "dealer": N_("Hand {n} was dealt by {dealer}?"), "seating": N_("New seating from hand {n}?")},
    False: {"delete": N_("Delete deal %(n)s?"), "insert": N_("Insert a forgotten deal as deal %(n)s?"),
            "fix": N_("Fix deal %(n)s?")},
}


def describe(gs: GameSession, change: Change, words: dict[bool, dict[str, str]] = HEADINGS) -> str:
    """``change`` in the game's words (its heading, or its question)."""
    said = words[counts_hands(gs.game)].get(change.kind)
    if said is None:
        return change.kind
    if "%(n)s" in said:
        return _(said) % {"n": change.number}
    return _(said).format(n=change.number, dealer=change.dealer)


def preview_page(gs: GameSession, change: Change, parts: ChangeParts, *, status: int = 200, error: str = "",
                 form: ChangeForm | None = None, preview: ChangePreview | None = None, key: str = "",
                 ) -> ResponseReturnValue:
    """The change, what it does to the deals, the outcome and the money, and one button that makes it: the
    change carried as JSON with the version it was shown at and its key (``key``: the key of the form that
    asked for it, so a copy of that form re-sent once the change is made finds it made; a new one after a
    refusal). ``preview``: the game's preview, when the caller has it already."""
    try:
        shown = preview or changes_of(gs).preview_change(gs, change)
    except Refused as exc:
        if exc.status == 404:  # the deal is gone: the page says so on its own
            return parts.gone(gs, change.number, 409 if request.method == "POST" else 404, None)
        raise
    form = form or ChangeForm(formdata=None)
    form.change.data = change.to_json()
    form.version.data = str(gs.version)
    form.key.data = new_key() if error else (form.key.data or key or new_key())
    action = (url_for(parts.delete, token=gs.token, number=change.number) if change.kind == "delete"
              else url_for(parts.confirm, token=gs.token))
    return change_page(gs, describe=describe(gs, change), question=describe(gs, change, QUESTIONS),
                       preview_template=parts.template, preview=shown, form=form,
                       hidden=(form.change, form.version, form.key), action=action,
                       list_url=parts.listed(gs, change.number), cancel_url=parts.cancel(gs, change.number),
                       error=error, refusal=shown.refusal, status=status, score=_(parts.score), change=change,
                       **parts.extra(gs, change))


#: what a confirmation reads its change from: the posted JSON (:func:`posted_change`), or the page's address
Read = Callable[[ChangeForm], Change]


def posted_change(gs: GameSession) -> Read:
    """The change a confirmation carries, of a kind the game takes (anything else is refused as damaged)."""
    kinds = changes_of(gs).change_kinds
    return lambda form: change_from_json(form.change.data, kinds)


def make_change(gs: GameSession, read: Read, parts: ChangeParts) -> ResponseReturnValue:
    """Make a confirmed change once, as it was shown; then the table says what was done (:func:`after_change`).
    A stale confirmation (another phone changed the game) is shown again as things are now (409); a deal gone
    meanwhile is said so; a damaged confirmation changes nothing (400)."""
    form = ChangeForm()
    if not form.validate_on_submit():
        return damaged(gs, parts)
    try:
        change = read(form)
    except Refused as exc:
        return damaged(gs, parts, exc.message)
    version = number_of(form.version.data)
    try:
        entry, already = changes_of(gs).apply_change(gs, change, key=form.given_key(), version=version,
                                                     phone=named_by(form))
    except Conflict as exc:
        return respond(preview_page(gs, change, parts, status=409, error=exc.message, form=form), form)
    except Refused as exc:
        if exc.status == 404:
            return parts.gone(gs, change.number, 409, version)
        if exc.field == "session":
            return closed_page(gs)
        return respond(preview_page(gs, change, parts, status=exc.status, error=exc.message, form=form), form)
    return after_change(gs, entry.seq, already, form)


def damaged(gs: GameSession, parts: ChangeParts, message: str = "") -> ResponseReturnValue:
    """A confirmation whose fields are not what a change page of ours sends: nothing changed (400)."""
    return render_template("web/error.html", title=_("Nothing changed"),
                           message=message or _("This confirmation is out of date or damaged. Go back, reload "
                                                "the page and ask again."),
                           back=parts.listed(gs, None)), 400
