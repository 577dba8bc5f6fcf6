"""The evening across games, worked by hand: Tresillo, then Rovescino, then Cacho, one settlement.

The figures, each from its own source, never read from the app:

- Tresillo: the worked example (shared/rules/worked-example.md) ends with North +19, West −12,
  South +5, East −12 tantos (its +190/−120/+50/−120 at 10 a tanto); played here at 0.10 € a tanto:
  North +1.90, West −1.20, South +0.50, East −1.20.
- Rovescino (stake 0.50 €, the first to 21 pays each other player): North takes 9, 9 and 3 points
  (8 + the last trick, 8 + the last trick, 3): 21 after deal 3; West 1+1+3(+1 last) = 6, South
  1+0+4 = 5, East 0+1+0 = 1. North pays 0.50 to each of the three: North −1.50, the others +0.50.
  East ended two deals without a point, South one (Rovescino's feat).
- Cacho (0.10 € a counter), the format's example with West, South, North in Ana, Bea, Cleo's places:
  North folds the first card; West and South put 1, 2 and 6: a pot of 18 to South, 9 of it his:
  West −0.90, South +0.90, North 0.

In all: North 1.90 − 1.50 + 0 = +0.40; West −1.20 + 0.50 − 0.90 = −1.60; South 0.50 + 0.50 + 0.90 =
+1.90; East −1.20 + 0.50 = −0.70 (sum 0). No two or three of them settle among themselves (no pair or
triple sums to zero: 40−160, 40+190, 40−70, −160+190, −160−70, 190−70; 40−160+190 = 70, 40−160−70 =
−190, 40+190−70 = 160, −160+190−70 = −40), so three payments: the biggest debtor West pays the biggest
creditor South 1.60 (South still owed 0.30); East owes 0.70: North 0.40 (owed more), then South 0.30.
"""

from __future__ import annotations

import json
from datetime import timedelta
from decimal import Decimal

import pytest

from scorekeeper.db import db
from scorekeeper.games.tresillo import services
from scorekeeper.models import GameResult, GameSession, Night
from scorekeeper.services import night as nights

SEATS = ["North", "West", "South", "East"]
ROVESCINO_DEALS = [
    {"points": {"North": 8, "West": 1, "South": 1, "East": 0}, "last": "North"},
    {"points": {"North": 8, "West": 1, "South": 0, "East": 1}, "last": "North"},
    {"points": {"North": 3, "West": 3, "South": 4, "East": 0}, "last": "West"},
]
CACHO_DEALS = [
    {"rounds": [{"put": {"West": 1, "South": 1, "North": 0}, "folded": ["North"]},
                {"put": {"West": 2, "South": 2}},
                {"put": {"West": 6, "South": 6}}],
     "winner": "South"},
]
D = Decimal


@pytest.fixture
def group(app):
    with app.app_context():
        g = services.create_group("Tuesday", "en")
        for name in SEATS:
            services.add_player(g, name)
        yield g


def tresillo(group, worked_example):
    doc = dict(worked_example, currency="EUR", tanto_value="0.10")
    doc.pop("end", None)  # still being played
    return services.import_session(group, json.dumps(doc), idem_key="tresillo")


def a_game(group, game, players, deals, stake, key=""):
    key = key or game
    gs = services.games.start_game(group, game, players, None, {"stake": stake}, "EUR", idem_key=key)
    for n, deal in enumerate(deals, 1):
        services.games.add_deal(gs, n, deal, f"{key}-{n}")
    return gs


def the_evening(group, worked_example):
    t = tresillo(group, worked_example)
    r = a_game(group, "rovescino", SEATS, ROVESCINO_DEALS, "0.50")
    c = a_game(group, "cacho", ["West", "South", "North"], CACHO_DEALS, "0.10")
    return t, r, c


def money(line):
    return dict(line.money)


def test_the_evening_of_three_games_and_its_one_settlement(group, worked_example):
    t, r, c = the_evening(group, worked_example)
    assert t.night_id == r.night_id == c.night_id is not None
    page = nights.night_page(db.session.get(Night, t.night_id))
    assert [g.game for g in page.games] == ["tresillo", "rovescino", "cacho"]
    tres, rov, cacho = page.games
    assert money(tres) == {"North": D("1.90"), "West": D("-1.20"), "South": D("0.50"), "East": D("-1.20")}
    assert money(rov) == {"North": D("-1.50"), "West": D("0.50"), "South": D("0.50"), "East": D("0.50")}
    assert money(cacho) == {"West": D("-0.90"), "South": D("0.90"), "North": D("0.00")}
    (total,) = page.totals
    assert total.currency == "EUR"
    assert dict(total.money) == {"North": D("0.40"), "West": D("-1.60"), "South": D("1.90"), "East": D("-0.70")}
    assert page.payments == (("EUR", (("West", "South", D("1.60")), ("East", "North", D("0.40")),
                                      ("East", "South", D("0.30")))),)
    assert page.players == ("North", "West", "South", "East")
    assert page.asks_paper and not page.closed


def test_ending_the_evening_ends_every_game_at_once_and_keeps_their_results(group, worked_example):
    t, r, c = the_evening(group, worked_example)
    night = db.session.get(Night, t.night_id)
    nights.end_night(night, "settle")
    db.session.expire_all()
    assert night.closed and all(gs.closed for gs in night.sessions)
    assert [gs.history[-1].kind for gs in night.sessions] == ["end", "end", "end"]
    page = nights.night_page(night)
    assert dict(page.totals[0].money) == {"North": D("0.40"), "West": D("-1.60"), "South": D("1.90"),
                                          "East": D("-0.70")}
    kept = {row.game: row.money for row in db.session.scalars(db.select(GameResult))}
    assert kept["cacho"] == {"West": "-0.90", "South": "0.90", "North": "0.00"}
    assert kept["tresillo"]["North"] == "1.90"
    assert nights.end_night(night, "settle").closed  # ending it again changes nothing
    # the next game starts the next evening
    again = services.games.start_game(group, "cacho", ["West", "South", "North"], None, {"stake": "0.10"}, "EUR",
                                      idem_key="next-week")
    assert again.night_id != t.night_id


def test_one_game_settled_on_its_own_is_left_out_of_the_evening(group, worked_example):
    """Cacho settled alone: West pays South 0.90 there. The rest: North +0.40, West −0.70, South +1.00,
    East −0.70; no pair or triple settles apart (40−70, 40+100, −70+100, −70−70; 40−70+100 = 70,
    40−70−70 = −100, −70+100−70 = −40, 40+100−70 = 70): West (the first of the two equal debtors)
    pays South 0.70, then East pays North 0.40 and South the last 0.30."""
    t, r, c = the_evening(group, worked_example)
    night = db.session.get(Night, t.night_id)
    nights.settle_alone(night, c.token)
    db.session.expire_all()
    assert c.closed and c.paid_alone and not r.closed
    page = nights.night_page(night)
    assert page.games[2].payments == (("West", "South", D("0.90")),)
    assert dict(page.totals[0].money) == {"North": D("0.40"), "West": D("-0.70"), "South": D("1.00"),
                                          "East": D("-0.70")}
    assert page.payments[0][1] == (("West", "South", D("0.70")), ("East", "North", D("0.40")),
                                   ("East", "South", D("0.30")))
    with pytest.raises(services.Refused) as refused:
        nights.settle_alone(night, "no-such-game")
    assert refused.value.field == "game"


def test_a_bad_paper_choice_is_refused_and_changes_nothing(group, worked_example):
    t, _r, _c = the_evening(group, worked_example)
    night = db.session.get(Night, t.night_id)
    with pytest.raises(services.Refused) as refused:
        nights.end_night(night, "burn")
    assert refused.value.field == "paper"
    db.session.rollback()
    db.session.expire_all()
    assert not night.closed and not any(gs.closed for gs in night.sessions)


def test_a_game_while_another_is_open_joins_the_same_evening_and_a_forgotten_one_ends_by_itself(group):
    first = services.games.start_game(group, "cacho", ["West", "South", "North"], None, {"stake": "0.10"}, "EUR",
                                      idem_key="a")
    second = services.games.start_game(group, "rovescino", SEATS, None, {"stake": "0.50"}, "EUR", idem_key="b")
    assert first.night_id == second.night_id
    for gs in (first, second):
        services.games.end_game(gs)
    # all its games ended half a day ago and nobody ended the evening: the next game starts another
    for gs in (first, second):
        gs.created_at -= timedelta(hours=13)
    db.session.commit()
    third = services.games.start_game(group, "cacho", ["West", "South", "North"], None, {"stake": "0.10"}, "EUR",
                                      idem_key="c")
    assert third.night_id != first.night_id
    assert db.session.get(Night, first.night_id).closed


def test_statistics_across_games_add_the_kept_results_by_game(group, worked_example):
    """Two evenings: the one above, ended, and a second Cacho alone (the same deal: West −0.90, South
    +0.90). Over both: South 0.50 + 0.50 + 0.90 + 0.90 = 2.80, of it Cacho 1.80; West −1.60 − 0.90 =
    −2.50; East's two clean Rovescino deals and South's one are his feats. Over the first day only
    (the second evening moved to the next week), South is back to 1.90."""
    t, _r, _c = the_evening(group, worked_example)
    nights.end_night(db.session.get(Night, t.night_id), "settle")
    later = a_game(group, "cacho", ["West", "South", "North"], CACHO_DEALS, "0.10", key="later")
    services.games.end_game(later)
    stats = nights.statistics_across(group)
    assert stats.nights == 2 and stats.games == ("tresillo", "rovescino", "cacho")
    by = {p.name: p for p in stats.players}
    assert by["South"].total == D("2.80") and by["South"].by_game["cacho"] == D("1.80")
    assert by["West"].total == D("-2.50") and (by["West"].nights, by["West"].games) == (2, 4)
    assert by["East"].total == D("-0.70") and by["East"].nights == 1
    assert [p.name for p in stats.players] == ["South", "North", "East", "West"]
    assert stats.feats["East"]["Deals without a point"] == 2 and stats.feats["South"]["Deals without a point"] == 1
    assert stats.feats["North"] == {"Codillos made": 1}  # worked example row 8: West's codillo, North the winner
    night = db.session.get(Night, later.night_id)
    night.created_at += timedelta(days=7)
    db.session.commit()
    first_day = nights.statistics_across(group, until=db.session.get(Night, t.night_id).created_at.date())
    assert {p.name: p.total for p in first_day.players}["South"] == D("1.90")


def test_share_text_says_each_game_and_who_pays_whom(group, worked_example):
    t, _r, _c = the_evening(group, worked_example)
    night = db.session.get(Night, t.night_id)
    text = nights.night_share_text(group, nights.night_page(night))
    lines = text.splitlines()
    assert lines[0].startswith("Tuesday · ") and lines[0].endswith("(3 games)")
    assert lines[1] == "Tresillo: North +€1.90, West −€1.20, South +€0.50, East −€1.20"
    assert lines[3] == "Cacho: West −€0.90, South +€0.90, North €0.00"
    assert lines[-3:] == ["West pays South €1.60", "East pays North €0.40", "East pays South €0.30"]


def test_the_sessions_kept_before_each_are_an_evening_of_their_own(group):
    made = services.games.start_game(group, "cacho", ["West", "South", "North"], None, {"stake": "0.10"}, "EUR",
                                     idem_key="x")
    assert isinstance(made, GameSession) and made.night is not None and made.night.group_id == group.id


def test_phones_starting_the_first_games_at_once_make_one_evening(app, group):
    """Six phones each start a game of the group at the same moment: one evening holds all six."""
    import threading

    gid = group.id
    db.session.remove()
    made: list[int] = []
    lock = threading.Lock()

    def phone(i: int) -> None:
        with app.app_context():
            g = db.session.get(type(group), gid)
            gs = services.games.start_game(g, "cacho", ["West", "South", "North"], None, {"stake": "0.10"}, "EUR",
                                           idem_key=f"phone-{i}")
            with lock:
                made.append(gs.night_id)
            db.session.remove()

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(made) == 6 and len(set(made)) == 1
    assert db.session.scalar(db.select(db.func.count()).select_from(Night)) == 1
