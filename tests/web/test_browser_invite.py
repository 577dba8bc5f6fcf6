"""Invite a phone in a real browser: the QR codes fit a 320 px screen, the button shares or copies the link."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_browser import CAPTURE_SHARE, NO_SHARE_CAPTURE_COPY, SHOTS, make_group_and_session, server  # noqa: F401

pytestmark = pytest.mark.browser


def open_invite(chromium, server, script, width):  # noqa: F811
    ctx = chromium.new_context(viewport={"width": width, "height": 700}, device_scale_factor=1)
    ctx.add_init_script(script)
    page = ctx.new_page()
    table = make_group_and_session(page, server, "Invite table")
    page.click("#invite")
    page.wait_for_selector("#invite-play svg.qr")
    return ctx, page, table


def test_invite_shares_the_session_link_at_320_px(chromium, server):  # noqa: F811
    ctx, page, table = open_invite(chromium, server, CAPTURE_SHARE, 320)
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    qr = page.locator("#invite-play svg.qr").bounding_box()
    assert qr["width"] >= 200 and qr["width"] <= 320  # big enough to scan across the table
    button = page.locator("#invite-play button.share-link")
    assert button.is_visible() and button.inner_text() == "Send the link"
    assert button.bounding_box()["height"] >= 48
    button.click()
    page.wait_for_function("window.__shared.length === 1")
    shared = page.evaluate("window.__shared[0]")
    assert shared["url"] == table and shared["text"] == "Invite table"
    assert page.inner_text("#invite-play .shared") == "Link sent."
    # the watch link opens the read-only screen
    watch = page.get_attribute("#watch-link", "href")
    assert "/w/" in watch
    page.goto(watch)
    assert "nothing can be changed" in page.inner_text("main")
    assert page.locator("#enter-hand").count() == 0 and page.locator("form").count() == 0
    if SHOTS:
        page.goto(table + "/invite")
        page.screenshot(path=str(SHOTS / "invite-320.png"), full_page=True)
    ctx.close()


def test_invite_copies_the_link_when_the_phone_cannot_share(chromium, server):  # noqa: F811
    ctx, page, table = open_invite(chromium, server, NO_SHARE_CAPTURE_COPY, 390)
    button = page.locator("#invite-watch button.share-link")
    # share.js renames the button once it knows the phone cannot share: wait for it (a busy machine
    # read the page's own "Send the link" before the deferred script had run)
    expect(button).to_have_text("Copy the link")
    button.click()
    page.wait_for_function("window.__copied.length === 1")
    assert "/w/" in page.evaluate("window.__copied[0]")
    assert page.inner_text("#invite-watch .shared") == "Link copied."
    ctx.close()
