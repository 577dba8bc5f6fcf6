"""Valid random sessions of every game, for the conformance suite.

A game whose record names a ``sample_deal(state, rng)`` gets its sessions built here from it
(:func:`sampled`: a random table from its description, then the game's own deals until it ends);
the games that came before the records keep a hand-written generator in :data:`WRITTEN`. Either
returns a ``scorekeeper-session/2`` document that must replay.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from scorekeeper.games import GAMES, records
from scorekeeper.games.registry import load
from scorekeeper.games.replay import FORMAT
from scorekeeper.games.replay import load as load_session

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


def table_of(name: str, rng: random.Random) -> dict[str, Any]:
    """A random table of the game called ``name`` from its description: its seats, fixed teams of equal size
    (one player each at two, named or left out), each option with choices at a random value, and a random stake."""
    spec = GAMES[name].spec
    players = list(NAMES[: rng.choice(spec.seats)])
    doc: dict[str, Any] = {"format": FORMAT, "game": name, "players": players}
    alone = len(players) == spec.teams and rng.random() < 0.5  # teams of one may be left out: the sides are players
    if spec.partnership == "fixed" and spec.teams and not alone:
        doc["teams"] = {chr(ord("A") + k): players[k::spec.teams] for k in range(spec.teams)}
    options: dict[str, Any] = {o.name: rng.choice(o.choices) for o in spec.options if o.choices}
    options["stake"] = rng.choice(["1", "0.50", "2", "0.05"])
    doc["options"] = options
    return doc


def sampled(name: str) -> Callable[[random.Random], dict[str, Any]]:
    """Random sessions of ``name`` built from its record's ``sample_deal``: deals are asked for and played
    until the game ends, the sample says there are no more (None), or a random length is reached."""
    record = records()[name]
    sample_deal = load(record, record.sample_deal)

    def session(rng: random.Random) -> dict[str, Any]:
        doc = table_of(name, rng)
        game, table, _ = load_session({**doc, "deals": []}, GAMES)
        state, deals = game.start(table), doc.setdefault("deals", [])
        for number in range(1, rng.randint(0, 40) + 1):
            deal = sample_deal(state, rng) if game.ended_at(state) is None else None
            if deal is None:
                break
            state, _row = game.play(state, number, deal)
            deals.append(deal)
        return doc

    return session


#: the hand-written generator of each game that came before its record gave a ``sample_deal``
WRITTEN: dict[str, Callable[[random.Random], dict[str, Any]]] = {
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

#: a valid random session of each game, by the game's name: from its own ``sample_deal`` if it gives one
VALID: dict[str, Callable[[random.Random], dict[str, Any]]] = {
    name: sampled(name) if record.sample_deal else WRITTEN[name] for name, record in records().items()}

#: a valid random session of each ruleset a game has beyond its default, as ``game[ruleset]``
RULESETS: dict[str, Callable[[random.Random], dict[str, Any]]] = {
    "truc[rioplatense]": sessions_truco.rioplatense,
    "truc[valenciano]": sessions_truco.valenciano,
}
