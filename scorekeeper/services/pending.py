"""A deal kept on a phone while it was offline, against the table as it is when the phone is back: for every game.

The phone sends its deal with the number it was entered as. When another phone entered that number meanwhile
(or changed the deal a kept fix was for) the server refuses it with a 409, and the phone's outbox opens the
comparison: the deal the table holds there beside the phone's, question by question, and what the phone's would
do (as the next deal, or in place of the one it fixes). A game brings its answers in words and what a deal does;
the comparison and its rules (when the two are the same, which questions differ) are the platform's, and so is
the page (``web/compare.py``). Nothing here writes: the choice (drop it, enter it as the next deal, apply the
fix) is posted to the game's own deal form like any other.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from ..models import GameSession
from . import deal_words, games
from .changes import gone_words
from .refusals import Refused

#: a deal as entered, question by question: {question: (its label, the answer in words)}, in the form's order
Answers = Mapping[str, tuple[str, str]]


@dataclass(frozen=True)
class Question:
    """One question of the two deals side by side; ``differs`` marks where they disagree."""

    label: str
    stored: str
    mine: str
    differs: bool


@dataclass(frozen=True)
class Comparison:
    """The phone's deal ``number`` beside the table's deal ``number``, and what the phone's would do.

    For a new deal, "what it would do" is as the next deal (``next_number``); for a fix of deal ``number``
    (``editing``), in place of the deal stored now.
    """

    number: int  # the number the phone entered (or fixed) it as
    next_number: int  # the number it would get now
    held: bool  # the table holds a deal ``number`` now
    same: bool  # both phones entered the same deal: the phone's copy is already on the table
    questions: tuple[Question, ...]
    stored_said: str = ""  # what the table's deal did, in words
    mine_said: str = ""  # what the phone's would do ("": it cannot be entered, ``refusal`` says why)
    mine_moves: tuple[str, ...] = ()  # and what it moves (money, points, how the game comes out)
    refusal: str = ""  # why the phone's deal cannot be entered (or applied) as it is
    closed: bool = False  # the session was ended meanwhile: nothing can be entered
    editing: bool = False  # the phone's deal is a fix of deal ``number``

    @property
    def can_enter(self) -> bool:
        """Whether the page offers to enter (or apply) the phone's deal."""
        return not self.closed and bool(self.mine_said) and not (self.same and self.editing)


def as_entered(deal: Mapping[str, Any], added: Collection[str] = ()) -> dict[str, Any]:
    """``deal`` without what the server adds when it stores one (Tresillo's dealer and seating)."""
    return {k: v for k, v in deal.items() if k not in added}


def questions(stored: Answers, mine: Answers) -> tuple[Question, ...]:
    """The two deals side by side, question by question (the phone's order first); a question one of them does
    not answer shows a dash."""
    order = list(mine) + [k for k in stored if k not in mine]
    return tuple(Question((mine.get(k) or stored[k])[0], stored.get(k, ("", "—"))[1], mine.get(k, ("", "—"))[1],
                          stored.get(k) != mine.get(k)) for k in order)


def compared(number: int, next_number: int, stored: Mapping[str, Any] | None, mine: Mapping[str, Any], *,
             stored_answers: Answers, mine_answers: Answers, added: Collection[str] = (), **said: Any) -> Comparison:
    """The comparison of the phone's deal ``mine`` with the table's deal ``number`` (``stored``, None: none there);
    ``said`` gives what each does in words (:class:`Comparison`'s ``stored_said``, ``mine_said``…)."""
    same = stored is not None and as_entered(mine, added) == as_entered(stored, added)
    return Comparison(number, next_number, stored is not None, same, questions(stored_answers, mine_answers),
                      **said)


# ------------------------------------------------------------------ the games the platform replays


def kept_deal(gs: GameSession, mine: Mapping[str, Any], number: int, editing: bool) -> Comparison:
    """A game's deal kept on a phone (``scorekeeper-session/2``), entered as ``number`` or a fix of it
    (``editing``), beside the deal the table holds there: field by field, and what the phone's would do (its
    line and points as the next deal; a fix, how it changes the way the game comes out)."""
    whole, view = games.replayed(gs), games.game_view(gs)
    stored = view.deals[number - 1] if 1 <= number <= len(view.deals) else None
    line = games.deal_line(games.pieces(gs), mine)
    said: dict[str, Any] = {"stored_said": stored.line if stored else "", "closed": bool(gs.closed),
                            "editing": editing}
    if editing and stored is None:
        said["refusal"] = gone_words(gs, number)
    elif editing:
        preview = games.preview_fix(gs, number, mine)
        said.update(refusal=preview.refusal, mine_said="" if preview.refusal else line, mine_moves=preview.outcome)
    else:
        try:
            made = games.with_next(gs, whole, len(whole.hands), dict(mine), view.next_number)
        except Refused as exc:
            said["refusal"] = exc.message
        else:
            points = made.played.rows[-1].points
            said.update(mine_said=line, mine_moves=(" · ".join(f"{name} {p}" for name, p in points),))
    return compared(number, view.next_number, stored.deal if stored else None, mine,
                    stored_answers=deal_words.answers(stored.deal, gs.game) if stored else {},
                    mine_answers=deal_words.answers(mine, gs.game), **said)
