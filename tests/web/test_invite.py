"""Invite a phone: the session's link and its watch link as QR codes drawn on the server, and a share button."""

from __future__ import annotations

import re
from html import unescape

from conftest import gen_group, gen_session
from scorekeeper.web.outside import network_address

#: this machine's address on the network: the table's own, which the invite page builds its links from
OWN = network_address()


def test_invite_page_has_both_links_as_qr_codes(app, browser):
    group = gen_group(browser)
    session = gen_session(browser, group)
    table = browser.get(f"/s/{session}").get_data(as_text=True)
    assert f'href="/s/{session}/invite"' in table
    with app.app_context():
        from scorekeeper import services

        watch = services.find_session(session).watch_token
    r = browser.get(f"/s/{session}/invite", base_url=f"http://{OWN}:8000")
    page = r.get_data(as_text=True)
    assert r.status_code == 200
    assert f'href="http://{OWN}:8000/s/{session}"' in page
    assert f'href="http://{OWN}:8000/w/{watch}"' in page
    codes = re.findall(r'<svg viewBox="0 0 (\d+) \1" class="qr"><title>([^<]+)</title>', page)
    assert [unescape(title) for _, title in codes] == ["The session's link, to enter hands",
                                                       "The watch link, to follow the table"]
    assert all(int(size) > 100 for size, _ in codes)
    assert "<script>" not in page  # no inline script: the share button is a file (content-hashed name)
    assert re.search(r'<script src="/static/share\.[0-9a-f]{12}\.js" defer></script>', page)
    assert group not in page  # the group's link is never handed out here
    assert "only this computer can reach" not in page


def test_invite_page_warns_when_opened_on_this_machine_only(browser):
    session = gen_session(browser, gen_group(browser))
    page = browser.get(f"/s/{session}/invite", base_url="http://127.0.0.1:5000").get_data(as_text=True)
    assert "only this computer can reach" in page


def test_qr_code_reads_back_as_the_link(app, browser):
    """The SVG's modules decode to the very link (segno's own matrix, drawn again by us, compared)."""
    import segno

    session = gen_session(browser, gen_group(browser))
    page = browser.get(f"/s/{session}/invite", base_url=f"http://{OWN}:8000").get_data(as_text=True)
    svg = re.search(r'<svg viewBox="0 0 (\d+) \1" class="qr">.*?</svg>', page, re.S).group(0)
    path = max(re.findall(r' d="([^"]+)"', svg), key=len)  # the dark modules (the other path is the light square)
    expected = segno.make(f"http://{OWN}:8000/s/{session}", error="m")
    mine = segno.make(f"http://{OWN}:8000/s/{session}x", error="m")
    assert expected.svg_inline(scale=4, border=4, omitsize=True).count(path) == 1
    assert path not in mine.svg_inline(scale=4, border=4, omitsize=True)
