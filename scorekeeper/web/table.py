"""The table: the screen that stays open, hand entry, fixing mistakes, the end of the evening."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from .. import services
from ..models import GameSession
from ..reports.chart import PHONE, bowl_chart
from .forms import DAMAGED, EndForm, HandForm, VersionForm, posted_version
from .paper import paper_extras

bp = Blueprint("table", __name__, url_prefix="/s")

DOCUMENTS = ("report", "paper", "settlement")


def session_or_404(token: str) -> GameSession:
    gs = services.find_session(token)
    if gs is None:
        abort(404)
    return gs


def hand_form(gs: GameSession, *, formdata: Any = None, number: int | None = None) -> HandForm:
    """The hand form for the next hand (or hand ``number``), built on one replay that the save reuses."""
    entry = services.entry_for(gs, number)
    form = HandForm() if formdata is None else HandForm(formdata=formdata)
    form.setup_for(list(gs.players), gs.rules, gs.options or {}, entry.upcoming)
    form.entry = entry
    return form


def _attempt(form: HandForm, action: Any) -> tuple[Any, int]:
    """Run a service call for the hand form: (its result, 200) or (None, the refusal's status)."""
    try:
        return action(), 200
    except services.Conflict as exc:
        form.form_errors.append(exc.message)
        return None, 409
    except services.Refused as exc:
        form.refuse(form.field_for(exc.field), exc.message)
        return None, exc.status if exc.status < 500 else 400


def _damaged(back: str) -> ResponseReturnValue:
    """A post whose form could not be read (its hidden fields damaged): a page that says so."""
    return render_template("web/error.html", title="Please try again", message=DAMAGED, back=back), 400


@bp.get("/<token>")
def show(token: str) -> ResponseReturnValue:
    gs = session_or_404(token)
    screen = services.table_screen(gs, request.args.get("saved", type=int))
    saved_row = screen.saved_row
    chart = Markup(bowl_chart(screen.chart, title="Bowls so far", frame=PHONE))
    return render_template("web/table.html", gs=gs, view=screen.view, recent=screen.recent,
                           moves=saved_row.moves if saved_row else (), saved_row=saved_row,
                           undo=VersionForm(version=gs.version), points=screen.points, bowls_chart=chart)


@bp.get("/<token>/version")
def version(token: str) -> ResponseReturnValue:
    gs = session_or_404(token)
    return jsonify(version=gs.version, hands=services.count_hands(gs), closed=gs.closed)


@bp.route("/<token>/hand", methods=["GET", "POST"])
def new_hand(token: str) -> ResponseReturnValue:
    gs = session_or_404(token)
    if gs.closed:
        return render_template("web/error.html", title="Session closed",
                               message="This session is closed: hands can no longer be entered."), 409
    form = hand_form(gs, formdata=request.form if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.validate_on_submit():
            number = form.number_posted()
            if not form.form_errors:
                saved, status = _attempt(form, lambda: services.add_hand(
                    gs, form.to_hand(), idem_key=form.idem_key.data or "", number=number, entry=form.entry))
                if saved is not None:
                    return redirect(url_for("table.show", token=token, saved=saved.record.position + 1))
    assert form.entry is not None
    view = services.view_from(gs, form.entry.ledger)
    form.number.data = str(view.next.number) if request.method == "GET" else form.number.data
    return render_template("web/hand.html", gs=gs, view=view, form=form, editing=None), status


@bp.post("/<token>/preview")
def preview(token: str) -> ResponseReturnValue:
    """What the hand in the form would do, from the engine; nothing is saved."""
    gs = session_or_404(token)
    edit = request.args.get("edit", type=int)
    if edit is not None and not 1 <= edit <= len(gs.hands):
        abort(404)
    form = hand_form(gs, formdata=request.form, number=edit)
    assert form.entry is not None
    try:
        hand = form.to_hand()
    except services.Refused as exc:
        return jsonify(ok=False, field=exc.field, message=exc.message)
    found = services.preview_hand(form.entry, hand)
    result = found.result
    if result is None:
        return jsonify(ok=False, field=found.field, message=found.message)
    return jsonify(ok=True, outcome=result.outcome, in_play=result.in_play, summary=found.summary,
                   moves=list(found.moves))


@bp.get("/<token>/hands")
def history(token: str) -> ResponseReturnValue:
    gs = session_or_404(token)
    view = services.view_for(gs, rows=True)
    return render_template("web/history.html", gs=gs, view=view, form=VersionForm(version=gs.version))


@bp.route("/<token>/hands/<int:number>/edit", methods=["GET", "POST"])
def edit_hand(token: str, number: int) -> ResponseReturnValue:
    gs = session_or_404(token)
    if not 1 <= number <= len(gs.hands):
        abort(404)
    if gs.closed:
        return render_template("web/error.html", title="Session closed",
                               message="This session is closed: its hands can no longer be changed."), 409
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
        edited, status = _attempt(
            form, lambda: services.edit_hand(gs, number - 1, form.to_hand(), version=posted_version(form),
                                             entry=entry))
        if edited is not None:
            return render_template("web/recomputed.html", gs=gs, view=edited.after, changed=edited.changed,
                                   what=f"Hand {number} changed")
    else:
        status = 400
    view = services.view_from(gs, entry.ledger)
    return render_template("web/hand.html", gs=gs, view=view, form=form, editing=number,
                           upcoming=entry.upcoming), status


@bp.post("/<token>/hands/<int:number>/delete")
def delete_hand(token: str, number: int) -> ResponseReturnValue:
    gs = session_or_404(token)
    if not 1 <= number <= len(gs.hands):
        abort(404)
    form = VersionForm()
    if not form.validate_on_submit():
        return _damaged(url_for("table.history", token=token))
    try:
        done = services.delete_hand(gs, number - 1, version=posted_version(form))
    except services.Refused as exc:
        return render_template("web/error.html", title="Not deleted", message=exc.message,
                               back=url_for("table.history", token=token)), exc.status
    return render_template("web/recomputed.html", gs=gs, view=done.after, changed=done.changed,
                           what=f"Hand {number} deleted")


@bp.post("/<token>/undo")
def undo(token: str) -> ResponseReturnValue:
    gs = session_or_404(token)
    form = VersionForm()
    if not form.validate_on_submit():
        return _damaged(url_for("table.show", token=token))
    try:
        services.undo_last(gs, version=posted_version(form))
    except services.Refused as exc:
        return render_template("web/error.html", title="Nothing undone", message=exc.message,
                               back=url_for("table.show", token=token)), exc.status
    return redirect(url_for("table.show", token=token))


@bp.route("/<token>/end", methods=["GET", "POST"])
def end(token: str) -> ResponseReturnValue:
    gs = session_or_404(token)
    form = EndForm()
    status = 200
    if request.method == "POST" and gs.closed:
        kept = "kept for next time" if gs.end_paper == "keep" else "settled"
        return render_template("web/error.html", title="Already ended",
                               message=f"This session was already ended, and its paper {kept}. "
                                       "Nothing was changed.", back=url_for("table.end", token=token)), 409
    if request.method == "POST":
        status = 400
        if form.validate_on_submit():
            try:
                services.end_session(gs, paper=form.paper.data, version=posted_version(form))
            except services.Conflict as exc:
                form.form_errors.append(exc.message)
                status = exc.status
            except services.Refused as exc:
                form.refuse("paper", exc.message)
                status = exc.status
            else:
                return redirect(url_for("table.end", token=token))
    if request.method == "GET" or not form.version.data:
        form.version.data = str(gs.version)
    page = services.end_page(gs)
    preview = {} if gs.closed else {"settle": page.if_settled, "keep": page.if_kept}
    evening = services.evening_of(gs)
    share = services.share_text(gs.group, evening) if evening is not None else ""
    return render_template("web/end.html", gs=gs, view=page.view, form=form, preview=preview,
                           share=share), status


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
    from .. import reports

    gs = session_or_404(token)
    if kind not in DOCUMENTS:
        abort(404)
    view = services.view_for(gs, rows=True)
    extras = paper_extras(gs) if kind == "paper" else {}
    if fmt == "html":
        return reports.render_html(kind, view, **extras)
    name = reports.document_filename(kind, view)
    return Response(reports.render_pdf(kind, view, **extras), mimetype="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})
