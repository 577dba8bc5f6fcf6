"""Hostile session files: the engine answers every one with a Session or a SessionError.

    .venv/bin/python bench/fuzz.py                  # 100,000 files
    .venv/bin/python bench/fuzz.py --count 5000     # a quicker look
    .venv/bin/python bench/fuzz.py --seed 3         # another run

A third of the files are arbitrary JSON (nested, huge, unicode, wrong types);
a third are valid sessions of every ruleset and variant nudged (a field
changed to a value of the right type that may not fit the play: the replay
must judge it); a third are valid sessions mutated: a field
replaced by a wrong type, a huge or negative number, a lone surrogate, a long
or empty string; a field deleted or invented; hands swapped or repeated; the
text truncated, re-encoded (Latin-1, UTF-16, a byte-order mark), or wrapped in
50,000 brackets. Each is read from its text and replayed; an accepted session
is written out and read back, and must be the same session.

It prints how many files were accepted, how many refused, and the count of
other exceptions — which must be 0 — with the first few of them.
The tests (tests/engine/test_hostile_files.py) use the same generators.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import time
from collections import Counter
from decimal import Decimal
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.core.errors import SessionError
from scorekeeper.games.tresillo.engine import (
    RULESETS,
    SUITS,
    Hand,
    Setup,
    Surrender,
    Table,
    dump_session,
    loads,
    replay,
)
from scorekeeper.games.tresillo.engine.model import Options  # noqa: E402

NAMES = ("Ana", "Bea", "Carlos", "Dolores")

# ------------------------------------------------------------ valid sessions


def random_options(rng: random.Random, rules: str) -> dict[str, Any]:
    """Any mix of the variants a group may play under ``rules``."""
    options: dict[str, Any] = {}
    if rng.random() < 0.3:
        options["palo_de_favor"] = rng.choice(SUITS)
    names = ["entrada", "vuelta", "solo", "bola"]
    if rules == "french":
        if rng.random() < 0.5:
            options["dealer_bet"] = rng.randint(0, 25)
    else:
        scale = rng.choice([1, 1, 5])
        if scale == 5 or rng.random() < 0.2:
            options["scale"] = scale
        if rng.random() < 0.3:
            options["codillo"] = rng.choice(["winner_only", "puesta_and_winner"])
        if rules == "pagat" and rng.random() < 0.3:
            options["penetro_four"] = rng.random() < 0.7
        if rng.random() < 0.2:
            options["ante"] = rng.randint(0, 3) * scale
        if rng.random() < 0.2:
            options["pajarito"] = rng.randint(1, 6) * scale
        names += ["estuche", "contra_estuche", "primeras"]
    if rng.random() < 0.3:
        chosen = rng.sample(names, rng.randint(1, 3))
        options["condiciones"] = {n: rng.randint(0, 40) for n in chosen}
    return options


def _split(rng: random.Random, players: tuple[str, ...], total: int = 9) -> dict[str, int]:
    cuts = sorted(rng.randint(0, total) for _ in range(len(players) - 1))
    bounds = [0, *cuts, total]
    return {p: bounds[i + 1] - bounds[i] for i, p in enumerate(players)}


def random_hand(rng: random.Random, table: Table) -> Hand:
    """A plausible hand for the table as it stands (the table may still refuse it)."""
    up = table.upcoming()
    rules = table.rules
    contract = rng.choice(up.contracts)
    trump = rng.choice(SUITS) if rules.favoured_suit else None
    bet = rng.choice([None, "J", "P", "C"]) if rules.dealer_bet and table.n == 4 else None
    debt = rng.choice(up.tied_debtors) if up.tied_debtors and rng.random() < 0.5 else None
    if contract == "pass":
        return Hand("pass", bet=bet)
    if contract == "penetro":
        if rng.random() < 0.2:
            return Hand("penetro", declarer=up.dealer, surrender=Surrender(), debt=debt)
        drops = None if rules.penetro_four else rng.choice([p for p in table.players if p != up.dealer])
        active = tuple(p for p in table.players if p != drops)
        return Hand("penetro", declarer=up.dealer, tricks=_split(rng, active), drops_out=drops, trump=trump, debt=debt)
    declarer = rng.choice(up.declarers)
    roll = rng.random()
    if roll < 0.1:
        return Hand(contract, declarer=declarer, surrender=Surrender(), trump=trump, bet=bet, debt=debt)
    surrender = Surrender(rng.choice([p for p in up.active if p != declarer])) if roll < 0.2 else None
    playing = surrender.takeover if surrender and surrender.takeover else declarer
    primeras = surrender is None and rng.random() < 0.1
    tricks = {p: (5 if p == playing else 0) for p in up.active} if primeras else _split(rng, up.active)
    bola = "won" if tricks[playing] == 9 else rng.choice([None, None, "failed"]) if tricks[playing] >= 5 else None
    estuche: bool | int = False
    contra: bool | int = False
    if rules.scoring == "puesta" and surrender is None:
        kind = rng.randint(0, 3)
        if kind == 1:
            estuche = rng.choice([True, 3, 4, 5, 9]) if rules.count_estuche else True
        elif kind == 2 and rules.allows("contra_estuche"):
            contra = rng.choice([True, 3, 4, 7]) if rules.count_estuche else True
    return Hand(contract, declarer=declarer, tricks=tricks, surrender=surrender, trump=trump, bet=bet, debt=debt,
                primeras=primeras, bola=None if primeras else bola, estuche=estuche, contra_estuche=contra,
                forced=contract == "entrada" and rng.random() < 0.1)


def valid_document(rng: random.Random, max_hands: int = 24) -> dict[str, Any]:
    """A valid session file (as parsed JSON) of a random ruleset with random variants."""
    rules = rng.choice(sorted(RULESETS))
    players = NAMES[: rng.choice([3, 4])]
    setup = Setup(
        players=players,
        first_dealer=rng.choice(players),
        rules=rules,
        start_tokens=rng.choice([100, 160, 500]),
        tanto_value=Decimal(rng.choice(["0.10", "0.05", "1", "0.25", "10"])),
        currency=rng.choice(["EUR", "€", "ptas"]),
        end_paper=rng.choice(["settle", "keep"]),
        ended=rng.random() < 0.3,
        options=Options(random_options(rng, rules)),
    )
    from scorekeeper.games.tresillo.engine import Session

    return dump_session(Session(setup, play_random(rng, Table(setup), rng.randint(0, max_hands))))


def play_random(rng: random.Random, table: Table, count: int, attempts: int = 20) -> tuple[Hand, ...]:
    """Up to ``count`` random hands played on ``table`` (a refused hand is drawn again, ``attempts`` times)."""
    hands: list[Hand] = []
    for _ in range(count):
        for _attempt in range(attempts):
            hand = random_hand(rng, table)
            try:
                table.play(hand)
            except SessionError:
                continue
            hands.append(hand)
            break
    return tuple(hands)


# ------------------------------------------------------------- hostile values

SURROGATE = "\ud800"
NASTY: list[Any] = [
    None, True, False, 0, -1, 1, 2**31, 2**63, 10**40, -(10**30), Decimal("1e26"), Decimal("0.1"),
    Decimal("1234567890123456789012345678.901"), Decimal("-0"), Decimal("1E+999"), 1.5, "", " ", "yes please",
    "maybe", "pass", "entrada", "J", "oros", "Ana", "ana", " Ana ", "A\x00", "Ana" + SURROGATE, "x" * 100_000,
    "²", "①", "٣", "1e3", "0.10", "NaN", [], {}, [1, [2, [3]]], {"takeover": "Bea"}, {"a": {"b": {}}},
]


#: values a field could plausibly hold: they pass the reading, and the replay must judge them
PLAUSIBLE: list[Any] = [
    *NAMES, "entrada", "vuelta", "solo", "penetro", "pass", "won", "failed", *SUITS, "J", "P", "C", True, False,
    None, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 25, {"takeover": None}, {"takeover": "Bea"}, {"Ana": 9},
    "settle", "keep", "winner_only", "pagat", "house", "french",
]


def nasty(rng: random.Random) -> Any:
    """One of :data:`NASTY` (a fresh copy: mutating it never changes the list)."""
    return copy.deepcopy(rng.choice(NASTY))


def arbitrary(rng: random.Random, depth: int = 0) -> Any:
    """Any JSON value: nested, huge, unicode, empty."""
    roll = rng.random()
    if depth < 5 and roll < 0.25:
        return [arbitrary(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    if depth < 5 and roll < 0.5:
        keys = ["format", "rules", "players", "hands", "contract", "tricks", "options", "x", SURROGATE, ""]
        return {rng.choice(keys) if rng.random() < 0.7 else _text(rng): arbitrary(rng, depth + 1)
                for _ in range(rng.randint(0, 4))}
    if roll < 0.7:
        return nasty(rng)
    if roll < 0.8:
        return rng.choice([rng.randint(-(10**6), 10**6), 10 ** rng.randint(0, 400), -(2 ** rng.randint(0, 200))])
    if roll < 0.85:
        return Decimal(f"{rng.randint(0, 10**6)}E{rng.randint(-40, 40)}")
    return _text(rng)


def _text(rng: random.Random) -> str:
    alphabet = "aZ09 ñé€\x00\x1f\u202e\ufeff\u2028" + SURROGATE + "🂡"
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))


def _places(doc: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a document (dict keys and list indexes)."""
    out = [path]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _places(v, (*path, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _places(v, (*path, i))
    return out


def _parent(doc: Any, path: tuple[Any, ...]) -> Any:
    for p in path[:-1]:
        doc = doc[p]
    return doc


def mutate(rng: random.Random, doc: dict[str, Any]) -> Any:
    """``doc`` (a valid session file) with one to three things broken."""
    doc = copy.deepcopy(doc)
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(_places(doc))
        if not path:
            if rng.random() < 0.1:
                return arbitrary(rng)
            doc[rng.choice(["bet", "x", "dealer", "ended", ""])] = arbitrary(rng)
            continue
        parent, key = _parent(doc, path), path[-1]
        roll = rng.random()
        if roll < 0.4:
            parent[key] = copy.deepcopy(rng.choice(PLAUSIBLE))
        elif roll < 0.45:
            parent[key] = nasty(rng)
        elif roll < 0.65:
            parent[key] = arbitrary(rng)
        elif roll < 0.75:
            del parent[key]
        elif roll < 0.85 and isinstance(parent, dict):
            parent[rng.choice(["bet", "trump", "tricks", "extra", "debt", "ended", "dealer"])] = nasty(rng)
        elif isinstance(parent, list) and parent:
            parent.insert(rng.randrange(len(parent) + 1), copy.deepcopy(rng.choice(parent)))
        else:
            parent[key] = [parent[key]] if rng.random() < 0.5 else {"value": parent[key]}
    return doc


def _nudge_hand(rng: random.Random, hand: dict[str, Any], players: list[str]) -> None:
    field = rng.choice(["contract", "declarer", "tricks", "surrender", "estuche", "contra_estuche", "primeras",
                        "bola", "drops_out", "debt", "trump", "bet", "forced"])
    values: dict[str, list[Any]] = {
        "contract": ["entrada", "vuelta", "solo", "penetro", "pass"],
        "declarer": players, "drops_out": players, "debt": players,
        "surrender": [{"takeover": None}, {"takeover": rng.choice(players)}, True],
        "estuche": [True, 3, 9, 12], "contra_estuche": [True, 3, 12], "primeras": [True], "forced": [True],
        "bola": ["won", "failed"], "trump": list(SUITS), "bet": ["J", "P", "C"],
    }
    if rng.random() < 0.25:
        hand.pop(field, None)
    elif field == "tricks":
        tricks = hand.get("tricks") or {p: 0 for p in players[:3]}
        who = rng.choice(players)
        tricks[who] = max(0, min(9, tricks.get(who, 0) + rng.choice([-1, 1, 9])))
        hand["tricks"] = tricks
    else:
        hand[field] = rng.choice(values[field])


def nudge(rng: random.Random, doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` with one to three fields changed to values of the right type that may not fit the play.

    These pass the reading and reach the replay, which must refuse them as a
    :class:`SessionError` (or play them) — never fail another way.
    """
    doc = copy.deepcopy(doc)
    players = list(doc["players"])
    for _ in range(rng.randint(1, 3)):
        roll = rng.random()
        if doc["hands"] and roll < 0.7:
            _nudge_hand(rng, rng.choice(doc["hands"]), players)
        elif roll < 0.8 and doc["hands"]:
            i, j = rng.randrange(len(doc["hands"])), rng.randrange(len(doc["hands"]))
            doc["hands"][i], doc["hands"][j] = doc["hands"][j], doc["hands"][i]
        elif roll < 0.9:
            doc["options"] = random_options(rng, rng.choice(sorted(RULESETS)))
        else:
            doc.setdefault("paper", []).append({"player": rng.choice(players), "amount": rng.randint(1, 60)})
    return doc


def as_text(rng: random.Random, doc: Any) -> str | bytes:
    """The file's text, sometimes damaged on the way: truncated, re-encoded, deeply wrapped."""
    text = json.dumps(doc, ensure_ascii=rng.random() < 0.5, default=str)
    roll = rng.random()
    if roll < 0.80:
        return text
    if roll < 0.84:
        return text[: rng.randrange(len(text) + 1)]
    if roll < 0.88:
        depth = rng.choice([40, 1000, 50_000])
        return "[" * depth + text + "]" * depth
    if roll < 0.92:
        return "\ufeff" + text
    try:
        encoded = text.encode("utf-8", "surrogatepass")
    except UnicodeEncodeError:  # pragma: no cover
        return text
    for codec in ("latin-1", "utf-16", "utf-32", "cp1252"):
        if rng.random() < 0.4:
            try:
                return text.encode(codec)
            except UnicodeEncodeError:
                break
    return encoded


# ------------------------------------------------------------------ the check


def outcome(data: str | bytes) -> str:
    """"accepted", "refused", or the name of any other exception (which is a bug)."""
    try:
        session = loads(data)
        replay(session)
        again = loads(json.dumps(dump_session(session), ensure_ascii=False))
        if again != session:
            return "RoundTripDiffers"
        return "accepted"
    except SessionError as exc:
        str(exc)  # the message itself must be printable
        return "refused"
    except Exception as exc:  # counting them is the point
        return type(exc).__name__


def pool(rng: random.Random, size: int) -> list[dict[str, Any]]:
    """Valid session files to mutate: every ruleset, with and without variants."""
    return [valid_document(rng) for _ in range(size)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    started = time.perf_counter()
    documents = pool(rng, 300)
    built = time.perf_counter() - started
    counts: Counter[str] = Counter()
    examples: list[str] = []
    for i in range(args.count):
        base = rng.choice(documents)
        doc = arbitrary(rng) if i % 3 == 0 else mutate(rng, base) if i % 3 == 1 else nudge(rng, base)
        data = as_text(rng, doc)
        result = outcome(data)
        counts[result] += 1
        if result not in ("accepted", "refused") and len(examples) < 5:
            examples.append(f"{result}: {str(data)[:300]}")
    elapsed = time.perf_counter() - started
    other = args.count - counts["accepted"] - counts["refused"]
    print(f"files {args.count:,} (seed {args.seed}; 300 valid sessions built in {built:.1f} s), "
          f"{elapsed:.1f} s in all")
    print(f"  accepted {counts['accepted']:,}")
    print(f"  refused (SessionError) {counts['refused']:,}")
    print(f"  other exceptions {other:,}")
    for name, n in counts.most_common():
        if name not in ("accepted", "refused"):
            print(f"    {name}: {n:,}")
    for e in examples:
        print("  e.g.", e)
    return 1 if other else 0


if __name__ == "__main__":
    sys.exit(main())
