"""Tresillo's side of the command line: its own file (``tresillo-session/1``) replayed, its ledger in words.

``scorekeeper replay`` reads a file with the platform's reader (:mod:`scorekeeper.inputs`) and,
for a file of Tresillo's own format (the spec's ``session_format``), calls :func:`replay_file`
here: the rows with the paper carried from row to row, their words and the settlement, or the
same as JSON. The documents (``report``, ``paper``, ``settlement``) replay with :func:`replay_data`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, TextIO

from ... import formats
from ...core.errors import SessionError
from ...i18n import _
from ...inputs import BadInput
from ...words import refusal_line
from .engine import Ledger, load_session, replay
from .engine.model import PaperWalk
from .words import (
    payment_line,
    row_words,
    rows_json,
    settlement_comment,
    settlement_heading,
    settlement_json,
    settlement_line,
)


def replay_data(data: Any) -> Ledger:
    """Replay a parsed session file; any refusal becomes :class:`BadInput` naming the hand and the field."""
    try:
        return replay(load_session(data))
    except SessionError as exc:
        raise BadInput(refusal_line(exc.first)) from None


def replay_file(data: Any, as_json: bool, out: TextIO) -> None:
    """``scorekeeper replay`` of a Tresillo file: the ledger as a table, or as JSON with ``--json``."""
    ledger = replay_data(data)
    if as_json:
        write_ledger_json(ledger, out)
    else:
        out.write(format_ledger(ledger) + "\n")


def _pad(cells: Sequence[str], widths: Sequence[int]) -> str:
    """Numbers right-aligned; the first (row number) and last (paper) columns left-aligned."""
    last = len(cells) - 1
    return "  ".join(
        c.ljust(w) if i in (0, last) else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True))
    ).rstrip()


def format_ledger(ledger: Ledger) -> str:
    """The ledger as a plain-text table, one line per row plus its comment."""
    players = ledger.setup.players
    head = ["#", *players, "plato", "pajaritos", _("paper")]
    lines: list[list[str]] = []
    comments: list[str] = []
    walk = PaperWalk()  # the paper carried from row to row, not a whole sheet kept for every version
    for row in ledger.rows:
        paper = "; ".join(
            f"{p}: " + " ".join(f"~{d.amount}~" if d.crossed else str(d.amount) for d in debts)
            for p, debts in walk.at(row.paper_version).as_shown(row.players, row.crossed_here).items()
        ) or _("empty")
        lines.append([str(row.index), *map(str, row.bowls_tuple), str(row.plato), str(row.pajaritos), paper])
        words = row_words(row)
        comments.append(f"{words.event}. {words.comment}")
    widths = [max(len(r[i]) for r in [head, *lines]) for i in range(len(head))]
    out = [_pad(head, widths), _pad(["-" * w for w in widths], widths)]
    for cells, comment in zip(lines, comments, strict=True):
        out.append(_pad(cells, widths))
        out.append("      " + comment)
    st = ledger.settlement
    out.append("")
    out.append(settlement_heading(settlement_comment(st)))
    for p in players:
        net = formats.tantos(st.net[p], signed=True)
        out.append("  " + settlement_line(p, st.final[p], net, formats.money(st.money[p], st.currency, signed=True)))
    for t in st.transfers:
        out.append("  " + payment_line(t, formats.money(t.amount, st.currency)))
    return "\n".join(out)


def write_ledger_json(ledger: Ledger, out: TextIO) -> None:
    """The ledger as JSON, exactly as ``json.dump(ledger_json(ledger), out, ensure_ascii=False, indent=1)``
    writes it, but a row at a time: a long evening's JSON is never held whole in memory."""

    def dumped(value: object, depth: int) -> str:  # a value of the document, indented as at that depth
        return json.dumps(value, ensure_ascii=False, indent=1).replace("\n", "\n" + " " * depth)

    out.write('{\n "rows": [')
    first = True
    for row in rows_json(ledger):
        out.write(("\n  " if first else ",\n  ") + dumped(row, 2))
        first = False
    out.write('],\n "settlement": ' if first else '\n ],\n "settlement": ')
    out.write(dumped(settlement_json(ledger), 1) + "\n}\n")
