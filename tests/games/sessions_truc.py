"""Valid random sessions of Rentoy, Truc, Put, Cacho and Flor for the conformance suite.

Each generator plays hands the way a table could (raises in turn, tricks up to the one that
decides, rounds whose amounts follow the bets) and stops at the end of the game, if it has one.
"""

from __future__ import annotations

import random
from typing import Any

NAMES = ("Ana", "Bea", "Cleo", "Dan", "Eva", "Fede", "Gina", "Hugo", "Ines", "Juan", "Kira", "Luis", "Marta")

LADDER = {"rentoy": (1, 3, 6, 9, 12), "truc": (1, 3, 6, 9, 12), "put": (1, 5)}
TARGET = {"rentoy": 12, "truc": 12, "put": 5}


def _tricks(rng: random.Random, sides: list[str], game: str) -> tuple[list[str], str | None]:
    """Tricks played until they decide the hand, and the side taking it (``None``: tied)."""
    ties = game != "rentoy"
    tricks: list[str] = []
    while True:
        tricks.append("tie" if ties and rng.random() < 0.25 else rng.choice(sides))
        won = [t for t in tricks if t != "tie"]
        if len(tricks) == 3 or (len(tricks) == 2 and len(won) == 2 and won[0] == won[1]) or (
                game == "truc" and len(tricks) == 2 and len(won) == 1):
            break
    won = [t for t in tricks if t != "tie"]
    counts = {s: won.count(s) for s in sides}
    best = max(counts.values())
    leaders = [s for s in won if counts[s] == best]
    if not leaders:
        return tricks, None
    if len(set(leaders)) == 1 or game == "truc":
        return tricks, leaders[0]
    return tricks, None


def _raises(rng: random.Random, sides: list[str], ladder: tuple[int, ...]) -> list[str]:
    """The raises of one hand, the two sides in turn from a random first."""
    raises: list[str] = []
    first = rng.choice(sides)
    for i in range(rng.choice([0, 0, 0, 1, 1, 2, 3, 4])):
        if i >= len(ladder) - 1:
            break
        raises.append(first if i % 2 == 0 else next(s for s in sides if s != first))
    return raises


def _trick_hand(rng: random.Random, sides: list[str], game: str, ladder: tuple[int, ...],
                options: dict[str, Any]) -> tuple[dict[str, Any], str | None, int]:
    """One hand: its deal object, the side that won it (None: nobody) and what it was worth."""
    raises = _raises(rng, sides, ladder)
    deal: dict[str, Any] = {"raises": raises} if raises or rng.random() < 0.2 else {}
    value = ladder[len(raises)]
    winner: str | None
    if raises and rng.random() < 0.3:
        deal["folded"] = next(s for s in sides if s != raises[-1])
        winner, value = raises[-1], ladder[len(raises) - 1]
    elif rng.random() < 0.3:
        winner = rng.choice(sides)
        deal["won"] = winner
    else:
        deal["tricks"], winner = _tricks(rng, sides, game)
        if winner is None and game == "truc" and options["three_ties"] == "eldest":
            winner = rng.choice(sides)
            deal["eldest"] = winner
    return deal, winner, value


def _trick_game(rng: random.Random, game: str) -> dict[str, Any]:
    if game == "put":
        players, teams = list(rng.sample(NAMES, 2)), None
        sides = players
    else:
        count = rng.choice([2, 4, 6, 8])
        players = list(NAMES[:count])
        teams = {"Us": players[0::2], "Them": players[1::2]}
        sides = list(teams)
    options: dict[str, Any] = {"stake": rng.choice(["1", "0.50", "3"])}
    if game == "truc":
        options["three_ties"] = rng.choice(["eldest", "tie"])
    scores = dict.fromkeys(sides, 0)
    deals: list[dict[str, Any]] = []
    ladder = LADDER[game]
    for _ in range(rng.randint(0, 40)):
        deal, winner, value = _trick_hand(rng, sides, game, ladder, options)
        deals.append(deal)
        if winner is not None:
            scores[winner] += value
            if scores[winner] >= TARGET[game]:
                break
    doc: dict[str, Any] = {"format": "scorekeeper-session/2", "game": game, "players": players,
                           "options": options, "deals": deals}
    if teams:
        doc["teams"] = teams
    return doc


def rentoy(rng: random.Random) -> dict[str, Any]:
    return _trick_game(rng, "rentoy")


def truc(rng: random.Random) -> dict[str, Any]:
    return _trick_game(rng, "truc")


def put(rng: random.Random) -> dict[str, Any]:
    return _trick_game(rng, "put")


def _pot_round(rng: random.Random, bet: int | None, still_in: list[str], room: dict[str, int],
               total: dict[str, int], first: bool) -> tuple[int, list[str]]:
    """One betting round: what each player who stays puts in, and who stays (everyone, when nobody bets)."""
    can = [p for p in still_in if room[p] - total[p] >= (bet or 0)]
    if bet is None:
        amount = rng.randint(0, min(room[p] - total[p] for p in can)) if can and rng.random() < 0.7 else 0
    else:
        amount = bet if (first or rng.random() < 0.6) else 0
    stay = [p for p in still_in if p in can and (p == can[0] or rng.random() < 0.7)] if amount else list(still_in)
    if not stay:
        stay, amount = list(still_in), 0
    return amount, stay


def _pot_hand(rng: random.Random, players: list[str], held: dict[str, int] | None) -> tuple[dict[str, Any], dict[str, int]]:
    """One hand and each player's net from it."""
    if rng.random() < 0.15:
        return {"void": True}, dict.fromkeys(players, 0)
    still_in = list(players)
    total = dict.fromkeys(players, 0)
    rounds: list[dict[str, Any]] = []
    room = {p: (held[p] if held is not None else 50) for p in players}
    for bet in (1, 2, None):
        if len(still_in) == 1:
            break
        amount, stay = _pot_round(rng, bet, still_in, room, total, first=not rounds)
        if len(rounds) == 0 and amount == 0:
            return {"void": True}, dict.fromkeys(players, 0)
        put = {p: (amount if p in stay else 0) for p in still_in}
        rnd: dict[str, Any] = {"put": put}
        folded = [p for p in still_in if p not in stay]
        if folded or rng.random() < 0.3:
            rnd["folded"] = folded
        rounds.append(rnd)
        for p, a in put.items():
            total[p] += a
        still_in = stay
    hand: dict[str, Any] = {"rounds": rounds}
    if len(still_in) > 1 and rng.random() < 0.3:
        tied = rng.sample(still_in, rng.randint(2, len(still_in)))
        dealer = rng.choice(players)
        hand["tied"], hand["dealer"] = tied, dealer
        after = players.index(dealer) + 1
        order = players[after:] + players[:after]
        winner = min(tied, key=order.index)
    else:
        winner = rng.choice(still_in)
        if len(still_in) > 1 or rng.random() < 0.5:
            hand["winner"] = winner
    pot = sum(total.values())
    return hand, {p: (pot if p == winner else 0) - total[p] for p in players}


def _pot_game(rng: random.Random, game: str, most: int) -> dict[str, Any]:
    players = list(NAMES[: rng.randint(2, most)])
    options: dict[str, Any] = {"stake": rng.choice(["1", "0.10", "0.25"])}
    held: dict[str, int] | None = None
    if rng.random() < 0.6:
        held = {p: rng.randint(0, 60) for p in players}
        options["counters"] = dict(held)
    deals = []
    for _ in range(rng.randint(0, 25)):
        hand, nets = _pot_hand(rng, players, held)
        deals.append(hand)
        if held is not None:
            held = {p: held[p] + nets[p] for p in players}
    return {"format": "scorekeeper-session/2", "game": game, "players": players, "options": options, "deals": deals}


def cacho(rng: random.Random) -> dict[str, Any]:
    return _pot_game(rng, "cacho", 8)


def flor(rng: random.Random) -> dict[str, Any]:
    return _pot_game(rng, "flor", 13)
