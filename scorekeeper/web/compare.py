"""The outbox's compare-and-choose page, for every game: a deal kept on this phone beside the deal the table holds
under its number (``services/pending.py``), with the choices: enter mine (or apply my fix) with the version now,
change mine first, drop mine, or keep the table's.

The phone opens it with its kept deal in the address (the server has no other copy of it) and the deal's own key,
so entering it from here can never store it twice; a deal beaten by another phone is answered with it too (409).
A game gives only its form (the kept deal read from the address, its answers question by question) and its word,
hand or deal; the links are its pages' (``web.endpoints``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from flask import render_template, request, url_for
from flask.typing import ResponseReturnValue

from ..core import domains
from ..i18n import N_
from ..services import GameSession
from ..services.pending import Comparison
from ..services.played import counts_hands
from .changes import brand, damaged_link
from .endpoints import endpoint
from .forms import number_of
from .offline import KEY

#: the deal forms' own fields, never carried from a kept deal into the "enter mine" form
PLUMBING = ("csrf_token", "idem_key", "number", "version", "confirm", "key", "edit", "pending")


@dataclass(frozen=True)
class Words:
    """The page's sentences in the game's word, hand or deal (two words a translation may decline differently:
    a sentence each, never a word put in)."""

    heading: str
    fix_title: str
    twice_title: str
    absent_title: str
    closed: str
    same_fix: str
    same: str
    fix_gone: str
    fix_beaten: str
    beaten: str
    now: str
    now_said: str
    in_place: str
    as_next: str
    same_other: str
    apply_fix: str
    enter: str
    back: str


WORDS = {
    True: Words(
        N_("Hand %(n)s"), N_("Your fix of hand %(n)s was not applied"), N_("Hand %(n)s was entered on two phones"),
        N_("Your hand %(n)s is not on the table"),
        N_("The session was ended on another phone, so nothing can be entered or changed now. Yours is still on "
           "this phone: look at it, then drop it, or reopen the session first."),
        N_("Hand %(n)s is already as your fix says:"), N_("Both phones entered the same hand:"),
        N_("Hand %(n)s was deleted on another phone, so your fix cannot be applied. It is still on this phone: look "
           "at it, then drop it."),
        N_("Hand %(n)s was changed on another phone before your fix arrived. Yours is still on this phone, "
           "untouched: look at both, then choose."),
        N_("Another phone saved hand %(n)s first. Yours is still on this phone, untouched: look at both, then "
           "choose."),
        N_("Hand %(n)s now"), N_("Hand %(n)s now:"), N_("Yours in place of hand %(n)s"), N_("Yours as hand %(n)s"),
        N_("It was another hand that went the same way: enter mine as hand %(n)s"), N_("Apply my fix to hand %(n)s"),
        N_("Enter mine as hand %(n)s"), N_("Back to the table")),
    False: Words(
        N_("Deal %(n)s"), N_("Your fix of deal %(n)s was not saved"), N_("Deal %(n)s was entered on two phones"),
        N_("Your deal %(n)s is not on the table"),
        N_("The game was ended on another phone, so nothing can be entered or changed now. Yours is still on this "
           "phone: look at it, then drop it."),
        N_("Deal %(n)s is already as your fix says:"), N_("Both phones say the same:"),
        N_("Deal %(n)s was deleted on another phone, so your fix cannot be applied. Look at yours, then drop it."),
        N_("Deal %(n)s was changed on another phone before your fix arrived. Yours is still on this phone, "
           "untouched: look at both, then choose."),
        N_("Another phone saved deal %(n)s first. Yours is still on this phone, untouched: look at both, then "
           "choose."),
        N_("Deal %(n)s now"), N_("Deal %(n)s now:"), N_("Yours in place of deal %(n)s"), N_("Yours as deal %(n)s"),
        N_("It was another deal that went the same way: enter mine as deal %(n)s"), N_("Save my fix over it"),
        N_("Enter mine as deal %(n)s"), N_("Keep the table's and go back")),
}


@dataclass(frozen=True)
class Asked:
    """What the compare page's address asks for: the kept deal's key, the number it was entered as, or ``edit``:
    a fix of that deal (0: not a fix)."""

    key: str
    number: int
    edit: int

    @property
    def target(self) -> int:
        return self.edit if self.edit > 0 else self.number


def asked(gs: GameSession) -> Asked | ResponseReturnValue:
    """The key and numbers of the page's address, read strictly; a damaged one is answered 400 (back to the table,
    which lists what waits on the phone)."""
    key = request.args.get("key", "")
    number, edit = (max(number_of(request.args.get(k), domains.HAND_NUMBER), 0) for k in ("number", "edit"))
    if not KEY.match(key) or max(number, edit) < 1:
        return damaged_link(gs)
    return Asked(key, number, edit)


def carried(items: Iterable[tuple[str, str]], own: Callable[[str], bool] | None = None) -> list[tuple[str, str]]:
    """The kept deal's own fields, carried by the "enter mine" form (its key, number and version are set apart);
    ``own`` keeps only the fields of the game's form."""
    return [(k, v) for k, v in items if k not in PLUMBING and (own is None or own(k))]


def compare_page(gs: GameSession, found: Comparison, key: str, fields: list[tuple[str, str]], *, message: str = "",
                 status: int = 200) -> ResponseReturnValue:
    """The page: the two deals question by question, what the phone's would do, and the choices (posted to the
    game's own deal form with the deal's key, so it is stored once whatever the network does)."""
    n, token = found.number, gs.token
    fix, new = endpoint(gs.game, "fix"), endpoint(gs.game, "hand")
    links = {"table": url_for(endpoint(gs.game, "screen"), token=token),
             "enter": url_for(fix, token=token, number=n) if found.editing else url_for(new, token=token),
             "change": (url_for(fix, token=token, number=n, pending=key) if found.editing
                        else url_for(new, token=token, pending=key))}
    return render_template("games/compare.html", gs=gs, found=found, key=key, fields=fields, links=links,
                           words=WORDS[counts_hands(gs.game)], hands=counts_hands(gs.game), brand=brand(gs),
                           message=message), status
