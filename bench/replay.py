"""Replay speed: hands per second on a long session, and growth from 1k to 100k hands.

    .venv/bin/python bench/replay.py            # 500, 1k, 10k, 100k hands
    .venv/bin/python bench/replay.py --quick    # skip the 100k run
    .venv/bin/python bench/replay.py --games    # also every other game: deals per second

The other games (scorekeeper/games) are timed on the random valid sessions of the conformance
suite (tests/games/sessions.py): most end within a few dozen deals, so their figure is deals per
second over a few hundred whole games rather than one long session.

The sessions are built deterministically from a seed with a mix of every
kind of hand (sacado, puesta, codillo, surrender, takeover, penetro, bola),
so the paper fills and empties as it does at a real table.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

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


def time_games(sessions_per_game: int = 300) -> None:
    """Deals per second (CPU) of every registered game, replaying the suite's random valid sessions."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from games.sessions import VALID

    from scorekeeper.games.replay import replay as replay_game

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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="skip the 100k-hand run")
    ap.add_argument("--games", action="store_true", help="also time every other game (scorekeeper/games)")
    args = ap.parse_args()
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
