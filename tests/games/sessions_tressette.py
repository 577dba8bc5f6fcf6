"""Valid random sessions of the Tressette games and Terziglio, for the conformance suite.

Each generator keeps the running totals itself (from the rules, not from the engine) only to know
when the game has ended, so that no deal follows the end and both sides never pass the target in
the same played-out deal (that deal is entered as a claim instead).
"""

from __future__ import annotations

import random
from typing import Any

SUITS = ("swords", "batons", "cups", "coins")
FORMAT = "scorekeeper-session/2"


def _split(rng: random.Random, total: int) -> tuple[int, int]:
    first = rng.randint(0, total)
    return first, total - first


def _declarations(rng: random.Random, players: list[str], called: str | None) -> list[dict[str, Any]]:
    """Up to two declarations that cannot clash: napoletane of distinct suits, or of a kind of distinct ranks.

    With a call, nobody declares a Three (the caller lacks the called one, the partner holds it).
    """
    if rng.random() < 0.5:
        suits = [s for s in SUITS if s != called]
        return [{"player": rng.choice(players), "kind": "napoletana", "suit": s}
                for s in rng.sample(suits, rng.randint(0, 2))]
    ranks = ["2", "A"] if called is not None else ["3", "2", "A"]
    out: list[dict[str, Any]] = []
    for rank in rng.sample(ranks, rng.randint(0, 2)):
        player = rng.choice(players)
        if rng.random() < 0.5:
            out.append({"player": player, "kind": "four_of_a_kind", "rank": rank})
        else:
            out.append({"player": player, "kind": "three_of_a_kind", "rank": rank, "missing": rng.choice(SUITS)})
    return out


def _value(decl: dict[str, Any]) -> int:
    return 4 if decl["kind"] == "four_of_a_kind" else 3


def _sides(rng: random.Random, game: str, players: list[str], fixed: dict[str, list[str]] | None,
           ) -> tuple[dict[str, Any], list[str], list[list[str]], list[list[str]], str | None]:
    """A deal's opening fields, the two sides' names, their players, who carries their score, the called suit."""
    if fixed:
        names = list(fixed)
        return {}, names, [fixed[n] for n in names], [[n] for n in names], None
    if game == "tressette-chiamata":
        caller, partner = rng.sample(players, 2)
        deal: dict[str, Any] = {"caller": caller, "partner": partner}
        called = rng.choice(SUITS)
        if rng.random() < 0.7:
            deal["called"] = called
        members = [[caller, partner], [p for p in players if p not in (caller, partner)]]
        return deal, ["caller", "opponents"], members, members, called
    return {}, list(players), [[p] for p in players], [[p] for p in players], None


def _special(rng: random.Random, deal: dict[str, Any], names: list[str], members: list[list[str]],
             events: list[str], points: list[int]) -> int:
    """A special event entered in ``deal``; its points added to ``points``; the side that made it."""
    event = rng.choice(events)
    side = rng.randrange(2)
    deal["event"] = event
    deal["by"] = rng.choice(members[side]) if event in ("cappottone", "strammazzone") else names[side]
    if event in ("stramazzo", "strammazzone"):
        last = rng.randrange(2)
        deal["last"] = names[last]
        points[side] += 10 + (last == side)
    else:
        points[side] += 11
    return side


def _claim(rng: random.Random, deal: dict[str, Any], side_of: dict[str, int], carry: list[list[str]],
           scores: dict[str, int], target: int, points: list[int]) -> int:
    """A claim entered in ``deal``; the side that wins by it (the claimants if they reached the target)."""
    claimant = rng.choice(sorted(side_of))
    side = side_of[claimant]
    if rng.random() < 0.5:
        took = rng.randint(0, 11)
        deal["claim"] = {"by": claimant, "points": took}
    else:
        aces, thirds, last = rng.randint(0, 4), rng.randint(0, 20), rng.random() < 0.3
        deal["claim"] = {"by": claimant, "cards": {"aces": aces, "thirds": thirds}, "last": last}
        took = aces + thirds // 3 + last
    points[side] += took
    mine = claimant if claimant in carry[side] else carry[side][0]
    return side if scores[mine] + points[side] >= target else 1 - side


def _played(rng: random.Random, deal: dict[str, Any], names: list[str], members: list[list[str]],
            carry: list[list[str]], scores: dict[str, int], target: int, points: list[int]) -> int | None:
    """A deal played out entered in ``deal`` (or a claim when both sides would pass the target)."""
    while True:
        aces, thirds = _split(rng, 4), _split(rng, 20)
        if not any(a == 4 and t == 20 for a, t in zip(aces, thirds, strict=True)):
            break
    last = rng.randrange(2)
    made = [points[i] + aces[i] + thirds[i] // 3 + (last == i) for i in (0, 1)]
    reached = [i for i in (0, 1) if any(scores[h] + made[i] >= target for h in carry[i])]
    if len(reached) == 2:
        deal["claim"] = {"by": members[0][0], "points": 11}
        points[0] += 11
        return 0
    deal["last"] = names[last]
    if rng.random() < 0.5:
        deal["cards"] = {n: {"aces": a, "thirds": t} for n, a, t in zip(names, aces, thirds, strict=True)}
    else:
        deal["points"] = {n: a + t // 3 for n, a, t in zip(names, aces, thirds, strict=True)}
    points[:] = made
    return reached[0] if reached else None


def _options(rng: random.Random) -> dict[str, Any]:
    """A partnership game's options: a target, declarations on or off, a stake, and in half the sessions the
    clubs' rule on the losers' declarations after a special ending (which ends the game either way)."""
    options: dict[str, Any] = {"target": rng.choice([21, 31, 41, 51]), "declarations": rng.random() < 0.7,
                               "stake": rng.choice(["1", "0.50", "2"])}
    if rng.random() < 0.5:
        options["cappotto_declarations"] = rng.choice(["kept", "lost"])
    return options


def _partnership_deal(rng: random.Random, game: str, players: list[str], fixed: dict[str, list[str]] | None,
                      with_declarations: bool, events: list[str], scores: dict[str, int], target: int,
                      ) -> tuple[dict[str, Any], Any, list[int], int | None]:
    """One deal that is not annulled: its object, who carries each side's score, its points and the winner."""
    deal, names, members, carry, called = _sides(rng, game, players, fixed)
    side_of = {p: i for i, m in enumerate(members) for p in m}
    points = [0, 0]
    if with_declarations and rng.random() < 0.3:
        deal["declarations"] = _declarations(rng, players, called)
        for d in deal["declarations"]:
            points[side_of[d["player"]]] += _value(d)
    roll = rng.random()
    winner: int | None
    if with_declarations and roll < 0.02:
        # the partner holds the called Three: with a decima he would hold eleven cards
        declarer = rng.choice([p for p in players if "called" not in deal or p != deal["partner"]])
        suit = rng.choice([s for s in SUITS if s != called])
        deal["declarations"] = [{"player": declarer, "kind": "decima", "suit": suit}]
        winner, points = side_of[declarer], [0, 0]
    elif roll < 0.07:
        winner = _special(rng, deal, names, members, events, points)
    elif roll < 0.15:
        winner = _claim(rng, deal, side_of, carry, scores, target, points)
    else:
        winner = _played(rng, deal, names, members, carry, scores, target, points)
    return deal, carry, points, winner


def _partnership(rng: random.Random, game: str, players: list[str], fixed: dict[str, list[str]] | None,
                 ) -> dict[str, Any]:
    options = _options(rng)
    target, with_declarations = options["target"], options["declarations"]
    scores = dict.fromkeys(list(fixed) if fixed else players, 0)
    deals: list[dict[str, Any]] = []
    events = ["cappotto", "stramazzo"] + (["cappottone", "strammazzone"] if len(players) == 4 else [])
    for _ in range(rng.randint(0, 25)):
        if rng.random() < 0.05:
            deals.append({"annulled": True})
            continue
        deal, carry, points, winner = _partnership_deal(rng, game, players, fixed, with_declarations, events,
                                                        scores, target)
        deals.append(deal)
        for i in (0, 1):
            for h in carry[i]:
                scores[h] += points[i]
        if winner is not None:
            break
    doc: dict[str, Any] = {"format": FORMAT, "game": game, "players": players, "options": options, "deals": deals}
    if fixed:
        doc["teams"] = fixed
    return doc


def tressette(rng: random.Random) -> dict[str, Any]:
    players = ["Ana", "Bea", "Cleo", "Dan"]
    return _partnership(rng, "tressette", players, {"A": ["Ana", "Cleo"], "B": ["Bea", "Dan"]})


def tressette_chiamata(rng: random.Random) -> dict[str, Any]:
    return _partnership(rng, "tressette-chiamata", ["Ana", "Bea", "Cleo", "Dan"], None)


def tressette_in_due(rng: random.Random) -> dict[str, Any]:
    return _partnership(rng, "tressette-in-due", ["Ugo", "Vera"], None)


AMOUNT = {"chiamo": 1, "solo": 2, "solissimo": 4, "dividete": 8, "scegliete": 16}


def terziglio(rng: random.Random) -> dict[str, Any]:
    players = ["Ana", "Bea", "Cleo"]
    scoring = rng.choice(["game", "payments"])
    pass_out = rng.random() < 0.5
    options: dict[str, Any] = {"scoring": scoring, "pass_out": pass_out, "stake": rng.choice(["1", "0.10", "5"])}
    target = 21
    if scoring == "game":
        target = options["target"] = rng.choice([21, 31, 41, 51])
    scores = dict.fromkeys(players, 0)
    deals: list[dict[str, Any]] = []
    passed = False
    for _ in range(rng.randint(0, 30)):
        if rng.random() < 0.1:
            deals.append({"bid": "pass"})
            passed = True
            continue
        bids = [b for b in AMOUNT if not (pass_out and passed and b == "chiamo")]
        bid, soloist = rng.choice(bids), rng.choice(players)
        passed = False
        deal: dict[str, Any] = {"bid": bid, "soloist": soloist}
        sweep = rng.random()
        if sweep < 0.05:
            deal.update(points=11, every_trick="soloist")
            took, times = 11, 2
        elif sweep < 0.1:
            deal.update(cards={"aces": 0, "thirds": 0}, last=False, every_trick="opponents")
            took, times = 0, 2
        elif rng.random() < 0.5:
            took = rng.randint(0, 11)
            deal["points"] = took
            times = 3 if took in (0, 11) else 1
        else:
            aces, thirds, last = rng.randint(0, 4), rng.randint(0, 20), rng.random() < 0.5
            deal.update(cards={"aces": aces, "thirds": thirds}, last=last)
            took = aces + thirds // 3 + last
            times = 3 if took in (0, 11) else 1
        deals.append(deal)
        amount = AMOUNT[bid] * times
        opponents = [p for p in players if p != soloist]
        if took >= 6:
            scores[soloist] += amount
        else:
            for p in opponents:
                scores[p] += amount
        if scoring == "game" and max(scores.values()) >= target:
            break
    return {"format": FORMAT, "game": "terziglio", "players": players, "options": options, "deals": deals}
