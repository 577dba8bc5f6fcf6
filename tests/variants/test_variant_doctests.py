"""The examples in the variant modules' docstrings are tests too."""

import doctest
import importlib

import pytest

MODULES = ["scorekeeper.engine.options", "scorekeeper.engine.french", "scorekeeper.engine.model"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
