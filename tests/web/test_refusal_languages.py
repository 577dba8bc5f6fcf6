"""Every refusal the services and the web can show, in Spanish and French: no English, no message id on a page.

The phone asks for the language with the ``lang`` cookie. Three sources of refusals:

- the seeded fuzz of every POST route (tests/web/test_post_fuzz.py's forms, each broken in one to
  three fields), read as a person reads the refusal (tests/webcheck.message_of);
- the hostile files of tests/hostile.py and damaged histories, imported through the group's page
  (the engine's refusal, said by the services with the hand and the field);
- the start form's own refusals (three seats or four, an empty seat as the first dealer).

Every page answered along the way is searched for a message id (``domain.not_text``).
"""

from __future__ import annotations

import io
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from english import MESSAGE_ID, refusal_words
from hostile import corpus
from test_post_fuzz import ROUTES, Table, damaged

from conftest import Browser, field_value, gen_group
from tests.webcheck import message_of

LANGUAGES = ("es", "fr", "it", "ca")
DUMP = Path(os.environ["REFUSALS_DUMP"]) if os.environ.get("REFUSALS_DUMP") else None
#: posts per route and language (the fuzz's own default is 10; two languages here)
POSTS = 6
AT = "2026-11-23T21:00:00Z"
#: a change of the history broken in each way the import refuses
HISTORIES: list[Any] = [
    "nope", [1], [{"kind": "add", "at": AT, "key": "a", "colour": "red"}],
    [{"kind": "burn", "at": AT, "key": "a"}], [{"kind": "add", "at": "yesterday", "key": "a"}],
    [{"kind": "add", "at": AT, "key": ""}], [{"kind": "add", "at": AT, "key": "a", "seq": 3}],
    [{"kind": "add", "at": AT, "key": "a", "phone": "x" * 500}], [{"kind": "add", "at": AT, "key": "a", "hand": -2}],
    [{"kind": "add", "at": AT, "key": "a", "before": 3}], [{"kind": "add", "at": AT, "key": "a", "before": {"hands": 1}}],
    [{"kind": "end", "at": AT, "key": "a", "after": {"paper": "burn"}}],
    [{"kind": "add", "at": AT, "key": "a"}, {"kind": "undo", "at": AT, "key": "b", "undoes": 5}],
    [{"kind": "add", "at": AT, "key": "a"}, {"kind": "add", "at": AT, "key": "a"}],
]


class Heard:
    """The refusals read and the pages seen, in one language."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.refusals: list[tuple[str, str]] = []
        self.ids: list[tuple[str, str]] = []

    def page(self, where: str, response: Any) -> None:
        text = response.get_data(as_text=True)
        self.ids += [(where, m.group(0)) for m in MESSAGE_ID.finditer(text)]

    def refusal(self, where: str, response: Any) -> None:
        self.page(where, response)
        self.refusals.append((where, message_of(response)))

    def english(self) -> list[tuple[str, str, list[str]]]:
        return [(where, said, refusal_words(said, self.language)) for where, said in self.refusals
                if refusal_words(said, self.language)]


def speaking(app, language: str) -> Browser:
    browser = Browser(app.test_client())
    browser.client.set_cookie("lang", language)
    return browser


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_post_route_refuses_in_the_language(app, worked_example, language):
    heard = Heard(language)
    browser = speaking(app, language)
    t = Table(browser, worked_example)
    t.fresh_group()
    rng = random.Random(25)
    for endpoint, build in ROUTES.items():
        for _ in range(POSTS):
            url, data = build(t, rng)
            data = damaged(rng, data)
            r = browser.post(url, data, content_type="multipart/form-data") if "file" in data \
                else browser.post(url, data)
            where = f"{endpoint} {str(data)[:200]}"
            if r.status_code >= 400 or r.is_json and r.get_json().get("ok") is False:
                heard.refusal(where, r)
            else:
                heard.page(where, r)
    assert len(heard.refusals) > 40
    if DUMP:
        DUMP.write_text("\n".join(f"{w[:60]} => {s}" for w, s in heard.refusals))
    assert heard.english() == []
    assert heard.ids == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_hostile_file_and_history_refuses_in_the_language(app, worked_example, language):
    heard = Heard(language)
    browser = speaking(app, language)
    g = gen_group(browser)
    files: list[tuple[str, Any]] = [(name, data) for name, data, ok, _word in corpus() if not ok]
    files += [(f"history {i}", json.dumps({**worked_example, "history": h})) for i, h in enumerate(HISTORIES)]
    files.append(("a player spelled otherwise", json.dumps(
        {**worked_example, "players": ["NORTH", "West", "South", "East"], "first_dealer": "West", "hands": []})))
    for name, data in files:
        page = browser.get(f"/g/{g}/import").get_data(as_text=True)
        form = {"idem_key": field_value(page, "idem_key")}
        if isinstance(data, bytes):
            form["file"] = (io.BytesIO(data), "s.json")
            r = browser.post(f"/g/{g}/import", form, content_type="multipart/form-data")
        else:
            form["text"] = data
            r = browser.post(f"/g/{g}/import", form)
        assert r.status_code in (400, 413), (name, r.status_code)
        heard.refusal(name, r)
    if DUMP:
        DUMP.write_text("\n".join(f"{w[:60]} => {s} {e}" for w, s, e in heard.english()))
    assert heard.english() == []
    assert heard.ids == []


@pytest.mark.parametrize("language, seats, dealer", [
    ("es", ("North", "West", "", ""), "1"), ("es", ("North", "West", "South", ""), "4"),
    ("fr", ("North", "West", "", ""), "1"), ("fr", ("North", "West", "South", ""), "4"),
])
def test_the_start_forms_own_refusals_in_the_language(app, language, seats, dealer):
    heard = Heard(language)
    browser = speaking(app, language)
    g = gen_group(browser)
    browser.get(f"/g/{g}/start")
    r = browser.post(f"/g/{g}/start", {
        "seat1": seats[0], "seat2": seats[1], "seat3": seats[2], "seat4": seats[3], "first_dealer": dealer,
        "rules": "pagat", "tanto_value": "0.10", "currency": "EUR", "start_tokens": "160", "scale": "1",
        "palo_de_favor": ""})
    assert r.status_code == 400
    heard.refusal("start", r)
    assert heard.english() == [] and heard.ids == []
    said = heard.refusals[0][1]
    assert any(word in said for word in ("tres o cuatro", "trois ou quatre", "vacío", "vide")), said
