"""Valid random sessions of Truco as played today (the ``rioplatense`` and ``valenciano`` rulesets
of ``truc``) for the conformance suite.

The values below were worked by hand from docs/rules.md ("Truco as played today"), not read from
the engine: each chain of calls with what it is worth accepted (``None``: the falta) and refused.
The generator keeps the score itself (the cama, the camas, the falta) to stop at the game's end.
"""

from __future__ import annotations

import random
from typing import Any

NAMES = ("Ana", "Bea", "Cleo", "Dan", "Eva", "Fede", "Gina", "Hugo")

#: calls in order -> (accepted, refused); None: the falta
ENVIDO = {
    ("envido",): (2, 1), ("envido", "envido"): (4, 2), ("real_envido",): (3, 1), ("falta_envido",): (None, 1),
    ("envido", "real_envido"): (5, 2), ("envido", "envido", "real_envido"): (7, 4),
    ("envido", "falta_envido"): (None, 2), ("envido", "envido", "falta_envido"): (None, 4),
    ("real_envido", "falta_envido"): (None, 3), ("envido", "real_envido", "falta_envido"): (None, 5),
    ("envido", "envido", "real_envido", "falta_envido"): (None, 7),
}
#: a lone flor is worth 3 unanswered; a refusal pays the flors before it and one point
FLOR = {
    ("flor", "contraflor"): (6, 4), ("flor", "contraflor_al_resto"): (None, 4),
    ("flor", "contraflor", "contraflor_al_resto"): (None, 7),
}
ENVIT = {
    ("envit",): (2, 1), ("envit", "torne"): (4, 2), ("falta",): (None, 1), ("envit", "falta"): (None, 2),
    ("envit", "torne", "falta"): (None, 4),
}
RIO_LADDER = (1, 2, 3, 4)
VAL_LADDER = (1, 2, 3, 4, None)   # None: joc fora, the rest of the cama


class Tally:
    """The score as the generator keeps it: the cama's points and the camas won."""

    def __init__(self, sides: list[str], cama: int, camas: int, half: int) -> None:
        self.sides, self.cama_points, self.camas_needed, self.half = sides, cama, camas, half
        self.cama = dict.fromkeys(sides, 0)
        self.camas = dict.fromkeys(sides, 0)
        self.over = False

    def falta(self) -> int:
        lead = max(self.cama.values())
        return self.half - lead if self.half and lead < self.half else self.cama_points - lead

    def count(self, items: list[tuple[str | None, int | None]]) -> None:
        """Score a hand's items in order; what follows a closed cama is not counted."""
        for side, value in items:
            if side is None:
                continue
            self.cama[side] += self.cama_points - self.cama[side] if value is None else value
            if self.cama[side] >= self.cama_points:
                self.camas[side] += 1
                self.cama = dict.fromkeys(self.sides, 0)
                self.over = self.camas[side] >= self.camas_needed
                return


def _bet(rng: random.Random, sides: list[str], field: str, table: dict[tuple[str, ...], tuple[int | None, int]],
         tally: Tally) -> tuple[dict[str, Any], str, int]:
    names = rng.choice(sorted(table))
    first = rng.choice(sides)
    other = next(s for s in sides if s != first)
    calls = [{"by": first if i % 2 == 0 else other, "call": n} for i, n in enumerate(names)]
    last = calls[-1]["by"]
    accepted, refused = table[names]
    if rng.random() < 0.5:
        winner = rng.choice(sides)
        return {"calls": calls, "won": winner}, winner, tally.falta() if accepted is None else accepted
    return {"calls": calls, "refused": first if last == other else other}, last, refused


def _decided(tricks: list[str], ties: bool) -> bool:
    won = [t for t in tricks if t != "tie"]
    if len(tricks) != 2:
        return len(tricks) == 3
    return (ties and len(won) == 1) or (len(won) == 2 and won[0] == won[1])


def _tricks(rng: random.Random, sides: list[str], ties: bool) -> tuple[list[str], str | None]:
    """Tricks until they decide the hand (ties: the earliest trick won decides), and its taker."""
    tricks: list[str] = []
    while not _decided(tricks, ties):
        tricks.append("tie" if ties and rng.random() < 0.25 else rng.choice(sides))
    won = [t for t in tricks if t != "tie"]
    if not won:
        return tricks, None
    counts = {s: won.count(s) for s in sides}
    best = max(counts.values())
    return tricks, next(s for s in won if counts[s] == best)


def _hand(rng: random.Random, sides: list[str], ladder: tuple[int | None, ...], ties: bool,
          three_ties: str) -> tuple[dict[str, Any], str | None, int | None]:
    raises: list[str] = []
    first = rng.choice(sides)
    for i in range(rng.choice([0, 0, 1, 1, 2, 3, 4])):
        if i >= len(ladder) - 1:
            break
        raises.append(first if i % 2 == 0 else next(s for s in sides if s != first))
    deal: dict[str, Any] = {"raises": raises} if raises or rng.random() < 0.2 else {}
    value = ladder[len(raises)]
    winner: str | None
    if raises and rng.random() < 0.3:
        deal["folded"] = next(s for s in sides if s != raises[-1])
        return deal, raises[-1], ladder[len(raises) - 1]
    if rng.random() < 0.3:
        winner = rng.choice(sides)
        deal["won"] = winner
        return deal, winner, value
    deal["tricks"], winner = _tricks(rng, sides, ties)
    if winner is None and three_ties == "eldest":
        winner = rng.choice(sides)
        deal["eldest"] = winner
    return deal, winner, value


def played(rng: random.Random, ruleset: str) -> tuple[dict[str, Any], Tally]:
    """A session of ``ruleset`` and the score as the generator kept it."""
    count = rng.choice([2, 4, 6])
    players = list(NAMES[:count])
    teams = {"Nos": players[0::2], "Ellos": players[1::2]}
    sides = list(teams)
    options: dict[str, Any] = {"ruleset": ruleset, "stake": rng.choice(["1", "0.50", "5"])}
    rio = ruleset == "rioplatense"
    if rio:
        options.update(target=rng.choice([15, 30]), flor=rng.random() < 0.5,
                       three_ties=rng.choice(["eldest", "tie"]))
        tally = Tally(sides, options["target"], 1, 15 if options["target"] == 30 else 0)
    else:
        options.update(cama=rng.choice([12, 18]), camas=rng.choice([1, 2, 3]))
        tally = Tally(sides, options["cama"], options["camas"], 9 if options["cama"] == 18 else 0)
    deals: list[dict[str, Any]] = []
    for _ in range(rng.randint(0, 80)):
        items: list[tuple[str | None, int | None]] = []
        bet: dict[str, Any] = {}
        pick = rng.random()
        if rio and options["flor"] and pick < 0.15:
            if rng.random() < 0.4:
                side = rng.choice(sides)
                bet = {"flor": {"calls": [{"by": side, "call": "flor"}]}}
                items.append((side, 3))
            else:
                raw, side, value = _bet(rng, sides, "flor", FLOR, tally)
                bet = {"flor": raw}
                items.append((side, value))
        elif pick < 0.5:
            field, table = ("envido", ENVIDO) if rio else ("envit", ENVIT)
            raw, side, value = _bet(rng, sides, field, table, tally)
            bet = {field: raw}
            items.append((side, value))
        deal, winner, value = _hand(rng, sides, RIO_LADDER if rio else VAL_LADDER, rio,
                                    options.get("three_ties", "none"))
        items.append((winner, value))
        deals.append({**bet, **deal})
        tally.count(items)
        if tally.over:
            break
    return {"format": "scorekeeper-session/2", "game": "truc", "players": players, "teams": teams,
            "options": options, "deals": deals}, tally


def rioplatense(rng: random.Random) -> dict[str, Any]:
    return played(rng, "rioplatense")[0]


def valenciano(rng: random.Random) -> dict[str, Any]:
    return played(rng, "valenciano")[0]
