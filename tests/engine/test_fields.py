"""Fields a table does not read are refused, naming the hand and the field; nothing is applied."""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import SessionError
from scorekeeper.games.tresillo.engine import load_session, replay

from .helpers import NWS, NWSE, session

WIN = {"contract": "entrada", "declarer": "West", "tricks": {"North": 2, "West": 5, "South": 2}}


def refusal(d: dict) -> tuple[int | None, str, str]:
    with pytest.raises(SessionError) as refused:
        replay(load_session(d))
    err = refused.value.first
    return err.hand, err.field, err.message


def test_the_french_bet_in_a_pagat_file() -> None:
    """Hand 2 carries the dealer's bet of French scoring: refused as hand 2, field bet."""
    hand, field, message = refusal(session(NWS, [WIN, {**WIN, "bet": "J"}]))
    assert (hand, field) == (2, "bet") and "French" in message


@pytest.mark.parametrize("field, value", [("debt", "North"), ("drops_out", "North"), ("estuche", True),
                                          ("contra_estuche", True), ("forced", True)])
def test_puesta_fields_in_a_french_file(field: str, value: object) -> None:
    hand = {"contract": "entrada", "declarer": "West", "tricks": {"West": 5, "South": 2, "East": 2}, field: value}
    assert refusal(session(NWSE, [hand], rules="french"))[:2] == (1, field)


def test_a_field_no_hand_has() -> None:
    assert refusal(session(NWS, [{**WIN, "trick": 3}]))[:2] == (1, "trick")


@pytest.mark.parametrize("name", ["plato", "paper", "pajaritos", "pot"])
def test_a_player_named_like_a_dish(name: str) -> None:
    """A transfer to "plato" goes to the plato: a player cannot have that name."""
    hand, field, message = refusal(session(["North", name, "South"], []))
    assert hand is None and field.startswith("players") and name in message  # players[1]: the name's domain
