"""When each part of the hand form applies: the one rule the page, its script and the form's refusals read.

A part is shown only for some answers above it: the contract, how the hand ended and the surrender.
:func:`hand_parts` says it once, from the table's choices (the ruleset's data). The page writes each
part's conditions as data attributes and hides the parts that do not apply to the answers it is drawn
with (so it never jumps); ``static/games/tresillo.js`` re-reads the same attributes as the player taps; a refusal
for a field inside a hidden part is shown at the top of the form instead (``HandForm.refuse``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from markupsafe import Markup, escape

from ..services import HandChoices


@dataclass(frozen=True)
class When:
    """The answers a part applies to; an empty condition holds for any answer.

    ``show`` / ``hide``: contracts; ``result``: how the hand ended (only where the table asks it);
    ``surrender``: "none", "accepted" or "takeover".
    """

    show: tuple[str, ...] = ()
    hide: tuple[str, ...] = ()
    result: tuple[str, ...] = ()
    surrender: tuple[str, ...] = ()

    def holds(self, answers: Answers) -> bool:
        return not ((self.show and answers.contract not in self.show) or answers.contract in self.hide
                    or (self.result and answers.asks_result and answers.result not in self.result)
                    or (self.surrender and answers.surrender not in self.surrender))

    def attributes(self, answers: Answers) -> Markup:
        """The part's conditions as the page writes them (read by tresillo.js), ``hidden`` when they do not hold."""
        named = (("data-show", self.show), ("data-hide", self.hide), ("data-result", self.result),
                 ("data-surrender", self.surrender))
        out = "".join(f' {name}="{escape(" ".join(words))}"' for name, words in named if words)
        return Markup(out + ("" if self.holds(answers) else " hidden"))


@dataclass(frozen=True)
class Answers:
    """What the form says so far: the contract, how it ended ("" untold), the surrender ("none" when not)."""

    contract: str
    result: str
    surrender: str
    asks_result: bool


#: the parts inside another part (a field's refusal is shown only where every box around it is shown)
INSIDE = {"winner": "result", "takeover": "surrender", "estuche": "condiciones", "contra_estuche": "condiciones",
          "primeras": "condiciones", "bola": "condiciones"}

#: a form field → the part of the page it is drawn in
FIELD_PART = {"t0": "tricks", "t1": "tricks", "t2": "tricks", "t3": "tricks", "estuche_count": "estuche"}


def hand_parts(ch: HandChoices) -> Mapping[str, When]:
    """Every part of the hand form that depends on an earlier answer, with the answers it is for."""

    def after_takeover(name: str) -> tuple[str, ...]:
        """A condición a new declarer may not claim after a takeover is not asked then."""
        return ("none", "takeover") if name in ch.takeover_paid else ("none",)

    played = ("none", "takeover")  # the hand was played out: no accepted surrender
    return {
        "declarer": When(hide=("pass", "penetro")),
        "trump": When(hide=("pass",)),
        "drops_out": When(show=("penetro",), surrender=("none",)),
        "surrender": When(show=ch.surrender),
        "takeover_choice": When(show=ch.takeover),
        "takeover": When(surrender=("takeover",)),
        "result": When(hide=("pass",), surrender=played),
        "winner": When(result=("codillo",)),
        "forced": When(show=("entrada",)),
        "tricks": When(hide=("pass",), result=("tricks",), surrender=played),
        "condiciones": When(hide=("pass",), surrender=("none", "takeover") if ch.takeover_paid else ("none",)),
        "estuche": When(surrender=after_takeover("estuche")),
        "contra_estuche": When(surrender=after_takeover("contra_estuche")),
        "primeras": When(result=("sacado", "tricks"), surrender=after_takeover("primeras")),
        "bola": When(result=("sacado", "tricks"), surrender=after_takeover("bola")),
        "debt": When(hide=("pass",)),
    }


def field_shown(parts: Mapping[str, When], field: str, answers: Answers) -> bool:
    """Whether the page drawn with ``answers`` shows ``field`` (its part and every part around it)."""
    part: str | None = FIELD_PART.get(field, field)
    while part is not None:
        when = parts.get(part)
        if when is not None and not when.holds(answers):
            return False
        part = INSIDE.get(part)
    return True
