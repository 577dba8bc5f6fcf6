"""The count check: the tokens counted on the table against the ledger, and the move that explains a gap.

The players count each bowl, the plato and the pajaritos dish. Every token
move the ledger made is a transfer between two of those parties, so a move
nobody made at the table leaves its giver that many tokens *over* and its
taker that many *under*: a gap of exactly two parties, ``+a`` and ``−a``.
:func:`check_count` looks for the moves that fit that gap, and also the moves
that fit it made twice; any other gap is not one move (or tokens were added
to the table or lost from it, which no move explains).

Candidates are each single transfer and, where a row has several between the
same two parties, their sum: the table screen tells the players one move
("East gives South 3"), and forgetting the whole of it is the likelier slip.
Whole moves come first, then the latest hand first.

>>> from .sessionfile import loads
>>> from .replay import replay
>>> from pathlib import Path
>>> ledger = replay(loads(Path("tests/data/worked_example.json").read_text()))
>>> last = ledger.last
>>> count = {**last.bowls, "plato": last.plato, "pajaritos": last.pajaritos}
>>> check_count(ledger, count).verdict
'right'
>>> count["East"] += 23; count["West"] -= 23   # hand 7: East never paid West the reserved puesta
>>> found = check_count(ledger, count)
>>> found.verdict, [(m.hand, m.source, m.target, m.amount, m.reasons) for m in found.moves]
('missed', [(7, 'East', 'West', 23, (<Reason.RESERVED: 'reserved puesta'>,))])
>>> count["East"] -= 1
>>> check_count(ledger, count).verdict, check_count(ledger, count).extra
('tokens', -1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from .model import PAJARITOS, PLATO, Ledger, Reason, Row, RowKind, Transfer

#: right: everything matches; missed / doubled: one move explains it (``moves``);
#: unexplained: no single move does; tokens: there are more or fewer tokens than there should be
Verdict = Literal["right", "missed", "doubled", "unexplained", "tokens"]


class CountError(ValueError):
    """A count that does not name every party exactly (a bowl missing, an unknown name)."""


@dataclass(frozen=True, slots=True)
class Move:
    """A token move the ledger made: where in the evening, who gave whom how many, and why."""

    row: int  # the ledger row
    kind: RowKind  # start, deal or hand
    hand: int | None  # the hand (a deal row: the deal before that hand); None at the start
    source: str
    target: str
    amount: int
    reasons: tuple[Reason, ...]  # one for a single transfer; each part of a whole move
    whole: bool  # all this row moved between these two parties (as the table screen says it)


@dataclass(frozen=True, slots=True)
class CountCheck:
    """The count against the ledger, and what explains a difference."""

    expected: Mapping[str, int]  # party → tokens the ledger says (each bowl, plato, pajaritos)
    counted: Mapping[str, int]
    verdict: Verdict
    moves: tuple[Move, ...] = ()  # the moves that explain it, most likely first

    @property
    def difference(self) -> dict[str, int]:
        """Counted less expected, for each party that differs (in the order of ``expected``)."""
        return {p: self.counted[p] - v for p, v in self.expected.items() if self.counted[p] != v}

    @property
    def extra(self) -> int:
        """Tokens on the table beyond what the ledger says (negative: missing)."""
        return sum(self.counted.values()) - sum(self.expected.values())


def expected_count(row: Row) -> dict[str, int]:
    """What should be on the table after ``row``: each bowl in seating order, the plato, the dish."""
    return {**row.bowls, PLATO: row.plato, PAJARITOS: row.pajaritos}


def moves(rows: Iterable[Row]) -> list[Move]:
    """Every token move of the rows: each single transfer, and each row's whole move per pair of parties."""
    out: list[Move] = []
    for row in rows:
        pairs: dict[tuple[str, str], list[Transfer]] = {}
        for t in row.transfers:
            if t.moves_tokens and t.amount:
                pairs.setdefault((t.source, t.target), []).append(t)
        for (source, target), parts in pairs.items():
            whole = len(parts) == 1
            for t in parts:
                out.append(Move(row.index, row.kind, row.hand, source, target, t.amount, (t.reason,), whole))
            if not whole:
                out.append(Move(row.index, row.kind, row.hand, source, target, sum(t.amount for t in parts),
                                tuple(t.reason for t in parts), True))
    return out


def check_count(ledger: Ledger, counted: Mapping[str, int], upto: int | None = None) -> CountCheck:
    """Compare ``counted`` with the table after row ``upto`` (the last row when None)."""
    rows = ledger.rows if upto is None else ledger.rows[: upto + 1]
    expected = expected_count(rows[-1])
    if set(counted) != set(expected):
        missing = [p for p in expected if p not in counted]
        unknown = [p for p in counted if p not in expected]
        raise CountError(f"the count needs {', '.join(expected)}"
                         + (f"; missing: {', '.join(missing)}" if missing else "")
                         + (f"; not at this table: {', '.join(unknown)}" if unknown else ""))
    check = CountCheck(expected, dict(counted), "right")
    gap = check.difference
    if not gap:
        return check
    if check.extra:
        return CountCheck(expected, check.counted, "tokens")
    if len(gap) == 2:
        (over, plus), (under, _minus) = sorted(gap.items(), key=lambda kv: -kv[1])
        found = _fitting(rows, over, under, plus)
        if found:
            return CountCheck(expected, check.counted, "missed", found)
        found = _fitting(rows, under, over, plus)
        if found:
            return CountCheck(expected, check.counted, "doubled", found)
    return CountCheck(expected, check.counted, "unexplained")


def _fitting(rows: Iterable[Row], source: str, target: str, amount: int) -> tuple[Move, ...]:
    """The moves from ``source`` to ``target`` of ``amount``: whole moves first, then the latest first."""
    fit = [m for m in moves(rows) if (m.source, m.target, m.amount) == (source, target, amount)]
    fit.sort(key=lambda m: (not m.whole, -m.row))
    return tuple(fit)
