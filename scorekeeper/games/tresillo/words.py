"""The words: every sentence the app says about a session, from the engine's records.

The engine returns data (:class:`~scorekeeper.games.tresillo.engine.Started`,
:class:`~scorekeeper.games.tresillo.engine.Dealt`, :class:`~scorekeeper.games.tresillo.engine.HandResult`,
:class:`~scorekeeper.games.tresillo.engine.Stake`, :class:`~scorekeeper.games.tresillo.engine.Settlement`);
this module is the one place that turns it into English. Each sentence is one
whole format string with named placeholders, wrapped in ``_()`` (or
``ngettext()`` where a number decides the grammar), so a translator sees the
whole sentence and may reorder it. Placeholders hold names, figures, or terms
from the small glossaries below (contract and condición names), never pieces of
grammar. The Spanish game words (plato, puesta, codillo, estuche, pajarito…)
stay as they are in every language.

``_`` and ``ngettext`` come from :mod:`scorekeeper.i18n`: the sentences are
said in the language of the page, the PDF or the ``--lang`` of the CLI.

>>> from scorekeeper.games.tresillo.engine import loads, replay
>>> from pathlib import Path
>>> ledger = replay(loads(Path("tests/data/worked_example.json").read_text()))
>>> row_words(ledger.rows[1]).event
'North deals (pajarito moved + 1)'
>>> names(["Ana", "Luis", "Pilar"])
'Ana, Luis and Pilar'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...i18n import N_, _, ngettext
from ...words import names
from .engine import (
    PAJARITOS,
    PAPER,
    PARTIES,
    PLATO,
    POT,
    Dealt,
    HandResult,
    Ledger,
    MoneyTransfer,
    Reason,
    Row,
    Ruleset,
    Settlement,
    Setup,
    Stake,
    Started,
    Transfer,
    Upcoming,
)
from .engine.sessionfile import rows_json as data_rows_json
from .engine.sessionfile import settlement_json as data_settlement_json

# ------------------------------------------------------------------ glossary


def contract_term(contract: str) -> str:
    """A contract's name in a sentence (the puesta family)."""
    terms = {
        "entrada": _("simple game (entrada)"),
        "vuelta": _("vuelta"),
        "solo": _("solo"),
        "penetro": _("penetro"),
    }
    return terms.get(contract, contract)


def points_contract_term(contract: str) -> str:
    """A contract's name under French scoring (seed 003's own words)."""
    terms = {"entrada": _("jeu simple"), "vuelta": _("retourne"), "solo": _("solo")}
    return terms.get(contract, contract)


def points_paid_for(contract: str, chelem: bool) -> str:
    """What a French win is paid for, as the object of "… each for …"."""
    if chelem:
        return _("the chelem")
    terms = {"entrada": _("the jeu simple"), "vuelta": _("the retourne"), "solo": _("the solo")}
    return terms.get(contract, contract)


def reason_term(reason: Reason | str) -> str:
    """What a payment or a token move is for, as the object of "1 for …"."""
    terms = {
        Reason.PAJARITO: _("a pajarito"),
        Reason.ANTE: _("the dealer's tanto"),
        Reason.REFILL: _("refilling the pajaritos dish"),
        Reason.PLATO: _("winning the hand"),
        Reason.RESERVED: _("the reserved puesta played for"),
        Reason.PUESTA: _("a puesta"),
        Reason.CODILLO: _("the codillo"),
        Reason.GAVE_UP: _("the hand given up and taken over"),
        Reason.TANTO: _("the puesta system"),
        Reason.ENTRADA: _("the entrada"),
        Reason.VUELTA: _("the vuelta"),
        Reason.SOLO: _("the solo"),
        Reason.PENETRO: _("the penetro"),
        Reason.ESTUCHE: _("the estuche"),
        Reason.CONTRA_ESTUCHE: _("the contra-estuche"),
        Reason.PRIMERAS: _("primeras"),
        Reason.BOLA: _("the bola"),
        Reason.ROUNDING: _("rounding up to a whole token"),
    }
    return terms.get(Reason(reason), str(reason))


def rules_title(rules: Ruleset) -> str:
    """A ruleset's title in the reader's language (the engine's title is its English name)."""
    titles = {
        "pagat": _("Tresillo as played in Spain"),
        "house": _("Club house rules"),
        "french": _("French points scoring"),
    }
    return titles.get(rules.name, rules.title)


def bet_term(bet: str) -> str:
    return {"J": _("the declarer wins"), "P": _("puesta"), "C": _("codillo")}.get(bet, bet)


def _sentences(*parts: str) -> str:
    return " ".join(p for p in parts if p)


# ---------------------------------------------------------------- the rows


@dataclass(frozen=True, slots=True)
class RowWords:
    """A row in words: what happened (``event``) and why the tokens moved (``comment``)."""

    event: str
    comment: str


def row_words(row: Row) -> RowWords:
    """The words for one ledger row."""
    happened = row.happened
    if isinstance(happened, Started):
        return RowWords(_("Start of session"), start_comment(happened))
    if isinstance(happened, Dealt):
        return RowWords(deal_event(happened), deal_comment(happened))
    if happened.stake.case == "none":
        return RowWords(points_event(happened), points_comment(happened))
    return RowWords(hand_event(happened), hand_comment(happened, row.players))


def start_comment(e: Started) -> str:
    if e.scoring == "points":
        return ngettext(
            "Everyone starts with {start} point. French scoring: no plato and no pajaritos; "
            "the points of each hand change hands directly.",
            "Everyone starts with {start} points. French scoring: no plato and no pajaritos; "
            "the points of each hand change hands directly.",
            e.start_tokens,
        ).format(start=e.start_tokens)
    text = ngettext(
        "Everyone starts with {start} tanto and puts a pajarito ({pajarito}) in the plato para los pajaritos.",
        "Everyone starts with {start} tantos and puts a pajarito ({pajarito}) in the plato para los pajaritos.",
        e.start_tokens,
    ).format(start=e.start_tokens, pajarito=e.pajarito)
    carried = ngettext(
        "The paper from the last session is carried in ({count} reserved puesta).",
        "The paper from the last session is carried in ({count} reserved puestas).",
        e.carried,
    ).format(count=e.carried) if e.carried else ""
    return _sentences(text, carried)


def deal_event(e: Dealt) -> str:
    if e.scoring == "points":
        if e.bet is not None:
            return _("{dealer} deals and bets {bet}").format(dealer=e.dealer, bet=e.bet)
        return _("{dealer} deals").format(dealer=e.dealer)
    if e.moves_pajarito:
        return _("{dealer} deals (pajarito moved + {ante})").format(dealer=e.dealer, ante=e.ante)
    return _("{dealer} deals (+{ante})").format(dealer=e.dealer, ante=e.ante)


def deal_comment(e: Dealt) -> str:
    if e.scoring == "points":
        if e.bet is not None:
            return _("{dealer} deals, sits the hand out and writes {bet} ({meaning}) for a stake of {stake}.").format(
                dealer=e.dealer, bet=e.bet, meaning=bet_term(e.bet), stake=e.bet_stake)
        return _("{dealer} deals; nothing goes into a plato under French scoring.").format(dealer=e.dealer)
    if e.moves_pajarito:
        adds = ngettext(
            "{dealer} moves a pajarito ({pajarito}) to the plato and adds {ante} tanto.",
            "{dealer} moves a pajarito ({pajarito}) to the plato and adds {ante} tantos.", e.ante)
    elif e.paper_open:
        adds = ngettext(
            "{dealer} adds {ante} tanto to the plato (a debt is on the paper, so no pajarito).",
            "{dealer} adds {ante} tantos to the plato (a debt is on the paper, so no pajarito).", e.ante)
    else:
        adds = ngettext("{dealer} adds {ante} tanto to the plato.", "{dealer} adds {ante} tantos to the plato.", e.ante)
    refill = _("The pajaritos dish is empty: everyone puts in a pajarito ({pajarito}).") if e.refills else ""
    holds = _("The plato holds {plato}.")
    return _sentences(adds, refill, holds).format(dealer=e.dealer, pajarito=e.pajarito, ante=e.ante, plato=e.plato)


# ------------------------------------------------- a hand, the puesta family


def _contract_phrase(res: HandResult) -> str:
    """The contract as the event names it: forced, in the palo de favor, with its condiciones."""
    hand = res.hand
    text = contract_term(res.contract)
    if hand.forced:
        text = _("forced {contract}").format(contract=text)
    if res.favoured:
        text = _("{contract} in the palo de favor ({trump})").format(contract=text, trump=hand.trump)
    if res.new_declarer is not None:
        return text  # the condiciones of a hand taken over are the new declarer's
    extras = []
    if hand.estuche and res.outcome == "sacado":
        extras.append(_("estuche") if hand.estuche is True else
                      _("estuche ({count} top trumps)").format(count=int(hand.estuche)))
    if hand.bola == "won":
        extras.append(_("bola"))
    elif hand.bola == "failed":
        extras.append(_("a bola tried and lost"))
    if hand.primeras:
        extras.append(_("primeras"))
    if extras:
        text = _("{contract} with {extras}").format(contract=text, extras=names(extras))
    return text


#: what a hand's event says, by how it was played and how it ended
_EVENTS = {
    ("played", "sacado"): N_("{declarer}, {contract}: wins"),
    ("played", "puesta"): N_("{declarer}, {contract}: puesta"),
    ("played", "codillo"): N_("{declarer}, {contract}: codillo; {winner} is the winner"),
    ("taken over", "sacado"): N_("{declarer}, {contract}, gives up at the 4th trick; {new} takes over; {new} wins"),
    ("taken over", "puesta"): N_("{declarer}, {contract}, gives up at the 4th trick; {new} takes over; puesta"),
    ("taken over", "codillo"): N_("{declarer}, {contract}, gives up at the 4th trick; {new} takes over; "
                                  "codillo; {winner} is the winner"),
    ("penetro", "sacado"): N_("All pass: {declarer} (dealer) penetro against all three; wins"),
    ("penetro", "puesta"): N_("All pass: {declarer} (dealer) penetro against all three; puesta"),
    ("penetro", "codillo"): N_("All pass: {declarer} (dealer) penetro against all three; "
                               "codillo; {winner} is the winner"),
    ("penetro, one out", "sacado"): N_("All pass: {declarer} (dealer) penetro, {drops} drops out; wins"),
    ("penetro, one out", "puesta"): N_("All pass: {declarer} (dealer) penetro, {drops} drops out; puesta"),
    ("penetro, one out", "codillo"): N_("All pass: {declarer} (dealer) penetro, {drops} drops out; "
                                        "codillo; {winner} is the winner"),
    ("surrendered", "puesta"): N_("{declarer}, {contract}, surrenders (puesta)"),
    ("penetro surrendered", "puesta"): N_("All pass, nobody holds the espada: {declarer} (dealer) penetro, "
                                          "surrenders on seeing the 10 cards"),
    ("cancelled", "cancelled"): N_("All pass, the espada is in the heap: deal cancelled"),
}


def _how_played(res: HandResult) -> str:
    hand = res.hand
    if res.outcome == "cancelled":
        return "cancelled"
    if res.contract == "penetro":
        if hand.surrender is not None:
            return "penetro surrendered"
        return "penetro" if hand.drops_out is None else "penetro, one out"
    if res.new_declarer is not None:
        return "taken over"
    return "surrendered" if hand.surrender is not None else "played"


def hand_event(res: HandResult) -> str:
    """One line saying what was played and how it ended."""
    template = _(_EVENTS[_how_played(res), res.outcome])
    contract = _contract_phrase(res) if res.contract != "pass" else ""
    return template.format(declarer=res.declarer, contract=contract, new=res.new_declarer, winner=res.winner,
                           drops=res.hand.drops_out)


def in_play_phrase(stake: Stake) -> str:
    """The amount in play with its parts: ``21 (plato 17 + 4)``."""
    if stake.debt is not None:
        return _("{total} (the largest debt, {debt}, + {plato} in the plato)").format(
            total=stake.total, debt=stake.debt.amount, plato=stake.plato)
    if stake.tantos:
        return _("{total} (plato {plato} + {tantos})").format(total=stake.total, plato=stake.plato,
                                                             tantos=stake.tantos)
    return _("{total} (the plato)").format(total=stake.total)


def hand_comment(res: HandResult, players: Sequence[str]) -> str:
    """Why the tokens moved, in a sentence or three."""
    if res.outcome == "cancelled":
        return _("Nobody plays: the deal passes on and the plato waits for the next hand.")
    if res.new_declarer is not None:
        lead = _takeover_sentences(res, players)
    elif res.outcome == "sacado":
        lead = _won_sentences(res, players)
    else:
        lead = _lost_sentences(res)
    return _sentences(*lead, _paid_out_sentence(res))


def _takeover_sentences(res: HandResult, players: Sequence[str]) -> list[str]:
    extra = _per_player([t for t in res.transfers if t.target == res.new_declarer and t.reason != Reason.GAVE_UP],
                        players)
    v = {"declarer": res.declarer, "new": res.new_declarer, "in_play": in_play_phrase(res.stake),
         "amount": res.in_play, "winner": res.winner, "extra": extra}
    out = [_("{declarer} gave up and {new} took over (yo sigo).")]
    if res.outcome == "sacado":
        out.append(_("{declarer} pays {new} the amount in play, {in_play}; the plato and the paper stay as they are."))
        if extra:
            out.append(_("{new} also receives {extra}."))
    elif len(res.puestas) == 1:
        out.append(_("{declarer} owes the puesta, {in_play}, into the plato; "
                     "{new}'s codillo is paid to the winner only.")
                   if res.puesta_to == "plato" else
                   _("{declarer} owes the puesta, {in_play}, as a new debt on the paper; "
                     "{new}'s codillo is paid to the winner only."))
    else:
        out.append(_("Twin puestas: {declarer} and {new} each owe {in_play} into the plato.")
                   if res.puesta_to == "plato" else
                   _("Twin puestas: {declarer} and {new} each owe {in_play} as a new debt on the paper."))
    if res.outcome == "codillo":
        out.append(_("{new} also pays {amount} to {winner}, who made codillo."))
    return [s.format(**v) for s in out]


def _won_sentences(res: HandResult, players: Sequence[str]) -> list[str]:
    playing = res.playing
    take = [t for t in res.transfers if t.target == playing]
    plato = sum(t.amount for t in take if t.source == PLATO)
    per = _per_player(take, players)
    if plato and per:
        text = _("{playing} takes the plato ({plato}) and {per}.")
    elif plato:
        text = _("{playing} takes the plato ({plato}).")
    elif per:
        text = _("{playing} wins (the plato is empty) and {per}.")
    else:
        text = _("{playing} wins (the plato is empty).")
    out = [text.format(playing=playing, plato=plato, per=per)]
    debt = res.played_debt
    if debt is not None and debt.player == playing:
        out.append(_("{playing}'s own largest debt ({amount}) is crossed out.").format(playing=playing,
                                                                                      amount=debt.amount))
    elif debt is not None:
        out.append(_("{debtor} pays the reserved puesta of {amount}, which is crossed out.").format(
            debtor=debt.player, amount=debt.amount))
    return out


def _lost_sentences(res: HandResult) -> list[str]:
    v = {"playing": res.playing, "in_play": in_play_phrase(res.stake), "amount": res.in_play, "winner": res.winner}
    out = []
    if res.hand.surrender is not None:
        out.append(_("{playing} surrenders: the result is puesta."))
    if not res.puestas:
        # the old codillo: nothing to the plato or the paper
        out.append(_("{playing} pays the amount in play, {in_play}, to {winner} only, who made codillo."))
    elif res.puesta_to == "plato":
        out.append(_("{playing} pays the amount in play, {in_play}, into the plato."))
    else:
        out.append(_("A debt of {in_play} is written against {playing} on the paper."))
    if res.outcome == "codillo" and res.puestas:
        out.append(_("{playing} also pays {amount} to {winner}, who made codillo."))
    return [s.format(**v) for s in out]


#: payments of the puesta system itself (not condiciones a declarer pays out)
_SYSTEM = frozenset({Reason.PUESTA, Reason.CODILLO, Reason.GAVE_UP, Reason.RESERVED})
_DISHES = (PLATO, PAPER, PAJARITOS)


def _paid_out_sentence(res: HandResult) -> str:
    """The condiciones the (original) declarer pays each player."""
    by_reason: dict[Reason, int] = {}
    for t in res.transfers:
        if t.source == res.declarer and t.target not in _DISHES and t.reason not in _SYSTEM:
            by_reason.setdefault(t.reason, t.amount)
    if not by_reason:
        return ""
    items = [_paid_item(r, a) for r, a in by_reason.items()]
    won = res.outcome == "sacado" and res.new_declarer is None
    if len(items) == 1:
        text = _("But {declarer} pays each player {items}.") if won else _("{declarer} pays each player {items}.")
    else:
        text = (_("But {declarer} pays each player {total}: {items}.") if won
                else _("{declarer} pays each player {total}: {items}."))
    return text.format(declarer=res.declarer, total=sum(by_reason.values()), items=names(items))


def _paid_item(reason: Reason, amount: int) -> str:
    if reason == Reason.BOLA:
        return _("{amount} for the failed bola").format(amount=amount)
    return _("{amount} for {what}").format(amount=amount, what=reason_term(reason))


def _per_player(take: list[Transfer], players: Sequence[str]) -> str:
    """'3 from each player: 1 for …, 1 for …' from the payments players made to the winner."""
    by_payer: dict[str, dict[Reason, int]] = {}
    for t in take:
        if t.source in _DISHES or t.reason == Reason.RESERVED:
            continue
        reasons = by_payer.setdefault(t.source, {})
        reasons[t.reason] = reasons.get(t.reason, 0) + t.amount
    if not by_payer:
        return ""
    shapes = {tuple(sorted(v.items())) for v in by_payer.values()}
    if len(shapes) == 1 and len(by_payer) == len(players) - 1:
        reasons = next(iter(by_payer.values()))
        total = sum(reasons.values())
        if len(reasons) == 1:
            return _("{total} from each player for {what}").format(total=total, what=reason_term(next(iter(reasons))))
        items = [_("{amount} for {what}").format(amount=a, what=reason_term(r)) for r, a in reasons.items()]
        return _("{total} from each player: {items}").format(total=total, items=names(items))
    return names([_("{amount} from {player}").format(amount=sum(v.values()), player=p) for p, v in by_payer.items()])


# -------------------------------------------------- a hand, French points


def _points_head(res: HandResult) -> str:
    contract = points_contract_term(res.contract)
    if res.favoured:
        return _("{contract} in the favoured suit ({trump})").format(contract=contract, trump=res.hand.trump)
    return contract


def _points_outcome(res: HandResult, who: str | None) -> str:
    if res.outcome == "sacado":
        return _("{who} wins").format(who=who)
    if res.outcome == "codillo" and res.winner:
        return _("codillo ({winner})").format(winner=res.winner)
    if res.outcome == "codillo":
        return _("codillo to both")
    return _("puesta")


def points_event(res: HandResult) -> str:
    if res.outcome == "cancelled":
        return _("All pass: deal cancelled")
    hand = res.hand
    v = {"declarer": res.declarer, "contract": _points_head(res), "new": res.new_declarer}
    if hand.surrender is not None and res.new_declarer is None:
        return _("{declarer}, {contract}, surrenders (puesta)").format(**v)
    if res.new_declarer is not None:
        return _("{declarer}, {contract}, gives up; {new} defends; {outcome}").format(
            outcome=_points_outcome(res, res.new_declarer), **v)
    outcome = _points_outcome(res, res.declarer)
    if hand.bola == "won":
        text = _("{declarer}, {contract} chelem: {outcome}")
    elif hand.bola == "failed":
        text = _("{declarer}, {contract} tries the chelem and loses a trick: {outcome}")
    elif hand.primeras:
        text = _("{declarer}, {contract} first five and stops: {outcome}")
    else:
        text = _("{declarer}, {contract}: {outcome}")
    return text.format(outcome=outcome, **v)


def points_comment(res: HandResult) -> str:
    """Who paid whom and why, from the hand's transfers."""
    if res.outcome == "cancelled":
        void = _("The dealer's bet is void.") if res.bet is not None else ""
        return _sentences(_("Nobody plays; the deal passes on."), void)
    parts = [_points_payment(res, reason) for reason in _POINTS_ORDER]
    saved = res.new_declarer is not None and res.outcome == "puesta" and not any(
        t.reason == Reason.SURRENDER for t in res.transfers)
    if saved:
        parts.append(_("{new} made fewer tricks than {declarer}, who is saved from the puesta.").format(
            new=res.new_declarer, declarer=res.declarer))
    parts.append(_bet_sentence(res))
    return _sentences(*parts) or _("No points change hands.")


_POINTS_ORDER = (Reason.GAVE_UP, Reason.SURRENDER, Reason.WIN, Reason.PUESTA, Reason.CODILLO)


def _points_payment(res: HandResult, reason: Reason) -> str:
    moves = [t for t in res.transfers if t.reason == reason]
    if not moves:
        return ""
    payers = list(dict.fromkeys(t.source for t in moves))
    payees = list(dict.fromkeys(t.target for t in moves))
    value = res.in_play
    v: dict[str, Any] = {"payer": payers[0], "payers": names(payers), "payee": payees[0], "payees": names(payees),
                         "amount": moves[0].amount, "value": value}
    if reason == Reason.WIN:
        name = points_paid_for(res.contract, res.hand.bola == "won")
        return ngettext("{payers} pays {payee} {amount} each for {name}.",
                        "{payers} pay {payee} {amount} each for {name}.", len(payers)).format(name=name, **v)
    if reason == Reason.SURRENDER:
        return _("{payer} gave up: the puesta of {value} is shared, {amount} to each of {payees} "
                 "(rounded down).").format(**v)
    if reason == Reason.GAVE_UP:
        return _("{payee} defended and won: {payer} pays {payee} the puesta, {amount}.").format(**v)
    if reason == Reason.PUESTA:
        return _("{payer} pays {amount} to {payees} (puesta: a tie for the most tricks).").format(**v)
    return _("{payer} pays {amount} ({value} × {factor}) to {payees} (codillo: more tricks than {payer}).").format(
        factor=moves[0].amount // value if value else 0, **v)


def _bet_sentence(res: HandResult) -> str:
    bet = res.bet
    if bet is None:
        return ""
    v: dict[str, Any] = {"dealer": res.dealer, "bet": bet.bet, "actual": bet.actual, "stake": bet.stake}
    if bet.verdict == "void":
        return _("The dealer's bet ({bet}) is void on a chelem.").format(**v)
    if bet.verdict == "nothing":
        return _("The dealer's bet ({bet}) moves nothing.").format(**v)
    first = bet.transfers[0]
    if bet.verdict == "wrong":
        return _("{dealer} bet {bet} but it was {actual}: {dealer} pays the stake, {stake}, to {taker}, "
                 "who gained most.").format(taker=first.target, **v)
    payers = [t.source for t in bet.transfers]
    return ngettext("{dealer} bet {bet} and was right: {payers} pays {dealer} {amount}.",
                    "{dealer} bet {bet} and was right: {payers} pay {dealer} {amount} each.",
                    len(payers)).format(payers=names(payers), amount=first.amount, **v)


# ------------------------------------------------------ the table screen


def dealer_action(up: Upcoming, rules: Ruleset) -> str:
    """What the next dealer must do right now, as an instruction."""
    if up.stake.case == "none":
        deal = _("Deal. Nothing goes into a plato under French scoring.")
        predict = _("At four players you may write your prediction (J, P or C).")
        # the dealer sits the hand out (four at the table) and may bet
        return _sentences(deal, predict if up.dealer not in up.active and rules.dealer_bet else "")
    if up.moves_pajarito:
        text = ngettext("Move a pajarito ({pajarito}) to the plato and add {ante} tanto.",
                        "Move a pajarito ({pajarito}) to the plato and add {ante} tantos.", rules.ante)
    else:
        text = ngettext("Add {ante} tanto to the plato.", "Add {ante} tantos to the plato.", rules.ante)
    refill = _("The pajaritos dish is then empty: everyone puts in a pajarito ({pajarito}).")
    return _sentences(text, refill if up.refills_pajaritos else "").format(pajarito=rules.pajarito, ante=rules.ante)


def stake_parts(stake: Stake) -> str:
    """Where the amount in play comes from, under the big number: ``plato 6 + 4``."""
    if stake.case == "none":
        return ""
    if stake.debt is not None:
        return _("{player}'s debt {amount} + plato {plato}").format(player=stake.debt.player,
                                                                    amount=stake.debt.amount, plato=stake.plato)
    if stake.tantos:
        return _("plato {plato} + {tantos}").format(plato=stake.plato, tantos=stake.tantos)
    return _("plato {plato}").format(plato=stake.plato)


def preview_summary(res: HandResult) -> str:
    """The hand form's preview line: how the hand ends and what is in play."""
    return {
        "sacado": _("wins · {in_play} in play"),
        "puesta": _("puesta · {in_play} in play"),
        "codillo": _("codillo — {winner} wins it · {in_play} in play"),
        "cancelled": _("deal cancelled · {in_play} in play"),
    }[res.outcome].format(winner=res.winner, in_play=res.in_play)


@dataclass(frozen=True)
class MoveWords:
    """One line of what to do with the tokens after a hand, and the payments it nets.

    ``text`` is the net move between two parties (``East gives North 4``);
    ``reasons`` the payments behind it, one line each, shown on demand; the
    move as data is ``amount`` from ``source`` to ``target`` (0 when even).
    """

    text: str
    reasons: tuple[str, ...]
    source: str
    target: str
    amount: int

    def __str__(self) -> str:
        return self.text


#: a payment's reason as a short label (translated when said: one label, not the whole table, per payment)
_REASON_LABELS = {
    Reason.PAJARITO: N_("pajarito"), Reason.ANTE: N_("ante"), Reason.REFILL: N_("refill"),
    Reason.PLATO: N_("plato"), Reason.TANTO: N_("tanto"), Reason.RESERVED: N_("reserved puesta"),
    Reason.CROSSED: N_("crossed out"), Reason.PUESTA: N_("puesta"), Reason.CODILLO: N_("codillo"),
    Reason.GAVE_UP: N_("gave up"), Reason.ENTRADA: N_("entrada"), Reason.VUELTA: N_("vuelta"),
    Reason.SOLO: N_("solo"), Reason.PENETRO: N_("penetro"), Reason.ESTUCHE: N_("estuche"),
    Reason.CONTRA_ESTUCHE: N_("contra-estuche"), Reason.PRIMERAS: N_("primeras"), Reason.BOLA: N_("bola"),
    Reason.ROUNDING: N_("rounding"), Reason.WIN: N_("win"), Reason.SURRENDER: N_("surrender"),
    Reason.BET: N_("bet"),
}


def reason_label(reason: Reason | str) -> str:
    """A payment's reason as a short label: ``solo``, ``tanto``, ``reserved puesta``."""
    label = _REASON_LABELS.get(Reason(reason))
    return _(label) if label is not None else str(reason)


def _pair(t: Transfer) -> tuple[str, str]:
    """The two parties a transfer is netted between, in either direction.

    Writing on the paper and crossing out are never netted against each other.
    """
    if PAPER in (t.source, t.target):
        return (t.source, t.target)
    a, b = sorted((t.source, t.target))
    return (a, b)


def _net_move(transfers: Sequence[Transfer]) -> MoveWords:
    """The payments between one pair of parties in a hand, as the single move that settles them."""
    a, b = transfers[0].source, transfers[0].target
    net = sum(t.amount if t.source == a else -t.amount for t in transfers)
    if net < 0:
        a, b, net = b, a, -net
    reasons = tuple(
        _("{reason}: {move}").format(reason=reason_label(t.reason), move=_move(t.source, t.target, t.amount))
        for t in transfers
    )
    text = _move(a, b, net) if net else _("{src} and {dst} are even").format(src=a, dst=b)
    return MoveWords(text, reasons, a, b, net)


def token_moves(transfers: Sequence[Transfer]) -> tuple[MoveWords, ...]:
    """The token moves to make at the table: one line per pair of parties, netted.

    >>> from scorekeeper.games.tresillo.engine import Transfer, Reason
    >>> moves = token_moves((Transfer("E", "S", 1, Reason.TANTO), Transfer("E", "S", 2, Reason.SOLO),
    ...                      Transfer("S", "E", 8, Reason.BOLA), Transfer("S", "paper", 21, Reason.PUESTA)))
    >>> [str(m) for m in moves]
    ['S gives E 5', 'S: 21 written on the paper']
    >>> moves[0].reasons
    ('tanto: E gives S 1', 'solo: E gives S 2', 'bola: S gives E 8')
    """
    pairs: dict[tuple[str, str], list[Transfer]] = {}
    for t in transfers:
        pairs.setdefault(_pair(t), []).append(t)
    return tuple(_net_move(ts) for ts in pairs.values())


#: a token move in words, by who gives (a player or a dish) and who receives
_MOVES = {
    ("player", PAPER): N_("{src}: {amount} written on the paper"),
    (PAPER, "player"): N_("{dst}: debt of {amount} crossed out"),
    (PLATO, "player"): N_("{dst} takes {amount} from the plato"),
    (PAJARITOS, PLATO): N_("A pajarito ({amount}) goes from the pajaritos dish to the plato"),
    (PAJARITOS, "player"): N_("A pajarito ({amount}) goes from the pajaritos dish to {dst}"),
    ("player", PLATO): N_("{src} puts {amount} in the plato"),
    ("player", PAJARITOS): N_("{src} puts {amount} in the pajaritos dish"),
    ("player", POT): N_("{src} puts {amount} in the pot"),
    ("player", "player"): N_("{src} gives {dst} {amount}"),
}


def _move(src: str, dst: str, amount: int) -> str:
    key = (src if src in PARTIES else "player", dst if dst in PARTIES else "player")
    return _(_MOVES[key]).format(src=src, dst=dst, amount=amount)


# ------------------------------------------------------- the settlement


def settlement_comment(st: Settlement) -> str:
    """How the dishes (and the paper) are shared out at the end."""
    if st.scoring == "points":
        return _("Points changed hands directly: there is nothing to share out.")
    sources = []
    if st.pajaritos:
        sources.append(_("the pajaritos dish ({amount})").format(amount=st.pajaritos))
    if st.plato:
        sources.append(_("the plato ({amount})").format(amount=st.plato))
    for p, a in st.paper_paid.items():
        sources.append(_("{player}'s reserved puestas ({amount})").format(player=p, amount=a))
    pot = (ngettext("{pot} tanto is shared out: {sources}.", "{pot} tantos are shared out: {sources}.", st.pot)
           if sources else ngettext("{pot} tanto is shared out.", "{pot} tantos are shared out.", st.pot))
    odd = len(st.remainder_to)
    if not odd:
        each = _("{share} each.")
    else:
        each = ngettext("{share} each, and the odd one to {names} (lowest bowl).",
                        "{share} each, and the odd {odd} to {names} (lowest bowl).", odd)
    kept = ""
    if st.paper_mode == "keep" and st.kept_paper:
        debts = "; ".join(_("{player} {amount}").format(player=d.player, amount=d.amount) for d in st.kept_paper)
        kept = _("The paper is kept for the next session: {debts}.").format(debts=debts)
    return _sentences(pot.format(pot=st.pot, sources=names(sources)),
                      each.format(share=st.share, odd=odd, names=names(st.remainder_to)), kept)


def settlement_heading(comment: str) -> str:
    return _("Settlement: {comment}").format(comment=comment)


def settlement_line(player: str, tantos: int, net: str, money: str) -> str:
    """A player's line of the plain-text settlement: ``North: 179 tantos, net +19, money +190.00 ESP``."""
    return ngettext("{player}: {tantos} tanto, net {net}, money {money}",
                    "{player}: {tantos} tantos, net {net}, money {money}", tantos).format(
        player=player, tantos=tantos, net=net, money=money)


def payment_line(t: MoneyTransfer, amount: str) -> str:
    """One money payment of the settlement: ``West pays North 1.20 €``."""
    return _("{payer} pays {payee} {amount}").format(payer=t.source, payee=t.target, amount=amount)


# ------------------------------------------------ the rules and options


def rule_terms(rules: Ruleset, setup: Setup) -> tuple[tuple[str, str], ...]:
    """The ruleset's figures in words, so a printed report says what was played."""
    terms: list[tuple[str, str]] = []
    if rules.condiciones:
        conds = ", ".join(_("{name} {amount}").format(name=k, amount=v) for k, v in rules.condiciones.items())
        terms.append((_("Condiciones (per player)"), conds))
    tanto = str(rules.table_tanto) if rules.table_tanto else _("none (the plato alone is in play)")
    terms.append((_("Puesta tanto per player"), tanto))
    terms.append((_("Pajarito"), ngettext("{n} tanto", "{n} tantos", rules.pajarito).format(n=rules.pajarito)))
    terms.append((_("Start"), ngettext("{n} tanto each", "{n} tantos each", setup.start_tokens).format(
        n=setup.start_tokens)))
    paper = _("paid into the pot and shared out") if setup.end_paper == "settle" else _("kept for the next session")
    terms.append((_("Paper at the end"), paper))
    return tuple(terms)


def option_words(options: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The options in force, as (label, value) pairs for a report header.

    >>> option_words({"palo_de_favor": "oros", "scale": 5, "condiciones": {"vuelta": 2}})
    [('Palo de favor', 'oros'), ('Scores', '×5'), ('Own condiciones', 'vuelta 2')]
    """
    words = {
        "palo_de_favor": lambda v: (_("Palo de favor"), str(v)),
        "scale": lambda v: (_("Scores"), _("×{scale}").format(scale=v)),
        "codillo": lambda v: (_("Codillo"), _("winner only (old codillo)") if v == "winner_only"
                              else _("puesta and winner")),
        "penetro_four": lambda v: (_("Penetro"), _("with four (nobody drops out)") if v
                                   else _("one player drops out")),
        "condiciones": lambda v: (_("Own condiciones"), ", ".join(
            _("{name} {amount}").format(name=k, amount=a) for k, a in v.items())),
        "ante": lambda v: (_("Dealer's ante"), str(v)),
        "pajarito": lambda v: (_("Pajarito"), str(v)),
        "dealer_bet": lambda v: (_("Dealer's bet"), str(v) if v else _("none")),
    }
    return [words[name](value) for name, value in options.items() if name in words]


# -------------------------------------------------------- the JSON ledger


def ledger_json(ledger: Ledger) -> dict[str, Any]:
    """The ledger as the ``--json`` output: the engine's data, each row's ``event`` and ``comment``
    in words, and the settlement's ``comment``."""
    return {"rows": list(rows_json(ledger)), "settlement": settlement_json(ledger)}


def rows_json(ledger: Ledger) -> Iterator[dict[str, Any]]:
    """The ``rows`` of :func:`ledger_json`, one at a time (``replay --json`` writes each as it comes)."""
    for row, raw in zip(ledger.rows, data_rows_json(ledger), strict=True):
        words = row_words(row)
        out: dict[str, Any] = {}
        for key, value in raw.items():
            out[key] = value
            if key == "hand":
                out["event"] = words.event
            elif key == "paper":
                out["comment"] = words.comment
        yield out


def settlement_json(ledger: Ledger) -> dict[str, Any]:
    """The ``settlement`` of :func:`ledger_json`, with its ``comment``."""
    out = data_settlement_json(ledger)
    out["comment"] = settlement_comment(ledger.settlement)
    return out


# -------------------------------------------------------- the count check


def move_reason(reason: Reason | str) -> str:
    """What a token move was for, as the object of "… for …" (the same glossary as the comments')."""
    return reason_term(reason)


def move_place(kind: str, hand: int | None) -> str:
    """Where in the evening a move was made: the start, a deal, a hand."""
    if kind == "start":
        return _("At the start")
    if kind == "deal":
        return _("The deal of hand {hand}").format(hand=hand)
    return _("Hand {hand}").format(hand=hand)


def move_line(kind: str, hand: int | None, source: str, target: str, amount: int,
              reasons: Sequence[Reason | str]) -> str:
    """One move in full: ``Hand 7: East gives West 23, for the reserved puesta played for``."""
    return _("{place}: {move}, for {what}").format(
        place=move_place(kind, hand), move=_move(source, target, amount),
        what=names([move_reason(r) for r in reasons]))


def count_gap(difference: Mapping[str, int]) -> tuple[str, ...]:
    """How the count differs from the ledger, one line a party: ``East: 23 tokens more than the app says``."""
    lines = []
    for party, d in difference.items():
        who = {PLATO: _("The plato"), PAJARITOS: _("The pajaritos dish")}.get(party, party)
        if d > 0:
            text = ngettext("{who}: {n} token more than the app says", "{who}: {n} tokens more than the app says", d)
        else:
            text = ngettext("{who}: {n} token fewer than the app says",
                            "{who}: {n} tokens fewer than the app says", -d)
        lines.append(text.format(who=who, n=abs(d)))
    return tuple(lines)


def count_verdict(verdict: str, extra: int, moves: int) -> str:
    """The count check's answer in one sentence."""
    if verdict == "right":
        return _("The count matches: every bowl, the plato and the dish are as the app says.")
    if verdict == "tokens":
        more = ngettext("There is {n} token more on the table than there should be",
                        "There are {n} tokens more on the table than there should be", extra)
        fewer = ngettext("There is {n} token fewer on the table than there should be",
                         "There are {n} tokens fewer on the table than there should be", -extra)
        return (more if extra > 0 else fewer).format(n=abs(extra)) + _(
            ": tokens were added or lost (or miscounted), which no move between the bowls explains.")
    if verdict == "missed":
        return ngettext("This move was never made at the table:",
                        "One of these moves was never made at the table (the most likely first):", moves)
    if verdict == "doubled":
        return ngettext("This move was made twice:",
                        "One of these moves was made twice (the most likely first):", moves)
    return _("No single move explains the difference: recount, or look for more than one mistake.")

# -------------------------------------------------------- the change log


def hand_words(h: Mapping[str, Any]) -> str:
    """A stored hand in a line: ``vuelta by South · tricks West 2, South 5, East 2 · estuche · dealt by North``."""
    tricks = h.get("tricks")
    parts = [_head(h), _("tricks {split}").format(split=_split(tricks)) if isinstance(tricks, Mapping) and tricks
             else "", _ended(h), _surrender(h)]
    for flag, word in (("forced", N_("forced")), ("estuche", "estuche"), ("contra_estuche", "contra-estuche"),
                       ("primeras", "primeras")):
        v = h.get(flag)
        if v:
            parts.append(f"{_(word)} {v}" if isinstance(v, int) and not isinstance(v, bool) else _(word))
    parts.append(_bola(h) if h.get("bola") else "")
    for key, said in (("drops_out", N_("drops out: {value}")), ("debt", N_("for the debt of {value}")),
                      ("trump", N_("trumps {value}"))):
        if h.get(key):
            parts.append(_(said).format(value=h[key]))
    parts.append(_bet(h) if h.get("bet") else "")
    if h.get("dealer"):
        parts.append(_("dealt by {dealer}").format(dealer=h["dealer"]))
    if h.get("seating"):
        parts.append(_("seating {players}").format(players=", ".join(map(str, h["seating"]))))
    return " · ".join(p for p in parts if p)


def _head(h: Mapping[str, Any]) -> str:
    """The contract and who played it: ``vuelta by South``, or ``all pass``."""
    contract = h.get("contract")
    if contract == "pass":
        return _("all pass")
    who = h.get("declarer") or (h.get("dealer") if contract == "penetro" else None)  # the dealer's penetro
    return _("{contract} by {player}").format(contract=contract, player=who) if who else str(contract)


def _split(tricks: Mapping[str, Any]) -> str:
    return ", ".join(f"{p} {n}" for p, n in tricks.items())


#: how a hand entered without its tricks ended (``"outcome"``; a codillo names its maker, ``"winner"``)
ENDED = {"sacado": N_("won (sacado)"), "puesta": N_("puesta"), "codillo": N_("codillo")}


def _ended(h: Mapping[str, Any]) -> str:
    """How the hand ended, when it was entered that way: ``codillo, made by North``."""
    outcome = h.get("outcome")
    if outcome == "codillo" and h.get("winner"):
        return _("codillo, made by {winner}").format(winner=h["winner"])
    return _(ENDED[outcome]) if outcome in ENDED else ""


def _surrender(h: Mapping[str, Any]) -> str:
    sur = h.get("surrender")
    if not isinstance(sur, Mapping):
        return ""
    return _("surrendered, taken over by {player}").format(player=sur["takeover"]) if sur.get("takeover") \
        else _("surrendered")


def _bola(h: Mapping[str, Any]) -> str:
    said = {"won": N_("bola won"), "failed": N_("bola failed")}.get(str(h.get("bola")))
    return _(said) if said else _("bola {value}").format(value=h.get("bola"))


def _bet(h: Mapping[str, Any]) -> str:
    return _("bet {value} ({meaning})").format(value=h["bet"], meaning=bet_term(str(h["bet"])))


#: a field of a stored hand in words ('' when the hand does not give it)
Words = Callable[[Mapping[str, Any]], str]


def _flag(key: str) -> Words:
    """The words of a condición a hand may claim (``True``, or a count of top trumps): '' when not claimed."""
    def said(h: Mapping[str, Any]) -> str:
        v = h.get(key)
        if not v:
            return ""
        return _("yes") if v is True else str(v)
    return said


def _plain(key: str) -> Words:
    return lambda h: str(h[key]) if h.get(key) else ""


#: every field of a stored hand, in the order a hand is told: its label in the History and its words
FIELDS: tuple[tuple[str, Words], ...] = (
    (N_("contract"), lambda h: str(h.get("contract") or "")),
    (N_("declarer"), _plain("declarer")),
    (N_("tricks"), lambda h: _split(h["tricks"]) if isinstance(h.get("tricks"), Mapping) and h["tricks"] else ""),
    (N_("surrender"), _surrender),
    (N_("how it ended"), _ended),
    (N_("forced entrada"), _flag("forced")),
    (N_("estuche"), _flag("estuche")),
    (N_("contra-estuche"), _flag("contra_estuche")),
    (N_("primeras"), _flag("primeras")),
    (N_("bola"), lambda h: _bola(h) if h.get("bola") else ""),
    (N_("drops out"), _plain("drops_out")),
    (N_("debt played for"), _plain("debt")),
    (N_("trumps"), _plain("trump")),
    (N_("dealer's bet"), lambda h: _bet(h) if h.get("bet") else ""),
    (N_("dealer"), _plain("dealer")),
    (N_("seating"), lambda h: ", ".join(map(str, h["seating"])) if h.get("seating") else ""),
)


def hand_changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """What a fix changed, field by field: ``how it ended: puesta → codillo, made by North``.

    Every field of the stored hand is compared by its words, so a hand entered by how it ended reads
    differently before and after a fix of its outcome; a field given on one side only reads "not given"
    on the other.
    """
    out = []
    for label, words in FIELDS:
        was, now_ = words(before), words(after)
        if was != now_:
            out.append(_("{field}: {before} → {after}").format(
                field=_(label), before=was or _("not given"), after=now_ or _("not given")))
    return out
