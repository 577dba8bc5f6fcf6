"""The examples in the report modules' docstrings are tests too."""

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["scorekeeper.reports", "scorekeeper.reports.chart", "scorekeeper.reports.qr",
                                  "scorekeeper.games.tresillo.documents.render",
                                  "scorekeeper.games.tresillo.documents.chart"])
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
