"""Starting a Tresillo session from the group page.

Its endpoint keeps the group pages' name (``groups.start``): the app registers :data:`ROUTES` through the
registry. Importing a session file is the platform's page (``web.groups.import_session``), which hands a file
of Tresillo's own format to its reader (the record's ``reader``: ``services.files.import_session``).
"""

from __future__ import annotations

from flask import redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from ....i18n import _
from ....web.access import group_or_404
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


#: (rule, endpoint, view, methods): the group page's start of a Tresillo evening
ROUTES = (
    ("/g/<token>/start", "groups.start", start, ("GET", "POST")),
)
