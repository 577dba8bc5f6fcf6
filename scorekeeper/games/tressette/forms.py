"""The deal form of Tressette, chiamata del tre and in due: what the table taps, read into a deal object.

A deal is one of five kinds (``mode``): card points, aces and thirds, a claim, a special ending, an
annulled deal. Sides are named by their index (``last=0``), players by their seat (``claim-by=2``),
never by name. One side's points are enough: the other has what is left of the 10 card points (and
of the 4 aces and 20 thirds). Only the shape is read here; the engine judges the deal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...i18n import _
from ..cards import ACES, PACK_POINTS, THIRDS, CardCount, points
from ..replay import Played
from .core import DEAL_POINTS, EVENTS
from .declarations import SUITS
from .engine import FOUR_EVENTS, TWO_EVENTS

MODES = ("points", "cards", "claim", "event", "annulled")
#: declaration slots on the form (more than three in one deal is rare; a fix adds the rest)
SLOTS = 3
#: a declaration's chip: its kind and, for a four or three of a kind, its rank
WHAT: Mapping[str, tuple[str, str]] = {
    "napoletana": ("napoletana", ""),
    "three-3": ("three_of_a_kind", "3"), "four-3": ("four_of_a_kind", "3"),
    "three-2": ("three_of_a_kind", "2"), "four-2": ("four_of_a_kind", "2"),
    "three-A": ("three_of_a_kind", "A"), "four-A": ("four_of_a_kind", "A"),
    "decima": ("decima", ""),
}
#: the chips whose declaration asks for a suit (the napoletana's, or the missing one of three of a kind)
ASKS_SUIT = frozenset(k for k, (kind, _r) in WHAT.items() if kind != "four_of_a_kind")


@dataclass(frozen=True)
class Side:
    """One side of a deal on the form: its index, its name in the deal object, and how it is shown."""

    index: int
    name: str
    label: str


def chiamata(played: Played) -> bool:
    return played.game.spec.name == "tressette-chiamata"


def sides(played: Played) -> tuple[Side, Side]:
    """The two sides of any deal: the teams, the caller's side and the opponents, or the two players."""
    seating = played.table.seating
    if seating.teams:
        (a, am), (b, bm) = seating.teams
        return Side(0, a, f"{a}: {' · '.join(am)}"), Side(1, b, f"{b}: {' · '.join(bm)}")
    if chiamata(played):
        return Side(0, "caller", _("the caller's side")), Side(1, "opponents", _("the opponents"))
    first, second = seating.players
    return Side(0, first, first), Side(1, second, second)


def events(played: Played) -> tuple[str, ...]:
    """The special endings this game knows (a player alone never makes a cappottone)."""
    return FOUR_EVENTS if len(played.table.seating.players) == 4 else TWO_EVENTS


def by_codes(played: Played, event: str) -> tuple[str, ...]:
    """Who may have made ``event``, as the form codes it: a side (``s0``), a side and who took the last
    trick (``s0-l1``, the stramazzo events), or a player's seat (``p2``)."""
    if EVENTS[event].by_player:
        return tuple(f"p{i}" for i in range(len(played.table.seating.players)))
    if EVENTS[event].counters_only:
        return tuple(f"s{s}-l{last}" for s in (0, 1) for last in (s, 1 - s))
    return ("s0", "s1")


def declarations_on(played: Played) -> bool:
    return bool(played.table.options.get("declarations"))


def _seat(played: Played, player: str) -> str:
    return str(played.table.seating.players.index(player))


def dealer_of(played: Played, number: int) -> str:
    """Who deals deal ``number``: the first player the first, then the next seat after each deal; an
    annulled deal is dealt again by the same dealer (rules-decisions.md, the annulled deal)."""
    players = played.table.seating.players
    dealt = sum(1 for row in played.rows[:number - 1] if not row.extra("annulled"))
    return players[dealt % len(players)]


def leader_of(played: Played, number: int) -> str:
    """The player after the dealer (the eldest) leads to the first trick; in chiamata he also calls."""
    players = played.table.seating.players
    return players[(players.index(dealer_of(played, number)) + 1) % len(players)]


def fields(played: Played, number: int, deal: Mapping[str, Any] | None) -> dict[str, str]:
    """The form's values: blank for a new deal (in chiamata the caller is the eldest, who calls by the
    rules: one tap less), the deal as entered for a fix."""
    if deal is None:
        if chiamata(played):
            return {"mode": "points", "caller": _seat(played, leader_of(played, number))}
        return {"mode": "points"}
    if deal.get("annulled"):
        return {"mode": "annulled"}
    out: dict[str, str] = {}
    for role in ("caller", "partner"):
        if role in deal:
            out[role] = _seat(played, deal[role])
    if "called" in deal:
        out["called"] = str(deal["called"])
    for k, d in enumerate(deal.get("declarations") or []):
        what = next((code for code, (kind, rank) in WHAT.items()
                     if kind == d.get("kind") and rank == d.get("rank", "")), "")
        out.update({f"decl-{k}-player": _seat(played, d["player"]), f"decl-{k}-what": what,
                    f"decl-{k}-suit": str(d.get("suit") or d.get("missing") or "")})
    names = [s.name for s in sides(played)]
    if "last" in deal and deal["last"] in names:
        out["last"] = str(names.index(deal["last"]))
    out.update(_taken_fields(played, deal, names))
    return out


def _taken_fields(played: Played, deal: Mapping[str, Any], names: list[str]) -> dict[str, str]:
    """The fields of what the deal scored: points, aces and thirds, a claim or a special ending."""
    if "points" in deal:
        return {"mode": "points", **{f"points-{names.index(k)}": str(v) for k, v in deal["points"].items()}}
    if "cards" in deal:
        out = {"mode": "cards"}
        for k, count in deal["cards"].items():
            out[f"aces-{names.index(k)}"] = str(count.get("aces", ""))
            out[f"thirds-{names.index(k)}"] = str(count.get("thirds", ""))
        return out
    if "claim" in deal:
        claim = deal["claim"]
        taken = claim.get("points")
        if taken is None:  # counted in aces and thirds: shown as the points they make
            taken = points(CardCount(claim["cards"]["aces"], claim["cards"]["thirds"])) + int(bool(claim["last"]))
        return {"mode": "claim", "claim-by": _seat(played, claim["by"]), "claim-points": str(taken)}
    if "event" in deal:
        return {"mode": "event", "event": str(deal["event"]), "by": _by_code(played, deal)}
    return {"mode": "points"}


def _by_code(played: Played, deal: Mapping[str, Any]) -> str:
    event = EVENTS[deal["event"]]
    if event.by_player:
        return f"p{_seat(played, deal['by'])}"
    names = [s.name for s in sides(played)]
    code = f"s{names.index(deal['by'])}"
    return f"{code}-l{names.index(deal['last'])}" if event.counters_only and deal.get("last") in names else code


def _whole(text: str | None, most: int) -> int | None:
    """A count tapped or typed on a phone: ASCII digits only, no more than ``most``."""
    text = (text or "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 2 and int(text) <= most else None


def _player(played: Played, form: Mapping[str, str], name: str) -> str | None:
    players = played.table.seating.players
    seat = _whole(form.get(name), len(players) - 1)
    return players[seat] if seat is not None else None


def read(played: Played, number: int, form: Mapping[str, str]) -> tuple[dict[str, Any] | None, dict[str, str]]:
    """The deal the form describes, or the errors by field (nothing guessed but the other side's count)."""
    errors: dict[str, str] = {}
    mode = form.get("mode", "")
    if mode not in MODES:
        return None, {"mode": _("Choose what happened in this deal.")}
    if mode == "annulled":
        return {"annulled": True}, {}
    deal: dict[str, Any] = {}
    if chiamata(played):
        _read_call(played, form, deal, errors)
    if declarations_on(played):
        found = _read_declarations(played, form, errors)
        if found:
            deal["declarations"] = found
        if any(d["kind"] == "decima" for d in found):  # the game ends as it is declared: nothing else is played
            return (None, errors) if errors else (deal, {})
    if mode == "points":
        _read_points(played, form, deal, errors)
    elif mode == "cards":
        _read_cards(played, form, deal, errors)
    elif mode == "claim":
        _read_claim(played, form, deal, errors)
    else:
        _read_event(played, form, deal, errors)
    return (None, errors) if errors else (deal, {})


def _read_call(played: Played, form: Mapping[str, str], deal: dict[str, Any], errors: dict[str, str]) -> None:
    """Chiamata: who called and who held the called Three (the suit is optional)."""
    for role, said in (("caller", _("Say who called.")), ("partner", _("Say who held the called Three."))):
        player = _player(played, form, role)
        if player is None:
            errors[role] = said
        deal[role] = player
    called = form.get("called", "")
    if called in SUITS:
        deal["called"] = called
    elif called:
        errors["called"] = _("Choose one of the suits shown.")


def _read_declarations(played: Played, form: Mapping[str, str], errors: dict[str, str]) -> list[dict[str, str]]:
    """Each filled slot: who, which chip and, when the chip asks, the suit."""
    found: list[dict[str, str]] = []
    for k in range(SLOTS):
        name = f"decl-{k}"
        what, player = form.get(f"{name}-what", ""), form.get(f"{name}-player", "")
        if not what and not player:
            continue
        who = _player(played, form, f"{name}-player")
        if who is None or what not in WHAT:
            errors[name] = _("Say who declared and what.")
            continue
        kind, rank = WHAT[what]
        d = {"player": who, "kind": kind}
        if rank:
            d["rank"] = rank
        if what in ASKS_SUIT:
            suit = form.get(f"{name}-suit", "")
            if suit not in SUITS:
                errors[name] = (_("Say which suit is missing.") if kind == "three_of_a_kind"
                                else _("Say which suit."))
                continue
            d["missing" if kind == "three_of_a_kind" else "suit"] = suit
        found.append(d)
    return found


def _side(played: Played, form: Mapping[str, str], name: str) -> str | None:
    index = _whole(form.get(name), 1)
    return sides(played)[index].name if index is not None else None


def _read_points(played: Played, form: Mapping[str, str], deal: dict[str, Any], errors: dict[str, str]) -> None:
    """One side's card points at least; a blank other side has what is left of the 10."""
    both = [_whole(form.get(f"points-{i}"), PACK_POINTS) for i in (0, 1)]
    blank = [not (form.get(f"points-{i}") or "").strip() for i in (0, 1)]
    for i in (0, 1):
        if both[i] is None and blank[i] and both[1 - i] is not None:
            both[i] = PACK_POINTS - (both[1 - i] or 0)
    for i in (0, 1):
        if both[i] is None:
            errors[f"points-{i}"] = _("Tap the card points of one side (0 to 10).")
    last = _side(played, form, "last")
    if last is None:
        errors["last"] = _("Say who took the last trick.")
    names = [s.name for s in sides(played)]
    deal["points"] = {names[i]: both[i] for i in (0, 1)}
    deal["last"] = last


def _read_cards(played: Played, form: Mapping[str, str], deal: dict[str, Any], errors: dict[str, str]) -> None:
    """Each side's aces and thirds; the second side's blank counts are what the first leaves of the pack."""
    names = [s.name for s in sides(played)]
    cards: dict[str, dict[str, int | None]] = {n: {} for n in names}
    for kind, pack in (("aces", ACES), ("thirds", THIRDS)):
        first = _whole(form.get(f"{kind}-0"), pack)
        second = _whole(form.get(f"{kind}-1"), pack)
        if second is None and not (form.get(f"{kind}-1") or "").strip() and first is not None:
            second = pack - first
        for i, value in ((0, first), (1, second)):
            if value is None:
                errors[f"{kind}-{i}"] = _("Write a whole number from 0 to {most}.").format(most=pack)
            cards[names[i]][kind] = value
    last = _side(played, form, "last")
    if last is None:
        errors["last"] = _("Say who took the last trick.")
    deal["cards"] = cards
    deal["last"] = last


def _read_claim(played: Played, form: Mapping[str, str], deal: dict[str, Any], errors: dict[str, str]) -> None:
    """Who claimed, and his side's trick points so far (the last trick included if taken)."""
    who = _player(played, form, "claim-by")
    taken = _whole(form.get("claim-points"), DEAL_POINTS)
    if who is None:
        errors["claim-by"] = _("Say who claimed.")
    if taken is None:
        errors["claim-points"] = (_("Tap the points the claimant has taken so far.")
                                  if len(played.table.seating.players) == 2
                                  else _("Tap the points the claimant's side has taken so far."))
    deal["claim"] = {"by": who, "points": taken}


def _read_event(played: Played, form: Mapping[str, str], deal: dict[str, Any], errors: dict[str, str]) -> None:
    """The special ending and who made it (and, for a stramazzo, who took the last trick)."""
    event, code = form.get("event", ""), form.get("by", "")
    if form.get("ending"):  # the table page's one button: the ending and its maker together
        event, _sep, code = form["ending"].partition(":")
    if event not in events(played):
        errors["event"] = _("Choose the special ending.")
        return
    if code not in by_codes(played, event):
        errors["by"] = _("Say who made it.")
        return
    deal["event"] = event
    if code.startswith("p"):
        deal["by"] = played.table.seating.players[int(code[1:])]
        return
    names = [s.name for s in sides(played)]
    deal["by"] = names[int(code[1])]
    if "-l" in code:
        deal["last"] = names[int(code[-1])]


def form_field(played: Played, number: int, where: str) -> str:
    """Where the engine's refusal of ``where`` (``declarations[1].suit``, ``points.A``, ``claim.by``) is shown."""
    head = where.split(".")[0]
    if head.startswith("declarations["):
        return "decl-" + head[len("declarations["):].rstrip("]")
    names = [s.name for s in sides(played)]
    parts = where.split(".")
    if head in ("points", "cards") and len(parts) >= 2 and parts[1] in names:
        kind = parts[2] if head == "cards" and len(parts) == 3 else "points"
        return f"{kind}-{names.index(parts[1])}"
    if head == "claim":
        return "claim-points" if where in ("claim", "claim.points") else "claim-by"
    if head == "declarations":
        return "decl-0"
    if head in ("points", "cards", "last", "event", "by", "caller", "partner", "called"):
        return head
    return "mode"
