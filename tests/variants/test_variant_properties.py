"""Property tests over random sessions with random options (all three rulesets).

A session is grown hand by hand on a live table: each random hand is either
played or refused, and a refused hand must leave the table exactly as it was.
Then the whole session is replayed from its setup and from its session file.
"""

from __future__ import annotations

import json
import os
from decimal import Decimal
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import (
    SUITS,
    Hand,
    HandError,
    Options,
    Session,
    Setup,
    Surrender,
    Table,
    dump_session,
    loads,
    replay,
)

NAMES = ("Ana", "Bea", "Carlos", "Dolores")


@st.composite
def option_sets(draw: st.DrawFn, rules: str) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if draw(st.booleans()):
        options["palo_de_favor"] = draw(st.sampled_from(SUITS))
    names = ["entrada", "vuelta", "solo", "bola"]
    if rules == "french":
        if draw(st.booleans()):
            options["dealer_bet"] = draw(st.integers(0, 25))
    else:
        scale = draw(st.sampled_from([1, 1, 5]))
        if scale == 5 or draw(st.booleans()):
            options["scale"] = scale
        if draw(st.booleans()):
            options["codillo"] = draw(st.sampled_from(["winner_only", "puesta_and_winner"]))
        if rules == "pagat" and draw(st.booleans()):
            options["penetro_four"] = draw(st.booleans())
        if draw(st.booleans()):
            options["ante"] = draw(st.integers(0, 3)) * scale
        if draw(st.booleans()):
            options["pajarito"] = draw(st.integers(1, 6)) * scale
        names += ["estuche", "contra_estuche", "primeras"]
    if draw(st.booleans()):
        chosen = draw(st.lists(st.sampled_from(names), unique=True, max_size=3))
        options["condiciones"] = {n: draw(st.integers(0, 40)) for n in chosen}
    return options


def split(draw: st.DrawFn, players: tuple[str, ...], total: int) -> dict[str, int]:
    """A random split of ``total`` tricks among ``players``."""
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=len(players) - 1, max_size=len(players) - 1)))
    bounds = [0, *cuts, total]
    return {p: bounds[i + 1] - bounds[i] for i, p in enumerate(players)}


def penetro_for(draw: st.DrawFn, table: Table, dealer: str, trump: str | None) -> Hand:
    """A penetro by the dealer: surrendered on seeing the cards, or played to the end."""
    if draw(st.integers(0, 4)) == 0:
        return Hand("penetro", declarer=dealer, surrender=Surrender(None))
    if table.rules.penetro_four:
        active: tuple[str, ...] = table.players
        drops = None
    else:
        drops = draw(st.sampled_from([p for p in table.players if p != dealer]))
        active = tuple(p for p in table.players if p != drops)
    return Hand("penetro", declarer=dealer, tricks=split(draw, active, 9), drops_out=drops, trump=trump)


def bola_for(draw: st.DrawFn, mine: int, plain: bool) -> str | None:
    """Nine tricks are a won bola; five to eight may be a failed one (never after a surrender or primeras)."""
    if not plain:
        return None
    if mine == 9:
        return "won"
    return "failed" if 5 <= mine <= 8 and draw(st.booleans()) else None


def estuches_for(draw: st.DrawFn, table: Table, plain: bool) -> tuple[bool | int, bool | int]:
    """(estuche, contra-estuche): puesta scoring only, never after a surrender."""
    rules = table.rules
    if rules.scoring != "puesta" or not plain:
        return False, False
    kind = draw(st.integers(0, 3))
    if kind == 1:
        return draw(st.sampled_from([True, 3, 4, 5, 6, 7, 8, 9])), False
    if kind == 2 and rules.allows("contra_estuche"):
        return False, draw(st.sampled_from([True, 3, 4, 5, 6, 7]))
    return False, False


@st.composite
def hands_for(draw: st.DrawFn, table: Table) -> Hand:
    up = table.upcoming()
    rules = table.rules
    contract = draw(st.sampled_from(up.contracts))
    trump = draw(st.sampled_from(SUITS)) if rules.favoured_suit else None
    bet = draw(st.sampled_from([None, "J", "P", "C"])) if rules.dealer_bet and table.n == 4 else None
    if contract == "pass":
        return Hand("pass", bet=bet)
    if contract == "penetro":
        return penetro_for(draw, table, up.dealer, trump)
    declarer = draw(st.sampled_from(up.declarers))
    active = up.active
    surrender = None
    if contract in ("entrada", "vuelta") and draw(st.integers(0, 3)) == 0:
        takeover = draw(st.sampled_from([None, *[p for p in active if p != declarer]]))
        surrender = Surrender(takeover)
        if takeover is None:
            return Hand(contract, declarer=declarer, surrender=surrender, trump=trump, bet=bet)
    playing = surrender.takeover if surrender else declarer
    assert playing is not None
    primeras = surrender is None and draw(st.integers(0, 6)) == 0
    tricks = {p: (5 if p == playing else 0) for p in active} if primeras else split(draw, active, 9)
    plain = surrender is None
    bola = bola_for(draw, tricks[playing], plain and not primeras)
    estuche, contra = estuches_for(draw, table, plain)
    return Hand(contract, declarer=declarer, tricks=tricks, surrender=surrender, trump=trump,
                estuche=estuche, contra_estuche=contra, primeras=primeras, bola=bola, bet=bet)


@st.composite
def sessions(draw: st.DrawFn) -> Session:
    rules = draw(st.sampled_from(["pagat", "house", "french"]))
    n = draw(st.sampled_from([3, 4]))
    players = NAMES[:n]
    options = draw(option_sets(rules))
    setup = Setup(
        players=players,
        first_dealer=draw(st.sampled_from(players)),
        rules=rules,
        start_tokens=draw(st.integers(200, 2000)),
        tanto_value=Decimal(draw(st.sampled_from(["0.10", "0.05", "1", "0.25"]))),
        options=Options(options),
        end_paper=draw(st.sampled_from(["settle", "keep"])),
    )
    table = Table(setup)
    played: list[Hand] = []
    for _ in range(draw(st.integers(0, 30))):
        hand = draw(hands_for(table))
        before_rows, before_last, before_bowls = len(table.rows), table.last, list(table.bowls)
        try:
            table.play(hand)
        except HandError:
            # a refused hand changes nothing at all
            assert len(table.rows) == before_rows and table.last is before_last
            assert table.bowls == before_bowls
            continue
        played.append(hand)
    return Session(setup, tuple(played))


@settings(max_examples=int(os.environ.get("VARIANT_EXAMPLES", "300")), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions())
def test_random_sessions_with_random_options(session: Session) -> None:
    ledger = replay(session)
    setup = session.setup
    n = len(setup.players)
    total = setup.start_tokens * n
    points = ledger.rules.scoring == "points"  # type: ignore[attr-defined]
    for row in ledger.rows:
        # conservation: bowls + plato + pajaritos never change
        assert row.tokens == total
        if points:
            assert row.plato == 0 and row.pajaritos == 0 and row.paper == ()
    for res in ledger.results:
        delta: dict[str, int] = {}
        for t in res.transfers:
            assert t.amount > 0
            delta[t.source] = delta.get(t.source, 0) - t.amount
            delta[t.target] = delta.get(t.target, 0) + t.amount
        assert sum(delta.values()) == 0
        if points:
            # zero-sum per hand, between players only
            assert set(delta) <= set(setup.players)
        if ledger.rules.round_to > 1:  # type: ignore[attr-defined]
            pair: dict[tuple[str, str], int] = {}
            for t in res.transfers:
                if t.source in setup.players and t.target in setup.players:
                    a, b = sorted((t.source, t.target))
                    pair[(a, b)] = pair.get((a, b), 0) + (t.amount if t.source == a else -t.amount)
            assert all(v % ledger.rules.round_to == 0 for v in pair.values())  # type: ignore[attr-defined]
    st_ = ledger.settlement
    assert sum(st_.net.values()) == 0 and sum(st_.money.values()) == Decimal(0)
    # deterministic, and the session file carries everything (options included)
    again = loads(json.dumps(dump_session(session)))
    assert again == session
    other = replay(again)
    assert [r.bowls_tuple for r in other.rows] == [r.bowls_tuple for r in ledger.rows]
    assert [r.comment for r in other.rows] == [r.comment for r in ledger.rows]
    assert other.settlement == st_
    # a later hand never changes the rows before it
    if session.hands:
        k = len(session.hands) // 2
        prefix = replay(Session(setup, session.hands[:k]))
        assert [r.bowls_tuple for r in prefix.rows] == [r.bowls_tuple for r in ledger.rows[: 2 * k + 1]]
        assert [r.paper for r in prefix.rows] == [r.paper for r in ledger.rows[: 2 * k + 1]]
