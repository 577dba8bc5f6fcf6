"""A seeded fuzz over every POST route, on SQLite and PostgreSQL: never a 5xx, and a refusal changes nothing.

Each post starts from the form a page really offers (a valid hand, a valid
start…) and breaks one to three of its fields: another field's value, a
digit that is not ASCII (`²`, `①`, `٣`), 4,301 digits, a NUL, a right-to-left
override, 5,000 letters, words where a choice belongs, a field left out. Then:

- no response is a server error;
- a 4xx carries a message a person can read (next to a field, at the top of
  the form, or the error page's sentence; the preview answers JSON with one);
- a 4xx leaves every table exactly as it was.

The number of posts per route is bounded (``WEB_FUZZ_POSTS``, 10 by default);
``WEB_FUZZ_SEED`` picks another run. A test fails if a POST route exists that
the fuzz does not know, so a new route cannot be left out.
"""

from __future__ import annotations

import html
import io
import json
import os
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from conftest import gen_group, gen_hand, gen_session, hand_fields
from tests.webcheck import message_of, snapshot

POSTS = int(os.environ.get("WEB_FUZZ_POSTS", "10"))
SEED = int(os.environ.get("WEB_FUZZ_SEED", "10"))
PLAYERS = ("North", "West", "South", "East")

HOSTILE: list[Any] = [
    "", " ", "²", "①", "٣", "9" * 4301, "-1", "0", "10", "1e26", "1234567890123456789012345678.901", "0x1f",
    "NaN", "yes please", "maybe", "A\x00B", "\u202eNorth", "x" * 5000, "José", "NORTH", "null", "{}", "[]",
    "<b>bold</b>", "%", "1,5", "2147483648", "ninety", "\ufeff", "\u2028", "North\t", ["North", "West"],
]
#: plausible values of every field, so a field can get another field's value
PLAUSIBLE = [*PLAYERS, "entrada", "vuelta", "solo", "penetro", "pass", "accepted", "takeover", "won", "failed",
             "y", "oros", "J", "P", "settle", "keep", "1", "3", "5", "9", "pagat", "house", "french", "0.10", "EUR"]


@dataclass
class Table:
    """What the fuzz posts to: a group with players, and an open session with a few hands."""

    browser: Any
    worked: dict[str, Any]
    group: str = ""  # the group whose players the fuzz renames and retires
    players: list[str] = field(default_factory=list)
    home: str = ""  # the group whose sessions the fuzz plays in (its players stay as they are)
    session: str = ""
    game: str = ""  # an open Rovescino game of the home group (scorekeeper/web/games.py)

    def fresh_group(self) -> None:
        self.group = gen_group(self.browser)
        page = self.browser.get(f"/g/{self.group}").get_data(as_text=True)
        self.players = re.findall(rf"/g/{self.group}/players/(\d+)/rename", page)

    def open_session(self) -> str:
        """A session of this group that is open and has three hands or more (a new one when needed)."""
        if self.session:
            state = self.browser.client.get(f"/s/{self.session}/version").get_json()
            if not state["closed"] and state["hands"] >= 3:
                return self.session
        if not self.home:
            self.home = gen_group(self.browser, name="Home table")
        self.session = gen_session(self.browser, self.home)
        for hand in self.worked["hands"][:4]:
            gen_hand(self.browser, self.session, hand)
        return self.session

    def page(self, url: str) -> str:
        return str(self.browser.get(url).get_data(as_text=True))


def _state(t: Table) -> dict[str, Any]:
    return dict(t.browser.client.get(f"/s/{t.session}/version").get_json())


def _key(rng: random.Random) -> str:
    """A form key as a page makes one (URL-safe), without fetching the page."""
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") for _ in range(22))


def new_hand(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    s = t.open_session()
    count = _state(t)["hands"]
    data = hand_fields(t.worked["hands"][count % 8], PLAYERS)
    return f"/s/{s}/hand", {**data, "idem_key": _key(rng), "number": str(count + 1)}


def preview(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    _, data = new_hand(t, rng)
    edit = rng.choice(["", "?edit=1", "?edit=2", "?edit=99", "?edit=x"])
    return f"/s/{t.session}/preview{edit}", data


def edit_hand(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    s = t.open_session()
    n = rng.randint(1, 3)
    data = hand_fields(t.worked["hands"][n - 1], PLAYERS)
    return f"/s/{s}/hands/{n}/edit", {**data, "version": str(_state(t)["version"])}


def _hidden(page: str, *names: str) -> dict[str, Any]:
    """The hidden fields of a page's form as its button posts them ('' when the page has no such form)."""
    found = {name: re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page) for name in names}
    return {name: html.unescape(m.group(1)) if m else "" for name, m in found.items()}


def _confirmation(page: str) -> dict[str, Any]:
    """The hidden fields of a change's preview page, as its Confirm button posts them."""
    return _hidden(page, "change", "version", "key")


def delete_hand(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    s = t.open_session()
    url = f"/s/{s}/hands/{rng.randint(1, 3)}/delete"
    return url, _confirmation(t.page(url))


def confirm_change(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    """The Confirm of a previewed correction (here: who dealt a hand)."""
    s = t.open_session()
    r = t.browser.post(f"/s/{s}/hands/{rng.randint(1, 3)}/dealer", {"dealer": rng.choice(PLAYERS)})
    return f"/s/{s}/change", _confirmation(r.get_data(as_text=True))


def insert_hand(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    s = t.open_session()
    data = hand_fields(t.worked["hands"][rng.randint(0, 7)], PLAYERS)
    return f"/s/{s}/hands/insert/{rng.randint(1, 3)}", {**data, "idem_key": _key(rng)}


def dealer(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    s = t.open_session()
    return f"/s/{s}/hands/{rng.randint(1, 3)}/dealer", {"dealer": rng.choice(PLAYERS)}


def seating(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    s = t.open_session()
    seats = rng.sample(PLAYERS, len(PLAYERS))
    return f"/s/{s}/hands/{rng.randint(1, 3)}/seating", {
        **{f"seat{i + 1}": p for i, p in enumerate(seats)}, "dealer": rng.choice(PLAYERS)}


def undo(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    s = t.open_session()
    return f"/s/{s}/undo", {"seq": str(rng.randint(1, 6)), "key": _key(rng)}


def end(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    s = t.open_session()
    data = {"paper": rng.choice(["settle", "keep"]), "version": str(_state(t)["version"])}
    if rng.random() < 0.5:  # the confirmation's post
        data.update(key=_key(rng), confirm="yes")
    return f"/s/{s}/end", data


def reopen(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    s = t.session or t.open_session()  # the last session played, ended or not
    page = t.page(f"/s/{s}/reopen")
    return f"/s/{s}/reopen", _hidden(page, "version", "key")


def phone(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    s = t.open_session()
    return f"/s/{s}/phone", {"name": rng.choice(["Ana's phone", "Mesa 2", "José"])}


def waiting(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    s = t.open_session()
    hands = rng.randint(0, 3)
    return f"/s/{s}/waiting", {"phone": _key(rng), "hands": str(hands), "choices": str(rng.randint(0, hands)),
                               "first": str(rng.randint(1, 9))}


def create_group(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    return "/", {"name": rng.choice(["Tuesday", "Los de siempre", "Club"])}


def set_language(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    return f"/g/{t.group}/language", {"language": rng.choice(["es", "en", "fr"])}


def add_player(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    return f"/g/{t.group}/players", {"name": f"Guest {rng.randint(1, 10**6)}"}


def rename_player(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    return f"/g/{t.group}/players/{rng.choice(t.players)}/rename", {"name": f"Renamed {rng.randint(1, 10**6)}"}


def retire_player(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    return f"/g/{t.group}/players/{rng.choice(t.players)}/{rng.choice(['retire', 'return'])}", {}


def start(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    page = t.page(f"/g/{t.group}/start")
    seats = re.findall(r'<option value="([^"]+)">', page.split('name="seat1"', 1)[1].split("</select>", 1)[0])
    rng.shuffle(seats)
    seats += ["", "", "", ""]
    return f"/g/{t.group}/start", {
        "seat1": seats[0], "seat2": seats[1], "seat3": seats[2], "seat4": rng.choice([seats[3], ""]),
        "first_dealer": rng.choice("123"), "rules": rng.choice(["pagat", "house", "french"]),
        "tanto_value": rng.choice(["0.10", "0,05", "1"]), "currency": rng.choice(["EUR", "€", "ptas"]),
        "start_tokens": rng.choice(["160", "500"]), "scale": rng.choice("15"),
        "palo_de_favor": rng.choice(["", "oros"]), "own": rng.choice(["", "vuelta 2, ante 2"]),
        "idem_key": _key(rng),
    }


def import_session(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    doc = dict(t.worked, hands=t.worked["hands"][: rng.randint(0, 8)])
    return f"/g/{t.group}/import", {"text": json.dumps(doc), "idem_key": _key(rng)}


def replace_links(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    return f"/g/{t.group}/links", {"confirm": "y"}


def next_evening(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    page = t.page(f"/g/{t.group}")
    newest = re.search(r'name="newest" type="hidden" value="([^"]*)"', page)
    return f"/g/{t.group}/next", {"newest": newest.group(1) if newest else "1"}


def open_game(t: Table, rng: random.Random) -> str:
    """An open Rovescino game of the home group with fewer than five deals (a new one when needed)."""
    if t.game and 'id="enter-deal"' in t.page(f"/s/{t.game}/play") and t.page(f"/s/{t.game}/play").count(
            'class="button quiet fix"') < 5:
        return t.game
    t.open_session()
    r = t.browser.post(f"/g/{t.home}/play/rovescino", {**games_start(t, rng)[1], "idem_key": _key(rng)})
    assert r.status_code == 302, r.get_data(as_text=True)[:2000]
    t.game = r.headers["Location"].split("/")[2]
    return t.game


def games_start(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    seats = rng.sample(PLAYERS, rng.choice([3, 4]))
    return f"/g/{t.home or t.group}/play/rovescino", {
        **{f"seat{i + 1}": p for i, p in enumerate(seats)}, "opt-elimination": "false",
        "opt-payout": rng.choice(['"loser_pays_each"', '"each_pays_winner"']), "stake": rng.choice(["1", "0,50"]),
        "currency": "EUR", "idem_key": _key(rng)}


def _game_deal(t: Table, rng: random.Random) -> dict[str, Any]:
    page = t.page(f"/s/{t.game}/play/deal")
    seats = re.findall(r'name="points-(\d)"', page)
    split = rng.choice([[3, 3, 2, 2], [4, 2, 2, 1], [10, 0, 0, 0], [3, 3, 3]])[: len(seats)]
    last = re.findall(r'name="last" value="([^"]+)"', page)
    return {"mode": "points", **{f"points-{s}": str(p) for s, p in zip(seats, split, strict=False)},
            "last": rng.choice(last) if last else "North", "idem_key": _key(rng), "number": _hidden(page, "number")[
                "number"]}


def games_deal(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    """The next deal, or (one time in three) the fix of the first one."""
    if rng.random() < 1 / 3:
        return games_fix(t, rng)
    g = open_game(t, rng)
    return f"/s/{g}/play/deal", _game_deal(t, rng)


def game_with_a_deal(t: Table, rng: random.Random) -> str:
    """A game of the table that has a deal 1 (one is entered if it has none): what a fix, an insert or a delete
    needs."""
    g = open_game(t, rng)
    if 'class="button quiet fix"' not in t.page(f"/s/{g}/play"):
        t.browser.post(f"/s/{g}/play/deal", _game_deal(t, rng))
    return g


def games_fix(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    g = game_with_a_deal(t, rng)
    return f"/s/{g}/play/deal/1", _game_deal(t, rng)


def games_delete(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    g = open_game(t, rng)
    return f"/s/{g}/play/deal/{rng.randint(1, 2)}/delete", {"idem_key": _key(rng)}


def games_end(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    g = open_game(t, rng)
    return f"/s/{g}/play/end", {"idem_key": _key(rng)}


def games_insert(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    """A forgotten deal before deal 1 (a first deal entered when there is none)."""
    g = game_with_a_deal(t, rng)
    return f"/s/{g}/play/deal/1/insert", _game_deal(t, rng)


def games_change(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    """The confirm of a game's change shown first (here: a forgotten deal before deal 1, or a delete)."""
    g = game_with_a_deal(t, rng)
    r = t.browser.post(f"/s/{g}/play/deal/1/insert", _game_deal(t, rng))
    page = r.get_data(as_text=True)
    if 'name="change"' not in page:
        page = t.page(f"/s/{g}/play/deal/1/delete")
    return f"/s/{g}/play/change", _confirmation(page)


def games_phone(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    g = open_game(t, rng)
    return f"/s/{g}/play/phone", {"name": rng.choice(["Ana's phone", "Mesa 2", "José"])}


def games_undo(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    g = open_game(t, rng)
    return f"/s/{g}/play/undo", {"idem_key": _key(rng), "seq": str(rng.randint(1, 4))}


def games_waiting(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    g = open_game(t, rng)
    hands = rng.randint(0, 3)
    return f"/s/{g}/play/waiting", {"phone": _key(rng), "hands": str(hands), "choices": str(rng.randint(0, hands)),
                                    "first": str(rng.randint(1, 9))}


def _night(t: Table) -> str:
    """The home group's evening in progress (the group page's link to it), or its newest one."""
    page = t.page(f"/g/{t.home or t.group}")
    found = re.search(r'/nights/(\d+)"', page)
    return found.group(1) if found else "1"


def night_end(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    return f"/g/{t.home or t.group}/nights/{_night(t)}/end", {"paper": rng.choice(["settle", "keep"])}


def night_alone(t: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    g = open_game(t, rng)
    return f"/g/{t.home or t.group}/nights/{_night(t)}/alone/{g}", {"paper": "settle"}


#: every POST endpoint, and the valid post it starts from
ROUTES: dict[str, Callable[[Table, random.Random], tuple[str, dict[str, Any]]]] = {
    "groups.index": create_group, "groups.set_language": set_language, "groups.add_player": add_player, "groups.rename_player": rename_player,
    "groups.retire_player": retire_player, "groups.start": start, "groups.import_session": import_session,
    "evenings.start_next": next_evening, "table.new_hand": new_hand, "table.preview": preview,
    "table.edit_hand": edit_hand, "table.end": end, "fixes.delete": delete_hand, "fixes.confirm": confirm_change,
    "fixes.insert": insert_hand, "fixes.dealer": dealer, "fixes.seating": seating, "fixes.undo": undo,
    "fixes.reopen": reopen, "fixes.phone": phone, "offline.waiting": waiting,
    "games.start": games_start, "games.deal": games_deal, "games.delete": games_delete, "games.end": games_end,
    "games.insert": games_insert, "games.change": games_change, "games.undo": games_undo, "games.phone": games_phone,
    "night.end": night_end, "night.alone": night_alone, "games.waiting": games_waiting,
    # last: once the links are replaced, the group's old link opens nothing (a 404 for the posts after it)
    "groups.replace_links": replace_links,
}


def damaged(rng: random.Random, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with one to three fields broken (or, one time in eight, as it was)."""
    data = dict(data)
    if rng.random() < 0.125:
        return data
    names = [*data, "contract", "t0", "t1", "surrender", "bola", "estuche_count", "trump", "bet", "takeover",
             "number", "version", "idem_key", "name", "paper", "scale", "palo_de_favor", "tanto_value",
             "start_tokens", "currency", "own", "newest", "text", "change", "key", "seq", "dealer", "seat1",
             "seat2", "confirm", "phone", "language", "extra"]
    for _ in range(rng.randint(1, 3)):
        name = rng.choice(names)
        roll = rng.random()
        if roll < 0.6:
            data[name] = rng.choice(HOSTILE)
        elif roll < 0.85:
            data[name] = rng.choice(PLAUSIBLE)
        else:
            data.pop(name, None)
    if "text" in data and rng.random() < 0.3:  # now and then a file instead, in another encoding
        text = str(data.pop("text"))
        data["file"] = (io.BytesIO(text.encode(rng.choice(["utf-8", "utf-16", "latin-1"]), "replace")), "s.json")
    return data


def _check(app, t: Table, endpoint: str, url: str, data: dict[str, Any]) -> str:
    before = snapshot(app)
    if "file" in data:
        r = t.browser.post(url, data, content_type="multipart/form-data")
    else:
        r = t.browser.post(url, data)
    where = f"{endpoint} {url} {str(data)[:300]}"
    assert r.status_code < 500, f"{r.status_code} for {where}\n{r.get_data(as_text=True)[:2000]}"
    if endpoint == "table.preview" and r.status_code == 200:
        result = r.get_json()
        assert isinstance(result["ok"], bool), where
        if not result["ok"]:
            assert message_of(r), where
        assert snapshot(app) == before, f"the preview wrote something: {where}"
        return "preview"
    if r.status_code >= 400:
        try:
            message_of(r)
        except AssertionError as exc:
            raise AssertionError(f"{where}: {exc}") from None
        assert snapshot(app) == before, f"a {r.status_code} changed the database: {where}"
        return "refused"
    return "accepted"


def test_every_post_route_is_fuzzed(app):
    posts = {rule.endpoint for rule in app.url_map.iter_rules() if "POST" in (rule.methods or ())}
    assert posts == set(ROUTES), f"POST routes the fuzz does not know: {sorted(posts - set(ROUTES))}"


def test_fuzz_every_post_route(app, browser, worked_example):
    rng = random.Random(SEED)
    t = Table(browser, worked_example)
    t.fresh_group()
    seen: dict[str, set[str]] = {}
    for endpoint, build in ROUTES.items():
        for _ in range(POSTS):
            if endpoint in ("groups.add_player", "groups.rename_player") and rng.random() < 0.1:
                t.fresh_group()
            url, data = build(t, rng)
            outcome = _check(app, t, endpoint, url, damaged(rng, data))
            seen.setdefault(endpoint, set()).add(outcome)
    # the fuzz reached both sides of the forms that change things: some posts refused, some accepted
    for endpoint in ("groups.start", "groups.import_session", "table.new_hand", "table.edit_hand"):
        assert seen[endpoint] >= {"refused"}, (endpoint, seen[endpoint])
    assert sum("accepted" in s for s in seen.values()) >= 5, seen
