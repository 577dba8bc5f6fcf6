"""Every input's domain, defined once: what a name, a stake, a count may be (a game's own in its engine).

The session-file reader, the web forms, the services and the database columns
(their sizes and CHECK constraints) all take their limits from here, so a
value one of them accepts is never refused — or stored and then choked on —
by another. docs/rules.md ("What may be entered") lists the same numbers.

A check returns the value in its one canonical form (a name trimmed, its
inner spaces single and its letters composed; a stake without an
exponent) or raises :class:`OutOfDomain` with a sentence saying what the
field takes — as data: which rule the value broke and the figures of that rule.
The words are the platform's (``scorekeeper.words.refusal``), in the
reader's language; the engine writes no sentence for players. Typed text is
parsed strictly: ASCII digits only, never ``²``, ``①`` or ``٣``, and never
more digits than the largest value has.

>>> PLAYER_NAME.clean("  Ana   María ")
'Ana María'
>>> START_TOKENS.parse("160")
160
>>> START_TOKENS.parse("²")
Traceback (most recent call last):
...
scorekeeper.core.domains.OutOfDomain: domain.whole (least=5, most=100000)
>>> str(STAKE.check(Decimal("1E+2"))), str(STAKE.check("0.10")), str(STAKE.parse("0,5"))
('100', '0.10', '0.5')
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from .errors import FieldError


class OutOfDomain(ValueError):
    """A value outside its field's domain: the rule it broke (``reason``) and that rule's figures.

    Data, not a sentence: ``reason`` is one of :data:`REASONS` and ``params`` the figures
    (``least``, ``most``, ``count``, a character's ``code``…); the narration says it
    (``scorekeeper.words.refusal``). ``str()`` is for developers only.
    """

    def __init__(self, reason: str, **params: Any) -> None:
        assert reason in REASONS, reason
        shown = ", ".join(f"{k}={v}" for k, v in params.items())
        super().__init__(f"{reason} ({shown})" if shown else reason)
        self.reason = reason
        self.params = tuple(params.items())

    @property
    def template(self) -> str:
        """What a refusal built from this one carries as its template (the narration knows each reason)."""
        return self.reason

    @property
    def message(self) -> str:
        return str(self.args[0])

    def at(self, hand: int | None, field: str) -> FieldError:
        """This refusal as a :class:`FieldError` of a session file's ``field``."""
        return FieldError(hand, field, self.message, self.reason, self.params)


#: every reason a value is refused; the narration has a sentence for each
REASONS = frozenset({
    "domain.whole",  # least, most
    "domain.amount",  # most, places
    "domain.not_text",
    "domain.length",  # least, most, count
    "domain.surrogate",
    "domain.control",  # code
    "domain.invisible",  # code
    "domain.currency",
    "domain.dish",  # name
    "domain.not_money",  # name
    "domain.form_key",
})


def is_whole(value: Any) -> bool:
    """A JSON whole number: an ``int`` that is not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


# ------------------------------------------------------------------ numbers

_ASCII_DIGITS = frozenset("0123456789")


@dataclass(frozen=True, slots=True)
class Whole:
    """A whole number from ``least`` to ``most`` (both included)."""

    least: int
    most: int

    @property
    def digits(self) -> int:
        """The longest typed form this domain accepts."""
        return len(str(self.most))

    def refused(self) -> OutOfDomain:
        """What this domain says of a value outside it."""
        return OutOfDomain("domain.whole", least=self.least, most=self.most)

    def check(self, value: Any) -> int:
        if not is_whole(value) or not self.least <= value <= self.most:
            raise self.refused()
        return int(value)

    def parse(self, text: str) -> int:
        """Typed text (a form field): ASCII digits only, at most :attr:`digits` of them.

        >>> START_TOKENS.parse(" 160 ")
        160
        >>> START_TOKENS.parse("1" * 4301)
        Traceback (most recent call last):
        ...
        scorekeeper.core.domains.OutOfDomain: domain.whole (least=5, most=100000)
        """
        typed = text.strip(" \t")
        if not typed or len(typed) > self.digits or not _ASCII_DIGITS.issuperset(typed):
            raise self.refused()
        return self.check(int(typed))


# -------------------------------------------------------------------- text

#: bidirectional embeddings, overrides and isolates: they can make one name read as another
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def forbidden_character(text: str) -> OutOfDomain | None:
    """The refusal of the first character no name or code may hold; None when all are fine.

    Refused: control characters (NUL, bell, escape…), lone surrogates (text
    that is not valid Unicode), the noncharacters and the bidirectional
    controls.

    >>> forbidden_character("Ana"), forbidden_character("A\\x00"), forbidden_character("A\\ud800")
    (None, OutOfDomain('domain.control (code=U+0000)'), OutOfDomain('domain.surrogate'))
    """
    if text.isascii() and text.isprintable():  # the usual name: none of these (each character asked costs a replay)
        return None
    for ch in text:
        cat = unicodedata.category(ch)
        code = f"U+{ord(ch):04X}"
        if cat == "Cs":
            return OutOfDomain("domain.surrogate")
        if cat in ("Cc", "Zl", "Zp"):
            return OutOfDomain("domain.control", code=code)
        if ch in _BIDI_CONTROLS or 0xFDD0 <= ord(ch) <= 0xFDEF or (ord(ch) & 0xFFFE) == 0xFFFE:
            return OutOfDomain("domain.invisible", code=code)
    return None


def valid_unicode(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (no lone surrogates)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class Text:
    """A line of text: trimmed, inner spaces made single, letters composed (NFC).

    ``chars`` names a further rule on each character (see :data:`CURRENCY`); ``what`` names
    the domain for the code (a key, never shown).
    """

    what: str
    least: int
    most: int
    chars: str = ""
    #: words that cannot be this text, whatever their case (a player called like a dish of a game), and the reason told
    reserved: frozenset[str] = frozenset()
    reserved_reason: str = "domain.dish"

    def too_long(self, count: int) -> OutOfDomain:
        return OutOfDomain("domain.length", least=self.least, most=self.most, count=count)

    def clean(self, value: Any) -> str:
        if not isinstance(value, str):
            raise OutOfDomain("domain.not_text")
        if len(value) > 4 * self.most + 64:  # far too long whatever its spaces: refused before any work
            raise self.too_long(len(value))
        ascii_only = value.isascii()  # then valid Unicode already composed (asking costs every replay its names)
        if not ascii_only and not valid_unicode(value):
            raise OutOfDomain("domain.surrogate")
        text = " ".join(value.split())
        if not ascii_only:
            text = unicodedata.normalize("NFC", text)
        bad = forbidden_character(text)
        if bad is not None:
            raise bad
        if not self.least <= len(text) <= self.most:
            raise self.too_long(len(text))
        if self.chars and not all(_CHAR_RULES[self.chars](ch) for ch in text):
            raise OutOfDomain(f"domain.{self.chars}")
        if text.casefold() in self.reserved:
            raise OutOfDomain(self.reserved_reason, name=text)
        return text


def _currency_char(ch: str) -> bool:
    return ch == "." or unicodedata.category(ch) in ("Lu", "Ll", "Lt", "Lo", "Sc")


_CHAR_RULES = {"currency": _currency_char}


def name_key(name: str) -> str:
    """What makes two names the same person in a group: case and accents as typed are folded.

    >>> name_key("ANA") == name_key("ana"), name_key("Straße") == name_key("STRASSE")
    (True, True)
    """
    return unicodedata.normalize("NFC", name.casefold())


# ------------------------------------------------------------------ decimals

_DECIMAL_TEXT = re.compile(r"[0-9]+(?:\.[0-9]+)?|[0-9]*\.[0-9]+")


@dataclass(frozen=True, slots=True)
class Amount:
    """A decimal from 0 to ``most`` with at most ``places`` decimal places (money per point)."""

    most: Decimal
    places: int

    def refused(self) -> OutOfDomain:
        """What this domain says of a value outside it."""
        return OutOfDomain("domain.amount", most=self.most, places=self.places)

    @property
    def longest(self) -> int:
        """The longest text this domain accepts ("100000.0000")."""
        return len(str(int(self.most))) + 1 + self.places

    def check(self, value: Any) -> Decimal:
        """``value`` as a canonical :class:`Decimal` (text "0.10", a JSON number, a Decimal)."""
        if isinstance(value, str):
            typed = value.strip(" \t")
            if len(typed) > self.longest or not _DECIMAL_TEXT.fullmatch(typed):
                raise self.refused()
            number = Decimal(typed)
        elif isinstance(value, Decimal) or is_whole(value):
            number = Decimal(value)
        elif isinstance(value, float):
            number = Decimal(repr(value))
        else:
            raise self.refused()
        if not number.is_finite() or number < 0 or number > self.most:
            raise self.refused()
        exponent = number.as_tuple().exponent
        if not isinstance(exponent, int) or exponent < -self.places:
            raise self.refused()
        try:
            return Decimal(format(number, "f")) + 0  # no exponent; -0 becomes 0
        except InvalidOperation:  # pragma: no cover  (bounded above: cannot happen)
            raise self.refused() from None

    def parse(self, text: str) -> Decimal:
        """Typed text; a decimal comma is read as a point ("0,10")."""
        return self.check(text.replace(",", ".", 1) if text.count(",") == 1 and "." not in text else text)


# ---------------------------------------------------------------- form keys

_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")


@dataclass(frozen=True, slots=True)
class Key:
    """A form key (the idempotency key a form carries): URL-safe ASCII, 1 to 64 characters."""

    most: int = 64

    def check(self, value: Any) -> str:
        if not isinstance(value, str) or not _KEY.fullmatch(value):
            raise OutOfDomain("domain.form_key")
        return value


# ------------------------------------------------------------------ catalogue
# Every field's domain, with its numbers. Sizes of database columns are derived
# from these (scorekeeper/models.py), and the CHECK constraints repeat them.

#: a player's name; unique in a group by :func:`name_key` (and never a game's dish: ``games.registry.player_name``)
PLAYER_NAME = Text("player name", 1, 40)
#: a group's name
GROUP_NAME = Text("group name", 1, 80)
#: the name a phone gives itself ("Ana's phone"), written next to its changes in a session's history
PHONE_NAME = Text("phone name", 1, 40)
#: the title of a printed evening
TITLE = Text("title", 1, 120)
#: an ISO-like code (EUR, CHF) or a short sign (€, $, US$, ptas)
CURRENCY = Text("currency", 1, 8, chars="currency",
                reserved=frozenset({"inf", "infinity", "nan", "null", "none", "nil", "true", "false", "undefined"}),
                reserved_reason="domain.not_money")
#: the money one point of a game is worth (Tresillo's tanto): 0 to 100,000 with at most 4 decimal places
STAKE = Amount(Decimal(100_000), 4)
#: the points each player starts with (Tresillo's tokens)
START_TOKENS = Whole(5, 100_000)
#: how many hands one session may hold (a server may set a lower limit)
HANDS = Whole(0, 10_000)
#: the number of a hand in its session
HAND_NUMBER = Whole(1, HANDS.most)
#: a session's version (one more for every change)
VERSION = Whole(0, 2**31 - 1)
#: the number of a stored row a form refers to (the newest evening a page knew of)
ROW_ID = Whole(0, 2**31 - 1)
#: the key a form carries so a re-sent post is recognised
FORM_KEY = Key()
#: how deeply a session file's JSON may nest (a real one nests four deep)
JSON_DEPTH = 32
#: the largest session file read, in bytes (10,000 hands fit in about 2 MB)
FILE_BYTES = 8 * 1024 * 1024
