"""Replay speed: Tresillo's hands per second on long sessions and its growth with length; every game's deals per second.

    .venv/bin/python bench/replay.py                  # Tresillo at 500, 1k, 10k and 100k hands
    .venv/bin/python bench/replay.py --quick          # without the 100k run
    .venv/bin/python bench/replay.py --games          # every game of scorekeeper/games too
    .venv/bin/python bench/replay.py --games --before main --rounds 12  # main's code beside this tree's
    .venv/bin/python bench/replay.py --instructions --before main      # instructions a hand (valgrind)
    .venv/bin/python bench/replay.py --instructions --games            # every game's instructions a deal
    .venv/bin/python bench/replay.py --instructions --games --before main --game truc   # one game, two trees

Run it under ``flock /work/bench.lock`` on a shared machine. How it stays honest there:

- Every figure is CPU time (``time.process_time``), the best of ``--rounds`` samples: another
  program on the machine only ever slows a sample down, so the quickest one is the code's.
- Each side (this tree, and each ``--before`` revision from a temporary worktree) runs in a
  child process of its own that builds the sessions once; the samples are taken in turns
  (every size, every game and every side once a round, in a shuffled order), so a slow minute
  falls on all of them alike. The sides must compute the same rows: their results are compared.
- A sample replays the same 10,000 hands (100,000 for the 100k figure) whatever the size: at
  1,000 hands as ten sessions of 1,000 (hands 1-1,000, 1,001-2,000, ...), so the growth compares
  the same hands played in longer sessions, and no session is replayed twice in a sample (a cache
  the code keeps between replays helps no size more than another). The cyclic garbage collector
  is emptied before each sample, and the ledgers are let go after the clock stops.
- ``--instructions`` counts instead of timing: Tresillo's instructions a hand at 1k and 10k (1k only
  with ``--quick``), through valgrind's cachegrind. The count is the same on a busy machine as on a
  quiet one; it leaves out what memory costs, so the growth it shows is only the code's own. It is not the
  same from run to run, though: the same replay (a method call a session apart) counted 88,811 and 89,827 a
  hand at 1k, 91,040 and 92,293 at 10k (5 December 2026); a figure within 1-2 % of the target is within the
  noise, not within the target.
- ``--instructions --games`` counts every game of the registry (and each ruleset beyond its default) the same
  way, in instructions a deal at 1,000 and 10,000 deals of the conformance suite's valid sessions
  (``tests/games/sessions.py``, whole games one after another), beside the plain loop of the same bookkeeping
  in ``bench/plain.py`` (the floor: no reading, no checking, no records; Tresillo's is its evening of bowls,
  plato, pajaritos and paper, and the settlement). The sessions are built once by the
  parent and written as JSON; each valgrind child reads them, replays 300 other deals with the engine and the
  plain loop (modules loaded, the interpreter's specialisations and the engines' caches warm, as in a server
  that has been up a while), freezes the heap for the collector, then replays the counted sessions once: the
  engine, the plain loop, or nothing (the run the other two are counted against). The plain loop's figures are
  asserted equal to the engine's on every counted session, and every ``--before`` tree's to this one's. It
  exits 1 when a game is over 6× its plain loop (or has none) or Tresillo is over 91,000 instructions a hand.
  ``--game NAME`` counts one game; ``--jobs 2`` runs two valgrinds at once (the same counts, on an idle machine).
- The machine reference is a fixed plain-Python workload (a loop of 3,000,000 additions, the
  best of a few samples each round) printed beside the figures: "per ref" is the hands (or deals)
  replayed in the time the reference takes, a figure that compares across machines. An ordinary
  quiet machine runs the reference in about 130 ms: there the target of 50,000 hands/s is about
  6,500 per ref.

Tresillo's sessions are built from a seed with a mix of every kind of hand (sacado, puesta,
codillo, surrender, takeover, penetro, bola), so the paper fills and empties as at a real table.
The other games are timed on the conformance suite's random valid sessions
(tests/games/sessions.py, Tresillo's too, through the shared ``games/replay.py`` and its
envelope): most end within a few dozen deals, so their figure is deals per second over a few
hundred whole games.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SIZES = (500, 1_000, 10_000, 100_000)
#: a sample replays at least this many hands (a short session over and over)
SAMPLE_HANDS = 10_000
GAME_SESSIONS = 300
PLAYERS = ("North", "West", "South", "East")
#: (declarer's tricks, the two opponents' tricks), weighted towards wins as at a real table
SPLITS = [(5, 2, 2), (6, 2, 1), (4, 3, 2), (5, 3, 1), (6, 3, 0), (4, 4, 1), (3, 3, 3), (2, 5, 2), (3, 4, 2), (1, 4, 4),
          (7, 1, 1)]


#: the machine reference: a plain loop of 3,000,000 additions, run as a module's top-level code
REFERENCE = compile("total = 0\nfor i in range(3_000_000):\n    total += i\n", "reference", "exec")


def reference() -> float:
    """CPU seconds of the machine reference."""
    c0 = time.process_time()
    exec(REFERENCE, {})
    return time.process_time() - c0


# ------------------------------------------------------------ a side's child


def tresillo_engine() -> Any:
    """Tresillo's engine in the tree this process runs: a game plug-in now, ``scorekeeper.engine`` in a tree
    from before the plug-ins (such as issue 29's starting point, 6f137c3), so ``--before`` can time it."""
    try:
        from scorekeeper.games.tresillo import engine
    except ModuleNotFoundError:
        from scorekeeper import engine  # type: ignore[attr-defined,no-redef]
    return engine


def make_hands(count: int, seed: int = 7) -> list[Any]:
    """``count`` valid hands for four players, checked against a live table."""
    engine = tresillo_engine()
    Hand, Setup, Surrender, Table = engine.Hand, engine.Setup, engine.Surrender, engine.Table

    rng = random.Random(seed)
    table = Table(Setup(players=PLAYERS, first_dealer="North"))
    hands: list[Any] = []
    while len(hands) < count:
        up = table.upcoming()
        roll = rng.random()
        if roll < 0.05:
            hand = Hand("penetro", declarer=up.dealer, surrender=Surrender())
        elif roll < 0.10:
            drops = rng.choice(up.active)
            playing = [p for p in PLAYERS if p != drops]
            d, a, b = rng.choice(SPLITS)
            others = [p for p in playing if p != up.dealer]
            hand = Hand("penetro", declarer=up.dealer, drops_out=drops,
                        tricks={up.dealer: d, others[0]: a, others[1]: b})
        else:
            declarer = rng.choice(up.active)
            opp = [p for p in up.active if p != declarer]
            contract = rng.choice(("entrada", "entrada", "vuelta", "solo"))
            d, a, b = rng.choice(SPLITS)
            tricks = {declarer: d, opp[0]: a, opp[1]: b}
            if contract != "solo" and rng.random() < 0.08:
                if rng.random() < 0.5:
                    hand = Hand(contract, declarer=declarer, surrender=Surrender())
                else:
                    hand = Hand(contract, declarer=declarer, surrender=Surrender(opp[0]),
                                tricks={opp[0]: d, declarer: a, opp[1]: b})
            else:
                kw: dict[str, Any] = {}
                if d >= 5 and rng.random() < 0.2:
                    kw["bola"] = "failed"
                if rng.random() < 0.15:
                    kw["estuche"] = True
                hand = Hand(contract, declarer=declarer, tricks=tricks, **kw)
        table.play(hand)
        hands.append(hand)
    return hands


def timed(runs: list[Callable[[], Any]]) -> float:
    """CPU seconds of every run in turn; the garbage collector emptied first, the results let go after."""
    gc.collect()
    kept = []
    c0 = time.process_time()
    for run in runs:
        kept.append(run())
    spent = time.process_time() - c0
    del kept
    return spent


def child(sizes: list[int], games: bool, count: int | None) -> None:
    """One side: build the sessions with this side's code, then answer ``tresillo N`` / ``game NAME`` with CPU seconds.

    Its first line says what it replays and a digest of the results, so the sides can be compared.
    ``count`` (under valgrind, counting instructions): how many times more to replay the one size's sample.
    """
    work, digest = sessions(sizes, games)
    if count is not None:
        for _ in range(count):
            timed(work[f"tresillo {sizes[0]}"][0])
        return
    import scorekeeper

    print(json.dumps({"digest": digest, "code": scorekeeper.__file__,
                      "work": {k: w[1] for k, w in work.items()}}), flush=True)
    for line in sys.stdin:
        print(timed(work[line.strip()][0]), flush=True)


def game_docs(name: str, deals: int, first: int = 0) -> list[dict[str, Any]]:
    """The conformance suite's valid sessions of ``name`` (``game[ruleset]`` too), seed after seed from ``first``,
    until they hold ``deals`` deals (the last one cut to make the count exact)."""
    sys.path.insert(0, str(Path(os.environ.get("REPLAY_BENCH_CODE", ROOT)) / "tests"))
    from games.sessions import RULESETS, VALID

    make = {**VALID, **RULESETS}[name]
    docs: list[dict[str, Any]] = []
    held = 0
    seed = first
    while held < deals:
        doc = make(random.Random(seed))
        seed += 1
        doc["deals"] = doc["deals"][: deals - held]
        held += len(doc["deals"])
        if doc["deals"]:
            docs.append(doc)
    return docs


#: deals replayed by the engine and the plain loop before counting starts, from sessions never counted
WARM_DEALS = 300
WARM_SEED = 1_000_000
#: the most an engine may cost over its plain loop; Tresillo's most instructions a hand on long evenings
MOST_TIMES = 6.0
TRESILLO_MOST = 91_000


def game_child(path: str, mode: str) -> None:
    """Under valgrind: read the sessions of one game (JSON written by the parent), replay the warm-up ones with the
    engine and the plain loop (modules loaded, caches and the interpreter's specialisations as in a long-running
    process), freeze what is left so the collector no longer walks it, then replay the counted ones once with
    ``mode`` (``engine``, ``plain``, or ``none``: the run the other two are counted against)."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    from plain import PLAIN

    from scorekeeper.games.replay import replay

    plain = PLAIN.get(data["game"])
    for doc in data["warm"]:
        replay(doc)
        if plain is not None:
            plain(doc)
    gc.collect()
    gc.freeze()
    run = {"engine": replay, "plain": plain, "none": None}[mode]
    if run is not None:
        for doc in data["docs"]:
            run(doc)


def figures_child(path: str) -> None:
    """Not under valgrind: each counted session's figures by this tree's engine, as JSON, for the parent to compare."""
    from plain import engine_figures

    from scorekeeper.games.replay import replay

    with open(path, encoding="utf-8") as f:
        docs = json.load(f)["docs"]
    print(json.dumps([_figures_json(engine_figures(replay(doc))) for doc in docs]))


def _figures_json(figures: tuple[Any, Any]) -> list[Any]:
    scores, money = figures
    return [scores, {p: str(m.normalize()) for p, m in money.items()}]


def game_instructions(trees: dict[str, Path], sizes: list[int], names: list[str] | None, jobs: int) -> bool:
    """Instructions a deal of every game of the registry (and each ruleset beyond its default): each tree's engine
    beside the plain loop of ``bench/plain.py``, at each size, counted by valgrind. The plain loop's figures are
    checked against the engine's on every session counted, and every tree's against this one's. True: every game
    is within :data:`MOST_TIMES` of its plain loop."""
    sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "bench")]
    from games.sessions import RULESETS
    from plain import PLAIN, engine_figures, same_figures

    from scorekeeper.games import GAMES
    from scorekeeper.games.replay import replay

    names = names or [*GAMES, *sorted(RULESETS)]
    # compiled first: a child that compiled a module (the plain loops too) and one that found it compiled would differ
    for folder in [*(code / "scorekeeper" for code in trees.values()), ROOT / "bench"]:
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(folder)], check=True)
    print(f"instructions a deal (valgrind --tool=cachegrind), warm (after {WARM_DEALS} other deals): the engine"
          f"{' of each tree' if len(trees) > 1 else ''}, the plain loop of bench/plain.py, engine ÷ plain"
          f" (at most {MOST_TIMES:g})")
    print(f"{'':>20}" + "".join(f"{f'{n:,} deals':>15}" + "".join(f"{t[:12]:>12}" for t in list(trees)[:-1])
                               + f"{'plain':>10}{'×':>7}" for n in sizes))
    over: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            plain = PLAIN.get(name.split("[")[0])
            cells = []
            for n in sizes:
                docs = game_docs(name, n)
                path = Path(tmp) / f"{name}-{n}.json"
                path.write_text(json.dumps({"game": name.split("[")[0], "docs": docs,
                                            "warm": game_docs(name, WARM_DEALS, WARM_SEED)}))
                played = [replay(doc) for doc in docs]
                if plain is not None:
                    wrong = [i for i, (doc, p) in enumerate(zip(docs, played, strict=True))
                             if not same_figures(p, plain(doc))]
                    assert not wrong, f"{name}: the plain loop's figures are not the engine's in session {wrong[0]}"
                mine = json.dumps([_figures_json(engine_figures(p)) for p in played])
                per_tree: dict[str, float] = {}
                for tree, code in trees.items():
                    if code != ROOT:
                        theirs = _run_child(code, ["--figures", str(path)]).stdout.strip()
                        assert theirs == mine, f"{name}: {tree} computes other figures than this tree"
                    modes = ["none", "engine"] + (["plain"] if code == ROOT and plain is not None else [])
                    counts = _counted(code, path, modes, jobs)
                    per_tree[tree] = (counts[1] - counts[0]) / n
                    if code == ROOT and plain is not None:
                        floor = (counts[2] - counts[0]) / n
                cell = "   " + "".join(f"{per_tree[t]:12,.0f}" for t in [*list(trees)[-1:], *list(trees)[:-1]])
                if plain is None:
                    cells.append(cell + f"{'—':>10}{'—':>7}")
                    over.append(f"{name} (no plain loop)")
                    continue
                times = per_tree[list(trees)[-1]] / floor
                cells.append(cell + f"{floor:10,.0f}{times:7.1f}")
                if times > MOST_TIMES:
                    over.append(f"{name} at {n:,} ({times:.1f}×)")
            print(f"{name:>20}" + "".join(cells), flush=True)
    print("every game within" if not over else "OVER " + f"{MOST_TIMES:g}×: " + ", ".join(over))
    return not over


def _run_child(code: Path, args: list[str], valgrind: bool = False) -> subprocess.CompletedProcess[str]:
    env = {"PATH": os.environ.get("PATH", ""), "REPLAY_BENCH_CODE": str(code), "PYTHONPATH": str(code),
           "PYTHONHASHSEED": "0"}  # the same for every tree and every run
    grind = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"] if valgrind else []
    run = subprocess.run(grind + [sys.executable, __file__, "--child", *args], capture_output=True, text=True,
                         env=env, cwd=code)
    assert run.returncode == 0, run.stderr[-2000:]
    return run


def _counted(code: Path, path: Path, modes: list[str], jobs: int) -> list[int]:
    """The instructions of a game child in each mode, ``jobs`` at a time."""
    from concurrent.futures import ThreadPoolExecutor

    def one(mode: str) -> int:
        run = _run_child(code, ["--sessions", str(path), "--mode", mode], valgrind=True)
        found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
        assert found, run.stderr[-2000:]
        return int(found[1].replace(",", ""))

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(one, modes))


def sessions(sizes: list[int], games: bool) -> tuple[dict[str, tuple[list[Callable[[], Any]], int]], str]:
    """Each task's replays and the hands (or deals) they replay, all replayed once; a digest of their results."""
    engine = tresillo_engine()
    Session, Setup, replay = engine.Session, engine.Setup, engine.replay

    hands = make_hands(max(*sizes, SAMPLE_HANDS))
    digest = hashlib.sha256()
    work: dict[str, tuple[list[Callable[[], Any]], int]] = {}
    for n in sizes:
        # a session of n hands may start at any hand whose number is a multiple of 4: North deals it
        sessions = [Session(Setup(players=PLAYERS, first_dealer="North"), tuple(hands[start:start + n]))
                    for start in range(0, max(n, SAMPLE_HANDS), n)]
        for session in sessions:
            ledger = replay(session)
            assert len(ledger.rows) == 1 + 2 * n
            digest.update(repr((ledger.last.bowls, ledger.last.plato, ledger.last.pajaritos, ledger.last.paper,
                                ledger.settlement)).encode())
        work[f"tresillo {n}"] = ([lambda s=session: replay(s) for session in sessions], n * len(sessions))
    if games:
        sys.path.insert(0, str(Path(os.environ.get("REPLAY_BENCH_CODE", ROOT)) / "tests"))
        from games.sessions import RULESETS, VALID

        from scorekeeper.games.replay import replay as replay_game

        for name, make in sorted({**VALID, **RULESETS}.items()):
            docs = [make(random.Random(seed)) for seed in range(GAME_SESSIONS)]
            digest.update(repr([replay_game(d).result for d in docs]).encode())

            work[f"game {name}"] = ([lambda d=d: replay_game(d) for d in docs], sum(len(d["deals"]) for d in docs))
    return work, digest.hexdigest()[:16]


# ----------------------------------------------------------------- the parent


class Side:
    """A child process replaying one tree's code."""

    def __init__(self, name: str, code: Path, sizes: list[int], games: bool) -> None:
        self.name = name
        args = [sys.executable, __file__, "--child", "--sizes", *map(str, sizes)] + (["--games"] if games else [])
        env = {**os.environ, "REPLAY_BENCH_CODE": str(code), "PYTHONPATH": str(code)}
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=code)
        assert self.proc.stdout is not None
        first = json.loads(self.proc.stdout.readline())
        assert Path(first["code"]).is_relative_to(code), f"{name} imported {first['code']}, not {code}'s code"
        self.digest: str = first["digest"]
        self.work: dict[str, int] = first["work"]  # hands or deals a sample replays, by task
        self.best: dict[str, float] = {}

    def sample(self, task: str) -> None:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(task + "\n")
        self.proc.stdin.flush()
        seconds = float(self.proc.stdout.readline())
        self.best[task] = min(seconds, self.best.get(task, float("inf")))

    def rate(self, task: str) -> float:
        return self.work[task] / self.best[task]

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def run(trees: dict[str, Path], sizes: list[int], games: bool, rounds: int) -> tuple[list[Side], float]:
    """Every task of every side once a round, in a shuffled order; the machine reference between them."""
    sides = [Side(name, code, sizes, games) for name, code in trees.items()]
    tasks = list(sides[0].work)
    ref = float("inf")
    rng = random.Random(29)
    try:
        for _ in range(rounds):
            turns = [(side, task) for side in sides for task in tasks]
            rng.shuffle(turns)
            for side, task in turns:
                side.sample(task)
            ref = min([ref] + [reference() for _ in range(3)])
    finally:
        for side in sides:
            side.close()
    return sides, ref


def report(sides: list[Side], ref: float, rounds: int) -> None:
    after = sides[-1]
    print(f"python {sys.version.split()[0]}; best of {rounds} rounds, CPU time; machine reference "
          f"(3,000,000 additions in a loop): {ref * 1000:.0f} ms (an ordinary quiet machine: about 130)")
    names = [s.name[:14] for s in sides]
    print(f"{'':>30}" + "".join(f"{n:>16}" for n in names) + "   µs each (after)   per ref (after)"
          + ("   after ÷ before" if len(sides) > 1 else ""))
    for task in after.work:
        unit = "hands/s" if task.startswith("tresillo") else "deals/s"
        cells = "".join(f"{s.rate(task):16,.0f}" for s in sides)
        extra = f"{after.best[task] / after.work[task] * 1e6:15.1f}   {after.rate(task) * ref:15,.0f}"
        ratio = f"   {after.rate(task) / sides[0].rate(task):10.2f}×" if len(sides) > 1 else ""
        print(f"{task + ' ' + unit:>30}{cells}   {extra}{ratio}")
    for side in sides:
        per_hand = {n: side.best[f"tresillo {n}"] / side.work[f"tresillo {n}"] for n in SIZES
                    if f"tresillo {n}" in side.best}
        growth = ", ".join(f"1k→{n // 1000}k {per_hand[n] / per_hand[1_000]:.2f}" for n in per_hand if n > 1_000)
        print(f"{side.name}: Tresillo at 10,000 hands {side.rate('tresillo 10000'):,.0f} hands/s"
              f" ({side.rate('tresillo 10000') * ref:,.0f} per ref; target ≥ 50,000/s, about 6,500 per ref);"
              f" growth (µs a hand ÷ at 1k) {growth} (target ≤ 1.1)")
    digests = {s.digest for s in sides}
    print("same results on every side" if len(digests) == 1 else
          "DIFFERENT RESULTS: " + ", ".join(f"{s.name} {s.digest}" for s in sides))


def instructions(trees: dict[str, Path], sizes: list[int]) -> bool:
    """Instructions a hand of Tresillo's replay, counted by valgrind (the same on a busy machine as on a quiet one):
    a child that replays the sample once, less one that only builds the sessions. True: this tree's is at most
    :data:`TRESILLO_MOST` at every size."""
    def run(code: Path, n: int, sample: bool) -> subprocess.Popen[str]:
        args = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                sys.executable, __file__, "--child", "--sizes", str(n)] + (["--count"] if sample else ["--count", "0"])
        env = {"PATH": os.environ.get("PATH", ""), "REPLAY_BENCH_CODE": str(code), "PYTHONPATH": str(code),
               "PYTHONHASHSEED": "0"}  # the same for every side and every run
        return subprocess.Popen(args, stderr=subprocess.PIPE, text=True, env=env, cwd=code)

    def refs(proc: subprocess.Popen[str]) -> int:
        _, err = proc.communicate()
        found = re.search(r"I\s+refs:\s+([\d,]+)", err)
        assert proc.returncode == 0 and found, err
        return int(found[1].replace(",", ""))

    per_hand: dict[str, dict[int, float]] = {}
    for name, code in trees.items():
        # compiled first: a child that compiled a module and one that found it compiled would differ
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(code / "scorekeeper")], check=True)
        per_hand[name] = {}
        for n in sizes:
            with_sample, without = run(code, n, True), run(code, n, False)
            per_hand[name][n] = (refs(with_sample) - refs(without)) / max(n, SAMPLE_HANDS)
    print(f"instructions a hand (valgrind --tool=cachegrind), {SAMPLE_HANDS:,} hands as sessions of each size")
    print(f"{'':>16}" + "".join(f"{name[:14]:>16}" for name in trees) + ("   after ÷ before" if len(trees) > 1 else ""))
    after, first = list(trees)[-1], list(trees)[0]
    for n in sizes:
        ratio = f"   {per_hand[after][n] / per_hand[first][n]:10.3f}" if len(trees) > 1 else ""
        print(f"{f'{n} hands':>16}" + "".join(f"{per_hand[name][n]:16,.0f}" for name in trees) + ratio)
    over = [n for n in sizes if per_hand[after][n] > TRESILLO_MOST]
    print(f"Tresillo: at most {TRESILLO_MOST:,} instructions a hand: "
          + ("within" if not over else "OVER at " + ", ".join(f"{n:,} hands" for n in over)))
    return not over


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="skip the 100k-hand session")
    ap.add_argument("--games", action="store_true", help="also every game of scorekeeper/games (deals per second)")
    ap.add_argument("--before", nargs="+", metavar="REV",
                    help="git revisions (or directories holding another tree) timed beside this tree, in turns")
    ap.add_argument("--rounds", type=int, default=7, help="samples of each figure (the best is kept)")
    ap.add_argument("--instructions", action="store_true",
                    help="count Tresillo's instructions a hand with valgrind instead of timing")
    ap.add_argument("--game", action="append", metavar="NAME",
                    help="with --instructions --games: only this game (game[ruleset] too; may be repeated)")
    ap.add_argument("--jobs", type=int, default=1, help="with --instructions: valgrind runs at a time (counts are "
                                                        "the same; only on an idle machine)")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--count", nargs="?", const=1, type=int, help=argparse.SUPPRESS)
    ap.add_argument("--sizes", type=int, nargs="*", help=argparse.SUPPRESS)
    ap.add_argument("--sessions", help=argparse.SUPPRESS)
    ap.add_argument("--mode", help=argparse.SUPPRESS)
    ap.add_argument("--figures", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        sys.path[:0] = [os.environ.get("REPLAY_BENCH_CODE", str(ROOT)), str(ROOT / "bench")]
        if args.sessions:
            game_child(args.sessions, args.mode)
        elif args.figures:
            figures_child(args.figures)
        else:
            child(args.sizes, args.games, args.count)
        return
    sys.exit(0 if measure(args) else 1)


def measure(args: argparse.Namespace) -> bool:
    """The figures the arguments ask for, printed; False if a target is missed (``--instructions``)."""
    sizes = [n for n in SIZES if not (args.quick and n > 10_000)]
    with tempfile.TemporaryDirectory() as tmp:
        trees: dict[str, Path] = {}
        made: list[Path] = []
        try:
            for i, rev in enumerate(args.before or []):
                if Path(rev).is_dir():  # a tree as it is (an experiment), not a revision
                    trees[rev] = Path(rev).resolve()
                    continue
                trees[rev] = Path(tmp) / f"before-{i}"
                subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(trees[rev]), rev],
                               check=True, capture_output=True)
                made.append(trees[rev])
            trees["after" if trees else "this tree"] = ROOT
            if args.instructions:
                counts = [1_000] if args.quick else [1_000, 10_000]
                within = True
                if args.games:
                    within = game_instructions(trees, counts, args.game, args.jobs)
                if not args.games or not args.game or "tresillo" in args.game:
                    within = instructions(trees, counts) and within
                return within
            sides, ref = run(trees, sizes, args.games, args.rounds)
        finally:
            for tree in made:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                               capture_output=True)
    report(sides, ref, args.rounds)
    return True


if __name__ == "__main__":
    main()
