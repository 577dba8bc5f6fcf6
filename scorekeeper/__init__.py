"""scorekeeper — the Tresillo table companion."""

__version__ = "0.1.0"
