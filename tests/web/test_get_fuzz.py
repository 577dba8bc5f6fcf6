"""Every GET route of the URL map with damaged path parts and query values: never a server error.

Each rule is asked with each of its path parts replaced by hostile text (a NUL,
numbers past 2^31, 2^63 and 10^20, negatives, a slash, 300 characters) and with
query values the app never writes (``?done=99999999999999999999``,
``?until=9999-12-31``…). Each answer is a page or a refusal; every refusal (4xx)
says why in a sentence: the error page's lead, a field's error, or a JSON message.
On SQLite and on PostgreSQL (the ``app`` fixture), a few hundred requests each.
"""

from __future__ import annotations

import random
import re
from html import unescape

from conftest import Browser, gen_group, gen_hand, gen_session

#: what a number in a path or a query may be sent as, none of them a number the app writes
HOSTILE_NUMBERS = ["99999999999999999999", str(2**63), str(2**63 - 1), str(2**31), "-1", "-0", "0", "١٢", "1e3",
                   " 7", "0x10", "0" * 40 + "1"]
HOSTILE_TEXT = ["%00", "a%00b", "%C0%AF", "..%2F..%2Fsecret_key", "x" * 300, "%F0%9F%83%8F", "%E2%80%8B",
                "'--", "<b>", "%20"]
#: every query name a GET page reads (and a few it never reads), each given hostile values
QUERY_NAMES = ["saved", "done", "again", "edit", "insert", "before", "hand", "page", "since", "until", "player",
               "number", "key", "next", "lang", "b0", "b1", "plato", "pajaritos", "rules", "contract", "declarer",
               "t0", "replaced", "version", "own", "tanto_value"]
QUERY_VALUES = [*HOSTILE_NUMBERS, "9999-12-31", "0001-01-01", "2026-02-30", "%00", "x" * 300, "%2F%2Fevil.example",
                "https://evil.example/", "<script>", "%E2%80%AE"]
SENTENCE = re.compile(r'<p class="(?:lead|error)"[^>]*>([^<]{12,})</p>')
MESSAGE_ID = re.compile(r"\b(?:domain|hand|session|file)\.[a-z_]+\b")


def said(answer) -> str:
    """The sentence a refusal gives (an error page's lead or a field's error, or a JSON message); '' if none."""
    if answer.is_json:
        return str((answer.get_json() or {}).get("message") or "")
    found = SENTENCE.findall(answer.get_data(as_text=True))
    return unescape(" ".join(found))


def table(browser, worked_example):
    """A group with a session of three hands (one fixed), an ended session and their tokens by kind."""
    group = gen_group(browser)
    token = gen_session(browser, group)
    for hand in worked_example["hands"][:3]:
        gen_hand(browser, token, hand)
    page = browser.get(f"/s/{token}/invite").get_data(as_text=True)
    watch = re.search(r"/w/([A-Za-z0-9_-]{10,})", page)
    assert watch, "no watch link on the invite page"
    return {"group": group, "session": token, "watch": watch.group(1)}


def good_part(rule, name: str, tokens: dict[str, str]) -> str:
    """A value the app writes for the path part ``name`` of ``rule``."""
    if name == "token":
        return tokens[{"g": "group", "s": "session", "w": "watch"}[rule.rule[1]]]
    return {"number": "1", "player_id": "1", "kind": "report", "fmt": "html", "code": "es",
            "filename": "app.css", "action": "retire", "game": "rovescino", "night_id": "1"}[name]


def paths(rule, tokens: dict[str, str], rng: random.Random) -> list[str]:
    """The rule's address with good parts, then with each part in turn replaced by hostile values."""
    names = list(rule.arguments)

    def build(parts: dict[str, str]) -> str:
        out = rule.rule
        for name, value in parts.items():
            out = re.sub(rf"<(?:[^:>]+:)?{name}>|<any\([^)]*\):{name}>", lambda _m, v=value: v, out)
        return out

    good = {n: good_part(rule, n, tokens) for n in names}
    out = [build(good)]
    for name in names:
        for value in rng.sample(HOSTILE_NUMBERS + HOSTILE_TEXT, 6):
            out.append(build({**good, name: value}))
    return out


def check(client, url: str, problems: list[str]) -> int:
    answer = client.get(url)
    if answer.status_code >= 500:
        problems.append(f"{url}: {answer.status_code}")
    elif answer.status_code >= 400:
        sentence = said(answer)
        if not sentence or MESSAGE_ID.search(sentence):
            problems.append(f"{url}: {answer.status_code} without a sentence: {answer.get_data(as_text=True)[:300]!r}")
    return answer.status_code


def test_every_get_route_refuses_damaged_addresses_with_a_sentence(app, client, worked_example):
    rng = random.Random(24)
    browser = Browser(client)
    tokens = table(browser, worked_example)
    rules = [r for r in app.url_map.iter_rules() if "GET" in r.methods]
    problems: list[str] = []
    asked = 0
    statuses: dict[int, int] = {}
    for rule in sorted(rules, key=lambda r: r.rule):
        urls = paths(rule, tokens, rng)
        good = urls[0]
        slow = good.endswith(".pdf")  # a PDF takes seconds to draw: asked with its own path parts only
        queries = [] if slow else [
            f"{good}?{name}={value}" for name, value in zip(rng.sample(QUERY_NAMES, 6), rng.sample(QUERY_VALUES, 6),
                                                             strict=True)]
        for url in (urls if not slow else urls[1:]) + queries:
            status = check(client, url, problems)
            statuses[status] = statuses.get(status, 0) + 1
            asked += 1
    # the addresses of issue 24, every one of them by name: refused with a sentence, or (a number that
    # only says which row to show or which page of a list) the page from its start
    g, s = tokens["group"], tokens["session"]
    named = {f"/g/{g}/stats?until=9999-12-31": 400, f"/g/{g}/stats?since=0001-01-01": 400,
             f"/s/{s}/preview?edit={2**63}": 405, "/s/%00": 404, f"/s/{s}%00/hand": 404, "/g/a%00b/stats": 404,
             "/w/%00/report.html": 404, f"/s/{s}/hands/99999999999999999999": 404, f"/s/{s}/hands/{2**31}": 404,
             f"/s/{s}?done=99999999999999999999": 200, f"/s/{s}/end?done={2**63}": 200, f"/s/{s}?done=-5": 200,
             f"/s/{s}?saved={2**63}": 200, f"/s/{s}/hands?before=-1": 200, f"/s/{s}/hands?hand=99999999999999999999": 200,
             f"/g/{g}?page={2**63}": 200}
    for url, status in named.items():
        assert check(client, url, problems) == status, url
    assert not problems, "\n".join(problems[:40])
    assert 250 <= asked + len(named) <= 1100, asked  # bounded in time: the games' routes and their changes (undo, insert, history, pending) make it ~900
    # a POST's damaged number in the query is refused with a sentence (the preview of a hand to fix)
    page = browser.get(f"/s/{s}/hand").get_data(as_text=True)
    assert page
    answer = browser.post(f"/s/{s}/preview?edit={2**63}", {})
    assert answer.status_code == 400 and "(edit)" in said(answer), said(answer)  # in the language chosen above
    assert statuses.get(200, 0) >= 20 and statuses.get(404, 0) >= 50, statuses


def test_damaged_player_numbers_in_posts_are_refused(app, client):
    """POST /g/<G>/players/<huge>/rename (and retire, return): a 404 with a sentence, nothing renamed."""
    browser = Browser(client)
    group = gen_group(browser)
    browser.get(f"/g/{group}")
    for number in ("99999999999999999999", str(2**63), str(2**31)):
        for action in ("rename", "retire", "return"):
            answer = browser.post(f"/g/{group}/players/{number}/{action}", {"name": "Zed", "version": "0"})
            assert answer.status_code == 404, (number, action, answer.status_code)
            assert "nothing at this address" in said(answer), said(answer)
    assert "Zed" not in browser.get(f"/g/{group}").get_data(as_text=True)
