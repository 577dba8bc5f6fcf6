"""A Truco table as it plays today, in a real browser at 390×844, in the table's own language.

In Spanish: a group of five starts a Truco rioplatense of four (the start form seats four, the fifth's seat
left empty) with its teams named Nosotros and Ellos, plays it to 30 with a plain hand, a truco accepted, a
fold, an al mazo, a falta envido and a flor answered by a flor, the common hands two taps each from the
table; the revancha starts from the result with the same teams and the series goes on to 1 - 1. In
Catalan: truc valencià in camas of 18, a partida of two camas with a joc fora, a fold, an al mazo and a
falta, the partida on the table. Screens photographed into SCREENSHOT_DIR when it is set (looked at by
hand) and checked for sideways scrolling.
"""

from __future__ import annotations

import re

import pytest
from test_browser_truc import Taps, fits, shot

from conftest import migrated_app, served

pytestmark = pytest.mark.browser

FIVE = ["Ana", "Bea", "Cleo", "Dan", "Eva"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served(migrated_app(tmp_path_factory.mktemp("truco_tables") / "truco.sqlite", "truco_tables")) as url:
        yield url


def scores(page):
    return dict(zip(page.locator(".truc-side .name").evaluate_all("els => els.map(e => e.firstChild.textContent)"),
                    map(int, page.locator(".truc-side .score").all_inner_texts()), strict=True))


def phone(chromium, language):
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, bypass_csp=True,
                               locale=language, extra_http_headers={"Accept-Language": f"{language};q=1, en;q=0.5"})
    return ctx, ctx.new_page()


def group_of(page, server, name, players):
    """A new group of ``players``, its page open."""
    page.goto(server + "/")
    page.fill("#name", name)
    page.click("form.card button[type=submit]")
    for player in players:
        page.fill("#add-player #name", player)
        page.click("#add-player button[type=submit]")
    page.goto(page.url.split("#")[0])


def common(taps, selector):
    """A common hand from the table: open the hand, one tap on its button (two taps in all)."""
    before = taps.count
    taps.tap("#enter-deal")
    taps.tap(selector)
    taps.page.wait_for_selector(".truc-tally")
    assert taps.count - before == 2


def bet(taps, chain, *steps, answer):
    """A side bet tapped on the open hand form: its box, each call, the answer."""
    taps.tap(f"details.bet:has(input[name^=bet-{chain}-]) summary")
    for k, value in enumerate(steps, start=1):
        taps.tap(f"label.choice:has(input[name=bet-{chain}-{k}][value='{value}'])")
    if answer:
        taps.tap(f"label.choice:has(input[name=bet-{chain}-answer][value={answer}])")


def test_truco_rioplatense_in_spanish_from_a_group_of_five(chromium, server):
    ctx, page = phone(chromium, "es")
    group_of(page, server, "Peña del Sur", FIVE)
    page.click("a[href$='/play/truc?preset=rioplatense']")
    assert page.locator("h1").inner_text() == "Empezar una partida de Truco rioplatense"
    assert [page.input_value(f"#seat{i}") for i in range(1, 6)] == ["Ana", "Bea", "Cleo", "Dan", ""]
    assert (page.input_value("#team-1"), page.input_value("#team-2")) == ("Nosotros", "Ellos")
    page.check("input[name=opt-flor][value=true]")
    fits(page)
    shot(page, "truco-es-start")
    page.click("form.game-start button[type=submit]")
    page.wait_for_selector(".truc-tally")
    assert page.locator("h1").inner_text() == "Truco rioplatense"
    taps = Taps(page)
    common(taps, ".quick-won[value=won-0]")                      # Nosotros +1
    common(taps, "button[name=quick][value='0:1:won-1']")        # truco de Nosotros, querido: Ellos +2
    common(taps, "button[name=quick][value='1:1:fold-0']")       # truco de Ellos, no quiero: Ellos +1
    common(taps, ".quick-mazo[value=mazo-1]")                    # Ellos al mazo en la primera: Nosotros +2
    assert scores(page) == {"Nosotros": 3, "Ellos": 3}
    taps.tap("#enter-deal")
    shot(page, "truco-es-hand-form")
    fits(page)
    bet(taps, "envido", "1:falta_envido", answer="won-0")       # falta envido en las malas: 15 - 3 = 12
    taps.tap(".end-buttons button[value=won-0]")
    page.wait_for_selector(".truc-tally")
    assert scores(page) == {"Nosotros": 16, "Ellos": 3}
    taps.tap("#enter-deal")
    bet(taps, "flor", "0:flor", "1:flor", answer="won-0")       # flor contra flor: 4 a la mejor
    taps.tap(".end-buttons button[value=won-1]")
    page.wait_for_selector(".truc-tally")
    assert scores(page) == {"Nosotros": 20, "Ellos": 4}
    lines = page.locator("body").inner_text()
    assert "Ellos se fue al mazo" in lines and "Nosotros: flor, Ellos: flor (ganó Nosotros)" in lines
    fits(page)
    shot(page, "truco-es-table")
    for _ in range(5):
        common(taps, "button[name=quick][value='0:1:won-0']")    # truco querido, ganó Nosotros: +2
    page.wait_for_selector("#end-game")
    assert scores(page) == {"Nosotros": 30, "Ellos": 4}
    taps.tap("#end-game")
    taps.tap("form button[type=submit]")
    page.wait_for_selector(".payments")
    assert "Esta noche: Ana, Cleo 1 – 0 Bea, Dan" in page.locator(".versus").inner_text()
    assert page.locator(".best-of-three").inner_text() == "Al mejor de tres: ahora la revancha."
    fits(page)
    shot(page, "truco-es-result")
    taps.tap("#again")                                            # la revancha: los mismos equipos, 0 a 0
    page.wait_for_selector(".truc-tally")
    assert scores(page) == {"Nosotros": 0, "Ellos": 0}
    for _ in range(15):
        common(taps, "button[name=quick][value='1:1:won-1']")
    taps.tap("#end-game")
    taps.tap("form button[type=submit]")
    page.wait_for_selector(".payments")
    assert "Esta noche: Bea, Dan 1 – 1 Ana, Cleo" in page.locator(".versus").inner_text()
    assert page.locator(".best-of-three").inner_text() == "Al mejor de tres: una cada uno, decide el bueno."
    shot(page, "truco-es-revancha")
    ctx.close()


def test_truc_valencia_in_catalan_a_partida_of_two_camas(chromium, server):
    ctx, page = phone(chromium, "ca")
    group_of(page, server, "Colla del Grau", FIVE)
    page.click("a[href$='/play/truc?preset=valenciano']")
    assert (page.input_value("#team-1"), page.input_value("#team-2")) == ("Nosaltres", "Ells")
    page.click("form.game-start button[type=submit]")
    page.wait_for_selector(".truc-tally")
    assert page.locator("h1").inner_text() == "Truc valencià"
    taps = Taps(page)
    common(taps, "button[name=quick][value='1:1:fold-0']")       # truc d'Ells, no quiero: Ells +1
    common(taps, ".quick-mazo[value=mazo-1]")                    # Ells a la baralla: Nosaltres +1
    taps.tap("#enter-deal")                                       # falta amb tots dos a males: la cama sencera
    bet(taps, "envit", "0:falta", answer="won-0")
    taps.tap(".end-buttons button[value=won-1]")
    page.wait_for_selector(".truc-tally")
    text = page.locator("body").inner_text()
    assert "Partida: Nosaltres 1 – Ells 0" in text and "Cama 1: Nosaltres 18 – Ells 1" in text
    fits(page)
    shot(page, "truc-ca-table-cama1")
    taps.tap("#enter-deal")                                       # joc fora: Nosaltres truc, Ells retruc…, guanya Ells
    for step, side in ((1, 0), (2, 1), (3, 0), (4, 1)):
        taps.tap(f"button.call[data-step='{step}'][data-side='{side}']")
    taps.tap(".end-buttons button[value=won-1]")
    page.wait_for_selector(".truc-tally")
    taps.tap("#enter-deal")
    for step, side in ((1, 1), (2, 0), (3, 1), (4, 0)):
        taps.tap(f"button.call[data-step='{step}'][data-side='{side}']")
    taps.tap(".end-buttons button[value=won-0]")
    page.wait_for_selector("#end-game")
    text = page.locator("body").inner_text()
    assert "Partida: Nosaltres 2 – Ells 1" in text
    assert "partida per a Nosaltres: cames Nosaltres 2 – Ells 1" in text
    fits(page)
    shot(page, "truc-ca-table-partida")
    taps.tap("#end-game")
    taps.tap("form button[type=submit]")
    page.wait_for_selector(".payments")
    assert re.search(r"un equip ha guanyat la partida, 2 cames a 1", page.locator("body").inner_text())
    assert page.locator(".standing li").all_inner_texts() == [
        "Cama 1: Nosaltres 18 – Ells 1 · per a Nosaltres", "Cama 2: Nosaltres 0 – Ells 18 · per a Ells",
        "Cama 3: Nosaltres 18 – Ells 0 · per a Nosaltres", "Partida: Nosaltres 2 – Ells 1 · per a Nosaltres"]
    fits(page)
    shot(page, "truc-ca-result")
    ctx.close()
