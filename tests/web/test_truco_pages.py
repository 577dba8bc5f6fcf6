"""Truco as played today at the table: the side bets of the ruleset (envido, flor, envit) on the hand
form, drawn from the chains' data, read into the session file's hands, refused next to their field."""

from __future__ import annotations

import json
import re
import subprocess
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


def offered(html: str, name: str) -> tuple[set[str], set[str]]:
    """The buttons of a step as drawn: those offered, and those drawn hidden (for the script)."""
    found = re.findall(rf'<label class="choice"( hidden)?><input type="radio" name="{name}" value="([^"]+)"', html)
    return {v for h, v in found if not h}, {v for h, v in found if h}


def test_each_step_offers_only_what_may_follow(browser, group):
    """Truc valencià: torne answers an envit, so the first call offers envit and falta only; once the
    steps before are known (a form sent back, a fix) a step offers only the other side's calls that may
    follow them, as Chain.buttons says (docs/rules.md, "Truco as played today")."""
    token = start(browser, group, ruleset="valenciano")
    page = browser.get(f"/s/{token}/play/deal").get_data(as_text=True)
    assert offered(page, "bet-envit-1") == ({"0:envit", "0:falta", "1:envit", "1:falta"}, set())
    assert offered(page, "bet-envit-2")[0] == {"0:torne", "0:falta", "1:torne", "1:falta"}
    assert 'name="bet-envit-4"' not in page      # envit, torne, falta: no fourth call in any chain
    r = hand(browser, token, **{"bet-envit-1": "0:envit"})
    assert r.status_code == 400
    sent_back = r.get_data(as_text=True)
    assert offered(sent_back, "bet-envit-2") == ({"1:torne", "1:falta"}, {"0:torne", "0:falta"})
    assert hand(browser, token, end="won-0", **{"bet-envit-1": "0:envit", "bet-envit-2": "1:torne",
                                                "bet-envit-answer": "won-1"}).status_code == 302
    fix = browser.get(f"/s/{token}/play/deal/1").get_data(as_text=True)
    assert offered(fix, "bet-envit-2")[0] == {"1:torne", "1:falta"}
    assert offered(fix, "bet-envit-3") == ({"0:falta"}, {"1:falta"})
    assert 'value="1:torne" checked' in fix


def test_the_envido_after_a_falta_offers_nothing_more(browser, group):
    """Río de la Plata: after real envido only falta envido may follow, and after the falta nothing:
    the fix of such a hand offers one call at the third step and none at the fourth; the engine still
    refuses a call that may not follow, next to the envido's buttons."""
    token = start(browser, group, ruleset="rioplatense")
    assert hand(browser, token, end="won-0", **{"bet-envido-1": "0:real_envido", "bet-envido-2": "1:falta_envido",
                                                "bet-envido-answer": "won-1"}).status_code == 302
    fix = browser.get(f"/s/{token}/play/deal/1").get_data(as_text=True)
    assert offered(fix, "bet-envido-2")[0] == {"1:falta_envido"}
    assert offered(fix, "bet-envido-3")[0] == set()
    r = hand(browser, token, end="won-0", **{"bet-envido-1": "0:falta_envido", "bet-envido-2": "1:envido",
                                             "bet-envido-answer": "won-0"})
    assert r.status_code == 400 and "may not follow" in errors_on(r.get_data(as_text=True))["bet-envido"]


def test_the_pages_say_the_rulesets_name(browser, group):
    """A chosen ruleset names the game on its pages (Truco rioplatense, Truc valencià, in their own
    words); the seed's Truc keeps its name; the start form says each ruleset in words."""
    form = browser.get(f"/g/{group}/play/truc").get_data(as_text=True)
    assert "Truco rioplatense (Río de la Plata)" in unescape(form) and "Truc valencià: truc, envit" in unescape(form)
    assert ">rioplatense<" not in form and ">target=30<" not in form and "30 points: malas, then buenas" in form
    for ruleset, title in (("rioplatense", "Truco rioplatense"), ("valenciano", "Truc valencià"), ("seed", "Truc")):
        token = start(browser, group, ruleset=ruleset)
        table = unescape(browser.get(f"/s/{token}/play").get_data(as_text=True))
        assert f"<h1>{title}</h1>" in table and f"<title>{title}" in table
        deal = unescape(browser.get(f"/s/{token}/play/deal").get_data(as_text=True))
        assert f"· {title}</title>" in deal or f"· {title} ·" in deal


def test_going_to_the_deck_and_flor_against_flor_from_the_form(browser, group):
    """Río de la Plata with flor: B goes to the deck in the first trick (one tap: A +2 shown, read into
    `mazo`); A goes after the first trick (`trick: 2`); A's flor answered by B's flor, B's the better.
    The seed's Truc offers no deck button (its rules have none)."""
    token = start(browser, group, ruleset="rioplatense", flor=True, target=30)
    page = browser.get(f"/s/{token}/play/deal").get_data(as_text=True)
    assert 'value="mazo-1" class="big mazo"' in page and 'data-first="2">2<' in page
    assert hand(browser, token, end="mazo-1").status_code == 302
    assert hand(browser, token, end="mazo-0-later").status_code == 302
    assert hand(browser, token, end="won-0", **{"bet-flor-1": "0:flor", "bet-flor-2": "1:flor",
                                                "bet-flor-answer": "won-1"}).status_code == 302
    assert deals(browser, token) == [
        {"mazo": "B"}, {"mazo": "A", "trick": 2},
        {"won": "A", "flor": {"calls": [{"by": "A", "call": "flor"}, {"by": "B", "call": "flor"}], "won": "B"}}]
    fix = browser.get(f"/s/{token}/play/deal/2").get_data(as_text=True)
    assert 'name="end" value="mazo-0-later"' in fix
    seed = start(browser, group)
    assert "mazo-0" not in browser.get(f"/s/{seed}/play/deal").get_data(as_text=True)
    assert hand(browser, seed, end="mazo-0").status_code == 400


def test_truc_valencia_table_counts_camas_and_the_partida(browser, group):
    """Two camas to win: after A's joc fora takes cama 1 and two hands of cama 2, the table shows the
    partida 1 - 0, cama 1's points and taker, and the cama being played (A 2 - B 0), not the sum of
    every cama; the deal list's line of hand 1 says the cama it closed. Then B takes cama 2 and A cama
    3: the partida 2 - 1 on the table; the result page (the money) lists each cama with its taker and the
    partida, and the sheet's score columns start again at 0 with each cama."""
    token = start(browser, group, ruleset="valenciano")
    assert hand(browser, token, first="1", raises="4", end="won-0").status_code == 302
    for _ in range(2):
        assert hand(browser, token, end="won-0").status_code == 302
    table = unescape(browser.get(f"/s/{token}/play").get_data(as_text=True))
    assert '<span class="partida-side">A <b>1</b></span> – <span class="partida-side">B <b>0</b></span>' in table
    assert "Cama 1: A 12 – B 0" in table and "playing cama 2" in table
    assert re.findall(r'<b class="score">(\d+)</b>', table) == ["2", "0"]
    assert "cama 1 to A: A 12 – B 0" in table
    assert hand(browser, token, first="0", raises="4", end="won-1").status_code == 302
    assert hand(browser, token, first="1", raises="4", end="won-0").status_code == 302
    table = unescape(browser.get(f"/s/{token}/play").get_data(as_text=True))
    assert "Cama 2: A 2 – B 12" in table and "Cama 3: A 12 – B 0" in table
    assert "partida to A: camas A 2 – B 1" in table
    money = unescape(browser.get(f"/s/{token}/play/result").get_data(as_text=True))
    standing = re.findall(r'<ul class="standing">(.*?)</ul>', money, re.S)[0]
    assert re.findall(r"<li>([^<]*)</li>", standing) == [
        "Cama 1: A 12 – B 0 · to A", "Cama 2: A 2 – B 12 · to B", "Cama 3: A 12 – B 0 · to A",
        "Partida: A 2 – B 1 · to A"]
    assert standing and money.index('class="standing"') < money.index('class="money"')
    sheet = unescape(browser.get(f"/s/{token}/play/sheet.html").get_data(as_text=True))
    after = [re.findall(r"<b>(\d+)</b>", row) for row in re.findall(r"<tr><td class=\"fig\">\d+</td>(.*?)</tr>", sheet)]
    assert after == [["12", "0"], ["1", "0"], ["2", "0"], ["2", "12"], ["12", "0"]]  # not 13, 14, 14-12


def checked_options(page: str) -> dict[str, str]:
    """The start form's options as drawn: each radio checked."""
    return {k: unescape(v) for k, v in re.findall(r'<input type="radio" name="(opt-[\w]+)" value="([^"]*)" checked>',
                                                  page)}


def test_the_group_page_names_truco_rioplatense_and_truc_valencia(browser, group):
    """The group page lists Truco rioplatense and truc valencià by their own names among today's games, and
    the seed's Truc, Rentoy and Put after them as the historical games; a preset's start form starts
    with today's values (docs/rules.md), and its session's pages call it by the ruleset's name."""
    html = unescape(browser.get(f"/g/{group}").get_data(as_text=True))
    titles = re.findall(r'data-game="(?:truc|rentoy|put)" data-preset="(\w+)">([^<]+)</a>', html)
    assert set(titles[:2]) == {("rioplatense", "Truco rioplatense"), ("valenciano", "Truc valencià")}
    order = [t for _k, t in re.findall(r'data-game="([\w-]+)"[^>]*>([^<]+)</a>', html)]
    assert order.index("Truco rioplatense") < order.index("Put") and order.index("Truc valencià") < order.index("Truc")
    assert order.index("Put") > order.index("Tressette") and order.index("Rentoy") > order.index("Tressette")
    page = browser.get(f"/g/{group}/play/truc?preset=rioplatense").get_data(as_text=True)
    options = checked_options(page)
    assert (options["opt-ruleset"], options["opt-contraflor_resto"], options["opt-mazo_first"]) == (
        '"rioplatense"', '"resto"', "2")
    data = {f"seat{i + 1}": name for i, name in enumerate(FOUR)}
    data.update({"idem_key": field_value(page, "idem_key"), "stake": "1", "currency": "EUR", "preset": "rioplatense",
                 **options})
    r = browser.post(f"/g/{group}/play/truc", data)
    assert r.status_code == 302, errors_on(r.get_data(as_text=True))
    token = r.headers["Location"].split("/")[2]
    doc = json.loads(browser.get(f"/s/{token}/play/session.json").get_data(as_text=True))
    assert doc["options"]["ruleset"] == "rioplatense" and doc["options"]["contraflor_resto"] == "resto"
    assert "<title>Truco rioplatense" in browser.get(f"/s/{token}/play").get_data(as_text=True)
    assert hand(browser, token, end="mazo-1").status_code == 302
    night = re.search(rf"/g/{group}/nights/(\d+)", browser.get(f"/g/{group}").get_data(as_text=True)).group(1)
    evening = unescape(browser.get(f"/g/{group}/nights/{night}").get_data(as_text=True))
    assert "Truco rioplatense" in evening
    pdf = browser.get(f"/g/{group}/nights/{night}/report.pdf")
    assert pdf.status_code == 200
    text = subprocess.run(["pdftotext", "-", "-"], input=pdf.get_data(), capture_output=True, check=True).stdout
    assert "Truco rioplatense" in text.decode()


def test_the_common_hands_take_one_tap_on_the_hand_form(browser, group):
    """A won as dealt (+1), A's truco accepted and B won (+2), B's truco refused (B +1), B to the deck
    in the first trick (A +2): each one button of the new hand's form, read into the hand in full."""
    token = start(browser, group, ruleset="rioplatense")
    page = unescape(browser.get(f"/s/{token}/play/deal").get_data(as_text=True))
    assert 'name="quick" value="0:1:won-1"' in page and "A: truco, accepted; B won" in page
    assert "dealer Ana, mano Bea, pie Ana, Dan" in page   # hand 1: seat 1 deals
    assert "Next hand: dealer Ana, mano Bea, pie Ana, Dan" in unescape(
        browser.get(f"/s/{token}/play").get_data(as_text=True))
    for tap in ({"end": "won-0"}, {"quick": "0:1:won-1"}, {"quick": "1:1:fold-0"}, {"end": "mazo-1"}):
        assert hand(browser, token, **tap).status_code == 302
    assert deals(browser, token) == [{"won": "A"}, {"raises": ["A"], "won": "B"}, {"raises": ["B"], "folded": "A"},
                                     {"mazo": "B"}]
    assert "Common hands" not in browser.get(f"/s/{token}/play/deal/2").get_data(as_text=True)


def test_the_teams_are_named_on_the_start_form(browser, group):
    """A Truco table names its teams (Nosotros, Ellos): the start form offers the two names, the session's
    teams take them, and the revancha keeps them; a name given twice, or a player's, leaves A and B."""
    page = browser.get(f"/g/{group}/play/truc?preset=rioplatense").get_data(as_text=True)
    assert 'name="team-1"' in page and 'value="Us"' in page and 'value="Them"' in page
    data = {f"seat{i + 1}": name for i, name in enumerate(FOUR)}
    data.update({"idem_key": field_value(page, "idem_key"), "stake": "1", "currency": "EUR", "preset": "rioplatense",
                 **checked_options(page), "team-1": " Los  del fondo ", "team-2": "Ellos"})
    r = browser.post(f"/g/{group}/play/truc", data)
    token = r.headers["Location"].split("/")[2]
    doc = json.loads(browser.get(f"/s/{token}/play/session.json").get_data(as_text=True))
    assert doc["teams"] == {"Los del fondo": ["Ana", "Cleo"], "Ellos": ["Bea", "Dan"]}
    assert hand(browser, token, quick="0:1:won-1").status_code == 302
    assert deals(browser, token) == [{"raises": ["Los del fondo"], "won": "Ellos"}]
    page = browser.get(f"/g/{group}/play/truc?preset=rioplatense").get_data(as_text=True)
    data.update({"idem_key": field_value(page, "idem_key"), "team-1": "Ana", "team-2": "Ellos"})
    token = browser.post(f"/g/{group}/play/truc", data).headers["Location"].split("/")[2]
    assert json.loads(browser.get(f"/s/{token}/play/session.json").get_data(as_text=True))["teams"] == {
        "A": ["Ana", "Cleo"], "B": ["Bea", "Dan"]}


def test_pica_pica_refusals_are_shown_next_to_their_field_never_a_500(browser):
    """Pica-pica on a table of four is refused on the start form, next to the option; on six, a round of
    duels with a duel left out is refused next to that duel and nothing is saved; a fix that would leave a
    saved round of duels outside the band is refused at the form's head, naming that hand (docs/rules.md,
    "Pica-pica")."""
    six = ("Ana", "Bea", "Cleo", "Dan", "Eva", "Fer")
    group = gen_group(browser, players=six)
    page = browser.get(f"/g/{group}/play/truc").get_data(as_text=True)
    data = {f"seat{i + 1}": name for i, name in enumerate(FOUR)}
    data.update({"idem_key": field_value(page, "idem_key"), "stake": "1", "currency": "EUR",
                 "opt-ruleset": '"rioplatense"', "opt-pica_pica": '"5_25"'})
    r = browser.post(f"/g/{group}/play/truc", data)
    assert r.status_code == 400
    assert errors_on(r.get_data(as_text=True)) == {
        "opt-pica_pica": "Pica-pica is played by six players, three against three: this table has 4."}
    data.update({f"seat{i + 1}": name for i, name in enumerate(six)})
    data["idem_key"] = field_value(browser.get(f"/g/{group}/play/truc").get_data(as_text=True), "idem_key")
    r = browser.post(f"/g/{group}/play/truc", data)
    assert r.status_code == 302, errors_on(r.get_data(as_text=True))
    token = r.headers["Location"].split("/")[2]
    for _ in range(3):
        assert hand(browser, token, quick="0:1:won-0").status_code == 302     # 6 - 0: duels next
    form = browser.get(f"/s/{token}/play/deal").get_data(as_text=True)
    assert 'name="duel-3" value="0:1:fold-1"' in form
    r = hand(browser, token, **{"duel-1": "won-0", "duel-3": "won-1"})
    assert r.status_code == 400
    assert errors_on(r.get_data(as_text=True)) == {"duel-2": "Tap how this duel ended."}
    assert len(deals(browser, token)) == 3
    r = hand(browser, token, **{"duel-1": "won-0", "duel-2": "nonsense", "duel-3": "won-1", "end": "won-0"})
    assert r.status_code == 400 and set(errors_on(r.get_data(as_text=True))) == {"duel-2"}
    assert hand(browser, token, **{"duel-1": "won-0", "duel-2": "1:1:won-1", "duel-3": "won-1"}).status_code == 302
    assert deals(browser, token)[-1] == {"duels": [{"won": "A"}, {"raises": ["B"], "won": "B"}, {"won": "B"}]}
    fix = browser.get(f"/s/{token}/play/deal/4").get_data(as_text=True)
    assert re.search(r'name="duel-2" value="1:1:won-1" checked', fix)
    r = hand(browser, token, 3, quick="1:1:won-1")        # 4 - 2 after hand 3: hand 4 could not be duels
    assert r.status_code == 400 and errors_on(r.get_data(as_text=True))["form"].startswith(
        "Deal 4: This hand is played by all six: a round of pica-pica follows a hand of all six while the leader")
    assert len(deals(browser, token)) == 4 and deals(browser, token)[2] == {"raises": ["A"], "won": "A"}
