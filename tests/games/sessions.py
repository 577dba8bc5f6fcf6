"""Valid random sessions of every game, for the conformance suite: one generator per game.

A game added to ``scorekeeper.games.GAMES`` must add its generator to :data:`VALID` (the suite
fails otherwise). A generator returns a ``scorekeeper-session/2`` document that must replay.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from . import sessions_tresillo, sessions_tressette, sessions_truc, sessions_truco

NAMES = ("Ana", "Bea", "Cleo", "Dan", "Eva", "Fede", "Gina", "Hugo", "Ines", "Juan", "Kira", "Luis", "Marta")


def split(rng: random.Random, total: int, parts: int) -> list[int]:
    """``total`` split at random into ``parts`` whole numbers (each 0 or more)."""
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]


def rovescino(rng: random.Random) -> dict[str, Any]:
    players = list(NAMES[: rng.randint(3, 8)])
    options: dict[str, Any] = {"payout": rng.choice(["loser_pays_each", "each_pays_winner"]),
                               "stake": rng.choice(["1", "0.50", "2", "0.05"])}
    if len(players) >= 4:
        options["elimination"] = rng.random() < 0.6
    still_in, scores = list(players), dict.fromkeys(players, 0)
    deals: list[dict[str, Any]] = []
    for _ in range(rng.randint(0, 30)):
        aces, thirds = split(rng, 4, len(still_in)), split(rng, 20, len(still_in))
        last = rng.choice(still_in)
        if rng.random() < 0.5:
            deal: dict[str, Any] = {"cards": {p: {"aces": a, "thirds": t} for p, a, t in zip(still_in, aces, thirds,
                                                                                          strict=True)}}
        else:
            deal = {"points": {p: a + t // 3 for p, a, t in zip(still_in, aces, thirds, strict=True)}}
        deal["last"] = last
        deals.append(deal)
        for p, a, t in zip(still_in, aces, thirds, strict=True):
            scores[p] += a + t // 3 + (p == last)
        reached = [p for p in still_in if scores[p] >= 21]
        if reached:
            left = [p for p in still_in if p not in reached]
            if options.get("elimination") and len(left) >= 3:
                still_in = left
            else:
                break
    return {"format": "scorekeeper-session/2", "game": "rovescino", "players": players, "options": options,
            "deals": deals}


#: a valid random session of each game, by the game's name
VALID: dict[str, Callable[[random.Random], dict[str, Any]]] = {
    "tresillo": sessions_tresillo.tresillo,
    "rovescino": rovescino,
    "tressette": sessions_tressette.tressette,
    "tressette-chiamata": sessions_tressette.tressette_chiamata,
    "tressette-in-due": sessions_tressette.tressette_in_due,
    "terziglio": sessions_tressette.terziglio,
    "rentoy": sessions_truc.rentoy,
    "truc": sessions_truc.truc,
    "put": sessions_truc.put,
    "cacho": sessions_truc.cacho,
    "flor": sessions_truc.flor,
}

#: a valid random session of each ruleset a game has beyond its default, as ``game[ruleset]``
RULESETS: dict[str, Callable[[random.Random], dict[str, Any]]] = {
    "truc[rioplatense]": sessions_truco.rioplatense,
    "truc[valenciano]": sessions_truco.valenciano,
}
