"""The session file (``tresillo-session/1``): read, write, and the ledger as JSON.

Reading checks the *shape* of the file (types, names, required fields);
the rules themselves are checked by the replay. Both report a
:class:`FieldError` naming the hand and the field.

>>> s = load_session({"format": "tresillo-session/1", "rules": "pagat",
...     "players": ["A", "B", "C"], "first_dealer": "A", "hands": []})
>>> s.setup.players, str(s.setup.tanto_value)
(('A', 'B', 'C'), '0.10')
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any, Literal, cast

from .errors import FieldError, SessionError
from .model import (
    NO_OPTIONS,
    Bet,
    Dealt,
    Hand,
    HandResult,
    Ledger,
    Options,
    PaperDebt,
    Row,
    Session,
    Setup,
    Stake,
    Started,
    Surrender,
)
from .options import SUITS
from .rules import CONTRACTS, DEAL_FIELDS, HAND_FIELDS, RULESETS

FORMAT = "tresillo-session/1"



def _err(hand: int | None, field: str, message: str) -> SessionError:
    return SessionError(FieldError(hand, field, message))


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _name(v: Any, hand: int | None, field: str, players: tuple[str, ...]) -> str | None:
    if v is None:
        return None
    if not isinstance(v, str) or v not in players:
        raise _err(hand, field, f"{v!r} is not one of the players ({', '.join(players)})")
    return v


def _flag(d: Mapping[str, Any], key: str, hand: int) -> bool:
    v = d.get(key, False)
    if v is None:
        return False
    if not isinstance(v, bool):
        raise _err(hand, key, "must be true or false")
    return v


def _count(d: Mapping[str, Any], key: str, hand: int) -> bool | int:
    """Estuche / contra-estuche: true/false, or (scores ×5) the count of top trumps in sequence."""
    v = d.get(key, False)
    if v is None:
        return False
    if isinstance(v, bool):
        return v
    if not _is_int(v) or not (v == 0 or 3 <= v <= 12):
        raise _err(hand, key, "true/false, or how many top trumps in sequence (3 or more)")
    return int(v) if v else False


def load_hand(d: Any, number: int, players: tuple[str, ...]) -> Hand:
    """One hand object of the session file; ``number`` is 1-based."""
    if not isinstance(d, Mapping):
        raise _err(number, "hand", "each hand must be an object")
    unknown = [k for k in d if k not in HAND_FIELDS and k not in DEAL_FIELDS]
    if unknown:
        known = ", ".join((*HAND_FIELDS, *DEAL_FIELDS))
        raise _err(number, str(unknown[0]), f"not a field of a hand (the fields: {known})")
    contract = d.get("contract")
    if contract not in CONTRACTS:
        raise _err(number, "contract", f"unknown contract {contract!r} (one of: {', '.join(CONTRACTS)})")
    bola = d.get("bola")
    if bola not in (None, "won", "failed"):
        raise _err(number, "bola", "bola is 'won', 'failed' or left out")
    return Hand(
        contract=contract,
        declarer=_name(d.get("declarer"), number, "declarer", players),
        forced=_flag(d, "forced", number),
        tricks=_tricks(d.get("tricks"), number, players),
        estuche=_count(d, "estuche", number),
        contra_estuche=_count(d, "contra_estuche", number),
        primeras=_flag(d, "primeras", number),
        bola=bola,
        surrender=_surrender(d.get("surrender"), number, players),
        drops_out=_name(d.get("drops_out"), number, "drops_out", players),
        debt=_name(d.get("debt"), number, "debt", players),
        trump=_choice(d.get("trump"), number, "trump", SUITS, "a suit"),
        bet=cast(Bet | None, _choice(d.get("bet"), number, "bet", ("J", "P", "C"), "the dealer's prediction")),
        dealer=_name(d.get("dealer"), number, "dealer", players),
        seating=_seating(d.get("seating"), number, players),
    )


def _seating(v: Any, number: int, players: tuple[str, ...]) -> tuple[str, ...] | None:
    """A new seating from this hand on: every player once, in the order the deal goes round."""
    if v is None:
        return None
    if not isinstance(v, list) or len(v) != len(players) or not all(isinstance(p, str) for p in v) \
            or sorted(v) != sorted(players):
        raise _err(number, "seating", f"give each of {', '.join(players)} once, in the order the deal goes round")
    return tuple(v)


def _tricks(tricks: Any, number: int, players: tuple[str, ...]) -> dict[str, int] | None:
    """{player: count}: whole numbers for players of this session (the replay checks the rest)."""
    if tricks is None:
        return None
    if not isinstance(tricks, Mapping):
        raise _err(number, "tricks", "give the tricks as {player: count}")
    for p, c in tricks.items():
        if p not in players:
            raise _err(number, "tricks", f"{p!r} is not one of the players")
        if not _is_int(c) or c < 0:
            raise _err(number, "tricks", f"{p}'s tricks must be a whole number, 0 or more")
    return dict(tricks)


def _surrender(raw: Any, number: int, players: tuple[str, ...]) -> Surrender | None:
    """``{"takeover": player or null}`` (``true`` means an accepted surrender)."""
    if raw is None:
        return None
    if raw is True:
        raw = {}
    if not isinstance(raw, Mapping):
        raise _err(number, "surrender", 'give the surrender as {"takeover": player or null}')
    return Surrender(_name(raw.get("takeover"), number, "surrender.takeover", players))


def _choice(v: Any, hand: int, field: str, allowed: tuple[str, ...], what: str) -> str | None:
    if v is None:
        return None
    for choice in allowed:
        if v == choice:
            return choice
    raise _err(hand, field, f"{v!r} is not {what} (one of: {', '.join(allowed)})")


def load_setup(d: Mapping[str, Any]) -> Setup:
    """The setup part of a session file: format, rules, players, tokens, paper, end, options."""
    if not isinstance(d, Mapping):
        raise _err(None, "format", "a session file is a JSON object")
    if d.get("format", FORMAT) != FORMAT:
        raise _err(None, "format", f"expected {FORMAT!r}, got {d.get('format')!r}")
    rules = d.get("rules", "pagat")
    if rules not in RULESETS:
        raise _err(None, "rules", f"unknown ruleset {rules!r} (known: {', '.join(sorted(RULESETS))})")
    players = _players(d.get("players"))
    first = d.get("first_dealer", players[0])
    if first not in players:
        raise _err(None, "first_dealer", f"{first!r} is not one of the players")
    start = d.get("start_tokens", 160)
    if not _is_int(start) or start < 5:
        raise _err(None, "start_tokens", "must be a whole number of tantos, at least a pajarito")
    currency = d.get("currency", "EUR")
    if not isinstance(currency, str) or len(currency) > 8:
        raise _err(None, "currency", "a short currency name such as EUR")
    return Setup(
        players=players,
        first_dealer=first,
        rules=rules,
        start_tokens=start,
        tanto_value=_tanto_value(d.get("tanto_value", "0.10")),
        currency=currency,
        paper=_paper(d.get("paper") or [], players),
        end_paper=_end_paper(d.get("end") or {}),
        options=_options(d.get("options"), rules),
    )


def _players(players: Any) -> tuple[str, ...]:
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise _err(None, "players", "give the players as a list of names in seating order")
    names = tuple(p.strip() for p in players)
    if len(set(names)) != len(names):
        dup = next(p for p in names if names.count(p) > 1)
        raise _err(None, "players", f"{dup} is listed twice")
    if not 3 <= len(names) <= 4:
        raise _err(None, "players", f"Tresillo is played by 3 or 4, not {len(names)}")
    return names


def _tanto_value(raw: Any) -> Decimal:
    try:
        value = Decimal(str(raw))
        if not value.is_finite() or value < 0:
            raise InvalidOperation
    except (InvalidOperation, ValueError):
        raise _err(None, "tanto_value", "must be a decimal number such as \"0.10\"") from None
    return value


def _paper(raw: Any, players: tuple[str, ...]) -> tuple[PaperDebt, ...]:
    """The reserved puestas carried in: [{player, amount}, ...]."""
    if not isinstance(raw, list):
        raise _err(None, "paper", "give the paper as a list of {player, amount}")
    paper = []
    for i, item in enumerate(raw):
        if not isinstance(item, Mapping):
            raise _err(None, f"paper[{i}]", "each debt is {player, amount}")
        p = _name(item.get("player"), None, f"paper[{i}].player", players)
        a = item.get("amount")
        if p is None:
            raise _err(None, f"paper[{i}].player", "missing")
        if not isinstance(a, int) or isinstance(a, bool) or a <= 0:
            raise _err(None, f"paper[{i}].amount", "a debt is a whole number of tantos above 0")
        paper.append(PaperDebt(p, a))
    return tuple(paper)


def _end_paper(end: Any) -> Literal["settle", "keep"]:
    if not isinstance(end, Mapping):
        raise _err(None, "end", 'give the end as {"paper": "settle" | "keep"}')
    mode = end.get("paper", "settle")
    if mode not in ("settle", "keep"):
        raise _err(None, "end.paper", "must be 'settle' or 'keep'")
    return cast(Literal["settle", "keep"], mode)


def _options(raw: Any, rules: str) -> Options:
    if raw is None:
        return NO_OPTIONS
    if not isinstance(raw, Mapping):
        raise _err(None, "options", "give the options as an object {name: value}")
    # refuses any unknown or bad option, naming options.<name>
    RULESETS[rules].with_options(raw)
    return Options(raw)


def load_session(d: Any) -> Session:
    """A :class:`Session` from the parsed JSON of a session file."""
    setup = load_setup(d)
    hands = d.get("hands", [])
    if not isinstance(hands, list):
        raise _err(None, "hands", "give the hands as a list")
    return Session(setup, tuple(load_hand(h, i, setup.players) for i, h in enumerate(hands, 1)))


def loads(text: str) -> Session:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _err(None, "format", f"not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    return load_session(data)


def dump_hand(h: Hand) -> dict[str, Any]:
    out: dict[str, Any] = {"contract": h.contract}
    if h.declarer is not None:
        out["declarer"] = h.declarer
    if h.forced:
        out["forced"] = True
    if h.tricks is not None:
        out["tricks"] = dict(h.tricks)
    for flag in ("estuche", "contra_estuche", "primeras"):
        v = getattr(h, flag)
        if v:
            out[flag] = v  # True, or a count of top trumps
    if h.bola is not None:
        out["bola"] = h.bola
    if h.surrender is not None:
        out["surrender"] = {"takeover": h.surrender.takeover}
    if h.drops_out is not None:
        out["drops_out"] = h.drops_out
    if h.debt is not None:
        out["debt"] = h.debt
    if h.trump is not None:
        out["trump"] = h.trump
    if h.bet is not None:
        out["bet"] = h.bet
    return _dump_deal(h, out)


def _dump_deal(h: Hand, out: dict[str, Any]) -> dict[str, Any]:
    """Where the hand was dealt, when recorded: its dealer, and a new seating from it on."""
    if h.dealer is not None:
        out["dealer"] = h.dealer
    if h.seating is not None:
        out["seating"] = list(h.seating)
    return out


def dump_session(s: Session) -> dict[str, Any]:
    st = s.setup
    out: dict[str, Any] = {
        "format": FORMAT,
        "rules": st.rules,
        "players": list(st.players),
        "first_dealer": st.first_dealer,
        "start_tokens": st.start_tokens,
        "tanto_value": str(st.tanto_value),
        "currency": st.currency,
    }
    if st.paper:
        out["paper"] = [{"player": d.player, "amount": d.amount} for d in st.paper]
    out["end"] = {"paper": st.end_paper}
    if st.options:
        out["options"] = st.options.plain() if isinstance(st.options, Options) else dict(st.options)
    out["hands"] = [dump_hand(h) for h in s.hands]
    return out


def stake_json(stake: Stake) -> dict[str, Any]:
    out: dict[str, Any] = {"case": stake.case, "total": stake.total, "plato": stake.plato, "tanto": stake.tanto,
                           "players": stake.players}
    if stake.debt is not None:
        out["debt"] = {"number": stake.debt.number, "player": stake.debt.player, "amount": stake.debt.amount}
    return out


def _started_json(e: Started) -> dict[str, Any]:
    return {"scoring": e.scoring, "start_tokens": e.start_tokens, "pajarito": e.pajarito, "carried": e.carried}


def _dealt_json(e: Dealt) -> dict[str, Any]:
    out: dict[str, Any] = {"scoring": e.scoring, "moves_pajarito": e.moves_pajarito, "refills": e.refills,
                           "pajarito": e.pajarito, "ante": e.ante, "paper_open": e.paper_open}
    if e.bet is not None:
        out.update(bet=e.bet, bet_stake=e.bet_stake)
    return out


def _result_json(r: HandResult) -> dict[str, Any]:
    out: dict[str, Any] = {
        "contract": r.contract, "declarer": r.declarer, "new_declarer": r.new_declarer, "in_play": r.in_play,
        "case": r.case, "outcome": r.outcome, "winner": r.winner, "mano": r.mano, "active": list(r.active),
        "stake": stake_json(r.stake),
    }
    if r.favoured:
        out["favoured"] = True
    if r.puestas:
        out.update(puestas=list(r.puestas), puesta_to=r.puesta_to)
    if r.bet is not None:
        out["bet"] = {"bet": r.bet.bet, "actual": r.bet.actual, "verdict": r.bet.verdict, "stake": r.bet.stake}
    return out


def row_json(row: Row) -> dict[str, Any]:
    """One row as data: the figures after it, its transfers, and what happened (no words:
    :func:`scorekeeper.narration.ledger_json` adds the ``event`` and ``comment`` sentences)."""
    paper = {
        p: [{"amount": d.amount, "crossed": d.crossed} for d in debts]
        for p, debts in row.paper_by_player().items()
        if debts
    }
    out: dict[str, Any] = {
        "index": row.index,
        "kind": row.kind,
        "hand": row.hand,
        "dealer": row.dealer,
        "bowls": row.bowls,
        "plato": row.plato,
        "pajaritos": row.pajaritos,
        "paper": paper,
        "transfers": [
            {"from": t.source, "to": t.target, "amount": t.amount, "reason": str(t.reason)} for t in row.transfers
        ],
    }
    happened = row.happened
    if isinstance(happened, Started):
        out.update(_started_json(happened))
    elif isinstance(happened, Dealt):
        out.update(_dealt_json(happened))
    else:
        out.update(_result_json(happened))
    return out


def ledger_json(ledger: Ledger) -> dict[str, Any]:
    st = ledger.settlement
    return {
        "rows": [row_json(r) for r in ledger.rows],
        "settlement": {
            "paper_mode": st.paper_mode,
            "pot": st.pot,
            "share": st.share,
            "remainder_to": list(st.remainder_to),
            "paper_paid": dict(st.paper_paid),
            "final": dict(st.final),
            "net": dict(st.net),
            "money": {p: str(m) for p, m in st.money.items()},
            "currency": st.currency,
            "transfers": [
                {"from": t.source, "to": t.target, "tantos": t.tantos, "amount": str(t.amount)}
                for t in st.transfers
            ],
            "paper": [{"player": d.player, "amount": d.amount} for d in st.kept_paper],
        },
    }
