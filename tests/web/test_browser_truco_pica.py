"""Six at a Truco table, three against three with pica-pica, in a real browser at 390×844 in Spanish.

A group of six starts a Truco rioplatense with pica-pica from 5 to 25 (docs/rules.md, "Pica-pica"). Three
trucos accepted and won by Nosotros take it to 6 - 0, so the table announces the next hand as pica-pica; its
form shows each player against the one opposite (Ana against Dan, Bea against Eva, Cleo against Fer), each
duel one tap (two with a truco: open the truco results, tap one; its envido two more). A round saved with a
duel missing is refused next to that duel and nothing is saved; completed, it scores each duel to its team
(Nosotros 1, Ellos 1 for an envido refused, 2 and 1) and the next hand is played by all six again. Screens photographed into SCREENSHOT_DIR when it is
set (looked at by hand) and checked for sideways scrolling.
"""

from __future__ import annotations

import pytest
from test_browser_truc import SHOTS, Taps, fits, shot
from test_browser_truco_tables import group_of, phone, scores

from conftest import migrated_app, served

pytestmark = pytest.mark.browser

SIX = ["Ana", "Bea", "Cleo", "Dan", "Eva", "Fer"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served(migrated_app(tmp_path_factory.mktemp("truco_pica") / "pica.sqlite", "truco_pica")) as url:
        yield url


def pica_start(page, server, name):
    """A group of six on the start form of a Truco rioplatense, seated, with pica-pica from 5 to 25 chosen."""
    group_of(page, server, name, SIX)
    page.click("a[href$='/play/truc?preset=rioplatense']")
    for i, player in enumerate(SIX, start=1):
        page.select_option(f"#seat{i}", player)
    page.check("input[name=opt-pica_pica][value='\"5_25\"']")


def to_six_nil(page):
    """The game started and three trucos of Nosotros, accepted and won (+2 each): 6 - 0, so pica-pica is next."""
    page.click("form.game-start button[type=submit]")
    page.wait_for_selector(".truc-tally")
    taps = Taps(page)
    for _ in range(3):
        taps.tap("#enter-deal")
        taps.tap("button[name=quick][value='0:1:won-0']")
        page.wait_for_selector(".truc-tally")
    assert scores(page) == {"Nosotros": 6, "Ellos": 0}
    return taps


def duel(taps, number, value):
    """One duel's result: one tap, or two when it is a truco result (open them, tap one)."""
    if ":" in value:
        taps.tap(f"fieldset.duel[data-duel='{number}'] details.duel-truco summary")
    taps.tap(f"label.choice:has(input[name=duel-{number}][value='{value}'])")


def test_a_round_of_pica_pica_in_spanish(chromium, server):
    ctx, page = phone(chromium, "es")
    pica_start(page, server, "Los Seis")
    fits(page)
    shot(page, "truco-es-pica-start")
    if SHOTS is not None:                                         # the option itself, readable
        page.locator("fieldset:has(input[name=opt-pica_pica])").screenshot(path=str(SHOTS / "truco-es-pica-option.png"))
    taps = to_six_nil(page)
    assert page.locator(".pica-next").inner_text() == "Próxima mano: pica-pica, cada jugador contra el de enfrente."
    fits(page)
    shot(page, "truco-es-pica-next")

    taps.tap("#enter-deal")
    page.wait_for_selector(".truc-pica")
    assert page.locator("fieldset.duel > legend").all_inner_texts() == ["Ana contra Dan", "Bea contra Eva",
                                                                     "Cleo contra Fer"]
    before = taps.count
    duel(taps, 1, "won-0")                                        # ganó Ana: Nosotros +1
    duel(taps, 3, "won-1")                                        # ganó Fer: Ellos +1
    assert taps.count - before == 2
    page.click("form.deal-form > button[type=submit]")            # duel 2 left out: refused beside it
    page.wait_for_selector("#duel-2-error")
    assert page.locator("#duel-2-error").inner_text() == "Toque cómo terminó este duelo."
    assert page.locator("input[name=duel-1][value=won-0]").is_checked()
    fits(page)
    shot(page, "truco-es-pica-refused")
    before = taps.count
    duel(taps, 2, "1:1:won-1")                                    # truco de Bea, querido, ganó Bea: Ellos +2
    assert taps.count - before == 2
    taps.tap("fieldset.duel[data-duel='1'] details.duel-bet summary")  # envido de Dan, Ana no quiere: Ellos +1
    taps.tap("label.choice:has(input[name=duel-1-bet][value='1:refused-0'])")
    taps.tap("fieldset.duel[data-duel='3'] details.duel-bet summary")  # an envido tapped by mistake, taken back
    taps.tap("label.choice:has(input[name=duel-3-bet][value='0:won-0'])")
    taps.tap("label.choice:has(input[name=duel-3-bet][value=''])")
    assert page.locator("label.choice:has(input[name=duel-3-bet][value=''])").inner_text() == "Sin envido"
    fits(page)
    shot(page, "truco-es-pica-form")
    taps.tap("form.deal-form > button[type=submit]")
    page.wait_for_selector(".truc-tally")
    assert scores(page) == {"Nosotros": 7, "Ellos": 4}
    assert page.locator(".pica-next").count() == 0                 # the next hand is played by all six
    line = page.locator("#deal-4 .hint").inner_text()
    assert line.startswith("pica-pica · Ana – Dan: Ellos: envido (Nosotros no quiso) · ganó Nosotros; Bea – Eva: "
                           "Ellos: truco (2) · ganó Ellos; Cleo – Fer: ganó Ellos · "), line
    fits(page)
    shot(page, "truco-es-pica-table")
    taps.tap("#enter-deal")
    page.wait_for_selector("form.deal-form")
    assert page.locator(".truc-hand").count() == 1 and page.locator(".truc-pica").count() == 0
    ctx.close()
