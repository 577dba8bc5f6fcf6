"""The games' results in words, in the reader's language (the engines return only data).

Each ending a game can report (``Result.how``) has one label here; a game's own words (cappotto,
stramazzo, truco…) stay as they are in every language.
"""

from __future__ import annotations

from .. import formats
from ..i18n import N_, _
from .replay import Played

#: how a game ended, by the code its engine gives
HOW: dict[str, str] = {
    "reached_21": N_("a player reached 21"),
    "claim": N_("a correct claim: the claimants reached the target"),
    "false_claim": N_("a false claim: the claimants lose"),
    "target": N_("the target was reached"),
    "cappotto": N_("cappotto: one side took every trick"),
    "cappottone": N_("cappottone: one player took every trick"),
    "stramazzo": N_("stramazzo: one side took every counting card"),
    "strammazzone": N_("strammazzone: one player took every counting card"),
    "collatondrione": N_("collatondrione: a napoletana decima was declared"),
    "reached_12": N_("a team reached 12"),
    "reached_5": N_("a player reached 5"),
    "reached_15": N_("a team reached 15"),
    "reached_30": N_("a team reached 30"),
    "camas": N_("a team won the camas it needed"),
}


def how_words(code: str) -> str:
    """The ending in words; an ending without a label reads as its code (a game's own word)."""
    return _(HOW[code]) if code in HOW else code


def game_result_lines(played: Played) -> list[str]:
    """The result of a game as lines of text: how it stands, who won, and each player's money."""
    r = played.result
    title = played.game.spec.title
    if r.finished is None:
        lines = [_("{game}: a game without an end; the money so far.").format(game=title)]
    elif not r.finished:
        lines = [_("{game}: not finished; nothing is paid yet.").format(game=title)]
    else:
        lines = [_("{game} ended at deal {n}: {how}.").format(game=title, n=r.ended_at, how=how_words(r.how))]
        if r.winners:
            lines.append(_("Winners: {names}").format(names=", ".join(r.winners)))
        if r.multiplier and r.multiplier != 1:
            lines.append(_("Multiplier: ×{n}").format(n=r.multiplier))
    for player, money in r.money:
        lines.append(f"  {player}: {formats.money(money, '', signed=True, unit=False)}")
    return lines
