"""Tresillo's side of the phone's outbox: the sync answer (where the session stands, a fresh form token, who
deals the next hands) and its hand form's part of the platform's compare page (``web/compare.py``: a hand kept
on the phone beside the hand another phone stored under the same number). The platform's outbox
(``web/offline.py``) keeps the rest; see ``docs/offline.md``.

Their endpoints keep the outbox's names (``offline.sync``, ``offline.pending``): the app registers
:data:`ROUTES` through the registry.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import request
from flask.typing import ResponseReturnValue

from ....i18n import _
from ....web.access import session_or_404
from ....web.changes import damaged_link
from ....web.compare import Asked, asked, carried, compare_page
from ....web.offline import sync_answer
from .. import services
from ..services import GameSession
from .forms import HandForm, hand_form


def sync(token: str) -> ResponseReturnValue:
    """What the phone's outbox needs before sending: where the session stands, and a fresh form token;
    and who deals the next hands, kept by the phone for a hand form opened offline."""
    gs = session_or_404(token)
    return sync_answer(gs, services.deals_ahead(gs))


def pending(token: str) -> ResponseReturnValue:
    """A hand kept on this phone beside the hand the table holds under its number: the platform's compare page
    (``web/compare.py``), Tresillo giving its hand form's answers and its rows' words."""
    gs = session_or_404(token)
    ask = asked(gs)
    if not isinstance(ask, Asked):
        return ask
    edit = ask.edit
    mine = hand_form(gs, formdata=request.args, number=min(edit, len(gs.hands) + 1) if edit else None)
    return compared(gs, mine, edit or ask.number, ask.key, carried(request.args.items(multi=True), own),
                    editing=edit > 0)


def compared(gs: GameSession, mine: HandForm, number: int, key: str, fields: list[tuple[str, str]], *,
             editing: bool, message: str = "", status: int = 200) -> ResponseReturnValue:
    """The platform's compare page of ``mine`` (a hand kept on the phone, or a fix another phone's change made
    stale) beside hand ``number`` as the table holds it, its choices keyed with ``key``."""
    entry = mine.entry
    assert entry is not None
    try:
        hand = mine.to_hand()
    except services.Refused as exc:  # a kept hand whose values are not among the choices (a damaged link)
        return damaged_link(gs, exc.message)

    def answers(stored: Mapping[str, Any]) -> dict[str, tuple[str, str]]:
        form = hand_form(gs, entry=entry)
        form.fill_from(dict(stored))
        return entered_rows(form)

    compare = services.compare_fix if editing else services.compare_pending
    found = compare(gs, entry, hand, number, entered_rows(mine), answers)
    return compare_page(gs, found, key, fields, message=message, status=status)


def own(name: str) -> bool:
    """A field of the hand form (its tricks ``t0``…``t3`` too)."""
    return name in HandForm.__dict__ or name in {f"t{i}" for i in range(4)}


def entered_rows(form: HandForm) -> dict[str, tuple[str, str]]:
    """A hand as entered, one line per question: {question: (its label, the answer in words)}."""
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


#: (rule, endpoint, view, methods): the outbox's pages for a Tresillo session
ROUTES = (
    ("/s/<token>/sync", "offline.sync", sync, ("GET",)),
    ("/s/<token>/pending", "offline.pending", pending, ("GET",)),
)
