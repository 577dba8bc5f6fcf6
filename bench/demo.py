"""A demo database with one of every page worth looking at: for Lighthouse, screenshots and browser tests.

    .venv/bin/python bench/demo.py /tmp/demo.sqlite     # prints {"page name": "/path", …} as JSON
    .venv/bin/python bench/demo.py /tmp/demo.sqlite --serve 5077   # …then serves it on 127.0.0.1

The group "Tuesday table" holds the worked example three times (open after
its eight hands, closed with the paper settled, and under a palo de favor),
a 300-hand evening and a session not yet dealt.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

WORKED = ROOT / "tests" / "data" / "worked_example.json"


def _long_session(hands: int) -> dict[str, Any]:
    from replay import PLAYERS, make_hands
    from scorekeeper.games.tresillo.engine import Session, Setup, dump_session

    data: dict[str, Any] = dump_session(Session(Setup(players=PLAYERS, first_dealer="North"),
                                                tuple(make_hands(hands))))
    return data


def build(app: Any, long_hands: int = 300) -> dict[str, str]:
    """Fill ``app``'s (migrated) database; return the pages to look at, by name."""
    from scorekeeper.games.tresillo import services

    worked = json.loads(WORKED.read_text())
    favour = dict(worked, options={"palo_de_favor": "oros"},
                  hands=[h if "surrender" in h and h["contract"] == "penetro" else dict(h, trump="copas")
                        for h in worked["hands"]])
    fresh = dict(worked, hands=[])
    house = dict(worked, rules="house", hands=[])
    with app.app_context():
        group = services.create_group("Tuesday table")
        sessions = {
            name: services.import_file(group, json.dumps(data), copy=True).token
            for name, data in (("worked", worked), ("closed", worked), ("favour", favour), ("fresh", fresh),
                               ("fresh2", fresh), ("house", house), ("long", _long_session(long_hands)))
        }
        closed = services.find_session(sessions["closed"])
        assert closed is not None
        services.end_session(closed, paper="settle", version=closed.version)
        g = group.token
        watch = {name: services.find_session(token).watch_token for name, token in sessions.items()}  # type: ignore[union-attr]
    s = sessions
    return {
        "home": "/",
        "group": f"/g/{g}",
        "start": f"/g/{g}/start",
        "import": f"/g/{g}/import",
        "table": f"/s/{s['worked']}",
        "table-saved": f"/s/{s['worked']}?saved=8",
        "table-fresh": f"/s/{s['fresh']}",
        "table-fresh-2": f"/s/{s['fresh2']}",  # another, for a second browser test that saves hand 1
        "hand": f"/s/{s['worked']}/hand",
        "hand-favour": f"/s/{s['favour']}/hand",
        "hand-house": f"/s/{s['house']}/hand",
        "hands-favour": f"/s/{s['favour']}/hands",
        "edit": f"/s/{s['worked']}/hands/5/edit",
        "hands": f"/s/{s['worked']}/hands",
        "end": f"/s/{s['worked']}/end",
        "table-closed": f"/s/{s['closed']}",
        "settlement": f"/s/{s['closed']}/end",
        "table-long": f"/s/{s['long']}",
        "hand-long": f"/s/{s['long']}/hand",
        "hands-long": f"/s/{s['long']}/hands",
        "hands-long-older": f"/s/{s['long']}/hands?before=251",
        # the fix pages (issue 12), each reached by a GET
        "hand-actions": f"/s/{s['worked']}/hands/5",
        "delete": f"/s/{s['worked']}/hands/8/delete",
        "insert": f"/s/{s['worked']}/hands/insert/3",
        "dealer": f"/s/{s['worked']}/hands/3/dealer",
        "seating": f"/s/{s['worked']}/hands/3/seating",
        "changes": f"/s/{s['worked']}/history",
        "reopen": f"/s/{s['closed']}/reopen",
        # a phone's name, the page shown offline, a hand kept on a phone beside the table's hand 8
        "phone": f"/s/{s['worked']}/phone",
        "offline": "/offline",
        "pending": f"/s/{s['worked']}/pending?key=demo-kept-0001&number=8&contract=entrada&declarer=West&result=sacado",
        # inviting a phone, and what a spectator's watch link shows (issue 9)
        "invite": f"/s/{s['worked']}/invite",
        "watch": f"/w/{watch['worked']}",
        "watch-long": f"/w/{watch['long']}",
        "report": f"/s/{s['worked']}/report.html",
        "count": f"/s/{s['worked']}/count",
        "whatif": f"/s/{s['worked']}/whatif",
        "whatif-house": f"/s/{s['worked']}/whatif?rules=house&scale=1",
        "stats": f"/g/{g}/stats",
        "stats-player": f"/g/{g}/stats?player=North",
        "not-found": "/s/no-such-table",
    }


def demo_app(path: Path) -> tuple[Any, dict[str, str]]:
    """A fresh demo database at ``path`` and the app serving it."""
    from flask_migrate import upgrade

    from scorekeeper import create_app

    path.unlink(missing_ok=True)
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "SECRET_KEY": "demo"})
    with app.app_context():
        upgrade()
    return app, build(app)


def main() -> None:
    import argparse
    import logging

    ap = argparse.ArgumentParser()
    ap.add_argument("path", type=Path)
    ap.add_argument("--serve", type=int, default=0, help="serve on 127.0.0.1:PORT after printing the pages")
    args = ap.parse_args()
    logging.getLogger("alembic").setLevel(logging.WARNING)
    app, pages = demo_app(args.path.resolve())
    print(json.dumps(pages, indent=1), flush=True)
    if args.serve:
        from werkzeug.serving import make_server

        logging.getLogger("werkzeug").setLevel(logging.WARNING)
        make_server("127.0.0.1", args.serve, app, threaded=True).serve_forever()


if __name__ == "__main__":
    main()
