"""Hardening seen through the test client: headers, the secret key, hashed static files, compression, the 500 page.

The same headers are checked against the real gunicorn process in test_serve.py.
"""

from __future__ import annotations

import gzip
import logging
import re
import threading
from pathlib import Path

import brotli
import pytest

from conftest import DATA, Browser, gen_group, gen_session, migrated_app


@pytest.fixture
def lone_app(tmp_path):
    """A migrated app on a SQLite file (these checks do not depend on the database)."""
    return migrated_app(tmp_path / "h.sqlite", "hardening-test-key")


def test_csp_and_friends_on_every_kind_of_answer(lone_app):
    client = lone_app.test_client()
    for path in ("/", "/sw.js", "/manifest.webmanifest", "/nowhere"):
        r = client.get(path)
        csp = r.headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "'unsafe-inline'" not in csp, path
        assert "frame-ancestors 'none'" in csp and "object-src 'none'" in csp
        assert r.headers["X-Content-Type-Options"] == "nosniff"
        assert r.headers["Referrer-Policy"] == "same-origin"
        assert r.headers["X-Frame-Options"] == "DENY"
        assert re.fullmatch(r"[A-Za-z0-9._-]{8,64}", r.headers["X-Request-Id"])


def test_the_policy_is_the_same_header_on_every_answer_but_its_nonce(lone_app):
    """The whole Content-Security-Policy, byte for byte as Flask-Talisman wrote it before the app wrote it once
    for all answers: each answer's own 32-character nonce in style-src, a new one every time."""
    client = lone_app.test_client()
    nonces = set()
    for path in ("/", "/ping", "/nowhere", "/manifest.webmanifest"):
        csp = client.get(path).headers["Content-Security-Policy"]
        found = re.fullmatch(
            r"default-src 'self'; script-src 'self'; style-src 'self' 'nonce-([A-Za-z0-9_-]{32})'; img-src 'self'; "
            r"font-src 'self'; connect-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; "
            r"base-uri 'none'; form-action 'self'; frame-ancestors 'none'", csp)
        assert found, (path, csp)
        nonces.add(found.group(1))
    assert len(nonces) == 4


def test_token_pages_are_never_cached_and_cookies_are_flagged(lone_app):
    b = Browser(lone_app.test_client())
    group = gen_group(b)
    token = gen_session(b, group)
    for path in (f"/g/{group}", f"/s/{token}", f"/s/{token}/hand", f"/s/{token}/report.html"):
        assert b.get(path).headers["Cache-Control"] == "no-store", path
    assert "no-store" not in (b.get("/").headers.get("Cache-Control") or "")
    cookie = b.client.get_cookie("session")
    assert cookie is not None and cookie.http_only and cookie.same_site == "Lax" and not cookie.secure


def test_behind_https_cookies_are_secure_and_the_proxy_is_trusted(tmp_path):
    from scorekeeper import create_app

    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 's.sqlite'}", "SECRET_KEY": "k" * 40,
                      "BEHIND_HTTPS": True})
    r = app.test_client().get("/", headers={"X-Forwarded-Proto": "https"})
    assert "Secure" in r.headers["Set-Cookie"] and "HttpOnly" in r.headers["Set-Cookie"]
    assert "SameSite=Lax" in r.headers["Set-Cookie"]
    assert r.headers["Strict-Transport-Security"].startswith("max-age=")


def test_html_report_keeps_its_style_under_the_nonce(lone_app):
    """The report page's only inline style block carries this response's nonce; no style= attribute is left."""
    b = Browser(lone_app.test_client())
    group = gen_group(b)
    b.get(f"/g/{group}/import")
    r = b.post(f"/g/{group}/import", {"text": (DATA / "worked_example.json").read_text()})
    assert r.status_code == 302, r.get_data(as_text=True)[:500]
    token = r.headers["Location"].rsplit("/", 1)[1]
    r = b.get(f"/s/{token}/report.html")
    assert r.status_code == 200
    nonce = re.search(r"'nonce-([^']+)'", r.headers["Content-Security-Policy"]).group(1)
    html = r.get_data(as_text=True)
    assert re.findall(r"<style[^>]*>", html) == [f'<style nonce="{nonce}">']
    assert "style=" not in html and "<script" not in html
    assert re.search(r"col\.c-figs \{ width: [0-9.]+mm; \}", html)


#: what the CSP forbids in markup: an inline style, an event handler, a javascript: address
INLINE = re.compile(r"\sstyle=|\son[a-z]+=|javascript:")


def markup(template: str) -> str:
    """A template without Jinja's expressions and comments: ``_("%(one)s …", one=d.one)`` is a keyword, not a
    handler."""
    return re.sub(r"\{\{.*?\}\}|\{#.*?#\}", "", template, flags=re.S)


def test_the_template_check_sees_a_handler_but_not_a_keyword():
    assert INLINE.search(markup('<button onclick="go()">{{ _("Go") }}</button>'))
    assert INLINE.search(markup('<p style="x">{{ a }}</p>'))
    assert not INLINE.search(markup('<legend>{{ _("%(one)s against %(other)s", one=a, other=b) }}</legend>'))


def test_templates_hold_no_inline_script_style_or_handler():
    """What the CSP forbids is absent from the templates themselves (docs: /work/notes/csp.md)."""
    root = Path(__file__).resolve().parents[2] / "templates"
    for template in root.rglob("*.html"):
        text = template.read_text(encoding="utf-8")
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), template
        assert not INLINE.search(markup(text)), template
        if template.parent.name == "web":
            assert "<style" not in text, template


def test_static_files_have_hashed_names_and_a_long_cache(lone_app):
    client = lone_app.test_client()
    page = client.get("/").get_data(as_text=True)
    css = re.search(r'href="(/static/app\.([0-9a-f]{12})\.css)"', page)
    assert css, "the stylesheet is not linked under a hashed name"
    static = Path(lone_app.static_folder)
    import hashlib

    assert css.group(2) == hashlib.sha256((static / "app.css").read_bytes()).hexdigest()[:12]
    r = client.get(css.group(1))
    assert r.status_code == 200 and r.get_data() == (static / "app.css").read_bytes()
    assert "immutable" in r.headers["Cache-Control"] and "max-age=31536000" in r.headers["Cache-Control"]
    stale = client.get("/static/app.000000000000.css")
    assert stale.status_code == 200 and "immutable" not in stale.headers["Cache-Control"]
    assert client.get("/static/nothing.0123456789ab.css").status_code == 404
    assert client.get("/static/app.css").status_code == 200


def test_pages_and_assets_are_compressed(lone_app):
    client = lone_app.test_client()
    page = client.get("/", headers={"Accept-Encoding": "br, gzip"})
    assert page.headers["Content-Encoding"] == "br"
    assert b"<html" in brotli.decompress(page.get_data())
    js = re.search(r'src="(/static/offline\.[0-9a-f]{12}\.js)"', client.get("/").get_data(as_text=True)).group(1)
    r = client.get(js, headers={"Accept-Encoding": "gzip"})
    raw = (Path(lone_app.static_folder) / "offline.js").read_bytes()
    assert r.headers["Content-Encoding"] == "gzip" and gzip.decompress(r.get_data()) == raw
    assert len(r.get_data()) < len(raw) / 2


def test_a_crash_shows_our_page_with_the_code_in_the_log(tmp_path):
    app = migrated_app(tmp_path / "c.sqlite", "crash-test-key")
    records: list[logging.LogRecord] = []
    keep = logging.Handler()
    keep.emit = records.append
    logging.getLogger("scorekeeper.errors").addHandler(keep)

    @app.get("/boom")
    def boom():
        raise RuntimeError("the engine fell over")

    r = app.test_client().get("/boom", headers={"Accept-Language": "es"})
    assert r.status_code == 500
    html = r.get_data(as_text=True)
    code = r.headers["X-Request-Id"]
    assert f'<code class="request-code">{code}</code>' in html
    assert "Internal Server Error" not in html and "Traceback" not in html
    assert "Algo ha ido mal" in html
    logging.getLogger("scorekeeper.errors").removeHandler(keep)
    assert any(code in rec.getMessage() and rec.exc_info for rec in records)


def test_the_secret_key_is_one_whole_key_however_many_workers_race(tmp_path):
    """Eight threads starting at once in an empty instance folder all read the same complete key."""
    from scorekeeper import _secret_key

    for round_ in range(20):
        folder = tmp_path / str(round_)
        folder.mkdir()
        keys: list[str] = []
        start = threading.Barrier(8)

        def worker(folder=folder, keys=keys, start=start):
            start.wait()
            keys.append(_secret_key(folder))

        threads = [threading.Thread(target=worker) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(10)
        assert len(keys) == 8 and len(set(keys)) == 1 and len(keys[0]) == 64
        assert [p.name for p in folder.iterdir()] == ["secret_key"]
        assert (folder / "secret_key").stat().st_mode & 0o077 == 0


def test_no_key_no_start(tmp_path):
    from scorekeeper import NoSecretKey, _secret_key

    (tmp_path / "secret_key").write_text("")
    with pytest.raises(NoSecretKey, match="empty"):
        _secret_key(tmp_path)
