"""Head to head from the kept seats (scorekeeper.core.evenings.head_to_head), figures worked by hand."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from scorekeeper.core.evenings import Standing, head_to_head


def standing(evening: int, day: int, name: str, net: int, currency: str = "EUR") -> Standing:
    return Standing(evening, datetime(2026, 3, day), currency, 10, name, net, Decimal(net) / 10)


def test_level_evenings_currencies_and_the_order():
    """Ana and Luis: 12 March level (+3 each), 5 March Luis ahead (−5 against +8), 19 March in pesetas, Ana ahead
    (+20 against −20 ESP); Eva's seats are not theirs. Ana: −0.20 EUR, +2 ESP; Luis +1.10 EUR, −2 ESP."""
    h = head_to_head("Ana", "Luis", [
        standing(2, 12, "Ana", 3), standing(2, 12, "Luis", 3), standing(2, 12, "Eva", -6),
        standing(1, 5, "Luis", 8), standing(1, 5, "Ana", -5),
        standing(3, 19, "Ana", 20, "ESP"), standing(3, 19, "Luis", -20, "ESP"),
        standing(4, 26, "Ana", 7), standing(4, 26, "Eva", -7),
    ])
    assert [e.played_on.day for e in h.evenings] == [19, 12, 5]  # newest first; the 26th Luis missed
    assert [e.ahead for e in h.evenings] == [0, None, 1]
    assert (h.times_ahead(0), h.times_ahead(1), h.level) == (1, 1, 1)
    assert (h.net(0), h.net(1)) == (18, -9)
    assert h.money(0) == {"ESP": Decimal(2), "EUR": Decimal("-0.2")}
    assert h.money(1) == {"ESP": Decimal(-2), "EUR": Decimal("1.1")}
    assert h.gap() == {"ESP": Decimal(4), "EUR": Decimal("-1.3")}


def test_players_who_never_met():
    h = head_to_head("Ana", "Luis", [standing(1, 5, "Ana", 4), standing(2, 6, "Luis", -4)])
    assert h.evenings == () and h.level == 0 and h.gap() == {}
