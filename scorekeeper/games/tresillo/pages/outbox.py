"""Tresillo's side of the phone's outbox: the sync answer (where the session stands, a fresh form token, who
deals the next hands) and the page that puts a hand kept on the phone beside the hand another phone stored
under the same number. The platform's outbox (``web/offline.py``) keeps the rest; see ``docs/offline.md``.

Their endpoints keep the outbox's names (``offline.sync``, ``offline.pending``): the app registers
:data:`ROUTES` through the registry.
"""

from __future__ import annotations

from typing import Any

from flask import render_template, request, url_for
from flask.typing import ResponseReturnValue

from ....core import domains
from ....i18n import _
from ....web.access import session_or_404
from ....web.forms import number_of
from ....web.offline import KEY, damaged_link, sync_answer
from .. import services
from .forms import HandForm, hand_form

#: the hand form's own fields, never copied from a kept hand into another form
FORM_PLUMBING = ("csrf_token", "idem_key", "number", "version", "key")


def sync(token: str) -> ResponseReturnValue:
    """What the phone's outbox needs before sending: where the session stands, and a fresh form token;
    and who deals the next hands, kept by the phone for a hand form opened offline."""
    gs = session_or_404(token)
    return sync_answer(gs, services.deals_ahead(gs))


def _number(value: str | None) -> int:
    """A hand number from the address; a missing or damaged one is 0 (domains.HAND_NUMBER, read strictly)."""
    return max(number_of(value, domains.HAND_NUMBER), 0)


def pending(token: str) -> ResponseReturnValue:
    """A hand kept on this phone beside the hand the table holds under its number, with the choices.

    The phone opens this page with its kept hand in the address (the server
    has no other copy of it) and the hand's own key, so entering it from
    here can never store it twice. ``number`` is the hand number it was
    entered as; ``edit`` instead marks a fix of that hand.
    """
    gs = session_or_404(token)
    key, number, edit = request.args.get("key", ""), _number(request.args.get("number")), _number(
        request.args.get("edit"))
    if not KEY.match(key) or number < 1 and edit < 1:
        return damaged_link(url_for("table.show", token=token))
    mine = hand_form(gs, formdata=request.args, number=min(edit, len(gs.hands) + 1) if edit else None)
    entry = mine.entry
    assert entry is not None
    try:
        hand = mine.to_hand()
    except services.Refused as exc:  # a kept hand whose values are not among the choices (a damaged link)
        return render_template("web/error.html", title=_("This link is damaged"), message=exc.message,
                               back=url_for("table.show", token=token)), 400
    if edit:
        found = services.compare_fix(gs, entry, hand, edit)
    else:
        found = services.compare_pending(gs, entry, hand, number)
    stored = None
    if found.stored is not None:
        stored = hand_form(gs, entry=entry)
        stored.fill_from(found.stored)
    target = url_for("table.edit_hand", token=token, number=found.number) if edit else url_for(
        "table.new_hand", token=token)
    return render_template("games/tresillo/pages/pending.html",
                           gs=gs, found=found, rows=compared_rows(stored, mine), key=key,
                           target=target, hidden=_kept_fields(request.args.items(multi=True)))


def _kept_fields(items: Any) -> list[tuple[str, str]]:
    """The kept hand's own fields, carried by the "enter mine" form (its key and number are set apart)."""
    known = set(HandForm.__dict__) | {f"t{i}" for i in range(4)}
    return [(k, v) for k, v in items if k in known and k not in FORM_PLUMBING]


def entered_rows(form: HandForm | None) -> dict[str, tuple[str, str]]:
    """A hand as entered, one line per question: {question: (its label, the answer in words)}."""
    if form is None:
        return {}
    hand = form.to_hand()
    rows: dict[str, tuple[str, str]] = {"contract": (form.contract.label.text, _choice(form.contract))}
    for name in ("declarer", "trump", "bet", "drops_out", "debt"):
        if hand.get(name):
            field = getattr(form, name)
            rows[name] = (field.label.text, _choice(field))
    surrender = hand.get("surrender")
    if surrender is not None:
        taken = surrender.get("takeover")
        rows["surrender"] = (form.surrender.label.text,
                             f"{_choice(form.surrender)} · {taken}" if taken else _choice(form.surrender))
    if hand.get("tricks"):
        rows["tricks"] = (_("Tricks"), " · ".join(f"{p} {n}" for p, n in hand["tricks"].items()))
    for name in ("forced", "estuche", "contra_estuche", "primeras"):
        if hand.get(name):
            value = hand[name]
            rows[name] = (getattr(form, name).label.text, str(value) if value is not True else _("yes"))
    if hand.get("bola"):
        rows["bola"] = (form.bola.label.text, _choice(form.bola))
    return rows


def _choice(field: Any) -> str:
    return str(dict(field.choices or []).get(field.data, field.data or ""))


def compared_rows(stored: HandForm | None, mine: HandForm) -> list[dict[str, Any]]:
    """The two hands side by side, question by question; ``differs`` marks where they disagree."""
    left, right = entered_rows(stored), entered_rows(mine)
    order = list(right) + [k for k in left if k not in right]
    return [{"label": (right.get(k) or left[k])[0], "stored": left.get(k, ("", "—"))[1],
             "mine": right.get(k, ("", "—"))[1], "differs": left.get(k) != right.get(k)} for k in order]


#: (rule, endpoint, view, methods): the outbox's pages for a Tresillo session
ROUTES = (
    ("/s/<token>/sync", "offline.sync", sync, ("GET",)),
    ("/s/<token>/pending", "offline.pending", pending, ("GET",)),
)
