"""The hand form of Rentoy, Truc and Put: the calls in order, then how the hand ended.

The sides are named by their place (``0``, ``1``), never by their names. Raises alternate, so the
calls are the side that raised first and how many raises there were (the ladder gives each value).
The hand ends with a button: a side won it, the side answering the last raise folded, or the tricks
say (one per trick: a side or a tie, as many as decide the hand; three ties may go to the eldest).
The calls are a chain of steps as data (:data:`CHAINS`), so a ruleset may add its own chain
(envido…) beside the raises. Only the shape is read here; the engine judges the hand.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...i18n import N_, _
from ..replay import Played
from ..views import FormData, ReadDeal
from .chains import Chain as Bet
from .chains import calls_sum, refused_value
from .engine import DUELS, MAZO, TIE, Rules, pica_next
from .tally import rules_of

#: the row's ``round`` of a round of pica-pica
PICA = "pica_pica"
#: the buttons that end a hand: ``won-0``, ``won-1``, ``fold-0``, ``fold-1``, ``tricks``
FOLD, TRICKS = "fold", "tricks"
TRICK_COUNT = 3


@dataclass(frozen=True, slots=True)
class Chain:
    """One chain of calls a hand may have, as data: the form draws and reads each chain the same way.

    The sides call in turn from the first caller; each call takes the chain one value further.
    """

    #: the deal field the chain is written to (a list of the sides that called, in order)
    field: str
    #: the form fields holding who called first and how many calls there were (its refusals show at ``count``)
    first: str
    count: str
    #: the field of the rules holding the values the chain climbs through (its length less one: most calls)
    values: str
    #: the chain's title on the form
    legend: str
    #: the word of the first call, by game (the later calls are said by their value)
    first_word: Mapping[str, str] = dataclasses.field(default_factory=dict)
    #: the chain that sets the hand's value (the one a side folds to)
    main: bool = False


#: the chains of calls of these games: only the raises (a ruleset adds its own, such as envido)
CHAINS: tuple[Chain, ...] = (
    Chain("raises", "first", "raises", "ladder", N_("Calls, in the order they were made"), {"truc": "truc"}, main=True),
)

MAIN = next(c for c in CHAINS if c.main)


def sides(played: Played) -> tuple[str, ...]:
    seating = played.table.seating
    return seating.team_names or seating.players


def rules(played: Played) -> Rules:
    return rules_of(played.game.spec.name, dict(played.table.options))


def _index(played: Played, side: Any) -> str:
    return str(sides(played).index(side)) if side in sides(played) else ""


def fields(played: Played, number: int, deal: Mapping[str, Any] | None) -> dict[str, str]:
    """The form's values: nothing called for a new hand, the hand as entered for a fix."""
    if deal is not None and isinstance(deal.get(DUELS), list):
        return duels_fields(played, deal[DUELS])
    out: dict[str, str] = {}
    for chain in CHAINS:
        called = list((deal or {}).get(chain.field) or [])
        out.update({chain.first: _index(played, called[0]) if called else "", chain.count: str(len(called))})
    if deal is None:
        return out
    out.update(bet_fields(played, deal))
    if "won" in deal:
        out["end"] = f"won-{_index(played, deal['won'])}"
    elif "folded" in deal:
        out["end"] = f"{FOLD}-{_index(played, deal['folded'])}"
    elif MAZO in deal:
        later = "-later" if deal.get("trick", 1) != 1 else ""
        out["end"] = f"{MAZO}-{_index(played, deal[MAZO])}{later}"
    elif "tricks" in deal:
        out["end"] = TRICKS
        for i, trick in enumerate(deal["tricks"][:TRICK_COUNT]):
            out[f"trick-{i + 1}"] = TIE if trick == TIE else _index(played, trick)
        if "eldest" in deal:
            out["eldest"] = _index(played, deal["eldest"])
    return out


def _side(played: Played, text: str | None) -> str | None:
    """The side a posted place names (``0`` or ``1``), or None."""
    names = sides(played)
    return names[int(text)] if text in {str(i) for i in range(len(names))} else None


def read_calls(played: Played, form: FormData, chain: Chain, errors: dict[str, str]) -> list[str]:
    """The sides that called in ``chain``, in order (they alternate from the first caller)."""
    names = sides(played)
    count_text = form.get(chain.count, "0") or "0"
    most = len(getattr(rules(played), chain.values)) - 1
    if not (count_text.isascii() and count_text.isdigit() and int(count_text) <= most):
        errors[chain.count] = _("Choose the calls with the buttons.")
        return []
    count = int(count_text)
    first = _side(played, form.get(chain.first))
    if count and first is None:
        errors[chain.count] = _("Say who called first.")
        return []
    if not count:
        return []
    start = names.index(first or names[0])
    return [names[(start + k) % len(names)] for k in range(count)]


def read_tricks(played: Played, form: FormData, errors: dict[str, str]) -> list[str]:
    """The tricks as tapped, up to the first not tapped: a side, or a tie."""
    tricks: list[str] = []
    for k in range(1, TRICK_COUNT + 1):
        text = form.get(f"trick-{k}", "")
        if not text:
            break
        side = TIE if text == TIE else _side(played, text)
        if side is None:
            errors[f"trick-{k}"] = _("Choose who took this trick.")
            break
        tricks.append(side)
    if not tricks and not errors:
        errors["tricks"] = _("Tap who took each trick.")
    return tricks


#: a common hand in one tap (``quick``): the first raise's caller, how many raises, and the ending
QUICK = "quick"


def quick_hands(played: Played) -> tuple[tuple[str, str, int], ...]:
    """The common hands the form offers as one button each, ``(value, ending, hand's value)``: a side won
    the hand as dealt; a side's first raise accepted and either side won; refused (the other folded);
    a side went to the deck."""
    names = sides(played)
    ladder = rules(played).ladder
    out: list[tuple[str, str, int]] = []
    for i in range(len(names)):
        other = 1 - i
        out += [(f"{i}:1:won-{w}", f"won-{w}", int(ladder[1])) for w in (i, other)]
        out.append((f"{i}:1:{FOLD}-{other}", f"{FOLD}-{other}", int(ladder[0])))
    return tuple(out)


def _quick(form: FormData) -> FormData:
    """The form with a common hand's button read into the fields it stands for (first caller, raises, end)."""
    first, _sep, rest = form.get(QUICK, "").partition(":")
    count, _sep, end = rest.partition(":")
    if not (first.isdigit() and count.isdigit() and end):
        return form
    return {**form, MAIN.first: first, MAIN.count: count, "end": end}


def read(played: Played, number: int, form: FormData) -> ReadDeal:
    """The hand the form describes, or the errors by field."""
    if pica_round(played, number):
        return read_duels(played, form)
    form = _quick(form)
    errors: dict[str, str] = {}
    deal: dict[str, Any] = {}
    for chain in CHAINS:
        called = read_calls(played, form, chain, errors)
        if called:
            deal[chain.field] = called
    for bet in rules(played).chains:
        entered = read_bet(played, form, bet, errors)
        if entered:
            deal[bet.field] = entered
    read_ending(played, form, deal, errors)
    return (None, errors) if errors else (deal, {})


def _mazo(played: Played, end: str) -> dict[str, Any] | None:
    """``mazo-0`` (in the first trick) or ``mazo-0-later``: the side that went to the deck, or None."""
    place, _sep, later = end[len(MAZO) + 1:].partition("-")
    side = _side(played, place)
    if side is None or later not in ("", "later") or not rules(played).deck:
        return None
    return {MAZO: side, "trick": 2} if later else {MAZO: side}


def read_ending(played: Played, form: FormData, deal: dict[str, Any], errors: dict[str, str]) -> None:
    """How the hand ended, by the button tapped: a side won, a side folded, a side went to the deck, or the tricks."""
    end = form.get("end", "")
    kind, _sep, place = end.partition("-")
    side = _side(played, place)
    mazo = _mazo(played, end) if kind == MAZO else None
    if kind == "won" and side is not None:
        deal["won"] = side
    elif kind == FOLD and side is not None:
        if not deal.get(MAIN.field):
            errors["end"] = _("Nobody raised, so nobody could fold.")
        else:
            deal["folded"] = side
    elif mazo is not None:
        deal.update(mazo)
    elif end == TRICKS:
        deal["tricks"] = read_tricks(played, form, errors)
        eldest = _side(played, form.get("eldest"))
        if eldest is not None and deal["tricks"] == [TIE] * TRICK_COUNT:
            deal["eldest"] = eldest
    else:
        errors["end"] = _("Say how the hand ended: who won it, a fold, or the tricks.")


def form_field(played: Played, number: int, where: str) -> str:
    """Where the engine's refusal of ``where`` (``raises[2]``, ``tricks[1]``, ``folded``…) is shown."""
    if where == DUELS or where.startswith(DUELS + "["):
        k = where[len(DUELS) + 1:].partition("]")[0]
        return f"{DUEL}-{int(k) + 1}" if k.isdigit() and int(k) < 3 else f"{DUEL}-1"
    chain = next((c for c in CHAINS if where == c.field or where.startswith(c.field + "[")), None)
    if chain is not None:
        return chain.count
    bet = next((b for b in rules(played).chains if where == b.field or where.startswith(b.field + ".")), None)
    if bet is not None:
        return bet_name(bet)
    if where.startswith("tricks["):
        k = where[len("tricks["):].rstrip("]")
        return f"trick-{int(k) + 1}" if k.isdigit() and int(k) < TRICK_COUNT else "tricks"
    if where in ("tricks", "eldest"):
        return where
    return "end"  # won, folded, mazo, trick


# ---------------------------------------------------------------- the side bets (envido, flor, envit)
#
# A ruleset's side bets come from its rules (``Rules.chains``): the form shows, for each, one row of
# buttons per call in order (a team and a call), then the answer. The engine judges the order.


def bet_name(bet: Bet) -> str:
    return f"bet-{bet.field}"


def bet_steps(bet: Bet) -> range:
    """The calls a chain may hold at most (each call as often as it may be made)."""
    return range(1, sum(c.most for c in bet.calls) + 1)


@dataclass(frozen=True, slots=True)
class BetChoice:
    """One call button of a side bet's step: its value (``0:envido``), team, call, and whether it
    may follow the steps before (the others are drawn hidden, for the script to offer)."""

    value: str
    team: str
    call: str
    offered: bool


def _posted_call(text: str, names: Sequence[str], bet: Bet) -> tuple[str, str] | None:
    """The ``(side, call)`` a step's posted value names (``0:envido``), or None."""
    place, _sep, call = text.partition(":")
    if place not in {str(i) for i in range(len(names))} or call not in bet.names:
        return None
    return names[int(place)], call


def bet_offers(played: Played, bet: Bet, values: Mapping[str, str]) -> tuple[tuple[int, tuple[BetChoice, ...]], ...]:
    """Each step of a side bet with its buttons, each flagged offered when it may follow (``Chain.buttons``).

    A step draws every call that may stand there in some chain (so the script can offer any of them
    as the steps before change) and offers only those that may follow the steps before when these
    are known (a fix, a form sent back); past the first step not known it offers them all, so a form
    without the script can still be filled in one go. A step no chain reaches is not drawn."""
    names = sides(played)
    made: list[tuple[str, str]] | None = []
    reach: set[tuple[str, ...]] = {()}
    steps = []
    for k in bet_steps(bet):
        here = {call for p in reach for call in bet.follows(p)}
        if not here:
            break
        offered = set(bet.buttons(made, names)) if made is not None else {(s, c) for s in names for c in here}
        steps.append((k, tuple(BetChoice(f"{i}:{call}", side, call.replace("_", " "), (side, call) in offered)
                               for i, side in enumerate(names) for call in bet.names if call in here)))
        reach = {(*p, call) for p in reach for call in bet.follows(p)}
        posted = _posted_call(values.get(f"{bet_name(bet)}-{k}", ""), names, bet)
        made = [*made, posted] if made is not None and posted is not None and posted in offered else None
    return tuple(steps)


def bet_script(bet: Bet) -> dict[str, Any]:
    """The chain's data as the script reads it, to offer the same buttons as :meth:`Chain.buttons`."""
    return {"calls": [{"name": c.name, "opens": c.opens, "after": list(c.after), "most": c.most, "again": c.again}
                      for c in bet.calls],
            "alone": bet.sung_alone}


def bet_fields(played: Played, deal: Mapping[str, Any]) -> dict[str, str]:
    """The form's values of the side bets entered in ``deal`` (a fix)."""
    out: dict[str, str] = {}
    for bet in rules(played).chains:
        entered = deal.get(bet.field)
        if not isinstance(entered, Mapping):
            continue
        for k, call in enumerate(entered.get("calls") or [], start=1):
            if isinstance(call, Mapping):
                out[f"{bet_name(bet)}-{k}"] = f"{_index(played, call.get('by'))}:{call.get('call')}"
        for answer in ("won", "refused"):
            if answer in entered:
                out[f"{bet_name(bet)}-answer"] = f"{answer}-{_index(played, entered[answer])}"
    return out


def read_bet(played: Played, form: FormData, bet: Bet, errors: dict[str, str]) -> dict[str, Any] | None:
    """The side bet as tapped: the calls up to the first step left empty, then the answer."""
    name, calls = bet_name(bet), []
    for k in bet_steps(bet):
        text = form.get(f"{name}-{k}", "")
        if not text:
            break
        place, _sep, call = text.partition(":")
        side = _side(played, place)
        if side is None or call not in bet.names:
            errors[name] = _("Choose the calls with the buttons.")
            return None
        calls.append({"by": side, "call": call})
    answer = form.get(f"{name}-answer", "")
    if not calls:
        if answer:
            errors[name] = _("Tap the calls before the answer.")
        return None
    entered: dict[str, Any] = {"calls": calls}
    kind, _sep, place = answer.partition("-")
    side = _side(played, place)
    if kind in ("won", "refused") and side is not None:
        entered[kind] = side
    elif answer:
        errors[name] = _("Choose the calls with the buttons.")
    return entered


# ---------------------------------------------------------------- a round of pica-pica (six players)
#
# Each duel is one tap: the same common hands as the hand of all six (a side won as dealt; a truco
# accepted and either side won; a truco refused), each player named, in the side's place (0 or 1).

#: the form field of duel ``k`` (1-based): ``duel-1``
DUEL = "duel"


def duels_fields(played: Played, duels: Sequence[Any]) -> dict[str, str]:
    """The form's values of a round of duels as entered (a fix): each duel's result and its envido."""
    out: dict[str, str] = {}
    for k, duel in enumerate(duels, start=1):
        out[f"{DUEL}-{k}"] = duel_value(played, duel)
        said = duel_bet_value(played, duel) if isinstance(duel, Mapping) else None
        if said:
            out[f"{DUEL}-{k}-{BET_SUFFIX}"] = said
    return out


def pica_round(played: Played, number: int) -> bool:
    """Whether hand ``number`` is a round of pica-pica (``engine.pica_due``, from the rows before it)."""
    before = played.rows[:number - 1]
    last = before[-1] if before else None
    return pica_next(rules(played), len(played.table.seating.players), len(before),
                     last is not None and last.extra("round") == PICA, dict(last.scores) if last else {"": 0})


def duel_choices(played: Played) -> tuple[tuple[str, str, int], ...]:
    """A duel's results as buttons, ``(value, ending, points)``: a side won as dealt, then the common hands."""
    ladder = rules(played).ladder
    plain = tuple((f"won-{i}", f"won-{i}", int(ladder[0])) for i in range(len(sides(played))))
    return plain + quick_hands(played)


def duel_value(played: Played, duel: Any) -> str:
    """The button a duel as entered stands for, or "" (a duel no button says: entered from a file)."""
    if not isinstance(duel, Mapping):
        return ""
    raises = list(duel.get("raises") or [])
    end = (f"won-{_index(played, duel['won'])}" if "won" in duel
           else f"{FOLD}-{_index(played, duel['folded'])}" if "folded" in duel else "")
    value = end if not raises else f"{_index(played, raises[0])}:1:{end}"
    bet = duel_bet(played)
    others = set(duel) - {"raises", "won", "folded", *((bet.field,) if bet is not None else ())}
    known = {v for v, _e, _p in duel_choices(played)}
    return value if value in known and len(raises) <= 1 and not others and duel_bet_value(played, duel) is not None \
        else ""


#: the form field of duel ``k``'s side bet (its envido): ``duel-1-bet``
BET_SUFFIX = "bet"


def duel_bet(played: Played) -> Bet | None:
    """The side bet a duel's form offers: the ruleset's first chain that is answered (the envido; a lone flor
    scores by itself and is entered in the session file), or None."""
    return next((c for c in rules(played).chains if not c.sung_alone), None)


def duel_bet_choices(played: Played) -> tuple[tuple[str, int, str, int, int], ...]:
    """A duel's side bet as buttons, ``(value, caller, answer, side, points)``: its opening call by either
    side, accepted and won by either, or refused by the other (``0:won-1``, ``1:refused-0``)."""
    bet = duel_bet(played)
    if bet is None:
        return ()
    call = [bet.calls[0].name]
    accepted, refused = calls_sum(bet, call), refused_value(bet, call)
    out: list[tuple[str, int, str, int, int]] = []
    for caller in range(len(sides(played))):
        out += [(f"{caller}:won-{w}", caller, "won", w, accepted) for w in (caller, 1 - caller)]
        out.append((f"{caller}:refused-{1 - caller}", caller, "refused", 1 - caller, refused))
    return tuple(out)


def duel_bet_value(played: Played, duel: Mapping[str, Any]) -> str | None:
    """The side-bet button a duel as entered stands for ("" for none), or None when no button says it."""
    bet = duel_bet(played)
    entered = duel.get(bet.field) if bet is not None else None
    if entered is None:
        return ""
    if not isinstance(entered, Mapping) or bet is None:
        return None
    calls = entered.get("calls")
    if not (isinstance(calls, list) and len(calls) == 1 and isinstance(calls[0], Mapping)):
        return None
    answer = next((a for a in ("won", "refused") if a in entered), "")
    value = f"{_index(played, calls[0].get('by'))}:{answer}-{_index(played, entered.get(answer))}"
    known = {v for v, *_rest in duel_bet_choices(played)}
    return value if calls[0].get("call") == bet.calls[0].name and value in known else None


def read_duel_bet(played: Played, form: FormData, k: int, errors: dict[str, str]) -> dict[str, Any] | None:
    """Duel ``k``'s side bet as tapped (None: none was), or an error beside the duel."""
    value = form.get(f"{DUEL}-{k}-{BET_SUFFIX}", "")
    bet = duel_bet(played)
    if not value or bet is None:
        return None
    found = next((c for c in duel_bet_choices(played) if c[0] == value), None)
    if found is None:
        errors[f"{DUEL}-{k}"] = _("Choose the calls with the buttons.")
        return None
    names = sides(played)
    _value, caller, answer, side, _points = found
    return {"calls": [{"by": names[caller], "call": bet.calls[0].name}], answer: names[side]}


def read_duels(played: Played, form: FormData) -> ReadDeal:
    """The round of pica-pica as tapped: each duel's button read as a hand of the two sides, with its envido."""
    errors: dict[str, str] = {}
    duels: list[dict[str, Any]] = []
    known = {v for v, _e, _p in duel_choices(played)}
    bet = duel_bet(played)
    for k in range(1, len(played.table.seating.players) // 2 + 1):
        value = form.get(f"{DUEL}-{k}", "")
        side_bet = read_duel_bet(played, form, k, errors)
        if value not in known:
            errors.setdefault(f"{DUEL}-{k}", _("Tap how this duel ended."))
            continue
        duel: dict[str, Any] = {}
        fake = _quick({QUICK: value}) if ":" in value else {"end": value}
        for chain in CHAINS:
            called = read_calls(played, fake, chain, errors)
            if called:
                duel[chain.field] = called
        if side_bet is not None and bet is not None:
            duel[bet.field] = side_bet
        read_ending(played, fake, duel, errors)
        duels.append(duel)
    return (None, errors) if errors else ({DUELS: duels}, {})
