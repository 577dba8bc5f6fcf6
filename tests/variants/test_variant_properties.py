"""Property tests over random sessions with random options (all three rulesets).

A session is grown hand by hand on a live table: each random hand is either
played or refused, and a refused hand must leave the table exactly as it was.
Then the whole session is replayed from its setup and from its session file.
"""

from __future__ import annotations

import dataclasses
import json
import os
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core.errors import HandError, SessionError
from scorekeeper.games.tresillo.engine import (
    SUITS,
    Hand,
    Options,
    Session,
    Setup,
    Surrender,
    Table,
    dump_session,
    loads,
    replay,
)
from tests.ledger_checks import check_transfers_explain_rows, check_upcoming

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


EXAMPLES = settings(max_examples=int(os.environ.get("VARIANT_EXAMPLES", "300")), deadline=None,
                   suppress_health_check=[HealthCheck.too_slow])


@EXAMPLES
@given(sessions())
def test_random_sessions_with_random_options(session: Session) -> None:
    """Every row's transfers explain its figures; French hands move points between players only;
    scores ×5 settle every pair of players in whole tokens; the session file carries everything."""
    ledger = replay(session)
    check_transfers_explain_rows(ledger)
    players = set(session.setup.players)
    for res in ledger.results:
        if ledger.rules.scoring == "points":
            assert {t.source for t in res.transfers} | {t.target for t in res.transfers} <= players
        if ledger.rules.round_to > 1:
            pair: dict[tuple[str, str], int] = {}
            for t in res.transfers:
                if t.source in players and t.target in players:
                    a, b = sorted((t.source, t.target))
                    pair[(a, b)] = pair.get((a, b), 0) + (t.amount if t.source == a else -t.amount)
            assert all(v % ledger.rules.round_to == 0 for v in pair.values())
    assert loads(json.dumps(dump_session(session))) == session


@EXAMPLES
@given(sessions())
def test_upcoming_amount_is_the_next_amount_in_play(session: Session) -> None:
    """Before every hand, the table screen's amount in play (or the favoured one, when trumps are the
    palo de favor) is the amount the hand is played for."""
    table = Table(session.setup)
    for hand in session.hands:
        check_upcoming(table, hand)


#: a field of another scoring, and a value that would otherwise be valid
FOREIGN = {"puesta": [("bet", "J")], "points": [("debt", "Ana"), ("drops_out", "Bea"), ("estuche", True),
                                              ("contra_estuche", True), ("forced", True)]}


@EXAMPLES
@given(st.data())
def test_fields_of_another_scoring_are_refused(data: st.DataObject) -> None:
    """A hand carrying a field its ruleset's scoring does not read is refused, naming the hand and the field."""
    session = data.draw(sessions())
    if not session.hands:
        return
    k = data.draw(st.integers(0, len(session.hands) - 1))
    rules = Table(session.setup).rules
    field, value = data.draw(st.sampled_from(FOREIGN[rules.scoring]))
    bad = dataclasses.replace(session.hands[k], **{field: value})
    with pytest.raises(SessionError) as refused:
        replay(Session(session.setup, session.hands[:k] + (bad,) + session.hands[k + 1:]))
    assert (refused.value.first.hand, refused.value.first.field) == (k + 1, field)
