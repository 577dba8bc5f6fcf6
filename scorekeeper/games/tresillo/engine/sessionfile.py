"""The session file (``tresillo-session/1``): read, write, and the ledger as JSON.

Reading accepts any JSON value (or the bytes of a file) and returns a
:class:`Session`, or raises :class:`SessionError` naming the hand and the
field — never another exception: a file nested 50,000 deep, a number of
5,000 digits, a lone surrogate, a name of 100,000 letters, a list where a
name belongs are all refusals (the JSON itself is read by the platform's
:mod:`scorekeeper.core.sessionjson`, the same for every format). Every value is checked against its domain
(:mod:`.domains`); a value that is not one of a field's choices is refused,
never read as blank, and an unknown field is refused, never dropped. The
rules themselves are checked by the replay.

>>> s = load_session({"format": "tresillo-session/1", "rules": "pagat",
...     "players": ["A", "B", "C"], "first_dealer": "A", "hands": []})
>>> s.setup.players, str(s.setup.tanto_value)
(('A', 'B', 'C'), '0.10')
>>> loads(b'{"players": ["Jos\\xe9", "B", "C"]}')
Traceback (most recent call last):
...
scorekeeper.core.errors.SessionError: session: format: the file is not UTF-8 (it looks like Latin-1 ...
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import fields, replace
from typing import Any

from ....core import domains
from ....core.domains import OutOfDomain, is_whole
from ....core.errors import N_, SessionError, field_error
from ....core.sessionjson import check_plain, parse_json
from . import domains as limits
from .model import (
    GIVEN_OUTCOMES,
    NO_OPTIONS,
    PARTIES,
    Dealt,
    Hand,
    HandResult,
    Ledger,
    Options,
    PaperDebt,
    PaperWalk,
    Row,
    Session,
    Setup,
    Stake,
    Started,
    Surrender,
    builder,
)
from .options import SUITS
from .rules import CONTRACTS, DEAL_FIELDS, HAND_FIELDS, RULESETS

FORMAT = "tresillo-session/1"
#: a player's name in a session file: never one of the table's parties (the plato, the pot…)
PLAYER_NAME = replace(domains.PLAYER_NAME, reserved=PARTIES)

#: every field a hand object may have (the reading decides which a table reads): rules.HAND_FIELDS, and
#: where it was dealt (rules.DEAL_FIELDS: its dealer, a new seating from it on)
_HAND_FIELDS = frozenset(HAND_FIELDS) | frozenset(DEAL_FIELDS)
#: every top-level field; ``group``, ``title``, ``started`` and ``ended`` are the printed
#: documents' details (scorekeeper.games.tresillo.documents.commands), and ``history`` the log of changes
#: (scorekeeper.services.history), which the engine does not read
SESSION_FIELDS = frozenset({
    "format", "rules", "players", "first_dealer", "start_tokens", "tanto_value", "currency", "paper",
    "end", "options", "hands", "group", "title", "started", "ended", "history",
})
END_FIELDS = frozenset({"paper", "ended"})
#: the numbers among the options, and their domains
_OPTION_AMOUNTS = {"ante": limits.OWN_AMOUNT, "pajarito": limits.PAJARITO, "dealer_bet": limits.OWN_AMOUNT}


def _err(hand: int | None, field: str, template: str, **params: Any) -> SessionError:
    return SessionError(field_error(hand, field, template, **params))


# ---------------------------------------------------------------- the setup


def _unknown(d: Mapping[str, Any], known: frozenset[str], hand: int | None, where: str = "") -> None:
    for key in d:
        if key not in known:
            raise _err(hand, f"{where}{key}", N_("unknown field (known: {items})"), items=', '.join(sorted(known)))


def _players(d: Mapping[str, Any]) -> tuple[str, ...]:
    players = d.get("players")
    if not isinstance(players, list):
        raise _err(None, "players", N_("give the players as a list of names in seating order"))
    if not limits.SEATS.least <= len(players) <= limits.SEATS.most:
        raise _err(None, "players", N_("Tresillo is played by 3 or 4, not {count}"), count=len(players))
    names: list[str] = []
    for i, p in enumerate(players):
        try:
            names.append(PLAYER_NAME.clean(p))
        except OutOfDomain as exc:
            raise SessionError(exc.at(None, f"players[{i}]")) from None
    keys = [domains.name_key(n) for n in names]
    for i, k in enumerate(keys):
        if k in keys[:i]:
            raise _err(None, "players", N_("{i} is listed twice"), i=names[i])
    return tuple(names)


def _choice_of(value: Any, allowed: tuple[str, ...] | frozenset[str], hand: int | None, field: str,
               template: str) -> str:
    """``value`` if it is one of ``allowed``; else refused with ``template`` (a whole sentence per field)."""
    if not isinstance(value, str) or value not in allowed:
        raise _err(hand, field, template, value=_show(value), items=', '.join(sorted(allowed)))
    return value


def _show(value: Any) -> str:
    """A value as a refusal quotes it: short, whatever its size."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


def _domain(value: Any, check: Any, hand: int | None, field: str) -> Any:
    try:
        return check(value)
    except OutOfDomain as exc:
        raise SessionError(exc.at(hand, field)) from None


def _paper(d: Mapping[str, Any], players: tuple[str, ...]) -> tuple[PaperDebt, ...]:
    raw = d.get("paper")
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise _err(None, "paper", N_("give the paper as a list of {{player, amount}}"))
    if len(raw) > limits.PAPER_DEBTS.most:
        raise _err(None, "paper", N_("at most {most:,} reserved puestas"), most=limits.PAPER_DEBTS.most)
    paper = []
    for i, item in enumerate(raw):
        if not isinstance(item, Mapping):
            raise _err(None, f"paper[{i}]", N_("each debt is {{player, amount}}"))
        _unknown(item, frozenset({"player", "amount"}), None, f"paper[{i}].")
        p = _name(item.get("player"), None, f"paper[{i}].player", players)
        if p is None:
            raise _err(None, f"paper[{i}].player", N_("whose debt is it?"))
        amount = _domain(item.get("amount"), limits.PAPER_DEBT.check, None, f"paper[{i}].amount")
        paper.append(PaperDebt(p, amount))
    return tuple(paper)


def _end(d: Mapping[str, Any]) -> tuple[str, bool]:
    """How the paper goes at the end (``settle``/``keep``), and whether the session was ended."""
    end = d.get("end")
    if end is None:
        return "settle", False
    if not isinstance(end, Mapping):
        raise _err(None, "end", N_('give the end as {{"paper": "settle" | "keep", "ended": true | false}}'))
    _unknown(end, END_FIELDS, None, "end.")
    paper = _choice_of(end.get("paper", "settle"), ("settle", "keep"), None, "end.paper",
                       N_("{value} is not how the paper goes (one of: {items})"))
    ended = end.get("ended", False)
    if not isinstance(ended, bool):
        raise _err(None, "end.ended", N_("true (the session was ended) or false"))
    return paper, ended


def _options(d: Mapping[str, Any], rules: str) -> Options:
    raw = d.get("options")
    if raw is None:
        return NO_OPTIONS
    if not isinstance(raw, Mapping):
        raise _err(None, "options", N_("give the options as an object {{name: value}}"))
    for name, domain in _OPTION_AMOUNTS.items():
        if is_whole(raw.get(name)):
            _domain(raw[name], domain.check, None, f"options.{name}")
    own = raw.get("condiciones")
    if isinstance(own, Mapping):
        for name, amount in own.items():
            if is_whole(amount):
                _domain(amount, limits.OWN_AMOUNT.check, None, f"options.condiciones.{name}")
    # refuses any unknown or bad option, naming options.<name>
    RULESETS[rules].with_options(raw)
    return Options(raw)


#: the setup's defaults, for the fields a file leaves out
_DEFAULT = Setup(players=(), first_dealer="")


def load_setup(d: Any) -> Setup:
    if not isinstance(d, Mapping):
        raise _err(None, "format", N_("a session file is a JSON object"))
    _unknown(d, SESSION_FIELDS, None)
    if d.get("format", FORMAT) != FORMAT:
        raise _err(None, "format", N_("expected {FORMAT!r}, got {format}"),
                FORMAT=FORMAT, format=_show(d.get('format')))
    rules = _choice_of(d.get("rules", "pagat"), frozenset(RULESETS), None, "rules",
                       N_("{value} is not a known ruleset (one of: {items})"))
    players = _players(d)
    first = _name(d.get("first_dealer", players[0]), None, "first_dealer", players)
    end_paper, ended = _end(d)
    return Setup(
        players=players,
        first_dealer=first or players[0],
        rules=rules,
        start_tokens=_domain(d.get("start_tokens", 160), domains.START_TOKENS.check, None, "start_tokens"),
        # a value left out is the setup's own default, not read again (reading the two cost 31,000 instructions)
        tanto_value=(_domain(d["tanto_value"], domains.STAKE.check, None, "tanto_value") if "tanto_value" in d
                     else _DEFAULT.tanto_value),
        currency=_domain(d["currency"], domains.CURRENCY.clean, None, "currency") if "currency" in d
        else _DEFAULT.currency,
        paper=_paper(d, players),
        end_paper=end_paper,  # type: ignore[arg-type]  # checked: "settle" or "keep"
        ended=ended,
        options=_options(d, rules),
    )


# ---------------------------------------------------------------- the hands


def _name(v: Any, hand: int | None, field: str, players: tuple[str, ...]) -> str | None:
    """A player named in the file (null: nobody); spaces and composed letters as in the player list."""
    if v is None:
        return None
    if isinstance(v, str) and v in players:  # as the player list spells it: the usual case
        return v
    name = v
    if isinstance(v, str):
        try:
            name = PLAYER_NAME.clean(v)
        except OutOfDomain:
            pass
    if not isinstance(name, str) or name not in players:
        raise _err(hand, field, N_("{v} is not one of the players ({items})"), v=_show(v), items=', '.join(players))
    return name


def _flag(d: Mapping[str, Any], key: str, hand: int) -> bool:
    v = d.get(key, False)
    if v is None:
        return False
    if not isinstance(v, bool):
        raise _err(hand, key, N_("must be true or false"))
    return v


def _count(d: Mapping[str, Any], key: str, hand: int) -> bool | int:
    """Estuche / contra-estuche: true/false, or (scores ×5) the count of top trumps in sequence."""
    v = d.get(key, False)
    if v is None or v is False or (is_whole(v) and v == 0):
        return False
    if v is True:
        return True
    top = limits.TOP_TRUMPS
    if not is_whole(v) or not top.least <= v <= top.most:
        raise _err(hand, key, N_("true/false, or how many top trumps in sequence ({least} to {most})"),
                least=top.least, most=top.most)
    return int(v)


def _tricks(d: Mapping[str, Any], number: int, players: tuple[str, ...]) -> dict[str, int] | None:
    tricks = d.get("tricks")
    if tricks is None:
        return None
    if type(tricks) is not dict and not isinstance(tricks, Mapping):  # a dict told without the ABC's check
        raise _err(number, "tricks", N_("give the tricks as {{player: count}}"))
    out: dict[str, int] = {}
    for p, c in tricks.items():
        name = _name(p, number, "tricks", players)
        assert name is not None  # a key is text, never null
        if name in out:
            raise _err(number, "tricks", N_("{name} is listed twice"), name=name)
        out[name] = _domain(c, limits.TRICKS.check, number, f"tricks.{name}")
    return out


def _surrender(d: Mapping[str, Any], number: int, players: tuple[str, ...]) -> Surrender | None:
    raw = d.get("surrender")
    if raw is None:
        return None
    if raw is True:
        return Surrender()
    if type(raw) is not dict and not isinstance(raw, Mapping):  # a dict told without the ABC's check
        raise _err(number, "surrender", N_('give the surrender as {{"takeover": player or null}}'))
    _unknown(raw, frozenset({"takeover"}), number, "surrender.")
    return Surrender(_name(raw.get("takeover"), number, "surrender.takeover", players))


def _optional_choice(v: Any, hand: int, field: str, allowed: tuple[str, ...], template: str) -> str | None:
    return None if v is None else _choice_of(v, allowed, hand, field, template)


def load_hand(d: Any, number: int, players: tuple[str, ...]) -> Hand:
    """One hand object of the session file; ``number`` is 1-based.

    Only the fields the object has are read (the others stay at their defaults), in the order of
    :class:`Hand`'s fields (the first refused is the first of them), and the hand is built with its fields in
    order (:func:`.model.builder`): built by keyword with every field read, reading a hand object cost 73,000
    instructions instead of 36,400 (valgrind, the conformance suite's Tresillo hands)."""
    if type(d) is not dict and not isinstance(d, Mapping):  # a dict told without the ABC's check
        raise _err(number, "hand", N_("each hand must be an object"))
    _unknown(d, _HAND_FIELDS, number)
    values: list[Any] = [_choice_of(d.get("contract"), CONTRACTS, number, "contract",
                                    N_("{value} is not a contract (one of: {items})")), *_HAND_DEFAULTS]
    for i in sorted([_HAND_INDEX[field] for field in d if field != "contract"]):
        values[i] = _HAND_READERS[i - 1][1](d, number, players)
    return build_hand(*values)


def _player_field(field: str) -> Callable[[Mapping[str, Any], int, tuple[str, ...]], str | None]:
    return lambda d, number, players: _name(d[field], number, field, players)


def _choice_field(field: str, allowed: tuple[str, ...], template: str) -> Callable[[Mapping[str, Any], int, Any], Any]:
    return lambda d, number, players: _optional_choice(d[field], number, field, allowed, template)


#: how each field of a hand object after the contract is read, in the order of :class:`Hand`'s fields
_HAND_READERS: tuple[tuple[str, Callable[[Mapping[str, Any], int, tuple[str, ...]], Any]], ...] = (
    ("declarer", _player_field("declarer")),
    ("forced", lambda d, number, players: _flag(d, "forced", number)),
    ("tricks", _tricks),
    ("estuche", lambda d, number, players: _count(d, "estuche", number)),
    ("contra_estuche", lambda d, number, players: _count(d, "contra_estuche", number)),
    ("primeras", lambda d, number, players: _flag(d, "primeras", number)),
    ("bola", _choice_field("bola", ("won", "failed"), N_("{value} is not how the bola went (one of: {items})"))),
    ("surrender", _surrender),
    ("drops_out", _player_field("drops_out")),
    ("debt", _player_field("debt")),
    ("trump", _choice_field("trump", SUITS, N_("{value} is not a suit (one of: {items})"))),
    ("bet", _choice_field("bet", ("J", "P", "C"), N_("{value} is not the dealer's prediction (one of: {items})"))),
    ("outcome", _choice_field("outcome", GIVEN_OUTCOMES, N_("{value} is not how the hand ended (one of: {items})"))),
    ("winner", _player_field("winner")),
    ("dealer", _player_field("dealer")),
    ("seating", lambda d, number, players: _seating(d["seating"], number, players)),
)
assert tuple(f.name for f in fields(Hand)) == ("contract", *(name for name, _ in _HAND_READERS))
#: each field's place in :class:`Hand` (the contract's is 0)
_HAND_INDEX = {name: i for i, (name, _) in enumerate(_HAND_READERS, start=1)}
#: each field's value when the hand object leaves it out
_HAND_DEFAULTS = tuple(f.default for f in fields(Hand)[1:])
build_hand = builder(Hand)


def _seating(v: Any, number: int, players: tuple[str, ...]) -> tuple[str, ...] | None:
    """A new seating from this hand on: every player once, in the order the deal goes round."""
    if v is None:
        return None
    if not isinstance(v, list) or len(v) != len(players) or not all(isinstance(p, str) for p in v) \
            or sorted(v) != sorted(players):
        raise _err(number, "seating", N_("give each of {items} once, in the order the deal goes round"),
                items=', '.join(players))
    return tuple(v)


def load_session(d: Any) -> Session:
    """A :class:`Session` from the parsed JSON of a session file (any JSON value)."""
    check_plain(d)
    setup = load_setup(d)
    hands = d.get("hands", [])
    if not isinstance(hands, list):
        raise _err(None, "hands", N_("give the hands as a list"))
    if len(hands) > domains.HANDS.most:
        raise _err(None, "hands", N_("{count:,} hands; a session holds at most {most:,}"),
                count=len(hands), most=domains.HANDS.most)
    return Session(setup, tuple(load_hand(h, i, setup.players) for i, h in enumerate(hands, 1)))


def loads(text: str | bytes) -> Session:
    """A :class:`Session` from a session file's text or bytes; any fault is a :class:`SessionError`."""
    return load_session(parse_json(text))


#: hand fields written as they are when given (names and choices)
_PLAIN_FIELDS = ("declarer", "bola", "drops_out", "debt", "trump", "bet", "outcome", "winner")


def dump_hand(h: Hand) -> dict[str, Any]:
    """The session file's hand object: only the fields that say something, in the file's order."""
    out: dict[str, Any] = {"contract": h.contract}
    plain = {f: getattr(h, f) for f in _PLAIN_FIELDS if getattr(h, f) is not None}
    if "declarer" in plain:
        out["declarer"] = plain.pop("declarer")
    if h.forced:
        out["forced"] = True
    if h.tricks is not None:
        out["tricks"] = dict(h.tricks)
    for flag in ("estuche", "contra_estuche", "primeras"):
        v = getattr(h, flag)
        if v:
            out[flag] = v  # True, or a count of top trumps
    if "bola" in plain:
        out["bola"] = plain.pop("bola")
    if h.surrender is not None:
        out["surrender"] = {"takeover": h.surrender.takeover}
    out.update(plain)
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
    out["end"] = {"paper": st.end_paper, "ended": True} if st.ended else {"paper": st.end_paper}
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


def row_json(row: Row, walk: PaperWalk | None = None) -> dict[str, Any]:
    """One row as data: the figures after it, its transfers, and what happened (no words:
    :func:`scorekeeper.games.tresillo.words.ledger_json` adds the ``event`` and ``comment`` sentences).

    Its ``paper`` is the paper as the row shows it (:meth:`PaperWalk.as_shown`: the open debts and those
    the row crossed out), so a row's size does not grow with the debts paid before it.
    ``walk``: the paper carried from the row before (:func:`rows_json`), else read whole."""
    sheet = (walk or PaperWalk()).at(row.paper_version).as_shown(row.players, row.crossed_here)
    paper = {p: [{"amount": d.amount, "crossed": d.crossed} for d in debts] for p, debts in sheet.items()}
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


def rows_json(ledger: Ledger) -> Iterator[dict[str, Any]]:
    """Each row as data (:func:`row_json`), one at a time, the paper carried from row to row: a long
    evening's rows are written out as they come, never all held (reading each row's paper whole
    would keep a sheet for every version of it)."""
    walk = PaperWalk()
    for row in ledger.rows:
        yield row_json(row, walk)


def ledger_json(ledger: Ledger) -> dict[str, Any]:
    return {"rows": list(rows_json(ledger)), "settlement": settlement_json(ledger)}


def settlement_json(ledger: Ledger) -> dict[str, Any]:
    """The settlement as data (the ``settlement`` of :func:`ledger_json`)."""
    st = ledger.settlement
    return {
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
    }
