"""A corpus of hostile session files, built at test time (nothing big is committed).

Each entry is (file name, the bytes, whether a reader accepts it, a word the
refusal must contain). Used by the CLI test and the web import test.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

WORKED = Path(__file__).resolve().parent / "data" / "worked_example.json"


def _worked() -> dict[str, Any]:
    return json.loads(WORKED.read_text(encoding="utf-8"))


def _with(**changes: Any) -> bytes:
    return json.dumps({**_worked(), **changes}, ensure_ascii=False).encode("utf-8")


def _hand(i: int, **changes: Any) -> bytes:
    doc = _worked()
    doc["hands"][i] = {**doc["hands"][i], **changes}
    return json.dumps(doc).encode("utf-8")


def _latin(codec: str) -> bytes:
    doc = _worked()
    doc["players"][0] = "José"
    doc["first_dealer"] = "José"
    for h in doc["hands"]:
        if h.get("declarer") == "North":
            h["declarer"] = "José"
        if "North" in h.get("tricks", {}):
            h["tricks"]["José"] = h["tricks"].pop("North")
    return json.dumps(doc, ensure_ascii=False).encode(codec)


def _many_hands(count: int) -> bytes:
    """A valid session of ``count`` hands (bench/replay.py's mix), written as the app exports it."""
    from replay import make_hands
    from scorekeeper.games.tresillo.engine import Session, Setup, dump_session

    session = Session(Setup(players=("North", "West", "South", "East"), first_dealer="North"),
                      tuple(make_hands(count)))
    return json.dumps(dump_session(session), ensure_ascii=False, indent=1).encode("utf-8")


def _ten_megabytes() -> bytes:
    """A 10 MB file: the worked example padded with a long title."""
    doc = _worked()
    doc["title"] = "x" * (10 * 1024 * 1024)
    return json.dumps(doc).encode("utf-8")


def corpus() -> list[tuple[str, bytes, bool, str]]:
    """(name, bytes, accepted?, a word the one-line refusal contains)."""
    deep = 50_000
    return [
        ("worked.json", WORKED.read_bytes(), True, ""),
        ("bom.json", b"\xef\xbb\xbf" + WORKED.read_bytes(), True, ""),
        ("long.json", _many_hands(500), True, ""),
        ("deep-array.json", b"[" * deep + b"]" * deep, False, "nested"),
        ("deep-object.json", b'{"a":' * deep + b"1" + b"}" * deep, False, "nested"),
        ("deep-hand.json", _hand(0, tricks=json.loads("[" * 40 + "]" * 40)), False, "nested"),
        ("digits-5000.json", b'{"start_tokens": ' + b"9" * 5000 + b"}", False, "digits"),
        ("start-2-63.json", _with(start_tokens=2**63), False, "start_tokens"),
        ("start-2-31.json", _with(start_tokens=2**31 + 1), False, "start_tokens"),
        ("tanto-1e26.json", _with(tanto_value="1e26"), False, "tanto_value"),
        ("tanto-number-1e26.json", json.dumps(_worked())[:-1].encode() + b', "tanto_value": 1e26}', False,
         "tanto_value"),
        ("tanto-31-digits.json", _with(tanto_value="1234567890123456789012345678.901"), False, "tanto_value"),
        ("tanto-1e400.json", json.dumps(_worked())[:-1].encode() + b', "tanto_value": 1e400}', False,
         "tanto_value"),
        ("nan.json", b'{"players": ["A", "B", "C"], "tanto_value": NaN}', False, "NaN"),
        ("latin-1.json", _latin("latin-1"), False, "Latin-1"),
        ("cp1252.json", _latin("cp1252"), False, "Windows-1252"),
        ("utf-16.json", _latin("utf-16"), False, "UTF-16"),
        ("utf-16-le.json", _latin("utf-16-le"), False, "UTF-16"),
        ("utf-32.json", _latin("utf-32"), False, "UTF-32"),
        ("ten-megabytes.json", _ten_megabytes(), False, "bytes"),
        ("empty.json", b"", False, "JSON"),
        ("truncated.json", WORKED.read_bytes()[:200], False, "JSON"),
        ("binary.json", bytes(range(256)) * 4, False, "UTF-8"),
        ("top-array.json", b"[1, 2, 3]", False, "object"),
        ("top-string.json", b'"tresillo"', False, "object"),
        ("top-null.json", b"null", False, "object"),
        ("rules-list.json", _with(rules=["pagat"]), False, "rules"),
        ("rules-object.json", _with(rules={"pagat": True}), False, "rules"),
        ("players-object.json", _with(players={"North": 1}), False, "players"),
        ("hands-string.json", _with(hands="eight hands"), False, "hands"),
        ("hand-list.json", _with(hands=[["vuelta", "South"]]), False, "hand 1"),
        ("tricks-list.json", _hand(0, tricks=[2, 5, 2]), False, "tricks"),
        ("surrender-words.json", _hand(0, surrender="yes please"), False, "surrender"),
        ("bola-maybe.json", _hand(0, bola="maybe"), False, "bola"),
        ("contract-number.json", _hand(2, contract=5), False, "contract"),
        ("surrogate-name.json", WORKED.read_bytes().replace(b'"North"', b'"North\\ud800"'), False, "surrogate"),
        ("nul-name.json", WORKED.read_bytes().replace(b'"North"', b'"North\\u0000"'), False, "control"),
        ("long-name.json", _with(players=["N" * 100_000, "West", "South", "East"], first_dealer="West"), False,
         "40"),
        ("nul-currency.json", _with(currency="ES\u0000"), False, "currency"),
        ("unknown-field.json", _hand(1, trick={"North": 4}), False, "unknown"),
        ("too-many-hands.json", _with(hands=[{"contract": "pass"}] * 10_001), False, "10,000"),
        ("title-list.json", _with(title=["x"]), True, ""),  # the engine ignores it; documents refuse it
    ]
