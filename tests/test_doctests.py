"""The examples in the engine's and the narration's docstrings are tests too."""

import doctest
import importlib

import pytest

MODULES = [
    "scorekeeper.engine.errors",
    "scorekeeper.engine.domains",
    "scorekeeper.engine.rules",
    "scorekeeper.engine.replay",
    "scorekeeper.engine.settle",
    "scorekeeper.engine.sessionfile",
    "scorekeeper.engine.options",
    "scorekeeper.engine.french",
    "scorekeeper.engine.model",
    "scorekeeper.engine.reading",
    "scorekeeper.engine.stake",
    "scorekeeper.engine.puesta",
    "scorekeeper.engine.countcheck",
    "scorekeeper.narration",
    "scorekeeper.viewmodel",
    "scorekeeper.evenings",
    "scorekeeper.services.evenings",
    "scorekeeper.services.views",
    "scorekeeper.web.hardening",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
