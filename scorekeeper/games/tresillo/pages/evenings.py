"""The group across evenings: the next evening in one tap, the paper to print, statistics."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from markupsafe import Markup
from wtforms import DateField, IntegerField, SelectField
from wtforms.validators import Optional
from wtforms.widgets import TextInput

from ....core import domains
from ....core.domains import OutOfDomain
from ....i18n import _, use_language
from ....i18n import lazy_gettext as _l
from ....reports.chart import money_chart
from ....services import Group
from ....web.access import group_or_404, session_or_404
from ....web.figures import ChooseForm, StatsSection
from ....web.forms import DAMAGED, Form, NextForm
from ....web.hardening import csp_nonce
from ....web.language import document_language
from ....web.printing import documents_of
from .. import services
from ..services import GameSession
from .forms import RulesForm
from .paper import paper_extras

bp = Blueprint("evenings", __name__)

#: evenings in the group's money-by-evening table (a player's own page lists all of theirs)
EVENINGS_SHOWN = 20


@bp.post("/g/<token>/next")
def start_next(token: str) -> ResponseReturnValue:
    group = group_or_404(token)
    form = NextForm()
    try:
        newest = domains.ROW_ID.parse(form.newest.data or "")
    except OutOfDomain:
        newest = None
    if not form.validate_on_submit() or newest is None:
        return render_template("web/error.html", title=_("Please try again"), message=_(DAMAGED),
                               back=url_for("groups.show", token=token)), 400
    try:
        gs = services.start_next(group, newest)
    except services.Refused as exc:
        return render_template("web/error.html", title=_("Not started"), message=exc.message,
                               back=url_for("groups.start", token=token)), exc.status
    return redirect(url_for("table.show", token=gs.token))


@bp.get("/g/<token>/paper.<any(pdf, html):fmt>")
def paper(token: str, fmt: str) -> ResponseReturnValue:
    """The paper the group carries: the kept paper of its last evening, with the group's QR code."""
    group = group_or_404(token)
    gs = services.kept_paper_session(group)
    if gs is None:
        return render_template("web/error.html", title=_("No paper kept"),
                               message=_("The group's paper is clean: no reserved puesta is carried."),
                               back=url_for("groups.show", token=token)), 404
    documents = documents_of(gs)
    if documents is None or "paper" not in documents.kinds:
        abort(404)
    with use_language(document_language(group.language)):
        view = services.view_for(gs, rows=True)
        extras = paper_extras(gs)
        if fmt == "html":
            return documents.html("paper", view, nonce=csp_nonce(), **extras)
        name = documents.filename("paper", view)
        pdf = documents.pdf("paper", view, **extras)
    return Response(pdf, mimetype="application/pdf", headers={"Content-Disposition": f'attachment; filename="{name}"'})


def stats_section(group: Group, form: ChooseForm, since: date | None, until: date | None) -> StatsSection:
    """Tresillo's section of the group's statistics page (``GameRecord.stats``): the evenings' money and each
    player's feats, or one player's (``form.player``; a player of none of these evenings is told under it)."""
    stats = services.group_statistics(group, since, until)
    player = (form.player.data or "").strip() if not any(f.errors for f in form) else ""
    mine = stats.totals(player) if player else None
    if player and mine is None:
        form.player.errors = [*form.player.errors, _("{player} played none of these evenings.").format(player=player)]
    lines = stats.money_lines()
    if mine is not None:
        lines = {player: lines[player]}
    chart = Markup(money_chart(lines, stats.currency)) if stats.evenings else Markup("")
    html = render_template("games/tresillo/pages/stats.html", group=group, stats=stats, chart=chart, mine=mine,
                           since=since, until=until, limit=len(stats.evenings) if mine else EVENINGS_SHOWN)
    return StatsSection(Markup(html), valid=not (player and mine is None), player=mine.name if mine else "")


class VersusForm(Form):
    """Which two players, over which evenings (a GET form: nothing changes, no CSRF token)."""

    class Meta:
        csrf = False

    a = SelectField(_l("Player"))
    b = SelectField(_l("Against"))
    since = DateField(_l("From"), validators=[Optional()])
    until = DateField(_l("To"), validators=[Optional()])


@bp.get("/g/<token>/versus")
def versus(token: str) -> ResponseReturnValue:
    """Head to head: two players over the evenings they shared, and who finished ahead how often."""
    group = group_or_404(token)
    names = [p.name for p in group.players]
    form = VersusForm(request.args)
    form.a.choices = form.b.choices = [(n, n) for n in names]
    if not request.args and len(names) > 1:
        form.a.data, form.b.data = names[0], names[1]
    found = None
    if request.args and form.validate():
        since, until = form.since.data, form.until.data
        if form.a.data == form.b.data:
            form.b.errors = [*form.b.errors, _("Choose two different players.")]
        elif since and until and since > until:
            form.until.errors = [*form.until.errors, _("The last day comes after the first.")]
        else:
            found = services.versus(group, form.a.data or "", form.b.data or "", since, until)
    status = 400 if request.args and found is None else 200
    return render_template("games/tresillo/pages/versus.html", group=group, form=form, found=found), status


class TokensField(IntegerField):
    """A count of tokens, typed as text (a number input hides what was mistyped); a true minus is read too."""

    widget = TextInput()

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist or not str(valuelist[0]).strip():
            self.data = None
            return
        text = str(valuelist[0]).strip().replace("−", "-")
        if not re.fullmatch(r"-?[0-9]{1,5}", text):  # ASCII digits only: never ² or ٣ (domains.py)
            self.data = None
            raise ValueError(_("A whole number of tokens, please (like 152)."))
        self.data = int(text)


def _count_field(label: str) -> TokensField:
    return TokensField(label, validators=[Optional()])


class CountForm(Form):
    """What the players counted: each bowl by seat, the plato, the pajaritos dish (a GET form: nothing changes)."""

    class Meta:
        csrf = False

    b0 = _count_field(_l("Seat 1"))
    b1 = _count_field(_l("Seat 2"))
    b2 = _count_field(_l("Seat 3"))
    b3 = _count_field(_l("Seat 4"))
    plato = _count_field(_l("The plato"))
    pajaritos = _count_field(_l("The pajaritos dish"))

    def fields_for(self, parties: list[str]) -> list[tuple[str, IntegerField]]:
        """(party, field) for each party the table has, the bowls labelled with the players' names."""
        seats = [getattr(self, f"b{i}") for i in range(4)]
        out = []
        for i, party in enumerate(parties[:-2]):
            seats[i].label.text = _("{player}'s bowl").format(player=party)
            out.append((party, seats[i]))
        return out + [(parties[-2], self.plato), (parties[-1], self.pajaritos)]


@bp.get("/s/<token>/count")
def count(token: str) -> ResponseReturnValue:
    """The count check: the players type what they counted; the app says where a move went missing."""
    gs = session_or_404(token)
    form = CountForm(request.args)
    fields = form.fields_for(services.count_parties(gs))
    answer = None
    status = 200
    if request.args:
        form.validate()
        counted = {party: f.data for party, f in fields if f.data is not None}
        for party, f in fields:
            if party not in counted and not f.errors:
                f.errors = [*f.errors, _("Count this one too (0 if it is empty).")]
        if len(counted) == len(fields) and not any(f.errors for _, f in fields):
            answer = services.count_check(gs, counted)
        status = 200 if answer is not None else 400
    return render_template("games/tresillo/pages/count.html", gs=gs, form=form, fields=fields, answer=answer), status


class WhatIfForm(RulesForm):
    class Meta:
        csrf = False


@bp.get("/s/<token>/whatif")
def what_if(token: str) -> ResponseReturnValue:
    """The evening's hands replayed under other rules: each player's money difference (nothing stored)."""
    gs = session_or_404(token)
    asked = bool(request.args)
    form = WhatIfForm(request.args if asked else None, data=None if asked else _rules_data(gs))
    answer = None
    status = 200
    if asked:
        if form.validate():
            try:
                answer = services.what_if(gs, form.rules.data or "", form.options())
            except ValueError as exc:  # a malformed "own amounts" entry, or unknown rules
                field = form.rules if isinstance(exc, services.Refused) else form.own
                field.errors = [*field.errors, getattr(exc, "message", str(exc))]
        status = 200 if answer is not None else 400
    return render_template("games/tresillo/pages/whatif.html", gs=gs, form=form, answer=answer), status


def _rules_data(gs: GameSession) -> dict[str, object]:
    """The evening's own rules, to start the form from."""
    options = gs.options or {}
    own = [f"{k} {v}" for k, v in (options.get("condiciones") or {}).items()]
    own += [f"{k} {options[k]}" for k in ("ante", "pajarito") if k in options]
    return {"rules": gs.rules, "palo_de_favor": options.get("palo_de_favor", ""),
            "scale": str(options.get("scale", 1)), "old_codillo": options.get("codillo") == "winner_only",
            "penetro_four": bool(options.get("penetro_four")), "own": ", ".join(own)}
