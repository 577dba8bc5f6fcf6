"""The platform's fixtures for Briscola's own tests: an app on a real SQLite file and on PostgreSQL, a client and
a browser-like client (tests/conftest.py, imported by name: a game's tests live in its package)."""

from __future__ import annotations

import os

import pytest

from tests import conftest as platform
from tests.conftest import app, browser, client, emptied_postgres, migrated_sqlite  # noqa: F401  (fixtures)


def pytest_configure(config: pytest.Config) -> None:
    """Run alone (``pytest scorekeeper/games/briscola``), the tests get the platform's instance folder of their own."""
    if "SCOREKEEPER_INSTANCE" not in os.environ:
        platform.pytest_configure(config)
