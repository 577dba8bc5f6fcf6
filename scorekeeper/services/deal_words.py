"""What a change of the table did, in words, for every game: a deal's fields one by one (``points · Ana:
3 → 5``) and, when it changes how the game comes out (the winner, a claim, a bid, an elimination), the
sentences that say so, for a change's preview and for the history.

The words of a deal object's fields are the session file's (``scorekeeper-session/2``), translated; a
field's coded values (Tressette chiamata's ``caller``/``opponents``, a suit, a tied trick) take the words the
game's record gives them (``GameRecord.values``); a game's own word and a player's name stay as they are written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

from ..games.base import DealRow
from ..games.replay import Played
from ..games.words import how_words, value_words_of
from ..i18n import N_, _

# ------------------------------------------------------------------ what a change did, in words

#: the fields of the games' deal objects (``scorekeeper-session/2``) in words; a field not named here (a
#: game's own word: truco, envido, napoletana) and every player's or team's name is shown as it is written
FIELD_WORDS = {
    "points": N_("points"), "last": N_("last trick"), "cards": N_("cards"), "aces": N_("aces"),
    "thirds": N_("thirds"), "declarations": N_("declarations"), "player": N_("player"), "kind": N_("kind"),
    "suit": N_("suit"), "caller": N_("caller"), "partner": N_("partner"), "called": N_("called"),
    "opponents": N_("opponents"), "bid": N_("bid"), "soloist": N_("soloist"), "raises": N_("raises"),
    "won": N_("won by"), "folded": N_("folded"), "winner": N_("winner"), "void": N_("void deal"),
    "dealer": N_("dealer"), "tricks": N_("tricks"), "claim": N_("claim"), "by": N_("by"),
    "annulled": N_("annulled"), "tied": N_("tied"), "rounds": N_("rounds"), "eldest": N_("eldest hand"),
    "missing": N_("missing"), "rank": N_("rank"), "every_trick": N_("every trick"), "event": N_("event"),
    "put": N_("put in"),
}

#: a deal's row figures that say how it came out (data of the engines' rows), in words
OUTCOME_EXTRAS = {
    "winner": N_("the winner"), "how": N_("how it ended"), "made": N_("the bid made"),
    "eliminated": N_("eliminated"), "annulled": N_("annulled"),
}
#: at most this many deals' outcome changes are told (the rest are counted)
OUTCOMES_SHOWN = 4


#: a game's words for its fields' coded values, by field name (``GameRecord.values``, marked ``N_``)
ValueWords = Mapping[str, Mapping[str, str]]


def _field(step: str | int) -> str:
    if isinstance(step, int):
        return str(step + 1)
    said = FIELD_WORDS.get(step)
    return _(said) if said else step


def _place_words(place: tuple[str | int, ...], values: ValueWords) -> str:
    """A value's place in words (``points · the caller's side``): each field's word, and a key under a field
    (a side, a player) in the game's words for that field's values when it has them."""
    said = []
    for i, step in enumerate(place):
        parent = place[i - 1] if i else None
        keyed = values.get(parent, {}) if isinstance(parent, str) else {}
        said.append(_(keyed[step]) if isinstance(step, str) and step in keyed else _field(step))
    return " · ".join(said) or _("the deal")


def _words_at(place: tuple[str | int, ...], values: ValueWords) -> Mapping[str, str]:
    """The game's words for the values of the field at ``place`` (its last named step; a list's item is
    its list's field)."""
    named = [step for step in place if isinstance(step, str)]
    return values.get(named[-1], {}) if named else {}


def _leaves(value: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    """Every value of a deal object by its place (``("cards", "Ana", "aces")``)."""
    if isinstance(value, Mapping) and value:
        for k, v in value.items():
            yield from _leaves(v, (*path, str(k)))
    elif isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    else:
        yield path, value


def value_words(value: Any, words: Mapping[str, str] | None = None) -> str:
    """A deal's value in words: yes/no, a list joined, nothing as a dash, a coded value in the game's
    ``words`` for its field (marked ``N_``), any other number or name as it is."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list | tuple):
        return ", ".join(value_words(v, words) for v in value) or "—"
    if isinstance(value, Mapping):
        return ", ".join(f"{value_words(k, words)} {value_words(v)}" for k, v in value.items()) or "—"
    if isinstance(value, str) and words and value in words:
        return _(words[value])
    return str(value)


def deal_changes(before: Mapping[str, Any] | None, after: Mapping[str, Any] | None, game: str = "") -> list[str]:
    """What a fix of a deal of ``game`` changed, field by field, in words: ``points · Ana: 3 → 5``."""
    values = value_words_of(game)
    old, new = dict(_leaves(before or {})), dict(_leaves(after or {}))
    out = []
    for place in [*old, *(p for p in new if p not in old)]:
        was, now_ = old.get(place), new.get(place)
        if type(was) is not type(now_) or was != now_ or (place in old) != (place in new):  # 1 is not true
            words = _words_at(place, values)
            out.append(_("{field}: {before} → {after}").format(
                field=_place_words(place, values), before=value_words(was, words), after=value_words(now_, words)))
    return out


def answers(deal: Mapping[str, Any], game: str = "") -> dict[str, tuple[str, str]]:
    """A deal object of ``game`` question by question, for the outbox's compare page: each field by its place,
    its name and its value in words (``points · Ana``: ``3``)."""
    values = value_words_of(game)
    return {"/".join(map(str, place)): (_place_words(place, values), value_words(value, _words_at(place, values)))
            for place, value in _leaves(deal)}


def _result_words(p: Played) -> str:
    r = p.result
    if r.finished:
        how = how_words(p.game.spec.name, r.how)
        return _("{names} won ({how})").format(names=", ".join(r.winners) or "—", how=how)
    if r.finished is None:
        return _("a game without an end")
    return _("not over")


def _extra_words(game: str, name: str, value: Any) -> str:
    return how_words(game, value) if name == "how" and isinstance(value, str) else value_words(value)


#: a row of a replayed game (a game's deal row, Tresillo's ledger row or row in words)
R = TypeVar("R")


def altered(pairs: Iterable[tuple[int | None, int | None]], old: Sequence[R], new: Sequence[R],
            figures: Callable[[R], Any]) -> list[tuple[R | None, R | None]]:
    """The rows a change alters, for every game's preview and history: of ``pairs`` (a row's place before and
    after, :meth:`changes.Plan.pairs`), (row before, row after), None for a deal inserted or removed; a kept
    deal whose ``figures`` are the same is left out, and so is one past the rows (a game ended before it)."""
    out: list[tuple[R | None, R | None]] = []
    for b, a in pairs:
        if (b is not None and b >= len(old)) or (a is not None and a >= len(new)):
            continue
        was, now_ = None if b is None else old[b], None if a is None else new[a]
        if was is None or now_ is None or figures(was) != figures(now_):
            out.append((was, now_))
    return out


def _outcome(row: DealRow) -> tuple[Any, ...]:
    """What a deal's row says of how it came out (its figures among :data:`OUTCOME_EXTRAS`)."""
    extras = dict(row.extras)
    return tuple(extras.get(name) for name in OUTCOME_EXTRAS)


def outcome_changes(before: Played, after: Played, origin: Sequence[int | None], first: int = 0) -> tuple[str, ...]:
    """How a change alters the way the game comes out, in sentences: the game's result (who won, how,
    or whether it is over) and each deal whose winner, claim, bid or elimination changes. ``origin`` maps
    each deal after the change to its place before (``None``: a new deal), as :attr:`Plan.origin`."""
    out: list[str] = []
    if _result_words(before) != _result_words(after):
        out.append(_("The result changes: {before} before, {after} after.").format(
            before=_result_words(before), after=_result_words(after)))
    deals: list[str] = []
    kept = [(b, a) for b, a in altered(((origin[j], j) for j in range(first, len(origin))), before.rows,
                                       after.rows, _outcome) if b is not None and a is not None]
    for b, a in kept:
        was, now_ = dict(b.extras), dict(a.extras)
        for name, said in OUTCOME_EXTRAS.items():
            if name in was or name in now_:
                if was.get(name) != now_.get(name):
                    deals.append(_("Deal {n}: {what} was {before}, now {after}.").format(
                        n=a.deal, what=_(said), before=_extra_words(after.game.spec.name, name, was.get(name)),
                        after=_extra_words(after.game.spec.name, name, now_.get(name))))
    out.extend(deals[:OUTCOMES_SHOWN])
    if len(deals) > OUTCOMES_SHOWN:
        out.append(_("… and {n} more changes of the deals after it.").format(n=len(deals) - OUTCOMES_SHOWN))
    return tuple(out)
