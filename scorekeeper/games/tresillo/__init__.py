"""Tresillo, the first game: its engine (pure, :mod:`.engine`), its plug-in (:mod:`.game`), its words and views.

The registry reads :data:`RECORDS` (this module imports nothing else): the plug-in, its services, pages,
printed documents and its own session file's commands load when the platform asks for them.
"""

from ..base import GameRecord

RECORDS = (GameRecord("tresillo", __name__, "game:TRESILLO", documents="documents:DOCUMENTS",
                      service="service:SERVICE", pages="pages", commands="commands"),)
