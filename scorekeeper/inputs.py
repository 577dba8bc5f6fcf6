"""A session file read for a command: any refusal becomes one line naming the hand and the field.

Shared by every subcommand (``replay`` in :mod:`scorekeeper.cli`, the documents in
:mod:`scorekeeper.reports.commands`), so neither imports the other.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import NoReturn, TypeAlias

from .engine import Ledger, SessionError, loads, replay

#: the exit status of a command that refused its input
EXIT_BAD_INPUT = 2


class BadInput(Exception):
    """Input the command refuses; its message is the one line printed."""


def read_ledger(path: str) -> Ledger:
    """Read and replay a session file; any refusal becomes :class:`BadInput`."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise BadInput(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise BadInput(f"{path}: not a UTF-8 text file") from None
    try:
        return replay(loads(text))
    except SessionError as exc:
        raise BadInput(str(exc.first)) from None


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line and exit :data:`EXIT_BAD_INPUT`."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {message}\n")


#: what a subcommand registrar receives: ``sub.add_parser(...)`` makes its parser
Subcommands: TypeAlias = "argparse._SubParsersAction[OneLineParser]"
