"""Read-only questions about an evening: does the count on the table match, and what if other rules?

Nothing here writes: the count check compares what the players counted with
the replay; "what if" replays the same hands under another ruleset or other
options and compares the money. Both answer in words from the narration layer.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from .. import narration
from ..engine import PAJARITOS, PLATO, SessionError, get_ruleset, load_session, replay
from ..engine.countcheck import CountCheck, check_count
from ..i18n import _
from ..models import GameSession
from ..viewmodel import format_money
from .refusals import Refused, refused_from
from .replays import ledger_for, session_dict

#: moves listed under a count that one move explains (the rest are counted, not listed)
MOVES_SHOWN = 6


@dataclass(frozen=True)
class CountAnswer:
    """The count check as the page shows it."""

    check: CountCheck
    verdict: str  # one sentence
    gap: tuple[str, ...]  # how the count differs, a line a party (none when it matches)
    moves: tuple[str, ...]  # the moves that explain it, most likely first
    more: int  # further moves that explain it as well, not listed


def count_parties(gs: GameSession) -> list[str]:
    """What the players count, in the order they are asked: each bowl in seating order, the plato, the dish."""
    return [*gs.players, PLATO, PAJARITOS]


def count_check(gs: GameSession, counted: dict[str, int]) -> CountAnswer:
    """Compare the count with the table as the app has it now (after the last hand)."""
    check = check_count(ledger_for(gs), counted)
    lines = tuple(narration.move_line(m.kind, m.hand, m.source, m.target, m.amount, m.reasons)
                  for m in check.moves)
    return CountAnswer(
        check=check,
        verdict=narration.count_verdict(check.verdict, check.extra, len(lines)),
        gap=narration.count_gap(check.difference),
        moves=lines[:MOVES_SHOWN],
        more=max(0, len(lines) - MOVES_SHOWN),
    )


@dataclass(frozen=True)
class WhatIfLine:
    player: str
    played: str  # the money as the evening was played
    would: str  # the money under the other rules
    difference: str
    change: Decimal


@dataclass(frozen=True)
class WhatIf:
    """The evening replayed under other rules: each player's money, or why it cannot be replayed."""

    rules_title: str
    options: tuple[tuple[str, str], ...] = ()  # the options asked for, in words
    lines: tuple[WhatIfLine, ...] = ()
    refusal: str = ""


def what_if(gs: GameSession, rules: str, options: dict[str, Any]) -> WhatIf:
    """Replay the evening's hands under ``rules`` with ``options`` (nothing is stored)."""
    try:
        title = narration.rules_title(get_ruleset(rules))
    except (KeyError, ValueError):
        raise Refused("rules", _("Unknown rules {rules!r}.").format(rules=rules)) from None
    words = tuple(narration.option_words(options))
    played = ledger_for(gs).settlement
    other_file = session_dict(gs)
    other_file["rules"] = rules
    other_file.pop("options", None)
    if options:
        other_file["options"] = options
    try:
        other = replay(load_session(other_file)).settlement
    except SessionError as exc:
        return WhatIf(title, words, refusal=refused_from(exc).message)
    cur = played.currency
    lines = tuple(
        WhatIfLine(p, format_money(played.money[p], cur, signed=True), format_money(other.money[p], cur, signed=True),
                   format_money(other.money[p] - played.money[p], cur, signed=True),
                   other.money[p] - played.money[p])
        for p in gs.players
    )
    return WhatIf(title, words, lines)
