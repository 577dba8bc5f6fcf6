"""The table: the screen that stays open, hand entry, fixing mistakes, the end of the evening."""

from __future__ import annotations

import re
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    get_template_attribute,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from ....core import domains
from ....i18n import _, current_language, use_language
from ....reports.chart import PHONE
from ....web import printing, screens
from ....web.access import session_or_404
from ....web.addresses import hint_number, query_number
from ....web.after import after_response, asked_as_this_phone
from ....web.changes import after_change, closed_page
from ....web.compare import carried
from ....web.forms import VersionForm, new_key, number_of, posted_version
from ....web.hardening import csp_nonce
from ....web.language import document_language
from ....web.phones import named_by, phone_name, respond
from ....web.polls import version_answer
from ....web.printing import documents_of
from .. import services
from ..services import GameSession
from .fixes import fixes_context, gone, hand_page
from .forms import EndForm, HandForm, hand_form
from .outbox import compared, own

bp = Blueprint("table", __name__, url_prefix="/s")


def drawn_chart(gs: GameSession, screen: services.TableScreen) -> Markup:
    """The game's chart of the session so far, drawn for a phone once per version and language."""
    documents = documents_of(gs)
    draw = documents.chart if documents is not None else None
    if draw is None:
        return Markup("")
    return screen.drawn("bowls chart", lambda: Markup(draw(screen.chart, title=_("Bowls so far"), frame=PHONE)))


def _attempt(form: HandForm, action: Any) -> tuple[Any, int]:
    """Run a service call for the hand form: (its result, 200) or (None, the refusal's status)."""
    try:
        return action(), 200
    except services.Conflict as exc:
        form.form_errors.append(exc.message)
        return None, 409
    except services.Refused as exc:
        if exc.field == "change":  # the whole change refused (one that changes nothing): atop the form
            form.form_errors.append(exc.message)
        else:
            form.refuse(form.field_for(exc.field), exc.message)
        return None, exc.status if exc.status < 500 else 400


@bp.get("/<token>")
def show(token: str) -> ResponseReturnValue:
    gs = session_or_404(token)
    return screens.table_screen(gs, lambda: _screen_with_holes(gs), services.last_change_kept,
                                addresses=KEPT_ADDRESSES)


#: the table screen's addresses the app links to (after a save, a change, a resent one): the ones kept
KEPT_ADDRESSES = re.compile(r"(?:(?:saved|done)=[1-9][0-9]{0,5}(?:&again=1)?)?")


def _screen_with_holes(gs: GameSession) -> str:
    """The table screen as every phone of the table sees it, with holes for each phone's own tokens."""
    screen = services.table_screen(gs, hint_number("saved"))
    saved_row = screen.saved_row
    chart = drawn_chart(gs, screen)
    context = fixes_context(gs, undo_key=screens.KEY_HOLE)
    return screens.with_holes(render_template(
        "games/tresillo/pages/table.html", gs=gs, view=screen.view, recent=screen.recent,
        moves=saved_row.moves if saved_row else (), saved_row=saved_row,
        again=bool(saved_row and request.args.get("again")), rendered_at=screens.RENDERED_HOLE,
        points=screen.points, bowls_chart=chart, drawn=screen.drawn, **context))


@bp.get("/<token>/version")
def version(token: str) -> ResponseReturnValue:
    return version_answer(token, "session", session_or_404)


@bp.route("/<token>/hand", methods=["GET", "POST"])
def new_hand(token: str) -> ResponseReturnValue:
    gs = session_or_404(token)
    if gs.closed:  # a closed session takes no hands; a re-sent hand stored before the end is told so
        return closed_page(gs, entering=True, saved=lambda found: _saved(gs, found))
    form = hand_form(gs, formdata=request.form if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.validate_on_submit():
            number = form.number_posted()
            if not form.form_errors:
                saved, status = _attempt(form, lambda: services.add_hand(
                    gs, form.told_hand(), idem_key=form.idem_key.data or "", number=number, entry=form.entry,
                    version=posted_version(form) if form.version.data else None, phone=phone_name()))
                if saved is not None:
                    return _saved(gs, saved)
    assert form.entry is not None
    up = form.upcoming
    if request.method == "GET" or _deleted_since(form, up.number):
        form.number.data = str(up.number)
        form.version.data = str(gs.version)
    return hand_page(gs, form, form.entry), status


def _deleted_since(form: HandForm, next_number: int) -> bool:
    """The form was made for a later hand number than the next one: hands were deleted meanwhile."""
    return bool(form.form_errors) and number_of(form.number.data, domains.HAND_NUMBER) > next_number


def _saved(gs: GameSession, saved: services.Saved) -> ResponseReturnValue:
    """Where a stored hand leads: the table showing it, or what became of a hand stored earlier."""
    if saved.record is not None and not gs.closed:
        # a re-sent copy (same key, its answer lost) is told that its hand was saved already, once
        again: dict[str, Any] = {} if saved.created else {"again": 1}
        if saved.created:
            draw_ahead(gs.token, saved.record.position + 1)
        return redirect(url_for("table.show", token=gs.token, saved=saved.record.position + 1, **again))
    if saved.record is not None:
        number = saved.record.position + 1
        ended = services.last_of_kind(gs, "end")
        message = (_("Hand {n} was saved before the session ended ({ended}). Nothing was lost and nothing was "
                     "entered twice.").format(n=number, ended=services.told(ended)) if ended is not None
                   else _("Hand {n} was saved before the session ended. Nothing was lost and nothing was entered "
                          "twice.").format(n=number))
        title = _("Hand {n} was saved").format(n=number)
    else:
        entry = saved.entry
        assert entry is not None
        message = _("This hand was saved as hand {n} at {time}, and has been deleted since (see the history). "
                    "It was not entered again.").format(n=entry.hand, time=services.history_time(entry))
        title = _("Already saved")
    return render_template("web/error.html", title=title, message=message,
                           back=url_for("table.show", token=gs.token)), 200


def draw_ahead(token: str, number: int) -> None:
    """Once the save's answer is sent, draw the table screens the table opens next: this phone's own after
    its save (it follows the answer at once), then the plain one every other phone opens when its next poll
    sees the new version (0 to 3 s later), so the phones are handed a kept page rather than each waiting
    for a draw (bench/tableside.py --pattern table)."""
    screen = url_for("table.show", token=token)
    asks = (asked_as_this_phone(screen, f"saved={number}"), asked_as_this_phone(screen))

    def ahead() -> None:
        for ask in asks:
            ask()

    after_response(ahead)


@bp.post("/<token>/preview")
def preview(token: str) -> ResponseReturnValue:
    """What the hand in the form would do, from the engine; nothing is saved."""
    gs = session_or_404(token)
    edit = query_number("edit")
    insert = query_number("insert")
    if edit is not None and not 1 <= edit <= len(gs.hands) or insert is not None and not 1 <= insert <= len(gs.hands):
        abort(404)
    form = hand_form(gs, formdata=request.form, number=edit or insert)
    assert form.entry is not None
    try:
        hand = form.told_hand()
    except services.Refused as exc:
        return jsonify(ok=False, field=exc.field, message=exc.message)
    found = services.preview_hand(form.entry, hand, insert=insert is not None)
    result = found.result
    if result is None:
        return jsonify(ok=False, field=found.field, message=found.message)
    return jsonify(ok=True, outcome=result.outcome, in_play=result.in_play, summary=found.summary,
                   moves=list(found.moves))


@bp.get("/<token>/hands")
def history(token: str) -> ResponseReturnValue:
    """All hands, newest first, a page at a time: ``?before=N`` the hands before N, ``?hand=N`` the page of N."""
    gs = session_or_404(token)
    page = services.hands_page(gs, before=hint_number("before"), hand=hint_number("hand"))
    return render_template("games/tresillo/pages/history.html",
                           gs=gs, view=page.view, page=page, items=hand_items(gs, page),
                           form=VersionForm(version=gs.version))


def hand_items(gs: GameSession, page: services.HandsPage) -> list[Markup]:
    """The page's hands as list items, each drawn once per version, language, link and open/closed, then
    kept with the replay (the platform's ``DealsPage.items``)."""
    item = get_template_attribute("games/tresillo/pages/hand_item.html", "hand_item")
    language = current_language()
    return page.items(lambda r: (language, gs.token, gs.closed, r.hand), lambda r: item(gs, r, page.view.players))


@bp.route("/<token>/hands/<int:number>/edit", methods=["GET", "POST"])
def edit_hand(token: str, number: int) -> ResponseReturnValue:
    gs = session_or_404(token)
    resent = services.find_change(gs, request.form.get("idem_key", "")) if request.method == "POST" else None
    if resent is not None:
        return after_change(gs, resent.seq, True)  # a re-sent fix: made once already
    if not 1 <= number <= len(gs.hands):
        posted = number_of(request.form.get("version")) if request.method == "POST" else None
        return gone(gs, number, 409 if request.method == "POST" else 404, posted)
    if gs.closed:
        return closed_page(gs)
    stored = services.stored_hand(gs, number)
    # the form is built for the table as it stood before this hand (one replay, reused by the save)
    form = hand_form(gs, formdata=None if request.method == "GET" else request.form, number=number)
    assert form.entry is not None
    entry = form.entry
    status = 200
    if request.method == "GET" and stored is not None:
        form.fill_from(stored)
        form.version.data = str(gs.version)
    elif form.validate_on_submit():
        edited, status = _attempt(form, lambda: services.edit_hand(
            gs, number - 1, form.told_hand(), version=posted_version(form), entry=entry,
            key=form.idem_key.data or new_key(), phone=phone_name()))
        if edited is not None:  # a copy of this fix made while this one waited: done once, said so
            made, already = edited
            return after_change(gs, made.seq, already)
        if status == 409:  # another phone changed the evening since the form was made: compare, as every game
            return compared(gs, form, number, form.idem_key.data or "", carried(request.form.items(multi=True), own),
                            editing=True, message=" ".join(form.form_errors), status=409)
    else:
        status = 400
    return hand_page(gs, form, entry, editing=number), status


@bp.route("/<token>/end", methods=["GET", "POST"])
def end(token: str) -> ResponseReturnValue:
    """The end of the evening: choose what happens to the paper, confirm, and the session closes."""
    gs = session_or_404(token)
    form = EndForm()
    status = 200
    if request.method == "POST":
        if not form.validate_on_submit():
            status = 400
        elif services.find_change(gs, form.key.data or "") is not None or (not gs.closed and form.confirm.data):
            return respond(_end(gs, form), form)
        elif not gs.closed and posted_version(form) != gs.version:
            return respond(_end(gs, form), form)  # refused as stale, saying what changed
        elif not gs.closed:
            return _confirm_end(gs, form)
        else:
            return _already_ended(gs)
    if request.method == "GET" or not form.version.data:
        form.version.data = str(gs.version)
    return _end_page(gs, form, status)


def _already_ended(gs: GameSession) -> ResponseReturnValue:
    """An end posted to an ended session (a second phone, an old page): how it ended; nothing changes."""
    message = (_("This session was already ended, and its paper kept for next time. Nothing was changed.")
               if gs.end_paper == "keep" else
               _("This session was already ended, and its paper settled. Nothing was changed."))
    return render_template("web/error.html", title=_("Already ended"), message=message,
                           back=url_for("table.end", token=gs.token)), 409


def _end_page(gs: GameSession, form: EndForm, status: int) -> ResponseReturnValue:
    page = services.end_page(gs)
    preview = {} if gs.closed else {"settle": page.if_settled, "keep": page.if_kept}
    evening = services.evening_of(gs)
    share = services.share_text(gs.group, evening) if evening is not None else ""
    return render_template("games/tresillo/pages/end.html",
                           gs=gs, view=page.view, form=form, preview=preview, share=share,
                           **fixes_context(gs)), status


def _confirm_end(gs: GameSession, form: EndForm) -> ResponseReturnValue:
    """Ending is asked once more, with the money either way."""
    form.key.data = form.key.data or new_key()
    page = services.end_page(gs)
    settlement = page.if_kept if form.paper.data == "keep" else page.if_settled
    return render_template("games/tresillo/pages/end_confirm.html",
                           gs=gs, form=form, phone=phone_name(), settlement=settlement)


def _end(gs: GameSession, form: EndForm) -> ResponseReturnValue:
    try:
        saved = services.end_session(gs, paper=form.paper.data, version=posted_version(form), key=form.key.data or "",
                                     phone=named_by(form))
    except services.Conflict as exc:
        form.form_errors.append(exc.message)
        form.version.data = str(gs.version)
        return _end_page(gs, form, exc.status)
    except services.Refused as exc:
        form.refuse("paper", exc.message)
        form.version.data = str(gs.version)
        return _end_page(gs, form, exc.status)
    entry = saved.entry
    assert entry is not None
    return redirect(url_for("table.end", token=gs.token, done=entry.seq, again="1" if not saved.created else None))


@bp.get("/<token>/session.json")
def export_json(token: str) -> ResponseReturnValue:
    gs = session_or_404(token)
    return Response(services.export_json(gs), mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="tresillo-{gs.created_at:%Y-%m-%d}.json"'})


@bp.get("/<token>/ledger.csv")
def export_csv(token: str) -> ResponseReturnValue:
    gs = session_or_404(token)
    return Response(services.ledger_csv(gs), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="tresillo-{gs.created_at:%Y-%m-%d}.csv"'})


@bp.get("/<token>/<kind>.<any(pdf, html):fmt>")
def document(token: str, kind: str, fmt: str) -> ResponseReturnValue:
    return document_response(session_or_404(token), kind, fmt)


def document_response(gs: GameSession, kind: str, fmt: str) -> ResponseReturnValue:
    """A session's report, paper or settlement sheet, as HTML or PDF.

    The session's own paper carries no group link: a session or watch link
    never leads to the group's pages (docs/security.md); the group's paper does.
    """
    documents = documents_of(gs)
    if documents is None or kind not in documents.kinds:
        abort(404)
    language = document_language(gs.group.language)
    if fmt == "html":
        with use_language(language):
            view = services.view_for(gs, rows=True)
            # a long evening's report is paged: ?page=n
            return documents.html(kind, view, page=request.args.get("page", 1, type=int) or 1, nonce=csp_nonce())

    def draw() -> tuple[str, bytes]:
        with use_language(language):
            view = services.view_for(gs, rows=True)
            return documents.filename(kind, view), documents.pdf(kind, view)

    # drawn one at a time per server and kept (web/printing.py): a watch link cannot hold up the table
    return printing.pdf_response(printing.document_key(gs, kind, language, services.session_dict(gs)), draw)
