"""One view model for the table screen, the HTML report and the PDFs.

Built from an engine :class:`~scorekeeper.games.tresillo.engine.Ledger` plus what the
database knows about the evening (group, dates). Everything is already
formatted for display (the words from :mod:`scorekeeper.games.tresillo.words`), so
templates only lay it out.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from functools import cached_property
from typing import Any, overload

from ... import formats
from ...reports.chart import thin
from . import words as narration
from .engine import Case, Ledger, Outcome, Row, RowKind, Settlement
from .engine.model import PaperVersion, PaperWalk, Rows

#: the most open debts a player's paper shows on a row of the report (the newest; the older ones are
#: counted and summed): a long evening's paper may hold thousands, and every row would print them all
MOST_DEBTS = 4
#: the most points a line of the report's chart draws (:data:`scorekeeper.reports.chart.PAGE`)
CHART_POINTS = 300


def format_money(amount: Decimal, currency: str, signed: bool = False) -> str:
    """Money in the current language (see :func:`scorekeeper.formats.money`): ``1,90 €``, ``€1.90``.

    >>> format_money(Decimal("-1.2"), "EUR", signed=True)
    '−€1.20'
    """
    return formats.money(amount, currency, signed)


def format_tantos(n: int, signed: bool = False) -> str:
    """Tantos with a true minus (see :func:`scorekeeper.formats.tantos`)."""
    return formats.tantos(n, signed)


@dataclass(frozen=True)
class PaperCell:
    amount: int
    crossed: bool


@dataclass(frozen=True)
class PaperLine:
    player: str
    cells: tuple[PaperCell, ...]
    #: open debts older than those in ``cells``, not shown one by one (a very long paper), and their sum
    older: int = 0
    older_owed: int = 0

    @property
    def open_total(self) -> int:
        return self.older_owed + sum(c.amount for c in self.cells if not c.crossed)


@dataclass(frozen=True)
class RowView:
    index: int
    kind: RowKind
    hand: int | None
    event: str
    comment: str
    dealer: str | None
    bowls: tuple[int, ...]  # seating order
    plato: int
    pajaritos: int
    #: the paper after the row (read through :attr:`paper`, built only when asked for)
    paper_version: PaperVersion
    in_play: int | None
    outcome: Outcome | None
    moves: tuple[narration.MoveWords, ...]  # "East gives South 3", one line per pair of parties
    #: the paper as the worked example prints it: open debts, plus those this row crossed out
    #: (a paid debt shows struck through once, then leaves the sheet)
    paper_now: tuple[PaperLine, ...] = ()
    players: tuple[str, ...] = ()

    @property
    def number(self) -> int | None:
        """The row's number and its line, as every game's row of a change's preview has them
        (games/_preview.html changed_rows)."""
        return self.hand

    @property
    def line(self) -> str:
        return self.event

    @cached_property
    def paper(self) -> tuple[PaperLine, ...]:
        """Every debt written so far, crossed ones too; only players with something on the paper.

        Built when asked for (to compare two evenings), not for every row shown: a long evening's
        paper is hundreds of crossed-out debts."""
        return tuple(
            PaperLine(p, tuple(PaperCell(d.amount, d.crossed) for d in debts))
            for p, debts in self.paper_version.by_player(self.players).items()
            if debts
        )

    @property
    def paper_empty(self) -> bool:
        return not self.paper


@dataclass(frozen=True)
class PlayerView:
    """A player on the table screen.

    ``net`` and ``money`` say where the player would stand if the evening
    were settled now: the bowl, plus an equal share of the plato, the
    pajaritos dish and the open debts paid in, less the player's own open
    debts (the settlement's own rules, so everybody starts at 0.00 and a
    closed session shows its final settlement). ``paper`` holds the open
    debts only.
    """

    name: str
    bowl: int
    net: int  # tantos won or lost if settled now
    money: str  # the same in money, signed, with currency
    paper: PaperLine


@dataclass(frozen=True)
class NextView:
    """The next hand on the table screen: who deals, what the dealer does, the big number in play."""

    number: int
    dealer: str
    mano: str
    dealer_action: str  # an instruction: "Move a pajarito (5) to the plato and add 1 tanto."
    in_play: int
    in_play_words: str  # where it comes from: "plato 6 + 4"
    case: Case
    #: the players whose equal largest debts the table chooses between
    tied_debtors: tuple[str, ...]
    #: with a palo de favor: the amount in play if trumps are that suit (the engine's stake), and the suit
    in_play_favoured: int | None = None
    favoured_suit: str | None = None


@dataclass(frozen=True)
class PaymentView:
    """One money transfer of the settlement, for a table with a column per figure."""

    payer: str
    payee: str
    tantos: int
    amount: str  # "120.00 ESP"


@dataclass(frozen=True)
class ShareView:
    """One player's line of the end-of-evening share-out, for the printed settlement.

    ``bowl`` is the bowl after the last hand; ``paper_paid`` what the player paid
    into the pot for open reserved puestas; ``share`` the part of the pot received
    (the odd tanto included); ``final`` = bowl − paper_paid + share.
    """

    player: str
    bowl: int
    paper_paid: int
    share: int
    final: int
    net: str  # "+19"
    money: str  # "+190.00 ESP"
    odd: bool  # received one of the odd tantos


@dataclass(frozen=True)
class SettlementView:
    paper_mode: str
    comment: str
    final: tuple[tuple[str, int], ...]
    net: tuple[tuple[str, str], ...]  # (player, "+19")
    money: tuple[tuple[str, str], ...]  # (player, "+1.90 €")
    transfers: tuple[str, ...]  # "West pays North 1.20 €"
    kept_paper: tuple[tuple[str, int], ...]
    plato: int = 0
    pajaritos: int = 0
    paper_paid: tuple[tuple[str, int], ...] = ()  # only players who paid something
    pot: int = 0
    share: int = 0
    remainder_to: tuple[str, ...] = ()
    shares: tuple[ShareView, ...] = ()
    payments: tuple[PaymentView, ...] = ()


@dataclass(frozen=True)
class PaperEntry:
    """A reserved puesta on the paper, oldest first; ``hand`` None when carried in."""

    number: int
    player: str
    amount: int
    crossed: bool
    hand: int | None


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
    #: every row in words (:class:`RowViews`, said when read), or only the current one
    rows: Sequence[RowView]
    current: RowView
    table: tuple[PlayerView, ...]
    next: NextView
    settlement: SettlementView
    hands: int
    chart: Mapping[str, Any] = field(default_factory=dict)
    #: the rules in force as (what, how much) lines: condiciones, tanto, pajarito, paper
    rule_terms: tuple[tuple[str, str], ...] = ()
    #: the paper after the last row (read through :attr:`paper_entries`, built only when a page shows it)
    paper_version: PaperVersion | None = None
    #: the debts the session began with (from the group's paper)
    carried_in: tuple[tuple[str, int], ...] = ()
    end_paper: str = "settle"
    first_dealer: str = ""
    #: the session was ended (the setup's ``ended``)
    closed: bool = False

    @cached_property
    def paper_entries(self) -> tuple[PaperEntry, ...]:
        """Every debt on the paper after the last row, oldest first (crossed ones too)."""
        debts = self.paper_version.debts() if self.paper_version is not None else ()
        return tuple(PaperEntry(d.number, d.player, d.amount, d.crossed, d.hand) for d in debts)

    @property
    def open_paper(self) -> tuple[PaperEntry, ...]:
        """The reserved puestas still owed after the last hand, oldest first."""
        return tuple(e for e in self.paper_entries if not e.crossed)

    @property
    def paper_settled(self) -> bool:
        """The evening is over and its paper was paid into the pot: nothing on it is owed any more.

        Over when the session was ended, or when the document is given the time play ended.
        """
        return self.end_paper == "settle" and (self.closed or self.ended is not None)

    @property
    def paid_paper(self) -> tuple[PaperEntry, ...]:
        """The reserved puestas paid and crossed out during the session, oldest first."""
        return tuple(e for e in self.paper_entries if e.crossed)

    @property
    def subtitle(self) -> str:
        """The group and the evening, each named once: ``Tuesday table — 23 Nov 2026``.

        The web sessions' title already starts with the group's name; a title
        given on the command line does not.
        """
        title = "" if self.title == "Tresillo" else self.title
        if not self.group:
            return title or "Tresillo"
        if not title or title == self.group or title.startswith(f"{self.group} — "):
            return title or self.group
        return f"{self.group} — {title}"


def _paper_now(row: Row, walk: PaperWalk, most: int | None = None) -> tuple[PaperLine, ...]:
    """The open debts after the row, and those the row crossed out (struck through), by player.

    ``walk`` carries the paper from the row read before (a row after it costs only its change);
    ``most``: at most that many of a player's open debts shown, the newest, the older ones counted.
    """
    crossed_here = row.crossed_here
    lines = []
    for p, debts in walk.at(row.paper_version).as_shown(row.players, crossed_here).items():
        owed = [d for d in debts if d.number not in crossed_here]
        older = len(owed) - most if most is not None and len(owed) > most else 0
        if older:  # the oldest open debts are counted, not shown
            gone = {d.number for d in owed[:older]}
            debts = [d for d in debts if d.number not in gone]
        lines.append(PaperLine(p, tuple(PaperCell(d.amount, d.number in crossed_here) for d in debts), older,
                               sum(d.amount for d in owed[:older])))
    return tuple(lines)


def row_view(row: Row, paper_now: tuple[PaperLine, ...] | None = None) -> RowView:
    """Row ``row`` in words; ``paper_now`` read from the row's paper when not given."""
    r = row.result
    words = narration.row_words(row)
    return RowView(
        index=row.index,
        kind=row.kind,
        hand=row.hand,
        event=words.event,
        comment=words.comment,
        dealer=row.dealer,
        bowls=row.bowls_tuple,
        plato=row.plato,
        pajaritos=row.pajaritos,
        paper_version=row.paper_version,
        in_play=r.in_play if r is not None else None,
        outcome=r.outcome if r is not None else None,
        moves=narration.token_moves(row.transfers),
        paper_now=paper_now if paper_now is not None else _paper_now(row, PaperWalk()),
        players=row.players,
    )


class RowViews(Sequence[RowView]):
    """Every row of a ledger in words, each said when it is read and not kept.

    A report prints the last hands only and a long evening has hundreds of thousands of rows:
    saying them all, and keeping them, made the view grow with the evening. The paper is carried
    from one row read to the next (:class:`~scorekeeper.games.tresillo.engine.model.PaperWalk`), so reading the
    rows in order costs each row's change only.
    """

    __slots__ = ("_rows", "_most", "_walk", "_lock")

    def __init__(self, rows: Rows, most_debts: int | None = MOST_DEBTS) -> None:
        self._rows = rows
        self._most = most_debts
        self._walk = PaperWalk()
        self._lock = threading.Lock()  # the walk is one sheet: one row is read at a time

    def __len__(self) -> int:
        return len(self._rows)

    @overload
    def __getitem__(self, index: int) -> RowView: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[RowView, ...]: ...

    def __getitem__(self, index: int | slice) -> RowView | tuple[RowView, ...]:
        if isinstance(index, slice):
            return tuple(self._said(i) for i in range(*index.indices(len(self))))
        i = index + len(self) if index < 0 else index
        if not 0 <= i < len(self):
            raise IndexError("row index out of range")
        return self._said(i)

    def __iter__(self) -> Iterator[RowView]:
        return (self._said(i) for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RowViews):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def _said(self, i: int) -> RowView:
        row = self._rows[i]
        with self._lock:
            paper = _paper_now(row, self._walk, self._most)
        return row_view(row, paper)


def _shares(ledger: Ledger, st: Settlement) -> tuple[ShareView, ...]:
    cur = st.currency
    bowls = ledger.last.bowls
    out = []
    for p in ledger.setup.players:
        paid = st.paper_paid.get(p, 0)
        out.append(
            ShareView(
                player=p,
                bowl=bowls[p],
                paper_paid=paid,
                share=st.final[p] - bowls[p] + paid,
                final=st.final[p],
                net=format_tantos(st.net[p], signed=True),
                money=format_money(st.money[p], cur, signed=True),
                odd=p in st.remainder_to,
            )
        )
    return tuple(out)


def settlement_view(ledger: Ledger, st: Settlement) -> SettlementView:
    """The settlement ``st`` of ``ledger``'s evening (its own, or the one the other paper choice gives)."""
    players = ledger.setup.players
    cur = st.currency
    return SettlementView(
        paper_mode=st.paper_mode,
        comment=narration.settlement_comment(st),
        final=tuple((p, st.final[p]) for p in players),
        net=tuple((p, format_tantos(st.net[p], signed=True)) for p in players),
        money=tuple((p, format_money(st.money[p], cur, signed=True)) for p in players),
        transfers=tuple(narration.payment_line(t, format_money(t.amount, cur)) for t in st.transfers),
        kept_paper=tuple((d.player, d.amount) for d in st.kept_paper),
        plato=st.plato,
        pajaritos=st.pajaritos,
        paper_paid=tuple((p, st.paper_paid[p]) for p in players if st.paper_paid.get(p)),
        pot=st.pot,
        share=st.share,
        remainder_to=st.remainder_to,
        shares=_shares(ledger, st),
        payments=tuple(
            PaymentView(t.source, t.target, t.tantos, format_money(t.amount, cur)) for t in st.transfers
        ),
    )


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
    st = ledger.settlement
    owed: dict[str, list[PaperCell]] = {p: [] for p in players}
    for d in last.open_debts():
        owed.setdefault(d.player, []).append(PaperCell(d.amount, False))
    open_of = {p: tuple(cells) for p, cells in owed.items()}
    table = tuple(
        PlayerView(
            name=p,
            bowl=b,
            net=st.net[p],
            money=format_money(st.money[p], cur, signed=True),
            paper=PaperLine(p, open_of.get(p, ())),
        )
        for p, b in zip(players, last.bowls_tuple, strict=True)
    )
    up = ledger.upcoming
    nxt = NextView(
        up.number, up.dealer, up.mano, narration.dealer_action(up, ledger.rules), up.in_play,
        narration.stake_parts(up.stake), up.case, up.tied_debtors,
        in_play_favoured=up.in_play_favoured, favoured_suit=ledger.rules.favoured_suit,
    )
    settlement = settlement_view(ledger, st)
    rules = ledger.rules
    opts = tuple((k, str(v)) for k, v in (options or {}).items())
    row_views: Sequence[RowView] = RowViews(ledger.rows) if rows else (current,)
    # the chart draws at most CHART_POINTS rows, spread over the evening (the first and the last kept)
    drawn = [ledger.rows[i] for i in thin(len(ledger.rows), CHART_POINTS)] if rows else []
    chart = {
        "players": list(players),
        "series": [[r.bowls_tuple[i] for r in drawn] for i in range(len(players))],
        # the hand each row belongs to (0 for the start), for the chart's axis
        "hands": [r.hand or 0 for r in drawn],
        "start": setup.start_tokens,
        "final": [st.final[p] for p in players],
    }
    return SessionView(
        title=title,
        group=group,
        started=started,
        ended=ended,
        players=players,
        rules=rules.name,
        rules_title=narration.rules_title(rules),
        options=opts,
        tanto_value=format_money(setup.tanto_value, cur),
        currency=cur,
        start_tokens=setup.start_tokens,
        rows=row_views,
        current=current,
        table=table,
        next=nxt,
        settlement=settlement,
        hands=len(ledger.results),
        chart=chart,
        rule_terms=narration.rule_terms(ledger.rules, setup),
        paper_version=last.paper_version,
        carried_in=tuple((d.player, d.amount) for d in setup.paper),
        end_paper=setup.end_paper,
        first_dealer=setup.first_dealer,
        closed=setup.ended,
    )
