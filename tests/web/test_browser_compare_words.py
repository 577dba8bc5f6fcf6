"""The outbox's compare page read on a phone: each question's words whole. A Tressette chiamata fix beaten by
another phone, compared in Italian: no word of a question (chiamante, compagno, gli avversari) nor of a value
(la parte di chi chiama, gli avversari) nor of a column's name is cut in two, and nothing scrolls sideways, at
390 and 320 px and at 200% zoom of a 390-px phone (195 CSS px at twice the pixels). Its label column was too
narrow for the game's longer words, which broke anywhere ("chiamant e"); then, at 320 px, the two value columns
were ("avversar i", Debian's Chromium has no hyphenation dictionary): on a narrow screen the rows now stack,
each question over the table's answer and the phone's, each named by its column. Screenshots go to
SCREENSHOT_DIR when it is set."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from test_browser import SHOTS
from test_value_words import DEAL, FIXED, PLAYERS, _fields

from conftest import game_on_table, migrated_app, served

pytestmark = pytest.mark.browser

#: every word of the table's cells as laid out: the word, its cell's left and right edges, the word's boxes (a word
#: cut across two lines has two; a visually hidden header, the question column's, is left out); and the words of
#: each column's name drawn before a stacked answer, measured in their own font against the cell's room
LAID_OUT = """() => {
  const hidden = el => { for (; el; el = el.parentElement) { const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) return true; } return false; };
  const words = [];
  for (const cell of document.querySelectorAll('table.compare th, table.compare td')) {
    const box = cell.getBoundingClientRect();
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      if (hidden(text.parentElement)) continue;
      for (const m of text.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(text, m.index);
        range.setEnd(text, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter(r => r.width > 0)
          .map(r => [Math.round(r.top), r.left, r.right]);
        words.push([m[0], box.left, box.right, rects]);
      }
    }
    const before = getComputedStyle(cell, '::before');
    if (!hidden(cell) && before.content !== 'none' && before.content !== 'normal') {
      const style = getComputedStyle(cell);
      const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const pen = document.createElement('canvas').getContext('2d');
      pen.font = `${before.fontWeight} ${before.fontSize} ${before.fontFamily}`;
      for (const word of `${cell.dataset.label}:`.split(/\\s+/)) {
        words.push([word, 0, room, [[0, 0, pen.measureText(word).width]]]);
      }
    }
  }
  return words;
}"""

PHONES = {"390": (390, 844, 1), "320": (320, 640, 1), "390-zoom200": (195, 422, 2)}


@pytest.fixture(scope="module")
def compared(tmp_path_factory):
    """A served chiamata whose deal 1 another phone fixed, and the compare page of this phone's kept fix."""
    app = migrated_app(tmp_path_factory.mktemp("compare_words") / "words.sqlite", "compare_words")
    token = game_on_table(app, "tressette-chiamata", PLAYERS, [FIXED], language="it")
    kept = {**_fields(app, token, DEAL), "key": "kept-key-0001", "edit": "1"}
    with served(app) as url:
        yield url, f"{url}/s/{token}/play/pending?{urlencode(kept)}"


def cut_or_out(words):
    """The words drawn on two lines or beyond their cell's room."""
    return [(word, rects) for word, left, right, rects in words
            if len({top for top, _, _ in rects}) > 1 or any(a < left - 0.5 or b > right + 0.5 for _, a, b in rects)]


@pytest.mark.parametrize("phone", PHONES)
def test_every_word_of_the_compare_table_stays_whole(chromium, compared, phone):
    width, height, scale = PHONES[phone]
    base, page_url = compared
    ctx = chromium.new_context(viewport={"width": width, "height": height}, device_scale_factor=scale)
    page = ctx.new_page()
    page.goto(base + "/language/it")
    page.goto(page_url)
    questions = page.locator("table.compare tbody th").all_inner_texts()
    assert questions[:3] == ["chiamante", "compagno", "chiamato"]
    words = page.evaluate(LAID_OUT)
    shown = {w[0].strip(",:") for w in words}
    assert {"chiamante", "avversari", "chiama", "telefono"} <= shown, shown  # questions, values, column names
    assert cut_or_out(words) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= page.evaluate("innerWidth") == width
    assert page.locator("table.compare tbody td").first.inner_text() == "Bea"  # the column's name is drawn only
    # still one table to a screen reader: Chromium's own accessibility tree, not the markup
    tree = ctx.new_cdp_session(page).send("Accessibility.getFullAXTree")["nodes"]
    roles = [(n.get("role", {}).get("value"), n.get("name", {}).get("value")) for n in tree]
    assert ("table", "") in roles or any(role == "table" for role, _ in roles), roles
    assert ("rowheader", "chiamante") in roles and ("columnheader", "Domanda") in roles, roles
    assert sum(role == "row" for role, _ in roles) == 1 + len(questions), roles
    if SHOTS:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"compare-{phone}.png"), full_page=True)
    ctx.close()


def test_a_wide_screen_keeps_the_three_columns(chromium, compared):
    """Beside each other where there is room: each question's row one line of three cells, the headers shown."""
    base, page_url = compared
    ctx = chromium.new_context(viewport={"width": 800, "height": 900})
    page = ctx.new_page()
    page.goto(base + "/language/it")
    page.goto(page_url)
    row = page.locator("table.compare tbody tr").first
    tops = {round(cell.bounding_box()["y"]) for cell in row.locator("th, td").all()}
    assert len(tops) == 1, tops
    assert page.locator("table.compare thead th").nth(2).bounding_box()["width"] > 100
    assert cut_or_out(page.evaluate(LAID_OUT)) == []
    ctx.close()
