"""An evening in a few figures, as the group remembers it, whatever the game; and two players head to head.

A closed evening never changes, so its figures are worked out once, when it
ends, as an :class:`Evening` (kept beside the session: the whole evening as
JSON for the group page, and one flat :class:`Seat` row a player plus
:class:`Declared` counts for the game's own statistics); the pages add those up instead
of replaying hundreds of evenings of hands. The game's own service works the
evening out from its hands (``summary`` of :class:`~scorekeeper.services.played.OwnService`)
and fills in what it counts of its own (each player's ``feats`` and ``declared``: its words, its keys);
the platform stores and returns them as given and never reads them. Everything here is pure: an
evening's figures in, values out.

>>> e = Evening.from_json(Evening(datetime(2025, 3, 4), "a game", "house", ("A", "B", "C"), 0, "EUR",
...     Decimal("0.10"), "settle", (), (), ()).to_json())
>>> e.played_on.year, e.game, e.stake, e.players
(2025, 'a game', Decimal('0.10'), ('A', 'B', 'C'))
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any, NamedTuple

#: the summary's shape; a stored summary of another format is rebuilt from the hands
FORMAT = 2


@dataclass(frozen=True)
class PlayerEvening:
    """One player's evening: money, hands, and what the game counts of its own."""

    name: str
    net: int  # the game's points won (+) or lost (−) after the settlement
    money: Decimal
    hands: int  # hands in which the player held cards
    #: what → how it ended → count, as the game counts it (a contract played out, how it ended)
    declared: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    #: the game's own counts for this player (its key → a whole number), for its statistics
    feats: Mapping[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "net": self.net, "money": str(self.money), "hands": self.hands,
                "declared": {c: dict(e) for c, e in self.declared.items()}, "feats": dict(self.feats)}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> PlayerEvening:
        return cls(d["name"], int(d["net"]), Decimal(d["money"]), int(d["hands"]),
                   {c: dict(e) for c, e in d["declared"].items()}, {k: int(n) for k, n in d["feats"].items()})


@dataclass(frozen=True)
class Payment:
    payer: str
    payee: str
    amount: Decimal


@dataclass(frozen=True)
class Evening:
    """A closed evening as the group remembers it."""

    played_on: datetime
    game: str  # the game's name in the registry
    rules: str
    players: tuple[str, ...]  # seating order
    hands: int
    currency: str
    stake: Decimal  # the money one point is worth
    paper: str  # "settle" or "keep" (a game that carries paper, ``GameSpec.carries_paper``)
    kept_paper: tuple[tuple[str, int], ...]  # the debts carried to the next evening
    payments: tuple[Payment, ...]
    people: tuple[PlayerEvening, ...]

    def player(self, name: str) -> PlayerEvening | None:
        return next((p for p in self.people if p.name == name), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "played_on": self.played_on.isoformat(), "game": self.game, "rules": self.rules,
            "players": list(self.players), "hands": self.hands, "currency": self.currency,
            "stake": str(self.stake), "paper": self.paper,
            "kept_paper": [[p, a] for p, a in self.kept_paper],
            "payments": [[t.payer, t.payee, str(t.amount)] for t in self.payments],
            "people": [p.to_json() for p in self.people],
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Evening:
        return cls(
            datetime.fromisoformat(d["played_on"]), d["game"], d["rules"], tuple(d["players"]), int(d["hands"]),
            d["currency"], Decimal(d["stake"]), d["paper"], tuple((p, int(a)) for p, a in d["kept_paper"]),
            tuple(Payment(a, b, Decimal(m)) for a, b, m in d["payments"]),
            tuple(PlayerEvening.from_json(p) for p in d["people"]),
        )


# ------------------------------------------------------------- across evenings


class Seat(NamedTuple):
    """One player's evening as a game's statistics read it: a flat record (a row of the database).

    ``evening`` tells evenings apart (the stored summary's id; an index for plain evenings);
    ``feats`` are the game's own counts (:attr:`PlayerEvening.feats`).
    """

    evening: int
    played_on: datetime
    currency: str
    evening_hands: int
    name: str
    net: int
    money: Decimal
    hands: int
    feats: Mapping[str, int]


class Declared(NamedTuple):
    """How many ``times`` ``name`` played out a ``contract`` that ended ``ending`` (the game's own words)."""

    name: str
    contract: str
    ending: str
    times: int


def seats_of(evening: Evening, key: int) -> list[Seat]:
    """The evening's seats as flat records (what is stored, one row a player)."""
    return [Seat(key, evening.played_on, evening.currency, evening.hands, p.name, p.net, p.money, p.hands,
                 p.feats) for p in evening.people]


def declared_of(evening: Evening) -> list[Declared]:
    return [Declared(p.name, c, e, n) for p in evening.people for c, ends in p.declared.items()
            for e, n in ends.items()]


# ------------------------------------------------------------- head to head


class Standing(NamedTuple):
    """How one player ended one evening, as the head-to-head reads it (a row of the database)."""

    evening: int
    played_on: datetime
    currency: str
    hands: int
    name: str
    net: int  # the game's points after the settlement
    money: Decimal


@dataclass(frozen=True)
class SharedEvening:
    """An evening both played: each one's points and money (first, second)."""

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
        """``who``'s points over the shared evenings."""
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
