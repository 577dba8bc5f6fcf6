"""The side bets of Truco as played today (envido, flor, envit): chains of calls, as data.

A chain is the calls the two sides make in turn about their points (envido, real envido…), then
one answer: accepted (``won`` names the side whose points were best) or refused (``refused`` names
the side that said no quiero). What may open a chain, what may follow what and how often, and what
each call is worth are data (:class:`Call`); :func:`read_chain` reads a deal's chain and gives the
side that scores and how much. docs/rules.md, "Truco as played today", says each rule in words.
Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from dataclasses import field as derived
from typing import Any, Literal

from ...core.errors import N_
from ..base import name_in, one_of, only_fields, refuse

#: how a chain ended: its winner took the accepted value, the refusal paid its caller, or a lone
#: call that nobody answers scored by itself (a flor)
Settled = Literal["accepted", "refused", "sung"]


@dataclass(frozen=True, slots=True)
class Call:
    """One call of a chain: what it adds when the chain is accepted and where it may stand."""

    name: str
    #: the points the call adds to the chain (a falta call adds nothing: it is worth the falta)
    adds: int
    #: the call is worth the falta, what the leading side lacks (see the engine's ``falta``)
    falta: bool = False
    #: the call may open the chain
    opens: bool = True
    #: the calls it may answer (directly follow)
    after: tuple[str, ...] = ()
    #: how many times it may be made in one chain
    most: int = 1
    #: what it adds when made again (a flor answered by a flor), which ends the chain (the better of
    #: the two takes it); ``None``: the call is never made again, or adds the same (envido)
    again: int | None = None


@dataclass(frozen=True, slots=True)
class Chain:
    """A side bet: the deal field it is entered in and its calls."""

    #: the deal field, in the ruleset's own words (``envido``, ``flor``, ``envit``)
    field: str
    calls: tuple[Call, ...]
    #: what a refusal pays beyond the calls before the refused one (the flor's own point)
    refusal_extra: int = 0
    #: the opening call alone, unanswered, scores its value (a flor nobody contests)
    sung_alone: bool = False
    #: the calls' names, and each call by its name: worked out once, not for every call read
    #: (``bench/replay.py --instructions --games``)
    names: tuple[str, ...] = derived(init=False, repr=False, compare=False)
    by_name: Mapping[str, Call] = derived(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", tuple(c.name for c in self.calls))
        object.__setattr__(self, "by_name", {c.name: c for c in self.calls})

    def call(self, name: str) -> Call:
        return self.by_name[name]

    def allows(self, made: Sequence[str], name: str) -> bool:
        """Whether the call ``name`` may come next after ``made``: an opening call first; then one that
        answers the last, made no more often than it may be; nothing after a call made again (it ends the
        chain)."""
        call = self.by_name[name]
        if not made:
            return call.opens
        last = made[-1]
        if self.by_name[last].again is not None and made.count(last) > 1:
            return False
        return last in call.after and made.count(name) < call.most

    def follows(self, made: Sequence[str]) -> tuple[str, ...]:
        """The calls that may come next after ``made`` (an entry screen offers only these)."""
        return tuple(name for name in self.names if self.allows(made, name))

    def buttons(self, calls: Sequence[tuple[str, str]], sides: Sequence[str]) -> tuple[tuple[str, str], ...]:
        """The ``(side, call)`` buttons an entry screen shows after ``calls``: any side may open, then
        only the other side answers, with what may follow."""
        names = [name for _, name in calls]
        callers = [s for s in sides if not calls or s != calls[-1][0]]
        return tuple((side, name) for side in callers for name in self.follows(names))

    def settled_alone(self, calls: Sequence[tuple[str, str]]) -> bool:
        """The chain scores with no answer (a lone flor): the screen asks no quiero / who won."""
        return len(calls) == 1 and self.sung_alone


CHAIN_FIELDS = ("calls", "won", "refused")
CALL_FIELDS = ("by", "call")


def _read_calls(raw: Any, number: int, chain: Chain, sides: Sequence[str], kind: str) -> tuple[tuple[str, str], ...]:
    """The calls in order, each ``(side, call)``: the sides alternate, each call may follow the last."""
    where = f"{chain.field}.calls"
    if not isinstance(raw, list) or not raw:
        raise refuse(number, where, N_("expected a list of the calls, in order"))
    calls: list[tuple[str, str]] = []
    made: list[str] = []  # the calls' names so far
    for i, entry in enumerate(raw):
        at = f"{where}[{i}]"
        only_fields(entry, number, CALL_FIELDS, where=at)
        if "by" not in entry or "call" not in entry:
            raise refuse(number, at, N_("each call gives 'by' (who made it) and 'call' (the call)"))
        side = name_in(entry["by"], number, f"{at}.by", sides, kind)
        name = one_of(entry["call"], number, f"{at}.call", chain.names)
        if not chain.allows(made, name):
            if not made:
                raise refuse(number, f"{at}.call", N_("{call!r} does not open the {chain}: it answers another call"),
                             call=name, chain=chain.field)
            raise refuse(number, f"{at}.call", N_("{call!r} may not follow {previous!r}"), call=name,
                         previous=made[-1])
        if calls and calls[-1][0] == side:
            raise refuse(number, f"{at}.by", N_("{side!r} called twice running: the sides answer each other in turn"),
                         side=side)
        calls.append((side, name))
        made.append(name)
    return tuple(calls)


#: what a falta call is worth, given the side that won the chain and the calls made, each
#: ``(side, call)`` (the engine reads the score and the ruleset's reading of the falta)
Falta = Callable[[str, Sequence[tuple[str, str]]], int]


def calls_sum(chain: Chain, names: Sequence[str]) -> int:
    """The calls' points added up: a call made again adds its ``again`` value (flor against flor)."""
    total = 0
    for k, name in enumerate(names):
        call = chain.call(name)
        repeated = name in names[:k]
        total += call.again if repeated and call.again is not None else call.adds
    return total


def chain_value(chain: Chain, calls: Sequence[tuple[str, str]], falta: Falta, winner: str) -> int:
    """What the accepted chain is worth: the falta if a falta call was made, else the calls' sum."""
    names = [name for _, name in calls]
    if any(chain.call(n).falta for n in names):
        return falta(winner, calls)
    return calls_sum(chain, names)


def refused_value(chain: Chain, names: Sequence[str]) -> int:
    """What a refusal pays the last caller: the calls before the refused one (at least 1), plus the
    chain's extra. A falta call is always the last, so it is never among those before."""
    return max(1, calls_sum(chain, names[:-1]) + chain.refusal_extra)


def read_chain(raw: Any, number: int, chain: Chain, sides: Sequence[str], kind: str,
               falta: Falta) -> tuple[str, int, Settled, tuple[str, ...]]:
    """The side that scores the chain, the points, how it was settled, and the calls' names."""
    only_fields(raw, number, CHAIN_FIELDS, where=chain.field)
    assert isinstance(raw, Mapping)
    calls = _read_calls(raw.get("calls"), number, chain, sides, kind)
    names = tuple(name for _, name in calls)
    last = calls[-1][0]
    answers = [a for a in ("won", "refused") if a in raw]
    if len(calls) == 1 and chain.sung_alone:
        if answers:
            raise refuse(number, f"{chain.field}.{answers[0]}",
                         N_("a lone {call!r} is not answered: it scores by itself"), call=names[0])
        return last, chain_value(chain, calls, falta, last), "sung", names
    if len(answers) != 1:
        raise refuse(number, chain.field, N_("say who won the {chain}, or who refused it"), chain=chain.field)
    if answers[0] == "won":
        winner = name_in(raw["won"], number, f"{chain.field}.won", sides, kind)
        return winner, chain_value(chain, calls, falta, winner), "accepted", names
    refuser = name_in(raw["refused"], number, f"{chain.field}.refused", sides, kind)
    if refuser == last:
        raise refuse(number, f"{chain.field}.refused", N_("{side!r} made the last call: the other side refuses it"),
                     side=refuser)
    return last, refused_value(chain, names), "refused", names


# ---------------------------------------------------------------- the chains of each region

#: Río de la Plata: envido (2, twice at most), real envido (3), falta envido (the falta)
ENVIDO = Chain("envido", (
    Call("envido", 2, after=("envido",), most=2),
    Call("real_envido", 3, after=("envido",)),
    Call("falta_envido", 0, falta=True, after=("envido", "real_envido")),
))

#: Río de la Plata, when played with flor: flor (3), answered by a flor (the two flors together are
#: worth the option ``flor_flor``: 4 by default), contraflor (3 more), contraflor al resto (the
#: ruleset's reading, option ``contraflor_resto``); a refusal pays the flors before it and one point more
FLOR = Chain("flor", (
    Call("flor", 3, after=("flor",), most=2, again=1),
    Call("contraflor", 3, opens=False, after=("flor",)),
    Call("contraflor_al_resto", 0, falta=True, opens=False, after=("flor", "contraflor")),
), refusal_extra=1, sung_alone=True)


def flor_chain(both: int) -> Chain:
    """The flor chain where a flor answered by a flor makes the two worth ``both`` together (4, 3 or 6)."""
    calls = tuple(replace(c, again=both - c.adds) if c.name == "flor" else c for c in FLOR.calls)
    return replace(FLOR, calls=calls)

#: truc valencià: envit (2), torne (2 more), falta (the falta)
ENVIT = Chain("envit", (
    Call("envit", 2),
    Call("torne", 2, opens=False, after=("envit",)),
    Call("falta", 0, falta=True, after=("envit", "torne")),
))
