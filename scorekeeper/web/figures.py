"""What every game's pages show figures with: money in the page's language, the evenings a statistics page adds up."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from markupsafe import Markup
from wtforms import DateField, StringField
from wtforms.validators import Length, Optional, ValidationError

from .. import formats
from ..i18n import _
from ..i18n import lazy_gettext as _l
from .forms import Form


def money_filter(amount: Decimal, currency: str, signed: bool = False, unit: bool = True) -> str:
    """``+1,90 €`` (or ``+1,90`` in a table whose header names the currency), in the page's language."""
    return formats.money(amount, currency, signed, unit)


#: the days statistics may be asked for: every day an evening can have been played, and none at the
#: calendar's very end (the search reads up to the day after the last one)
FIRST_DAY, LAST_DAY = date(1900, 1, 1), date(2999, 12, 31)


def a_day(_form: Form, field: DateField) -> None:
    """A day from :data:`FIRST_DAY` to :data:`LAST_DAY`; ``9999-12-31`` is refused with a sentence, not a 500."""
    if field.data is not None and not FIRST_DAY <= field.data <= LAST_DAY:
        raise ValidationError(_("A day from {first} to {last}, please.").format(
            first=FIRST_DAY.isoformat(), last=LAST_DAY.isoformat()))


class ChooseForm(Form):
    """Which evenings the statistics add up (a GET form: nothing changes, no CSRF token)."""

    class Meta:
        csrf = False

    since = DateField(_l("From"), validators=[Optional(), a_day])
    until = DateField(_l("To"), validators=[Optional(), a_day])
    player = StringField(_l("Player"), validators=[Optional(), Length(max=40)])

    def chosen_days(self) -> tuple[bool, date | None, date | None]:
        """Whether the choice is good, and its first and last day (None, None when it is not: every
        evening); a last day before the first is told under it."""
        valid = self.validate()
        since, until = (self.since.data, self.until.data) if valid else (None, None)
        if valid and since and until and since > until:
            self.until.errors = [*self.until.errors, _("The last day comes after the first.")]
            valid, since, until = False, None, None
        return valid, since, until


@dataclass(frozen=True, slots=True)
class StatsSection:
    """A game's section of the group's one statistics page, drawn by the game's package (``GameRecord.stats``):
    its HTML, whether what the form asked of it was good, and the player it is about (the page's title names
    them; empty: every player)."""

    html: Markup
    valid: bool = True
    player: str = ""


def day_presets(today: date) -> list[tuple[str, dict[str, str]]]:
    """The evenings a statistics page offers in one tap: all of them, this year's, last year's."""
    return [(_("All evenings"), {}), (f"{today.year}", {"since": date(today.year, 1, 1).isoformat()}),
            (f"{today.year - 1}", {"since": date(today.year - 1, 1, 1).isoformat(),
                                   "until": date(today.year - 1, 12, 31).isoformat()})]
