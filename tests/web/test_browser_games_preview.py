"""A game's fix previewed in a real browser at 390×844 (the platform's preview, services/previews.py): a fix that
changes how the game comes out shows the outcome, the deals whose figures change and each player's money before
and after on the platform's change page, fits the phone without sideways scrolling, and what it said is what the
history says of the fix once it is confirmed there.

Set ``SHOTS`` to a folder to keep the screenshot of the preview there.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import migrated_app, served
from tests.web.test_table_conformance import Table, case

pytestmark = pytest.mark.browser

#: fill a form's fields by name, as a player's taps would: a radio or checkbox by its value, a select or a box typed;
#: answers the selector of the button that sends the form (a game whose answer is a button: Truc's "Them won")
FILL = """(fields) => {
  const form = document.querySelector('form.deal-form');
  let send = 'form.deal-form > button[type=submit]';
  for (const [name, value] of Object.entries(fields)) {
    for (const el of form.querySelectorAll(`[name="${CSS.escape(name)}"]`)) {
      if (el.type === 'submit') { if (el.value === value) send = `form.deal-form button[name="${name}"][value="${value}"]`; }
      else if (el.type === 'radio' || el.type === 'checkbox') el.checked = el.value === value;
      else if (el.type !== 'hidden') el.value = value;
    }
  }
  return send;
}"""


@pytest.mark.parametrize("game", ["truc", "rovescino"])
def test_a_games_fix_preview_shows_the_outcome_the_deals_and_the_money(chromium, tmp_path, game):
    app = migrated_app(tmp_path / "preview.sqlite", "preview")
    table = Table(app, game, case(game).deals)
    number, deal = table.case.outcome
    fields = table.fields(number, deal)
    with served(app) as url:
        ctx = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
        page = ctx.new_page()
        page.goto(f"{url}/s/{table.token}/play/deal/{number}")
        # the game's form: unchecked boxes the fix leaves unticked are sent as the form has them
        page.evaluate("() => document.querySelectorAll('form.deal-form input[type=checkbox]')"
                      ".forEach(b => { b.checked = false; })")
        page.click(page.evaluate(FILL, fields))
        page.wait_for_selector("#money")
        assert page.is_visible("form#confirm") and not page.is_visible("form.deal-form")  # the change page
        assert page.inner_text("h1") == f"Fix deal {number}?"
        assert page.is_visible(".outcome") and page.is_visible("#deal-changes")
        players = page.eval_on_selector_all("#money tr[data-player]", "rows => rows.map(r => r.dataset.player)")
        assert players and set(players) == set(table.case.doc["players"])
        assert page.locator("#money .hint", has_text="was").count() >= 1  # a score or money moves
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        shots = os.environ.get("SHOTS")
        if shots:
            Path(shots).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(shots) / f"{game}-fix-preview.png"), full_page=True)
        said = page.eval_on_selector_all(".outcome li", "items => items.map(li => li.textContent)")
        before = table.deals()
        page.click("form#confirm button[type=submit]")  # "Save the fix": the change as shown
        page.wait_for_selector("#done")  # back at the table, which says what was done
        assert table.deals() != before
        page.goto(f"{url}/s/{table.token}/play/history")
        page.wait_for_selector("main")
        told = " ".join(page.inner_text("main").split())
        assert "Outcome: " + " ".join(said) in told, told  # what was previewed
        ctx.close()
