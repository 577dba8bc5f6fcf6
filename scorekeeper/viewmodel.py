"""One view model for the table screen, the HTML report and the PDFs.

Built from an engine :class:`~scorekeeper.engine.Ledger` plus what the
database knows about the evening (group, dates). Everything is already
formatted for display, so templates only lay it out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any, Mapping

from .engine import PAJARITOS, PAPER, PLATO, POT, Ledger, Row, Transfer

CURRENCY_SIGNS = {"EUR": "€", "USD": "$", "GBP": "£"}


def format_money(amount: Decimal, currency: str, signed: bool = False) -> str:
    """``1.90 €``; with ``signed`` a plus sign for winnings and a true minus.

    >>> format_money(Decimal("-1.2"), "EUR", signed=True)
    '−1.20 €'
    >>> format_money(Decimal("190"), "ESP", signed=True)
    '+190.00 ESP'
    """
    q = amount.quantize(Decimal("0.01"))
    sign = ""
    if signed and q > 0:
        sign = "+"
    if q < 0:
        sign = "−"
        q = -q
    return f"{sign}{q:,.2f} {CURRENCY_SIGNS.get(currency, currency)}"


def format_tantos(n: int, signed: bool = False) -> str:
    if n < 0:
        return f"−{-n}"
    return f"+{n}" if signed and n > 0 else str(n)


@dataclass(frozen=True)
class PaperCell:
    amount: int
    crossed: bool


@dataclass(frozen=True)
class PaperLine:
    player: str
    cells: tuple[PaperCell, ...]

    @property
    def open_total(self) -> int:
        return sum(c.amount for c in self.cells if not c.crossed)


@dataclass(frozen=True)
class RowView:
    index: int
    kind: str
    hand: int | None
    event: str
    comment: str
    dealer: str | None
    bowls: tuple[int, ...]  # seating order
    plato: int
    pajaritos: int
    paper: tuple[PaperLine, ...]  # only players with something on the paper
    in_play: int | None
    outcome: str | None
    moves: tuple[str, ...]  # "East gives South 3", one line each

    @property
    def paper_empty(self) -> bool:
        return not self.paper


@dataclass(frozen=True)
class PlayerView:
    name: str
    bowl: int
    net: int
    money: str  # signed, with currency
    paper: PaperLine


@dataclass(frozen=True)
class NextView:
    number: int
    dealer: str
    mano: str
    dealer_action: str
    in_play: int
    case: str
    in_play_words: str
    active: tuple[str, ...]
    declarers: tuple[str, ...]
    contracts: tuple[str, ...]
    tied_debtors: tuple[str, ...]


@dataclass(frozen=True)
class SettlementView:
    paper_mode: str
    comment: str
    final: tuple[tuple[str, int], ...]
    net: tuple[tuple[str, str], ...]  # (player, "+19")
    money: tuple[tuple[str, str], ...]  # (player, "+1.90 €")
    transfers: tuple[str, ...]  # "West pays North 1.20 €"
    kept_paper: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class SessionView:
    title: str
    group: str | None
    started: datetime | None
    ended: datetime | None
    players: tuple[str, ...]
    rules: str
    rules_title: str
    options: tuple[tuple[str, str], ...]
    tanto_value: str
    currency: str
    start_tokens: int
    rows: tuple[RowView, ...]
    current: RowView
    table: tuple[PlayerView, ...]
    next: NextView
    settlement: SettlementView
    hands: int
    chart: Mapping[str, Any] = field(default_factory=dict)


_PARTY = {PLATO: "the plato", PAJARITOS: "the pajaritos dish", POT: "the pot"}


def token_moves(transfers: tuple[Transfer, ...]) -> tuple[str, ...]:
    """The token moves to make at the table, netted per pair: ``East gives South 3``.

    >>> from scorekeeper.engine import Transfer
    >>> token_moves((Transfer("E", "S", 1, "tanto"), Transfer("E", "S", 2, "solo"),
    ...              Transfer("S", "paper", 21, "puesta")))
    ('E gives S 3', 'S: 21 written on the paper')
    """
    pairs: dict[tuple[str, str], int] = {}
    for t in transfers:
        pairs[(t.source, t.target)] = pairs.get((t.source, t.target), 0) + t.amount
    lines = []
    for (src, dst), amount in pairs.items():
        if dst == PAPER:
            lines.append(f"{src}: {amount} written on the paper")
        elif src == PAPER:
            lines.append(f"{dst}: debt of {amount} crossed out")
        elif src == PLATO:
            lines.append(f"{dst} takes {amount} from the plato")
        elif src == PAJARITOS:
            lines.append(f"A pajarito ({amount}) goes from the pajaritos dish to {_PARTY.get(dst, dst)}")
        elif dst in _PARTY:
            lines.append(f"{src} puts {amount} in {_PARTY[dst]}")
        else:
            lines.append(f"{src} gives {dst} {amount}")
    return tuple(lines)


def _paper_lines(row: Row) -> tuple[PaperLine, ...]:
    return tuple(
        PaperLine(p, tuple(PaperCell(d.amount, d.crossed) for d in debts))
        for p, debts in row.paper_by_player().items()
        if debts
    )


def row_view(row: Row) -> RowView:
    r = row.result
    return RowView(
        index=row.index,
        kind=row.kind,
        hand=row.hand,
        event=row.event,
        comment=row.comment,
        dealer=row.dealer,
        bowls=row.bowls_tuple,
        plato=row.plato,
        pajaritos=row.pajaritos,
        paper=_paper_lines(row),
        in_play=r.in_play if r is not None else None,
        outcome=r.outcome if r is not None else None,
        moves=token_moves(row.transfers),
    )


def _in_play_words(ledger: Ledger) -> str:
    up = ledger.upcoming
    if up.case == "reserved" and up.reserved_debt is not None:
        return f"{up.reserved_debt.player}'s debt {up.reserved_debt.amount} + plato {up.plato_after_deal}"
    tanto = getattr(ledger.rules, "table_tanto", 0)
    if tanto:
        return f"plato {up.plato_after_deal} + {tanto * len(ledger.setup.players)}"
    return f"plato {up.plato_after_deal}"


def build_view(
    ledger: Ledger,
    *,
    title: str = "Tresillo",
    group: str | None = None,
    started: datetime | None = None,
    ended: datetime | None = None,
    options: Mapping[str, str] | None = None,
    rows: bool = True,
) -> SessionView:
    """The whole evening, formatted. ``rows=False`` skips the per-row views (table screen)."""
    setup = ledger.setup
    cur = setup.currency
    players = setup.players
    last = ledger.last
    current = row_view(last)
    paper_of = {line.player: line for line in current.paper}
    value = setup.tanto_value
    table = tuple(
        PlayerView(
            name=p,
            bowl=b,
            net=b - setup.start_tokens,
            money=format_money((b - setup.start_tokens) * value, cur, signed=True),
            paper=paper_of.get(p, PaperLine(p, ())),
        )
        for p, b in zip(players, last.bowls_tuple)
    )
    up = ledger.upcoming
    nxt = NextView(
        number=up.number,
        dealer=up.dealer,
        mano=up.mano,
        dealer_action=up.dealer_action,
        in_play=up.in_play,
        case=up.case,
        in_play_words=_in_play_words(ledger),
        active=up.active,
        declarers=up.declarers,
        contracts=up.contracts,
        tied_debtors=up.tied_debtors,
    )
    st = ledger.settlement
    settlement = SettlementView(
        paper_mode=st.paper_mode,
        comment=st.comment,
        final=tuple((p, st.final[p]) for p in players),
        net=tuple((p, format_tantos(st.net[p], signed=True)) for p in players),
        money=tuple((p, format_money(st.money[p], cur, signed=True)) for p in players),
        transfers=tuple(f"{t.source} pays {t.target} {format_money(t.amount, cur)}" for t in st.transfers),
        kept_paper=tuple((d.player, d.amount) for d in st.kept_paper),
    )
    rules = ledger.rules
    opts = tuple((k, str(v)) for k, v in (options or {}).items())
    row_views = tuple(row_view(r) for r in ledger.rows) if rows else (current,)
    chart = {
        "players": list(players),
        "series": [[r.bowls_tuple[i] for r in ledger.rows] for i in range(len(players))] if rows else [],
    }
    return SessionView(
        title=title,
        group=group,
        started=started,
        ended=ended,
        players=players,
        rules=getattr(rules, "name", setup.rules),
        rules_title=getattr(rules, "title", setup.rules),
        options=opts,
        tanto_value=format_money(value, cur),
        currency=cur,
        start_tokens=setup.start_tokens,
        rows=row_views,
        current=current,
        table=table,
        next=nxt,
        settlement=settlement,
        hands=len(ledger.results),
        chart=chart,
    )
