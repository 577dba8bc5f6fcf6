"""Tresillo as the registry's first game: the same figures through the plug-in as through its own file.

The worked example (``tests/data/worked_example.json``, ``tresillo-session/1``) is replayed by the
engine directly and, written as a ``scorekeeper-session/2`` document, through ``GAMES["tresillo"]``:
every bowl after every hand and the settlement's money agree. Its own file still reads and writes
back to the same document, and the pages of the other games do not offer Tresillo.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from scorekeeper.core.errors import SessionError
from scorekeeper.games import GAMES
from scorekeeper.games.replay import replay as replay_game
from scorekeeper.games.tresillo.engine import dump_session, load_session, loads, replay

EXAMPLE = Path(__file__).resolve().parents[1] / "data" / "worked_example.json"


def as_second_format(text: str) -> dict:
    """The worked example's setup and hands as a scorekeeper-session/2 document."""
    d = json.loads(text)
    options = {"rules": d["rules"], "first_dealer": d["first_dealer"], "start_tokens": d["start_tokens"],
               "end_paper": d["end"]["paper"], "stake": d["tanto_value"]}
    return {"format": "scorekeeper-session/2", "game": "tresillo", "players": d["players"], "options": options,
            "deals": d["hands"]}


def test_the_plug_in_gives_the_engines_bowls_and_money():
    text = EXAMPLE.read_text()
    ledger = replay(loads(text))
    played = replay_game(as_second_format(text))
    start = ledger.setup.start_tokens
    hand_rows = [row for row in ledger.rows if row.kind == "hand"]
    assert len(played.rows) == len(hand_rows) == 8
    for deal, row in zip(played.rows, hand_rows, strict=True):
        assert dict(deal.scores) == {p: row.bowls[p] - start for p in ledger.setup.players}
        assert deal.extra("plato") == row.plato and deal.extra("pajaritos") == row.pajaritos
    assert dict(played.result.money) == ledger.settlement.money
    assert sum(ledger.settlement.money.values(), Decimal(0)) == 0 and any(ledger.settlement.money.values())
    assert played.result.finished is None


def test_its_own_file_reads_and_writes_back_unchanged():
    text = EXAMPLE.read_text()
    session = loads(text)
    written = json.dumps(dump_session(session), ensure_ascii=False, indent=1)
    assert dump_session(load_session(json.loads(written))) == dump_session(session)
    assert json.loads(written)["hands"] == json.loads(text)["hands"]
    assert replay(loads(written)).settlement == replay(session).settlement


def test_a_bad_hand_is_refused_as_that_deal_and_a_bad_option_as_the_option():
    doc = as_second_format(EXAMPLE.read_text())
    doc["deals"][2] = {**doc["deals"][2], "declarer": "Nobody"}
    with pytest.raises(SessionError) as bad_deal:
        replay_game(doc)
    assert (bad_deal.value.first.hand, bad_deal.value.first.unit, bad_deal.value.first.field) == (3, "deal", "declarer")
    doc = as_second_format(EXAMPLE.read_text())
    doc["options"]["variants"] = {"no_such_variant": True}
    with pytest.raises(SessionError) as bad_option:
        replay_game(doc)
    assert bad_option.value.first.hand is None
    assert bad_option.value.first.field == "options.variants.no_such_variant"


def test_tresillo_is_registered_but_the_other_games_pages_do_not_offer_it():
    from scorekeeper.services import games as game_services

    spec = GAMES["tresillo"].spec
    assert (spec.name, spec.title, spec.seats, spec.partnership, spec.unit) == ("tresillo", "Tresillo", (3, 4),
                                                                               "none", "tantos")
    assert {o.name for o in spec.options} >= {"rules", "stake", "variants", "end_paper"}
    names = [c.name for c in game_services.game_choices()]
    assert "tresillo" not in names and "rovescino" in names
    assert game_services.game_spec("tresillo") is None and game_services.pieces_of("tresillo") is None
    assert game_services.game_spec("rovescino") is GAMES["rovescino"].spec
