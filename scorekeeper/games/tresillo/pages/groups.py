"""Starting a Tresillo session from the group page, and importing a session file.

Their endpoints keep the group pages' names (``groups.start``, ``groups.import_session``): the app registers
:data:`ROUTES` through the registry.
"""

from __future__ import annotations

from flask import redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from ....i18n import _
from ....web.access import group_or_404
from ....web.forms import ImportForm
from .. import services
from ..services import GameSession, Group
from .forms import StartForm


def start(token: str) -> ResponseReturnValue:
    group = group_or_404(token)
    active = services.active_players(group)
    form = StartForm()
    choices = [("", "—")] + [(n, n) for n in active]
    for f in (form.seat1, form.seat2, form.seat3, form.seat4):
        f.choices = choices
    if request.method == "GET":  # who sits, in deal order: the last Tresillo table, else the first four
        for f, name in zip((form.seat1, form.seat2, form.seat3, form.seat4),
                           services.first_table(group), strict=False):
            f.data = name
    if form.validate_on_submit():
        try:
            gs = _start(group, form)
        except services.Refused as exc:
            form.refuse(START_FIELDS.get(exc.field, exc.field), exc.message)
        else:
            return redirect(url_for("table.show", token=gs.token))
    form.idem_key.fresh()  # the page shown carries a key (a keyless post refused is sent again with one)
    status = 400 if form.errors else 200
    return render_template("games/tresillo/pages/start.html", group=group, form=form, active=active,
                           carried=services.carried_paper(group)), status


#: where a service's refusal is shown on the start form
START_FIELDS = {"players": "seat1", "first_dealer": "first_dealer", "options": "own", "paper": "seat1",
                "session": "seat1", "format": "seat1"}


def _start(group: Group, form: StartForm) -> GameSession:
    """Start the session the form describes; every refusal is a :class:`services.Refused` on a field."""
    seats = form.seats()
    if len(seats) < 3:
        raise services.Refused("seat3", _("Tresillo needs three or four players."))
    dealer_seat = int(form.first_dealer.data or "1")
    if dealer_seat > len(seats):
        raise services.Refused("first_dealer", _("That seat is empty."))
    return services.start_session(
        group,
        players=seats,
        first_dealer=seats[dealer_seat - 1],
        rules=form.rules.data or "",
        start_tokens=form.start_tokens.data or 0,
        tanto_value=str(form.tanto_value.data),
        currency=form.currency.data or "EUR",
        options=form.options(),
        idem_key=form.idem_key.data,
    )


def import_session(token: str) -> ResponseReturnValue:
    group = group_or_404(token)
    form = ImportForm()
    if form.validate_on_submit():
        upload = request.files.get("file")
        data: str | bytes = upload.read() if upload and upload.filename else (form.text.data or "")
        try:
            if not data.strip():
                raise services.Refused("text", _("Choose a session file, or paste one."))
            if services.games.is_game_file(data):  # a game of the registry: its own table
                game = services.games.import_game(group, data, idem_key=form.idem_key.data)
                return redirect(url_for("games.table", token=game.token))
            gs = services.import_session(group, data, idem_key=form.idem_key.data,
                                         copy=request.form.get("copy") == "1")
        except services.Refused as exc:
            form.refuse("text" if exc.field in ("file", "text") else exc.field, exc.message)
        except services.AlreadyImported as seen:
            # the same file again: offer the evening it made, or a copy (the file travels in the form)
            return render_template("games/tresillo/pages/import.html", group=group, form=form, seen=seen.session,
                                   file_text=seen.text)
        else:
            return redirect(url_for("table.show", token=gs.token))
    form.idem_key.fresh()
    status = 400 if form.errors else 200
    return render_template("games/tresillo/pages/import.html", group=group, form=form), status


#: (rule, endpoint, view, methods): the group page's start and import
ROUTES = (
    ("/g/<token>/start", "groups.start", start, ("GET", "POST")),
    ("/g/<token>/import", "groups.import_session", import_session, ("GET", "POST")),
)
