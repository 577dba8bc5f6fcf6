"""Fixtures for the printed documents: the worked example, a long session, PDF text."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from pypdf import PdfReader

from scorekeeper.core.errors import HandError
from scorekeeper.games.tresillo.engine import Hand, Ledger, Session, Setup, Table, loads, replay
from scorekeeper.games.tresillo.views import SessionView, build_view

DATA = Path(__file__).resolve().parents[1] / "data"
WORKED = DATA / "worked_example.json"
PLAYERS = ("North", "West", "South", "East")

#: the worked example's 17 rows: index, bowls (N, W, S, E), plato, pajaritos, paper as printed
#: (as in the worked example, a crossed debt shows in the row that crosses it, then leaves the paper)
WORKED_ROWS = [
    (0, 155, 155, 155, 155, 0, 20, "empty"),
    (1, 154, 155, 155, 155, 6, 15, "empty"),
    (2, 151, 152, 170, 152, 0, 15, "empty"),
    (3, 151, 151, 170, 152, 6, 10, "empty"),
    (4, 141, 151, 170, 152, 16, 10, "empty"),
    (5, 141, 151, 169, 152, 17, 10, "empty"),
    (6, 142, 152, 166, 153, 17, 10, "South: 21"),
    (7, 142, 152, 166, 152, 18, 10, "South: 21"),
    (8, 164, 130, 166, 152, 18, 10, "West: 22; South: 21"),
    (9, 163, 130, 166, 152, 19, 10, "West: 22; South: 21"),
    (10, 167, 134, 170, 159, 0, 10, "West: 22; South: 21"),
    (11, 167, 133, 170, 159, 1, 10, "West: 22; South: 21"),
    (12, 167, 133, 170, 159, 1, 10, "West: 22; South: 21 23; East: 23"),
    (13, 167, 133, 169, 159, 2, 10, "West: 22; South: 21 23; East: 23"),
    (14, 167, 158, 169, 136, 0, 10, "West: 22; South: 21 23; East: ~23~"),
    (15, 167, 158, 169, 135, 1, 10, "West: 22; South: 21 23"),
    (16, 166, 157, 173, 134, 0, 10, "West: 22; South: 21 ~23~"),
]

STARTED = datetime(2026, 11, 17, 20, 30)
ENDED = datetime(2026, 11, 18, 0, 45)
GROUP = "Casino de Oviedo, Tuesday table"


def pdf_pages(pdf: bytes) -> list[str]:
    """The text of each page, as pypdf extracts it."""
    reader = PdfReader(io.BytesIO(pdf))
    return [page.extract_text() for page in reader.pages]


def worked_session_text() -> str:
    return WORKED.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def worked_ledger() -> Ledger:
    return replay(loads(worked_session_text()))


@pytest.fixture(scope="session")
def worked_view(worked_ledger: Ledger) -> SessionView:
    return build_view(worked_ledger, group=GROUP, started=STARTED, ended=ENDED)


# ------------------------------------------------------------ a long session

#: (contract, declarer's tricks, first opponent's, second opponent's, estuche)
#: wins, puestas, codillos and a vuelta with estuche, so the paper fills and gets crossed out
CYCLE = [
    ("entrada", 5, 2, 2, False),
    ("vuelta", 6, 2, 1, True),
    ("entrada", 4, 4, 1, False),
    ("solo", 5, 3, 1, False),
    ("entrada", 2, 5, 2, False),
    ("vuelta", 3, 3, 3, False),
    ("entrada", 5, 4, 0, False),
    ("solo", 4, 3, 2, True),
]


def gen_hands(count: int, setup: Setup | None = None, table: Table | None = None) -> Iterator[Hand]:
    """``count`` valid hands, cycling through :data:`CYCLE`; each is played on ``table`` to check it."""
    if table is None:
        table = Table(setup or Setup(players=PLAYERS, first_dealer=PLAYERS[0]))
    for n in range(count):
        up = table.upcoming()
        contract, d, a, b, estuche = CYCLE[n % len(CYCLE)]
        declarer = up.active[n % len(up.active)]
        opp = [p for p in up.active if p != declarer]
        hand = Hand(contract, declarer=declarer, tricks={declarer: d, opp[0]: a, opp[1]: b}, estuche=estuche)
        try:
            table.play(hand)
        except HandError:  # not allowed just now (e.g. a tie on the paper): a plain win instead
            hand = Hand("entrada", declarer=declarer, tricks={declarer: 5, opp[0]: 2, opp[1]: 2})
            table.play(hand)
        yield hand


def gen_session(count: int) -> Session:
    return Session(Setup(players=PLAYERS, first_dealer=PLAYERS[0]), tuple(gen_hands(count)))


@pytest.fixture(scope="session")
def long_ledger() -> Ledger:
    return replay(gen_session(300))


@pytest.fixture()
def session_file(tmp_path: Path):
    """Write a session dict as a file; returns its path."""

    def write(data: dict, name: str = "session.json") -> Path:
        path = tmp_path / name
        path.write_text(json.dumps(data), encoding="utf-8")
        return path

    return write
