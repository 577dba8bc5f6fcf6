"""A session file read for a command: any refusal becomes one line naming the hand and the field.

Shared by every subcommand (``replay`` in :mod:`scorekeeper.cli`, a game's printed documents in
:mod:`scorekeeper.games.tresillo.documents.commands`), so neither imports the other. The file's
``format`` picks the game through the registry: ``scorekeeper-session/2`` is replayed here, a game's own format by its
package's ``commands`` module.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, NoReturn, TextIO, TypeAlias

from . import formats
from .core.domains import FILE_BYTES, OutOfDomain, Text
from .core.errors import SessionError
from .core.sessionjson import parse_json
from .games import owner_of_file
from .games.replay import FORMAT as GAMES_FORMAT
from .games.replay import Played
from .games.replay import replay as replay_game_session
from .games.views import part_of  # a game's own part, named by its record
from .i18n import _
from .words import refusal, refusal_line

#: the exit status of a command that refused its input
EXIT_BAD_INPUT = 2


class BadInput(Exception):
    """Input the command refuses; its message is the one line printed."""


def read_file(path: str) -> Any:
    """The parsed JSON of a session file (UTF-8, with or without a byte-order mark), refused in one line."""
    try:
        size = Path(path).stat().st_size
        if size > FILE_BYTES:
            raise BadInput(_("{path}: the file has {size} bytes; a session file has at most {most}").format(
                path=path, size=formats.number(size), most=formats.number(FILE_BYTES)))
        data = Path(path).read_bytes()
    except OSError as exc:
        raise BadInput(_("{path}: cannot read the file ({error})").format(
            path=path, error=exc.strerror or exc)) from None
    try:
        return parse_json(data)
    except SessionError as exc:
        raise BadInput(f"{path}: {refusal_line(exc.first)}") from None


def is_games_file(data: Any) -> bool:
    """A ``scorekeeper-session/2`` document (the games of seeds 002 and 004), not a Tresillo session."""
    return isinstance(data, dict) and data.get("format") == GAMES_FORMAT


def replay_games(data: Any) -> Played:
    """Replay a ``scorekeeper-session/2`` document; any refusal becomes :class:`BadInput` (deal and field)."""
    try:
        return replay_game_session(data)
    except SessionError as exc:
        raise BadInput(refusal_line(exc.first)) from None


#: ``replay_file(data, as_json, out)``: a game's own session file replayed and printed (its ``commands`` module)
ReplayFile: TypeAlias = "Callable[[Any, bool, TextIO], None]"


def own_file_replay(data: Any) -> ReplayFile:
    """The replay of a file in a game's own format (not ``scorekeeper-session/2``), picked by its ``format``.

    A file of no format a game owns goes to the first game that has one (Tresillo: its files came first
    and may leave the format out), whose reader refuses it naming the format it expected.
    """
    game = owner_of_file(data, "commands")
    assert game is not None, "no game replays a session file of its own format"
    commands = part_of(game, "commands")
    replay_file: ReplayFile = commands.replay_file
    return replay_file


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line and exit :data:`EXIT_BAD_INPUT`."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {message}\n")


#: what a subcommand registrar receives: ``sub.add_parser(...)`` makes its parser
Subcommands: TypeAlias = "argparse._SubParsersAction[OneLineParser]"


# ---------------------------------------------------------------- what a printed document's command reads and writes


def given_when(value: Any, where: str) -> datetime | None:
    """A date and time from a file or the command line (``started``, ``ended``), or None when not given."""
    if value in (None, ""):
        return None
    if not isinstance(value, str):
        raise BadInput(_("{where}: give a date and time such as 2026-11-17T20:30").format(where=where))
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        raise BadInput(_("{where}: {value!r} is not a date and time such as 2026-11-17T20:30").format(
            where=where, value=value)) from None


def given_text(value: Any, domain: Text, where: str) -> str | None:
    """A group name, a title or a currency from a file or the command line, in its domain (None: not given)."""
    if value is None:
        return None
    try:
        return domain.clean(value)
    except OutOfDomain as exc:
        raise BadInput(f"{where}: {refusal(exc)}") from None


def document_command(sub: Subcommands, name: str, help: str, file_help: str,
                     func: Callable[[argparse.Namespace, TextIO], int]) -> OneLineParser:
    """The parser of a command that prints a document from a session file: the file, ``-o`` and ``--html``
    (the caller adds what else the document may be told)."""
    p = sub.add_parser(name, help=help)
    p.add_argument("file", help=file_help)
    p.add_argument("-o", "--output", help=_("where to write it (default {file})").format(file=f"{name}.pdf"))
    p.add_argument("--html", action="store_true", help=_("write the HTML page (print CSS included) instead of PDF"))
    p.set_defaults(func=func)
    return p


def document_target(args: argparse.Namespace) -> Path:
    """Where a document command writes (``-o``, else ``NAME.pdf`` or ``NAME.html``): never a folder."""
    target = Path(args.output or f"{args.command}.{'html' if args.html else 'pdf'}")
    if target.is_dir():
        raise BadInput(_("{path}: is a folder; give a file name with -o").format(path=target))
    return target


def write_document(target: Path, document: bytes, title: str, out: TextIO) -> None:
    """Write a document whole and say so: its title, where it went and its size."""
    write_whole(target, document)
    out.write(_("{title}: {path} ({size} bytes)").format(title=title, path=target,
                                                          size=formats.number(len(document))) + "\n")


def write_whole(path: Path, data: bytes) -> None:
    """Write the whole document or nothing: a temporary file renamed into place."""
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent if str(path.parent) else ".", prefix=".", suffix=path.suffix)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except OSError as exc:
        raise BadInput(_("{path}: cannot write the document ({error})").format(
            path=path, error=exc.strerror or exc)) from None
