"""Head-to-head records of Rentoy, Truc and Put across a group's games: by pair and by player.

A pair is the team as it sat (its members, whatever the team was called that night); Put's pair is
one player. Each finished game is a :class:`Match`, oldest first; a record counts the games won and
lost and the longest run of games won in a row. Pure functions, standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

#: a pair is its members in seating order
Pair = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Match:
    """One finished game: the pair that won, the pair that lost, and whether it was tonight."""

    winners: Pair
    losers: Pair
    tonight: bool = False


@dataclass(frozen=True, slots=True)
class Record:
    """A pair's (or a player's) games: won, lost, the longest winning run and the run it is on now."""

    who: Pair
    won: int
    lost: int
    longest: int
    current: int


def _who(match: Match, by: Literal["pair", "player"]) -> Iterable[tuple[Pair, bool]]:
    """Each pair (or player) of ``match`` and whether it won."""
    if by == "pair":
        return ((match.winners, True), (match.losers, False))
    return [((p,), True) for p in match.winners] + [((p,), False) for p in match.losers]


def records(matches: Sequence[Match], by: Literal["pair", "player"] = "pair") -> tuple[Record, ...]:
    """Every pair's (or player's) record over ``matches`` (oldest first), the most games won first."""
    won: dict[Pair, int] = {}
    lost: dict[Pair, int] = {}
    run: dict[Pair, int] = {}
    longest: dict[Pair, int] = {}
    for match in matches:
        for who, wins in _who(match, by):
            key = tuple(sorted(who))
            won.setdefault(key, 0)
            lost.setdefault(key, 0)
            if wins:
                won[key] += 1
                run[key] = run.get(key, 0) + 1
            else:
                lost[key] += 1
                run[key] = 0
            longest[key] = max(longest.get(key, 0), run.get(key, 0))
    found = [Record(k, won[k], lost[k], longest[k], run.get(k, 0)) for k in won]
    return tuple(sorted(found, key=lambda r: (-r.won, r.lost, r.who)))


def series(matches: Sequence[Match], one: Pair, other: Pair) -> tuple[int, int]:
    """Tonight's games between the two pairs ``one`` and ``other``: how many each has won."""
    a, b = tuple(sorted(one)), tuple(sorted(other))
    tally = [0, 0]
    for m in matches:
        w, lo = tuple(sorted(m.winners)), tuple(sorted(m.losers))
        if m.tonight and {w, lo} == {a, b}:
            tally[0 if w == a else 1] += 1
    return tally[0], tally[1]
