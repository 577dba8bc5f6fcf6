"""Valid random Tresillo sessions as ``scorekeeper-session/2`` documents, for the conformance suite.

Each hand is drawn against a live engine table (who deals, who may declare, which debts tie), as
``tests/engine/strategies.py`` does for Hypothesis, then written as the session file's hand object.
"""

from __future__ import annotations

import random
from typing import Any

from scorekeeper.games.tresillo.engine import Hand, PaperDebt, Setup, Surrender, Table
from scorekeeper.games.tresillo.engine.sessionfile import dump_hand

NAMES = ("Ana", "Luis", "Pilar", "Jordi")


def nine(rng: random.Random, players: list[str], declarer: str, bola: str | None) -> dict[str, int]:
    """Nine tricks over ``players``; with a bola the declarer's share fits it."""
    if bola == "won":
        return {p: (9 if p == declarer else 0) for p in players}
    mine = rng.randint(5, 8) if bola == "failed" else rng.randint(0, 8)
    counts, rest = {declarer: mine}, 9 - mine
    others = [p for p in players if p != declarer]
    for p in others[:-1]:
        counts[p] = rng.randint(0, rest)
        rest -= counts[p]
    counts[others[-1]] = rest
    return counts


def hand(rng: random.Random, table: Table) -> Hand:
    """One hand the table as it stands accepts."""
    up, rules = table.upcoming(), table.rules
    debt = rng.choice(up.tied_debtors) if up.tied_debtors and rng.random() < 0.5 else None
    kind = rng.choice(up.contracts)
    if kind == "pass":
        return Hand("pass")
    if kind == "penetro":
        if rng.random() < 0.5:
            return Hand("penetro", surrender=Surrender(), debt=debt)
        drops = rng.choice([p for p in table.players if p != up.dealer])
        playing = [p for p in table.players if p != drops]
        return Hand("penetro", declarer=up.dealer, drops_out=drops, tricks=nine(rng, playing, up.dealer, None),
                    debt=debt)
    declarer = rng.choice(up.declarers)
    opponents = [p for p in up.active if p != declarer]
    flag = rng.choice([None, *(f for f in ("estuche", "contra_estuche") if rules.allows(f))])
    flags = {flag: True} if flag else {}
    if kind in rules.surrender_contracts and rng.random() < 0.15:
        if kind in rules.takeover_contracts and rng.random() < 0.5:
            new = rng.choice(opponents)
            bola = rng.choice([None, "won", "failed"]) if "bola" in rules.takeover_paid else None
            paid = {k: v for k, v in flags.items() if k in rules.takeover_paid}
            return Hand(kind, declarer=declarer, surrender=Surrender(new), tricks=nine(rng, list(up.active), new, bola),
                        bola=bola, debt=debt, **paid)
        return Hand(kind, declarer=declarer, surrender=Surrender(), debt=debt, **flags)
    bola = rng.choice([None, None, None, "won", "failed"])
    tricks = nine(rng, list(up.active), declarer, bola)
    if bola is None and tricks[declarer] == 9:
        bola = "won"
    return Hand(kind, declarer=declarer, tricks=tricks, bola=bola, debt=debt,
                forced=kind == "entrada" and rng.random() < 0.5, **flags)


def tresillo(rng: random.Random) -> dict[str, Any]:
    players = list(NAMES[: rng.choice((3, 4))])
    rules = rng.choice(("pagat", "house"))
    paper = [{"player": rng.choice(players), "amount": rng.randint(1, 40)} for _ in range(rng.randint(0, 2))]
    options: dict[str, Any] = {"rules": rules, "first_dealer": rng.choice(players),
                               "start_tokens": rng.choice((100, 160, 200)), "end_paper": rng.choice(("settle", "keep")),
                               "stake": rng.choice(("0.10", "0.05", "1"))}
    if paper:
        options["paper"] = paper
    setup = Setup(players=tuple(players), first_dealer=options["first_dealer"], rules=rules,
                  start_tokens=options["start_tokens"], paper=tuple(PaperDebt(d["player"], d["amount"]) for d in paper))
    table = Table(setup)
    deals = []
    for _ in range(rng.randint(0, 25)):
        played = hand(rng, table)
        table.play(played)  # valid by construction: a refusal here is a bug of this generator
        deals.append(dump_hand(played))
    return {"format": "scorekeeper-session/2", "game": "tresillo", "players": players, "options": options,
            "deals": deals}
