"""The games' side of bench/scale.py: every game's table pages as the game grows, this tree and another.

    .venv/bin/python bench/scale.py --games [--sizes 10 100 500] [--runs 15] [--before /path/to/tree]

For Cacho, Flor, Truc (valencià, three tied tricks taking nothing) and Terziglio (paid every deal), the games
that may run to hundreds of deals (a Tressette or Truco game ends at its target within a few dozen;
their table pages are the same templates and services): the median server time
(wall clock and CPU, the Flask test client on a SQLite file) of the table screen, the deal form, the first page
of All deals, the outbox's sync, the poll ("anything new?", unchanged: 304) and saving a deal, at each size;
the ratio 500 ÷ 10; the table screen's weight. ``--before TREE`` measures another tree (e.g. a worktree of the
starting main) the same way in the same run: the two trees take turns, round after round, in processes of
their own (``--rounds``), so the machine's load weighs on both alike. A page that tree does not have is "—".
"""

from __future__ import annotations

import importlib.util
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
THREE = ("Ana", "Bea", "Cleo")
FOUR = ("Ana", "Bea", "Cleo", "Dan")
PAGES = {"table": "", "deal form": "/deal", "all deals": "/deals", "sync": "/sync", "poll 304": "/version"}
TARGET_RATIO = 1.5
TARGET_KB = 40


def _generators() -> Any:
    spec = importlib.util.spec_from_file_location("sessions_truc", ROOT / "tests" / "games" / "sessions_truc.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cacho(n: int, rng: random.Random) -> dict[str, Any]:
    pot_hand = _generators()._pot_hand
    deals = [pot_hand(rng, list(FOUR), None)[0] for _ in range(n)]
    return {"game": "cacho", "players": list(FOUR), "options": {"stake": "1"}, "deals": deals}


def truc(n: int, rng: random.Random) -> dict[str, Any]:
    """Truc valencià, three tied tricks taking nothing (``three_ties: tie``): a long game, a point now and then."""
    deals: list[dict[str, Any]] = []
    for k in range(n):
        if k % 50 == 49:
            deals.append({"won": "Us" if (k // 50) % 2 else "Them"})
        else:
            deals.append({"tricks": ["tie", "tie", "tie"]})
    return {"game": "truc", "players": list(FOUR), "teams": {"Us": ["Ana", "Cleo"], "Them": ["Bea", "Dan"]},
            "options": {"stake": "1", "three_ties": "tie"}, "deals": deals}


def terziglio(n: int, rng: random.Random) -> dict[str, Any]:
    deals = [{"bid": rng.choice(["chiamo", "solo"]), "soloist": rng.choice(THREE), "points": rng.randint(0, 11)}
             for _ in range(n)]
    return {"game": "terziglio", "players": list(THREE), "options": {"stake": "1", "scoring": "payments"},
            "deals": deals}


def flor(n: int, rng: random.Random) -> dict[str, Any]:
    return {**cacho(n, rng), "game": "flor"}


GAMES = {"cacho": cacho, "flor": flor, "truc": truc, "terziglio": terziglio}
#: a deal to save, as its form posts it (the deal form's own fields)
SAVES: dict[str, dict[str, str] | None] = {"cacho": {"hand": "void", "dealer": "Ana"},
                                           "flor": {"hand": "void", "dealer": "Ana"}, "truc": None,
                                           "terziglio": {"bid": "pass"}}


def _file(game: str, n: int) -> str:
    doc = GAMES[game](n, random.Random(n))
    doc["format"] = "scorekeeper-session/2"
    return json.dumps(doc)


def _timed(client: Any, url: str, headers: dict[str, str] | None = None) -> tuple[float, float, int, int]:
    t0, c0 = time.perf_counter(), time.process_time()
    r = client.get(url, headers=headers or {})
    return time.perf_counter() - t0, time.process_time() - c0, r.status_code, len(r.get_data())


def measure(sizes: list[int], runs: int) -> dict[str, Any]:
    """This process's tree measured: {game: {size: {page: [wall ms, cpu ms, bytes] or None}}}."""
    from flask_migrate import upgrade

    from scorekeeper import create_app, services
    from scorekeeper.db import db
    from scorekeeper.services import limits

    # the web refuses a session over SESSION_HANDS deals (a guard for the server): raised in this process only
    limits.SESSION_HANDS = max(limits.SESSION_HANDS, max(sizes) + 20)
    tmp = Path(tempfile.mkdtemp())
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp / 'games.sqlite'}", "SECRET_KEY": "bench",
                      "WTF_CSRF_ENABLED": False})
    with app.app_context():
        upgrade()
        tokens: dict[str, dict[int, str]] = {}
        for game in GAMES:
            group = services.create_group(f"Bench {game}")
            for p in FOUR:
                services.add_player(group, p)
            tokens[game] = {n: services.games.import_game(group, _file(game, n)).token for n in sizes}
        db.session.remove()
    client = app.test_client()
    out: dict[str, Any] = {}
    for game, by_size in tokens.items():
        out[game] = {n: {} for n in sizes}
        for name, path in PAGES.items():
            first = {n: _timed(client, f"/s/{t}/play{path}") for n, t in by_size.items()}  # fills the caches
            spent: dict[int, list[tuple[float, float]]] = {n: [] for n in sizes}
            for _ in range(runs):
                for n, t in by_size.items():
                    headers = {"If-None-Match": '"0"'} if name == "poll 304" else None
                    wall, cpu, status, _size = _timed(client, f"/s/{t}/play{path}", headers)
                    if status in (200, 304):
                        spent[n].append((wall, cpu))
            for n in sizes:
                ok = spent[n] and first[n][2] in (200, 304)
                out[game][n][name] = ([statistics.median(w for w, _ in spent[n]) * 1000,
                                       statistics.median(c for _, c in spent[n]) * 1000, first[n][3]]
                                      if ok else None)
        for n, saved in _saves(client, game, by_size).items():
            out[game][n].update(saved)
    return out


def _saves(client: Any, game: str, by_size: dict[int, str], count: int = 6) -> dict[int, dict[str, Any]]:
    """Median server time of posting a deal (the deal form's own fields), each save a new version."""
    fields = SAVES[game]
    found: dict[int, dict[str, Any]] = {n: {} for n in by_size}
    if fields is None:
        return found
    spent: dict[int, list[tuple[float, float]]] = {n: [] for n in by_size}
    for i in range(count):
        for n, token in by_size.items():
            client.get(f"/s/{token}/play")  # the phone looked at the table before entering the deal
            data = {"idem_key": f"bench-{game}-{n}-{i}-0123456789", "number": str(n + i + 1), **fields}
            t0, c0 = time.perf_counter(), time.process_time()
            r = client.post(f"/s/{token}/play/deal", data=data)
            spent[n].append((time.perf_counter() - t0, time.process_time() - c0))
            assert r.status_code == 302, (game, n, r.status_code, r.get_data(as_text=True)[:300])
    for n, times in spent.items():
        found[n]["save a deal"] = [statistics.median(w for w, _ in times) * 1000,
                                   statistics.median(c for _, c in times) * 1000, 0]
    return found


def child(tree: str, sizes: list[int], runs: int) -> dict[str, Any]:
    """``measure`` run in a process of its own on ``tree``'s package (its JSON read back)."""
    code = (f"import sys, json; sys.path.insert(0, {tree!r}); sys.path.insert(1, {str(ROOT / 'bench')!r}); "
            f"import scale_games; print('RESULT' + json.dumps(scale_games.measure({sizes!r}, {runs!r})))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tree, check=False)
    lines = [line for line in done.stdout.splitlines() if line.startswith("RESULT")]
    if not lines:
        raise SystemExit(f"the bench failed on {tree}:\n{done.stderr[-3000:]}")
    found: dict[str, Any] = json.loads(lines[-1][len("RESULT"):])
    return {g: {int(n): pages for n, pages in by.items()} for g, by in found.items()}


def merged(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """The median of each figure over the rounds."""
    out: dict[str, Any] = {}
    for game, by in rounds[0].items():
        out[game] = {}
        for n, pages in by.items():
            out[game][n] = {}
            for name in pages:
                got = [r[game][n][name] for r in rounds if r[game][n].get(name) is not None]
                out[game][n][name] = ([statistics.median(g[i] for g in got) for i in range(3)] if got else None)
    return out


def report(label: str, found: dict[str, Any], sizes: list[int]) -> None:
    print(f"\n{label}: median server time in ms, wall clock (CPU in brackets); SQLite, the test client")
    for game, by in found.items():
        print(f"  {game}" + "".join(f"{n:>18,}" for n in sizes) + f"   {max(sizes)}÷{min(sizes)} CPU")
        names = list(by[sizes[0]])
        for name in names:
            cells, ratio = "", ""
            for n in sizes:
                f = by[n].get(name)
                cells += f"{f[0]:9.1f} ({f[1]:5.1f}) " if f else f"{'—':>17} "
            lo, hi = by[min(sizes)].get(name), by[max(sizes)].get(name)
            if lo and hi and lo[1] > 0:
                r = hi[1] / lo[1]
                ratio = f"  {r:5.2f} {'ok' if r <= TARGET_RATIO else 'OVER'}"
            print(f"    {name:<12}{cells}{ratio}")
        table = by[max(sizes)].get("table")
        if table:
            size = table[2] / 1024
            print(f"    table screen at {max(sizes)} deals: {size:.1f} KB {'ok' if size <= TARGET_KB else 'OVER'}")


def main(sizes: list[int], runs: int, before: str | None, rounds: int) -> None:
    trees = ([("before", before)] if before else []) + [("after", str(ROOT))]
    results: dict[str, list[dict[str, Any]]] = {label: [] for label, _ in trees}
    for _ in range(rounds):
        for label, tree in trees:
            results[label].append(child(tree, sizes, runs))
    for label, tree in trees:
        report(f"{label} ({tree})", merged(results[label]), sizes)
