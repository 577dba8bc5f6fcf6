"""The group's statistics over its evenings of Tresillo, from the seats the platform kept when each evening ended."""

from __future__ import annotations

from datetime import date

from ....models import Group
from ....services.summaries import kept_declared, kept_seats
from ..game import SPEC
from ..statistics import Statistics, statistics


def group_statistics(group: Group, since: date | None = None, until: date | None = None) -> Statistics:
    """Statistics over the group's closed evenings of Tresillo played from ``since`` to ``until`` (both included).

    Reads the flat rows kept with each summary (two queries), never the hands.
    """
    seats = kept_seats(group, SPEC.name, since, until)
    return statistics(seats, kept_declared(group, SPEC.name, since, until))
