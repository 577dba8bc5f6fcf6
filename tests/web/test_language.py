"""Which language a page speaks: the phone's choice, over the group's, over the browser's, else English.

Also the switcher (a cookie, a way back that never leaves the site), the
group's language (chosen at creation, changed on the group page, refused
when not one of ours) and the printed documents in the group's language
unless the link asks for another. On SQLite and PostgreSQL (the ``app`` fixture).
"""

from __future__ import annotations

import re

import pytest

from conftest import gen_group, gen_session
from scorekeeper.i18n import COOKIE


def html_lang(response) -> str:
    m = re.search(r'<html lang="([a-z]+)">', response.get_data(as_text=True))
    assert m, "no <html lang> on the page"
    return m.group(1)


def group_language(app, token):
    from scorekeeper import services

    with app.app_context():
        return services.find_group(token).language


@pytest.mark.parametrize("header, expected", [
    ("es-ES,es;q=0.9,en;q=0.5", "es"),
    ("fr-CA,fr;q=0.8", "fr"),
    ("ca-ES,ca;q=0.9,es;q=0.8", "ca"),  # a Catalan speaker's browser: Catalan before Spanish
    ("de-DE,de;q=0.9", "en"),  # not one of ours: English
    ("de;q=0.9,fr;q=0.5", "fr"),  # the first one of ours the browser accepts
    (None, "en"),
])
def test_browser_language(client, header, expected):
    headers = {"Accept-Language": header} if header else {}
    assert html_lang(client.get("/", headers=headers)) == expected


def test_group_language_is_the_one_it_was_created_in(app, browser):
    browser.get("/", headers={"Accept-Language": "fr"})
    r = browser.post("/", {"name": "Mardi"}, headers={"Accept-Language": "fr"})
    assert r.status_code == 302
    assert group_language(app, r.headers["Location"].rsplit("/", 1)[1]) == "fr"


def test_the_phone_beats_the_group_which_beats_the_browser(app, browser):
    token = gen_group(browser)
    assert browser.post(f"/g/{token}/language", {"language": "fr"}).status_code == 302
    assert group_language(app, token) == "fr"
    spanish = {"Accept-Language": "es"}
    assert html_lang(browser.client.get(f"/g/{token}", headers=spanish)) == "fr"  # the group's
    session = gen_session(browser, token)
    assert html_lang(browser.client.get(f"/s/{session}", headers=spanish)) == "fr"  # its sessions too
    assert html_lang(browser.client.get("/", headers=spanish)) == "es"  # no group: the browser's
    browser.client.set_cookie(COOKIE, "en")
    assert html_lang(browser.client.get(f"/g/{token}", headers=spanish)) == "en"  # the phone's own
    assert html_lang(browser.client.get(f"/s/{session}", headers=spanish)) == "en"


def test_switcher_remembers_and_goes_back(client):
    r = client.get("/language/es?next=/g/abc?page=2")
    assert r.status_code == 303
    assert r.headers["Location"] == "/g/abc?page=2"
    cookie = r.headers["Set-Cookie"]
    assert cookie.startswith(f"{COOKIE}=es;") and "Max-Age=" in cookie and "SameSite=Lax" in cookie
    assert html_lang(client.get("/", headers={"Accept-Language": "fr"})) == "es"


@pytest.mark.parametrize("target", ["//evil.example/x", "https://evil.example/", "/\\evil.example", "", "g/abc",
                                    "javascript:alert(1)"])
def test_switcher_never_leaves_the_site(client, target):
    r = client.get("/language/fr", query_string={"next": target})
    assert r.status_code == 303
    assert r.headers["Location"] == "/"


def test_switcher_refuses_other_languages(client):
    assert client.get("/language/de").status_code == 404
    assert "Set-Cookie" not in client.get("/language/de").headers


def test_every_page_links_to_each_language_from_itself(client):
    html = client.get("/?x=1", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    links = re.findall(r'<a href="(/language/[a-z]+\?next=[^"]+)" lang="([a-z]+)"', html)
    assert [lang for _, lang in links] == ["es", "en", "fr", "it", "ca"]
    assert all("next=/?x%3D1" in href for href, _ in links)
    assert re.search(r'lang="fr" hreflang="fr" rel="nofollow" aria-current="true">'
                     r'<span class="lang-code" aria-hidden="true">FR</span><span class="lang-name">Français<', html)
    assert re.search(r'lang="ca" hreflang="ca" rel="nofollow">.*?<span class="lang-name">Català<', html)  # in itself


def test_catalan_pages_speak_catalan(client):
    """Català is a language of the whole app: the switcher sets it and the page is said in it."""
    r = client.get("/language/ca?next=/")
    assert r.status_code == 303 and r.headers["Set-Cookie"].startswith(f"{COOKIE}=ca;")
    page = client.get("/")
    assert html_lang(page) == "ca"
    text = page.get_data(as_text=True)
    assert "Crear el grup" in text and "Create group" not in text
    assert re.search(r'aria-current="true">[^\n]*?<span class="lang-name">Català<', text)


def test_group_language_refused_when_not_ours(app, browser):
    token = gen_group(browser)
    before = group_language(app, token)
    for bad in ("de", "", "es-ES", "x" * 50):
        r = browser.post(f"/g/{token}/language", {"language": bad})
        assert r.status_code == 400
        assert 'class="error"' in r.get_data(as_text=True)
    assert group_language(app, token) == before


def test_documents_in_the_group_language_unless_asked(app, browser):
    token = gen_group(browser)
    session = gen_session(browser, token)
    browser.post(f"/g/{token}/language", {"language": "fr"})
    spanish = {"Accept-Language": "es"}
    page = browser.client.get(f"/s/{session}/settlement.html", headers=spanish)
    assert html_lang(page) == "fr"
    assert "0,10\u00a0€" in page.get_data(as_text=True)  # the tanto's value, written the French way
    asked = browser.client.get(f"/s/{session}/settlement.html?lang=en", headers=spanish)
    assert html_lang(asked) == "en"
    assert "€0.10" in asked.get_data(as_text=True)
    catalan = browser.client.get(f"/s/{session}/settlement.html?lang=ca", headers=spanish)
    assert html_lang(catalan) == "ca"
    assert "0,10\u00a0€" in catalan.get_data(as_text=True)  # ca_ES writes money as Spain does
    # a language that is not ours is ignored: the group's
    assert html_lang(browser.client.get(f"/s/{session}/settlement.html?lang=xx")) == "fr"
