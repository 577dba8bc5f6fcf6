"""The games' services: start, add, fix, delete, end; a refused change leaves nothing changed; re-sends once.

Rovescino stands in for every registered game: the services never name it.
"""

from __future__ import annotations

import io
import json
from decimal import Decimal

import pytest

from scorekeeper import services
from scorekeeper.cli import main
from scorekeeper.db import db
from scorekeeper.games.replay import replay
from scorekeeper.models import GameSession, HandRecord, HistoryEntry

FIVE = ["Ana", "Bea", "Cleo", "Dan", "Eva"]


def points(a, b, c, d, e, last):
    return {"points": dict(zip(FIVE, (a, b, c, d, e), strict=True)), "last": last}


def four(eva, last):
    return {"points": {"Bea": 0, "Cleo": 0, "Dan": 0, "Eva": eva}, "last": last}


@pytest.fixture
def group(app):
    with app.app_context():
        g = services.create_group("Circolo", "it")
        for name in FIVE:
            services.add_player(g, name)
        yield g


def start(group, **kw):
    args = {"game": "rovescino", "players": list(FIVE), "teams": None,
            "options": {"elimination": True, "stake": "0.50"}, "currency": "EUR", "idem_key": "start-1"}
    args.update(kw)
    return services.games.start_game(group, **args)


def stored(gs):
    db.session.expire_all()
    return [h.data for h in gs.hands], gs.version, len(gs.history)


def test_start_keeps_the_setup_and_a_resent_start_makes_one_game(group):
    gs = start(group)
    again = start(group)
    assert again.id == gs.id
    assert gs.game == "rovescino" and gs.first_dealer == "Ana" and gs.players == FIVE
    assert gs.setup == {"options": {"elimination": True, "stake": "0.50"}}
    assert services.games.document(gs) == {"format": "scorekeeper-session/2", "game": "rovescino",
                                           "players": FIVE, "options": {"elimination": True, "stake": "0.50"},
                                           "deals": []}
    assert db.session.query(GameSession).count() == 1


@pytest.mark.parametrize(("kw", "field"), [
    ({"players": FIVE[:2]}, "players"),
    ({"players": ["Ana", "Bea", "Zed"]}, "players"),
    ({"players": ["Ana", "Bea", "Cleo"], "options": {"elimination": True}}, "options.elimination"),
    ({"options": {"payout": "nobody"}}, "options.payout"),
    ({"options": {"stake": "-1"}}, "options.stake"),
    ({"game": "chess"}, "game"),
    ({"currency": "x" * 30}, "currency"),
])
def test_a_refused_start_names_the_field_and_stores_nothing(group, kw, field):
    with pytest.raises(services.Refused) as refused:
        start(group, idem_key="bad", **kw)
    assert refused.value.field == field and refused.value.message
    assert db.session.query(GameSession).count() == 0


def test_add_fix_delete_replay_like_a_fresh_file(group):
    gs = start(group)
    services.games.add_deal(gs, 1, points(2, 3, 1, 3, 0, "Bea"), "d1")
    services.games.add_deal(gs, 2, points(5, 1, 1, 1, 1, "Ana"), "d2")
    services.games.add_deal(gs, 3, points(1, 1, 1, 1, 5, "Eva"), "d3")
    services.games.replace_deal(gs, 1, points(3, 2, 1, 3, 0, "Bea"), "fix1")
    view = services.games.game_view(gs)
    assert dict(view.scores) == {"Ana": 10, "Bea": 5, "Cleo": 3, "Dan": 5, "Eva": 7}
    fresh = replay({"format": "scorekeeper-session/2", "game": "rovescino", "players": FIVE,
                    "options": {"elimination": True, "stake": "0.50"},
                    "deals": [points(3, 2, 1, 3, 0, "Bea"), points(5, 1, 1, 1, 1, "Ana"),
                              points(1, 1, 1, 1, 5, "Eva")]})
    assert view.played.rows == fresh.rows
    services.games.delete_deal(gs, 2, "del2")
    deals, version, logged = stored(gs)
    assert deals == [points(3, 2, 1, 3, 0, "Bea"), points(1, 1, 1, 1, 5, "Eva")]
    assert [h.position for h in gs.hands] == [0, 1]
    assert version == 5 and logged == 5
    assert [e.kind for e in gs.history] == ["add", "add", "add", "edit", "delete"]
    assert gs.history[3].before == points(2, 3, 1, 3, 0, "Bea")
    assert gs.history[4].hand == 2 and gs.history[4].after is None


def test_a_refused_deal_changes_nothing(group):
    gs = start(group)
    services.games.add_deal(gs, 1, points(2, 3, 1, 3, 0, "Bea"), "d1")
    before = stored(gs)
    with pytest.raises(services.Refused) as refused:
        services.games.add_deal(gs, 2, points(9, 9, 9, 9, 9, "Bea"), "d2")
    assert refused.value.field == "points"
    assert "add up to" in refused.value.message
    with pytest.raises(services.Refused) as refused:
        services.games.add_deal(gs, 2, points(2, 3, 1, 3, 0, "Zed"), "d3")
    assert refused.value.field == "last"
    with pytest.raises(services.Refused):
        services.games.replace_deal(gs, 1, {"points": {"Ana": 1}, "last": "Ana"}, "fix")
    with pytest.raises(services.Refused) as gone:
        services.games.delete_deal(gs, 7, "del")
    assert gone.value.status == 404
    assert stored(gs) == before


def test_a_fix_that_breaks_a_later_deal_is_refused_naming_it(group):
    """Bea out at deal 2 in the fix: deal 3 still gives her points, so the fix is refused whole."""
    gs = start(group)
    services.games.add_deal(gs, 1, points(0, 10, 0, 0, 0, "Bea"), "d1")
    services.games.add_deal(gs, 2, points(0, 0, 0, 0, 9, "Eva"), "d2")
    services.games.add_deal(gs, 3, points(1, 1, 1, 1, 5, "Eva"), "d3")
    before = stored(gs)
    with pytest.raises(services.Refused) as refused:
        services.games.replace_deal(gs, 2, points(0, 10, 0, 0, 0, "Bea"), "fix")
    assert refused.value.message.startswith("Deal 3: ") and refused.value.field == "deal"
    assert stored(gs) == before


def test_a_resent_change_is_made_once_and_a_stale_number_is_a_conflict(group):
    gs = start(group)
    first = services.games.add_deal(gs, 1, points(2, 3, 1, 3, 0, "Bea"), "d1")
    again = services.games.add_deal(gs, 1, points(2, 3, 1, 3, 0, "Bea"), "d1")
    assert again.seq == first.seq
    services.games.replace_deal(gs, 1, points(3, 2, 1, 3, 0, "Bea"), "fix")
    services.games.replace_deal(gs, 1, points(3, 2, 1, 3, 0, "Bea"), "fix")
    with pytest.raises(services.Conflict):
        services.games.add_deal(gs, 1, points(2, 3, 1, 3, 0, "Bea"), "d2")
    assert db.session.query(HandRecord).count() == 1
    assert db.session.query(HistoryEntry).count() == 2
    assert gs.version == 2


def test_a_deal_number_another_phone_took_is_refused_saying_what_it_did(group):
    """A deal sent for a number another phone took, or after deals were deleted, is refused with what the other
    phones did since its form was opened (the platform's save, as Tresillo's hands said it), and the number it
    would have now; a form without its version says so in general. Nothing is stored."""
    gs = start(group)
    services.games.add_deal(gs, 1, points(2, 3, 1, 3, 0, "Bea"), "d1", "Ana")
    services.games.add_deal(gs, 2, points(5, 1, 1, 1, 1, "Ana"), "d2", "Bea")
    with pytest.raises(services.Conflict) as taken:
        services.games.add_deal(gs, 2, points(1, 1, 1, 1, 5, "Eva"), "d3", "Cleo", version=1)
    said = taken.value.message
    assert said.startswith("Deal 2 was not saved: since this form was opened, deal 2 entered on Bea at ")
    assert said.endswith("Look at the table before entering deal 3.")
    services.games.delete_deal(gs, 2, "del-2", "Bea", version=gs.version)
    services.games.delete_deal(gs, 1, "del-1", "Dan", version=gs.version)
    before = stored(gs)
    with pytest.raises(services.Conflict) as gone:
        services.games.add_deal(gs, 3, points(1, 1, 1, 1, 5, "Eva"), "d4", "Cleo", version=2)
    said = gone.value.message
    assert "deal 2 deleted on Bea at " in said and "deal 1 deleted on Dan at " in said
    assert said.endswith("so this is now deal 1. Check the form and save it as deal 1.")
    with pytest.raises(services.Conflict) as untold:
        services.games.add_deal(gs, 3, points(1, 1, 1, 1, 5, "Eva"), "d5", "Cleo")
    assert untold.value.message == ("Deal 3 was not saved: since this form was opened, deals were deleted on "
                                    "another phone, so this is now deal 1. Check the form and save it as deal 1.")
    assert stored(gs) == before


def test_the_end_settles_in_the_fewest_payments_and_the_file_replays(group, tmp_path):
    gs = start(group)
    deals = [points(10, 0, 0, 0, 0, "Bea"), points(10, 0, 0, 0, 0, "Ana"),   # Ana 21: out at deal 2
             four(9, "Cleo"), four(9, "Cleo"),                                   # Eva 18
             four(9, "Cleo"),                                                    # Eva 27: out at deal 5
             {"points": {"Bea": 10, "Cleo": 0, "Dan": 0}, "last": "Bea"},   # Bea 12
             {"points": {"Bea": 10, "Cleo": 0, "Dan": 0}, "last": "Bea"}]   # Bea 23: the game ends
    for n, deal in enumerate(deals, start=1):
        services.games.add_deal(gs, n, deal, f"d{n}")
    view = services.games.game_view(gs)
    assert view.result.finished and view.result.ended_at == 7
    money = dict(view.result.money)
    # each pays 0.50 to every player still in when he drops out: Ana to 4, Eva to 3, Bea (the game's
    # end: two would be left) to Cleo and Dan
    assert money == {"Ana": Decimal("-2.00"), "Bea": Decimal("0.00"), "Cleo": Decimal("1.50"),
                     "Dan": Decimal("1.50"), "Eva": Decimal("-1.00")}
    assert [(p.payer, p.payee, p.amount) for p in view.payments] == [
        ("Ana", "Cleo", "€1.50"), ("Ana", "Dan", "€0.50"), ("Eva", "Dan", "€1.00")]
    with pytest.raises(services.Refused) as ended:
        services.games.add_deal(gs, 8, {"points": {"Cleo": 9, "Dan": 0}, "last": "Dan"}, "d8")
    assert "ended at deal 7" in ended.value.message
    services.games.end_game(gs, "end")
    assert gs.closed and [e.kind for e in gs.history][-1] == "end"
    with pytest.raises(services.Refused):
        services.games.delete_deal(gs, 1, "late")
    path = tmp_path / "session.json"
    path.write_text(services.games.session_json(gs))
    out = io.StringIO()
    assert main(["replay", str(path), "--json"], out=out) == 0
    assert json.loads(out.getvalue()) == services.games.result_of(gs)
    assert json.loads(out.getvalue())["result"]["money"]["Cleo"] == "1.50"
