"""Figures the way each language writes them (Babel's CLDR data), and the CLI's language."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from pathlib import Path

import pytest

from scorekeeper import formats
from scorekeeper.cli import main
from scorekeeper.i18n import current_language, environment_language, use_language

DATA = Path(__file__).resolve().parent / "data" / "worked_example.json"
NBSP, NNBSP = "\u00a0", "\u202f"


@pytest.mark.parametrize("lang, expected", [
    ("es", f"1.234,56{NBSP}€"),
    ("fr", f"1{NNBSP}234,56{NBSP}€"),
    ("en", "€1,234.56"),
    ("ca", f"1.234,56{NBSP}€"),
])
def test_money_as_the_issue_writes_it(lang, expected):
    with use_language(lang):
        assert formats.money(Decimal("1234.56"), "EUR") == expected


@pytest.mark.parametrize("lang, currency, amount, signed, expected", [
    ("es", "EUR", "-5220", True, f"−5.220,00{NBSP}€"),
    ("es", "ESP", "-5220", True, f"−5.220{NBSP}₧"),  # the peseta's sign, and no cents
    ("es", "ESP", "0.5", False, f"0,50{NBSP}₧"),  # a part of a peseta is shown, not rounded away
    ("en", "ESP", "190", True, f"+ESP{NBSP}190"),  # no English sign: the code, apart from the figure
    ("fr", "GBP", "3", True, f"+3,00{NBSP}£GB"),
    ("en", "eur", "1.2", False, "€1.20"),  # a code in small letters is still the euro
    ("es", "€", "1.2", False, f"1,20{NBSP}€"),  # so is its sign
    ("es", "ptas", "1234.5", False, f"1.234,50{NBSP}ptas"),  # the players' own word follows the figure
    ("en", "fichas", "-0.001", True, f"0.00{NBSP}fichas"),  # rounds to nothing: no sign
])
def test_money_cases(lang, currency, amount, signed, expected):
    with use_language(lang):
        assert formats.money(Decimal(amount), currency, signed) == expected


def test_tantos_and_dates():
    when = datetime(2026, 11, 17, 20, 30)
    with use_language("es"):
        assert formats.tantos(-1234) == "−1.234" and formats.tantos(19, signed=True) == "+19"
        assert formats.weekday_date(when) == "martes, 17 de noviembre de 2026"
        assert formats.time(when) == "20:30"
    with use_language("fr"):
        assert formats.tantos(1234) == f"1{NNBSP}234"
        assert formats.date(when) == "17 novembre 2026"
    with use_language("en"):
        assert formats.date(when) == "17 November 2026" and formats.time(when) == "20:30"
    assert formats.date(None) == "" and formats.time(None) == ""


def test_catalan_figures_and_dates_as_ca_es_writes_them():
    """Catalan writes figures as Spain does and its own months, with the apostrophe before a vowel (d’abril)."""
    with use_language("ca"):
        assert formats.money(Decimal("-1.2"), "EUR", signed=True) == f"−1,20{NBSP}€"
        assert formats.money(Decimal("5220"), "ESP") == f"5.220{NBSP}₧"
        assert formats.money(Decimal("0.5"), "ptas") == f"0,50{NBSP}ptas"
        assert formats.tantos(-1234) == "−1.234" and formats.tantos(19, signed=True) == "+19"
        assert formats.date(datetime(2026, 11, 17)) == "17 de novembre del 2026"
        assert formats.weekday_date(datetime(2026, 4, 14)) == "dimarts, 14 d’abril del 2026"
        assert formats.date_time(datetime(2026, 11, 17, 20, 30)) == "dt., 17 de nov. 2026, 20:30"
        assert formats.time(datetime(2026, 4, 14, 9, 5)) == "9:05"


def test_use_language_restores_the_previous_one():
    with use_language("fr"):
        with use_language("es"):
            assert current_language() == "es"
        assert current_language() == "fr"
        with use_language("de"):  # not ours: unchanged
            assert current_language() == "fr"
    assert current_language() == "en"


@pytest.mark.parametrize("variables, expected", [
    ({"LANGUAGE": "es_ES:en"}, "es"),
    ({"LANGUAGE": "", "LC_ALL": "fr_FR.UTF-8"}, "fr"),
    ({"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "de_DE.UTF-8"}, "en"),
    ({"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C"}, "en"),
])
def test_cli_language_from_the_environment(monkeypatch, variables, expected):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    assert environment_language() == expected


def test_cli_lang_option_beats_the_environment(monkeypatch, capsys):
    monkeypatch.setenv("LANGUAGE", "fr")
    assert main(["replay", str(DATA), "--lang", "es"]) == 0
    spanish = capsys.readouterr().out
    assert f"+190{NBSP}₧" in spanish and "ESP" not in spanish
    assert main(["replay", str(DATA)]) == 0
    french = capsys.readouterr().out
    assert f"+190{NBSP}ESP" in french
    with pytest.raises(SystemExit) as refused:  # a usage error: one line, exit 2, as for any option
        main(["replay", str(DATA), "--lang", "de"])
    assert refused.value.code == 2
    assert "--lang" in capsys.readouterr().err
