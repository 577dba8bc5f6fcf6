"""``scorekeeper report|paper|settlement FILE.json -o OUT.pdf``: the printed documents from a session file.

The session file may carry what the database would know about the evening,
as optional top-level keys the engine ignores: ``group``, ``title``,
``started`` and ``ended`` (ISO 8601 date-times). Options on the command line
win over the file. Any refusal is a :class:`~scorekeeper.inputs.BadInput`: one
line on stderr and exit status 2, and no output file is written.
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from ....core.domains import GROUP_NAME, TITLE
from ....i18n import N_, _
from ....inputs import (
    BadInput,
    Subcommands,
    document_command,
    document_target,
    given_text,
    given_when,
    is_games_file,
    read_file,
    write_document,
)
from ..commands import replay_data
from ..views import build_view
from .render import KINDS, TITLES, render_html, render_pdf


def _meta(data: Any) -> dict[str, Any]:
    """The optional evening details kept in the session file (already parsed and checked)."""
    return data if isinstance(data, dict) else {}


def cmd_document(args: argparse.Namespace, out: TextIO) -> int:
    kind: str = args.command
    data = read_file(args.file)
    if is_games_file(data):  # another game's (or this one's) scorekeeper-session/2 file: the sheet prints it
        raise BadInput(_("{path}: a scorekeeper-session/2 file: print its sheet with scorekeeper sheet").format(
            path=args.file))
    ledger = replay_data(data)
    meta = _meta(data)
    group = given_text(args.group if args.group is not None else meta.get("group"), GROUP_NAME, "group")
    title = given_text(args.title if args.title is not None else meta.get("title"), TITLE, "title")
    started = given_when(args.started if args.started is not None else meta.get("started"), "started")
    ended = given_when(args.ended if args.ended is not None else meta.get("ended"), "ended")
    view = build_view(ledger, title=title or "Tresillo", group=group, started=started, ended=ended)
    target = document_target(args)
    document = render_html(kind, view).encode("utf-8") if args.html else render_pdf(kind, view)
    write_document(target, document, _(TITLES[kind]), out)
    return 0


HELP = {
    "report": N_("print the session report (header, ledger, settlement, bowl chart) as PDF"),
    "paper": N_("print the paper: each player's open reserved puestas, to keep until next time"),
    "settlement": N_("print the settlement sheet: final bowls, money, who pays whom"),
}


def add_document_commands(sub: Subcommands) -> None:
    for kind in KINDS:
        p = document_command(sub, kind, _(HELP[kind]), _("a tresillo-session/1 JSON file"), cmd_document)
        p.add_argument("--group", help=_("the group's name (default: the file's 'group')"))
        p.add_argument("--title", help=_("a title for the evening (default: the file's 'title')"))
        p.add_argument("--started", help=_("when play began, e.g. 2026-11-17T20:30 (default: the file's 'started')"))
        p.add_argument("--ended", help=_("when play ended (default: the file's 'ended')"))
