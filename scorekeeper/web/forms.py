"""WTForms forms (CSRF through Flask-WTF) every page shares: the fields read by their domains, a form's key,
the group's forms, the forms of a phone's name and of the next evening.

Every field takes its domain from :mod:`scorekeeper.core.domains`: numbers
are parsed strictly (ASCII digits only, never more than the largest value
has), a value posted for a choice must be one of the choices offered, and
every refusal is shown — next to its field, or at the top of the form when
the field is hidden (a damaged form key, hand number or version).
"""

from __future__ import annotations

import secrets
from functools import lru_cache
from gettext import NullTranslations
from typing import Any

from babel import support
from flask import current_app
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    HiddenField,
    IntegerField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.i18n import messages_path
from wtforms.validators import DataRequired, Optional, ValidationError

from .. import services
from ..core import domains
from ..core.domains import Amount, OutOfDomain, Text, Whole
from ..games.registry import player_name
from ..i18n import LANGUAGES, N_, _, current_language
from ..i18n import lazy_gettext as _l
from ..words import refusal


def quoted(value: Any) -> str:
    text = str(value)
    return f"“{text}”" if len(text) <= 30 else f"“{text[:29]}…”"


def not_a_choice(value: Any) -> str:
    return _("{value} is not one of the choices: pick one of those shown.").format(value=quoted(value))


class AmongChoices:
    """A value posted for a choice must be one of the choices offered; blank means none was picked."""

    def __call__(self, form: Any, field: Any) -> None:
        if field.data in (None, ""):
            return
        if str(field.data) not in {str(choice[0]) for choice in field.choices or ()}:
            raise ValidationError(not_a_choice(field.data))


class InDomain:
    """Text in its domain (a name, a currency): :meth:`Text.clean` says what is wrong."""

    def __init__(self, domain: Text) -> None:
        self.domain = domain

    def __call__(self, form: Any, field: Any) -> None:
        if not field.data:
            return
        try:
            self.domain.clean(field.data)
        except OutOfDomain as exc:
            raise ValidationError(services.sentence(refusal(exc))) from None


class TypedNumber:
    """A number typed or tapped on a phone, read by its domain's strict ``parse`` (ASCII digits only)."""

    data: Any

    def __init__(self, label: str, domain: Whole | Amount, validators: Any = None, **kwargs: Any) -> None:
        super().__init__(label, validators, **kwargs)  # type: ignore[call-arg]  # a mixin before a WTForms field
        self.domain = domain

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist or not str(valuelist[0]).strip():
            self.data = None
            return
        try:
            self.data = self.domain.parse(str(valuelist[0]))
        except OutOfDomain as exc:
            self.data = None
            raise ValueError(services.sentence(refusal(exc))) from None


class WholeField(TypedNumber, IntegerField):
    """A whole number within its domain (tricks, tokens, a count)."""


class AmountField(TypedNumber, StringField):
    """A decimal within its domain ("0.10" or "0,10"); its data is a Decimal."""


#: said with _(DAMAGED) where it is shown
DAMAGED = N_("This form is damaged: reload the page and enter it again.")
#: a keyed form posted without its key (an old page, a script): saved, a second tap could save it twice
KEYLESS = N_("This form came without its key, so a second tap could save it twice: reload the page and send it "
             "again.")


@lru_cache(maxsize=len(LANGUAGES))
def wtforms_messages(language: str) -> NullTranslations:
    """WTForms' own messages in ``language``, read from its catalog once per process."""
    return support.Translations.load(messages_path(), [language], domain="wtforms")


class Form(FlaskForm):
    """Every form of the app: Flask-WTF's, with WTForms' own messages (and its fields' default labels)
    in the page's language read once per language and process: Flask-WTF reads the catalog from disk
    again on every request that builds a form (about 1 ms of each table screen drawn and each save)."""

    class Meta:  # WTForms joins it with Flask-WTF's own Meta
        def get_translations(self, form: Any) -> NullTranslations | None:
            if not current_app.config.get("WTF_I18N_ENABLED", True):
                return None
            return wtforms_messages(current_language())


class FormKey(HiddenField):
    """The key a form carries so a re-sent post is recognised: URL-safe, 1 to 64 characters.

    ``required``: a post without it is refused (:data:`KEYLESS`), since nothing would recognise its twin; a form
    asked in two steps (an end asked, then confirmed with its key) leaves it optional.
    """

    def __init__(self, *args: Any, required: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.required = required

    def pre_validate(self, form: Any) -> None:
        if not self.data and self.required:
            raise ValidationError(_(KEYLESS))
        if self.data:
            try:
                domains.FORM_KEY.check(self.data)
            except OutOfDomain:
                raise ValidationError(_(DAMAGED)) from None

    def fresh(self) -> None:
        """A new key for a form being shown (GET)."""
        if not self.data:
            self.data = secrets.token_urlsafe(16)


class UndoForm(Form):
    """An undo, every game's: the change it takes back (``seq``, its compare-and-swap: only the last change is
    taken back), its own key and, from the undo page, the version the page was made at. The one-tap buttons
    (Tresillo's) have always posted the key as ``key``, the undo page as ``idem_key``: either is read, so the
    pages and phones already out keep working."""

    seq = HiddenField()
    key = FormKey()
    idem_key = FormKey()
    version = HiddenField()

    def made_at(self, version: int) -> None:
        """The undo page being shown: a fresh key and the session's version now."""
        self.idem_key.fresh()
        self.version.data = str(version)

    def given_key(self) -> str:
        return self.idem_key.data or self.key.data or ""

    def posted_version(self) -> int | None:
        """The version the undo page was made at; None from a one-tap button (which names the change alone), -1
        for a damaged one (outdated: refused as stale)."""
        return number_of(self.version.data) if self.version.data else None


class ShownForm(Form):
    """A form whose every error is shown: a hidden field's at the top, some next to a neighbour."""

    #: field → the field whose place shows its errors (one without its own place on the page)
    SHOWN_WITH: dict[str, str] = {}
    #: fields whose errors go to the top of the form (they are not on the page a refusal draws)
    SHOWN_AT_TOP: tuple[str, ...] = ()

    def validate(self, extra_validators: Any = None) -> bool:
        ok = super().validate(extra_validators)
        self.lift_errors()
        return bool(ok)

    def lift_errors(self) -> None:
        for field in self:
            if not field.errors:
                continue
            target = self.SHOWN_WITH.get(field.name)
            if target is not None:
                self[target].errors = [*self[target].errors, *field.errors]
            elif field.type in ("HiddenField", "FormKey", "CSRFTokenField") or field.name in self.SHOWN_AT_TOP:
                self.form_errors.extend(e for e in field.errors if e not in self.form_errors)
            else:
                continue
            field.errors = []

    def refuse(self, field_name: str, message: str) -> None:
        """Show a refusal (from a service) next to ``field_name``, or at the top when it has no place."""
        field = self._fields.get(field_name)
        if field is None or field.type in ("HiddenField", "FormKey"):
            self.form_errors.append(message)
        else:
            field.errors = [*field.errors, message]
        self.lift_errors()


class LanguageForm(ShownForm):
    """The language a group's pages and PDFs speak (each language named in itself)."""

    # a post without it (an older page, a script) takes the language the page was shown in
    language = SelectField(_l("Language of the group"), choices=list(LANGUAGES.items()), validators=[Optional()])


class GroupForm(LanguageForm):
    name = StringField(_l("Group name"), validators=[DataRequired(_l("Give the group a name.")),
                                                     InDomain(domains.GROUP_NAME)])
    key = FormKey(required=True)  # the request's own: a double tap makes one group


class LinksForm(ShownForm):
    """Replacing the group's links, asked for on purpose: every phone then needs a new link."""

    confirm = BooleanField(_l("Yes, replace them: the old links stop working"),
                           validators=[DataRequired(_l("Tick the box to replace the links."))])
    key = FormKey(required=True)  # the request's own: a copy resent after a lost answer finds the new links


class PlayerForm(ShownForm):
    name = StringField(_l("Player"), validators=[DataRequired(_l("Give the player a name.")),
                                                 InDomain(player_name())])


class VersionForm(ShownForm):
    version = HiddenField()


def number_of(text: str | None, domain: Whole = domains.VERSION) -> int:
    """A number from a hidden field, by its domain's strict reading; anything else is -1 (never a 500)."""
    try:
        return domain.parse(text or "")
    except OutOfDomain:
        return -1


def posted_version(form: Any) -> int:
    """The session version a form was made for; a missing or damaged one counts as outdated (-1)."""
    return number_of(form.version.data)


class ImportForm(ShownForm):
    text = TextAreaField(_l("Session file (JSON)"))
    idem_key = FormKey(required=True)


def new_key() -> str:
    """A change request's own key, made when its page is drawn (a re-sent copy carries the same one)."""
    return secrets.token_urlsafe(16)


class PhoneForm(Form):
    name = StringField(_l("This phone's name"),
                       validators=[DataRequired(_l("Give this phone a name, like “Ana's phone”.")),
                                   InDomain(domains.PHONE_NAME)],
                       description=_l("Shown in the session's history next to every change made from this phone."))


class NamedForm(Form):
    """A change's confirmation that asks the phone's name once (written in the history beside the change; a phone
    with a name is not asked): the field every game's change page draws (``web/_macros.html: phone_field``)."""

    phone = StringField(_l("This phone's name (optional)"), validators=[Optional(), InDomain(domains.PHONE_NAME)])


class NextForm(Form):
    """One tap: the next evening with the last evening's seats (``newest`` guards against a double tap)."""

    newest = HiddenField()

