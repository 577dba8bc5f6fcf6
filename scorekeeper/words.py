"""The platform's words for every game: a refusal of a field in the reader's language, a list of names.

The engines (Tresillo's and the other games') refuse with a :class:`~scorekeeper.core.errors.FieldError`
or an :class:`~scorekeeper.core.domains.OutOfDomain`: data, a template marked with ``N_`` and its
values. Here they become a sentence, so services, web and the command line say them alike.

>>> names(["Ana", "Luis", "Pilar"])
'Ana, Luis and Pilar'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from . import formats
from .core.domains import OutOfDomain
from .core.errors import FieldError
from .i18n import N_, _


def names(items: Sequence[str]) -> str:
    """A list of names or terms: ``A``, ``A and B``, ``A, B and C``."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


#: what a value outside its domain is told (``OutOfDomain.reason``): the field takes…
DOMAIN_WORDS = {
    "domain.whole": N_("a whole number from {least} to {most}"),
    "domain.amount": N_("a number from 0 to {most} with at most {places} decimals, such as {example}"),
    "domain.not_text": N_("give it as text"),
    "domain.length": N_("from {least} to {most} characters (this has {count})"),
    "domain.surrogate": N_("no lone surrogate: the text is not valid Unicode"),
    "domain.control": N_("no control character ({code})"),
    "domain.invisible": N_("no invisible control character ({code})"),
    "domain.currency": N_("letters, a currency sign or a period, such as EUR, €, US$ or ptas"),
    "domain.dish": N_("“{name}” names a dish on the table, not a player: choose another name"),
    "domain.not_money": N_("“{name}” is a word of computers, not money: write a currency such as EUR, € or ptas"),
    "domain.form_key": N_("this form is damaged: reload the page and send it again"),
}


#: the card games' codes a refusal names, in words, by the name of the value (``suit="coins"``):
#: the suits of the Spanish/Italian pack, a card's rank with its article (a language's template cannot
#: choose between "il" and "l'"), the ranks declared together, a declaration's kind (game words stay)
REFUSAL_VALUES: Mapping[str, Mapping[str, str]] = {
    "suit": {"swords": N_("swords"), "batons": N_("batons"), "cups": N_("cups"), "coins": N_("coins")},
    "rank": {"3": N_("the Three"), "2": N_("the Two"), "A": N_("the Ace"), "K": N_("the King"),
             "C": N_("the Knight"), "F": N_("the Jack"), "7": N_("the Seven"), "6": N_("the Six"),
             "5": N_("the Five"), "4": N_("the Four")},
    "ranks": {"3": N_("the Threes"), "2": N_("the Twos"), "A": N_("the Aces")},
    "kind": {"napoletana": N_("napoletana"), "decima": N_("decima")},
}


def _value_words(params: Mapping[str, Any]) -> dict[str, Any]:
    """A refusal's values with each code of :data:`REFUSAL_VALUES` in the reader's words."""
    out = dict(params)
    for name, words in REFUSAL_VALUES.items():
        value = out.get(name)
        if isinstance(value, str) and value in words:
            out[name] = _(words[value])
    return out


def refusal(err: FieldError | OutOfDomain) -> str:
    """An engine refusal in the reader's language: its template translated, then its values filled in.

    The engine writes no words for players; it gives the field, a template marked with ``N_`` (or,
    for a value outside its domain, the reason: :data:`DOMAIN_WORDS`) and the values (issue 15).
    A refusal without a template (a message built elsewhere) reads as given.

    >>> from scorekeeper.core.domains import START_TOKENS
    >>> try:
    ...     START_TOKENS.parse("²")
    ... except OutOfDomain as exc:
    ...     refusal(exc)
    'a whole number from 5 to 100,000'
    """
    if not err.template:
        return err.message
    if err.template in DOMAIN_WORDS:
        return _(DOMAIN_WORDS[err.template]).format(**_domain_figures(dict(err.params)))
    try:
        return _(err.template).format(**_value_words(dict(err.params)))
    except (KeyError, IndexError, ValueError):  # a translation that lost a placeholder: say it in English
        return err.message


def refusal_line(err: FieldError) -> str:
    """A refusal on one line, naming the hand (or the session) and the field: what the CLI prints."""
    if err.hand is None:
        return _("session: {field}: {refusal}").format(field=err.field, refusal=refusal(err))
    if err.unit == "deal":
        return _("deal {n}: {field}: {refusal}").format(n=err.hand, field=err.field, refusal=refusal(err))
    return _("hand {n}: {field}: {refusal}").format(n=err.hand, field=err.field, refusal=refusal(err))


def _domain_figures(params: dict[str, Any]) -> dict[str, Any]:
    """A domain's figures written the reader's way ("100.000", "0,10")."""
    out: dict[str, Any] = {k: formats.number(v) if isinstance(v, int | Decimal) else v for k, v in params.items()}
    out["example"] = formats.money(Decimal("0.10"), "EUR", unit=False)
    return out
