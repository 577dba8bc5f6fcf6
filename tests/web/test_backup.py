"""``scorekeeper backup`` / ``restore``: a copy taken while phones save replays like the live database did."""

from __future__ import annotations

import io
import json
import threading

import pytest

from conftest import DATA, migrated_app
from replay import PLAYERS, make_hands
from scorekeeper.cli import main


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def _sessions(url: str) -> dict[str, tuple[list[dict], dict]]:
    """Each session's stored hands and its replayed ledger (as JSON), read from the database at ``url``."""
    from scorekeeper import create_app
    from scorekeeper.db import db
    from scorekeeper.games.tresillo import services
    from scorekeeper.games.tresillo.words import ledger_json
    from scorekeeper.models import GameSession

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "x"})
    with app.app_context():
        found = {gs.token: (services.hand_data(gs), gs) for gs in db.session.query(GameSession)}
        out = {token: (hands, ledger_json(services.ledger_for(gs, hands))) for token, (hands, gs) in found.items()}
        db.session.remove()
        db.engine.dispose()
    return out


def _live_at(url: str, counts: dict[str, int]) -> dict[str, tuple[list[dict], dict]]:
    """The live database's sessions cut to the hands the backup holds, replayed."""
    from scorekeeper import create_app
    from scorekeeper.db import db
    from scorekeeper.games.tresillo import services
    from scorekeeper.games.tresillo.words import ledger_json
    from scorekeeper.models import GameSession

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "x"})
    with app.app_context():
        out = {}
        for gs in db.session.query(GameSession).filter(GameSession.token.in_(counts)):
            hands = services.hand_data(gs)[: counts[gs.token]]
            out[gs.token] = (hands, ledger_json(services.ledger_for(gs, hands)))
        db.session.remove()
        db.engine.dispose()
    return out


def test_a_backup_taken_while_phones_save_replays_the_same(tmp_path):
    """Hands are saved in a thread; the backup is taken in the middle; restored, every session it holds
    replays to the same rows as the live database's same hands (the backup's moment), and the saves went on."""
    from scorekeeper.db import db
    from scorekeeper.games.tresillo import services
    from scorekeeper.games.tresillo.engine import Session, Setup, dump_session

    live = tmp_path / "live.sqlite"
    url = f"sqlite:///{live}"
    app = migrated_app(live, "x")
    hands = dump_session(Session(Setup(players=PLAYERS, first_dealer="North"), tuple(make_hands(60))))["hands"]
    with app.app_context():
        group = services.create_group("Backup")
        for name in PLAYERS:
            services.add_player(group, name)
        services.import_session(group, (DATA / "worked_example.json").read_text())
        token = services.start_session(group, players=list(PLAYERS), first_dealer="North", rules="pagat",
                                       start_tokens=160, tanto_value="0.10", currency="EUR").token
        db.session.remove()
    halfway = threading.Event()
    failures: list[BaseException] = []

    def phone() -> None:
        try:
            with app.app_context():
                for i, hand in enumerate(hands):
                    gs = services.find_session(token)
                    services.add_hand(gs, hand, idem_key=f"hand-{i}")
                    db.session.remove()
                    if i == 15:
                        halfway.set()
        except BaseException as exc:  # the assertion below names it
            failures.append(exc)
            halfway.set()

    writer = threading.Thread(target=phone)
    writer.start()
    assert halfway.wait(60)
    code, said = run("backup", str(tmp_path / "copy.sqlite"), "--database", url)
    writer.join(120)
    assert not failures and not writer.is_alive()
    assert code == 0 and "copy.sqlite" in said

    restored = tmp_path / "restored.sqlite"
    code, said = run("restore", str(tmp_path / "copy.sqlite"), "--database", f"sqlite:///{restored}")
    assert code == 0 and "2 sessions" in said
    backed = _sessions(f"sqlite:///{restored}")
    counts = {t: len(h) for t, (h, _) in backed.items()}
    assert 16 <= counts[token] < len(hands), counts  # taken during the saves: some in, some still to come
    assert _live_at(url, counts) == backed
    assert len(_sessions(url)[token][0]) == len(hands)  # the live database went on


def test_restore_refuses_to_overwrite_without_replace(tmp_path, capsys):
    live = tmp_path / "live.sqlite"
    migrated_app(live, "x")
    url = f"sqlite:///{live}"
    assert run("backup", str(tmp_path / "empty.sqlite"), "--database", url)[0] == 0
    with __import__("scorekeeper").create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "x"}).app_context():
        from scorekeeper.games.tresillo import services

        services.create_group("Kept")
    capsys.readouterr()  # the migrations' own log
    code, _ = run("restore", str(tmp_path / "empty.sqlite"), "--database", url)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "--replace" in err
    assert _groups(url) == ["Kept"]  # nothing changed
    assert run("restore", str(tmp_path / "empty.sqlite"), "--database", url, "--replace")[0] == 0
    assert _groups(url) == []


def _groups(url: str) -> list[str]:
    import sqlite3

    conn = sqlite3.connect(url.removeprefix("sqlite:///"))
    try:
        return [r[0] for r in conn.execute("SELECT name FROM groups")]
    finally:
        conn.close()


@pytest.mark.parametrize("argv, words", [
    (["backup", "{tmp}/x.sqlite", "--database", "postgresql://u@127.0.0.1/db"], "pg_dump"),
    (["backup", "{tmp}/taken.sqlite", "--database", "sqlite:///{tmp}/live.sqlite"], "already exists"),
    (["backup", "{tmp}/x.sqlite", "--database", "sqlite:///{tmp}/missing.sqlite"], "no such file"),
    (["restore", "{tmp}/notes.txt", "--database", "sqlite:///{tmp}/new.sqlite"], "not a scorekeeper database"),
    (["restore", "{tmp}/other.sqlite", "--database", "sqlite:///{tmp}/new.sqlite"], "not a scorekeeper database"),
])
def test_bad_backups_are_one_line_and_exit_2(tmp_path, capsys, argv, words):
    import sqlite3

    migrated_app(tmp_path / "live.sqlite", "x")
    (tmp_path / "taken.sqlite").write_text("keep me")
    (tmp_path / "notes.txt").write_text("not a database\n" * 100)
    sqlite3.connect(tmp_path / "other.sqlite").execute("CREATE TABLE t (x)").connection.close()
    capsys.readouterr()  # the migrations' own log
    code, _ = run(*[a.format(tmp=tmp_path) for a in argv])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and words in err, err
    assert (tmp_path / "taken.sqlite").read_text() == "keep me"
    assert not (tmp_path / "new.sqlite").exists() or (tmp_path / "new.sqlite").stat().st_size == 0
    assert json.dumps(err)  # printable
