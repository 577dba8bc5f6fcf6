"""An evening in a few figures, and a group's statistics across its evenings.

A closed evening never changes, so its figures are worked out once, when it
ends, as an :class:`Evening` (kept as JSON beside the session); the group
page and the statistics add those summaries up instead of replaying hundreds
of evenings of hands. Everything here is pure: a ledger in, values out.

Hands count for the player who played them out: a hand taken over ("yo
sigo") is the new declarer's, won, puesta or codillo as it ended for them.

>>> e = Evening.from_json(Evening(datetime(2025, 3, 4), "pagat", ("A", "B", "C"), 0, "EUR",
...     Decimal("0.10"), "settle", (), (), ()).to_json())
>>> e.played_on.year, e.tanto_value, e.players
(2025, Decimal('0.10'), ('A', 'B', 'C'))
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

from .engine import PLATO, Hand, Ledger

#: the summary's shape; a stored summary of another format is rebuilt from the hands
FORMAT = 1
#: how a played-out hand ended, in the order the statistics show them
ENDINGS = ("sacado", "puesta", "codillo")
CONTRACTS = ("entrada", "vuelta", "solo", "penetro")


@dataclass(frozen=True)
class PlayerEvening:
    """One player's evening: money, hands, declarations and feats."""

    name: str
    net: int  # tantos won (+) or lost (−) after the settlement
    money: Decimal
    hands: int  # hands in which the player held cards
    #: contract → ended (sacado, puesta, codillo) → count, for hands this player played out
    declared: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    codillos: int = 0  # codillos made against a declarer
    bolas: int = 0  # bolas won
    bolas_tried: int = 0
    primeras: int = 0  # primeras played and won
    largest_plato: int = 0  # the most taken from the plato in one hand

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "net": self.net, "money": str(self.money), "hands": self.hands,
                "declared": {c: dict(e) for c, e in self.declared.items()}, "codillos": self.codillos,
                "bolas": self.bolas, "bolas_tried": self.bolas_tried, "primeras": self.primeras,
                "largest_plato": self.largest_plato}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> PlayerEvening:
        return cls(d["name"], int(d["net"]), Decimal(d["money"]), int(d["hands"]),
                   {c: dict(e) for c, e in d["declared"].items()}, int(d["codillos"]), int(d["bolas"]),
                   int(d["bolas_tried"]), int(d["primeras"]), int(d["largest_plato"]))


@dataclass(frozen=True)
class Payment:
    payer: str
    payee: str
    amount: Decimal


@dataclass(frozen=True)
class Evening:
    """A closed evening as the group remembers it."""

    played_on: datetime
    rules: str
    players: tuple[str, ...]  # seating order
    hands: int
    currency: str
    tanto_value: Decimal
    paper: str  # "settle" or "keep"
    kept_paper: tuple[tuple[str, int], ...]  # the debts carried to the next evening
    payments: tuple[Payment, ...]
    people: tuple[PlayerEvening, ...]

    def player(self, name: str) -> PlayerEvening | None:
        return next((p for p in self.people if p.name == name), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "played_on": self.played_on.isoformat(), "rules": self.rules,
            "players": list(self.players), "hands": self.hands, "currency": self.currency,
            "tanto_value": str(self.tanto_value), "paper": self.paper,
            "kept_paper": [[p, a] for p, a in self.kept_paper],
            "payments": [[t.payer, t.payee, str(t.amount)] for t in self.payments],
            "people": [p.to_json() for p in self.people],
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Evening:
        return cls(
            datetime.fromisoformat(d["played_on"]), d["rules"], tuple(d["players"]), int(d["hands"]),
            d["currency"], Decimal(d["tanto_value"]), d["paper"], tuple((p, int(a)) for p, a in d["kept_paper"]),
            tuple(Payment(a, b, Decimal(m)) for a, b, m in d["payments"]),
            tuple(PlayerEvening.from_json(p) for p in d["people"]),
        )


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
        played_on=played_on, rules=ledger.setup.rules, players=players, hands=len(ledger.results),
        currency=st.currency, tanto_value=st.tanto_value, paper=st.paper_mode,
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
        return PlayerEvening(name, net, money, self.hands, declared, self.codillos, self.bolas,
                             self.bolas_tried, self.primeras, self.largest_plato)


# ------------------------------------------------------------- across evenings


@dataclass(frozen=True)
class PlayerTotals:
    """One player over the chosen evenings. Money is per currency (most groups use one)."""

    name: str
    evenings: int
    hands: int
    won: Mapping[str, Decimal]  # the sum of the evenings they ended up
    lost: Mapping[str, Decimal]  # the sum of the evenings they ended down (a positive figure)
    net: Mapping[str, Decimal]
    declared: Mapping[str, Mapping[str, int]]
    codillos: int
    bolas: int
    bolas_tried: int
    primeras: int
    largest_plato: int
    largest_plato_on: datetime | None

    @property
    def declared_total(self) -> int:
        return sum(sum(e.values()) for e in self.declared.values())

    def ended(self, ending: str) -> int:
        """How many of this player's hands ended ``ending`` (sacado, puesta, codillo)."""
        return sum(e.get(ending, 0) for e in self.declared.values())


@dataclass(frozen=True)
class Statistics:
    """The group over the chosen evenings (oldest first)."""

    evenings: tuple[Evening, ...]
    players: tuple[PlayerTotals, ...]  # most evenings first, then by name

    @property
    def hands(self) -> int:
        return sum(e.hands for e in self.evenings)

    def totals(self, name: str) -> PlayerTotals | None:
        return next((p for p in self.players if p.name == name), None)

    @property
    def currency(self) -> str:
        """The currency most evenings were played in (the chart uses it)."""
        counts = Counter(e.currency for e in self.evenings)
        return counts.most_common(1)[0][0] if counts else "EUR"

    def money_lines(self) -> dict[str, list[Decimal]]:
        """Each player's money added up evening after evening (in :attr:`currency`; absent: unchanged)."""
        cur = self.currency
        lines: dict[str, list[Decimal]] = {p.name: [Decimal(0)] for p in self.players}
        for e in self.evenings:
            if e.currency != cur:
                continue
            for name, line in lines.items():
                mine = e.player(name)
                line.append(line[-1] + (mine.money if mine is not None else Decimal(0)))
        return lines


def statistics(evenings: Iterable[Evening]) -> Statistics:
    """Add the evenings up, player by player."""
    chosen = tuple(sorted(evenings, key=lambda e: e.played_on))
    names: dict[str, list[tuple[Evening, PlayerEvening]]] = {}
    for e in chosen:
        for p in e.people:
            names.setdefault(p.name, []).append((e, p))
    players = tuple(sorted((_totals(n, rows) for n, rows in names.items()), key=lambda t: (-t.evenings, t.name)))
    return Statistics(chosen, players)


def _totals(name: str, rows: list[tuple[Evening, PlayerEvening]]) -> PlayerTotals:
    won: defaultdict[str, Decimal] = defaultdict(Decimal)
    lost: defaultdict[str, Decimal] = defaultdict(Decimal)
    net: defaultdict[str, Decimal] = defaultdict(Decimal)
    declared: dict[str, Counter[str]] = {}
    best, best_on = 0, None
    for e, p in rows:
        net[e.currency] += p.money
        if p.money > 0:
            won[e.currency] += p.money
        elif p.money < 0:
            lost[e.currency] -= p.money
        for c, ends in p.declared.items():
            declared.setdefault(c, Counter()).update(ends)
        if p.largest_plato > best:
            best, best_on = p.largest_plato, e.played_on
    return PlayerTotals(
        name=name, evenings=len(rows), hands=sum(p.hands for _, p in rows),
        won=dict(won), lost=dict(lost), net=dict(net),
        declared={c: dict(declared[c]) for c in CONTRACTS if c in declared},
        codillos=sum(p.codillos for _, p in rows), bolas=sum(p.bolas for _, p in rows),
        bolas_tried=sum(p.bolas_tried for _, p in rows), primeras=sum(p.primeras for _, p in rows),
        largest_plato=best, largest_plato_on=best_on,
    )
