"""An evening across games in figures: each player's total, the one settlement, statistics.

Pure: money in (each game's money by player, as :class:`decimal.Decimal`), values out. The
services read each game's money (its engine, or its kept result) and hand it here.

>>> games = [GameMoney("tresillo", "EUR", (("Ana", Decimal("1.20")), ("Bea", Decimal("-1.20")))),
...          GameMoney("cacho", "EUR", (("Bea", Decimal("0.50")), ("Cleo", Decimal("-0.50"))))]
>>> [(t.currency, t.money) for t in totals(games)]
[('EUR', (('Ana', Decimal('1.20')), ('Bea', Decimal('-0.70')), ('Cleo', Decimal('-0.50'))))]
>>> fewest_payments(totals(games)[0].money)
(('Bea', 'Ana', Decimal('0.70')), ('Cleo', 'Ana', Decimal('0.50')))
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from .core.transfers import fewest_transfers

#: a player's money in one game or in all: (name, amount) in the order people sat down
Money = tuple[tuple[str, Decimal], ...]
#: (payer, payee, amount)
Paid = tuple[str, str, Decimal]


@dataclass(frozen=True)
class GameMoney:
    """One game's money: what the night adds up."""

    game: str
    currency: str
    money: Money


@dataclass(frozen=True)
class Total:
    """Each player's money over the night's games in one currency."""

    currency: str
    money: Money


def in_order(names: Iterable[str]) -> tuple[str, ...]:
    """Each name once, in the order first met."""
    return tuple(dict.fromkeys(names))


def totals(games: Iterable[GameMoney]) -> tuple[Total, ...]:
    """Each player's money summed over ``games``, one total per currency (never added across currencies)."""
    sums: dict[str, dict[str, Decimal]] = {}
    for g in games:
        mine = sums.setdefault(g.currency, {})
        for name, amount in g.money:
            mine[name] = mine.get(name, Decimal(0)) + amount
    return tuple(Total(cur, tuple(money.items())) for cur, money in sums.items())


def fewest_payments(net: Money) -> tuple[Paid, ...]:
    """Who pays whom to settle ``net`` (summing to zero) in the fewest payments.

    The one settlement code (:func:`scorekeeper.core.transfers.fewest_transfers`) works in whole units:
    the amounts are scaled to their finest decimal place, exactly, and back.
    """
    places = max(0, max((-int(a.as_tuple().exponent) for _, a in net), default=0))
    units = {name: int(amount.scaleb(places)) for name, amount in net}
    if sum(units.values()) != 0:
        raise ValueError(f"the money does not sum to zero: {units}")
    order = tuple(name for name, _ in net)
    return tuple((payer, payee, Decimal(n).scaleb(-places)) for payer, payee, n in fewest_transfers(units, order))


@dataclass(frozen=True)
class Kept:
    """One closed game as the statistics read it (from its kept result)."""

    night: int
    game: str
    currency: str
    money: Mapping[str, Decimal]
    feats: Mapping[str, Mapping[str, int]]


@dataclass(frozen=True)
class PlayerMoney:
    """One player's money over the chosen evenings: by game, and in all."""

    name: str
    currency: str
    by_game: Mapping[str, Decimal]
    total: Decimal
    nights: int  # evenings they played a game in
    games: int  # games they played


@dataclass(frozen=True)
class AcrossGames:
    """The statistics across games: the games met, each player's money and feats."""

    games: tuple[str, ...]  # in the order first met
    nights: int
    players: tuple[PlayerMoney, ...]  # best total first, per currency
    feats: Mapping[str, Mapping[str, int]]  # player → feat → count


def across_games(kept: Iterable[Kept]) -> AcrossGames:
    """Add the kept games up: money by game and in total per player and currency, and the feats."""
    games: list[str] = []
    nights: set[int] = set()
    money: dict[tuple[str, str], dict[str, Decimal]] = defaultdict(dict)
    played: dict[tuple[str, str], set[int]] = defaultdict(set)
    count: dict[tuple[str, str], int] = defaultdict(int)
    feats: dict[str, dict[str, int]] = defaultdict(dict)
    for k in kept:
        games.append(k.game)
        nights.add(k.night)
        for name, amount in k.money.items():
            mine = money[name, k.currency]
            mine[k.game] = mine.get(k.game, Decimal(0)) + amount
            played[name, k.currency].add(k.night)
            count[name, k.currency] += 1
        for name, theirs in k.feats.items():
            for feat, n in theirs.items():
                feats[name][feat] = feats[name].get(feat, 0) + n
    people = [PlayerMoney(name, cur, by_game, sum(by_game.values(), Decimal(0)), len(played[name, cur]),
                          count[name, cur]) for (name, cur), by_game in money.items()]
    people.sort(key=lambda p: (p.currency, -p.total, p.name))
    return AcrossGames(in_order(games), len(nights), tuple(people), {n: dict(f) for n, f in feats.items()})
