"""The table screen's cost per phone (issue 29): what it draws from one version is drawn once per language,
and a new version or another language draws it afresh (never a stale chart)."""

from __future__ import annotations

import gc
import json
import re
from collections.abc import Iterator

import pytest
from flask import template_rendered
from sqlalchemy import event
from test_long_evening import PLAYERS, evening, imported

from conftest import csrf_of, field_value, hand_fields
from scorekeeper.db import db
from scorekeeper.games.tresillo import services
from scorekeeper.services import history, screens
from scorekeeper.services.replays import CACHE
from scorekeeper.serving import settle_heap

CHART = re.compile(r'<svg[^>]*class="[^"]*bowl-chart.*?</svg>', re.S)


def kept_charts(token: str) -> dict[object, object]:
    """The bowls charts kept with the replays of session ``token``, by their key."""
    return {key: made for (kept, _version) in CACHE.keys() if kept == token
            for key, made in CACHE.get((kept, _version))._kept.items()  # type: ignore[union-attr]
            if isinstance(key, tuple) and key[0] == "table screen" and key[2][0] == "bowls chart"}


def test_the_bowls_chart_is_drawn_once_per_version_and_language(app, client) -> None:
    token = imported(app, 40)
    first = client.get(f"/s/{token}").get_data(as_text=True)
    charts = kept_charts(token)
    assert [key[2][1] for key in charts] == ["en"]  # type: ignore[index]
    again = client.get(f"/s/{token}").get_data(as_text=True)
    assert CHART.findall(again) == CHART.findall(first) and kept_charts(token) == charts  # the kept one, same
    client.set_cookie("lang", "es")  # the phone's own choice
    spanish = client.get(f"/s/{token}").get_data(as_text=True)
    assert 'aria-label="Bowls so far' in CHART.findall(first)[0]
    assert 'aria-label="Bowls so far' not in CHART.findall(spanish)[0]
    assert sorted(key[2][1] for key in kept_charts(token)) == ["en", "es"]  # type: ignore[index]


def test_a_new_hand_draws_a_new_chart(app, client) -> None:
    token, last = forty_of_forty_one(app, "Tails")
    before = CHART.findall(client.get(f"/s/{token}").get_data(as_text=True))[0]
    save_the_41st(client, token, last)
    after = CHART.findall(client.get(f"/s/{token}").get_data(as_text=True))[0]
    assert after != before  # a hand more: the kept chart of 40 hands is not shown for 41


def kept_of(token: str) -> dict[object, object]:
    """Everything kept with the newest replay of session ``token``, by its key."""
    newest = max(version for kept, version in CACHE.keys() if kept == token)
    return dict(CACHE.get((token, newest))._kept)  # type: ignore[union-attr]


def test_the_parts_every_phone_sees_are_drawn_once_per_version_and_language(app, client) -> None:
    """The standings, what is in play and the last hands: kept in the page's language, the same on every phone."""
    token = imported(app, 40)
    first = client.get(f"/s/{token}").get_data(as_text=True)
    parts = {key[2][0]: made for key, made in kept_of(token).items()  # type: ignore[index]
             if isinstance(key, tuple) and key[0] == "table screen" and key[2][0] != "bowls chart"}
    assert sorted(parts) == ["bowls and paper", "in play", "last hands"]
    for made in parts.values():  # each kept part is on the page as it was drawn
        assert str(made).strip() and str(made) in first
    other_phone = app.test_client()
    second = other_phone.get(f"/s/{token}").get_data(as_text=True)
    assert all(str(made) in second for made in parts.values())  # another phone is shown the same parts
    other_phone.set_cookie("lang", "fr")
    french = other_phone.get(f"/s/{token}").get_data(as_text=True)
    assert "<h2>Dernières donnes</h2>" in french and str(parts["last hands"]) not in french
    assert sorted(key[2][1] for key in kept_of(token) if isinstance(key, tuple) and key[0] == "table screen"
                  and key[2][0] == "last hands") == ["en", "fr"]  # type: ignore[index]


def test_a_new_hand_keeps_the_words_of_the_rows_before_it(app, client) -> None:
    """A version made by adding a hand keeps the words of the rows it did not change, and says only its own."""
    token, last = forty_of_forty_one(app, "Rows")
    client.get(f"/s/{token}")
    rows_before = {key: made for key, made in kept_of(token).items() if isinstance(key, tuple) and key[0] == "row"}
    assert sorted(key[2] for key in rows_before) == [74, 76, 78, 80]  # type: ignore[index]  # hands 37–40
    save_the_41st(client, token, last)
    after = client.get(f"/s/{token}").get_data(as_text=True)
    rows_after = {key: made for key, made in kept_of(token).items() if isinstance(key, tuple) and key[0] == "row"}
    assert sorted(key[2] for key in rows_after) == [74, 76, 78, 80, 82]  # type: ignore[index]
    assert all(rows_after[key] is made for key, made in rows_before.items())  # carried, not said again
    assert "Hand 41" in after and rows_after[("row", "en", 82)].event in after


def forty_of_forty_one(app, name: str) -> tuple[str, dict[str, object]]:
    """A session of 41 hands imported without its last one: its token and the hand left to save."""
    file = json.loads(evening(41))
    last = file["hands"].pop()
    with app.app_context():
        token = services.import_session(services.create_group(name), json.dumps(file)).token
        db.session.remove()
    return token, last


def save_the_41st(client, token: str, last: dict[str, object]) -> None:
    """Hand 41 saved from the hand form, as a phone does."""
    page = client.get(f"/s/{token}/hand").get_data(as_text=True)
    data = hand_fields(last, PLAYERS)
    data.update(idem_key=field_value(page, "idem_key"), number="41", version=field_value(page, "version"),
                csrf_token=csrf_of(page))
    assert client.post(f"/s/{token}/hand", data=data).status_code == 302


def save_last_hand(app, client, name: str) -> str:
    """A session of 40 hands imported, then its 41st saved from the hand form: its last change is an add."""
    token, last = forty_of_forty_one(app, name)
    save_the_41st(client, token, last)
    return token


def test_the_last_change_is_read_once_per_version_and_the_group_with_the_session(app, client) -> None:
    """Every phone's table screen offers the same undo: the log is read for the first, not for the others;
    and a page reads its session's group in the statement that finds the session."""
    token = save_last_hand(app, client, "Undo once")
    with app.app_context():
        engine = db.engine
    said: list[str] = []

    def heard(_conn, _cursor, statement, *_args) -> None:
        said.append(" ".join(statement.split()))

    event.listen(engine, "before_cursor_execute", heard)
    try:
        first = client.get(f"/s/{token}?saved=41").get_data(as_text=True)  # the saving phone: its undo
        read_first = [s for s in said if "FROM history" in s]
        said.clear()
        second = app.test_client().get(f"/s/{token}?saved=41").get_data(as_text=True)
        read_second = [s for s in said if "FROM history" in s]
        groups_alone = [s for s in said if s.startswith("SELECT") and "FROM groups" in s]
    finally:
        event.remove(engine, "before_cursor_execute", heard)
    assert read_first and read_second == []  # the second phone is given the kept line
    assert groups_alone == []
    kept = [view for key, view in history.KEPT_LAST_CHANGE._items.items() if key[0] == token]
    assert len(kept) == 1 and kept[0].undo is not None and kept[0].undo.kind == "add"
    assert UNDO.findall(first) == UNDO.findall(second) != []


UNDO = re.compile(r'<form[^>]*action="[^"]*/undo[^"]*"')


def test_a_part_being_drawn_is_waited_for_not_drawn_twice() -> None:
    """Threads asking a version for the same part at once: one draws it, the others get what it drew."""
    import threading
    import time

    from scorekeeper.games.tresillo.services.replays import Replayed

    whole = Replayed(1, (), None, None, None)  # type: ignore[arg-type]
    drawn: list[int] = []

    def draw() -> str:
        drawn.append(1)
        time.sleep(0.05)  # long enough for the other threads to ask meanwhile
        return "part"

    got: list[str] = []
    threads = [threading.Thread(target=lambda: got.append(whole.kept("part", draw))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(5)
    assert got == ["part"] * 4 and drawn == [1]


def test_the_served_app_is_frozen_out_of_the_collector() -> None:
    threshold, frozen = gc.get_threshold(), gc.get_freeze_count()
    try:
        settle_heap()
        assert gc.get_freeze_count() > frozen and gc.get_threshold()[0] == 7000
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)


@pytest.fixture
def drawn(app) -> Iterator[list[str]]:
    """The tokens of the table screens drawn from their template during the test (one kept and handed
    out again is not drawn)."""
    tokens: list[str] = []

    def heard(_app, template, context) -> None:
        if template.name == "games/tresillo/pages/table.html":
            tokens.append(context["gs"].token)

    with template_rendered.connected_to(heard, app):
        yield tokens


KEY = re.compile(r'id="key" name="key" type="hidden" value="([^"]+)"')
RENDERED = re.compile(r'data-rendered="(\d+)"')


def test_the_table_screen_is_drawn_once_per_version_and_each_phone_gets_its_own_tokens(app, client, drawn) -> None:
    """Four phones open the same version (the hand just saved, with its undo): one draws it; each copy
    carries that phone's own form token and undo key, and its own time of drawing; a phone's undo is taken."""
    import time

    token = save_last_hand(app, client, "One screen")
    drawn.clear()
    phones = [app.test_client() for _ in range(4)]
    before = int(time.time() * 1000)
    pages = [phone.get(f"/s/{token}?saved=41").get_data(as_text=True) for phone in phones]
    assert drawn == [token]  # the first phone drew it, the other three were handed the same page
    csrfs = [csrf_of(page) for page in pages]
    keys = [KEY.findall(page) for page in pages]
    assert len(set(csrfs)) == 4 and all(len(k) == 1 for k in keys) and len({k[0] for k in keys}) == 4
    assert all(before <= int(RENDERED.findall(page)[0]) <= int(time.time() * 1000) for page in pages)
    assert not any("hole-" in page for page in pages)
    blank = [re.sub(r'value="[^"]+"', "", RENDERED.sub("", page)) for page in pages]
    assert blank[1:] == blank[:-1]  # apart from those, the very same page
    seq = re.search(r'id="seq" name="seq" type="hidden" value="(\d+)"', pages[3])
    assert seq is not None
    answer = phones[3].post(f"/s/{token}/undo", data={"csrf_token": csrfs[3], "key": keys[3][0],
                                                      "seq": seq.group(1)})
    assert answer.status_code == 302 and "done=" in answer.headers["Location"]
    assert "Hand 41" not in phones[0].get(f"/s/{token}").get_data(as_text=True)  # a new version, drawn anew
    assert drawn == [token, token]


def test_a_phone_without_a_name_a_language_or_an_address_of_its_own_gets_its_own_screen(app, client, drawn) -> None:
    token = save_last_hand(app, client, "Looks")
    drawn.clear()
    named = app.test_client()
    named.set_cookie("phone", "Ana")
    unnamed = app.test_client()
    assert "Name this phone" not in named.get(f"/s/{token}").get_data(as_text=True)
    assert "Name this phone" in unnamed.get(f"/s/{token}").get_data(as_text=True)
    unnamed.set_cookie("lang", "es")
    assert "Nombre de este móvil" in unnamed.get(f"/s/{token}").get_data(as_text=True)
    saved = unnamed.get(f"/s/{token}?saved=41").get_data(as_text=True)
    assert 'class="card saved"' in saved and "saved%3D41" in saved  # the language links come back here
    assert len(drawn) == 4  # named, unnamed, in Spanish, after the save: four looks, each drawn once
    again = [phone.get(f"/s/{token}") for phone in (named, unnamed)]
    assert all(r.status_code == 200 for r in again) and len(drawn) == 4


def test_a_made_up_address_is_drawn_for_itself_and_never_kept(app, client, drawn) -> None:
    token = save_last_hand(app, client, "Made up")
    drawn.clear()
    kept = len(screens.KEPT_SCREENS._items)
    odd = client.get(f"/s/{token}?saved=41&x=%3Cmarquee%3E").get_data(as_text=True)
    assert "<marquee>" not in odd and "x%3D%253Cmarquee%253E" in odd  # its own address, in its language links
    client.get(f"/s/{token}?saved=41&x=%3Cmarquee%3E")
    assert len(drawn) == 2 and len(screens.KEPT_SCREENS._items) == kept
    plain = client.get(f"/s/{token}").get_data(as_text=True)
    assert "marquee" not in plain


def test_a_screen_whose_log_is_not_of_its_version_is_not_kept(app, client, drawn) -> None:
    """An imported evening has no change of its version in the log (nothing was changed here yet): its
    screen is drawn for each phone, never kept under a version its log does not match."""
    token = imported(app, 40)
    drawn.clear()
    first = client.get(f"/s/{token}").get_data(as_text=True)
    second = app.test_client().get(f"/s/{token}").get_data(as_text=True)
    assert drawn == [token, token] and "Hand 40" in first and "Hand 40" in second
    assert not any(key[0] == token for key in screens.KEPT_SCREENS._items)
