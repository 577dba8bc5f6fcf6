"""A duel of pica-pica with a retruco and a real envido, entered and fixed in a real browser at 390×844 in
Spanish (issue 40).

Six at a Truco rioplatense with pica-pica from 5 to 25 (docs/rules.md, "Pica-pica"): three trucos of
Nosotros take it to 6 - 0, so hand 4 is a round of duels. Ana against Dan: the duel's other calls opened
(one tap), Ana's truco and Dan's retruco tapped in turn (the duel is then worth 3, and "Ganó Dan" says
+3), Ana's envido and Dan's real envido and Ana's better points, then Dan won; Bea against Eva one tap
(Eva won), Cleo against Fer two (Cleo's truco, accepted, Cleo won). Nosotros 5 + 1 + 2, Ellos 3: 14 - 3.
The fix opens with Ana's and Dan's calls shown as saved; saved untouched, the hand and the score stay.
Screens photographed into SCREENSHOT_DIR when it is set (looked at by hand), checked for sideways scrolling.
"""

from __future__ import annotations

import pytest
from test_browser_truc import SHOTS, fits, shot
from test_browser_truco_pica import duel, pica_start, to_six_nil
from test_browser_truco_tables import phone, scores

from conftest import migrated_app, served

pytestmark = pytest.mark.browser

D1 = "fieldset.duel[data-duel='1']"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served(migrated_app(tmp_path_factory.mktemp("truco_pica_calls") / "pica.sqlite", "truco_pica_calls")) as url:
        yield url


def test_a_duel_with_a_retruco_and_a_real_envido_in_spanish(chromium, server):
    ctx, page = phone(chromium, "es")
    pica_start(page, server, "Los Seis del Fondo")
    taps = to_six_nil(page)

    taps.tap("#enter-deal")
    page.wait_for_selector(".truc-pica")
    more = page.locator(f"{D1} details.duel-more > summary")
    assert more.inner_text() == ("Otros cantos (retruco, vale cuatro, real envido, falta envido), el mazo o las "
                                 "bazas")
    taps.tap(f"{D1} details.duel-more > summary")
    taps.tap(f"{D1} fieldset.calls button.call[data-step='1'][data-side='0']")     # Ana canta truco (2)
    assert page.locator(f"{D1} fieldset.calls button.call[data-step='2'][data-side='1']").inner_text() == (
        "Dan sube a 3")
    taps.tap(f"{D1} fieldset.calls button.call[data-step='2'][data-side='1']")     # Dan: retruco (3)
    assert page.locator(f"{D1} .worth .value").inner_text() == "3"
    assert " ".join(page.locator(f"{D1} .duel-plain label.choice:has(input[value=won-1])").inner_text().split()) == (
        "Ganó Dan +3")
    taps.tap(f"{D1} details.bet[data-name='duel-1.bet-envido'] summary")
    taps.tap(f"{D1} label.choice:has(input[name='duel-1.bet-envido-1'][value='0:envido'])")
    taps.tap(f"{D1} label.choice:has(input[name='duel-1.bet-envido-2'][value='1:real_envido'])")
    taps.tap(f"{D1} label.choice:has(input[name='duel-1.bet-envido-answer'][value='won-0'])")
    taps.tap(f"{D1} label.choice:has(input[name=duel-1][value=won-1])")             # ganó Dan
    before = taps.count
    duel(taps, 2, "won-0")                                        # ganó Eva: one tap
    assert taps.count - before == 1
    duel(taps, 3, "0:1:won-0")                                    # truco de Cleo, querido, ganó Cleo: two taps
    assert taps.count - before == 3
    fits(page)
    shot(page, "truco-es-pica-calls-form")
    if SHOTS is not None:
        page.locator(D1).screenshot(path=str(SHOTS / "truco-es-pica-calls-duel.png"))
    taps.tap("form.deal-form > button[type=submit]")
    page.wait_for_selector(".truc-tally")
    assert scores(page) == {"Nosotros": 14, "Ellos": 3}
    line = page.locator("#deal-4 .hint").inner_text()
    assert line.startswith("pica-pica · Ana – Dan: Nosotros: envido, Ellos: real envido (ganó Nosotros) · Nosotros: "
                           "truco (2) · Ellos: retruco (3) · ganó Ellos; Bea – Eva: ganó Nosotros; Cleo – Fer: "
                           "Nosotros: truco (2) · ganó Nosotros"), line
    fits(page)
    shot(page, "truco-es-pica-calls-table")

    page.locator("#deal-4 a.fix").click()
    page.wait_for_selector(".truc-pica")
    assert page.locator(f"{D1} details.duel-more").get_attribute("open") is not None
    assert [t.strip() for t in page.locator(f"{D1} .chain li:visible").all_inner_texts()] == [
        "Ana: truco (2)", "Dan: subió a 3"]
    assert page.locator(f"{D1} input[name='duel-1.bet-envido-2'][value='1:real_envido']").is_checked()
    assert page.locator(f"{D1} input[name=duel-1][value=won-1]").is_checked()
    assert page.locator("input[name=duel-3][value='0:1:won-0']").is_checked()
    fits(page)
    shot(page, "truco-es-pica-calls-fix")
    page.click("form.deal-form > button[type=submit]")  # saved untouched: the round is as stored, nothing to save
    # said by the fix's preview, before any save (the platform's preview refuses a fix that changes nothing)
    assert page.wait_for_selector("#form-error").inner_text() == "Ya está apuntado así: no cambiaría nada."
    page.click("a.button.quiet")  # back to the table
    page.wait_for_selector(".truc-tally")
    assert scores(page) == {"Nosotros": 14, "Ellos": 3}
    assert page.locator("#deal-4 .hint").inner_text() == line
    ctx.close()
