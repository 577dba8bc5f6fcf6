"""Plain-language events and comments for the ledger rows.

The game words (plato, pajarito, puesta, codillo, estuche…) stay in Spanish.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from .model import PAJARITOS, PAPER, PLATO, Hand, HandResult, PaperDebt, Setup, Transfer

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Ruleset

REASON_WORDS = {
    "tanto": "the puesta system",
    "entrada": "the entrada",
    "vuelta": "the vuelta",
    "solo": "the solo",
    "penetro": "the penetro",
    "estuche": "the estuche",
    "contra_estuche": "the contra-estuche",
    "primeras": "primeras",
    "bola": "the bola",
    "rounding": "rounding up to a whole token",
}

CONTRACT_WORDS = {
    "entrada": "simple game (entrada)",
    "vuelta": "vuelta",
    "solo": "solo",
    "penetro": "penetro",
}


def tantos(n: int) -> str:
    return f"{n} tanto" if n == 1 else f"{n} tantos"


def join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def start_event() -> str:
    return "Start of session"


def start_comment(setup: Setup, rules: Ruleset, carried: int) -> str:
    text = (
        f"Everyone starts with {setup.start_tokens} tantos and puts a pajarito "
        f"({rules.pajarito}) in the plato para los pajaritos."
    )
    if carried:
        debts = f"{carried} reserved puesta{'s' if carried != 1 else ''}"
        text += f" The paper from the last session is carried in ({debts})."
    return text


def dealer_action(moves: bool, refills: bool, rules: Ruleset) -> str:
    """What the dealer must do right now, as an instruction."""
    if moves:
        text = f"Move a pajarito ({rules.pajarito}) to the plato and add {tantos(rules.ante)}."
    else:
        text = f"Add {tantos(rules.ante)} to the plato."
    if refills:
        text += f" The pajaritos dish is then empty: everyone puts in a pajarito ({rules.pajarito})."
    return text


def deal_event(dealer: str, moves: bool, paper_open: bool, ante: int = 1) -> str:
    if moves:
        return f"{dealer} deals (pajarito moved + {ante})"
    return f"{dealer} deals (+{ante})"


def deal_comment(dealer: str, moves: bool, refills: bool, rules: Ruleset, paper_open: bool, plato: int) -> str:
    if moves:
        text = f"{dealer} moves a pajarito ({rules.pajarito}) to the plato and adds {tantos(rules.ante)}."
    else:
        text = f"{dealer} adds {tantos(rules.ante)} to the plato"
        if paper_open:
            text += " (a debt is on the paper, so no pajarito)"
        text += "."
    if refills:
        text += f" The pajaritos dish is empty: everyone puts in a pajarito ({rules.pajarito})."
    text += f" The plato holds {plato}."
    return text


def hand_event(res: HandResult, hand: Hand) -> str:
    if res.outcome == "cancelled":
        return "All pass, the espada is in the heap: deal cancelled"
    contract = CONTRACT_WORDS.get(res.contract, res.contract)
    who = res.declarer
    if res.contract == "penetro":
        if hand.surrender is not None:
            return f"All pass, nobody holds the espada: {who} (dealer) penetro, surrenders on seeing the 10 cards"
        if hand.drops_out is None:
            return f"All pass: {who} (dealer) penetro against all three; {_outcome_words(res)}"
        return f"All pass: {who} (dealer) penetro, {hand.drops_out} drops out; {_outcome_words(res)}"
    forced = "forced " if hand.forced else ""
    head = f"{who}, {forced}{contract}"
    if res.favoured:
        head += f" in the palo de favor ({hand.trump})"
    extras = []
    if hand.estuche and res.outcome == "sacado" and res.new_declarer is None:
        count = hand.estuche
        extras.append("with estuche" if count is True else f"with estuche ({count} top trumps)")
    if hand.surrender is not None:
        if res.new_declarer is None:
            return f"{head}, surrenders (puesta)"
        return f"{head}, gives up at the 4th trick; {res.new_declarer} takes over; {_outcome_words(res)}"
    if hand.bola == "won":
        extras.append("bola")
    elif hand.bola == "failed":
        extras.append("tries for bola and loses a trick")
    if hand.primeras:
        extras.append("primeras")
    tail = (" " + ", ".join(extras)) if extras else ""
    return f"{head}{tail}: {_outcome_words(res)}"


def _outcome_words(res: HandResult) -> str:
    if res.outcome == "sacado":
        return f"{res.new_declarer} wins" if res.new_declarer else "wins"
    if res.outcome == "codillo":
        return f"codillo; {res.winner} is the winner"
    return "puesta"


def _in_play_words(res: HandResult, rules: Ruleset, n: int) -> str:
    tanto = rules.table_tanto * (rules.favour_factor if res.favoured else 1)
    debt = res.played_debt.amount if res.played_debt else 0
    plato = res.in_play - (tanto * n if res.case in ("first", "plato") else debt)
    if res.case == "reserved" and res.played_debt is not None:
        return f"{res.in_play} (the largest debt, {res.played_debt.amount}, + {plato} in the plato)"
    if tanto:
        return f"{res.in_play} (plato {plato} + {tanto * n})"
    return f"{res.in_play} (the plato)"


def hand_comment(res: HandResult, hand: Hand, rules: Ruleset, players: tuple[str, ...]) -> str:  # noqa: C901  (being split into the hand pipeline)
    """Why the tokens moved, in a sentence or three."""
    if res.outcome == "cancelled":
        return "Nobody plays: the deal passes on and the plato waits for the next hand."
    n = len(players)
    ts = res.transfers
    playing = res.new_declarer or res.declarer
    assert playing is not None
    parts: list[str] = []
    in_play = _in_play_words(res, rules, n)

    if res.new_declarer is not None:
        parts.append(f"{res.declarer} gave up and {res.new_declarer} took over (yo sigo).")
        if res.outcome == "sacado":
            parts.append(
                f"{res.declarer} pays {res.new_declarer} the amount in play, {in_play}; "
                "the plato and the paper stay as they are."
            )
        else:
            where = "into the plato" if res.case == "first" else "as a new debt on the paper"
            if sum(t.reason == "puesta" for t in ts) == 1:
                parts.append(
                    f"{res.declarer} owes the puesta, {in_play}, {where}; "
                    f"{res.new_declarer}'s codillo is paid to the winner only."
                )
            else:
                parts.append(f"Twin puestas: {res.declarer} and {res.new_declarer} each owe {in_play} {where}.")
            if res.outcome == "codillo":
                parts.append(f"{res.new_declarer} also pays {res.in_play} to {res.winner}, who made codillo.")
    elif res.outcome == "sacado":
        take = [t for t in ts if t.target == playing]
        plato = sum(t.amount for t in take if t.source == PLATO)
        text = f"{playing} takes the plato ({plato})" if plato else f"{playing} wins (the plato is empty)"
        per = _per_player(take, playing, players)
        if per:
            text += " and " + per
        debt = res.played_debt
        if debt is not None:
            if debt.player == playing:
                text += f"; {playing}'s own largest debt ({debt.amount}) is crossed out"
            else:
                text += f"; {debt.player} pays the reserved puesta of {debt.amount}, which is crossed out"
        parts.append(text + ".")
    else:
        if hand.surrender is not None:
            parts.append(f"{playing} surrenders: the result is puesta.")
        if not any(t.reason == "puesta" for t in ts):
            # the old codillo: nothing to the plato or the paper
            parts.append(f"{playing} pays the amount in play, {in_play}, to {res.winner} only, who made codillo.")
        elif res.case == "first":
            parts.append(f"{playing} pays the amount in play, {in_play}, into the plato.")
        else:
            parts.append(f"A debt of {in_play} is written against {playing} on the paper.")
        if res.outcome == "codillo" and any(t.reason == "puesta" for t in ts):
            parts.append(f"{playing} also pays {res.in_play} to {res.winner}, who made codillo.")

    # condiciones the (original) declarer pays out
    paid_out = [t for t in ts if t.source == res.declarer and t.target not in (PLATO, PAPER, PAJARITOS)
                and t.reason not in ("puesta", "codillo", "gave up", "reserved puesta")]
    if res.new_declarer is not None and res.outcome == "sacado":
        extra = _per_player([t for t in ts if t.target == playing and t.reason != "gave up"], playing, players)
        if extra:
            parts.append(f"{playing} also receives {extra}.")
    if paid_out:
        by_reason: dict[str, int] = {}
        for t in paid_out:
            by_reason.setdefault(t.reason, t.amount)
        total = sum(by_reason.values())
        items = [f"{a} for {_paid_reason(r, res)}" for r, a in by_reason.items()]
        lead = "But " if res.outcome == "sacado" and res.new_declarer is None else ""
        if len(items) == 1:
            parts.append(f"{lead}{res.declarer} pays each player {items[0]}.")
        else:
            parts.append(f"{lead}{res.declarer} pays each player {total}: {join(items)}.")
    return " ".join(parts)


def _paid_reason(reason: str, res: HandResult) -> str:
    if reason == "bola":
        return "the failed bola"
    return REASON_WORDS.get(reason, reason)


def _per_player(take: list[Transfer], playing: str, players: tuple[str, ...]) -> str:
    """'3 from each player: 1 for …, 1 for …' from the payments players made to ``playing``."""
    by_payer: dict[str, dict[str, int]] = {}
    for t in take:
        if t.source in (PLATO, PAPER, PAJARITOS) or t.reason == "reserved puesta":
            continue
        by_payer.setdefault(t.source, {})
        by_payer[t.source][t.reason] = by_payer[t.source].get(t.reason, 0) + t.amount
    if not by_payer:
        return ""
    shapes = {tuple(sorted(v.items())) for v in by_payer.values()}
    if len(shapes) == 1 and len(by_payer) == len(players) - 1:
        reasons = by_payer[next(iter(by_payer))]
        total = sum(reasons.values())
        items = [f"{a} for {REASON_WORDS.get(r, r)}" for r, a in reasons.items()]
        if len(items) == 1:
            return f"{total} from each player for {REASON_WORDS.get(next(iter(reasons)), '')}"
        return f"{total} from each player: {join(items)}"
    bits = [f"{sum(v.values())} from {p}" for p, v in by_payer.items()]
    return join(bits)


def settlement_comment(
    mode: str,
    plato: int,
    pajaritos: int,
    paper_paid: Mapping[str, int],
    pot: int,
    share: int,
    remainder_to: tuple[str, ...],
    kept: tuple[PaperDebt, ...],
) -> str:
    sources = []
    if pajaritos:
        sources.append(f"the pajaritos dish ({pajaritos})")
    if plato:
        sources.append(f"the plato ({plato})")
    for p, a in paper_paid.items():
        sources.append(f"{p}'s reserved puestas ({a})")
    text = f"{pot} tantos are shared out"
    if sources:
        text += ": " + join(sources)
    text += f". {share} each"
    if remainder_to:
        odd = "one" if len(remainder_to) == 1 else str(len(remainder_to))
        text += f", and the odd {odd} to {join(list(remainder_to))} (lowest bowl)"
    text += "."
    if mode == "keep" and kept:
        text += " The paper is kept for the next session: " + "; ".join(f"{d.player} {d.amount}" for d in kept) + "."
    return text
