"""The end said, and Rovescino's quick entry, at a real table: Chromium at 390×844, in Italian.

A chiamata played to its end from the phone: the table screen names the winners and why before the game
is closed (a winner on 14 beside a loser on 17: the partners of the last deal win together). A Rovescino
deal of five entered with two blanks, read as 0, and the rest of the 10 points given to the last player in
one tap. Screenshots go to SCREENSHOT_DIR when it is set (/work/shots/p41 for the report).
"""

from __future__ import annotations

import re

import pytest

from conftest import migrated_app, served
from tests.web.test_browser_tressette import FOUR, Table

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served(migrated_app(tmp_path_factory.mktemp("tressette-end") / "t.sqlite", "tressette-end")) as url:
        yield url


def said(page, selector):
    return re.sub(r"\s+", " ", page.locator(selector).inner_text()).strip()


def chiamata_deal(t, partner, last, caller_points):
    """A played-out deal from the table: the eldest calls (already chosen), the partner, the last trick, the
    caller's side's points (the opponents' fill themselves in)."""
    page = t.page
    t.tap("#enter-deal")
    t.chip("partner", partner)
    t.chip("last", last)
    t.chip("points-0", caller_points)
    t.tap(".deal-form > button.big")
    page.wait_for_selector("#enter-deal")


def test_a_chiamata_played_to_its_end_names_the_winners_and_why_before_it_is_closed(chromium, server):
    """Deal 1: Bea calls, Dan partners, 8 + the last = 9 to both, Ana and Cleo 2. Deal 2: Cleo calls, Bea
    partners, 7 + 1 = 8, Ana and Dan 3: Ana 5, Bea 17, Cleo 10, Dan 12. Deal 3: Dan calls, Ana holds the
    Three; Dan claims with 9 taken: 12 + 9 = 21, a correct claim. Dan 21 and Ana 14 win; Bea on 17 loses."""
    t = Table(chromium, server, "it")
    page = t.page
    group = t.group("Circolo chiamata", FOUR)
    t.start(group, "tressette-chiamata")
    chiamata_deal(t, partner=3, last=0, caller_points=8)
    chiamata_deal(t, partner=1, last=0, caller_points=7)
    assert t.scores() == [5, 17, 10, 12]
    rows = said(page, "ol.deals")
    assert "ultima presa: la parte di chi chiama" in rows and "caller" not in rows
    t.look("chiamata-before-claim")
    # the claim from the table page: Dan (the eldest) already chosen as caller; Ana held the Three
    assert page.is_checked(".claim-form input[name='caller'][value='3']")
    page.click(".claim-form label.choice:has(input[name='partner'][value='0'])")
    page.click(".claim-form label.choice:has(input[name='claim-by'][value='3'])")
    page.click(".claim-form button[name='claim-points'][value='9']")
    page.wait_for_selector("#end-said")
    assert t.scores() == [14, 17, 10, 21]
    end = said(page, "#end-said")
    assert "Chi ha vinto, e perché" in end
    assert "Partita vinta da Ana, Dan." in end
    assert "Nella smazzata 3 Dan si chiama fuori con 21 e aveva 21: chi si chiama fuori a ragione vince." in end
    assert ("Ana vince con 14 e Bea perde con 17: nella chiamata vince insieme la coppia della smazzata che ha "
            "chiuso la partita, qualunque sia il punteggio di ciascuno.") in end
    assert "Dan chiama fuori: 9 punti fatti finora" in said(page, "#deal-3")
    assert not page.locator("#enter-deal").count()  # over: nothing more to enter, and not yet closed
    assert page.locator("#end-game").is_visible()
    t.look("chiamata-end-said")
    page.click("#end-game")
    page.click("form button[type=submit]")
    page.wait_for_selector(".payments")
    payments = [re.sub(r"\s+", " ", p).strip() for p in page.locator(".payments li").all_inner_texts()]
    assert payments == ["Bea paga a Ana 0,50 €", "Cleo paga a Dan 0,50 €"]
    t.look("chiamata-result")
    assert t.problems == {}
    t.ctx.close()


def test_a_rovescino_deal_of_five_with_blanks_as_0_and_the_rest_in_one_tap(chromium, server):
    """Ana 3, Bea blank (0), Cleo 2, Dan blank (0); one tap gives Eva the rest of the 10: 5. Ana took the
    last trick: Ana 3 + 1 = 4, Bea 0, Cleo 2, Dan 0, Eva 5 (10 + 1 in all)."""
    five = [*FOUR, "Eva"]
    t = Table(chromium, server, "it")
    page = t.page
    group = t.group("Circolo rovescino", five)
    t.start(group, "rovescino")
    assert [n.strip() for n in page.locator(".scores .name").all_inner_texts()] == five
    assert "ancora 21 prima dei 21" in said(page, ".scores")
    page.click("#enter-deal")
    page.fill("#points-0", "3")
    page.fill("#points-2", "2")
    assert said(page, ".rest .rest-n") == ": 5"  # the rest, shown before it is given
    t.taps = 0
    t.tap("label.choice.rest")
    assert page.input_value("#points-4") == "5"
    assert page.locator("#points-1").get_attribute("placeholder") == "0"
    t.chip("last", "Ana")
    t.look("rovescino-rest")
    t.tap(".deal-form > button.big")
    page.wait_for_selector("#enter-deal")
    assert t.taps == 3  # the rest, the last trick, save
    assert t.scores() == [4, 0, 2, 0, 5]
    assert "ancora 17 prima dei 21" in said(page, ".scores")
    t.look("rovescino-table")
    assert t.problems == {}
    t.ctx.close()


def test_in_due_to_41_speaks_to_one_player_and_a_cappotto_ends_it(chromium, server):
    """In due to 41, the losers' declarations lost after a cappotto. The claim reads "ho 41", not "abbiamo";
    Bea's three Aces (+3) in deal 2 go with Ana's cappotto (Ana 11): Bea's row is 0. Deal 1: Ana 6 + 1, Bea 4."""
    t = Table(chromium, server, "it")
    page = t.page
    group = t.group("Circolo in due", FOUR[:2])
    t.start(group, "tressette-in-due", ("opt-target", "41"), ("opt-cappotto_declarations", '"lost"'))
    assert said(page, "#claim-h") == "Chiamarsi fuori: «ho 41»"
    assert "Punti finora di chi si chiama fuori" in said(page, ".claim-form")
    assert "della sua parte" not in said(page, "main") and "una coppia" not in said(page, "main")
    chiamata_deal_in_due = [("last", 0), ("points-0", 6)]
    page.click("#enter-deal")
    for name, value in chiamata_deal_in_due:
        t.chip(name, value)
    t.look("in-due-deal")
    page.click(".deal-form > button.big")
    page.wait_for_selector("#enter-deal")
    assert t.scores() == [7, 4]
    page.click("#enter-deal")
    page.click("details.declarations > summary")
    t.chip("decl-0-player", 1)
    t.chip("decl-0-what", "three-A")
    t.chip("decl-0-suit", "cups")
    t.chip("mode", "event")
    t.chip("event", "cappotto")
    page.click("label.choice:has(input[name='by'][value='s0'][data-event='cappotto'])")
    page.click(".deal-form > button.big")
    page.wait_for_selector("#end-said")
    assert t.scores() == [18, 4]
    assert "Bea tre Assi, senza coppe (persa per cappotto)" in said(page, "#deal-2")
    assert "persa per cappotto" in said(page, ".declared")
    end = said(page, "#end-said")
    assert "Partita vinta da Ana." in end
    assert "cappotto nella smazzata 2: la partita finisce qualunque siano i punteggi, ×2 la posta." in end
    t.look("in-due-cappotto")
    assert t.problems == {}
    t.ctx.close()


def test_terziglio_to_its_end_says_who_reached_the_target(chromium, server):
    """Scegliete made twice by Ana (6 points each): 16, then 32 ≥ 21 at deal 2; Ana wins."""
    t = Table(chromium, server, "it")
    page = t.page
    group = t.group("Circolo terziglio", FOUR[:3])
    t.start(group, "terziglio")
    for _ in range(2):
        page.click("#enter-deal")
        t.chip("bid", "scegliete")
        t.chip("soloist", 0)
        page.click("button[name='points'][value='6']")
        page.wait_for_selector("#deal-1")
    page.wait_for_selector("#end-said")
    end = said(page, "#end-said")
    assert "Partita vinta da Ana." in end and "Ana (32) a quota 21 alla fine della smazzata 2." in end
    assert "scegliete · gioca Ana · fa 6" in said(page, "#deal-2")
    t.look("terziglio-end-said")
    assert t.problems == {}
    t.ctx.close()
