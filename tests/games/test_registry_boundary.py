"""The platform reaches a game only through the registry: no module outside a game's package imports it.

Services, web, reports and the CLI may import ``scorekeeper.games`` (the registry) and its shared
modules (``base``, ``replay``, ``cards``, ``words``), never ``scorekeeper.games.rovescino`` or any
other game's package; so adding a game touches the registry line and nothing else of the platform.

Tresillo, the first game, moved into ``scorekeeper/games/tresillo`` unchanged (issue 23), its printed
documents too (``games/tresillo/documents``, found through ``games.views.documents_for``). The
platform asks a game with services of its own what it needs of its sessions (an evening's summary and
feats, its paper, its money, a stored hand in words for the change log, its sheet for the evening's
PDF, the next evening) through one interface, ``services.played.OwnService``, found through the
registry (its package's ``service`` module); the command line reaches it through
``GameSpec.session_format`` and its ``commands`` module. Its own services that still live in the
platform import it directly: they are listed, module by module, in :data:`NOT_YET`; the list may only
shrink (a new importer fails, and so does a listed one that no longer imports Tresillo), until those
pieces move into the game's package and the platform reaches them through the registry.
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
#: the platform modules that still import Tresillo's package, and what of it (issue 23: what is left to move)
NOT_YET = {
    # Tresillo's services: its evening, hands, files, pages
}
TRESILLO = "scorekeeper.games.tresillo"


def game_packages() -> set[str]:
    return {p.name for p in GAMES.iterdir() if p.is_dir() and (p / "__init__.py").exists()}


def reaches_a_game(name: str, packages: set[str]) -> bool:
    parts = name.split(".")
    return parts[:2] == ["scorekeeper", "games"] and len(parts) > 2 and parts[2] in packages


def test_the_platform_reaches_games_only_through_the_registry():
    packages = game_packages()
    assert {"tresillo", "rovescino", "tressette", "truc", "pot"} <= packages
    outside = [p for p in PACKAGE.rglob("*.py") if GAMES not in p.parents]
    assert len(outside) > 50
    bad = [f"{p.relative_to(PACKAGE)}:{line}: {name}" for p in outside for line, name in imports(p)
           if reaches_a_game(name, packages) and not listed(p.relative_to(PACKAGE).as_posix(), name)]
    assert bad == []


def listed(module: str, name: str) -> bool:
    """Whether ``module`` is one of Tresillo's pieces not moved yet, importing what :data:`NOT_YET` says."""
    return name.startswith(TRESILLO) and name.removeprefix(TRESILLO) in NOT_YET.get(module, set())


def test_the_list_of_tresillo_importers_only_shrinks():
    """Every listed module still imports exactly what is listed: a piece moved is struck off the list."""
    found: dict[str, set[str]] = {}
    for p in PACKAGE.rglob("*.py"):
        if GAMES not in p.parents:
            for _, name in imports(p):
                if name == TRESILLO or name.startswith(TRESILLO + "."):
                    found.setdefault(p.relative_to(PACKAGE).as_posix(), set()).add(name.removeprefix(TRESILLO))
    assert found == NOT_YET
    assert not any(module.startswith("web/") for module in found)  # the web reaches Tresillo through the services


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
    assert reaches_a_game("scorekeeper.games.tresillo.engine.model", packages)
    assert not listed("web/table.py", "scorekeeper.games.tresillo.engine")
    assert not listed("services/history.py", "scorekeeper.games.tresillo.engine")
    assert not reaches_a_game("scorekeeper.games", packages)
    assert not reaches_a_game("scorekeeper.games.replay", packages)
    assert SHARED.isdisjoint(packages)


def test_the_web_imports_no_model_and_no_game_engine():
    """The web talks to the services (docs/architecture.md): the records and Tresillo's choices come through them.

    The inputs' domains (``scorekeeper.core.domains``) are the platform's and the forms check against them.
    """
    web = PACKAGE / "web"
    bad = [f"{p.name}:{line}: {name}" for p in web.glob("*.py") for line, name in imports(p)
           if name == "scorekeeper.models" or name.startswith(TRESILLO)]
    assert bad == []
    assert any(name == "scorekeeper.services" for _, name in imports(web / "offline.py"))
