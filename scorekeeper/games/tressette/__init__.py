"""Tressette, chiamata del tre and in due as game plug-ins: their engine (pure) is :mod:`.engine`."""

from .engine import TRESSETTE, TRESSETTE_CHIAMATA, TRESSETTE_IN_DUE

__all__ = ["TRESSETTE", "TRESSETTE_CHIAMATA", "TRESSETTE_IN_DUE"]
