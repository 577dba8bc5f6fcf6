"""The dealer as a recorded fact: each hand may say who dealt it, and a seating may change from a hand on.

Without a recorded dealer the deal passes from the previous hand's dealer to
the next player of the seating in force. Figures marked "by hand" were worked
out on paper from the worked example's rules (ante 1, pajarito 5, one tanto
per player in the puesta, entrada condición 0).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.core.errors import SessionError
from scorekeeper.games.tresillo.engine import dump_session, load_session, replay
from scorekeeper.games.tresillo.words import ledger_json

from .helpers import NWSE, bowls, paper, run, state
from .test_worked_example import ROWS

EXAMPLE = json.loads((Path(__file__).resolve().parents[1] / "data" / "worked_example.json").read_text())
#: who dealt each hand of the worked example (the deal passing North → West → South → East)
DEALERS = ["North", "West", "South", "East", "North", "West", "South", "East"]


def example_hands(recorded: bool = True) -> list[dict]:
    return [dict(h, dealer=d) if recorded else dict(h) for h, d in zip(EXAMPLE["hands"], DEALERS, strict=True)]


def example(hands: list[dict]) -> dict:
    return dict(EXAMPLE, hands=hands)


def dealers_of(ledger) -> list[str]:
    return [r.dealer for r in ledger.rows if r.kind == "deal"]


def test_the_worked_example_with_recorded_dealers_replays_unchanged():
    ledger = replay(load_session(example(example_hands())))
    for (index, n, w, s, e, plato, pajaritos, open_paper, _crossed), row in zip(ROWS, ledger.rows, strict=True):
        assert row.index == index
        assert state(row) == ([n, w, s, e], plato, pajaritos, open_paper), index
    assert dealers_of(ledger) == DEALERS
    assert [r.dealer for r in ledger.results] == DEALERS


def test_the_session_file_keeps_dealers_and_the_json_deal_rows_carry_them():
    hands = example_hands()
    hands[4]["seating"] = ["North", "West", "South", "East"]
    dumped = dump_session(load_session(example(hands)))
    assert [h["dealer"] for h in dumped["hands"]] == DEALERS
    assert dumped["hands"][4]["seating"] == ["North", "West", "South", "East"]
    assert dump_session(load_session(dumped)) == dumped
    rows = ledger_json(replay(load_session(example(example_hands(recorded=False)))))["rows"]
    assert [r["dealer"] for r in rows if r["kind"] == "deal"] == DEALERS


def test_with_a_middle_hand_deleted_the_later_hands_keep_their_dealers():
    hands = example_hands()
    del hands[2]  # South's penetro
    ledger = replay(load_session(example(hands)))
    assert dealers_of(ledger) == ["North", "West", "East", "North", "West", "South", "East"]
    # by hand: after hand 2 the bowls are 141 151 170 152, plato 16; East deals (+1, no pajarito: the plato
    # is not empty) and West's entrada is a codillo won by North with plato 17 + 4 = 21 in play: West pays
    # North 21 and a puesta of 21 is written against West
    deal, hand = ledger.rows[5], ledger.rows[6]
    assert state(deal) == ([141, 151, 170, 151], 17, 10, {})
    assert state(hand) == ([162, 130, 170, 151], 17, 10, {"West": [21]})
    # the deal derived from the position alone would give hand 3 to South, who played it: refused
    with pytest.raises(SessionError) as refused:
        replay(load_session(example([h for i, h in enumerate(example_hands(False)) if i != 2])))
    assert refused.value.first.hand is not None and refused.value.first.hand >= 3


def test_an_inserted_hand_keeps_the_dealers_around_it():
    hands = example_hands()
    # a forgotten hand between hands 1 and 2: no dealer recorded, so it passes from North to West
    forgotten = {"contract": "entrada", "declarer": "North", "tricks": {"North": 5, "South": 2, "East": 2}}
    hands.insert(1, forgotten)
    ledger = replay(load_session(example(hands)))
    assert dealers_of(ledger) == ["North", "West", "West", "South", "East", "North", "West", "South", "East"]
    # by hand: after hand 1 the bowls are 151 152 170 152, plato 0, pajaritos 15; West deals: a pajarito
    # (5) and West's tanto make the plato 6; North's entrada wins 6 + 4: the plato, and 1 from each
    assert state(ledger.rows[3]) == ([151, 151, 170, 152], 6, 10, {})
    assert state(ledger.rows[4]) == ([160, 150, 169, 151], 0, 10, {})
    # West deals again (recorded): a pajarito and the tanto; North's entrada is a puesta of 6 + 4 into the plato
    assert state(ledger.rows[5]) == ([160, 149, 169, 151], 6, 5, {})
    assert state(ledger.rows[6]) == ([150, 149, 169, 151], 16, 5, {})


def entrada(declarer: str, partners: tuple[str, str]) -> dict:
    return {"contract": "entrada", "declarer": declarer, "tricks": {declarer: 5, partners[0]: 2, partners[1]: 2}}


def test_a_seating_change_from_hand_k():
    """North and South change places from hand 3: the deal now goes North → South → West → East."""
    hands = [entrada("West", ("South", "East")),  # North deals
             entrada("North", ("South", "East")),  # West deals
             dict(entrada("North", ("South", "West")), seating=["North", "South", "West", "East"]),  # East deals
             entrada("East", ("South", "West")),  # North
             entrada("North", ("West", "East")),  # South
             entrada("North", ("South", "East"))]  # West
    ledger = run(NWSE, hands)
    assert dealers_of(ledger) == ["North", "West", "East", "North", "South", "West"]
    # the mano is the player after the dealer in the seating in force
    assert [r.mano for r in ledger.results] == ["West", "South", "North", "South", "West", "East"]
    assert ledger.upcoming.dealer == "East" and ledger.upcoming.mano == "North"
    # the bowls stay in the session's order; only the deal moves round differently
    assert ledger.setup.players == tuple(NWSE) and len(bowls(ledger.last)) == 4
    # hand 4 dealt by North in the new seating: North cannot declare it
    bad = [*hands[:3], entrada("North", ("South", "West"))]
    with pytest.raises(SessionError) as refused:
        run(NWSE, bad)
    assert (refused.value.first.hand, refused.value.first.field) == (4, "declarer")
    assert paper(ledger.last) == {}


@pytest.mark.parametrize("seating", [["North", "South", "West"], ["North", "South", "West", "West"],
                                     ["North", "South", "West", "Nobody"], "NSWE", [1, 2, 3, 4]])
def test_a_seating_must_seat_every_player_once(seating):
    hands = [dict(entrada("West", ("South", "East")), seating=seating)]
    with pytest.raises(SessionError) as refused:
        run(NWSE, hands)
    assert (refused.value.first.hand, refused.value.first.field) == (1, "seating")


def test_a_recorded_dealer_must_be_a_player():
    with pytest.raises(SessionError) as refused:
        run(NWSE, [dict(entrada("West", ("South", "East")), dealer="Nobody")])
    assert (refused.value.first.hand, refused.value.first.field) == (1, "dealer")


def test_the_cli_reads_an_exported_file_with_dealers_seating_and_history(tmp_path, capsys):
    """A file the app exported (recorded dealers, a seating, the history) replays on the command line;
    its ``--json`` deal rows say who dealt, and the history does not change a figure."""
    from scorekeeper.cli import main

    hands = example_hands()
    del hands[2]
    hands[4]["seating"] = ["North", "West", "South", "East"]
    history = [{"seq": 1, "at": "2026-11-23T21:00:00Z", "phone": "Ana's phone", "kind": "delete", "key": "k1",
                "hand": 3, "before": EXAMPLE["hands"][2]}]
    path = tmp_path / "exported.json"
    path.write_text(json.dumps(example(hands) | {"history": history}))
    assert main(["replay", str(path), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert [r["dealer"] for r in rows if r["kind"] == "deal"] == DEALERS[:2] + DEALERS[3:]
    path.write_text(json.dumps(example(hands)))
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rows"] == rows
