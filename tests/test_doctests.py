"""The examples in the engine's and the narration's docstrings are tests too."""

import doctest
import importlib

import pytest

MODULES = [
    "scorekeeper.core.errors",
    "scorekeeper.core.domains",
    "scorekeeper.games.tresillo.engine.rules",
    "scorekeeper.games.tresillo.engine.replay",
    "scorekeeper.core.transfers",
    "scorekeeper.core.sessionjson",
    "scorekeeper.words",
    "scorekeeper.games.tresillo.engine.sessionfile",
    "scorekeeper.games.tresillo.engine.options",
    "scorekeeper.games.tresillo.engine.french",
    "scorekeeper.games.tresillo.engine.model",
    "scorekeeper.games.tresillo.engine.reading",
    "scorekeeper.games.tresillo.engine.stake",
    "scorekeeper.games.tresillo.engine.puesta",
    "scorekeeper.games.tresillo.engine.countcheck",
    "scorekeeper.games.tresillo.engine.domains",
    "scorekeeper.games.tresillo.words",
    "scorekeeper.games.tresillo.views",
    "scorekeeper.core.evenings",
    "scorekeeper.games.tresillo.statistics",
    "scorekeeper.services.evenings",
    "scorekeeper.services.paging",
    "scorekeeper.web.hardening",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
