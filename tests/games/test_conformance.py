"""The conformance suite every game plug-in passes, run for each game of the registry.

Engine level: random valid sessions replay with money summing to zero and running scores that add
up; replaying a prefix gives the same rows (so fixing a deal and replaying equals a fresh replay);
a JSON round trip changes nothing; generated hostile deals are refused with a field error naming the
deal (never another exception), and the CLI prints that one line and exits 2.
"""

from __future__ import annotations

import copy
import io
import json
import random
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.core.errors import SessionError
from scorekeeper.games import GAMES
from scorekeeper.games.replay import load, played_into, replay, result_json

from .sessions import RULESETS, VALID

#: every game, and every ruleset of a game beyond its default (``truc[rioplatense]``)
CASES = {**VALID, **RULESETS}
NAMES = sorted(CASES)
SEEDS = range(40)


def test_every_game_has_a_generator_and_a_sane_description():
    assert set(VALID) == set(GAMES)
    assert {name.split("[")[0] for name in RULESETS} <= set(GAMES)
    for name, game in GAMES.items():
        spec = game.spec
        assert spec.name == name and spec.title and spec.seats == tuple(sorted(spec.seats))
        assert spec.partnership in ("none", "fixed", "per_deal")
        assert "stake" in [o.name for o in spec.options]
        for option in spec.options:
            assert not option.choices or option.default in option.choices


@pytest.mark.parametrize("name", NAMES)
def test_valid_sessions_replay_with_money_summing_to_zero(name):
    played_any_end = False
    finished = set()
    for seed in SEEDS:
        doc = CASES[name](random.Random(seed))
        played = replay(doc)
        finished.add(played.result.finished)
        assert sum((m for _, m in played.result.money), Decimal(0)) == 0
        assert len(played.rows) == len(doc["deals"])
        previous: dict[str, int] = {}
        for row in played.rows:
            scores, points = dict(row.scores), dict(row.points)
            for key, score in scores.items():
                assert score == previous.get(key, 0) + points.get(key, 0), (seed, row)
            previous = scores
        if played.result.finished:
            played_any_end = True
            assert played.result.winners or played.result.losers
            assert played.result.ended_at == len(doc["deals"])
        elif played.result.finished is False:
            assert all(m == 0 for _, m in played.result.money)
    # a game with no end of its own (Tresillo: the table stops when it likes) never says it finished
    assert played_any_end or GAMES[name.split("[")[0]].spec.unit == "counters" or finished == {None}


@pytest.mark.parametrize("name", NAMES)
def test_a_prefix_replays_to_the_same_rows_and_json_round_trips(name):
    for seed in range(10):
        doc = CASES[name](random.Random(seed))
        full = replay(doc)
        again = replay(json.loads(json.dumps(doc)))
        assert result_json(again) == result_json(full)
        cut = len(doc["deals"]) // 2
        part = replay({**doc, "deals": doc["deals"][:cut]})
        assert part.rows == full.rows[:cut]


@pytest.mark.parametrize("name", NAMES)
def test_a_kept_state_plays_on_twice_as_it_was(name):
    """The replay plays on its own state in place (``Game.play_on``), never on the state it is given: a state kept
    after some deals (as a server keeps a version's) gives the same rows and result each time it is played on."""
    for seed in range(10):
        doc = CASES[name](random.Random(seed))
        full = replay(doc)
        game, table, deals = load(doc, GAMES)
        cut = len(deals) // 2
        head: list[Any] = []
        kept = played_into(head, game, game.start(table), deals[:cut])
        for _ in range(2):
            rows = list(head)
            last = played_into(rows, game, kept, deals[cut:], cut + 1)
            assert tuple(rows) == full.rows and game.result(last) == full.result
        assert game.result(kept) == replay({**doc, "deals": doc["deals"][:cut]}).result


def mutations(rng: random.Random, value: Any) -> Iterator[Any]:
    """Hostile stand-ins for a value: wrong types, out-of-range numbers, near-miss strings."""
    yield from (None, True, -1, 10**30, 1.5, "", "x" * 500, [], {}, "\x00", " ", [value], {"x": value})
    if isinstance(value, str):
        yield from (value + " ", value.upper(), value[:-1])
    if isinstance(value, int) and not isinstance(value, bool):
        yield from (value + 1, value - 1, str(value))


def paths(obj: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON document: object keys and list indices, depth first."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield (*prefix, k)
            yield from paths(v, (*prefix, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield (*prefix, i)
            yield from paths(v, (*prefix, i))


def hostile(doc: dict[str, Any], rng: random.Random) -> Iterator[dict[str, Any]]:
    places = list(paths(doc))
    for place in rng.sample(places, min(len(places), 25)):
        parent = doc
        for step in place[:-1]:
            parent = parent[step]
        for bad in mutations(rng, parent[place[-1]]):
            changed = copy.deepcopy(doc)
            target = changed
            for step in place[:-1]:
                target = target[step]
            target[place[-1]] = bad
            yield changed
        dropped = copy.deepcopy(doc)
        target = dropped
        for step in place[:-1]:
            target = target[step]
        if isinstance(target, dict):
            del target[place[-1]]
            yield dropped
        added = copy.deepcopy(doc)
        target = added
        for step in place[:-1]:
            target = target[step]
        if isinstance(target, dict):
            target["surprise"] = 1
            yield added


@pytest.mark.parametrize("name", NAMES)
def test_hostile_sessions_are_refused_with_a_field_error(name):
    refused = 0
    for seed in range(6):
        rng = random.Random(1000 + seed)
        doc = CASES[name](rng)
        for bad in hostile(doc, rng):
            try:
                played = replay(bad)
            except SessionError as exc:
                refused += 1
                err = exc.first
                assert err.field and err.message
                assert err.hand is None or (err.unit == "deal" and 1 <= err.hand <= len(bad.get("deals") or [1]))
            else:
                assert sum((m for _, m in played.result.money), Decimal(0)) == 0
    assert refused > 100


@pytest.mark.parametrize("name", NAMES)
def test_the_cli_refuses_a_bad_deal_in_one_line(name, tmp_path, capsys):
    doc = next(d for d in (CASES[name](random.Random(seed)) for seed in range(7, 200)) if d["deals"])
    doc["deals"][0] = {**doc["deals"][0], "surprise": True}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    out = io.StringIO()
    assert main(["replay", str(path), "--json", "--lang", "en"], out=out) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("deal 1: surprise: "), err
    assert out.getvalue() == ""
