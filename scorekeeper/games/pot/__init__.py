"""Cacho and Flor (seed 004), the pot games, as game plug-ins: one engine (pure) in :mod:`.engine`."""

from .engine import CACHO, FLOR

__all__ = ["CACHO", "FLOR"]
