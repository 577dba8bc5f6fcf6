"""A round of pica-pica with every call a hand of two holds, entered on its form and fixed (issue 40).

Six at the table (tests/web/test_truco_pages.py's way of starting one): three trucos of Nosotros take it to
6 - 0, so hand 4 is a round of duels (docs/rules.md, "Pica-pica"). Its duels hold a retruco, a real envido,
a falta envido, going to the deck after the first trick and a common truco with a refused envido. Opening
its fix and saving it untouched leaves the stored hand byte for byte as it was, and every figure with it,
on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import json
import re

from sqlalchemy import text

from conftest import field_value, gen_group
from scorekeeper import services
from scorekeeper.db import db
from scorekeeper.models import GameSession
from tests.games.truco_form import form_fields

SIX = ("Ana", "Bea", "Cleo", "Dan", "Eva", "Fer")
#: duel 1 (Ana - Dan): Ana's truco, Dan's retruco, Dan won (Ellos 3); Ana's envido, Dan's real envido, Ana's
#: points (Nosotros 5). Duel 2 (Bea - Eva): Bea's falta envido, Bea's points: in the malas, what takes the
#: leader (6) to the buenas, 15 - 6 = 9 (Ellos); Eva to the deck after the first trick (Ellos 1). Duel 3
#: (Cleo - Fer): Fer's envido, Cleo's no quiero (Ellos 1); Cleo's truco, accepted, Cleo won (Nosotros 2).
ROUND = {
    "duel-1.first": "0", "duel-1.raises": "2", "duel-1": "won-1",
    "duel-1.bet-envido-1": "0:envido", "duel-1.bet-envido-2": "1:real_envido", "duel-1.bet-envido-answer": "won-0",
    "duel-2": "mazo-0-later", "duel-2.bet-envido-1": "1:falta_envido", "duel-2.bet-envido-answer": "won-1",
    "duel-3": "0:1:won-0", "duel-3-bet": "1:refused-0",
}
SAVED = {"duels": [
    {"raises": ["Nosotros", "Ellos"], "envido": {"calls": [{"by": "Nosotros", "call": "envido"},
                                                           {"by": "Ellos", "call": "real_envido"}], "won": "Nosotros"},
     "won": "Ellos"},
    {"envido": {"calls": [{"by": "Ellos", "call": "falta_envido"}], "won": "Ellos"}, "mazo": "Nosotros", "trick": 2},
    {"raises": ["Nosotros"], "envido": {"calls": [{"by": "Ellos", "call": "envido"}], "refused": "Nosotros"},
     "won": "Nosotros"},
]}


def start_six(browser):
    group = gen_group(browser, players=SIX)
    page = browser.get(f"/g/{group}/play/truc?preset=rioplatense").get_data(as_text=True)
    data = {f"seat{i + 1}": name for i, name in enumerate(SIX)}
    data.update({"idem_key": field_value(page, "idem_key"), "stake": "1", "currency": "EUR",
                 "opt-ruleset": '"rioplatense"', "opt-pica_pica": '"5_25"', "opt-target": "30",
                 "team-1": "Nosotros", "team-2": "Ellos"})
    r = browser.post(f"/g/{group}/play/truc", data)
    assert r.status_code == 302
    return r.headers["Location"].split("/")[2]


def post_hand(browser, token, number=None, **fields):
    url = f"/s/{token}/play/deal" + (f"/{number}" if number else "")
    page = browser.get(url).get_data(as_text=True)
    return browser.post(url, {"idem_key": field_value(page, "idem_key"), "number": field_value(page, "number"),
                              **fields})


def stored(app, token):
    """Each stored hand of the session as the database holds its text, and the scores after each."""
    with app.app_context():
        gs = db.session.scalars(db.select(GameSession).where(GameSession.token == token)).one()
        raw = db.session.execute(text("SELECT CAST(data AS TEXT) FROM hands WHERE session_id = :s ORDER BY position"),
                                 {"s": gs.id}).scalars().all()
        rows = services.games.played(gs).rows
        return raw, [dict(r.scores) for r in rows], [dict(r.points) for r in rows], gs.version


def test_a_round_with_retruco_real_envido_and_falta_fixed_untouched_changes_nothing(app, browser):
    token = start_six(browser)
    for _ in range(3):
        assert post_hand(browser, token, quick="0:1:won-0").status_code == 302
    r = post_hand(browser, token, **ROUND)
    assert r.status_code == 302, r.get_data(as_text=True)[-3000:]
    deals = json.loads(browser.get(f"/s/{token}/play/session.json").get_data(as_text=True))["deals"]
    assert deals[-1] == SAVED
    raw, scores, points, version = stored(app, token)
    assert points[-1] == {"Nosotros": 7, "Ellos": 14} and scores[-1] == {"Nosotros": 13, "Ellos": 14}

    fix = browser.get(f"/s/{token}/play/deal/4").get_data(as_text=True)
    assert re.search(r'<select id="duel-1\.raises" name="duel-1\.raises" class="count">.*?'
                     r'<option value="2" selected>', fix, re.S)
    for shown in ('name="duel-1" value="won-1" checked', 'name="duel-1.bet-envido-2" value="1:real_envido" checked',
                  'name="duel-1.bet-envido-answer" value="won-0" checked',
                  'name="duel-2.bet-envido-1" value="1:falta_envido" checked', 'name="duel-2" value="mazo-0-later" checked',
                  'name="duel-3" value="0:1:won-0" checked', 'name="duel-3-bet" value="1:refused-0" checked'):
        assert shown in fix, shown
    assert fix.count('<details class="duel-more" open>') == 2 and ".held" not in fix
    sent = form_fields(fix)
    assert {k: sent[k] for k in ROUND} == ROUND
    r = browser.post(f"/s/{token}/play/deal/4", sent)  # a fix that changes nothing: said, nothing saved
    assert r.status_code == 400, r.get_data(as_text=True)[-3000:]
    assert "That is how it is recorded already: nothing would change." in r.get_data(as_text=True)
    assert stored(app, token) == (raw, scores, points, version)
    assert json.loads(browser.get(f"/s/{token}/play/session.json").get_data(as_text=True))["deals"] == deals


def test_a_duel_saved_from_a_file_that_no_field_says_is_kept_and_its_change_refused_beside_it(app, browser):
    """A duel whose deck was gone to in the third trick (the form says "after the first trick": the second)
    is held as saved: the fix saved untouched keeps it byte for byte; changed, it is refused beside that duel
    and nothing is saved."""
    token = start_six(browser)
    for _ in range(3):
        assert post_hand(browser, token, quick="0:1:won-0").status_code == 302
    odd = {"duels": [{"won": "Nosotros"}, {"mazo": "Nosotros", "trick": 3}, {"won": "Ellos"}]}
    with app.app_context():
        gs = db.session.scalars(db.select(GameSession).where(GameSession.token == token)).one()
        services.games.add_deal(gs, 4, odd, "file-key-1", "")
    raw, scores, points, _version = stored(app, token)
    fix = browser.get(f"/s/{token}/play/deal/4").get_data(as_text=True)
    assert "This duel holds calls this form cannot show: it is kept as saved." in fix
    sent = form_fields(fix)
    assert set(k for k in sent if k.endswith(".held")) == {"duel-2.held"}
    r = browser.post(f"/s/{token}/play/deal/4", sent)  # kept byte for byte: a fix that changes nothing
    assert r.status_code == 400 and "That is how it is recorded already" in r.get_data(as_text=True)
    assert stored(app, token)[:3] == (raw, scores, points)
    r = browser.post(f"/s/{token}/play/deal/4", {**form_fields(browser.get(f"/s/{token}/play/deal/4")
                                                                .get_data(as_text=True)), "duel-2": "won-1"})
    assert r.status_code == 400
    assert re.search(r'id="duel-2-error"><p class="error" role="alert">This duel holds calls this form cannot show',
                     r.get_data(as_text=True))
    assert stored(app, token)[:3] == (raw, scores, points)


FIELDS = ["duel-1", "duel-2", "duel-3", "duel-1-bet", "duel-2.first", "duel-2.raises", "duel-1.bet-envido-1",
          "duel-1.bet-envido-answer", "duel-3.trick-1", "duel-3.eldest", "duel-2.held", "duel-3.bet-flor-1"]
VALUES = ["won-0", "fold-1", "mazo-1-later", "tricks", "0:1:won-1", "2", "9", "0:envido", "1:real_envido", "won-1",
          "tie", '{"won": "Ellos"}', '{"mazo": "Ellos", "trick": 3}', "[[[", "<b>&amp;", "0:flor"]


def test_hostile_round_posts_are_refused_by_field_or_saved_never_a_500(app, browser):
    """Generated posts of the round's fix form (any of its fields, any value): a page with the errors beside
    their duel, a preview, or the fix saved; never a 500, never an unescaped value."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    token = start_six(browser)
    for _ in range(3):
        assert post_hand(browser, token, quick="0:1:won-0").status_code == 302
    assert post_hand(browser, token, **ROUND).status_code == 302
    page = browser.get(f"/s/{token}/play/deal/4").get_data(as_text=True)
    plumbing = {k: v for k, v in form_fields(page).items() if not k.startswith("duel-")}

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.dictionaries(st.sampled_from(FIELDS), st.sampled_from(VALUES) | st.text(max_size=5), max_size=8))
    def post(fields):
        r = browser.post(f"/s/{token}/play/deal/4", {**plumbing, **fields})
        assert r.status_code in (200, 302, 400, 409), r.status_code
        if r.status_code == 400:
            assert 'class="error" role="alert"' in r.get_data(as_text=True)
        assert "<b>&amp;" not in r.get_data(as_text=True)

    post()
