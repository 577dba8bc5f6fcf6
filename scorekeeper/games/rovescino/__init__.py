"""Rovescino as a game plug-in: its engine (pure) is :mod:`.engine`."""

from .engine import ROVESCINO, SPEC

__all__ = ["ROVESCINO", "SPEC"]
