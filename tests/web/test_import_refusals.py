"""Hostile session files imported through the web: every refusal a sentence, never a message id.

The files come from the engine's own generators (bench/fuzz.py: arbitrary JSON,
mutated and nudged valid sessions, damaged text; tests/hostile.py: the named
corpus). A refused import shows the file's refusal in words
("Session: players[1]: …"), never the id the engine gives it ("domain.not_text").
The history an import brings is bounded too: its own file must export again
within the import limit.
"""

from __future__ import annotations

import io
import json
import random
import re
from html import unescape

from hostile import corpus

import fuzz
from conftest import field_value, gen_group
from scorekeeper.services.limits import FILE_HISTORY, WEB_FILE_BYTES

MESSAGE_ID = re.compile(r"\bdomain\.[a-z_]+|\{[a-z_]+\}")


def refusal(answer) -> str:
    return unescape(" ".join(re.findall(r'<p class="error"[^>]*>([^<]+)</p>', answer.get_data(as_text=True))))


def post_file(browser, group: str, data: str | bytes):
    """Upload ``data`` as the session file (text as UTF-8, a lone surrogate kept as its bytes)."""
    page = browser.get(f"/g/{group}/import").get_data(as_text=True)
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    return browser.client.post(f"/g/{group}/import", content_type="multipart/form-data", data={
        "csrf_token": browser.token, "idem_key": field_value(page, "idem_key"),
        "file": (io.BytesIO(raw), "session.json")})


def hostile_files(count: int) -> list[str | bytes]:
    rng = random.Random(24)
    documents = fuzz.pool(rng, 12)
    out: list[str | bytes] = []
    for i in range(count):
        base = rng.choice(documents)
        doc = fuzz.arbitrary(rng) if i % 3 == 0 else fuzz.mutate(rng, base) if i % 3 == 1 else fuzz.nudge(rng, base)
        out.append(fuzz.as_text(rng, doc))
    return out + [data for _name, data, _ok, _word in corpus() if len(data) < WEB_FILE_BYTES]


def test_no_message_id_reaches_the_import_page(app, browser):
    group = gen_group(browser)
    refused = accepted = 0
    problems = []
    for data in hostile_files(120):
        answer = post_file(browser, group, data)
        if answer.status_code in (200, 302):  # imported, or found imported before (the same file twice)
            accepted += 1
            continue
        refused += 1
        said = refusal(answer)
        if answer.status_code >= 500 or not said or MESSAGE_ID.search(said):
            problems.append(f"{answer.status_code} {said!r}: {str(data)[:120]!r}")
    assert not problems, "\n".join(problems[:20])
    assert refused >= 60 and accepted >= 5, (refused, accepted)


def test_a_player_that_is_not_text_is_told_in_words(app, browser, worked_example):
    group = gen_group(browser)
    broken = dict(worked_example, players=["North", 7, "South", "East"])
    said = refusal(post_file(browser, group, json.dumps(broken)))
    assert said.startswith("Session: players[1]:") and "domain." not in said, said


def _history(worked_example, count: int, phone: str = "", fat: bool = False) -> dict:
    """The worked example with ``count`` changes in its history (hand 1 entered again and again, or fixed)."""
    entries = []
    for seq in range(1, count + 1):
        entry = {"seq": seq, "at": "2026-11-26T20:00:00Z", "kind": "add", "key": f"k{seq}", "hand": 1}
        if fat:
            entry.update(phone=phone)
            entry.update(kind="edit", key=f"{seq:064d}", before=worked_example["hands"][5],
                         after=worked_example["hands"][4])
        entries.append(entry)
    return dict(worked_example, history=entries)


def test_an_imported_history_is_bounded(app, browser, worked_example):
    """20,000 changes (about 2 MB) were accepted, and the session then exported over the import limit."""
    group = gen_group(browser)
    text = json.dumps(_history(worked_example, 20_000), separators=(",", ":"))
    assert len(text.encode()) < WEB_FILE_BYTES  # it gets through the door: the limit is the app's own
    said = refusal(post_file(browser, group, text))
    assert f"has 20,000 changes; an imported session keeps at most {FILE_HISTORY:,}" in said, said
    # the fattest history within the count (every change with a 40-letter phone, a 64-letter key, a hand
    # before and after) is accepted, and exports within the limit: its own file always imports back
    fattest = _history(worked_example, FILE_HISTORY, phone="p" * 40, fat=True)
    answer = post_file(browser, gen_group(browser, "Fattest"), json.dumps(fattest, separators=(",", ":")))
    assert answer.status_code == 302, refusal(answer)
    exported = browser.get(f"/s/{answer.headers['Location'].rsplit('/', 1)[1]}/session.json").get_data()
    assert len(json.loads(exported)["history"]) == FILE_HISTORY and len(exported) < WEB_FILE_BYTES, len(exported)
    # a history that fits is imported, and the session's own file imports back
    answer = post_file(browser, gen_group(browser, "Fifty"), json.dumps(_history(worked_example, 50)))
    assert answer.status_code == 302, refusal(answer)
    token = answer.headers["Location"].rsplit("/", 1)[1]
    exported = browser.get(f"/s/{token}/session.json").get_data(as_text=True)
    assert len(json.loads(exported)["history"]) == 50
    assert post_file(browser, gen_group(browser, "Back again"), exported).status_code == 302
