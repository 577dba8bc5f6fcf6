"""Rentoy, Truc and Put at the table: the hand entered with big buttons, the score in matchsticks,
and the pairs' records against each other (with tonight's series and a revancha)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from ...i18n import N_, _
from ..replay import Played
from ..views import Past, Pieces
from . import forms
from .chains import Chain
from .engine import DUELS, REST, TIE, Rules, duel_pairs, options_read
from .tally import Drawing, drawing, halves, rules_of
from .versus import Match, Record, records, series


@dataclass(frozen=True)
class Side:
    """One side on the table page: its name, its players, its score and its matchsticks."""

    place: int
    name: str
    members: tuple[str, ...]
    score: int
    to_go: int
    tally: Drawing
    leads: bool


def scores_before(played: Played, number: int) -> dict[str, int]:
    """Each side's score before hand ``number``."""
    row = played.rows[number - 2] if 2 <= number <= len(played.rows) + 1 else None
    return dict(row.scores) if row is not None else dict.fromkeys(forms.sides(played), 0)


@dataclass(frozen=True)
class Cama:
    """One cama of truc valencià as the table counts it: its number, each team's points in it, and who
    took it (None: the cama being played)."""

    number: int
    points: tuple[tuple[str, int], ...]
    winner: str | None
    #: the hand that closed it
    closed_at: int | None = None


def camas_of(played: Played) -> tuple[Cama, ...]:
    """The camas played so far, the one being played last (a game in camas; empty otherwise)."""
    if not forms.rules(played).in_camas:
        return ()
    names = forms.sides(played)
    found: list[Cama] = []
    cama = dict.fromkeys(names, 0)
    won_before = dict.fromkeys(names, 0)
    for row in played.rows:
        won = row.extra("camas") or won_before
        taker = next((s for s in names if won.get(s, 0) > won_before.get(s, 0)), None)
        if taker is not None:
            closing = {s: cama[s] + dict(row.points).get(s, 0) for s in names}
            found.append(Cama(len(found) + 1, tuple(closing.items()), taker, row.deal))
        cama = dict(row.extra("cama") or cama)
        won_before = dict(won)
    if played.result.finished is not True:
        found.append(Cama(len(found) + 1, tuple(cama.items()), None))
    return tuple(found)


def partida_of(played: Played) -> tuple[tuple[str, int], ...]:
    """Each team's camas won so far (the partida's score)."""
    names = forms.sides(played)
    last = played.rows[-1].extra("camas") if played.rows else None
    return tuple((s, (last or {}).get(s, 0)) for s in names)


def _pair(points: Sequence[tuple[str, int]]) -> str:
    return " – ".join(f"{side} {n}" for side, n in points)


def row_scores(played: Played) -> tuple[tuple[tuple[str, int], ...], ...]:
    """The score each hand's row shows after it: in camas, the cama's (it starts again at 0 with each cama,
    and the hand that closes one shows the cama's closing points), else the game's running score."""
    if not forms.rules(played).in_camas:
        return tuple(row.scores for row in played.rows)
    names = forms.sides(played)
    closing = {c.closed_at: c.points for c in camas_of(played) if c.closed_at is not None}
    return tuple(closing.get(row.deal) or tuple((s, dict(row.extra("cama") or {}).get(s, 0)) for s in names)
                 for row in played.rows)


def scores_note(played: Played) -> str:
    """What the sheet's score columns mean in a game of camas ("" otherwise: the platform's sentence)."""
    if not forms.rules(played).in_camas:
        return ""
    return _("Each column: the hand's points, then the cama's score after it (each cama starts at 0).")


def standing(played: Played) -> tuple[str, ...]:
    """Each cama (its points and who took it, or that it is being played) and the partida, one line each, for
    the sheet and the result page; nothing for a game of one score."""
    if not forms.rules(played).in_camas:
        return ()
    lines = [f"{_('Cama %(n)s') % {'n': c.number}}: {_pair(c.points)} · "
             + (_("to %(side)s") % {"side": c.winner} if c.winner is not None else _("being played"))
             for c in camas_of(played)]
    partida = f"{_('Partida')}: {_pair(partida_of(played))}"
    if played.result.finished and played.result.winners:
        partida += " · " + _("to %(side)s") % {"side": _side_of(played, played.result.winners)}
    return (*lines, partida)


def _side_of(played: Played, winners: Sequence[str]) -> str:
    """The side whose players are ``winners`` (a team's name, or the player)."""
    seating = played.table.seating
    return next((name for name in forms.sides(played)
                 if set(seating.members(name) if seating.teams else (name,)) == set(winners)), winners[0])


@dataclass(frozen=True)
class Seats:
    """Who deals hand ``number``, who is mano (plays first) and who is pie (plays last on each side)."""

    dealer: str
    mano: str
    pies: tuple[str, ...]


def seats_of(played: Played, number: int) -> Seats:
    """The deal passes round the table in seating order from seat 1 [C]; the mano is the player after the
    dealer; each side's pie is its last to play: the dealer, and the player just before him."""
    players = played.table.seating.players
    n = len(players)
    dealer = (number - 1) % n
    pies = (players[dealer],) if n == 2 else (players[dealer], players[(dealer - 1) % n])
    return Seats(players[dealer], players[(dealer + 1) % n], pies)


def seats_line(played: Played, number: int) -> str:
    """Hand ``number``'s dealer, mano and pie, in words."""
    seats = seats_of(played, number)
    return _("dealer {dealer}, mano {mano}, pie {pie}").format(dealer=seats.dealer, mano=seats.mano,
                                                               pie=", ".join(seats.pies))


def row_note(played: Played, number: int) -> str:
    """Who dealt hand ``number`` (mano and pie), and what it did to the partida: the cama it closed (with
    the cama's points) and, at the end, the partida won with its camas."""
    notes = [seats_line(played, number)]
    closed = next((c for c in camas_of(played) if c.closed_at == number), None)
    if closed is not None:
        notes.append(_("cama {n} to {side}: {points}").format(n=closed.number, side=closed.winner,
                                                               points=_pair(closed.points)))
        if played.result.ended_at == number:
            notes.append(_("partida to {side}: camas {camas}").format(side=closed.winner,
                                                                       camas=_pair(partida_of(played))))
    return " · ".join(notes)


def _shown_scores(played: Played) -> dict[str, int]:
    """The points each side shows on the table: its score, or in camas the cama being played."""
    if forms.rules(played).in_camas and played.rows:
        if played.result.finished is True:
            return dict(next(c for c in reversed(camas_of(played))).points)
        return dict(played.rows[-1].extra("cama") or {})
    return scores_before(played, len(played.rows) + 1)


def table_extra(played: Played) -> Mapping[str, Any]:
    rules = forms.rules(played)
    seating = played.table.seating
    scores = _shown_scores(played) or dict.fromkeys(forms.sides(played), 0)
    top = max(scores.values(), default=0)
    split = halves(rules)
    shown = tuple(
        Side(i, side, seating.members(side) if seating.teams else (side,), scores[side],
             max(0, rules.target - scores[side]), drawing(scores[side], rules.target, split),
             scores[side] == top and top > 0)
        for i, side in enumerate(forms.sides(played)))
    camas = camas_of(played)
    return {"sides": shown, "target": rules.target, "halves": split, "half": rules.target // 2,
            "seats": seats_line(played, len(played.rows) + 1),
            "pica_next": forms.pica_round(played, len(played.rows) + 1),
            "camas": camas, "partida": partida_of(played) if rules.in_camas else (), "camas_to_win": rules.camas,
            "closed": tuple(c for c in camas if c.winner is not None)}


@dataclass(frozen=True)
class ChainView:
    """A chain of calls as the form draws it: its fields, title, values and first word."""

    first: str
    count: str
    legend: str
    values: tuple[int, ...]
    first_word: str
    main: bool


def said_values(rules: Rules, values: Sequence[Any]) -> tuple[Any, ...]:
    """The values a chain climbs through as the table says them: joc fora by its name."""
    return tuple(v if isinstance(v, int) else rules.raise_calls[-1].replace("_", " ") for v in values)


def first_word(rules: Rules, chain: forms.Chain, game: str) -> str:
    """The first raise in the ruleset's words (truco, truc), else the game's."""
    if chain.main and rules.raise_calls:
        return rules.raise_calls[0]
    return chain.first_word.get(game, "")


def bet_views(played: Played) -> tuple[dict[str, Any], ...]:
    """The side bets of the ruleset (envido, flor, envit) as the form draws them: the call buttons
    of each step (``offers(values)``: only what may follow the steps entered) and the answers, all
    from the chain's data."""
    names = forms.sides(played)
    return tuple({"name": forms.bet_name(bet), "legend": bet.field, "offers": partial(forms.bet_offers, played, bet),
                  "script": json.dumps(forms.bet_script(bet)), "alone": bet.sung_alone,
                  "answers": tuple((f"{kind}-{i}", kind, i) for kind in ("won", "refused")
                                   for i in range(len(names)))}
                 for bet in forms.rules(played).chains)


@dataclass(frozen=True)
class DuelChoice:
    """One button of a duel: its value (as a hand's common button), its words, and who scores what."""

    value: str
    words: str
    scorer: str
    points: int
    #: the player whose button it is: the winner as dealt, or the one who called the truco
    player: str = ""


@dataclass(frozen=True)
class DuelView:
    """One duel of a round of pica-pica on the form: its number, its two players, its buttons."""

    number: int
    one: str
    other: str
    choices: tuple[DuelChoice, ...]
    #: its side bet's buttons (the envido called by either, accepted and won by either, or refused)
    bets: tuple[DuelChoice, ...] = ()
    #: the duel's two players by their side's place, ``((0, name), (1, name))``: the hand form's pieces name them
    sides: tuple[tuple[int, str], ...] = ()

    @property
    def prefix(self) -> str:
        """The duel's own fields' start (``duel-2.``): the hand form's fields follow it."""
        return forms.duel_field(self.number, "")


def duel_views(played: Played) -> tuple[DuelView, ...]:
    """The duels of a round of pica-pica, each player against the one opposite, with one button per result
    (a player won as dealt; a truco accepted and either won; a truco refused), each naming the players."""
    names = forms.sides(played)
    seating = played.table.seating
    call = first_word(forms.rules(played), forms.MAIN, played.game.spec.name)
    bet = forms.duel_bet(played)
    bet_call = bet.calls[0].name.replace("_", " ") if bet is not None else ""
    views = []
    for k, (one, other) in enumerate(duel_pairs(seating.players), start=1):
        player = {names.index(seating.team_of(p)): p for p in (one, other)}
        choices = [_duel_choice(value, ending, points, player, call)
                   for value, ending, points in forms.duel_choices(played)]
        bets = [_bet_choice(choice, player, bet_call) for choice in forms.duel_bet_choices(played)]
        views.append(DuelView(k, one, other, tuple(sorted(choices, key=lambda c: (":" in c.value, c.player != one))),
                              tuple(sorted(bets, key=lambda c: c.player != one)), tuple(sorted(player.items()))))
    return tuple(views)


def _bet_choice(choice: tuple[str, int, str, int, int], player: Mapping[int, str], call: str) -> DuelChoice:
    """A duel's envido button in words, as the hand's own: who called, and who won it or refused it."""
    value, caller, answer, side, points = choice
    if answer == "won":
        words = _("%(side)s: %(call)s, accepted; %(winner)s won") % {"side": player[caller], "call": call,
                                                                     "winner": player[side]}
        return DuelChoice(value, words, player[side], points, player[caller])
    words = _("%(side)s: %(call)s; %(other)s: no quiero") % {"side": player[caller], "call": call,
                                                             "other": player[side]}
    return DuelChoice(value, words, player[caller], points, player[caller])


def _duel_choice(value: str, ending: str, points: int, player: Mapping[int, str], call: str) -> DuelChoice:
    """A duel's button in words: who won, or who called and how it was answered."""
    kind, _sep, place = ending.partition("-")
    ended = player[int(place)]
    if ":" not in value:
        return DuelChoice(value, _("%(side)s won") % {"side": ended}, ended, points, ended)
    caller = player[int(value.partition(":")[0])]
    if kind == "won":
        return DuelChoice(value, _("%(side)s: %(call)s, accepted; %(winner)s won")
                          % {"side": caller, "call": call, "winner": ended}, ended, points, caller)
    return DuelChoice(value, _("%(side)s: %(call)s; %(other)s: no quiero") % {"side": caller, "call": call,
                                                                             "other": ended}, caller, points, caller)


def deal_extra(played: Played, number: int) -> Mapping[str, Any]:
    """The sides, the chains of calls with their values, and what the tricks may be in this game; for a
    round of pica-pica, its duels besides (each duel is drawn with the hand form's pieces)."""
    extra = hand_extra(played, number)
    if not forms.pica_round(played, number):
        return extra
    rules = forms.rules(played)
    bet = forms.duel_bet(played)
    return {**extra, "pica": True, "duels": duel_views(played), "call": first_word(rules, forms.MAIN,
                                                                                    played.game.spec.name),
            "bet_call": bet.calls[0].name.replace("_", " ") if bet is not None else "",
            "more": more_calls(rules, bet), "held": forms.HELD, "bet_name": forms.bet_name(bet) if bet else ""}


def more_calls(rules: Rules, bet: Chain | None) -> str:
    """The calls a duel's fields hold beyond its common buttons (retruco, vale cuatro, real envido…), by name."""
    calls = [*rules.raise_calls[1:], *(c.name for chain in rules.chains for c in chain.calls
                                       if not (chain is bet and c is chain.calls[0]))]
    return ", ".join(c.replace("_", " ") for c in calls)


def hand_extra(played: Played, number: int) -> dict[str, Any]:
    """The hand form's pieces: the sides, the chains of calls, the side bets, the endings and the tricks."""
    rules = forms.rules(played)
    names = forms.sides(played)
    before = scores_before(played, number)
    game = played.game.spec.name
    chains = tuple(ChainView(c.first, c.count, _(c.legend), said_values(rules, getattr(rules, c.values)),
                             first_word(rules, c, game), c.main) for c in forms.CHAINS)
    return {"sides": tuple(enumerate(names)), "chains": chains, "main": next(c for c in chains if c.main),
            "quick": forms.quick_hands(played), "first_call": first_word(rules, forms.MAIN, game),
            "seats": seats_line(played, number),
            "bets": bet_views(played),
            "ties": rules.ties != "none", "ties_rule": rules.ties, "deck": rules.deck,
            "mazo_first": rules.mazo_first,
            "eldest": played.table.options.get("three_ties") == "eldest",
            "before": tuple((n, before.get(n, 0)) for n in names), "target": rules.target,
            "tie": TIE, "tricks": range(1, forms.TRICK_COUNT + 1), "pica": False}


#: the side bets a hand of a modern ruleset may carry, in the order they are played
BET_FIELDS = ("flor", "envido", "envit")


def line_of(game: str) -> Callable[[Mapping[str, Any]], str]:
    """A hand in one short line by the game's own rules (a page that has no session at hand)."""
    return _line(rules_of(game), forms.MAIN.first_word.get(game, ""))


def line_for(played: Played) -> Callable[[Mapping[str, Any]], str]:
    """A hand in one short line by the session's rules: a ruleset's raises by their names (truco,
    retruco…) and its side bets (envido, flor, envit) with their calls and how they ended; a round of
    pica-pica duel by duel, each with its two players."""
    return _line(forms.rules(played), forms.MAIN.first_word.get(played.game.spec.name, ""),
                 duel_pairs(played.table.seating.players))


def _bet_part(bet: Mapping[str, Any]) -> str:
    """A side bet in a line: its calls, each by its team, then how it ended."""
    said = ", ".join(f"{c.get('by', '')}: {str(c.get('call', '')).replace('_', ' ')}"
                     for c in bet.get("calls") or [] if isinstance(c, Mapping))
    ended = (_("{side} won").format(side=bet["won"]) if "won" in bet
             else _("{side} refused").format(side=bet["refused"]) if "refused" in bet else "")
    return " ".join(x for x in (said, f"({ended})" if ended else "") if x)


def _ending(deal: Mapping[str, Any]) -> list[str]:
    """How the hand ended, in words: who won, who folded, who went to the deck, or the tricks."""
    if "won" in deal:
        return [_("{side} won").format(side=deal["won"])]
    if "folded" in deal:
        return [_("{side} folded").format(side=deal["folded"])]
    if "mazo" in deal:
        return [_("{side} went to the deck").format(side=deal["mazo"])]
    if "tricks" not in deal:
        return []
    tricks = [_("tie") if t == TIE else str(t) for t in deal["tricks"]]
    parts = [_("tricks: {tricks}").format(tricks=", ".join(tricks))]
    if "eldest" in deal:
        parts.append(_("eldest: {side}").format(side=deal["eldest"]))
    return parts


def _line(rules: Rules, word: str, pairs: Sequence[tuple[str, str]] = ()) -> Callable[[Mapping[str, Any]], str]:
    def call(k: int) -> str:
        if rules.raise_calls and k <= len(rules.raise_calls):
            return rules.raise_calls[k - 1].replace("_", " ")
        return word if k == 1 and word else "↑"

    def deal_line(deal: Mapping[str, Any]) -> str:
        if isinstance(deal.get(DUELS), list):
            return duels_line(deal[DUELS], pairs, hand_line)
        return hand_line(deal)

    def hand_line(deal: Mapping[str, Any]) -> str:
        parts = [_bet_part(bet) for field in BET_FIELDS if isinstance(bet := deal.get(field), Mapping)]
        raises = list(deal.get("raises") or [])
        for k, side in enumerate(raises, start=1):
            value = rules.ladder[k] if k < len(rules.ladder) else "?"
            said = _("the rest of the cama") if value == REST else value
            parts.append(_("{side}: {call} ({value})").format(side=side, call=call(k), value=said))
        return " · ".join([*parts, *_ending(deal)])

    return deal_line


def duels_line(duels: Sequence[Any], pairs: Sequence[tuple[str, str]],
               hand_line: Callable[[Mapping[str, Any]], str]) -> str:
    """A round of pica-pica in one line: each duel, its two players (when known) and its hand's line."""
    parts = []
    for k, duel in enumerate(duels):
        said = hand_line(duel) if isinstance(duel, Mapping) else ""
        who = " – ".join(pairs[k]) if k < len(pairs) else str(k + 1)
        parts.append(f"{who}: {said}")
    return "pica-pica · " + "; ".join(parts)


def match_of(played: Played, tonight: bool) -> Match | None:
    """A finished game as a match between the two pairs (None: not finished)."""
    r = played.result
    if not r.finished or not r.winners:
        return None
    return Match(r.winners, r.losers, tonight)


@dataclass(frozen=True)
class Versus:
    """The head-to-head section: every pair's record, every player's, and tonight's series."""

    pairs: tuple[Record, ...]
    players: tuple[Record, ...]
    series: tuple[int, int] | None
    pair_names: tuple[str, str] | None


def result_extra(played: Played, past: Sequence[Past]) -> Mapping[str, Any]:
    """The group's games of this game, oldest first, as records by pair and by player."""
    matches = [m for p in past if (m := match_of(p.played, p.tonight)) is not None]
    mine = match_of(played, True)
    tonight = series(matches, mine.winners, mine.losers) if mine is not None else None
    names = (", ".join(mine.winners), ", ".join(mine.losers)) if mine is not None else None
    return {"versus": Versus(records(matches, "pair"), records(matches, "player"), tonight, names)}


#: the name of each ruleset of truc on its pages, in its region's words (the seed's is the game's own)
RULESET_TITLES = {"rioplatense": "Truco rioplatense", "valenciano": "Truc valencià"}


def title_of(played: Played) -> str:
    """The game's name on its pages: the ruleset's own when the table chose one."""
    return RULESET_TITLES.get(forms.rules(played).ruleset, played.game.spec.title)


OPTION_WORDS = {
    "ruleset": N_("Rules"),
    "ruleset=seed": N_("The old Truc of the seed: raises to 3, 6, 9 and 12, game to 12"),
    "ruleset=rioplatense": N_("Truco rioplatense (Río de la Plata): truco, envido, game to 15 or 30"),
    "ruleset=valenciano": N_("Truc valencià: truc, envit, camas"),
    "target": N_("Río de la Plata: game to"),
    "target=15": N_("15 points"),
    "target=30": N_("30 points: malas, then buenas"),
    "cama=12": N_("12 points"),
    "cama=18": N_("18 points: malas, then buenas"),
    "camas=1": N_("one"),
    "camas=2": N_("two"),
    "camas=3": N_("three"),
    "flor": N_("Río de la Plata: play with flor"),
    "flor=true": N_("yes"),
    "flor=false": N_("no"),
    "cama": N_("Valencia: points of a cama"),
    "camas": N_("Valencia: camas to win"),
    "mazo_first": N_("Río de la Plata: going to the deck in the first trick, nothing sung"),
    "mazo_first=2": N_("2 points: the hand and the envido"),
    "mazo_first=1": N_("1 point: the hand"),
    "flor_flor": N_("Río de la Plata: a flor answered by a flor"),
    "flor_flor=4": N_("4 points to the better flor"),
    "flor_flor=3": N_("3 points to the better flor"),
    "flor_flor=6": N_("6 points to the better flor"),
    "contraflor_resto": N_("Río de la Plata: the contraflor al resto"),
    "contraflor_resto=falta": N_("as the falta envido"),
    "contraflor_resto=resto": N_("what takes the leader to the end, plus 3 a flor"),
    "contraflor_resto=chico": N_("the whole game to the better flor"),
    "falta_malas": N_("Río de la Plata: the falta envido in the malas"),
    "falta_malas=buenas": N_("what takes the leader to the buenas"),
    "falta_malas=game": N_("the whole game to the winner"),
    "falta_malas=leader": N_("what the leader lacks to the end"),
    "falta_malas=loser": N_("what the loser lacks to the end"),
    "falta_cama": N_("Valencia: the falta with both teams in the malas"),
    "falta_cama=buenas": N_("what takes the leader to the buenas"),
    "falta_cama=game": N_("the whole cama to the winner"),
    "pica_pica": N_("Río de la Plata, six players: pica-pica"),
    "pica_pica=none": N_("not played"),
    "pica_pica=5_25": N_("a round of duels after each hand of all six while the leader has 5 to 25"),
    "pica_pica=6_24": N_("a round of duels after each hand of all six while the leader has 6 to 24"),
    "pica_pica=always": N_("a round of duels after each hand of all six, whatever the score"),
    "three_ties": N_("Three tied tricks"),
    "three_ties=eldest": N_("go to the eldest team"),
    "three_ties=tie": N_("tie the hand: nobody scores"),
}


def pieces(game: str) -> Pieces:
    return Pieces(
        table_template="games/truc/table.html",
        table_extra=table_extra,
        deal_template="games/truc/deal.html",
        deal_extra=deal_extra,
        deal_fields=forms.fields,
        read_deal=forms.read,
        form_field=forms.form_field,
        deal_line=line_of(game),
        line_for=line_for,
        option_words=OPTION_WORDS,
        script="games/truc.js",
        result_template="games/truc/versus.html",
        result_extra=result_extra,
        title=title_of,
        options_in_play=options_in_play,
        row_note=row_note,
        row_scores=row_scores,
        scores_note=scores_note,
        standing=standing,
        start_template="games/truc/start.html" if game == "truc" else "",
    )


def options_in_play(options: Mapping[str, Any]) -> frozenset[str]:
    """The options a session reads: every one, or with a ruleset chosen those it reads (``engine.options_read``);
    pica-pica only when the table plays it (a sheet of four need not say that six would not)."""
    read = options_read(options) if "ruleset" in options else frozenset(options)
    return read - {"pica_pica"} if options.get("pica_pica", "none") == "none" else read


PIECES = {game: pieces(game) for game in ("rentoy", "truc", "put")}
