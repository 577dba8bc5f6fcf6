"""A player's name that would pass for another: invisible characters and look-alike letters.

:data:`domains.PLAYER_NAME` already trims a name, makes its inner spaces single,
composes its letters (NFC) and refuses control characters. A name entering a group
(added, renamed, or brought by a session file) is held to two more rules here, so
that two rows of the paper never look like one player:

- no invisible character (Unicode's format characters, category Cf: the zero-width
  joiner and space, a soft hyphen…), which would make "Ana" and "Ana" two people;
- no look-alike of a player the group has: "Аna" with a Cyrillic "А" reads as the
  Latin "Ana". :func:`skeleton` writes Cyrillic and Greek letters that look like
  Latin ones as those Latin letters (a small table, not Unicode's whole list),
  ignores case, and leaves out the marks nobody sees (variation selectors such as
  U+FE0F, format characters), so "Ana" + U+FE0F and "Ana" come out the same.

These rules apply to new names only; names already stored are read as they are.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from ..i18n import _
from .refusals import Refused

#: Cyrillic and Greek letters drawn like a Latin letter in common fonts, and that letter
LOOK_ALIKES = str.maketrans({
    # Cyrillic capitals and small letters
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T",
    "У": "Y", "Х": "X", "Ѕ": "S", "І": "I", "Ј": "J", "Ү": "Y", "Һ": "H", "Ӏ": "I", "Ԛ": "Q", "Ԝ": "W",
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j",
    "һ": "h", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ё": "ë", "ї": "ï",
    # Greek capitals and small letters
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
    "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    "ο": "o", "α": "a", "ι": "i", "κ": "k", "ν": "v", "ρ": "p", "υ": "u", "χ": "x", "ϲ": "c", "ϳ": "j",
    # Latin letters that stand in for another
    "ı": "i", "ȷ": "j",
})


def unseen(ch: str) -> bool:
    """Whether ``ch`` draws nothing of its own: a format character (Cf), a variation selector (U+FE00-FE0F,
    U+E0100-E01EF, Mongolian's U+180B-180F), the combining grapheme joiner, or a Hangul filler."""
    code = ord(ch)
    return (unicodedata.category(ch) == "Cf" or 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF
            or 0x180B <= code <= 0x180F or code in (0x034F, 0x115F, 0x1160, 0x3164, 0xFFA0))


def skeleton(name: str) -> str:
    """How a name reads: look-alike letters written as the Latin ones, compatibility forms folded, unseen marks
    left out, case ignored.

    >>> skeleton("\u0410na") == skeleton("ANA"), skeleton("\u039car\u03b9a") == skeleton("Maria")
    (True, True)
    >>> skeleton("Ana\ufe0f") == skeleton("Ana") == skeleton("A\u034fna"), skeleton("Ana") == skeleton("Ada")
    (True, False)
    """
    seen = "".join(ch for ch in unicodedata.normalize("NFC", name) if not unseen(ch))
    return unicodedata.normalize("NFKC", seen.translate(LOOK_ALIKES)).casefold()


def invisible(name: str) -> str | None:
    """The code of the first invisible (format, Cf) character of ``name``, as U+200D; None if there is none."""
    for ch in name:
        if unicodedata.category(ch) == "Cf":
            return f"U+{ord(ch):04X}"
    return None


def check_new_name(name: str, others: Iterable[str], field: str = "name") -> None:
    """Refuse ``name`` (already in its domain) if it hides a character or reads as one of ``others``.

    ``others`` are the group's players (without the one being renamed); a name equal to one
    of them whatever its case is refused elsewhere, with its own sentence.
    """
    code = invisible(name)
    if code is not None:
        raise Refused(field, _("“{name}” holds an invisible character ({code}): type the name again without "
                               "it.").format(name=name, code=code))
    mine = skeleton(name)
    for other in others:
        if skeleton(other) != mine or other.casefold() == name.casefold():
            continue
        mark = next((f"U+{ord(ch):04X}" for ch in name + other if unseen(ch)), None)
        if mark is not None:
            raise Refused(field, _("“{name}” looks the same as {other}, who is already in this group: it only adds "
                                   "a mark nobody sees ({code}). Choose {other}, or a name that reads "
                                   "differently.").format(name=name, other=other, code=mark))
        raise Refused(field, _("“{name}” looks the same as {other}, who is already in this group, but is "
                                   "written with other letters (from another alphabet). Choose {other}, or a "
                                   "name that reads differently.").format(name=name, other=other))
