"""The games' results in words, in the reader's language (the engines return only data).

Each ending a game can report (``Result.how``) has its label in the game's record (``GameRecord.how``);
a game's own words (cappotto, stramazzo, truco…) stay as they are in every language.
"""

from __future__ import annotations

from collections.abc import Mapping

from .. import formats
from ..i18n import _
from .registry import records
from .replay import Played


def how_words(game: str, code: str) -> str:
    """How ``game`` ended, in words: the label its record gives the code (``GameRecord.how``); an ending
    without a label reads as its code (a game's own word)."""
    labels = records()[game].how if game in records() else {}
    return _(labels[code]) if code in labels else code


def value_words_of(game: str) -> Mapping[str, Mapping[str, str]]:
    """The words of ``game``'s coded field values, by field (``GameRecord.values``, marked ``N_``, not yet
    translated); none for a game without them or unknown."""
    return records()[game].values if game in records() else {}


def game_result_lines(played: Played) -> list[str]:
    """The result of a game as lines of text: how it stands, who won, and each player's money."""
    r = played.result
    title = played.game.spec.title
    if r.finished is None:
        lines = [_("{game}: a game without an end; the money so far.").format(game=title)]
    elif not r.finished:
        lines = [_("{game}: not finished; nothing is paid yet.").format(game=title)]
    else:
        how = how_words(played.game.spec.name, r.how)
        lines = [_("{game} ended at deal {n}: {how}.").format(game=title, n=r.ended_at, how=how)]
        if r.winners:
            lines.append(_("Winners: {names}").format(names=", ".join(r.winners)))
        if r.multiplier and r.multiplier != 1:
            lines.append(_("Multiplier: ×{n}").format(n=r.multiplier))
    for player, money in r.money:
        lines.append(f"  {player}: {formats.money(money, '', signed=True, unit=False)}")
    return lines
