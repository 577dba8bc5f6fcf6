"""The pages of a table's changes that every game shares: a change shown before it is made, a deal gone since
its page was opened, a change refused because the session has ended, a damaged link, the History of changes and
the phone's name.

One page each for every game, Tresillo's included: the game's pages call them with its session and what
differs (its word, hand or deal, in the history's opening sentence; how its last change is offered for undoing:
Tresillo's in one tap, a game's on the undo page, which shows first what taking it back does; the undo itself is
one flow, :func:`undo_page`). The links come from the game's pages (``web.endpoints``); the history itself is the
platform's (``services.history``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from flask import redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from ..games import GAMES
from ..i18n import N_, _
from ..services import GameSession, Refused, clean_phone, games
from ..services.changes import gone_words
from ..services.history import HistoryView, recent_view
from ..services.played import counts_hands
from ..services.saves import Saved, find_saved
from .addresses import hint_number
from .endpoints import endpoint
from .forms import PhoneForm, UndoForm, number_of
from .phones import phone_name, remember_phone, respond

#: the history's opening sentence, by whether the game counts hands (its evening's dealer and seating
#: corrections, its reopening) or deals (its undo and end)
WHAT_IS_KEPT = {
    True: N_("Every hand entered, fixed, deleted or inserted, every dealer or seating correction, every end and "
             "reopening, with the phone it came from. Entries are never changed or removed."),
    False: N_("Every deal entered, fixed, deleted or inserted, every undo and the end, with the phone it came from. "
              "Entries are never changed or removed."),
}


@dataclass(frozen=True)
class Undo:
    """How the history offers to undo the last change: a one-tap form (``form`` posted to ``action``) or a link to
    the game's undo page (``page``)."""

    form: Any = None
    action: str = ""
    page: str = ""


def brand(gs: GameSession) -> str:
    """The game's name in the header: as played (a ruleset's own: Truco rioplatense), else its title."""
    return games.game_view(gs).title if games.is_game(gs) else GAMES[gs.game].spec.title


def _frame(gs: GameSession) -> dict[str, Any]:
    """What every one of these pages is drawn in: the game's name in the header, its table, the platform's game
    pages' sheet for a game they keep."""
    return {"gs": gs, "brand": brand(gs), "table_url": url_for(endpoint(gs.game, "screen"), token=gs.token),
            "sheets": ("games.css",) if games.is_game(gs) else ()}


def after_change(gs: GameSession, seq: int, already: bool, form: Any = None) -> ResponseReturnValue:
    """Every game's answer to a change made (a fix, an insert, a delete, an undo, Tresillo's dealer and seating):
    back to its table, which says what was done (``?done=<seq>``; ``&again=1``: a re-sent copy, made once) and
    offers to undo it. A redirect, so a reload or the back button never posts the change again; a name typed
    on the change's form is remembered (``form``)."""
    answer = redirect(url_for(endpoint(gs.game, "screen"), token=gs.token, done=seq, again="1" if already else None))
    return respond(answer, form) if form is not None else answer


def done_said(gs: GameSession) -> dict[str, Any]:
    """What a table screen says of the change it was led to after (:func:`after_change`): that change's history
    line, for ``web/_macros.html: done_card``, and whether it is the change an undo would take back now."""
    done = hint_number("done")
    log = recent_view(gs, done) if done else None
    line = next((ln for ln in log.lines if ln.seq == done), None) if log is not None else None
    undoable = line is not None and log is not None and log.undo is not None and log.undo.seq == line.seq
    return {"done_line": line, "done_again": request.args.get("again") == "1",
            "done_undoable": undoable and not (gs.closed and line is not None and line.kind not in ("end", "reopen"))}


def history_page(gs: GameSession, log: HistoryView, undo: Undo, phone_url: str) -> ResponseReturnValue:
    """Every change of the session, newest first, each in words (a fix field by field, how it changed the
    outcome), the phone it came from, and the undo of the last one."""
    return render_template("games/history.html", **_frame(gs), log=log, undo=undo, phone=phone_name(),
                           phone_url=phone_url, kept=WHAT_IS_KEPT[counts_hands(gs.game)])


@dataclass(frozen=True)
class ChangeWords:
    """A change page's words in the game's word, hand or deal: its list of them, what to do when the change is
    refused, how it is undone, and the way out that changes nothing."""

    list: str
    refused: str
    undo: str
    cancel: str


CHANGE_WORDS = {
    True: ChangeWords(N_("All hands"), N_("Nothing was changed. Fix that hand first, or choose another change."),
                      N_("You can undo it with one tap afterwards."), N_("Cancel, change nothing")),
    False: ChangeWords(N_("All deals"), N_("Nothing was changed. Fix that deal first, or choose another change."),
                       N_("You can undo it afterwards."), N_("Keep it")),
}


def change_page(gs: GameSession, *, describe: str, question: str, preview_template: str, preview: Any, form: Any,
                hidden: Sequence[Any], action: str, list_url: str, cancel_url: str, error: str = "",
                refusal: str = "", status: int = 200, **extra: Any) -> ResponseReturnValue:
    """A change shown before it is made (``describe``: it in words, its button; ``question``: it asked, the page's
    title, a translated sentence of its own, since a language asks otherwise than ``describe`` and a question
    mark: ¿Borrar…?, Supprimer… ?): what it does, drawn by the game's ``preview_template`` from ``preview`` (and
    ``extra``), and the form that makes it (``hidden``: the form's fields carrying the change, the version it was
    shown at and its key); a change that cannot be made (``refusal``) offers no button."""
    return render_template("games/change.html", **_frame(gs), describe=describe, preview_template=preview_template,
                           preview=preview, form=form, hidden=hidden, action=action, list_url=list_url,
                           cancel_url=cancel_url, question=question, error=error, refusal=refusal, phone=phone_name(),
                           words=CHANGE_WORDS[counts_hands(gs.game)], **extra), status


#: a page's title when the hand (or deal) it was for is gone
GONE = {True: N_("No hand {n}"), False: N_("No deal {n}")}


def gone_page(gs: GameSession, number: int, status: int, back: str, version: int | None = None) -> ResponseReturnValue:
    """Hand (or deal) ``number`` is not there (any more): what other phones did since the page was opened (at
    ``version``), nothing changed; ``back`` leads to the list of them."""
    return render_template("web/error.html", title=_(GONE[counts_hands(gs.game)]).format(n=number),
                           message=gone_words(gs, number, version), back=back), status


#: a change asked of an ended session, by whether the game counts hands (an evening, reopened from its page) or
#: deals (a game, whose end an undo takes back); ``entering``: a new one rather than a change of one entered
CLOSED = {
    (True, False): N_("This session is closed: its hands can no longer be changed. Reopen it from its page to fix "
                      "something."),
    (True, True): N_("This session is closed: hands can no longer be entered. Reopen it from its page to enter more."),
    (False, False): N_("This game has ended: it can be read, not changed."),
    (False, True): N_("This game has ended: it can be read, not changed."),
}


#: how a game answers a re-sent copy of a hand or deal it stored before the end (Tresillo: "hand n was saved";
#: a game: its result)
AnswerSaved = Callable[[Saved], ResponseReturnValue]


def closed_page(gs: GameSession, *, entering: bool = False, saved: AnswerSaved | None = None,
                shown: str = "") -> ResponseReturnValue:
    """A change asked of an ended session (``entering``: a new hand or deal): nothing changed (409), said in the
    game's word, back to its table; every game's, each passing what is its own. ``saved``: a post that is a
    re-sent copy (its ``idem_key``) of a hand or deal stored before the end is answered by it, never refused (the
    phone's outbox would keep a saved deal for ever); ``shown``: where a form asked for (GET) goes instead."""
    if saved is not None and request.method == "POST":
        found = find_saved(gs, request.form.get("idem_key", ""))
        if found is not None:
            return saved(found)
    if shown and request.method != "POST":
        return redirect(shown)
    return render_template("web/error.html", title=_("Session closed"),
                           message=_(CLOSED[counts_hands(gs.game), entering]),
                           back=url_for(endpoint(gs.game, "screen"), token=gs.token)), 409


def damaged_link(gs: GameSession, message: str = "") -> ResponseReturnValue:
    """A link of the session (any game's outbox compare-and-choose) whose key, number or kept values cannot be read:
    400, ``message`` (what could not be read) or where the kept deals are listed, and back to the table."""
    return render_template("web/error.html", title=_("This link is damaged"),
                           message=message or _("Open the table again: the hands waiting on this phone are listed "
                                                "there."),
                           back=url_for(endpoint(gs.game, "screen"), token=gs.token)), 400


def phone_page(gs: GameSession) -> ResponseReturnValue:
    """Name this phone (kept on the phone, written in the history beside each change it makes); back to the
    table once named."""
    form = PhoneForm()
    if request.method == "GET":
        form.name.data = phone_name()
    elif form.validate_on_submit():
        name = clean_phone(form.name.data)
        if name:
            return remember_phone(redirect(url_for(endpoint(gs.game, "screen"), token=gs.token)),  # type: ignore[arg-type]
                                  name)
        form.name.errors = [_("Letters, please: 1 to 40, no control characters.")]
    status = 400 if request.method == "POST" else 200
    return render_template("games/phone.html", **_frame(gs), form=form), status


#: a game's undo: ``(seq, key, phone, version)`` → the undo's history entry's seq, and whether a re-sent copy or
#: another phone's undo had already taken that change back (raises ``Refused``)
TakeBack = Callable[[int, str, str, int | None], tuple[int, bool]]
#: what the undo page offers: the last change in words and what taking it back does (None: nothing to undo)
Offer = Callable[[], Any]

#: an undo post whose fields are not what a page or button of ours sends
DAMAGED_UNDO = N_("This confirmation is out of date or damaged. Go back, reload the page and ask again.")


def undo_page(gs: GameSession, take_back: TakeBack, history_url: str, offer: Offer | None = None,
              ) -> ResponseReturnValue:
    """The undo of the last change, every game's. Shown (GET, a game with an ``offer``): which change it takes
    back and what that does, or that there is nothing to undo. Posted (from that page or a one-tap button): the
    change named by ``seq`` taken back once whatever the network repeats (only while it is the last; at the
    page's version when it carries one), with this phone's name; then the table says it was done (or done
    already). Refused: nothing undone, and why (what other phones did since)."""
    form = UndoForm()
    if request.method == "GET":
        form.made_at(gs.version)
        return render_template("games/undo.html", **_frame(gs), form=form, offer=offer() if offer else None,
                               history_url=history_url, phone=phone_name())
    seq = number_of(form.seq.data) if form.validate_on_submit() else -1
    if seq < 0:
        return _nothing_undone(_(DAMAGED_UNDO), history_url, 400)
    try:
        done, already = take_back(seq, form.given_key(), phone_name(), form.posted_version())
    except Refused as exc:
        return _nothing_undone(exc.message, history_url, exc.status)
    return after_change(gs, done, already)


def _nothing_undone(message: str, back: str, status: int) -> ResponseReturnValue:
    return render_template("web/error.html", title=_("Nothing undone"), message=message, back=back), status
