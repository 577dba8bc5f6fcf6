"""The hardened reader of a session file's JSON, the same for every format and every game.

A session file comes from anywhere (an upload, a shared link, the command line), so its text is
read here before any game looks at it: UTF-8 only (with or without a byte-order mark), at most
``FILE_BYTES``, nested at most ``JSON_DEPTH`` levels, no NaN or Infinity, no number longer than
Python reads, no lone surrogate in a text or a name. Every fault is a :class:`SessionError` naming
the field (a hand of ``tresillo-session/1``, the oldest format, is named as the hand), never
another exception. Standard library only.

>>> parse_json(b'{"players": ["Ana"]}')
{'players': ['Ana']}
>>> parse_json('{"a": [[[[]]]]}') == {"a": [[[[]]]]}
True
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from decimal import Decimal
from typing import Any, NoReturn

from . import domains
from .errors import N_, SessionError, field_error


def _err(hand: int | None, field: str, template: str, **params: Any) -> SessionError:
    return SessionError(field_error(hand, field, template, **params))


def decode(data: bytes) -> str:
    """The text of a session file: UTF-8, with or without a byte-order mark; anything else is refused.

    >>> decode(b"\\xef\\xbb\\xbf{}"), decode(b"{}")
    ('{}', '{}')
    """
    if len(data) > domains.FILE_BYTES:
        raise _err(None, "format", N_("the file has {count:,} bytes; a session file has at most {FILE_BYTES:,}"),
                count=len(data), FILE_BYTES=domains.FILE_BYTES)
    for bom, name in ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
                      (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16")):
        if data.startswith(bom):
            raise _err(None, "format", N_("the file is {name}, not UTF-8: save it as UTF-8 and try again"), name=name)
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise _err(None, "format", _guess_encoding(data)) from None


def _guess_encoding(data: bytes) -> str:
    """The refusal of a non-UTF-8 file, saying what it probably is."""
    if data[:200].count(0) > len(data[:200]) // 4:
        return N_("the file is not UTF-8 (it looks like UTF-16 without a byte-order mark): "
                  "save it as UTF-8 and try again")
    try:
        data.decode("cp1252")
    except UnicodeDecodeError:
        return N_("the file is not UTF-8 (its encoding is unknown): save it as UTF-8 and try again")
    return N_("the file is not UTF-8 (it looks like Latin-1 or Windows-1252): save it as UTF-8 and try again")


#: what the json module says is wrong (the start of its message), each as a whole refusal
_JSON_PROBLEMS = (
    ("Expecting value", N_("not JSON (line {lineno}, column {colno}: a value is missing)")),
    ("Expecting property name", N_("not JSON (line {lineno}, column {colno}: a name in double quotes is missing)")),
    ("Expecting ':'", N_("not JSON (line {lineno}, column {colno}: a colon is missing)")),
    ("Expecting ','", N_("not JSON (line {lineno}, column {colno}: a comma is missing)")),
    ("Unterminated string", N_("not JSON (line {lineno}, column {colno}: a text is never closed)")),
    ("Invalid control character", N_("not JSON (line {lineno}, column {colno}: a control character in a text)")),
    ("Invalid \\", N_("not JSON (line {lineno}, column {colno}: a backslash escape JSON does not know)")),
    ("Extra data", N_("not JSON (line {lineno}, column {colno}: more text after the end)")),
)


def _json_problem(msg: str) -> str:
    """The refusal of text the json module cannot read, in our words (its own are English only)."""
    for start, template in _JSON_PROBLEMS:
        if msg.startswith(start):
            return template
    return N_("not JSON (line {lineno}, column {colno})")


class _NotANumber(ValueError):
    """NaN, Infinity or -Infinity in the text: JSON has no such number."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def _no_constant(name: str) -> Any:
    raise _NotANumber(name)


def parse_json(text: str | bytes) -> Any:
    """The JSON value of a session file's text (or bytes), checked to be plain, shallow, valid Unicode."""
    if isinstance(text, bytes | bytearray):
        text = decode(bytes(text))
    elif len(text) > domains.FILE_BYTES:
        raise _err(None, "format", N_("the file has {count:,} characters; a session file has at most {FILE_BYTES:,}"),
                count=len(text), FILE_BYTES=domains.FILE_BYTES)
    text = text.removeprefix("\ufeff")
    try:
        data = json.loads(text, parse_float=Decimal, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise _err(None, "format", _json_problem(exc.msg), lineno=exc.lineno, colno=exc.colno) from None
    except RecursionError:
        raise _err(None, "format", N_("nested too deeply (a session file nests at most {JSON_DEPTH} levels)"),
                JSON_DEPTH=domains.JSON_DEPTH) from None
    except _NotANumber as exc:
        raise _err(None, "format", N_("not a session file: {name} is not a number a session file may hold"),
                   name=exc.name) from None
    except ValueError:  # an integer of more digits than Python reads (sys.get_int_max_str_digits)
        raise _err(None, "format", N_("not a session file: a number has more than {most} digits"),
                   most=sys.get_int_max_str_digits()) from None
    check_plain(data)
    return data


def _where(path: list[str | int]) -> tuple[int | None, str]:
    """(hand, field) of a place in the file: ["hands", 2, "tricks", "A"] is hand 3, tricks.A."""
    if len(path) >= 2 and path[0] == "hands" and isinstance(path[1], int):
        rest = path[2:]
        return path[1] + 1, ".".join(str(p) for p in rest) or "hand"
    field = ""
    for p in path:
        field += f"[{p}]" if isinstance(p, int) else (f".{p}" if field else p)
    return None, field or "format"


def check_plain(value: Any) -> None:
    """Refuse what no session file holds: deep nesting, non-JSON values, text that is not valid Unicode.

    Walks the whole value without recursion, so the walk itself cannot
    overflow; only when something is wrong is the walk repeated to say where.
    """
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        kind = type(item)
        if kind is str:
            if not (item.isascii() or domains.valid_unicode(item)):
                _refuse_plain(value)
        elif kind is dict or kind is list or isinstance(item, Mapping | list):
            if depth >= domains.JSON_DEPTH:
                _refuse_plain(value)
            if isinstance(item, Mapping):
                for key, v in item.items():
                    if type(key) is not str or not (key.isascii() or domains.valid_unicode(key)):
                        _refuse_plain(value)
                    stack.append((v, depth + 1))
            else:
                stack.extend((v, depth + 1) for v in item)
        elif not (item is None or kind is bool or kind is int or kind is Decimal or kind is float
                  or isinstance(item, bool | int | Decimal | float)):
            _refuse_plain(value)


def _plain_children(item: Mapping[Any, Any] | list[Any], path: list[str | int]) -> list[tuple[Any, list[str | int]]]:
    """The values inside an object or a list, each with its place; refused if it nests too deep or a name is bad."""
    if len(path) >= domains.JSON_DEPTH:
        hand, field = _where(path[:3])
        raise _err(hand, field, N_("nested too deeply (a session file nests at most {JSON_DEPTH} levels)"),
                   JSON_DEPTH=domains.JSON_DEPTH)
    if isinstance(item, list):
        return [(v, [*path, i]) for i, v in enumerate(item)]
    children: list[tuple[Any, list[str | int]]] = []
    for key, v in item.items():
        if not isinstance(key, str):
            raise _err(*_where(path), N_("every name of a field must be text"))
        if not domains.valid_unicode(key):
            raise _err(*_where(path), N_("a field's name holds a lone surrogate: it is not valid Unicode"))
        children.append((v, [*path, key]))
    return children


def _refuse_plain(value: Any) -> NoReturn:
    """Find the first fault :func:`check_plain` saw, and refuse it naming its place."""
    stack: list[tuple[Any, list[str | int]]] = [(value, [])]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            if not domains.valid_unicode(item):
                raise _err(*_where(path), N_("holds a lone surrogate: the text is not valid Unicode"))
        elif isinstance(item, Mapping | list):
            stack.extend(_plain_children(item, path))
        elif not (item is None or isinstance(item, bool | int | Decimal | float)):
            raise _err(*_where(path), N_("{name__} is not a JSON value"), name__=type(item).__name__)
    raise _err(None, "format", N_("not a session file"))  # pragma: no cover  (only called on a fault)
