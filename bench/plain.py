"""Plain loops of each game's bookkeeping: the same scores and money as the engine, from the same session files,
written as one function of straight-line Python with no checking (the files are the conformance suite's valid
ones). ``bench/replay.py --instructions --games`` counts their instructions a deal beside the engines' (the
engine's cost over this floor is what its reading, checking and records add). A game without one here is
reported without the ratio."""

from __future__ import annotations

from decimal import Decimal
from typing import Any


def briscola(doc: dict[str, Any]) -> dict[str, Decimal]:
    """Deals won (more than 60 of 120), the match to ``wins``, each loser paying one winner."""
    options = doc.get("options", {})
    wins, stake = options.get("wins", 2), Decimal(str(options.get("stake", "1")))
    teams = doc.get("teams") or {p: [p] for p in doc["players"]}
    first, second = list(teams)
    won = {first: 0, second: 0}
    for deal in doc["deals"]:
        points = deal.get("points")
        if points is None:
            continue
        if points[first] > 60:
            won[first] += 1
        elif points[second] > 60:
            won[second] += 1
        if won[first] >= wins or won[second] >= wins:
            break
    money = dict.fromkeys(doc["players"], Decimal(0))
    if won[first] >= wins or won[second] >= wins:
        winner, loser = (first, second) if won[first] >= wins else (second, first)
        for payee, payer in zip(teams[winner], teams[loser], strict=True):
            money[payee] += stake
            money[payer] -= stake
    return money


def rovescino(doc: dict[str, Any]) -> dict[str, Decimal]:
    """Penalty points (rounded card points and the last trick) to 21; elimination; either payout."""
    options = doc.get("options", {})
    stake, payout = Decimal(str(options.get("stake", "1"))), options.get("payout", "loser_pays_each")
    elimination = options.get("elimination", False)
    scores = dict.fromkeys(doc["players"], 0)
    still_in = list(doc["players"])
    money = dict.fromkeys(doc["players"], Decimal(0))
    losers: list[str] = []
    for deal in doc["deals"]:
        _add_deal(scores, deal)
        reached = [p for p in still_in if scores[p] >= 21]
        if not reached:
            continue
        left = [p for p in still_in if p not in reached]
        if elimination and len(left) >= 3:
            if payout == "loser_pays_each":
                _pay(money, reached, left, stake)
            still_in = left
            continue
        losers = reached
        break
    if not losers:  # nothing is paid before the end, not even by those eliminated
        return dict.fromkeys(doc["players"], Decimal(0))
    if payout == "each_pays_winner":
        lowest = min(scores[p] for p in still_in)
        winners = [p for p in still_in if scores[p] == lowest]
        payers = [p for p in doc["players"] if p not in winners]
    else:
        winners, payers = [p for p in still_in if p not in losers], losers
    _pay(money, payers, winners, stake)
    return money


def _add_deal(scores: dict[str, int], deal: dict[str, Any]) -> None:
    if "cards" in deal:
        for p, c in deal["cards"].items():
            scores[p] += c["aces"] + c["thirds"] // 3
    else:
        for p, n in deal["points"].items():
            scores[p] += n
    scores[deal["last"]] += 1


def _pay(money: dict[str, Decimal], payers: list[str], payees: list[str], stake: Decimal) -> None:
    for p in payers:
        for q in payees:
            money[p] -= stake
            money[q] += stake


#: the plain loop of each game that has one, by the game's name
PLAIN = {"briscola": briscola, "rovescino": rovescino}
