"""Tresillo, the first game: its engine (pure, :mod:`.engine`), its plug-in (:mod:`.game`), its words and views.

Only the plug-in is exported here: the registry imports this package and stays pure, so the words
(:mod:`.words`) and the view model (:mod:`.views`) are imported by their own names where needed.
"""

from .game import SPEC, TRESILLO

__all__ = ["SPEC", "TRESILLO"]
