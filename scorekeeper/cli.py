"""The ``scorekeeper`` command line.

``scorekeeper replay FILE [--json]`` prints the ledger of a session file;
``scorekeeper report|paper|settlement FILE -o OUT.pdf`` prints a document of a Tresillo session;
``scorekeeper sheet FILE -o OUT.pdf`` prints the sheet of any game of a ``scorekeeper-session/2`` file;
``scorekeeper backup FILE`` / ``scorekeeper restore FILE [--replace]`` copy the app's SQLite database.
Every subcommand takes ``--lang es|en|fr|it`` (default: the language of the
environment's locale, LANGUAGE, LC_ALL, LC_MESSAGES or LANG; else English).
Invalid input prints one line naming the hand and the field, and exits 2.
Subcommands register themselves in :data:`COMMANDS`.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from .games.base import DealRow
from .games.replay import Played, result_json
from .games.words import game_result_lines
from .i18n import LANGUAGES, _, environment_language, language_of, use_language
from .inputs import (
    EXIT_BAD_INPUT,
    BadInput,
    OneLineParser,
    Subcommands,
    document_command,
    document_target,
    given_text,
    given_when,
    is_games_file,
    own_file_replay,
    read_file,
    replay_games,
    write_document,
)


def format_deals(played: Played) -> str:
    """A game of ``scorekeeper-session/2`` as a plain-text table: each deal's points and the running scores."""
    keys = [k for k, _ in played.rows[0].scores] if played.rows else list(played.table.seating.players)
    head = ["#", *keys]
    lines = [[str(row.deal), *(_points_cell(row, k) for k in keys)] for row in played.rows]
    widths = [max(len(r[i]) for r in [head, *lines]) for i in range(len(head))]
    out = ["  ".join(c.rjust(w) for c, w in zip(cells, widths, strict=True)) for cells in [head, *lines]]
    out.append("")
    out.extend(game_result_lines(played))
    return "\n".join(out)


def _points_cell(row: DealRow, key: str) -> str:
    points = dict(row.points)
    score = dict(row.scores)[key]
    return f"{score} (+{points[key]})" if key in points else str(score)


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    data = read_file(args.file)
    if is_games_file(data):
        played = replay_games(data)
        if args.json:
            json.dump(result_json(played), out, ensure_ascii=False, indent=1)
            out.write("\n")
        else:
            out.write(format_deals(played) + "\n")
        return 0
    own_file_replay(data)(data, args.json, out)  # the game's own format (tresillo-session/1)
    return 0


def _add_replay(sub: Subcommands) -> None:
    p = sub.add_parser("replay", help=_("print the ledger of a session file"))
    p.add_argument("file", help=_("a session file: tresillo-session/1 or scorekeeper-session/2"))
    p.add_argument("--json", action="store_true", help=_("print the ledger as JSON"))
    p.set_defaults(func=cmd_replay)


def cmd_sheet(args: argparse.Namespace, out: TextIO) -> int:
    """The printed sheet of a game of a ``scorekeeper-session/2`` file: the sheet its table's page prints."""
    from .core.domains import CURRENCY, GROUP_NAME
    from .reports.games import render_sheet_html, render_sheet_pdf  # WeasyPrint loads only when used
    from .services.games import played_view

    data = read_file(args.file)
    if not is_games_file(data):
        raise BadInput(_("{path}: not a scorekeeper-session/2 file: a game with a file format of its own prints "
                         "its own documents (see scorekeeper --help)").format(path=args.file))
    played = replay_games(data)
    view = played_view(played, data["deals"], currency=given_text(args.currency, CURRENCY, "currency") or "EUR",
                       group=given_text(args.group, GROUP_NAME, "group") or "",
                       started=given_when(args.started, "started"), ended=given_when(args.ended, "ended"))
    target = document_target(args)
    document = render_sheet_html(view).encode("utf-8") if args.html else render_sheet_pdf(view)
    write_document(target, document, view.title, out)
    return 0


def _add_sheet(sub: Subcommands) -> None:
    p = document_command(sub, "sheet", _("print the sheet of a game: its deals, the scores, the ending and who "
                                         "pays whom, as PDF"), _("a scorekeeper-session/2 JSON file"), cmd_sheet)
    p.add_argument("--group", help=_("the group's name, printed at the top"))
    p.add_argument("--started", help=_("when play began, e.g. 2026-11-17T20:30"))
    p.add_argument("--ended", help=_("when play ended"))
    p.add_argument("--currency", help=_("the currency of the money (default EUR)"))


def _add_documents(sub: Subcommands) -> None:
    """``report``, ``paper`` and ``settlement``: the printed documents (see scorekeeper.reports)."""
    from .reports import add_document_commands  # imported here: WeasyPrint loads only when used

    add_document_commands(sub)


def _add_backup(sub: Subcommands) -> None:
    """``backup`` and ``restore``: the app's SQLite database copied while it runs (see scorekeeper.backup)."""
    from .backup import add_backup_commands

    add_backup_commands(sub)


#: subcommand registrars: each adds its parser and sets ``func(args, out) -> int``
COMMANDS: list[Callable[[Subcommands], None]] = [
    _add_replay,
    _add_documents,
    _add_sheet,
    _add_backup,
]


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="scorekeeper",
                           description=_("The table companion of the games of the Spanish and Italian pack"))
    sub = parser.add_subparsers(dest="command", required=True, parser_class=OneLineParser)
    for register in COMMANDS:
        register(sub)
    for command in sub.choices.values():
        command.add_argument("--lang", choices=list(LANGUAGES), default=None,
                             help=_("the language of the output (default: the environment's, else English)"))
    return parser


def asked_language(argv: Sequence[str]) -> str:
    """``--lang`` as written on the command line (read before parsing, so the help is in it too)."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return language_of(argv[i + 1]) or environment_language()
        if arg.startswith("--lang="):
            return language_of(arg.split("=", 1)[1]) or environment_language()
    return environment_language()


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    out = out if out is not None else sys.stdout
    argv = list(sys.argv[1:] if argv is None else argv)
    with use_language(asked_language(argv)):
        args = build_parser().parse_args(argv)
        try:
            return int(args.func(args, out))
        except BadInput as exc:
            print(one_line(str(exc)), file=sys.stderr)
            return EXIT_BAD_INPUT
        except Exception as exc:  # a fault nothing above foresaw: still one line, never a traceback
            print(one_line(_("scorekeeper: could not finish: {error}").format(
                error=f"{type(exc).__name__}: {exc}")), file=sys.stderr)
            return EXIT_BAD_INPUT


def one_line(message: str) -> str:
    """A message as one printable line, however long or strange the input it quotes."""
    line = " ".join(message.split())
    line = line.encode("utf-8", "backslashreplace").decode("utf-8")
    return line if len(line) <= 400 else line[:399] + "…"


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
