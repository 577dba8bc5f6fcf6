"""WTForms forms (CSRF through Flask-WTF) and the hand form's translation to a session-file hand."""

from __future__ import annotations

import secrets
from typing import Any

from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional

from .. import services
from ..i18n import LANGUAGES
from ..i18n import lazy_gettext as _l

SUITS = [("oros", "oros"), ("copas", "copas"), ("espadas", "espadas"), ("bastos", "bastos")]


class LanguageForm(FlaskForm):
    """The language a group's pages and PDFs speak (each language named in itself)."""

    # a post without it (an older page, a script) takes the language the page was shown in
    language = SelectField(_l("Language of the group"), choices=list(LANGUAGES.items()), validators=[Optional()])


class GroupForm(LanguageForm):
    name = StringField(_l("Group name"), validators=[DataRequired(_l("Give the group a name.")), Length(max=80)])


class PlayerForm(FlaskForm):
    name = StringField("Player", validators=[DataRequired("Give the player a name."), Length(max=40)])


class RulesForm(FlaskForm):
    """The rules and their variants: starting an evening, or asking "what if" of one played."""

    rules = SelectField("Rules", choices=services.rule_choices())
    palo_de_favor = SelectField("Palo de favor", choices=[("", "none")] + SUITS, default="")
    scale = SelectField("Scores", choices=[("1", "normal"), ("5", "×5")], default="1")
    old_codillo = BooleanField("Old codillo (paid to the winner only)")
    penetro_four = BooleanField("Penetro with four (nobody drops out)")
    own = StringField("Your own amounts (optional)", validators=[Length(max=200)],
                      description="For example: vuelta 2, solo 4, ante 2, pajarito 10")

    def own_amounts(self) -> dict[str, Any]:
        """'vuelta 2, solo 4, ante 2' → options; a malformed entry is a field error."""
        out: dict[str, Any] = {}
        for part in filter(None, (p.strip() for p in (self.own.data or "").replace(";", ",").split(","))):
            bits = part.replace("=", " ").replace(":", " ").split()
            if len(bits) != 2 or not bits[1].isdigit():
                raise ValueError(f"“{part}”: write a name and a whole number, like “vuelta 2”.")
            name, amount = bits[0].lower().replace("-", "_"), int(bits[1])
            if name in ("ante", "pajarito"):
                out[name] = amount
            else:
                out.setdefault("condiciones", {})[name] = amount
        return out

    def options(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.palo_de_favor.data:
            out["palo_de_favor"] = self.palo_de_favor.data
        if self.scale.data == "5":
            out["scale"] = 5
        if self.old_codillo.data:
            out["codillo"] = "winner_only"
        if self.penetro_four.data:
            out["penetro_four"] = True
        out.update(self.own_amounts())
        return out


class StartForm(RulesForm):
    seat1 = SelectField("Seat 1", validate_choice=False)
    seat2 = SelectField("Seat 2", validate_choice=False)
    seat3 = SelectField("Seat 3", validate_choice=False)
    seat4 = SelectField("Seat 4 (optional)", validate_choice=False)
    first_dealer = SelectField("First dealer",
                               choices=[("1", "Seat 1"), ("2", "Seat 2"), ("3", "Seat 3"), ("4", "Seat 4")])
    tanto_value = StringField("Value of a tanto", default="0.10",
                              validators=[DataRequired("How much is a tanto worth?")])
    currency = StringField("Currency", default="EUR", validators=[Length(max=8)])
    start_tokens = IntegerField("Tantos each at the start", default=160,
                                validators=[InputRequired("How many tantos each?"), NumberRange(10, 100000)])

    def seats(self) -> list[str]:
        return [f.data for f in (self.seat1, self.seat2, self.seat3, self.seat4) if f.data]


class HandForm(FlaskForm):
    """One hand. Choices are filled per table (who may declare, who played…)."""

    contract = RadioField("Contract", validate_choice=False)
    declarer = RadioField("Declarer", validate_choice=False)
    forced = BooleanField("Forced (all passed, espada held)")
    t0 = IntegerField("tricks", validators=[Optional(), NumberRange(0, 9)])
    t1 = IntegerField("tricks", validators=[Optional(), NumberRange(0, 9)])
    t2 = IntegerField("tricks", validators=[Optional(), NumberRange(0, 9)])
    t3 = IntegerField("tricks", validators=[Optional(), NumberRange(0, 9)])
    surrender = RadioField("Surrender", choices=[("", "no"), ("accepted", "accepted"), ("takeover", "taken over")],
                           default="", validate_choice=False)
    takeover = RadioField("Taken over by", validate_choice=False)
    estuche = BooleanField("Estuche")
    estuche_count = IntegerField("Top trumps in sequence", validators=[Optional(), NumberRange(3, 9)])
    contra_estuche = BooleanField("Contra-estuche")
    primeras = BooleanField("Primeras (first five, then stop)")
    bola = RadioField("Bola", choices=[("", "no"), ("won", "won"), ("failed", "failed")], default="",
                      validate_choice=False)
    drops_out = RadioField("Drops out", validate_choice=False)
    debt = RadioField("Debt played for", validate_choice=False)
    trump = RadioField("Trumps", choices=SUITS, validate_choice=False)
    bet = RadioField("The dealer's bet",
                     choices=[("J", "J — declarer wins"), ("P", "P — puesta"), ("C", "C — codillo")],
                     validate_choice=False)
    #: how the hand ended (entered instead of the tricks), or "tricks" to count them
    result = RadioField("How it ended", validate_choice=False)
    winner = RadioField("Who made codillo", validate_choice=False)
    idem_key = HiddenField()
    number = HiddenField()
    version = HiddenField()

    TRICK_FIELDS = ("t0", "t1", "t2", "t3")
    #: the replay this form was built on (services.entry_for): saving and previewing reuse it
    entry: services.Entry | None = None

    RESULT_WORDS = {"sacado": "won", "puesta": "puesta", "codillo": "codillo", "tricks": "count the tricks"}

    def setup_for(self, players: list[str], choices: services.HandChoices, upcoming: Any) -> None:
        """Offer only what the engine accepts at this table (``choices``: services.choices_for)."""
        self.players = players
        self.choices = choices
        self.asks = choices.questions
        self.contract.choices = [(c, "all pass" if c == "pass" else c) for c in choices.contracts]
        self.result.choices = [(r, self.RESULT_WORDS[r]) for r in (*choices.outcomes, "tricks")] \
            if choices.outcomes else []
        self.winner.choices = [(p, p) for p in players]
        self.declarer.choices = [(p, p) for p in upcoming.declarers]
        self.takeover.choices = [(p, p) for p in upcoming.declarers]
        self.drops_out.choices = [(p, p) for p in players if p != upcoming.dealer]
        self.debt.choices = [(p, p) for p in upcoming.tied_debtors]
        self.upcoming = upcoming
        if not self.idem_key.data:
            self.idem_key.data = secrets.token_urlsafe(16)

    def trick_fields(self) -> list[tuple[str, Any]]:
        return [(p, getattr(self, f"t{i}")) for i, p in enumerate(self.players)]

    def fill_from(self, hand: dict[str, Any]) -> None:
        """Show a stored hand in the form (for editing)."""
        self.contract.data = hand.get("contract")
        self.declarer.data = hand.get("declarer")
        self.forced.data = bool(hand.get("forced"))
        tricks = hand.get("tricks") or {}
        for i, p in enumerate(self.players):
            getattr(self, f"t{i}").data = tricks.get(p)
        sur = hand.get("surrender")
        if sur is not None:
            self.surrender.data = "takeover" if sur.get("takeover") else "accepted"
            self.takeover.data = sur.get("takeover")
        est = hand.get("estuche")
        self.estuche.data = bool(est)
        if isinstance(est, int) and not isinstance(est, bool):
            self.estuche_count.data = est
        self.contra_estuche.data = bool(hand.get("contra_estuche"))
        self.primeras.data = bool(hand.get("primeras"))
        self.bola.data = hand.get("bola") or ""
        self.drops_out.data = hand.get("drops_out")
        self.debt.data = hand.get("debt")
        self.trump.data = hand.get("trump")
        self.bet.data = hand.get("bet")
        if hand.get("outcome"):
            self.result.data = hand["outcome"]
            self.winner.data = hand.get("winner")
        elif tricks and self.choices.outcomes:
            self.result.data = "tricks"

    def to_hand(self) -> dict[str, Any]:
        """The session-file hand object this form describes (only what was asked)."""
        hand: dict[str, Any] = {"contract": self.contract.data}
        if self.contract.data == "pass":
            return hand
        self._play_fields(hand)
        self._condiciones(hand)
        if self.debt.data and self.upcoming.tied_debtors:
            hand["debt"] = self.debt.data
        if "trump" in self.asks and self.trump.data:
            hand["trump"] = self.trump.data
        if "bet" in self.asks and self.bet.data:
            hand["bet"] = self.bet.data
        return hand

    def _play_fields(self, hand: dict[str, Any]) -> None:
        """Who played, the tricks, a surrender or takeover, who dropped out of a penetro."""
        if self.declarer.data:
            hand["declarer"] = self.declarer.data
        if self.forced.data and self.contract.data == "entrada":
            hand["forced"] = True
        surrender = self.surrender.data or ""
        if surrender == "accepted":
            hand["surrender"] = {"takeover": None}
        else:
            if surrender == "takeover":
                hand["surrender"] = {"takeover": self.takeover.data or None}
            self._how_it_ended(hand)
        if self.contract.data == "penetro" and surrender != "accepted" and self.drops_out.data:
            hand["drops_out"] = self.drops_out.data

    def _how_it_ended(self, hand: dict[str, Any]) -> None:
        """The outcome (and a codillo's winner) when the players said how it ended, else the tricks."""
        result = self.result.data or ""
        if result in self.choices.outcomes:
            hand["outcome"] = result
            if result == "codillo" and self.winner.data:
                hand["winner"] = self.winner.data
            return
        tricks = {p: f.data for p, f in self.trick_fields() if f.data is not None}
        if tricks:
            hand["tricks"] = tricks

    def _condiciones(self, hand: dict[str, Any]) -> None:
        """Estuche (with its count where asked), contra-estuche, primeras, bola: those the form showed.

        None after an accepted surrender; after a takeover only those a new declarer may claim;
        primeras and bola not for a hand said to be a puesta or a codillo.
        """
        surrender = self.surrender.data or ""
        if surrender == "accepted":
            return
        asked = {name for name in ("estuche", "contra_estuche", "primeras", "bola") if name in self.asks
                 and (surrender != "takeover" or name in self.choices.takeover_paid)}
        if (self.result.data or "") in ("puesta", "codillo"):  # the declarer did not win
            asked -= {"primeras", "bola"}
        if self.estuche.data and "estuche" in asked:
            count = self.estuche_count.data if "estuche_count" in self.asks else None
            hand["estuche"] = count if count else True
        if self.contra_estuche.data and "contra_estuche" in asked:
            hand["contra_estuche"] = True
        if self.primeras.data and "primeras" in asked:
            hand["primeras"] = True
        if self.bola.data in ("won", "failed") and "bola" in asked:
            hand["bola"] = self.bola.data

    def field_for(self, engine_field: str) -> str:
        """Where an engine error is shown in this form."""
        mapping = {"tricks": "t0", "surrender": "surrender", "contract": "contract", "declarer": "declarer",
                   "bola": "bola", "primeras": "primeras", "estuche": "estuche", "contra_estuche": "contra_estuche",
                   "drops_out": "drops_out", "debt": "debt", "trump": "trump", "forced": "forced",
                   "bet": "bet", "outcome": "result", "winner": "winner"}
        return mapping.get(engine_field, "contract")


class EndForm(FlaskForm):
    paper = RadioField("The paper", choices=[("settle", "Settle it tonight"), ("keep", "Keep it for next time")],
                       default="settle")
    version = HiddenField()
    key = HiddenField()  # the end request's own key: a re-sent end is recognised
    confirm = HiddenField()  # "yes" once the confirmation page was answered
    phone = StringField("This phone's name (optional)", validators=[Optional(), Length(max=40)])


class VersionForm(FlaskForm):
    version = HiddenField()


class ImportForm(FlaskForm):
    text = TextAreaField("Session file (JSON)")


def new_key() -> str:
    """A change request's own key, made when its page is drawn (a re-sent copy carries the same one)."""
    return secrets.token_urlsafe(16)


class PhoneForm(FlaskForm):
    name = StringField("This phone's name", validators=[DataRequired("Give this phone a name, like “Ana's phone”."),
                                                        Length(max=40, message="At most 40 letters, please.")],
                       description="Shown in the session's history next to every change made from this phone.")


class ChangeForm(FlaskForm):
    """The confirmation of a previewed change: the change, the version it was previewed at, its key."""

    change = HiddenField()
    version = HiddenField()
    key = HiddenField()
    phone = StringField("This phone's name (optional)", validators=[Optional(), Length(max=40)])


class UndoForm(FlaskForm):
    """One tap: undo change ``seq`` of the history."""

    seq = HiddenField()
    key = HiddenField()


class DealerForm(FlaskForm):
    """Who dealt a hand (the later hands' deal passes on from there)."""

    dealer = RadioField("Who dealt this hand", validate_choice=False,
                        validators=[DataRequired("Who dealt this hand?")])

    def setup_for(self, players: list[str], seats: tuple[str, ...]) -> None:
        self.dealer.choices = [(p, p) for p in seats]

    def fill(self, dealer: str, seats: tuple[str, ...]) -> None:
        self.dealer.data = dealer

    def change(self, number: int, players: list[str]) -> services.Change | None:
        """The correction asked for, or None with the error next to the field."""
        if self.dealer.data in players:
            return services.Change("dealer", number, dealer=self.dealer.data)
        self.dealer.errors = [f"Choose one of {', '.join(players)}."]
        return None


class SeatingForm(DealerForm):
    """The seating (the order the deal goes round) from a hand on, and who dealt that hand."""

    seat1 = SelectField("Seat 1", validate_choice=False)
    seat2 = SelectField("Seat 2", validate_choice=False)
    seat3 = SelectField("Seat 3", validate_choice=False)
    seat4 = SelectField("Seat 4", validate_choice=False)

    SEATS = ("seat1", "seat2", "seat3", "seat4")

    def setup_for(self, players: list[str], seats: tuple[str, ...]) -> None:
        self.seat_fields = [getattr(self, name) for name in self.SEATS[: len(players)]]
        for f in self.seat_fields:
            f.choices = [(p, p) for p in players]
        self.dealer.choices = [(p, p) for p in players]

    def fill(self, dealer: str, seats: tuple[str, ...]) -> None:
        for f, p in zip(self.seat_fields, seats, strict=True):
            f.data = p
        self.dealer.data = dealer

    def change(self, number: int, players: list[str]) -> services.Change | None:
        chosen = tuple(f.data or "" for f in self.seat_fields)
        if sorted(chosen) == sorted(players) and self.dealer.data in players:
            return services.Change("seating", number, dealer=self.dealer.data, seating=chosen)
        self.seat1.errors = [f"Each of {', '.join(players)} sits once."]
        return None


class ReopenForm(FlaskForm):
    version = HiddenField()
    key = HiddenField()
    phone = StringField("This phone's name (optional)", validators=[Optional(), Length(max=40)])


class NextForm(FlaskForm):
    """One tap: the next evening with the last evening's seats (``newest`` guards against a double tap)."""

    newest = HiddenField()
