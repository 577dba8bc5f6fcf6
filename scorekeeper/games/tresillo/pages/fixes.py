"""Fixing the evening: a hand's page, delete / insert / dealer / seating with a preview, undo, reopen; the
History page and each phone's name are the platform's (``web/changes.py``), at Tresillo's addresses.

Every change is shown before it is made (the hands whose figures change and
each player's money before and after) and confirmed with one tap; the
confirmation carries the change, the session version it was previewed at and
its own key, so a re-sent copy is reported as done instead of being refused
or made twice.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from ....i18n import N_
from ....web import confirm
from ....web.access import session_or_404
from ....web.addresses import hint_number
from ....web.changes import Undo, after_change, closed_page, gone_page, history_page, phone_page, undo_page
from ....web.confirm import ChangeParts
from ....web.forms import PhoneForm, UndoForm, new_key, number_of
from ....web.phones import named_by, phone_name
from .. import services
from ..services import GameSession
from .forms import DealerForm, HandForm, ReopenForm, SeatingForm

bp = Blueprint("fixes", __name__, url_prefix="/s")

# ------------------------------------------------------------------ phones


@bp.route("/<token>/phone", methods=["GET", "POST"])
def phone(token: str) -> ResponseReturnValue:
    return phone_page(session_or_404(token))


def fixes_context(gs: GameSession, undo_key: str | None = None) -> dict[str, Any]:
    """What the table screen shows of this module: the phone's name, the last change with its undo (its
    form keyed ``undo_key``, or a new key)."""
    done = hint_number("done")
    phone = phone_name()
    log = services.recent_view(gs, done)
    done_line = next((ln for ln in log.lines if ln.seq == done), None) if done else None
    undo = log.undo
    return {
        "phone": phone,
        "phone_form": PhoneForm(formdata=None) if not phone else None,  # asked only of a phone with no name
        "last_change": undo,
        "undo_form": UndoForm(formdata=None, key=undo_key or new_key()),
        "done_line": done_line,
        "done_again": request.args.get("again") == "1",
        # the page already offers "Undo the end: reopen the session": no second reopen button beside it
        "undo_reopens": undo is not None and undo.kind == "end" and (done_line is None or done_line.seq == undo.seq),
    }


# ------------------------------------------------------------------ the History page and a hand's page


@bp.get("/<token>/history")
def history(token: str) -> ResponseReturnValue:
    gs = session_or_404(token)
    undo = Undo(UndoForm(formdata=None, key=new_key()), url_for("fixes.undo", token=token))
    return history_page(gs, services.history_view(gs), undo, url_for("fixes.phone", token=token))


@bp.get("/<token>/hands/<int:number>")
def hand(token: str, number: int) -> ResponseReturnValue:
    """Hand ``number`` and what can be done to it: fix, delete, insert one before, dealer, seating."""
    gs = session_or_404(token)
    view = services.view_for(gs, rows=True)
    row = next((r for r in view.rows if r.kind == "hand" and r.hand == number), None)
    if row is None:
        return gone(gs, number, 404)
    return render_template("games/tresillo/pages/hand_actions.html", gs=gs, view=view, row=row, number=number)


def gone(gs: GameSession, number: int, status: int, version: int | None = None) -> ResponseReturnValue:
    """Hand ``number`` is not there (any more): say what happened to it (the platform's page)."""
    return gone_page(gs, number, status, url_for("table.history", token=gs.token, hand=number), version)


# ------------------------------------------------------------------ previewed changes (the platform's flow)


def _hands(gs: GameSession, number: int | None) -> str:
    if number is None:
        return url_for("table.history", token=gs.token)
    return url_for("table.history", token=gs.token, hand=number, _anchor=f"hand-{number}")


#: Tresillo's part of the platform's change page (``web/confirm.py``): its hands and bowls, its addresses
PARTS = ChangeParts(template="games/tresillo/pages/_change_preview.html", score=N_("Bowl"), confirm="fixes.confirm",
                    delete="fixes.delete", listed=_hands, cancel=_hands,
                    gone=gone)


def preview_page(gs: GameSession, change: services.Change, *, preview: services.ChangePreview | None = None,
                 key: str = "") -> ResponseReturnValue:
    """The change, what it does to the hands and the money, and one button to make it (the platform's; ``key``:
    the hand form's, when it asked for the change)."""
    return confirm.preview_page(gs, change, PARTS, preview=preview, key=key)


@bp.route("/<token>/hands/<int:number>/delete", methods=["GET", "POST"])
def delete(token: str, number: int) -> ResponseReturnValue:
    gs = session_or_404(token)
    if request.method == "GET":
        return closed_page(gs) if gs.closed else preview_page(gs, services.Change("delete", number))
    return confirm.make_change(gs, lambda _form: services.Change("delete", number), PARTS)


@bp.post("/<token>/change", endpoint="confirm")
def confirm_change(token: str) -> ResponseReturnValue:
    gs = session_or_404(token)
    return confirm.make_change(gs, confirm.posted_change(gs), PARTS)


@bp.route("/<token>/hands/insert/<int:number>", methods=["GET", "POST"])
def insert(token: str, number: int) -> ResponseReturnValue:
    """The hand form for a forgotten hand, to be inserted as hand ``number``; saving shows the preview."""
    gs = session_or_404(token)
    if gs.closed:
        return closed_page(gs)
    count = services.count_hands(gs)
    if number == count + 1:
        return redirect(url_for("table.new_hand", token=token))
    if not 1 <= number <= count:
        return gone(gs, number, 404)
    entry = services.entry_for(gs, number)
    form = HandForm() if request.method == "POST" else HandForm(formdata=None)
    form.setup_for(list(gs.players), services.choices_for(gs), entry.upcoming)
    status = 200
    if request.method == "POST":
        if form.validate_on_submit():
            try:
                hand = form.to_hand()
            except services.Refused as exc:  # a value that is not among the choices (surrender=yes please)
                form.refuse(form.field_for(exc.field), exc.message)
            else:
                change = services.Change("insert", number, deal=hand)
                return preview_page(gs, change, preview=services.preview_change(gs, change, entry),
                                    key=form.idem_key.data or "")
        status = 400
    return hand_page(gs, form, entry, inserting=number), status


def hand_page(gs: GameSession, form: HandForm, entry: services.Entry, *, editing: int | None = None,
              inserting: int | None = None) -> str:
    """The hand form's page, drawn from the replay the form was built on: the hand it is for (who deals,
    what is in play) and the rules, never a view of the whole evening (whose settlement it does not show)."""
    form.idem_key.fresh()  # the one place a hand form gets its key: a post keeps what it sent
    return render_template("games/tresillo/pages/hand.html", gs=gs, form=form, up=form.upcoming, editing=editing,
                           inserting=inserting, favoured_suit=entry.ledger.rules.favoured_suit)


@bp.route("/<token>/hands/<int:number>/dealer", methods=["GET", "POST"])
def dealer(token: str, number: int) -> ResponseReturnValue:
    """Correct who dealt hand ``number``; the later hands' deal passes on from there."""
    return deal_page(token, number, DealerForm(), "games/tresillo/pages/dealer.html")


@bp.route("/<token>/hands/<int:number>/seating", methods=["GET", "POST"])
def seating(token: str, number: int) -> ResponseReturnValue:
    """A new seating from hand ``number`` on (and who dealt that hand)."""
    return deal_page(token, number, SeatingForm(), "games/tresillo/pages/seating.html")


def deal_page(token: str, number: int, form: DealerForm | SeatingForm, template: str) -> ResponseReturnValue:
    """The dealer or seating form for hand ``number``; a valid answer leads to the preview."""
    gs = session_or_404(token)
    if gs.closed:
        return closed_page(gs)
    try:
        current, seats = services.deal_at(gs, number)
    except services.Refused:
        return gone(gs, number, 404)
    form.setup_for(list(gs.players), seats)
    if request.method == "POST" and form.validate_on_submit():
        change = form.change(number, list(gs.players))
        if change is not None:
            return preview_page(gs, change)
    elif request.method == "GET":
        form.fill(current, seats)
    status = 400 if request.method == "POST" else 200
    return render_template(template, gs=gs, form=form, number=number, current=current, seats=seats), status


# ------------------------------------------------------------------ undo and reopen


@bp.post("/<token>/undo")
def undo(token: str) -> ResponseReturnValue:
    """One tap: take back change ``seq`` (the platform's undo, :func:`web.changes.undo_page`)."""
    gs = session_or_404(token)

    def take_back(seq: int, key: str, phone: str, version: int | None) -> tuple[int, bool]:
        applied = services.undo(gs, seq, key=key, phone=phone, version=version)
        return applied.entry.seq, applied.already

    return undo_page(gs, take_back, url_for("fixes.history", token=token))


@bp.route("/<token>/reopen", methods=["GET", "POST"])
def reopen(token: str) -> ResponseReturnValue:
    """Open a closed session again, after a confirmation; recorded in the history."""
    gs = session_or_404(token)
    form = ReopenForm()
    status = 200
    error = ""
    if request.method == "POST":
        if not form.validate_on_submit():
            return confirm.damaged(gs, PARTS)  # the platform's answer to a damaged confirmation
        try:
            applied = services.reopen(gs, key=form.key.data or "", version=number_of(form.version.data),
                                      phone=named_by(form))
        except services.Refused as exc:
            error, status = exc.message, exc.status
        else:
            return after_change(gs, applied.entry.seq, applied.already, form)
    form.version.data = str(gs.version)
    form.key.data = new_key()
    return render_template("games/tresillo/pages/reopen.html", gs=gs, form=form, error=error, phone=phone_name(),
                           paper_taken=services.later_sessions_took_the_paper(gs)), status
