"""Rentoy, Truc and Put (seed 004) as game plug-ins: one engine (pure) in :mod:`.engine`."""

from .engine import PUT, RENTOY, TRUC

__all__ = ["PUT", "RENTOY", "TRUC"]
