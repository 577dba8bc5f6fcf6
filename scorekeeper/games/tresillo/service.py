"""Tresillo's own services as the platform asks them (:class:`~scorekeeper.services.played.OwnService`).

The platform finds :data:`SERVICE` through the registry (its record's ``service``, ``games.views.part_of``)
and never names the game: the group's evenings, its paper, the evening across games and the change
log reach Tresillo's evening here. An evening's figures are worked out from its replay once, when it
ends (:func:`summarize`); hands count for the player who played them out: a hand taken over ("yo
sigo") is the new declarer's, won, puesta or codillo as it ended for them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any

from ...core.evenings import Evening, Payment, PlayerEvening
from ...i18n import N_
from ...models import GameSession, Group, HistoryEntry
from ...services.asked import Change
from ...services.played import OwnService
from ...services.previews import ChangePreview
from . import words
from .engine import PLATO, Hand, Ledger, load_session, replay
from .game import SPEC
from .services import fixes
from .services.hands import start_session
from .services.replays import ledger_for, session_dict
from .services.views import view_for
from .statistics import CONTRACTS, feats

#: Tresillo's own feats across games, from its kept evening (labels translated where shown)
FEATS = {"codillos": N_("Codillos made"), "bolas": N_("Bolas"), "primeras": N_("Primeras")}


class Service:
    """Tresillo's evening, as the platform asks it."""

    def summary(self, gs: GameSession) -> Evening:
        session = load_session(session_dict(gs))
        return summarize(replay(session), session.hands, gs.created_at)

    def money(self, gs: GameSession) -> Mapping[str, Decimal]:
        return dict(ledger_for(gs).settlement.money)

    def paper(self, gs: GameSession) -> list[dict[str, Any]]:
        return [{"player": d.player, "amount": d.amount} for d in ledger_for(gs).settlement.kept_paper]

    def feats(self, evening: Evening) -> dict[str, dict[str, int]]:
        return {p.name: {label: p.feats[key] for key, label in FEATS.items() if p.feats.get(key)}
                for p in evening.people}

    def hand_words(self, hand: Mapping[str, Any]) -> str:
        return words.hand_words(hand)

    def hand_changes(self, before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
        return words.hand_changes(before, after)

    def sheet(self, gs: GameSession) -> tuple[str, Any]:
        """The settlement sheet (its documents', printed by ``reports.night``)."""
        return "settlement", view_for(gs, rows=True)

    #: the changes of an evening's hands its change page asks (the platform's, ``web/changes.py``)
    change_kinds = fixes.HAND_CHANGES

    def preview_change(self, gs: GameSession, change: Change) -> ChangePreview:
        return fixes.preview_change(gs, change)

    def apply_change(self, gs: GameSession, change: Change, *, key: str, version: int | None,
                     phone: str) -> tuple[HistoryEntry, bool]:
        applied = fixes.apply_change(gs, change, key=key, version=version, phone=phone)
        return applied.entry, applied.already

    def start_like(self, group: Group, last: GameSession) -> GameSession:
        return start_session(
            group, players=list(last.players), first_dealer=last.first_dealer, rules=last.rules,
            start_tokens=last.start_tokens, tanto_value=last.stake, currency=last.currency,
            options=dict(last.options or {}),
        )


SERVICE: OwnService = Service()


def summarize(ledger: Ledger, hands: Sequence[Hand], played_on: datetime) -> Evening:
    """The evening's figures from its replay (``hands`` as entered, in order)."""
    players = ledger.setup.players
    tally = {p: _Tally() for p in players}
    for result, hand in zip(ledger.results, hands, strict=True):
        for p in result.active:
            tally[p].hands += 1
        if result.outcome == "cancelled":
            continue
        playing = result.new_declarer or result.declarer
        assert playing is not None
        mine = tally[playing]
        mine.declared[result.contract][result.outcome] += 1
        if result.winner is not None:
            tally[result.winner].codillos += 1
        if hand.bola is not None:
            mine.bolas_tried += 1
            mine.bolas += hand.bola == "won" and result.outcome == "sacado"
        mine.primeras += bool(hand.primeras) and result.outcome == "sacado"
        taken: Counter[str] = Counter()
        for t in result.transfers:
            if t.source == PLATO and t.target in tally:
                taken[t.target] += t.amount
        for p, amount in taken.items():
            tally[p].largest_plato = max(tally[p].largest_plato, amount)
    st = ledger.settlement
    people = tuple(tally[p].freeze(p, st.net[p], st.money[p]) for p in players)
    return Evening(
        played_on=played_on, game=SPEC.name, rules=ledger.setup.rules, players=players, hands=len(ledger.results),
        currency=st.currency, stake=st.tanto_value, paper=st.paper_mode,
        kept_paper=tuple((d.player, d.amount) for d in st.kept_paper),
        payments=tuple(Payment(t.source, t.target, t.amount) for t in st.transfers),
        people=people,
    )


class _Tally:
    """A player's counts while the evening is read (mutable; frozen into a :class:`PlayerEvening`)."""

    def __init__(self) -> None:
        self.hands = 0
        self.declared: dict[str, Counter[str]] = {c: Counter() for c in CONTRACTS}
        self.codillos = self.bolas = self.bolas_tried = self.primeras = self.largest_plato = 0

    def freeze(self, name: str, net: int, money: Decimal) -> PlayerEvening:
        declared = {c: {e: n for e, n in ends.items() if n} for c, ends in self.declared.items() if ends}
        return PlayerEvening(name, net, money, self.hands, declared,
                             feats(self.codillos, self.bolas, self.bolas_tried, self.primeras, self.largest_plato))
