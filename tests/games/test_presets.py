"""A game's presets (``GameSpec.presets``) start it as the group page says: each names the game's own options,
with values the option takes, under a key and a title of its own, and the game reads them."""

from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.games import GAMES
from scorekeeper.games.base import GameSpec, Preset, Seating

PRESETS = [(name, p) for name, g in GAMES.items() for p in g.spec.presets]


def check_presets(spec: GameSpec) -> list[str]:
    """What is wrong with the presets of ``spec`` (empty: nothing)."""
    wrong = []
    keys = [p.key for p in spec.presets]
    if len(set(keys)) != len(keys) or len({p.title for p in spec.presets}) != len(keys):
        wrong.append("two presets share a key or a title")
    names = {o.name: o for o in spec.options}
    for p in spec.presets:
        for k, v in p.options.items():
            if k not in names:
                wrong.append(f"{p.key}: no option {k}")
            elif names[k].choices and v not in names[k].choices:
                wrong.append(f"{p.key}: {k}={v!r} is not a value of the option")
    return wrong


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_games_presets_name_its_own_options(name):
    assert check_presets(GAMES[name].spec) == []


#: a preset as a game's package would declare it, read like the registry's own (none may be declared yet)
EXAMPLE = ("truc", Preset("hoy", "Truco de hoy", {"ruleset": "rioplatense", "target": 15, "flor": True}))


def test_every_preset_is_read_by_its_game():
    for name, preset in [*PRESETS, EXAMPLE]:
        game = GAMES[name]
        seated = [f"P{i}" for i in range(min(game.spec.seats))]
        teams = tuple((chr(65 + k), tuple(seated[k::game.spec.teams])) for k in range(game.spec.teams))
        read = game.read_options(dict(preset.options), Seating(tuple(seated), teams))
        assert {k: read[k] for k in preset.options} == dict(preset.options), (name, preset.key)


def test_the_check_finds_a_wrong_preset():
    spec = GAMES["truc"].spec
    wrong = dataclasses.replace(spec, presets=(Preset("a", "A", {"nope": 1}), Preset("b", "B", {"target": 99}),
                                               Preset("b", "C")))
    assert check_presets(wrong) == ["two presets share a key or a title", "a: no option nope",
                                    "b: target=99 is not a value of the option"]
    assert wrong.preset("a") == Preset("a", "A", {"nope": 1}) and wrong.preset("zz") is None
    hash(wrong)  # a spec with presets is still a frozen, hashable description
