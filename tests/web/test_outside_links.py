"""The links other phones get (the invite page's QR codes, the printed paper's) never come from a hostile Host.

With ``SCOREKEEPER_BASE_URL`` they are built from it, whatever the ``Host`` or
``X-Forwarded-Host`` a request carries; without it (a table on a home Wi-Fi)
from the address the page was opened at, as docs/deploy.md says.
"""

from __future__ import annotations

import pytest

from conftest import Browser, gen_group, gen_session, migrated_app

BASE = "https://tresillo.example.org"
HOSTILE = {"Host": "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https"}


@pytest.fixture
def table(tmp_path):
    """A migrated app behind HTTPS (it trusts one proxy's X-Forwarded-*), a group and a session of it."""
    app = migrated_app(tmp_path / "o.sqlite", "outside-links")
    app.config.update(RATELIMIT_ENABLED=False)
    browser = Browser(app.test_client())
    group = gen_group(browser)
    return app, browser, group, gen_session(browser, group)


def test_invite_and_paper_links_come_from_the_configured_address(table):
    from scorekeeper.reports.qr import qr_svg

    app, browser, group, session = table
    app.config["SCOREKEEPER_BASE_URL"] = BASE + "/"
    invite = browser.client.get(f"/s/{session}/invite", headers=HOSTILE).get_data(as_text=True)
    assert "evil.example" not in invite
    assert f'href="{BASE}/s/{session}"' in invite
    with app.test_request_context(headers=HOSTILE):
        drawn = qr_svg(f"{BASE}/s/{session}", title="The session's link, to enter hands")
    assert drawn in invite, "the QR code is not the configured address's"
    # the printed paper's QR code and address for the group's page (drawn with the paper's own extras)
    from scorekeeper import services
    from scorekeeper.games.tresillo.pages.paper import paper_extras

    with app.test_request_context(f"/g/{group}/paper.html", headers=HOSTILE):
        extras = paper_extras(services.find_session(session))
    assert extras["group_link"] == f"{BASE}/g/{group}" and "evil.example" not in extras["qr"]


def test_without_an_address_the_page_s_own_host_is_used(table):
    """The documented fallback (a table on a Wi-Fi: the address the phone opened, when it is this machine's)."""
    from scorekeeper.web.outside import network_address

    _app, browser, _group, session = table
    own = network_address()
    invite = browser.client.get(f"/s/{session}/invite", base_url=f"http://{own}:5000").get_data(as_text=True)
    assert f'href="http://{own}:5000/s/{session}"' in invite


def test_a_malformed_address_stops_the_app(tmp_path, monkeypatch):
    from scorekeeper import create_app
    from scorekeeper.web.outside import BadBaseUrl

    for wrong in ("tresillo.example.org", "javascript:alert(1)", "https://x.example/?q=1", "https://a b"):
        monkeypatch.setenv("SCOREKEEPER_BASE_URL", wrong)
        with pytest.raises(BadBaseUrl, match="SCOREKEEPER_BASE_URL"):
            create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'm.sqlite'}", "SECRET_KEY": "k" * 40})
    monkeypatch.setenv("SCOREKEEPER_BASE_URL", BASE + "/tresillo")
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'm.sqlite'}", "SECRET_KEY": "k" * 40})
    assert app.config["SCOREKEEPER_BASE_URL"] == BASE + "/tresillo"
