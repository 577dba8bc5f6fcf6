"""Terziglio (Calabresella) as a game plug-in: its engine (pure) is :mod:`.engine`."""

from .engine import SPEC, TERZIGLIO

__all__ = ["SPEC", "TERZIGLIO"]
