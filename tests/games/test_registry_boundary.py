"""The platform reaches a game only through the registry: no module outside a game's package imports it.

Services, web, reports and the CLI may import ``scorekeeper.games`` (the registry) and its shared
modules (``base``, ``replay``, ``cards``, ``words``), never ``scorekeeper.games.rovescino`` or any
other game's package; so adding a game touches the registry line and nothing else of the platform.

Tresillo, the first game, moved into ``scorekeeper/games/tresillo`` unchanged (issue 23) with all it
had of its own: its printed documents (``documents/``, found through ``games.views.documents_for``),
its services (``services/``: its evening replayed, hands, fixes, count check, files, its pages' views)
and its pages (``pages/``: blueprints and routes the app registers through ``web.game_pages``). The
platform asks a game with services of its own what it needs of its sessions (an evening's summary and
feats, its paper, its money, a stored hand in words for the change log, its sheet for the evening's
PDF, the next evening) through one interface, ``services.played.OwnService``, found through the
registry (its package's ``service`` module); the command line reaches it through
``GameSpec.session_format`` and its ``commands`` module. No platform module imports it, and none
compares a session's game with Tresillo's name: what differs between games is the registry's data.
"""

from __future__ import annotations

import re
from pathlib import Path

import scorekeeper
import scorekeeper.games
from scorekeeper.games import GAMES as GAMES_BY_NAME

from .test_purity import imports

PACKAGE = Path(scorekeeper.__file__).parent
GAMES = Path(scorekeeper.games.__file__).parent
#: the shared modules of scorekeeper.games the platform may import
SHARED = {"base", "replay", "cards", "words"}
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
           if reaches_a_game(name, packages)]
    assert bad == []


def test_no_platform_module_imports_tresillo():
    """Tresillo's own services and pages live in its package: no platform module imports any of it."""
    found = sorted(f"{p.relative_to(PACKAGE)}: {name}" for p in PACKAGE.rglob("*.py") if GAMES not in p.parents
                   for _, name in imports(p) if name == TRESILLO or name.startswith(TRESILLO + "."))
    assert found == []


#: a session's game compared with one game's name: what differs between games is the registry's data
NAMES_A_GAME = re.compile(r"""[!=]=\s*(?:TRESILLO\b|["'](?:""" + "|".join(map(re.escape, GAMES_BY_NAME)) + r""")["'])""")


def test_the_platform_compares_no_game_by_name():
    bad = [f"{p.relative_to(PACKAGE)}:{n}: {line.strip()}" for p in PACKAGE.rglob("*.py") if GAMES not in p.parents
           for n, line in enumerate(p.read_text().splitlines(), 1) if NAMES_A_GAME.search(line)]
    assert bad == []
    assert NAMES_A_GAME.search("if gs.game == TRESILLO:") and NAMES_A_GAME.search("name != 'rovescino'")
    assert not NAMES_A_GAME.search("game=TRESILLO") and not NAMES_A_GAME.search("== TRESILLO_FEATS")


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


def test_tresillos_pages_talk_to_its_services():
    """Tresillo's pages, like the platform's, reach the records and the engine only through services: its own
    services package (which gives the platform's too), never the models, its engine or its view model."""
    pages = GAMES / "tresillo" / "pages"
    bad = [f"{p.name}:{line}: {name}" for p in pages.glob("*.py") for line, name in imports(p)
           if name == "scorekeeper.models"
           or name.startswith(TRESILLO + ".") and name.split(".")[3] not in ("services", "pages")]
    assert bad == []
    assert "from .. import services" in (pages / "table.py").read_text()


#: Tresillo's own words: its contracts, how a hand ends, its feats and its dish (a platform module names none)
TRESILLO_WORDS = re.compile(
    r"(?<![a-z])(sacados?|puestas?|codillos?|entradas?|vueltas?|solo|penetros?|bolas?|primeras?|platos?)(?![a-z])",
    re.I)


def platform_modules() -> list[Path]:
    """Every module of the platform: all of ``scorekeeper`` but the games' own packages (the registry and the
    modules the games share, ``games/*.py``, are the platform's)."""
    packages = {GAMES / name for name in game_packages()}
    return [p for p in PACKAGE.rglob("*.py") if packages.isdisjoint(p.parents)]


def test_no_platform_module_names_tresillos_words():
    """Tresillo's contracts, endings, feats and statistics live in its package (``games/tresillo/statistics.py``):
    the platform keeps a game-neutral evening (``scorekeeper/core/evenings.py``) and the game's counts as it gives
    them; the names no player may take are each game's dishes, from its record (``registry.player_name``)."""
    modules = platform_modules()
    assert PACKAGE / "core" / "evenings.py" in modules and GAMES / "base.py" in modules
    assert not any(GAMES / "tresillo" in p.parents for p in modules)
    found = [f"{p.relative_to(PACKAGE)}:{n}: {line.strip()}" for p in modules
             for n, line in enumerate(p.read_text().splitlines(), 1) if TRESILLO_WORDS.search(line)]
    assert found == []


def test_the_word_check_sees_the_words():
    assert TRESILLO_WORDS.search("largest_plato: int") and TRESILLO_WORDS.search("ENDINGS = ('sacado', 'puesta')")
    assert TRESILLO_WORDS.search("Codillos made") and TRESILLO_WORDS.search("bolas_tried")
    assert not TRESILLO_WORDS.search("console soloist platoon") and not TRESILLO_WORDS.search("a played hand")
