"""Fixtures (flaskr style): an app on a real database, a client, a CLI runner, and `gen_*` factories.

The `app` fixture runs every web test twice: on a SQLite file and on the
PostgreSQL server named by TEST_DATABASE_URL. Without that variable the
PostgreSQL run is skipped locally; with CI=true it fails instead.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import tempfile
import threading
import uuid
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from html import unescape
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).resolve().parent / "data"
IN_CI = os.environ.get("CI", "").lower() == "true"
# the CLI speaks the environment's language: the tests (and the commands they start) read English
# unless they ask for another; the web tests send no Accept-Language, so the pages are English too
os.environ["LANGUAGE"] = "en"


def pytest_configure(config: pytest.Config) -> None:
    """An instance folder of this test process's own (each pytest-xdist worker has one): the PDF
    drawing slot (web/printing.py's lock file), the secret key and the default SQLite file of the
    apps and servers the tests start are never shared with another worker nor the developer's own."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    folder = tempfile.mkdtemp(prefix=f"scorekeeper-tests-{worker}-")
    os.environ["SCOREKEEPER_INSTANCE"] = folder
    config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]


def require(reason: str) -> None:
    """Skip locally, fail in CI: a missing browser or database never hides in CI."""
    if IN_CI:
        pytest.fail(f"{reason} (CI=true: this test must run)")
    pytest.skip(reason)


def _postgres_url() -> str:
    base = os.environ.get("TEST_DATABASE_URL")
    if not base:
        require("TEST_DATABASE_URL is not set")
    from sqlalchemy import create_engine, text

    name = "sk_" + uuid.uuid4().hex[:12]
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return base.rsplit("/", 1)[0] + "/" + name, base, name


def _drop_postgres(base: str, name: str) -> None:
    """Drop the database ``name`` made by _postgres_url, ending whatever connections it still has."""
    from sqlalchemy import create_engine, text

    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


def migrated_app(path: Path, secret: str) -> Any:
    """A real app on a fresh SQLite file at ``path``, migrated to head (what ./scripts/run serves)."""
    return migrated_at(f"sqlite:///{path}", secret)


def migrated_at(url: str, secret: str) -> Any:
    """A real app on the database at ``url``, migrated to head."""
    from flask_migrate import upgrade

    from scorekeeper import create_app

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": secret})
    with app.app_context():
        upgrade()
    return app


@contextmanager
def served(app: Any) -> Iterator[str]:
    """Serve ``app`` on 127.0.0.1 (a free port, a real socket for the browser); yields its base URL."""
    from werkzeug.serving import make_server

    srv = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{srv.server_port}"
    finally:
        srv.shutdown()


@pytest.fixture(scope="session")
def chromium():
    """Debian's Chromium driven by Playwright, one for the whole run (browser tests only)."""
    if not os.path.exists(CHROMIUM):
        require(f"{CHROMIUM} is not installed")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        require("the playwright package is not installed")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def revisit(page: Any, url: str) -> None:
    """Open ``url`` on a page that shows a table another phone (or page) has just saved to: the table's follow.js
    may be reloading it at that moment, which aborts the navigation (net::ERR_ABORTED, seen in CI, or "is
    interrupted by another navigation", as Chromium says it when the reload starts first); then the reload is
    let finish and the navigation made again."""
    try:
        page.goto(url)
    except Exception as error:  # playwright's Error, not imported here: only browser tests use it
        if not any(said in str(error) for said in ("ERR_ABORTED", "interrupted by another navigation")):
            raise
        page.wait_for_load_state()
        page.goto(url)


@pytest.fixture(autouse=True)
def _envelopes_read_afresh() -> None:
    """Each test reads session envelopes afresh: ``games.replay`` keeps the games it found by envelope for the
    process's life, and a test that swaps a registered game (Truc played to 30) must not meet the game an
    earlier test kept (a server never swaps one)."""
    from scorekeeper.games import replay

    replay._SEATED.clear()
    replay._SEATINGS.clear()


@contextmanager
def templates_drawn(app: Any) -> Iterator[list[str]]:
    """The names of the templates drawn while inside, in order (a page kept and handed out again draws none)."""
    from flask import template_rendered

    drawn: list[str] = []

    def noted(_sender: Any, template: Any, context: Any, **_extra: Any) -> None:
        drawn.append(template.name)

    with template_rendered.connected_to(noted, app):
        yield drawn


def until_true(page: Any, script: str, arg: Any = None, timeout: float = 15.0) -> None:
    """Wait until ``script`` (a function, which may return a promise) gives ``true`` in the page.

    Not ``page.wait_for_function``: given a function that returns a promise, that returns as soon as the
    promise settles, whatever it settles to (a promise is truthy), so a wait on the Cache Storage there
    waited for nothing. Found in CI: a test went offline before its deal form was kept."""
    import time

    deadline = time.monotonic() + timeout
    while page.evaluate(script, arg) is not True:
        if time.monotonic() > deadline:
            raise AssertionError(f"not true within {timeout:g} s in the page: {script}")
        page.wait_for_timeout(100)


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file migrated to head once for this test process; each test gets a copy of it."""
    from scorekeeper.db import db

    path = tmp_path_factory.mktemp("migrated") / "head.sqlite"
    app = migrated_app(path, "test")
    with app.app_context():
        db.engine.dispose()
    assert not path.with_name(path.name + "-wal").exists(), "the migrated file must be whole on its own"
    return path


class EmptiedPostgres:
    """One PostgreSQL database migrated to head for this test process, emptied before each test.

    Migrating a fresh database for every test took most of a web test's time (0.84 s of about 1.5 s).
    Before each test the database's other connections are ended and every table is truncated with its
    identities restarted, which leaves it as a fresh migration would. A test that changed the schema
    (a migration test downgrading and upgrading again) is caught by an event trigger noting every DDL
    command, and the next test gets a newly created and migrated database instead. Event triggers need a
    superuser (as CI's throwaway server gives): connected as another role, every test gets a newly
    migrated database, as before."""

    def __init__(self) -> None:
        self.url = self.base = self.name = ""
        self.watched = False  # the event trigger is in place: the database can be emptied and reused

    def fresh(self) -> str:
        from sqlalchemy import create_engine, text

        from scorekeeper.db import db

        if self.name and self.watched and self._emptied():
            return self.url
        self.drop()
        self.url, self.base, self.name = _postgres_url()
        with migrated_at(self.url, "test").app_context():
            db.engine.dispose()
        engine = create_engine(self.url, isolation_level="AUTOCOMMIT")
        with engine.connect() as conn:
            self.watched = bool(conn.execute(text("SELECT rolsuper FROM pg_roles WHERE rolname = current_user"))
                                .scalar())
            if self.watched:
                _note_ddl(conn)
        engine.dispose()
        return self.url

    def _emptied(self) -> bool:
        """Empty the tables for the next test; False when the schema changed (a new database is needed)."""
        from sqlalchemy import create_engine, text

        engine = create_engine(self.url, isolation_level="AUTOCOMMIT")
        try:
            with engine.connect() as conn:
                conn.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                  "WHERE datname = current_database() AND pid <> pg_backend_pid()"))
                if conn.execute(text("SELECT count(*) FROM testing.ddl")).scalar():
                    return False
                tables = conn.execute(text("SELECT tablename FROM pg_tables WHERE schemaname = 'public' "
                                           "AND tablename <> 'alembic_version'")).scalars().all()
                conn.execute(text(f"TRUNCATE {', '.join(f'public.{t}' for t in tables)} RESTART IDENTITY CASCADE"))
            return True
        finally:
            engine.dispose()

    def drop(self) -> None:
        if self.name:
            _drop_postgres(self.base, self.name)
        self.name = ""


def _note_ddl(conn: Any) -> None:
    """An event trigger writing a line in testing.ddl for every schema change made in this database."""
    from sqlalchemy import text

    conn.execute(text("CREATE SCHEMA testing"))
    conn.execute(text("CREATE TABLE testing.ddl (tag text)"))
    conn.execute(text("CREATE FUNCTION testing.note_ddl() RETURNS event_trigger LANGUAGE plpgsql AS "
                      "$$ BEGIN INSERT INTO testing.ddl VALUES (tg_tag); END $$"))
    conn.execute(text("CREATE EVENT TRIGGER note_ddl ON ddl_command_end EXECUTE FUNCTION testing.note_ddl()"))
    conn.execute(text("CREATE EVENT TRIGGER note_drop ON sql_drop EXECUTE FUNCTION testing.note_ddl()"))


@pytest.fixture(scope="session")
def emptied_postgres() -> Iterator[EmptiedPostgres]:
    database = EmptiedPostgres()
    yield database
    database.drop()


@pytest.fixture(params=["sqlite", "postgres"])
def app(request, tmp_path):
    """The app on a database as migrated to head: a copy of a migrated SQLite file, or this test process's
    PostgreSQL database emptied (EmptiedPostgres)."""
    from scorekeeper import create_app
    from scorekeeper.db import db

    if request.param == "sqlite":
        path = tmp_path / "test.sqlite"
        shutil.copyfile(request.getfixturevalue("migrated_sqlite"), path)
        url = f"sqlite:///{path}"
    else:
        url = request.getfixturevalue("emptied_postgres").fresh()

    # rate limits off: a test posts many forms from one address (tests/web/test_limits.py turns them on)
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "test",
                      "WTF_CSRF_ENABLED": True, "RATELIMIT_ENABLED": False})
    yield app
    from scorekeeper.web.after import settled

    settled()  # what a served page left for after its answer (a screen drawn ahead) is done with the database
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


def csrf_of(html: str) -> str:
    m = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert m, "no CSRF token on the page"
    return m.group(1)


def field_value(html: str, name: str) -> str:
    """A hidden field's value, as a browser would send it (HTML entities read back)."""
    m = re.search(rf'id="{name}" name="{name}" type="hidden" value="([^"]*)"', html)
    assert m, f"no hidden field {name}"
    return unescape(m.group(1))


def change_confirmed(phone: Any, shown: Any) -> Any:
    """What a phone does on the platform's change page (a change shown before it is made): tap its button, which
    posts the change as shown (the form's hidden fields) to the form's action; the answer."""
    page = shown.get_data(as_text=True)
    assert shown.status_code == 200, (shown.status_code, page[-2000:])
    form = re.search(r'<form method="post" action="([^"]+)" class="card" id="confirm">(.*?)</form>', page, re.S)
    assert form, "not a change page: " + page[-2000:]
    fields = dict(re.findall(r'name="([^"]+)" type="hidden" value="([^"]*)"', form.group(2)))
    return phone.post(unescape(form.group(1)), data={k: unescape(v) for k, v in fields.items()})


def game_on_table(app: Any, game: str, players: Sequence[str], deals: Sequence[Mapping[str, Any]] = (), *,
                  group: str = "Tavolo", language: str = "en", options: Mapping[str, Any] | None = None) -> str:
    """A group of ``players`` with a game of ``game`` started and ``deals`` entered through the services, as the
    phones would enter them: the game's token."""
    from scorekeeper import services
    from scorekeeper.db import db

    with app.test_request_context():
        table = services.create_group(group, language)
        for player in players:
            services.add_player(table, player)
        gs = services.games.start_game(table, game, list(players), None, dict(options or {}), "EUR",
                                       idem_key="start-1")
        for number, deal in enumerate(deals, start=1):
            services.games.add_deal(gs, number, dict(deal), f"deal-{number}")
        token = gs.token
        db.session.remove()
    return token


class Browser:
    """The test client with the CSRF token of the last page it read."""

    def __init__(self, client):
        self.client = client
        self.token = ""

    def get(self, url, **kw):
        r = self.client.get(url, **kw)
        if r.mimetype == "text/html" and 'name="csrf_token"' in r.get_data(as_text=True):
            self.token = csrf_of(r.get_data(as_text=True))
        return r

    def post(self, url, data=None, **kw):
        """Post as a page's form would: with the CSRF token, and the form's own key (a new one for each post
        that names none; a test leaving a key out on purpose posts ``key=""``)."""
        data = dict(data or {})
        data.setdefault("csrf_token", self.token)
        data.setdefault("key", secrets.token_urlsafe(12))
        data.setdefault("idem_key", secrets.token_urlsafe(12))
        return self.client.post(url, data=data, **kw)


def led_to_table(browser, r) -> str:
    """A change made: the answer leads back to the table (``?done=<seq>``, as every game's change does); the
    table it leads to, as the phone reads it after the redirect."""
    assert r.status_code == 302, r.get_data(as_text=True)[-3000:]
    assert "done=" in r.headers["Location"], r.headers["Location"]
    return browser.get(r.headers["Location"]).get_data(as_text=True)


@pytest.fixture
def browser(client):
    return Browser(client)


def gen_group(browser, name="Tuesday table", players=("North", "West", "South", "East")):
    browser.get("/")
    r = browser.post("/", {"name": name})
    assert r.status_code == 302, r.get_data(as_text=True)
    url = r.headers["Location"]
    browser.get(url)
    for p in players:
        assert browser.post(f"{url}/players", {"name": p}).status_code == 302
    return url.rsplit("/", 1)[1]


def start_fields(players=("North", "West", "South", "East"), **fields):
    """Tresillo's start form, filled in: the seats and the usual rules and stakes, ``fields`` over them."""
    data = {"seat1": players[0], "seat2": players[1], "seat3": players[2],
            "seat4": players[3] if len(players) > 3 else "", "first_dealer": "1", "rules": "pagat",
            "tanto_value": "0.10", "currency": "EUR", "start_tokens": "160", "scale": "1", "palo_de_favor": ""}
    data.update(fields)
    return data


def gen_session(browser, group_token, players=("North", "West", "South", "East"), **fields):
    browser.get(f"/g/{group_token}/start")
    r = browser.post(f"/g/{group_token}/start", start_fields(players, **fields))
    assert r.status_code == 302, r.get_data(as_text=True)
    return r.headers["Location"].rsplit("/", 1)[1]


def hand_fields(hand: dict, players) -> dict:
    """The hand form's fields for a session-file hand object."""
    data = {"contract": hand["contract"]}
    if hand.get("declarer"):
        data["declarer"] = hand["declarer"]
    for i, p in enumerate(players):
        if hand.get("tricks") and p in hand["tricks"]:
            data[f"t{i}"] = str(hand["tricks"][p])
    sur = hand.get("surrender")
    if sur is not None:
        data["surrender"] = "takeover" if sur.get("takeover") else "accepted"
        if sur.get("takeover"):
            data["takeover"] = sur["takeover"]
    for flag in ("estuche", "contra_estuche", "primeras", "forced"):
        if hand.get(flag):
            data[flag] = "y"
    for key in ("bola", "drops_out", "debt"):
        if hand.get(key):
            data[key] = hand[key]
    return data


def gen_hand(browser, token, hand, players=("North", "West", "South", "East"), expect=302):
    page = browser.get(f"/s/{token}/hand").get_data(as_text=True)
    data = hand_fields(hand, players)
    data["idem_key"] = field_value(page, "idem_key")
    data["number"] = field_value(page, "number")
    r = browser.post(f"/s/{token}/hand", data)
    assert r.status_code == expect, r.get_data(as_text=True)[:3000]
    return r


def end_session(browser, token: str, paper: str):
    """The end page, its confirmation, and the confirmed end (the redirect it answers with)."""
    page = browser.get(f"/s/{token}/end").get_data(as_text=True)
    asked = browser.post(f"/s/{token}/end", {"paper": paper, "version": field_value(page, "version")})
    assert asked.status_code == 200 and "End the session?" in asked.get_data(as_text=True)
    text = asked.get_data(as_text=True)
    return browser.post(f"/s/{token}/end", {"paper": paper, "version": field_value(text, "version"),
                                              "key": field_value(text, "key"), "confirm": "yes"})


@pytest.fixture
def worked_example():
    return json.loads((DATA / "worked_example.json").read_text())
