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
import json
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
    values = hand_values(played, deal)
    if deal is not None and read_hand(played, values)[0] != deal:
        values[HELD] = json.dumps(deal, ensure_ascii=False)
    return values


def _list(value: Any) -> list[Any]:
    """A stored list, or none (a form is drawn from what a session file holds, whatever that is)."""
    return value if isinstance(value, list) else []


def hand_values(played: Played, deal: Mapping[str, Any] | None) -> dict[str, str]:
    """The hand form's values of one hand (or of one duel): the calls, the side bets and how it ended."""
    out: dict[str, str] = {}
    for chain in CHAINS:
        called = _list((deal or {}).get(chain.field))
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
        for i, trick in enumerate(_list(deal["tricks"])[:TRICK_COUNT]):
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
#: the field holding a hand (or a duel: ``duel-2.held``) as saved when no field of the form can say it (the
#: deck in the third trick, an empty list of raises): kept while the form is left untouched, never dropped
HELD = "held"


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
    read = read_hand(played, _quick(form))
    held = form.get(HELD, "")
    if not held:
        return read
    kept = _held(held)
    if kept is None:
        return None, {"end": _("Choose the calls with the buttons.")}
    if read == read_hand(played, hand_values(played, kept)):
        return dict(kept), {}
    return None, {"end": _("This hand holds calls this form cannot show: it is kept as saved. To change it, "
                           "change the session file.")}


def read_hand(played: Played, form: FormData) -> ReadDeal:
    """One hand (or one duel) from the hand form's fields: the calls, the side bets, how it ended."""
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
    """Where the engine's refusal of ``where`` (``raises[2]``, ``tricks[1]``, ``folded``…) is shown; a duel's
    (``duels[1].raises[2]``) beside the same field of that duel."""
    if where == DUELS or where.startswith(DUELS + "["):
        k, _sep, rest = where[len(DUELS) + 1:].partition("]")
        number_k = int(k) + 1 if k.isdigit() and int(k) < 3 else 1
        return duel_field(number_k, hand_field(played, rest[1:]) if rest.startswith(".") else "end")
    return hand_field(played, where)


def hand_field(played: Played, where: str) -> str:
    """The hand form's field showing the refusal of a hand's (or a duel's) field ``where``."""
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


def bet_offers(played: Played, bet: Bet, values: Mapping[str, str],
               prefix: str = "") -> tuple[tuple[int, tuple[BetChoice, ...]], ...]:
    """Each step of a side bet with its buttons, each flagged offered when it may follow (``Chain.buttons``).

    A step draws every call that may stand there in some chain (so the script can offer any of them
    as the steps before change) and offers only those that may follow the steps before when these
    are known (a fix, a form sent back); past the first step not known it offers them all, so a form
    without the script can still be filled in one go. A step no chain reaches is not drawn. ``prefix``: the
    fields' own (``duel-2.``: a duel's side bet)."""
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
        posted = _posted_call(values.get(f"{prefix}{bet_name(bet)}-{k}", ""), names, bet)
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
        for k, call in enumerate(_list(entered.get("calls")), start=1):
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
# Each duel is a hand of two entered on the hand form's own fields, named after the duel (``duel-2.raises``,
# ``duel-2.bet-envido-1``, ``duel-2.trick-1``…), so a duel holds every call a hand of two may hold. Its
# result is ``duel-2`` (the hand's ``end``), which also takes the hand's common buttons (``0:1:won-1``, read
# as :data:`QUICK` is), and ``duel-2-bet`` a common envido: the common duels stay one or two taps.

#: the form field of duel ``k`` (1-based): ``duel-1``, its result
DUEL = "duel"
#: the form field of duel ``k``'s common envido: ``duel-1-bet``
BET_SUFFIX = "bet"


def duel_field(k: int, field: str) -> str:
    """The form field of the hand form's ``field`` in duel ``k`` (its ``end`` is ``duel-k`` itself)."""
    return f"{DUEL}-{k}" if field == "end" else f"{DUEL}-{k}.{field}"


def duel_count(played: Played) -> int:
    return len(played.table.seating.players) // 2


def duels_fields(played: Played, duels: Sequence[Any]) -> dict[str, str]:
    """The form's values of a round of duels as entered (a fix), duel by duel."""
    out: dict[str, str] = {}
    for k, duel in enumerate(duels[:duel_count(played)], start=1):
        out.update(duel_fields(played, k, duel))
    return out


def duel_fields(played: Played, k: int, duel: Any) -> dict[str, str]:
    """Duel ``k``'s form values: what the form shows of it and, when that would read back as another duel
    (something no field says), the duel itself, held as saved (``duel-k.held``)."""
    shown = duel_shown(played, k, duel)
    if read_duel(played, shown, k)[0] != duel:
        shown[duel_field(k, HELD)] = json.dumps(duel, ensure_ascii=False)
    return shown


def duel_shown(played: Played, k: int, duel: Any) -> dict[str, str]:
    """Duel ``k`` on the form: its common buttons where they say it (the result, the envido), else the hand
    form's fields of the duel."""
    if not isinstance(duel, Mapping):
        return {}
    hand = hand_values(played, duel)
    bet = duel_bet(played)
    quick, said = duel_value(played, duel), duel_bet_value(played, duel)
    quick_bet = f"{bet_name(bet)}-" if bet is not None and said else None
    out: dict[str, str] = {duel_field(k, "end"): quick} if quick else {}
    for field, value in hand.items():
        betting = field.startswith("bet-")
        if (betting and not (quick_bet and field.startswith(quick_bet))) or (not betting and not quick):
            out[duel_field(k, field)] = value
    if said:
        out[f"{DUEL}-{k}-{BET_SUFFIX}"] = said
    return out


def read_duels(played: Played, form: FormData) -> ReadDeal:
    """The round of pica-pica as tapped: each duel read as a hand of the two sides."""
    errors: dict[str, str] = {}
    duels: list[dict[str, Any]] = []
    for k in range(1, duel_count(played) + 1):
        duel, found = read_duel(played, form, k)
        errors.update(found)
        if duel is not None:
            duels.append(duel)
    return (None, errors) if errors else ({DUELS: duels}, {})


def read_duel(played: Played, form: FormData, k: int) -> ReadDeal:
    """Duel ``k`` as tapped, or its errors by form field; a duel held as saved is kept while its fields say
    what they said when the form was drawn (changed, it is refused beside the duel: never dropped)."""
    sub, errors = duel_form(played, form, k)
    if errors:
        return None, errors
    if not sub.get("end"):
        return None, {duel_field(k, "end"): _("Tap how this duel ended.")}
    deal, found = read_hand(played, sub)
    read = (deal, {duel_field(k, field): message for field, message in found.items()})
    held = form.get(duel_field(k, HELD), "")
    if not held:
        return read
    kept = _held(held)
    if kept is None:
        return None, {duel_field(k, "end"): _("Choose the calls with the buttons.")}
    if read == read_duel(played, duel_shown(played, k, kept), k):
        return dict(kept), {}
    return None, {duel_field(k, "end"): _("This duel holds calls this form cannot show: it is kept as saved. "
                                          "To change it, change the session file.")}


def _held(text: str) -> Mapping[str, Any] | None:
    """A duel held as saved, as the form carried it (None: not a duel's object)."""
    try:
        kept = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return kept if isinstance(kept, dict) else None


def duel_form(played: Played, form: FormData, k: int) -> tuple[dict[str, str], dict[str, str]]:
    """Duel ``k``'s fields as the hand form's own, its common buttons read into them (the result as ``end``,
    or a common hand's calls and end; a common envido's call and answer); the errors by form field when a
    common button is not one, or says another thing than the fields below it."""
    prefix = duel_field(k, "")
    sub = {name[len(prefix):]: str(value) for name, value in form.items() if name.startswith(prefix)}
    sub.pop(HELD, None)
    result, said = str(form.get(duel_field(k, "end"), "")), str(form.get(f"{DUEL}-{k}-{BET_SUFFIX}", ""))
    errors: dict[str, str] = {}
    if ":" in result:
        common = _quick({QUICK: result}) if result in {v for v, _e, _p in quick_hands(played)} else None
        if common is None:
            errors[duel_field(k, "end")] = _("Choose the calls with the buttons.")
        elif sub.get(MAIN.count, "") not in ("", "0") and (sub.get(MAIN.first), sub[MAIN.count]) != (
                common[MAIN.first], common[MAIN.count]):
            errors[duel_field(k, "end")] = _(DIFFER)
        sub.update({f: common[f] for f in (MAIN.first, MAIN.count, "end")} if common is not None else {})
    else:
        sub["end"] = result
    if said:
        filled = duel_bet_fields(played, said)
        bet = duel_bet(played)
        mine = {f: v for f, v in sub.items() if bet is not None and f.startswith(bet_name(bet) + "-") and v}
        if filled is None or any(filled.get(f) != v for f, v in mine.items()):
            errors[duel_field(k, "end")] = _(DIFFER) if filled is not None else _("Choose the calls with the buttons.")
        sub.update(filled or {})
    return sub, errors


#: a common button above a duel's fields that says another thing than they do
DIFFER = N_("The buttons above and the calls below say different things: tap again what happened.")


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


def duel_value(played: Played, duel: Mapping[str, Any]) -> str:
    """The common button a duel's hand (without its side bets) stands for, or "" (its fields say it)."""
    raises = _list(duel.get("raises"))
    bets = {c.field for c in rules(played).chains}
    if len(raises) > 1 or not set(duel) - bets <= {"raises", "won", "folded"} or ("raises" in duel and not raises):
        return ""
    end = (f"won-{_index(played, duel['won'])}" if "won" in duel
           else f"{FOLD}-{_index(played, duel['folded'])}" if "folded" in duel else "")
    value = end if not raises else f"{_index(played, raises[0])}:1:{end}"
    return value if value in {v for v, _e, _p in duel_choices(played)} else ""


def duel_bet(played: Played) -> Bet | None:
    """The side bet a duel's common buttons offer: the ruleset's first chain that is answered (the envido; a
    lone flor scores by itself and is entered on the duel's fields), or None."""
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


def duel_bet_fields(played: Played, value: str) -> dict[str, str] | None:
    """The side bet's fields a common envido button stands for (its call and its answer), or None."""
    bet = duel_bet(played)
    found = next((c for c in duel_bet_choices(played) if c[0] == value), None)
    if bet is None or found is None:
        return None
    _value, caller, answer, side, _points = found
    return {f"{bet_name(bet)}-1": f"{caller}:{bet.calls[0].name}", f"{bet_name(bet)}-answer": f"{answer}-{side}"}


def duel_bet_value(played: Played, duel: Mapping[str, Any]) -> str | None:
    """The common envido button a duel as entered stands for ("" for none), or None when no button says it."""
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
