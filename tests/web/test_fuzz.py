"""Random damaged posts never give a 500, and a refused post changes nothing.

Phones send what they send: a stale page, a half-typed number, a name
from another table. Hypothesis throws such field values at every form
that writes; each answer must be a page (never a server error), and
whenever the answer is not a redirect the session's hands and version
must be exactly as before.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import field_value, gen_group, gen_hand, gen_session

NAMES = ["North", "West", "South", "East", "Nobody", ""]
WEIRD = st.one_of(
    st.sampled_from(NAMES),
    st.sampled_from(["entrada", "vuelta", "solo", "penetro", "pass", "bola", "accepted", "takeover",
                     "won", "failed", "y", "oros", "J", "settle", "keep"]),
    st.integers(-5, 12).map(str),
    st.sampled_from(["9" * 30, "-0", "1.5", "1e3", " 3", "٣", "null", "{}", "[]"]),
    st.text(max_size=8),
)
FIELDS = ["contract", "declarer", "forced", "t0", "t1", "t2", "t3", "surrender", "takeover", "estuche",
          "estuche_count", "contra_estuche", "primeras", "bola", "drops_out", "debt", "trump", "bet",
          "number", "version", "paper"]
POSTS = st.dictionaries(st.sampled_from(FIELDS), WEIRD, max_size=9)
WHERE = st.sampled_from(["hand", "hands/2/edit", "end", "undo", "hands/3/delete", "preview"])


def _state(browser, token):
    exported = browser.client.get(f"/s/{token}/session.json")
    version = browser.client.get(f"/s/{token}/version").get_json()["version"]
    return json.loads(exported.get_data(as_text=True))["hands"], version


def test_damaged_posts_are_refused_cleanly(browser, worked_example):
    """Each example gets a table of its own (three hands of the worked example), so no example
    sees what an earlier one did to its table."""
    group = gen_group(browser)

    @settings(max_examples=40, deadline=None)
    @given(data=POSTS, where=WHERE)
    def post(data, where):
        token = gen_session(browser, group)
        for hand in worked_example["hands"][:3]:
            gen_hand(browser, token, hand)
        before = _state(browser, token)
        page = browser.get(f"/s/{token}/hand").get_data(as_text=True)
        data = dict(data)
        data.setdefault("idem_key", field_value(page, "idem_key"))
        r = browser.post(f"/s/{token}/{where}", data)
        assert r.status_code < 500, r.get_data(as_text=True)[:2000]
        if where == "preview":
            assert r.is_json and isinstance(r.get_json()["ok"], bool)
        if where == "preview" or r.status_code not in (200, 302):
            assert _state(browser, token) == before

    post()
