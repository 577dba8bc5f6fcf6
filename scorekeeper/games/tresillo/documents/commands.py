"""``scorekeeper report|paper|settlement FILE.json -o OUT.pdf``: the printed documents from a session file.

The session file may carry what the database would know about the evening,
as optional top-level keys the engine ignores: ``group``, ``title``,
``started`` and ``ended`` (ISO 8601 date-times). Options on the command line
win over the file. Any refusal is a :class:`~scorekeeper.inputs.BadInput`: one
line on stderr and exit status 2, and no output file is written.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO

from .... import formats
from ....core.domains import GROUP_NAME, TITLE, OutOfDomain, Text
from ....i18n import N_, _
from ....inputs import BadInput, Subcommands, read_file
from ....words import refusal
from ..commands import replay_data
from ..views import build_view
from .render import KINDS, TITLES, render_html, render_pdf


def _when(value: Any, where: str) -> datetime | None:
    if value in (None, ""):
        return None
    if not isinstance(value, str):
        raise BadInput(_("{where}: give a date and time such as 2026-11-17T20:30").format(where=where))
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        raise BadInput(_("{where}: {value!r} is not a date and time such as 2026-11-17T20:30").format(
            where=where, value=value)) from None


def _meta(data: Any) -> dict[str, Any]:
    """The optional evening details kept in the session file (already parsed and checked)."""
    return data if isinstance(data, dict) else {}


def _text(value: Any, domain: Text, where: str) -> str | None:
    """A group name or a title from the file or the command line, in its domain."""
    if value is None:
        return None
    try:
        return domain.clean(value)
    except OutOfDomain as exc:
        raise BadInput(f"{where}: {refusal(exc)}") from None


def _write(path: Path, data: bytes) -> None:
    """Write the whole document or nothing: a temporary file renamed into place."""
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent if str(path.parent) else ".", prefix=".", suffix=path.suffix)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except OSError as exc:
        raise BadInput(_("{path}: cannot write the document ({error})").format(
            path=path, error=exc.strerror or exc)) from None


def cmd_document(args: argparse.Namespace, out: TextIO) -> int:
    kind: str = args.command
    data = read_file(args.file)
    ledger = replay_data(data)
    meta = _meta(data)
    group = _text(args.group if args.group is not None else meta.get("group"), GROUP_NAME, "group")
    title = _text(args.title if args.title is not None else meta.get("title"), TITLE, "title")
    started = _when(args.started if args.started is not None else meta.get("started"), "started")
    ended = _when(args.ended if args.ended is not None else meta.get("ended"), "ended")
    view = build_view(ledger, title=title or "Tresillo", group=group, started=started, ended=ended)
    target = Path(args.output or f"{kind}.{'html' if args.html else 'pdf'}")
    if target.is_dir():
        raise BadInput(_("{path}: is a folder; give a file name with -o").format(path=target))
    document = render_html(kind, view).encode("utf-8") if args.html else render_pdf(kind, view)
    _write(target, document)
    out.write(_("{title}: {path} ({size} bytes)").format(title=_(TITLES[kind]), path=target,
                                                          size=formats.number(len(document))) + "\n")
    return 0


HELP = {
    "report": N_("print the session report (header, ledger, settlement, bowl chart) as PDF"),
    "paper": N_("print the paper: each player's open reserved puestas, to keep until next time"),
    "settlement": N_("print the settlement sheet: final bowls, money, who pays whom"),
}


def add_document_commands(sub: Subcommands) -> None:
    for kind in KINDS:
        p = sub.add_parser(kind, help=_(HELP[kind]))
        p.add_argument("file", help=_("a tresillo-session/1 JSON file"))
        p.add_argument("-o", "--output", help=_("where to write it (default {file})").format(file=f"{kind}.pdf"))
        p.add_argument("--html", action="store_true", help=_("write the HTML page (print CSS included) instead of PDF"))
        p.add_argument("--group", help=_("the group's name (default: the file's 'group')"))
        p.add_argument("--title", help=_("a title for the evening (default: the file's 'title')"))
        p.add_argument("--started", help=_("when play began, e.g. 2026-11-17T20:30 (default: the file's 'started')"))
        p.add_argument("--ended", help=_("when play ended (default: the file's 'ended')"))
        p.set_defaults(func=cmd_document)
