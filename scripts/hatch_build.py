"""Hatch build hook: a wheel carries compiled catalogs (the .mo files are not kept in git).

It runs scorekeeper.i18n.compile_catalogs from the source tree (loaded by path:
the package itself is not installed yet) and adds each .mo to the wheel.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CompileCatalogs(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        spec = importlib.util.spec_from_file_location("_scorekeeper_i18n", root / "scorekeeper" / "i18n.py")
        assert spec is not None and spec.loader is not None
        i18n = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(i18n)
        translations = root / "scorekeeper" / "translations"
        i18n.compile_catalogs(translations)
        if version == "editable":
            return  # the source tree is the package: the .mo files are already in place
        for mo in translations.glob("*/LC_MESSAGES/*.mo"):
            build_data["force_include"][str(mo)] = str(mo.relative_to(root))
