"""Tresillo's statistics: a group's evenings of Tresillo added up, player by player and evening by evening.

The platform keeps each closed evening's seats and declared hands (:mod:`scorekeeper.core.evenings`) with
Tresillo's own counts as the evening's summary gave them (:data:`FEATS`, ``service.summarize``); the
statistics page (``pages/evenings.py``) adds them up here, never replaying the hands. Pure: flat rows in,
values out.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from ...core.evenings import Declared, Seat

#: how a played-out hand ended, in the order the statistics show them
ENDINGS = ("sacado", "puesta", "codillo")
CONTRACTS = ("entrada", "vuelta", "solo", "penetro")
#: each player's own counts in an evening's summary (``PlayerEvening.feats``), in the order kept
FEATS = ("codillos", "bolas", "bolas_tried", "primeras", "largest_plato")


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
class EveningLine:
    """An evening in the statistics: when, how many hands, each player's money."""

    played_on: datetime
    currency: str
    hands: int
    money: Mapping[str, Decimal]


@dataclass(frozen=True)
class Statistics:
    """The group over the chosen evenings (oldest first)."""

    evenings: tuple[EveningLine, ...]
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
                line.append(line[-1] + e.money.get(name, Decimal(0)))
        return lines


def feats(codillos: int = 0, bolas: int = 0, bolas_tried: int = 0, primeras: int = 0,
          largest_plato: int = 0) -> dict[str, int]:
    """A player's own counts for one evening, as the summary keeps them (every key, zeros included)."""
    return dict(zip(FEATS, (codillos, bolas, bolas_tried, primeras, largest_plato), strict=True))


def statistics(seats: Iterable[Seat], declared: Iterable[Declared] = ()) -> Statistics:
    """Add the seats up, player by player and evening by evening.

    >>> from datetime import datetime as at
    >>> st = statistics([Seat(1, at(2025, 3, 4), "EUR", 9, "Ana", 19, Decimal("1.90"), 9, feats(1, 0, 0, 0, 12)),
    ...                  Seat(1, at(2025, 3, 4), "EUR", 9, "Luis", -19, Decimal("-1.90"), 9, feats()),
    ...                  Seat(2, at(2025, 3, 11), "EUR", 5, "Ana", -4, Decimal("-0.40"), 5, feats(primeras=1,
    ...                       largest_plato=6))],
    ...                 [Declared("Ana", "solo", "sacado", 2), Declared("Ana", "solo", "sacado", 1)])
    >>> ana = st.totals("Ana")
    >>> ana.evenings, ana.hands, ana.won, ana.lost, ana.net["EUR"], ana.declared, st.hands
    (2, 14, {'EUR': Decimal('1.90')}, {'EUR': Decimal('0.40')}, Decimal('1.50'), {'solo': {'sacado': 3}}, 14)
    >>> ana.codillos, ana.primeras, ana.largest_plato, ana.largest_plato_on.day
    (1, 1, 12, 4)
    """
    lines: dict[int, tuple[datetime, str, int, dict[str, Decimal]]] = {}
    mine: dict[str, list[Seat]] = {}
    for s in seats:
        line = lines.get(s.evening)
        if line is None:
            line = lines[s.evening] = (s.played_on, s.currency, s.evening_hands, {})
        line[3][s.name] = s.money
        mine.setdefault(s.name, []).append(s)
    counts: dict[str, dict[str, dict[str, int]]] = {}
    for d in declared:
        ends = counts.setdefault(d.name, {}).setdefault(d.contract, {})
        ends[d.ending] = ends.get(d.ending, 0) + d.times
    players = sorted((_totals(n, rows, counts.get(n, {})) for n, rows in mine.items()),
                     key=lambda t: (-t.evenings, t.name))
    evenings = sorted((EveningLine(*line) for line in lines.values()), key=lambda e: e.played_on)
    return Statistics(tuple(evenings), tuple(players))


def _count(rows: list[Seat], key: str) -> int:
    return sum(s.feats.get(key, 0) for s in rows)


def _totals(name: str, rows: list[Seat], declared: Mapping[str, Mapping[str, int]]) -> PlayerTotals:
    won: defaultdict[str, Decimal] = defaultdict(Decimal)
    lost: defaultdict[str, Decimal] = defaultdict(Decimal)
    net: defaultdict[str, Decimal] = defaultdict(Decimal)
    best, best_on = 0, None
    for s in rows:
        net[s.currency] += s.money
        if s.money > 0:
            won[s.currency] += s.money
        elif s.money < 0:
            lost[s.currency] -= s.money
        # the largest plato, and the first evening it was won
        plato = s.feats.get("largest_plato", 0)
        if plato > best or (best and plato == best and best_on and s.played_on < best_on):
            best, best_on = plato, s.played_on
    return PlayerTotals(
        name=name, evenings=len(rows), hands=sum(s.hands for s in rows),
        won=dict(won), lost=dict(lost), net=dict(net),
        declared={c: {e: declared[c][e] for e in ENDINGS if e in declared[c]} for c in CONTRACTS if c in declared},
        codillos=_count(rows, "codillos"), bolas=_count(rows, "bolas"),
        bolas_tried=_count(rows, "bolas_tried"), primeras=_count(rows, "primeras"),
        largest_plato=best, largest_plato_on=best_on,
    )
