"""Replay speed: hands per second on a long session, and growth from 1k to 100k hands.

    .venv/bin/python bench/replay.py            # 500, 1k, 10k, 100k hands
    .venv/bin/python bench/replay.py --quick    # skip the 100k run
    .venv/bin/python bench/replay.py --games    # also every other game: deals per second
    .venv/bin/python bench/replay.py --quick --games --before main --rounds 3   # main's code too, in turns

With ``--before REV...`` the same bench runs on each REV's code (a temporary worktree) and this tree's,
in turns (before, after, before, after, ...) in child processes, and prints the best CPU figure of
each side per size and per game: on a shared machine only figures taken side by side compare.

The other games (scorekeeper/games) are timed on the random valid sessions of the conformance
suite (tests/games/sessions.py): most end within a few dozen deals, so their figure is deals per
second over a few hundred whole games rather than one long session.

The sessions are built deterministically from a seed with a mix of every
kind of hand (sacado, puesta, codillo, surrender, takeover, penetro, bola),
so the paper fills and empties as it does at a real table.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the code measured: this tree, or another checkout's (the ``--before`` side sets it for its child)
CODE = Path(os.environ.get("REPLAY_BENCH_CODE", ROOT))
sys.path.insert(0, str(CODE))

from scorekeeper.games.tresillo.engine import Hand, Session, Setup, Surrender, Table, replay  # noqa: E402

PLAYERS = ("North", "West", "South", "East")

# (declarer's tricks, the two opponents' tricks)
# weighted towards wins, as at a real table (about two hands in three are won)
SPLITS = [(5, 2, 2), (6, 2, 1), (4, 3, 2), (5, 3, 1), (6, 3, 0), (4, 4, 1), (3, 3, 3), (2, 5, 2), (3, 4, 2), (1, 4, 4),
          (7, 1, 1)]


def make_hands(count: int, seed: int = 7) -> list[Hand]:
    """``count`` valid hands for four players, checked against a live table."""
    rng = random.Random(seed)
    table = Table(Setup(players=PLAYERS, first_dealer="North"))
    hands: list[Hand] = []
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
            kw: dict = {}
            if contract != "solo" and rng.random() < 0.08:
                if rng.random() < 0.5:
                    hand = Hand(contract, declarer=declarer, surrender=Surrender())
                else:
                    hand = Hand(contract, declarer=declarer, surrender=Surrender(opp[0]),
                                tricks={opp[0]: d, declarer: a, opp[1]: b})
                table.play(hand)
                hands.append(hand)
                continue
            if d >= 5 and rng.random() < 0.2:
                kw["bola"] = "failed"
            if rng.random() < 0.15:
                kw["estuche"] = True
            hand = Hand(contract, declarer=declarer, tricks=tricks, **kw)
        table.play(hand)
        hands.append(hand)
    return hands


def time_replay(hands: list[Hand], repeat: int = 3) -> tuple[float, float]:
    """Best wall-clock and best CPU seconds of ``repeat`` replays (CPU time is steadier on a busy machine)."""
    session = Session(Setup(players=PLAYERS, first_dealer="North"), tuple(hands))
    best = cpu = float("inf")
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        ledger = replay(session)
        best = min(best, time.perf_counter() - t0)
        cpu = min(cpu, time.process_time() - c0)
    assert len(ledger.rows) == 1 + 2 * len(hands)
    return best, cpu


def time_games(sessions_per_game: int = 300) -> dict[str, float]:
    """Deals per second (CPU) of every registered game, replaying the suite's random valid sessions."""
    sys.path.insert(0, str(CODE / "tests"))
    from games.sessions import VALID

    from scorekeeper.games.replay import replay as replay_game

    rates: dict[str, float] = {}
    for name, make in sorted(VALID.items()):
        docs = [make(random.Random(seed)) for seed in range(sessions_per_game)]
        deals = sum(len(d["deals"]) for d in docs)
        best = float("inf")
        for _ in range(3):
            c0 = time.process_time()
            for doc in docs:
                replay_game(doc)
            best = min(best, time.process_time() - c0)
        print(f"{name:>18}: {deals:>6} deals in {sessions_per_game} games, {deals / best:10,.0f} deals/s CPU"
              f"  ({best / deals * 1e6:6.1f} µs/deal)")
        rates[name] = deals / best
    return rates


def measure(sizes: list[int], games: bool) -> dict[str, float]:
    """One side's figures (a child process of ``--before``): hands/s CPU per size, deals/s CPU per game."""
    rates = {f"game {k}": v for k, v in time_games().items()} if games else {}
    hands = make_hands(max(sizes))
    for n in sizes:
        _, cpu = time_replay(hands[:n], repeat=5 if n <= 10_000 else 2)
        rates[f"{n} hands"] = n / cpu
    return rates


def before_after(revs: list[str], rounds: int, sizes: list[int], games: bool) -> None:
    """Each of REVS' code and this tree's, taking turns in child processes; the best CPU figure of each."""
    best: dict[str, dict[str, float]] = {rev: {} for rev in [*revs, "after"]}
    with tempfile.TemporaryDirectory() as tmp:
        trees = {rev: Path(tmp) / f"before-{i}" for i, rev in enumerate(revs)}
        for rev, tree in trees.items():
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), rev], check=True,
                           capture_output=True)
        try:
            for _ in range(rounds):
                for side, code in [*trees.items(), ("after", ROOT)]:
                    args = [sys.executable, __file__, "--child", "--sizes", *map(str, sizes)]
                    out = subprocess.run(args + (["--games"] if games else []), check=True, capture_output=True,
                                         text=True, env={**os.environ, "REPLAY_BENCH_CODE": str(code)}).stdout
                    for key, rate in json.loads(out.splitlines()[-1]).items():
                        best[side][key] = max(rate, best[side].get(key, 0.0))
        finally:
            for tree in trees.values():
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                               capture_output=True)
    print(f"best of {rounds} turns each, CPU time, per second; after = this tree; ratio = after ÷ the first")
    print(f"  {'':>24}  " + "  ".join(f"{side[:12]:>12}" for side in best))
    first = best[revs[0]]
    for key in best["after"]:
        cells = "  ".join(f"{best[side].get(key, 0):12,.0f}" for side in best)
        ratio = f"{best['after'][key] / first[key]:5.2f}×" if first.get(key) else ""
        print(f"  {key:>24}  {cells}  {ratio}")
    for side, r in best.items():
        if "10000 hands" in r and "1000 hands" in r:
            print(f"  {side}: 10,000 hands {r['10000 hands']:,.0f} hands/s CPU (target ≥ 50,000), growth 1k→10k"
                  f" {r['1000 hands'] / r['10000 hands']:.2f} (target ≤ 1.1)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="skip the 100k-hand run")
    ap.add_argument("--games", action="store_true", help="also time every other game (scorekeeper/games)")
    ap.add_argument("--before", nargs="+", help="git revisions timed too, in turns with this tree (e.g. main)")
    ap.add_argument("--rounds", type=int, default=3, help="turns of each side with --before")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--sizes", type=int, nargs="*", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(measure(args.sizes, args.games)))
        return
    if args.before:
        before_after(args.before, args.rounds, [500, 1_000, 10_000] + ([] if args.quick else [100_000]), args.games)
        return
    if args.games:
        time_games()
    sizes = [500, 1_000, 10_000] + ([] if args.quick else [100_000])
    hands = make_hands(max(sizes))
    print(f"python {sys.version.split()[0]}, best of 5 replays (2 at 100k) (wall clock; CPU time in brackets)")
    per_hand: dict[int, float] = {}
    cpu_per_hand: dict[int, float] = {}
    for n in sizes:
        secs, cpu = time_replay(hands[:n], repeat=5 if n <= 10_000 else 2)
        per_hand[n] = secs / n
        cpu_per_hand[n] = cpu / n
        print(f"{n:>7} hands: {secs * 1000:9.1f} ms  {n / secs:10,.0f} hands/s  {secs / n * 1e6:6.1f} µs/hand"
              f"  ({n / cpu:,.0f} hands/s CPU)")
    print(f"10,000-hand session: {1 / per_hand[10_000]:,.0f} hands/s, {1 / cpu_per_hand[10_000]:,.0f} CPU"
          " (target ≥ 50,000)")
    print(f"500-hand session: {per_hand[500] * 500 * 1000:.1f} ms")
    big = max(sizes)
    print(f"growth: µs/hand at {big:,} ÷ at 1,000 = {per_hand[big] / per_hand[1_000]:.2f} wall clock,"
          f" {cpu_per_hand[big] / cpu_per_hand[1_000]:.2f} CPU (1.00 = linear; target ≤ 1.1)")


if __name__ == "__main__":
    main()
