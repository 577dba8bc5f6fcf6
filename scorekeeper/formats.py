"""Figures as the current language writes them: money, tantos, dates (through Babel's CLDR data).

Each function does one thing and asks :mod:`scorekeeper.i18n` for the
language, so the same view model reads right on a Spanish phone, in a French
PDF and in the English CLI. A currency code is shown as its symbol where the
language has one (``EUR`` → ``€``); a currency the players wrote themselves
(``ptas``, ``fichas``) follows the figure as they wrote it. Losses carry a
true minus sign (−), winnings a plus where asked.

>>> from decimal import Decimal
>>> from scorekeeper.i18n import use_language
>>> for lang in ("es", "fr", "en"):
...     with use_language(lang):
...         print(lang, money(Decimal("1234.56"), "EUR").replace(NBSP, "_").replace(NNBSP, "_"))
es 1.234,56_€
fr 1_234,56_€
en €1,234.56
"""

from __future__ import annotations

from datetime import date as Date
from datetime import datetime as DateTime
from decimal import Decimal
from functools import lru_cache

from babel import Locale, dates, numbers

from .i18n import current_language, current_locale

NBSP = "\u00a0"
NNBSP = "\u202f"  # French groups thousands with a narrow one
MINUS = "\u2212"
#: signs players type for a currency that has a code
_SIGNS = {"€": "EUR", "£": "GBP"}
CENT = Decimal("0.01")


def _iso_code(currency: str) -> str | None:
    """The ISO 4217 code of ``currency`` if it is one Babel knows (``eur`` → ``EUR``, ``€`` → ``EUR``)."""
    text = currency.strip()
    code = _SIGNS.get(text, text.upper())
    return code if len(code) == 3 and numbers.is_currency(code) else None


def _unsigned_money(amount: Decimal, currency: str, round_sums: bool) -> str:
    """``amount`` ≥ 0 with its currency, as the language places it."""
    locale = current_locale()
    code = _iso_code(currency)
    integral = amount == amount.to_integral_value()
    if code is None:
        pattern = "#,##0" if integral and round_sums else "#,##0.00"
        return numbers.format_decimal(amount, pattern, locale=locale) + NBSP + currency.strip()
    # whole pesetas show no decimals (the peseta has none); anything else to the cent
    whole = integral and (round_sums or numbers.get_currency_precision(code) == 0)
    text = numbers.format_currency(amount, code, locale=locale, currency_digits=False,
                                   format=None if not whole else _whole_pattern(locale))
    symbol = numbers.get_currency_symbol(code, locale=locale)
    if text.startswith(symbol) and symbol[-1:].isalpha():  # "ESP5,220" reads as one word
        text = symbol + NBSP + text[len(symbol):]
    return text


def _whole_pattern(locale: Locale) -> str:
    """The language's currency pattern without decimals: ``#,##0 ¤`` (es), ``¤#,##0`` (en)."""
    pattern = str(locale.currency_formats["standard"].pattern).split(";")[0]
    return pattern.replace(".00", "")


def money(amount: Decimal, currency: str, signed: bool = False, unit: bool = True, round_sums: bool = False) -> str:
    """Money to the cent: ``1,90 €`` (es), ``€1.90`` (en); with ``signed`` a plus for winnings;
    without ``unit`` the figure alone (in a column whose header names the currency); with
    ``round_sums`` a whole amount without its cents (a chart's grid: ``+2 €``).

    >>> from scorekeeper.i18n import use_language
    >>> with use_language("es"):
    ...     money(Decimal("-5220"), "ESP", signed=True), money(Decimal("0.5"), "ptas")
    ('−5.220\\xa0₧', '0,50\\xa0ptas')
    >>> with use_language("en"):
    ...     money(Decimal("-1.2"), "EUR", signed=True), money(Decimal("190"), "ESP", signed=True)
    ('−€1.20', '+ESP\\xa0190')
    >>> with use_language("fr"):
    ...     money(Decimal("-1234.5"), "EUR", signed=True, unit=False), money(Decimal(2), "EUR", round_sums=True)
    ('−1\\u202f234,50', '2\\xa0€')
    >>> money(Decimal("-650"), "ESP", signed=True, unit=False), money(Decimal("0.5"), "ESP", unit=False)
    ('−650', '0.50')
    """
    return _money(amount.quantize(CENT), currency, signed, unit, round_sums, current_language())


@lru_cache(maxsize=4096)
def _money(q: Decimal, currency: str, signed: bool, unit: bool, round_sums: bool, language: str) -> str:
    """:func:`money` of an amount already to the cent, kept: a page at 500 hands writes hundreds of
    amounts, most of them the same few, and Babel's formatting is the dearest part of each
    (the table screen, bench/tableside.py). ``language`` is the current one, part of the key."""
    if unit:
        text = _unsigned_money(abs(q), currency, round_sums)
    else:  # whole pesetas show no decimals here either
        code = _iso_code(currency)
        whole = q == q.to_integral_value() and code is not None and numbers.get_currency_precision(code) == 0
        text = numbers.format_decimal(abs(q), "#,##0" if whole else "#,##0.00", locale=current_locale())
    if q < 0:
        return MINUS + text
    return "+" + text if signed and q > 0 else text


def currency_sign(currency: str) -> str:
    """A currency as a column's heading names it: its sign in the language (``€``), else as the players wrote it.

    >>> currency_sign("EUR"), currency_sign("ptas")
    ('€', 'ptas')
    """
    code = _iso_code(currency)
    return numbers.get_currency_symbol(code, locale=current_locale()) if code else currency.strip()


def number(n: int | Decimal) -> str:
    """A figure with the language's grouping: ``1.234`` (es), ``1 234`` (fr), ``1,234`` (en)."""
    return numbers.format_decimal(n, locale=current_locale(), decimal_quantization=False)


def tantos(n: int, signed: bool = False) -> str:
    """Tantos in a bowl or a net result; a true minus below zero, a plus on winnings if ``signed``.

    >>> tantos(-5), tantos(19, signed=True), tantos(0, signed=True)
    ('−5', '+19', '0')
    """
    text = number(abs(n))
    if n < 0:
        return MINUS + text
    return "+" + text if signed and n > 0 else text


def date(value: Date | DateTime | None, style: str = "long") -> str:
    """A day: ``22 de noviembre de 2026`` (es, long), ``22 nov. 2026`` (fr, medium); blank for None."""
    if value is None:
        return ""
    day = value.date() if isinstance(value, DateTime) else value
    return dates.format_date(day, style, locale=current_locale())


def weekday_date(value: Date | DateTime | None) -> str:
    """A day with its weekday: ``domingo, 22 de noviembre de 2026``."""
    return date(value, "full")


def time(value: DateTime | None) -> str:
    """A time of day: ``20:30``."""
    if value is None:
        return ""
    return dates.format_time(value, "short", locale=current_locale())


def date_time(value: DateTime | None) -> str:
    """A day with its weekday and the time, short: ``mar, 17 nov 2026, 20:30``."""
    if value is None:
        return ""
    pattern = str(current_locale().datetime_formats["medium"])  # "{1}, {0}": the date, then the time
    return pattern.replace("{1}", short_date(value)).replace("{0}", time(value))


def short_date(value: Date | DateTime | None) -> str:
    """A day with its weekday, short: ``mar, 17 nov 2026``."""
    if value is None:
        return ""
    return dates.format_skeleton("yMMMEd", value, locale=current_locale())


#: Jinja filters for the pages and the printed documents
FILTERS = {"money": money, "tantos": tantos, "number": number, "date": date, "weekday_date": weekday_date,
           "short_date": short_date, "time": time, "date_time": date_time, "currency_sign": currency_sign}
