"""Truco as played today at the table: the side bets of the ruleset (envido, flor, envit) on the hand
form, drawn from the chains' data, read into the session file's hands, refused next to their field."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from conftest import field_value, gen_group

FOUR = ("Ana", "Bea", "Cleo", "Dan")


def errors_on(html: str) -> dict[str, str]:
    found = re.finditer(r'id="([\w-]+)-error"><p class="error" role="alert">([^<]*)<', html)
    return {m.group(1): unescape(m.group(2)) for m in found}


def start(browser, group, **options):
    page = browser.get(f"/g/{group}/play/truc").get_data(as_text=True)
    data = {f"seat{i + 1}": name for i, name in enumerate(FOUR)}
    data.update({"idem_key": field_value(page, "idem_key"), "stake": "1", "currency": "EUR"})
    data.update({f"opt-{k}": json.dumps(v) for k, v in options.items()})
    r = browser.post(f"/g/{group}/play/truc", data)
    assert r.status_code == 302, errors_on(r.get_data(as_text=True))
    return r.headers["Location"].split("/")[2]


def hand(browser, token, number=None, **fields):
    url = f"/s/{token}/play/deal" + (f"/{number}" if number else "")
    page = browser.get(url).get_data(as_text=True)
    data = {"idem_key": field_value(page, "idem_key"), "number": field_value(page, "number"), **fields}
    return browser.post(url, data)


def deals(browser, token):
    return json.loads(browser.get(f"/s/{token}/play/session.json").get_data(as_text=True))["deals"]


@pytest.fixture
def group(browser):
    return gen_group(browser, players=FOUR)


def test_the_envido_and_flor_buttons_read_into_the_hand(browser, group):
    """Río de la Plata with flor: an envido-real envido won by B beside a truco A won; a lone flor (no
    answer); a plain hand still needs no side bet (docs/rules.md, "Truco as played today")."""
    token = start(browser, group, ruleset="rioplatense", flor=True, target=30)
    page = browser.get(f"/s/{token}/play/deal").get_data(as_text=True)
    assert 'name="bet-envido-1" value="1:real_envido"' in page and 'name="bet-flor-3"' in page
    assert 'name="bet-envido-5"' not in page        # at most four envido calls
    assert hand(browser, token, first="0", raises="1", end="won-0", **{
        "bet-envido-1": "0:envido", "bet-envido-2": "1:real_envido", "bet-envido-answer": "won-1"}).status_code == 302
    assert hand(browser, token, end="won-1", **{"bet-flor-1": "0:flor"}).status_code == 302
    assert hand(browser, token, end="won-0").status_code == 302
    assert deals(browser, token) == [
        {"raises": ["A"], "won": "A",
         "envido": {"calls": [{"by": "A", "call": "envido"}, {"by": "B", "call": "real_envido"}], "won": "B"}},
        {"won": "B", "flor": {"calls": [{"by": "A", "call": "flor"}]}},
        {"won": "A"},
    ]
    fix = browser.get(f"/s/{token}/play/deal/1").get_data(as_text=True)
    assert 'value="1:real_envido" checked' in fix and 'value="won-1" checked' in fix


def test_a_bad_chain_is_told_next_to_it_and_nothing_is_saved(browser, group):
    """The engine refuses real envido before envido; the form shows it at the envido's buttons (400)."""
    token = start(browser, group, ruleset="rioplatense")
    r = hand(browser, token, end="won-0", **{"bet-envido-1": "0:real_envido", "bet-envido-2": "1:envido",
                                             "bet-envido-answer": "won-0"})
    assert r.status_code == 400
    assert "may not follow" in errors_on(r.get_data(as_text=True))["bet-envido"]
    r = hand(browser, token, end="won-0", **{"bet-envido-1": "5:envido"})
    assert r.status_code == 400 and errors_on(r.get_data(as_text=True))["bet-envido"]
    assert deals(browser, token) == []


def test_the_valencian_form_says_truc_and_joc_fora(browser, group):
    """Truc valencià: the envit chain's buttons, the first raise said truc and the top joc fora; an
    envit refused by B and a joc fora A won read into the hand."""
    token = start(browser, group, ruleset="valenciano")
    page = browser.get(f"/s/{token}/play/deal").get_data(as_text=True)
    assert 'value="0:torne"' in page and "joc fora" in page and 'name="bet-envido-1"' not in page
    assert hand(browser, token, first="0", raises="4", end="won-0",
                **{"bet-envit-1": "0:envit", "bet-envit-answer": "refused-1"}).status_code == 302
    assert deals(browser, token) == [{"raises": ["A", "B", "A", "B"], "won": "A",
                                      "envit": {"calls": [{"by": "A", "call": "envit"}], "refused": "B"}}]
