"""The platform reaches a game only through the registry: no module outside a game's package imports it.

Services, web, reports and the CLI may import ``scorekeeper.games`` (the registry) and its shared
modules (``base``, ``replay``, ``cards``, ``words``), never ``scorekeeper.games.rovescino`` or any
other game's package; so adding a game touches the registry line and nothing else of the platform.
"""

from __future__ import annotations

from pathlib import Path

import scorekeeper
import scorekeeper.games

from .test_purity import imports

PACKAGE = Path(scorekeeper.__file__).parent
GAMES = Path(scorekeeper.games.__file__).parent
#: the shared modules of scorekeeper.games the platform may import
SHARED = {"base", "replay", "cards", "words"}


def game_packages() -> set[str]:
    return {p.name for p in GAMES.iterdir() if p.is_dir() and (p / "__init__.py").exists()}


def reaches_a_game(name: str, packages: set[str]) -> bool:
    parts = name.split(".")
    return parts[:2] == ["scorekeeper", "games"] and len(parts) > 2 and parts[2] in packages


def test_the_platform_reaches_games_only_through_the_registry():
    packages = game_packages()
    assert {"rovescino", "tressette", "truc", "pot"} <= packages
    outside = [p for p in PACKAGE.rglob("*.py") if GAMES not in p.parents]
    assert len(outside) > 50
    bad = [f"{p.relative_to(PACKAGE)}:{line}: {name}" for p in outside for line, name in imports(p)
           if reaches_a_game(name, packages)]
    assert bad == []


def test_a_game_reaches_no_other_game():
    """Each game's package imports the shared modules, never another game (a family shares through base or cards)."""
    packages = game_packages()
    bad = []
    for package in packages:
        for path in (GAMES / package).rglob("*.py"):
            for line, name in imports(path):
                if reaches_a_game(name, packages - {package}):
                    bad.append(f"{package}/{path.name}:{line}: {name}")
    assert bad == []


def test_the_check_sees_a_direct_import():
    packages = game_packages()
    assert reaches_a_game("scorekeeper.games.rovescino.engine", packages)
    assert reaches_a_game("scorekeeper.games.truc", packages)
    assert not reaches_a_game("scorekeeper.games", packages)
    assert not reaches_a_game("scorekeeper.games.replay", packages)
    assert SHARED.isdisjoint(packages)
