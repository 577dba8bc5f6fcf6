"""English words that are neither Spanish nor French: found in a Spanish or French page, they were never translated.

The game's own words (plato, puesta, codillo, solo, mano…) stay Spanish in every language and are
not here; nor is any word a Spanish or French sentence may hold ("table", "session", "on", "total").
"""

from __future__ import annotations

import re

from scorekeeper.words import DOMAIN_WORDS

ENGLISH = frozenset("""
the and with from each next who what this that yet which when where there here than
is are was were be been has have had it its you your not for of to by all any how
hand hands player players pays paid wins won lost loses paper trick tricks evening evenings
settle settled settlement save saved enter back report dealer deals dealt declarer tokens token
bowl bowls dish round fix fixed mistake undo delete deleted edit share print start started
end ended history rules score scores money owes owed debt debts takes nothing everyone nobody
surrender preview open close new game week month today tonight yes off seat group phone
language should must please nothing left right first last more less
rest deck refused folded raised
""".split())

#: English words that are also plain words of one of our languages: in Catalan the paper is "el paper"
#: and a whole number "un nombre enter"
NATIVE = {"ca": frozenset({"paper", "enter"})}

#: the language bar shows each language by its code on a phone: "IT" is Italian, not "it"
LANGUAGE_CODES = frozenset({"ES", "EN", "FR", "IT", "CA"})

_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def english_words(text: str, language: str | None = None) -> list[str]:
    """The English words of ``text`` (each once, in order of first appearance), said in ``language``."""
    native = NATIVE.get(language or "", frozenset())
    seen: dict[str, None] = {}
    for word in _WORD.findall(text):
        if word in LANGUAGE_CODES:  # the language bar's codes on a phone (ES EN FR IT CA), not words
            continue
        if word.lower() in ENGLISH and word.lower() not in native:
            seen.setdefault(word, None)
    return list(seen)


#: a message id (``domain.not_text``) where a sentence belongs: the namespaces of the ids the narration says
MESSAGE_ID = re.compile(r"\b(?:{})\.[a-z_]+".format("|".join(sorted({k.split(".")[0] for k in DOMAIN_WORDS}))))
#: what stays as a session file writes it in every language: quoted values, JSON shapes in braces, field
#: names with a dot or an underscore (``options.dealer_bet``), a field named before its refusal
#: (``tricks: …``, ``history[0].kind : …``), lists of the file's values (``failed, won``) and one word
#: quoted in parentheses, as a part of an address is (``(edit)``)
_AS_WRITTEN = re.compile(
    r"(?<!\w)'[^']*'(?!\w)|\"[^\"]*\"|“[^”]*”|«[^»]*»|\{\{.*?\}\}|\{[^{}]*:[^{}]*\}|\b\w+(?:[._]\w+)+\b"
    r"|\b[a-z_]+(?:\[\d+\])?(?:\.[a-z_]+)*\s?:(?=\s)|(?:(?<=: )|(?<=parmi )|(?<=de )|(?<=di )|(?<=of ))[\w-]+(?:, [\w-]+)+\b|\(\S+\)")


def refusal_words(text: str, language: str | None = None) -> list[str]:
    """The English words of a refusal said in another language, once what stays as written is taken out."""
    return english_words(_AS_WRITTEN.sub(" ", text), language)
