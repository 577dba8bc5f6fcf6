"""Read-only questions about an evening: does the count on the table match, and what if other rules?

Nothing here writes: the count check compares what the players counted with
the replay; "what if" replays the same hands under another ruleset or other
options and compares the money. Both answer in words from the narration layer.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from .... import formats
from ....core.errors import SessionError
from ....i18n import N_, _
from ....models import GameSession
from ....services.refusals import Refused, refused_from
from ....words import names, refusal
from .. import words as narration
from ..engine import PAJARITOS, PLATO, HandResult, get_ruleset, load_session
from ..engine.compare import ComparedHand, compare
from ..engine.countcheck import CountCheck, check_count
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
    played: str  # the money as the evening was played (over the hands both rules score)
    would: str  # the money under the other rules
    difference: str
    change: Decimal


@dataclass(frozen=True)
class WhatIfHand:
    """One hand as played and under the other rules, in words; or why the other rules leave it out."""

    number: int
    played: str
    would: str = ""  # empty: left out
    left_out: str = ""  # why, in words
    read_past: str = ""  # what the other rules do not pay, left aside


@dataclass(frozen=True)
class WhatIf:
    """The evening replayed under other rules: each player's money and each hand, or why it cannot be replayed."""

    rules_title: str
    options: tuple[tuple[str, str], ...] = ()  # the options asked for, in words
    lines: tuple[WhatIfLine, ...] = ()
    refusal: str = ""
    hands: tuple[WhatIfHand, ...] = ()
    left_out: tuple[int, ...] = ()  # the numbers of the hands left out of both columns
    currency: str = ""


#: what a field read past pays, as the sentence names it
PAST_WORDS = {"estuche": N_("the estuche"), "contra_estuche": N_("the contra-estuche"),
              "debt": N_("the debt played for"), "bet": N_("the dealer's bet"), "trump": N_("the trump suit")}


def what_if(gs: GameSession, rules: str, options: dict[str, Any]) -> WhatIf:
    """Replay the evening's hands under ``rules`` with ``options``, as far as each hand can be read there
    (nothing is stored; see :mod:`scorekeeper.games.tresillo.engine.compare`)."""
    try:
        title = narration.rules_title(get_ruleset(rules))
    except (KeyError, ValueError):
        raise Refused("rules", _("Unknown rules {rules!r}.").format(rules=rules)) from None
    words = tuple(narration.option_words(options))
    own_file = session_dict(gs)
    other_file = dict(own_file, rules=rules)
    other_file.pop("options", None)
    if options:
        other_file["options"] = options
    try:
        found = compare(load_session(own_file), load_session(other_file).setup)
    except SessionError as exc:
        return WhatIf(title, words, refusal=refused_from(exc).message)
    played, other = found.played, found.other
    cur = played.currency

    def figure(amount: Decimal) -> str:  # the table's caption names the currency (it fits at 320 px)
        return formats.money(amount, cur, signed=True, unit=False)

    lines = tuple(
        WhatIfLine(p, figure(played.money[p]), figure(other.money[p]), figure(other.money[p] - played.money[p]),
                   other.money[p] - played.money[p])
        for p in gs.players
    )
    return WhatIf(title, words, lines, hands=tuple(_hand_words(h) for h in found.hands),
                  left_out=tuple(h.number for h in found.left_out), currency=cur)


def _hand_words(h: ComparedHand) -> WhatIfHand:
    played = _result_words(h.played)
    past = names([_(PAST_WORDS[f]) for f in h.read_past])
    past_words = _("Scored without {what} (not paid under these rules).").format(what=past) if past else ""
    if h.other is None:
        assert h.left_out is not None
        why = refusal(h.left_out)
        left = (_("Left out: {refusal}").format(refusal=why) if h.refused_by == "other" else
                _("Left out: once the hands before it are left out, the evening's own rules refuse it: "
                  "{refusal}").format(refusal=why))
        return WhatIfHand(h.number, played, left_out=left)
    return WhatIfHand(h.number, played, _result_words(h.other), read_past=past_words)


def _result_words(res: HandResult) -> str:
    """A hand's result in one line: what was played, how it ended, and what was in play."""
    event = narration.points_event(res) if res.stake.case == "none" else narration.hand_event(res)
    return _("{event} ({amount} in play)").format(event=event, amount=res.in_play)
