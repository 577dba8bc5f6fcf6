"""The outbox's compare page read on a phone: each question's words whole. A Tressette chiamata fix beaten by
another phone, compared in Italian at 390 px: no word of a question (chiamante, compagno, gli avversari) is
cut in two, and nothing scrolls sideways at 390 or 320 px. Its label column was too narrow for the game's
longer words, which broke anywhere ("chiamant e")."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from test_value_words import DEAL, FIXED, PLAYERS, _fields

from conftest import game_on_table, migrated_app, served

pytestmark = pytest.mark.browser

#: each question's room in its cell and its widest word, drawn in the cell's own font
WORDS = """() => [...document.querySelectorAll('table.compare tbody th')].map(th => {
  const style = getComputedStyle(th);
  const pen = document.createElement('canvas').getContext('2d');
  pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const room = th.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const widest = Math.max(...th.textContent.trim().split(/\\s+/).map(word => pen.measureText(word).width));
  return [th.textContent.trim(), room, widest];
})"""


@pytest.fixture(scope="module")
def compared(tmp_path_factory):
    """A served chiamata whose deal 1 another phone fixed, and the compare page of this phone's kept fix."""
    app = migrated_app(tmp_path_factory.mktemp("compare_words") / "words.sqlite", "compare_words")
    token = game_on_table(app, "tressette-chiamata", PLAYERS, [FIXED], language="it")
    kept = {**_fields(app, token, DEAL), "key": "kept-key-0001", "edit": "1"}
    with served(app) as url:
        yield url, f"{url}/s/{token}/play/pending?{urlencode(kept)}"


@pytest.mark.parametrize("width", [390, 320])
def test_every_question_keeps_its_words_whole(chromium, compared, width):
    base, page_url = compared
    ctx = chromium.new_context(viewport={"width": width, "height": 844})
    page = ctx.new_page()
    page.goto(base + "/language/it")
    page.goto(page_url)
    questions = page.evaluate(WORDS)
    assert [q[0] for q in questions][:3] == ["chiamante", "compagno", "chiamato"]
    assert [q for q in questions if q[2] > q[1]] == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    ctx.close()
