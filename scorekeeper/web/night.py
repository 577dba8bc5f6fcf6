"""The group's evening across games: its page, its end, a game settled on its own, its report, statistics."""

from __future__ import annotations

import hashlib
import json
from datetime import date
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from wtforms import RadioField
from wtforms.validators import Optional

from .. import services
from ..games.registry import load, records
from ..i18n import _, use_language
from ..i18n import lazy_gettext as _l
from ..reports import stylesheet
from ..reports.night import night_html, render_night_pdf
from ..services import GameSession, Group, Night
from ..services import night as nights
from .access import group_or_404
from .figures import ChooseForm, StatsSection, day_presets
from .forms import Form
from .hardening import csp_nonce
from .language import document_language
from .printing import pdf_response

bp = Blueprint("night", __name__)


class EndNightForm(Form):
    """End the evening (or settle one game on its own): what becomes of a Tresillo paper still open."""

    paper = RadioField(_l("The paper"), choices=[("settle", _l("Settle the paper")), ("keep", _l("Keep the paper"))],
                       default="settle", validators=[Optional()])


@bp.app_template_filter("game_name")
def game_name_filter(game: str) -> str:
    return nights.game_name(game)


@bp.app_template_filter("session_name")
def session_name_filter(gs: GameSession) -> str:
    """A session's game by its own name (its ruleset's: Truco rioplatense)."""
    return nights.session_name(gs)


@bp.app_context_processor
def nights_on_pages() -> dict[str, Any]:
    """The group page links the evening in progress and the last evenings."""
    return {"group_nights": nights.group_nights, "open_night": nights.open_night}


def night_or_404(group: Group, night_id: int) -> Night:
    night = nights.find_night(group, night_id)
    if night is None:
        abort(404)
    return night


def _page(group: Group, night: Night, form: EndNightForm, status: int = 200) -> ResponseReturnValue:
    page = nights.night_page(night)
    return render_template("web/night.html", group=group, page=page, form=form,
                           share=nights.night_share_text(group, page)), status


@bp.get("/g/<token>/nights/<int:night_id>")
def show(token: str, night_id: int) -> ResponseReturnValue:
    group = group_or_404(token)
    return _page(group, night_or_404(group, night_id), EndNightForm(formdata=None))


@bp.post("/g/<token>/nights/<int:night_id>/end")
def end(token: str, night_id: int) -> ResponseReturnValue:
    """End the evening: every game still open ends, everything is settled at once."""
    group = group_or_404(token)
    night = night_or_404(group, night_id)
    form = EndNightForm()
    if form.validate_on_submit():
        try:
            nights.end_night(night, form.paper.data or "settle")
        except services.Refused as exc:
            form.paper.errors = [*form.paper.errors, exc.message]
        else:
            return redirect(url_for("night.show", token=token, night_id=night_id))
    return _page(group, night, form, 400)


@bp.post("/g/<token>/nights/<int:night_id>/alone/<game>")
def alone(token: str, night_id: int, game: str) -> ResponseReturnValue:
    """Settle one game on its own: it ends, and the evening's settlement leaves it out."""
    group = group_or_404(token)
    night = night_or_404(group, night_id)
    form = EndNightForm()
    if form.validate_on_submit():
        try:
            nights.settle_alone(night, game, form.paper.data or "settle")
        except services.Refused as exc:
            if exc.status == 404:
                abort(404)
            form.paper.errors = [*form.paper.errors, exc.message]
        else:
            return redirect(url_for("night.show", token=token, night_id=night_id, _anchor="games"))
    return _page(group, night, form, 400)


@bp.get("/g/<token>/nights/<int:night_id>/report.<any(pdf, html):fmt>")
def report(token: str, night_id: int, fmt: str) -> ResponseReturnValue:
    """The evening's report: a summary page, then (in the PDF) each game's own sheet where the game has one."""
    group = group_or_404(token)
    night = night_or_404(group, night_id)
    language = document_language(group.language)
    with use_language(language):
        page = nights.night_page(night)
        if fmt == "html":
            return night_html(group.name, page, stylesheet(), csp_nonce())
    made = json.dumps([group.name, repr(page)], default=str)
    version = sum(gs.version for gs in night.sessions)
    key = (f"night-{night.id}", version, language, "night", hashlib.sha256(made.encode()).hexdigest())

    def draw() -> tuple[str, bytes]:
        with use_language(language):
            return f"evening-{page.started:%Y-%m-%d}.pdf", render_night_pdf(
                group.name, page, nights.game_sheets(night))

    return pdf_response(key, draw)


@bp.get("/g/<token>/stats")
def statistics(token: str) -> ResponseReturnValue:
    """The group's one statistics page: money by game and in total per player over the chosen evenings, each
    game's feats, then each game's own section (``GameRecord.stats``) for the games the group has played."""
    group = group_or_404(token)
    form = ChooseForm(request.args)
    valid, since, until = form.chosen_days()
    stats = nights.statistics_across(group, since, until)
    played = nights.games_played(group)
    sections = [(record.name, load(record, record.stats)(group, form, since, until))
                for record in records().values() if record.stats and record.name in played]
    asked = (form.player.data or "").strip() if valid else ""
    sections, mine = _about(asked, sections, [p.name for p in stats.players], form) if asked else (sections, "")
    valid = valid and (bool(mine) if asked else all(s.valid for _, s in sections))
    return render_template("web/stats.html", group=group, form=form, stats=stats, sections=sections, mine=mine,
                           since=since, until=until, presets=day_presets(date.today()),
                           game_name=nights.game_name), 200 if valid else 400


def _about(asked: str, sections: list[tuple[str, StatsSection]], players: list[str],
           form: ChooseForm) -> tuple[list[tuple[str, StatsSection]], str]:
    """One player's statistics: the sections of the games they played, their name as the group writes it. A
    player of none of these evenings (of any game) is told so under the form; one who played only other games
    than a section's is not: that section is left out."""
    theirs = [(game, s) for game, s in sections if s.player.casefold() == asked.casefold()]
    mine = next((s.player for _game, s in theirs), "") or next(
        (name for name in players if name.casefold() == asked.casefold()), "")
    if not mine:
        form.player.errors = [_("{player} played none of these evenings.").format(player=asked)]
        return sections, ""
    form.player.errors = []
    return theirs, mine


@bp.get("/g/<token>/games/stats")
def old_statistics(token: str) -> ResponseReturnValue:
    """The games' statistics had their own address: a phone's old link reaches the one page, choices kept. The
    link is checked as the page's is (a session's link here is refused, never passed on)."""
    group_or_404(token)
    query = f"?{request.query_string.decode('ascii', 'replace')}" if request.query_string else ""
    return redirect(url_for("night.statistics", token=token) + query, 301)
