"""The group across evenings: the next evening in one tap, the paper to print, statistics."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from flask import Blueprint, Response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_wtf import FlaskForm
from markupsafe import Markup
from wtforms import DateField, StringField
from wtforms.validators import Length, Optional

from .. import reports, services
from ..engine import domains
from ..engine.domains import OutOfDomain
from ..models import GameSession
from ..reports.chart import money_chart
from ..reports.qr import qr_svg
from ..viewmodel import format_money
from .forms import DAMAGED, NextForm
from .groups import group_or_404

bp = Blueprint("evenings", __name__)

#: evenings in the group's money-by-evening table (a player's own page lists all of theirs)
EVENINGS_SHOWN = 20


@bp.app_template_filter("money")
def money_filter(amount: Decimal, currency: str, signed: bool = False, unit: bool = True) -> str:
    """``+1.90 €`` (or ``+1.90`` in a table whose header names the currency)."""
    text = format_money(amount, currency, signed)
    return text if unit else text.rsplit(" ", 1)[0]


class ChooseForm(FlaskForm):
    """Which evenings the statistics add up (a GET form: nothing changes, no CSRF token)."""

    class Meta:
        csrf = False

    since = DateField("From", validators=[Optional()])
    until = DateField("To", validators=[Optional()])
    player = StringField("Player", validators=[Optional(), Length(max=40)])


def paper_extras(gs: GameSession) -> dict[str, Markup | str]:
    """What the printed paper adds to the session view: the group's link, as words and as a QR code."""
    link = url_for("groups.show", token=gs.group.token, _external=True)
    return {"group_link": link, "qr": Markup(qr_svg(link, title=f"{gs.group.name}: the group's page"))}


@bp.post("/g/<token>/next")
def start_next(token: str) -> ResponseReturnValue:
    group = group_or_404(token)
    form = NextForm()
    try:
        newest = domains.ROW_ID.parse(form.newest.data or "")
    except OutOfDomain:
        newest = None
    if not form.validate_on_submit() or newest is None:
        return render_template("web/error.html", title="Please try again", message=DAMAGED,
                               back=url_for("groups.show", token=token)), 400
    try:
        gs = services.start_next(group, newest)
    except services.Refused as exc:
        return render_template("web/error.html", title="Not started", message=exc.message,
                               back=url_for("groups.start", token=token)), exc.status
    return redirect(url_for("table.show", token=gs.token))


@bp.get("/g/<token>/paper.<any(pdf, html):fmt>")
def paper(token: str, fmt: str) -> ResponseReturnValue:
    """The paper the group carries: the kept paper of its last evening, with the group's QR code."""
    group = group_or_404(token)
    gs = services.kept_paper_session(group)
    if gs is None:
        return render_template("web/error.html", title="No paper kept",
                               message="The group's paper is clean: no reserved puesta is carried.",
                               back=url_for("groups.show", token=token)), 404
    view = services.view_for(gs, rows=True)
    extras = paper_extras(gs)
    if fmt == "html":
        return reports.render_html("paper", view, **extras)
    name = reports.document_filename("paper", view)
    return Response(reports.render_pdf("paper", view, **extras), mimetype="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


@bp.get("/g/<token>/stats")
def statistics(token: str) -> ResponseReturnValue:
    group = group_or_404(token)
    form = ChooseForm(request.args)
    valid = form.validate()
    since, until = (form.since.data, form.until.data) if valid else (None, None)
    if valid and since and until and since > until:
        form.until.errors = [*form.until.errors, "The last day comes after the first."]
        valid, since, until = False, None, None
    stats = services.group_statistics(group, since, until)
    player = (form.player.data or "").strip() if valid else ""
    mine = stats.totals(player) if player else None
    if player and mine is None:
        form.player.errors = [*form.player.errors, f"{player} played none of these evenings."]
        valid = False
    lines = stats.money_lines()
    if mine is not None:
        lines = {player: lines[player]}
    chart = Markup(money_chart(lines, stats.currency)) if stats.evenings else Markup("")
    today = date.today()
    presets = [("All evenings", {}), (f"{today.year}", {"since": date(today.year, 1, 1).isoformat()}),
               (f"{today.year - 1}", {"since": date(today.year - 1, 1, 1).isoformat(),
                                       "until": date(today.year - 1, 12, 31).isoformat()})]
    return render_template("web/stats.html", group=group, form=form, stats=stats, chart=chart, mine=mine,
                           presets=presets, since=since, until=until,
                           limit=len(stats.evenings) if mine else EVENINGS_SHOWN), 200 if valid else 400
