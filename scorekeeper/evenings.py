"""An evening in a few figures, and a group's statistics across its evenings.

A closed evening never changes, so its figures are worked out once, when it
ends, as an :class:`Evening` (kept beside the session: the whole evening as
JSON for the group page, and one flat :class:`Seat` row a player plus
:class:`Declared` counts for the statistics); the pages add those up instead
of replaying hundreds of evenings of hands. The game's own service works the
evening out from its hands (``summary`` of :class:`~scorekeeper.services.played.OwnService`);
everything here is pure: an evening's figures in, values out.

>>> e = Evening.from_json(Evening(datetime(2025, 3, 4), "pagat", ("A", "B", "C"), 0, "EUR",
...     Decimal("0.10"), "settle", (), (), ()).to_json())
>>> e.played_on.year, e.tanto_value, e.players
(2025, Decimal('0.10'), ('A', 'B', 'C'))
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any, NamedTuple

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


# ------------------------------------------------------------- across evenings


class Seat(NamedTuple):
    """One player's evening as the statistics read it: a flat record (a row of the database).

    ``evening`` tells evenings apart (the stored summary's id; an index for plain evenings).
    """

    evening: int
    played_on: datetime
    currency: str
    evening_hands: int
    name: str
    net: int
    money: Decimal
    hands: int
    codillos: int
    bolas: int
    bolas_tried: int
    primeras: int
    largest_plato: int


class Declared(NamedTuple):
    """How many ``times`` ``name`` played out a ``contract`` that ended ``ending``."""

    name: str
    contract: str
    ending: str
    times: int


def seats_of(evening: Evening, key: int) -> list[Seat]:
    """The evening's seats as flat records (what is stored, one row a player)."""
    return [Seat(key, evening.played_on, evening.currency, evening.hands, p.name, p.net, p.money, p.hands,
                 p.codillos, p.bolas, p.bolas_tried, p.primeras, p.largest_plato) for p in evening.people]


def declared_of(evening: Evening) -> list[Declared]:
    return [Declared(p.name, c, e, n) for p in evening.people for c, ends in p.declared.items()
            for e, n in ends.items()]


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


def statistics(seats: Iterable[Seat], declared: Iterable[Declared] = ()) -> Statistics:
    """Add the seats up, player by player and evening by evening.

    >>> from datetime import datetime as at
    >>> st = statistics([Seat(1, at(2025, 3, 4), "EUR", 9, "Ana", 19, Decimal("1.90"), 9, 1, 0, 0, 0, 12),
    ...                  Seat(1, at(2025, 3, 4), "EUR", 9, "Luis", -19, Decimal("-1.90"), 9, 0, 0, 0, 0, 0),
    ...                  Seat(2, at(2025, 3, 11), "EUR", 5, "Ana", -4, Decimal("-0.40"), 5, 0, 0, 0, 1, 6)],
    ...                 [Declared("Ana", "solo", "sacado", 2), Declared("Ana", "solo", "sacado", 1)])
    >>> ana = st.totals("Ana")
    >>> ana.evenings, ana.hands, ana.won, ana.lost, ana.net["EUR"], ana.declared, st.hands
    (2, 14, {'EUR': Decimal('1.90')}, {'EUR': Decimal('0.40')}, Decimal('1.50'), {'solo': {'sacado': 3}}, 14)
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
        if s.largest_plato > best or (best and s.largest_plato == best and best_on and s.played_on < best_on):
            best, best_on = s.largest_plato, s.played_on
    return PlayerTotals(
        name=name, evenings=len(rows), hands=sum(s.hands for s in rows),
        won=dict(won), lost=dict(lost), net=dict(net),
        declared={c: {e: declared[c][e] for e in ENDINGS if e in declared[c]} for c in CONTRACTS if c in declared},
        codillos=sum(s.codillos for s in rows), bolas=sum(s.bolas for s in rows),
        bolas_tried=sum(s.bolas_tried for s in rows), primeras=sum(s.primeras for s in rows),
        largest_plato=best, largest_plato_on=best_on,
    )


# ------------------------------------------------------------- head to head


class Standing(NamedTuple):
    """How one player ended one evening, as the head-to-head reads it (a row of the database)."""

    evening: int
    played_on: datetime
    currency: str
    hands: int
    name: str
    net: int  # tantos after the settlement
    money: Decimal


@dataclass(frozen=True)
class SharedEvening:
    """An evening both played: each one's tantos and money (first, second)."""

    played_on: datetime
    currency: str
    hands: int
    net: tuple[int, int]
    money: tuple[Decimal, Decimal]

    @property
    def ahead(self) -> int | None:
        """Who finished ahead of the other (0: the first, 1: the second); None: level."""
        first, second = self.net
        return None if first == second else 0 if first > second else 1


@dataclass(frozen=True)
class HeadToHead:
    """Two players over the evenings they shared (newest first)."""

    players: tuple[str, str]
    evenings: tuple[SharedEvening, ...]

    def times_ahead(self, who: int) -> int:
        """How many shared evenings ``who`` (0 or 1) finished ahead of the other."""
        return sum(e.ahead == who for e in self.evenings)

    @property
    def level(self) -> int:
        return sum(e.ahead is None for e in self.evenings)

    def net(self, who: int) -> int:
        """``who``'s tantos over the shared evenings."""
        return sum(e.net[who] for e in self.evenings)

    def money(self, who: int) -> dict[str, Decimal]:
        """``who``'s money over the shared evenings, per currency."""
        out: defaultdict[str, Decimal] = defaultdict(Decimal)
        for e in self.evenings:
            out[e.currency] += e.money[who]
        return dict(out)

    def gap(self) -> dict[str, Decimal]:
        """The first's money less the second's, per currency: how far ahead the first finished (below: behind)."""
        first, second = self.money(0), self.money(1)
        return {cur: first[cur] - second[cur] for cur in first}


def head_to_head(first: str, second: str, standings: Iterable[Standing]) -> HeadToHead:
    """The evenings both ``first`` and ``second`` played, from each player's standing in each evening.

    >>> from datetime import datetime as at
    >>> h = head_to_head("Ana", "Luis", [
    ...     Standing(1, at(2025, 3, 4), "EUR", 9, "Ana", 19, Decimal("1.90")),
    ...     Standing(1, at(2025, 3, 4), "EUR", 9, "Luis", -12, Decimal("-1.20")),
    ...     Standing(2, at(2025, 3, 11), "EUR", 5, "Ana", -4, Decimal("-0.40")),  # Luis was not there
    ...     Standing(3, at(2025, 3, 18), "EUR", 7, "Luis", 6, Decimal("0.60")),
    ...     Standing(3, at(2025, 3, 18), "EUR", 7, "Ana", 2, Decimal("0.20"))])
    >>> len(h.evenings), h.times_ahead(0), h.times_ahead(1), h.level, h.net(0), h.net(1), h.gap()
    (2, 1, 1, 0, 21, -6, {'EUR': Decimal('2.70')})
    """
    by_evening: dict[int, dict[str, Standing]] = {}
    for s in standings:
        if s.name in (first, second):
            by_evening.setdefault(s.evening, {})[s.name] = s
    shared = []
    for seats in by_evening.values():
        if len(seats) < 2:
            continue
        a, b = seats[first], seats[second]
        shared.append(SharedEvening(a.played_on, a.currency, a.hands, (a.net, b.net), (a.money, b.money)))
    shared.sort(key=lambda e: e.played_on, reverse=True)
    return HeadToHead((first, second), tuple(shared))
