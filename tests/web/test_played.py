"""The platform asks a game with services of its own through one interface, found through the registry.

Tresillo is the one such game today: what the group's pages, the statistics, the evening across games
and the change log need of its sessions comes from its ``service`` module (``services.played``), and
the platform's SQL filters take the games' names from the registry, never a name written in them.
"""

from __future__ import annotations

import json

import pytest

from scorekeeper import services
from scorekeeper.db import db
from scorekeeper.games import GAMES
from scorekeeper.games.tresillo import services as tresillo_services
from scorekeeper.games.tresillo.service import SERVICE
from scorekeeper.games.views import pieces_for
from scorekeeper.services.played import OwnService, carries_paper, own_service, paper_games, served, service_of

SEATS = ["North", "West", "South", "East"]
FIVE = ["Ana", "Bea", "Cleo", "Dan", "Eva"]


def test_the_registry_says_which_games_have_services_of_their_own():
    assert served() == ("tresillo",)
    assert service_of("tresillo") is SERVICE
    assert all(service_of(name) is None for name in GAMES if name != "tresillo")
    assert service_of("no such game") is None
    with pytest.raises(LookupError):
        own_service("rovescino")
    # every method the protocol names is there (mypy checks the signatures)
    asked = [name for name in vars(OwnService) if not name.startswith("_")]
    assert len(asked) >= 8 and all(callable(getattr(SERVICE, name)) for name in asked)


def test_only_a_game_that_carries_paper_asks_for_it():
    assert paper_games() == ("tresillo",)
    assert carries_paper("tresillo") and not carries_paper("rovescino") and not carries_paper("nothing")


def test_the_platforms_pages_keep_every_game_without_services_of_its_own():
    assert sorted(n for n in GAMES if services.games.on_pages(n)) == sorted(set(GAMES) - {"tresillo"})


@pytest.fixture
def group(app):
    with app.app_context():
        g = services.create_group("Tuesday", "en")
        for name in SEATS + FIVE:
            services.add_player(g, name)
        yield g


def test_the_evening_summary_and_the_paper_come_from_the_games_service(group, worked_example):
    doc = dict(worked_example, currency="EUR", tanto_value="0.10", end={"paper": "keep", "ended": True})
    gs = tresillo_services.import_session(group, json.dumps(doc), idem_key="kept")
    evening = services.summaries.summary_of(gs)
    assert evening.players == tuple(worked_example["players"]) and evening.hands == len(worked_example["hands"])
    assert sum(p.money for p in evening.people) == 0
    assert services.carried_paper(group) == SERVICE.paper(gs) != []
    assert [list(d) for d in evening.kept_paper] == [[d["player"], d["amount"]] for d in SERVICE.paper(gs)]
    feats = SERVICE.feats(evening)
    assert all(count > 0 for mine in feats.values() for count in mine.values())
    assert {p.name for p in evening.people if p.feats["codillos"]} == {n for n, mine in feats.items() if "Codillos made" in mine}


def test_a_game_the_platform_plays_leaves_the_groups_evenings_and_paper_alone(group):
    gs = services.games.start_game(group, "rovescino", FIVE, None, {"elimination": False, "stake": "0.50"}, "EUR",
                                   idem_key="r1")
    services.games.end_game(gs, key="end-r1")
    memory = services.group_memory(group)
    assert memory.playing == [] and memory.total == 0 and memory.paper == []
    assert services.carried_paper(group) == []
    assert services.games.group_games(group) == [gs]


def test_the_change_log_of_a_game_the_platform_plays_tells_a_deal_in_the_games_own_line(group):
    gs = services.games.start_game(group, "rovescino", FIVE, None, {"elimination": False, "stake": "0.50"}, "EUR",
                                   idem_key="r2")
    first = {"points": {"Ana": 2, "Bea": 3, "Cleo": 1, "Dan": 3, "Eva": 0}, "last": "Bea"}
    fixed = {"points": {"Ana": 3, "Bea": 2, "Cleo": 1, "Dan": 3, "Eva": 0}, "last": "Dan"}
    services.games.add_deal(gs, 1, first, "d1")
    services.games.replace_deal(gs, 1, fixed, key="d1-fix")
    db.session.expire_all()
    line = pieces_for(GAMES["rovescino"]).deal_line
    fix = services.history_view(gs).lines[0]
    assert fix.kind == "edit"
    assert fix.details == (("Before", line(first)), ("After", line(fixed)),
                           ("Changed", "points · Ana: 2 → 3; points · Bea: 3 → 2; last trick: Bea → Dan"))
    assert line(first) != line(fixed)


def test_ending_the_evening_asks_for_the_paper_only_while_a_game_that_carries_it_is_open(app, browser,
                                                                                          worked_example):
    from tests.web.test_nights import ROVESCINO_DEALS, a_game, tresillo

    with app.app_context():
        g = services.create_group("Tuesday", "en")
        for name in SEATS:
            services.add_player(g, name)
        r = a_game(g, "rovescino", SEATS, ROVESCINO_DEALS, "0.50")
        alone = g.token, r.night_id
        db.session.remove()
    page = browser.get(f"/g/{alone[0]}/nights/{alone[1]}").get_data(as_text=True)
    assert 'id="end-night"' in page and "<fieldset>" not in page.split('id="end-night"')[1].split("</form>")[0]
    with app.app_context():
        g = services.find_group(alone[0])
        t = tresillo(g, worked_example)
        both = t.night_id
        db.session.remove()
    assert both == alone[1]
    page = browser.get(f"/g/{alone[0]}/nights/{both}").get_data(as_text=True)
    end = page.split('id="end-night"')[1].split("</form>")[0]
    assert "<fieldset>" in end and end.count('name="paper"') == 2  # settle or keep
