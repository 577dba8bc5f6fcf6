"""Plain loops of each game's bookkeeping: the yardstick ``bench/replay.py --instructions --games`` measures the
engines against.

Each is the simplest hand-written loop that computes a game's final standings and money from a
``scorekeeper-session/2`` document: straight-line Python over the deals as they are in the file, no checking (the
files are the conformance suite's valid ones), no records kept. It returns ``(scores, money)``: the last row's
scores (by side or player, as the engine's rows key them) and every player's money. The engine's cost over this
floor is what its reading, checking and records add.

The bench asserts that each loop gives the engine's figures on the sessions it measures, and
``tests/games/test_plain_loops.py`` does the same on a few hundred sessions, so the yardstick cannot drift from the
games it measures. Tresillo's is an evening of the puesta family (``pagat``, ``house``: the rulesets of the suite's
sessions) kept in bowls, the plato, the pajaritos dish and the paper, then settled as the engine settles it.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

Scores = dict[str, int]
Money = dict[str, Decimal]


def _stake(doc: dict[str, Any]) -> Decimal:
    return Decimal(str(doc.get("options", {}).get("stake", "1")))


def _sides_pay(players: list[str], winners: list[str], amount: Decimal) -> Money:
    """Every winner receives ``amount``, every other player pays it (the sides are of equal size)."""
    return {p: amount if p in winners else -amount for p in players}


# ---------------------------------------------------------------- Briscola


def briscola(doc: dict[str, Any]) -> tuple[Scores, Money]:
    """Deals won (more than 60 of 120), the match to ``wins``, each loser paying one winner."""
    wins = doc.get("options", {}).get("wins", 2)
    players = doc["players"]
    teams = doc.get("teams") or {p: [p] for p in players}
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
    winner = first if won[first] >= wins else second if won[second] >= wins else None
    if winner is None:
        return won, dict.fromkeys(players, Decimal(0))
    return won, _sides_pay(players, teams[winner], _stake(doc))


# ---------------------------------------------------------------- Rovescino


def rovescino(doc: dict[str, Any]) -> tuple[Scores, Money]:
    """Penalty points (rounded card points and the last trick) to 21; elimination; either payout."""
    options = doc.get("options", {})
    stake, payout = _stake(doc), options.get("payout", "loser_pays_each")
    elimination = options.get("elimination", False)
    players = doc["players"]
    scores = dict.fromkeys(players, 0)
    still_in = list(players)
    money = dict.fromkeys(players, Decimal(0))
    losers: list[str] = []
    for deal in doc["deals"]:
        if "cards" in deal:
            for p, c in deal["cards"].items():
                scores[p] += c["aces"] + c["thirds"] // 3
        else:
            for p, n in deal["points"].items():
                scores[p] += n
        scores[deal["last"]] += 1
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
        return scores, dict.fromkeys(players, Decimal(0))
    if payout == "each_pays_winner":
        lowest = min(scores[p] for p in still_in)
        winners = [p for p in still_in if scores[p] == lowest]
        payers = [p for p in players if p not in winners]
    else:
        winners, payers = [p for p in still_in if p not in losers], losers
    _pay(money, payers, winners, stake)
    return scores, money


def _pay(money: Money, payers: list[str], payees: list[str], stake: Decimal) -> None:
    for p in payers:
        for q in payees:
            money[p] -= stake
            money[q] += stake


# ---------------------------------------------------------------- Tressette, con la chiamata, in due

DECLARED = {"four_of_a_kind": 4, "three_of_a_kind": 3, "napoletana": 3, "decima": 0}
#: each special event: its multiplier, made by a player (not a side), counting cards only (the last trick apart)
EVENTS = {"cappotto": (2, False, False), "cappottone": (6, True, False), "stramazzo": (3, False, True),
          "strammazzone": (8, True, True)}


def tressette(doc: dict[str, Any]) -> tuple[Scores, Money]:
    """Two sides a deal (fixed teams, the caller and partner, or each player), to the target; the winners of
    the deal that ends the game receive the stake times its multiplier from each loser."""
    options = doc.get("options", {})
    target = options.get("target", 21)
    lose_declarations = options.get("cappotto_declarations", "kept") == "lost"
    game, players = doc["game"], doc["players"]
    teams = doc.get("teams") if game == "tressette" else None
    keys = list(teams) if teams else players
    scores = dict.fromkeys(keys, 0)
    for deal in doc["deals"]:
        if "annulled" in deal:
            continue
        names, members, holders = _tressette_sides(game, deal, players, teams)
        points, winner, times = _tressette_deal(deal, names, members, holders, scores, target, lose_declarations)
        for i in (0, 1):
            for holder in holders[i]:
                scores[holder] += points[i]
        if winner is not None:
            return scores, _sides_pay(players, members[winner], _stake(doc) * times)
    return scores, dict.fromkeys(players, Decimal(0))


def _tressette_deal(deal: dict[str, Any], names: list[str], members: list[list[str]], holders: list[list[str]],
                    scores: Scores, target: int, lose_declarations: bool) -> tuple[list[int], int | None, int]:
    """Each side's points of a deal, the side that wins the game by it (None: nobody yet), and its multiplier."""
    points = [0, 0]
    decima = None
    for d in deal.get("declarations", ()):
        side = 0 if d["player"] in members[0] else 1
        points[side] += DECLARED[d["kind"]]
        if d["kind"] == "decima":
            decima = side
    if decima is not None:
        return points, decima, 16
    if "event" in deal:
        times, by_player, counters_only = EVENTS[deal["event"]]
        by = deal["by"]
        winner = (0 if by in members[0] else 1) if by_player else names.index(by)
        if lose_declarations:
            points[1 - winner] = 0
        points[winner] += 10 + (names.index(deal["last"]) == winner) if counters_only else 11
        return points, winner, times
    if "claim" in deal:
        claim = deal["claim"]
        claimant = claim["by"]
        side = 0 if claimant in members[0] else 1
        if "cards" in claim:
            points[side] += claim["cards"]["aces"] + claim["cards"]["thirds"] // 3 + claim["last"]
        else:
            points[side] += claim["points"]
        holder = claimant if claimant in holders[side] else holders[side][0]
        return points, side if scores[holder] + points[side] >= target else 1 - side, 1
    last = names.index(deal["last"])
    for i in (0, 1):
        if "cards" in deal:
            count = deal["cards"][names[i]]
            points[i] += count["aces"] + count["thirds"] // 3
        else:
            points[i] += deal["points"][names[i]]
    points[last] += 1
    reached = [i for i in (0, 1) if any(scores[h] + points[i] >= target for h in holders[i])]
    return points, reached[0] if reached else None, 1


def _tressette_sides(game: str, deal: dict[str, Any], players: list[str], teams: dict[str, list[str]] | None,
                     ) -> tuple[list[str], list[list[str]], list[list[str]]]:
    """A deal's two sides: their names in the deal, their players, and the score keys they carry."""
    if teams:
        names = list(teams)
        return names, [teams[n] for n in names], [[n] for n in names]
    if game == "tressette-chiamata":
        pair = [deal["caller"], deal["partner"]]
        both = [pair, [p for p in players if p not in pair]]
        return ["caller", "opponents"], both, both
    return players, [[p] for p in players], [[p] for p in players]


# ---------------------------------------------------------------- Terziglio

BIDS = {"chiamo": 1, "solo": 2, "solissimo": 4, "dividete": 8, "scegliete": 16}


def terziglio(doc: dict[str, Any]) -> tuple[Scores, Money]:
    """The soloist against the other two: the bid's amount (×2 every trick, ×3 all points) to the target, or
    paid deal by deal."""
    options = doc.get("options", {})
    payments = options.get("scoring", "game") == "payments"
    target = options.get("target", 21)
    players = doc["players"]
    scores = dict.fromkeys(players, 0)
    ended = False
    for deal in doc["deals"]:
        bid = deal["bid"]
        if bid == "pass":
            continue
        soloist = deal["soloist"]
        if "points" in deal:
            taken = deal["points"]
        else:
            taken = deal["cards"]["aces"] + deal["cards"]["thirds"] // 3 + deal["last"]
        made = taken >= 6
        times = 2 if "every_trick" in deal else 3 if taken == (11 if made else 0) else 1
        amount = BIDS[bid] * times
        for p in players:
            if p == soloist:
                scores[p] += (2 * amount if made else -2 * amount) if payments else amount if made else 0
            else:
                scores[p] += (-amount if made else amount) if payments else 0 if made else amount
        if not payments and max(scores.values()) >= target:
            ended = True
            break
    stake = _stake(doc)
    if payments:
        return scores, {p: stake * scores[p] for p in players}
    money = dict.fromkeys(players, Decimal(0))
    if ended:
        winners = [p for p in players if scores[p] >= target]
        _pay(money, [p for p in players if p not in winners], winners, stake)
    return scores, money


# ---------------------------------------------------------------- Cacho and Flor


def pot(doc: dict[str, Any]) -> tuple[Scores, Money]:
    """Each hand's pot to the last player in, the showdown's winner or the eldest of the tied; money is the net
    times the stake."""
    players = doc["players"]
    nets = dict.fromkeys(players, 0)
    for deal in doc["deals"]:
        if "void" in deal:
            continue
        folded: list[str] = []
        for r in deal["rounds"]:
            for p, n in r["put"].items():
                nets[p] -= n
            folded += r.get("folded", ())
        left = [p for p in players if p not in folded]
        if len(left) == 1:
            winner = left[0]
        elif "winner" in deal:
            winner = deal["winner"]
        else:
            after = players.index(deal["dealer"]) + 1
            order = players[after:] + players[:after]
            winner = min(deal["tied"], key=order.index)
        nets[winner] += sum(n for r in deal["rounds"] for n in r["put"].values())
    stake = _stake(doc)
    return nets, {p: nets[p] * stake for p in players}


# ---------------------------------------------------------------- Rentoy, Truc, Put, and Truco as played today

#: each seed game's ladder, target and how tied tricks are read
SEED_TRUC = {"rentoy": ((1, 3, 6, 9, 12), 12, "none"), "truc": ((1, 3, 6, 9, 12), 12, "earliest"),
             "put": ((1, 5), 5, "count")}
#: the side bets' calls: (adds, again, a falta call), a refusal's extra, a lone call scores
ENVIDO = ({"envido": (2, None, False), "real_envido": (3, None, False), "falta_envido": (0, None, True)}, 0, False)
ENVIT = ({"envit": (2, None, False), "torne": (2, None, False), "falta": (0, None, True)}, 0, False)
HALVES = {12: 0, 15: 0, 18: 9, 30: 15}


def truc(doc: dict[str, Any]) -> tuple[Scores, Money]:
    """Hands of a raised value to the target (in camas, with side bets, for the rulesets of today); each player
    of the losing side pays a winner the stake."""
    options = doc.get("options", {})
    players = doc["players"]
    teams = doc.get("teams")
    sides = list(teams) if teams else players
    r = _truc_rules(doc["game"], options)
    scores, cama, camas = dict.fromkeys(sides, 0), dict.fromkeys(sides, 0), dict.fromkeys(sides, 0)
    for deal in doc["deals"]:
        items = [_bet(deal[field], chain, r, cama) for field, chain in r["chains"] if field in deal]
        items.append(_hand(deal, r, sides))
        for side, value in items:
            if side is None:
                continue
            if value == "rest":
                value = r["target"] - cama[side]
            scores[side] += value
            cama[side] += value
            if cama[side] >= r["target"]:
                camas[side] += 1
                if camas[side] >= r["camas"]:
                    winners = teams[side] if teams else [side]
                    return scores, _sides_pay(players, winners, _stake(doc))
                cama = dict.fromkeys(sides, 0)
                break
    return scores, dict.fromkeys(players, Decimal(0))


def _truc_rules(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """The numbers a table of ``game`` plays by (its ruleset's, for truc with one)."""
    ruleset = options.get("ruleset", "seed") if game == "truc" else "seed"
    if ruleset == "rioplatense":
        target = options.get("target", 30)
        both = options.get("flor_flor", 4)
        flor = ({"flor": (3, both - 3, False), "contraflor": (3, None, False),
                 "contraflor_al_resto": (0, None, True)}, 1, True)
        return {"ladder": (1, 2, 3, 4), "target": target, "ties": "earliest", "camas": 1, "half": HALVES[target],
                "chains": ([("flor", flor)] if options.get("flor", False) else []) + [("envido", ENVIDO)],
                "mazo_first": options.get("mazo_first", 2), "falta": options.get("falta_malas", "buenas"),
                "resto": options.get("contraflor_resto", "falta"), "eldest": options.get("three_ties", "eldest")}
    if ruleset == "valenciano":
        target = options.get("cama", 12)
        return {"ladder": (1, 2, 3, 4, "rest"), "target": target, "ties": "none", "camas": options.get("camas", 2),
                "half": HALVES[target], "chains": [("envit", ENVIT)], "mazo_first": 1,
                "falta": options.get("falta_cama", "buenas"), "eldest": "eldest"}
    ladder, target, ties = SEED_TRUC[game]
    return {"ladder": ladder, "target": target, "ties": ties, "camas": 1, "half": 0, "chains": [],
            "eldest": options.get("three_ties", "eldest")}


def _hand(deal: dict[str, Any], r: dict[str, Any], sides: list[str]) -> tuple[str | None, Any]:
    """Who takes the hand and its value."""
    raises = deal.get("raises", ())
    value = r["ladder"][len(raises)]
    if "won" in deal:
        return deal["won"], value
    if "folded" in deal:
        return raises[-1], r["ladder"][len(raises) - 1]
    if "mazo" in deal:
        other = sides[1] if deal["mazo"] == sides[0] else sides[0]
        sung = raises or any(field in deal for field, _ in r["chains"])
        return other, r["mazo_first"] if deal.get("trick", 1) == 1 and not sung else value
    won = [t for t in deal["tricks"] if t != "tie"]
    counts = {side: won.count(side) for side in won}
    if not counts:
        winner = None
    else:
        best = max(counts.values())
        leaders = [side for side in won if counts[side] == best]
        winner = leaders[0] if len(set(leaders)) == 1 or r["ties"] == "earliest" else None
    if winner is None and r["ties"] == "earliest" and r["eldest"] == "eldest":
        winner = deal["eldest"]
    return winner, value


def _bet(bet: dict[str, Any], chain: tuple[dict[str, Any], int, bool], r: dict[str, Any],
         cama: dict[str, int]) -> tuple[str, int]:
    """The side that scores a side bet and its points."""
    calls, extra, sung_alone = chain
    made = bet["calls"]
    names = [c["call"] for c in made]
    last = made[-1]["by"]
    if len(made) == 1 and sung_alone:
        return last, calls[names[0]][0]
    if "refused" in bet:
        return last, max(1, _calls_sum(calls, names[:-1]) + extra)
    winner = bet["won"]
    if not any(calls[n][2] for n in names):
        return winner, _calls_sum(calls, names)
    lead = max(cama.values())
    if sung_alone and r["resto"] != "falta":  # the contraflor al resto, by its own reading
        if r["resto"] == "chico":
            return winner, r["target"] - cama[winner]
        return winner, r["target"] - lead + 3 * len({c["by"] for c in made})
    if r["half"] and lead < r["half"]:
        reading = r["falta"]
        if reading == "game":
            return winner, r["target"] - cama[winner]
        if reading == "leader":
            return winner, r["target"] - lead
        if reading == "loser":
            return winner, max(r["target"] - cama[s] for s in cama if s != winner)
        return winner, r["half"] - lead
    return winner, r["target"] - lead


def _calls_sum(calls: dict[str, Any], names: list[str]) -> int:
    total = 0
    for k, name in enumerate(names):
        adds, again, _ = calls[name]
        total += again if again is not None and name in names[:k] else adds
    return total


# ---------------------------------------------------------------- Tresillo (the puesta family: pagat, house)

#: each ruleset's condiciones (a contract's or a flag's payment per player), table tanto, whether a new declarer
#: after a takeover is paid the condiciones and a won bola
TRESILLO = {"pagat": ({"entrada": 0, "vuelta": 1, "solo": 2, "penetro": 1, "estuche": 1, "primeras": 1, "bola": 8},
                      1, False),
            "house": ({"entrada": 1, "vuelta": 3, "solo": 5, "estuche": 1, "contra_estuche": 3, "primeras": 1,
                       "bola": 10}, 0, True)}
PAJARITO, ANTE = 5, 1


def tresillo(doc: dict[str, Any]) -> tuple[Scores, Money]:
    """An evening of bowls, the plato, the pajaritos dish and the paper, hand by hand; at the end the dishes
    (and the paper, when settled) shared equally, the odd tantos to the lowest bowls, each bowl's net times the
    tanto's value."""
    options = doc["options"]
    players = doc["players"]
    evening = _Evening(players, options)
    dealer = options.get("first_dealer") or players[0]
    for number, hand in enumerate(doc["deals"]):
        if number:
            dealer = players[(players.index(dealer) + 1) % len(players)]
        evening.deal(dealer)
        if hand["contract"] != "pass":
            evening.hand(hand, dealer)
    return evening.settle(options.get("end_paper", "settle") == "settle", _stake(doc))


class _Evening:
    """The table between hands: the bowls, the plato (and whether a puesta is in it), the dish, the open debts."""

    def __init__(self, players: list[str], options: dict[str, Any]) -> None:
        self.players, self.n = players, len(players)
        self.condiciones, self.tanto, self.takeover_paid = TRESILLO[options.get("rules", "pagat")]
        self.start = options.get("start_tokens", 160)
        self.bowls = dict.fromkeys(players, self.start - PAJARITO)
        self.plato, self.dish, self.plato_puesta = 0, PAJARITO * self.n, False
        #: the open debts, oldest first: [player, amount]
        self.paper: list[list[Any]] = [[d["player"], d["amount"]] for d in options.get("paper") or ()]

    def deal(self, dealer: str) -> None:
        """A pajarito to the empty plato while the paper is clear (the dish refilled when it runs empty); the ante."""
        if self.plato == 0 and not self.paper:
            self.plato += PAJARITO
            self.dish -= PAJARITO
            if self.dish <= 0:
                self.dish += PAJARITO * self.n
                self.each_pays(None, PAJARITO)
        self.plato += ANTE
        self.bowls[dealer] -= ANTE

    def each_pays(self, payee: str | None, amount: int) -> None:
        """Every player pays ``amount`` to ``payee`` (None: to the dish; ``payee`` pays himself nothing)."""
        for p in self.players:
            self.bowls[p] -= amount
        if payee is not None:
            self.bowls[payee] += amount * self.n

    def hand(self, hand: dict[str, Any], dealer: str) -> None:
        """One hand played: the amount in play won or lost, then the contract and the condiciones."""
        debt = None
        if self.paper and not self.plato_puesta:  # the oldest of the largest, or the named debtor's
            most = max(d[1] for d in self.paper)
            debt = next(d for d in self.paper if d[1] == most and hand.get("debt", d[0]) == d[0])
        total = self.plato + (debt[1] if debt else self.tanto * self.n)
        declarer = hand.get("declarer", dealer)
        takeover = (hand.get("surrender") or {}).get("takeover")
        playing = takeover or declarer
        outcome, winner = _tresillo_outcome(hand, playing, takeover)
        if outcome == "sacado" and takeover:
            self.bowls[declarer] -= total
            self.bowls[takeover] += total
        elif outcome == "sacado":
            self.won(playing, debt)
        else:
            self.lost((declarer, takeover) if takeover else (playing,), total, debt is not None)
            if winner:
                self.bowls[playing] -= total
                self.bowls[winner] += total
        value = self.condiciones.get(hand["contract"], 0)
        if outcome != "sacado" or takeover:  # the declarer pays the contract to each player
            self.each_pays(declarer, -value)
        else:
            self.each_pays(playing, value)
        if outcome == "sacado":
            self.condiciones_won(hand, playing, takeover)

    def won(self, playing: str, debt: list[Any] | None) -> None:
        """The plato, and the reserved puesta played for (crossed out) or the table tanto from each."""
        self.bowls[playing] += self.plato
        self.plato = 0
        self.plato_puesta = False
        if debt:
            self.bowls[debt[0]] -= debt[1]
            self.bowls[playing] += debt[1]
            self.paper.remove(debt)
        else:
            self.each_pays(playing, self.tanto)

    def lost(self, losers: tuple[str, ...], total: int, reserved: bool) -> None:
        """Each loser's puesta: into the plato (a first puesta) or onto the paper."""
        to_paper = reserved or self.plato_puesta
        for loser in losers:
            if to_paper:
                self.paper.append([loser, total])
            else:
                self.bowls[loser] -= total
                self.plato += total
                self.plato_puesta = True

    def condiciones_won(self, hand: dict[str, Any], playing: str, takeover: str | None) -> None:
        """Estuche, contra-estuche, primeras and a won bola paid by each (after a takeover only where the rules
        pay a new declarer); a failed bola paid to each (never by a new declarer)."""
        flags = [f for f in ("estuche", "contra_estuche", "primeras") if hand.get(f)]
        if hand.get("bola") == "won":
            flags.append("bola")
        for flag in flags if not takeover or self.takeover_paid else ():
            self.each_pays(playing, self.condiciones.get(flag, 0))
        if hand.get("bola") == "failed" and not takeover:
            self.each_pays(playing, -self.condiciones["bola"])

    def settle(self, paper_paid: bool, value: Decimal) -> tuple[Scores, Money]:
        """The bowls against the start; the money once the dishes (and the paper) are shared."""
        players, bowls = self.players, self.bowls
        scores = {p: bowls[p] - self.start for p in players}
        pot = self.plato + self.dish
        if paper_paid:
            for player, amount in self.paper:
                bowls[player] -= amount
                pot += amount
        share, odd = divmod(pot, self.n)
        for p in sorted(players, key=lambda p: (bowls[p], players.index(p)))[:odd]:
            bowls[p] += 1
        return scores, {p: (bowls[p] + share - self.start) * value for p in players}


def _tresillo_outcome(hand: dict[str, Any], playing: str, takeover: str | None) -> tuple[str, str | None]:
    """Sacado (more tricks than each opponent), codillo (one opponent took more: the winner) or puesta."""
    tricks = hand.get("tricks")
    if tricks is None:  # an accepted surrender, or a hand entered by how it ended
        if takeover is None and "surrender" in hand:
            return "puesta", None
        return hand.get("outcome", "puesta"), hand.get("winner")
    best = max(t for p, t in tricks.items() if p != playing)
    leaders = [p for p, t in tricks.items() if p != playing and t == best]
    if tricks[playing] > best:
        return "sacado", None
    if best > tricks[playing] and len(leaders) == 1:
        return "codillo", leaders[0]
    return "puesta", None

#: the plain loop of each game, by the game's name
PLAIN: dict[str, Callable[[dict[str, Any]], tuple[Scores, Money]]] = {
    "briscola": briscola,
    "rovescino": rovescino,
    "tressette": tressette,
    "tressette-chiamata": tressette,
    "tressette-in-due": tressette,
    "terziglio": terziglio,
    "cacho": pot,
    "flor": pot,
    "rentoy": truc,
    "truc": truc,
    "put": truc,
    "tresillo": tresillo,
}


def engine_figures(played: Any) -> tuple[Scores | None, Money]:
    """The figures a plain loop must give, from the engine's replay (``games.replay.Played``): the last row's
    scores (None when no deal was played) and every player's money."""
    scores = dict(played.rows[-1].scores) if played.rows else None
    return scores, dict(played.result.money)


def same_figures(played: Any, plain: tuple[Scores, Money]) -> bool:
    """Whether a plain loop's figures are the engine's (the scores once a deal was played; the money always)."""
    scores, money = engine_figures(played)
    return (scores is None or scores == plain[0]) and money == plain[1]
