"""A change of the stored deals as asked on its change page, every game's: what the page shows first and its
confirmation carries back (as JSON, with the version it was shown at and its own key), so what is made is what
was shown, never the fields of a form as they are by the time of the tap.

A game says which kinds of change it takes (its data: Tresillo's delete, insert, dealer and seating; every
other game's delete, insert and fix) and previews and makes them (:class:`Changes`: Tresillo's own services,
``services.games`` for the others, found through the registry by the platform's pages).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..i18n import N_, _
from .refusals import Refused

if TYPE_CHECKING:  # annotations only: the platform's services that preview and make changes import this
    from ..models import GameSession, HistoryEntry
    from .previews import ChangePreview

#: the longest change a confirmation page may send back
CHANGE_MAX = 20_000
#: what a confirmation that cannot be read as a change of the game is told
DAMAGED = N_("This confirmation is damaged. Go back, reload the page and ask again.")


@dataclass(frozen=True)
class Change:
    """A change asked of deal (or hand) ``number`` (1-based): what the confirmation page sends back."""

    kind: str
    number: int
    deal: dict[str, Any] | None = None  # insert, fix: the deal as entered
    dealer: str | None = None  # Tresillo's dealer, seating: who dealt hand ``number``
    seating: tuple[str, ...] | None = None  # Tresillo's seating: the order from hand ``number`` on

    def to_json(self) -> str:
        d: dict[str, Any] = {"kind": self.kind, "number": self.number}
        if self.deal is not None:
            d["deal"] = self.deal
        if self.dealer is not None:
            d["dealer"] = self.dealer
        if self.seating is not None:
            d["seating"] = list(self.seating)
        return json.dumps(d, ensure_ascii=False, sort_keys=True)


def change_from_json(text: str | None, kinds: tuple[str, ...]) -> Change:
    """The change a confirmation page sent back, of one of the game's ``kinds``; anything damaged is refused,
    never guessed. A page shown before the deal was called so carries it as ``hand`` (Tresillo's insert)."""
    damaged = Refused("change", _(DAMAGED))
    if not text or len(text) > CHANGE_MAX:
        raise damaged
    try:
        d = json.loads(text)
    except (ValueError, RecursionError):
        raise damaged from None
    if not isinstance(d, dict) or d.get("kind") not in kinds:
        raise damaged
    number, deal, dealer, seating = d.get("number"), d.get("deal", d.get("hand")), d.get("dealer"), d.get("seating")
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise damaged
    if (deal is not None and not isinstance(deal, dict)) or (dealer is not None and not isinstance(dealer, str)):
        raise damaged
    if seating is not None and not (isinstance(seating, list) and all(isinstance(p, str) for p in seating)):
        raise damaged
    return Change(d["kind"], number, deal, dealer, tuple(seating) if seating is not None else None)


class Changes(Protocol):
    """How a game previews and makes the changes of its stored deals (Tresillo's own services; every other
    game's ``services.games``)."""

    #: the kinds of change the game takes from a change page
    change_kinds: tuple[str, ...]

    def preview_change(self, gs: GameSession, change: Change) -> ChangePreview:
        """What ``change`` would do (a deal gone: ``Refused`` with status 404)."""

    def apply_change(self, gs: GameSession, change: Change, *, key: str, version: int | None,
                     phone: str) -> tuple[HistoryEntry, bool]:
        """Make ``change`` once, at the ``version`` it was shown at: its history entry, and whether a re-sent
        copy (same ``key``) found it made already."""
