"""Tresillo, the first game: its engine (pure, :mod:`.engine`), its plug-in (:mod:`.game`), its words and views.

The registry reads :data:`RECORDS` (this module imports nothing else): the plug-in, its services, pages,
printed documents, its own session file's commands and reader load when the platform asks for them.
"""

from ..base import GameRecord

RECORDS = (GameRecord("tresillo", __name__, "game:TRESILLO", documents="documents:DOCUMENTS",
                      service="service:SERVICE", pages="pages", stats="pages.evenings:stats_section",
                      commands="commands",
                      reader="services.files:import_session", replays="services.replays:REPLAYER",
                      dishes=("plato", "pajaritos", "paper", "pot"),
                      money=("engine.stake", "engine.puesta", "engine.french"),
                      money_tests=(
                          "tests/engine/test_worked_example.py", "tests/engine/test_pagat.py",
                          "tests/engine/test_house.py", "tests/engine/test_refusals.py", "tests/engine/test_fields.py",
                          "tests/engine/test_outcome_entry.py", "tests/variants/test_french.py",
                          "tests/variants/test_french_outcome.py", "tests/variants/test_palo_de_favor.py",
                          "tests/variants/test_scale_five.py", "tests/variants/test_codillo_penetro_condiciones.py",
                          "tests/engine/test_properties.py", "tests/variants/test_variant_properties.py")),)
