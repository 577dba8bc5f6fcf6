"""A long evening's pages show a bounded part of it: the table screen weighs the same at 40 and 400 hands.

The evenings are imported as session files (made by playing random hands on a
live table, so about half of them are lost and the paper fills and empties).
"""

from __future__ import annotations

import json
import random
import re

from scorekeeper.db import db
from scorekeeper.games.tresillo import services
from scorekeeper.games.tresillo.engine import Hand, Session, Setup, Table, dump_session

PLAYERS = ("North", "West", "South", "East")
SPLITS = [(5, 2, 2), (6, 2, 1), (4, 3, 2), (3, 3, 3), (2, 5, 2), (3, 4, 2)]


def evening(count: int, seed: int = 3) -> str:
    """A session file of ``count`` hands for four players, each checked against a live table."""
    rng = random.Random(seed)
    setup = Setup(players=PLAYERS, first_dealer="North")
    table = Table(setup)
    hands = []
    for _ in range(count):
        active = table.upcoming().active
        declarer = rng.choice(active)
        a, b = [p for p in active if p != declarer]
        d, x, y = rng.choice(SPLITS)
        hand = Hand(rng.choice(("entrada", "vuelta")), declarer=declarer, tricks={declarer: d, a: x, b: y})
        table.play(hand)
        hands.append(hand)
    return json.dumps(dump_session(Session(setup, tuple(hands))))


def imported(app, count: int) -> str:
    with app.app_context():
        token = services.import_session(services.create_group(f"Long {count}"), evening(count)).token
        db.session.remove()
    return token


def test_table_screen_weighs_the_same_at_40_and_400_hands(app, client) -> None:
    short, long = imported(app, 40), imported(app, 400)
    sizes = {}
    for name, token in (("short", short), ("long", long)):
        r = client.get(f"/s/{token}")
        assert r.status_code == 200
        sizes[name] = len(r.get_data())
    # the figures are longer (hand 400, bowls in the hundreds), nothing else grows
    assert sizes["long"] < sizes["short"] * 1.15, sizes


def test_the_paid_list_shows_the_last_twelve(app, client) -> None:
    token = imported(app, 400)
    with app.app_context():
        gs = services.find_session(token)
        paid = [d for d in services.ledger_for(gs).last.paper if d.crossed]
        db.session.remove()
    assert len(paid) > 12
    html = client.get(f"/s/{token}").get_data(as_text=True)
    details = re.search(r'<details class="paid"><summary>(\d+) paid</summary>(.*?)</details>', html, re.S)
    assert details is not None and int(details.group(1)) == len(paid)
    assert "The last 12 reserved puestas paid and crossed out, oldest first; the paper (PDF) lists them all." \
        in details.group(2)
    shown = re.findall(r"<li>(\w+): <del>(\d+)</del>, written in hand (\d+)</li>", details.group(2))
    assert shown == [(d.player, str(d.amount), str(d.hand)) for d in paid[-12:]]


def test_rows_in_words_are_kept_per_language(app, client) -> None:
    """A row said once is kept for its version and language: the same page in Spanish, then English,
    then Spanish again says each in its own language."""
    from markupsafe import escape

    from scorekeeper.i18n import COOKIE
    from scorekeeper.services.replays import CACHE

    token = imported(app, 40)
    pages: dict[str, list[str]] = {}
    for lang in ("es", "en", "es"):
        client.set_cookie(COOKIE, lang)
        pages.setdefault(lang, []).append(client.get(f"/s/{token}").get_data(as_text=True))
    with app.app_context():
        gs = services.find_session(token)
        kept = CACHE.get((gs.token, gs.version))
        db.session.remove()
    assert kept is not None
    said = {key[1]: value for key, value in kept._kept.items() if key[0] == "row" and key[2] == 80}
    assert set(said) == {"es", "en"} and said["es"].event != said["en"].event
    assert str(escape(said["es"].event)) in pages["es"][0] and str(escape(said["es"].event)) in pages["es"][1]
    assert str(escape(said["en"].event)) in pages["en"][0]
    assert str(escape(said["en"].event)) not in pages["es"][1]
