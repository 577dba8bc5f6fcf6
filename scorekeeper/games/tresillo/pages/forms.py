"""Tresillo's forms (its rules, the start, the hand, the end and the fixes) and the hand form's translation to a
session-file hand, built on the platform's fields (:mod:`scorekeeper.web.forms`: each reads its domain, and
shows its refusal next to it or at the top of the form).
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup
from wtforms import (
    BooleanField,
    Field,
    HiddenField,
    RadioField,
    SelectField,
    StringField,
)
from wtforms.validators import DataRequired, InputRequired, Optional, ValidationError

from ....core import domains
from ....core.domains import OutOfDomain
from ....i18n import N_, _
from ....i18n import lazy_gettext as _l
from ....web.forms import (
    DAMAGED,
    AmongChoices,
    AmountField,
    Form,
    FormKey,
    InDomain,
    ShownForm,
    WholeField,
    not_a_choice,
    quoted,
)
from ....words import names, refusal
from .. import services
from ..services import own_domains
from .shown import Answers, field_shown, hand_parts

SUIT_CHOICES = [(s, s) for s in services.SUITS]


class RulesForm(ShownForm):
    """The rules and their variants: starting an evening, or asking "what if" of one played."""

    rules = SelectField(_l("Rules"), choices=services.rule_choices, validate_choice=False,
                        validators=[InputRequired(_l("Choose the rules.")), AmongChoices()])
    palo_de_favor = SelectField(_l("Palo de favor"), choices=[("", _l("none")), *SUIT_CHOICES], default="",
                                validate_choice=False, validators=[AmongChoices()])
    scale = SelectField(_l("Scores"), choices=[("1", _l("normal")), ("5", "×5")], default="1",
                        validate_choice=False, validators=[AmongChoices()])
    old_codillo = BooleanField(_l("Old codillo (paid to the winner only)"))
    penetro_four = BooleanField(_l("Penetro with four (nobody drops out)"))
    own = StringField(_l("Your own amounts (optional)"),
                      description=_l("For example: vuelta 2, solo 4, ante 2, pajarito 10"))

    def validate_own(self, field: Field) -> None:
        try:
            self.own_amounts()
        except ValueError as exc:
            raise ValidationError(str(exc)) from None

    def own_amounts(self) -> dict[str, Any]:
        """'vuelta 2, solo 4, ante 2' → options; a malformed entry is a field error (the engine checks names)."""
        text = self.own.data or ""
        if len(text) > 300:
            raise ValueError(_("Write at most a few amounts, like “vuelta 2, solo 4”."))
        out: dict[str, Any] = {}
        for part in filter(None, (p.strip() for p in text.replace(";", ",").split(","))):
            bits = part.replace("=", " ").replace(":", " ").split()
            domain = own_domains.PAJARITO if bits and bits[0].lower() == "pajarito" else own_domains.OWN_AMOUNT
            try:
                if len(bits) != 2:
                    raise domain.refused()
                amount = domain.parse(bits[1])
            except OutOfDomain as exc:
                raise ValueError(_("{entry}: write a name and {amount}, like “vuelta 2”.").format(
                    entry=quoted(part), amount=refusal(exc))) from None
            name = bits[0].lower().replace("-", "_")
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
    seat1 = SelectField(_l("Seat 1"), validate_choice=False, validators=[AmongChoices()])
    seat2 = SelectField(_l("Seat 2"), validate_choice=False, validators=[AmongChoices()])
    seat3 = SelectField(_l("Seat 3"), validate_choice=False, validators=[AmongChoices()])
    seat4 = SelectField(_l("Seat 4 (optional)"), validate_choice=False, validators=[AmongChoices()])
    first_dealer = SelectField(_l("First dealer"), validate_choice=False, validators=[AmongChoices()],
                               choices=[("1", _l("Seat 1")), ("2", _l("Seat 2")), ("3", _l("Seat 3")),
                                        ("4", _l("Seat 4"))])
    tanto_value = AmountField(_l("Value of a tanto"), domains.STAKE, default="0.10",
                              validators=[InputRequired(_l("How much is a tanto worth?"))])
    currency = StringField(_l("Currency"), default="EUR", validators=[InDomain(domains.CURRENCY)])
    start_tokens = WholeField(_l("Tantos each at the start"), domains.START_TOKENS, default=160,
                              validators=[InputRequired(_l("How many tantos each?"))])
    idem_key = FormKey(required=True)

    def seats(self) -> list[str]:
        return [f.data for f in (self.seat1, self.seat2, self.seat3, self.seat4) if f.data]


class HandForm(ShownForm):
    """One hand. Choices are filled per table (who may declare, who played…).

    A question the table does not ask (the trump suit without a palo de
    favor, the count of top trumps without scores ×5…) is not read at all;
    a field that does not apply to the contract posted (a declarer for an
    all-pass deal) is left out of the hand. Every value the hand does read
    must be one of the choices offered, never taken as blank.
    """

    contract = RadioField(_l("Contract"), validate_choice=False)
    declarer = RadioField(_l("Declarer"), validate_choice=False)
    forced = BooleanField(_l("Forced (all passed, espada held)"))
    t0 = WholeField(_l("tricks"), own_domains.TRICKS, validators=[Optional()])
    t1 = WholeField(_l("tricks"), own_domains.TRICKS, validators=[Optional()])
    t2 = WholeField(_l("tricks"), own_domains.TRICKS, validators=[Optional()])
    t3 = WholeField(_l("tricks"), own_domains.TRICKS, validators=[Optional()])
    surrender = RadioField(_l("Surrender"),
                           choices=[("", _l("no")), ("accepted", _l("accepted")), ("takeover", _l("taken over"))],
                           default="", validate_choice=False)
    takeover = RadioField(_l("Taken over by"), validate_choice=False)
    estuche = BooleanField(_l("Estuche"))
    estuche_count = WholeField(_l("Top trumps in sequence"), own_domains.ESTUCHE_COUNT, validators=[Optional()])
    contra_estuche = BooleanField(_l("Contra-estuche"))
    primeras = BooleanField(_l("Primeras (first five, then stop)"))
    bola = RadioField(_l("Bola"), choices=[("", _l("no")), ("won", _l("won")), ("failed", _l("failed"))], default="",
                      validate_choice=False)
    drops_out = RadioField(_l("Drops out"), validate_choice=False)
    debt = RadioField(_l("Debt played for"), validate_choice=False)
    trump = RadioField(_l("Trumps"), choices=SUIT_CHOICES, validate_choice=False)
    bet = RadioField(_l("The dealer's bet"),
                     choices=[("J", _l("J — declarer wins")), ("P", _l("P — puesta")), ("C", _l("C — codillo"))],
                     validate_choice=False)
    #: how the hand ended (entered instead of the tricks), or "tricks" to count them
    result = RadioField(_l("How it ended"), validate_choice=False)
    winner = RadioField(_l("Who made codillo"), validate_choice=False)
    idem_key = FormKey(required=True)
    number = HiddenField()
    version = HiddenField()

    TRICK_FIELDS = ("t0", "t1", "t2", "t3")
    #: the questions a table may not ask; one it does not ask is not read
    QUESTIONS = ("estuche", "estuche_count", "contra_estuche", "drops_out", "trump", "bet")
    #: fields shown through a neighbour on the page
    SHOWN_WITH = {"estuche_count": "estuche", "takeover": "surrender", "t1": "t0", "t2": "t0", "t3": "t0"}
    #: the replay this form was built on (services.entry_for): saving and previewing reuse it
    entry: services.Entry | None = None

    RESULT_WORDS = {"sacado": N_("won"), "puesta": N_("puesta"), "codillo": N_("codillo"),
                    "tricks": N_("count the tricks")}

    def setup_for(self, players: list[str], choices: services.HandChoices, upcoming: Any) -> None:
        """Offer only what the engine accepts at this table (``choices``: services.choices_for)."""
        self.players = players
        self.choices = choices
        self.parts = hand_parts(choices)
        self.asks = choices.questions
        self.contract.choices = [(c, _("all pass") if c == "pass" else c) for c in choices.contracts]
        self.result.choices = [(r, _(self.RESULT_WORDS[r])) for r in (*choices.outcomes, "tricks")] \
            if choices.outcomes else []
        self.winner.choices = [(p, p) for p in players]
        self.declarer.choices = [(p, p) for p in upcoming.declarers]
        self.takeover.choices = [(p, p) for p in upcoming.declarers]
        self.drops_out.choices = [(p, p) for p in players if p != upcoming.dealer]
        self.debt.choices = [(p, p) for p in upcoming.tied_debtors]
        self.upcoming = upcoming
        for name in self.QUESTIONS:
            if name not in self.asks:
                self._unread(self[name])
        if not upcoming.tied_debtors:
            self._unread(self.debt)
        if not choices.outcomes:  # how it ended is asked under the puesta family only
            self._unread(self.result)
            self._unread(self.winner)
        for name in self.TRICK_FIELDS[len(players):]:
            self._unread(self[name])

    @staticmethod
    def _unread(field: Any) -> None:
        """Forget what was posted for a field this table does not ask."""
        field.process(None)
        field.raw_data = []

    def trick_fields(self) -> list[tuple[str, Any]]:
        return [(p, getattr(self, f"t{i}")) for i, p in enumerate(self.players)]

    def number_posted(self) -> int | None:
        """The hand number the form was made for; a damaged one is shown at the top of the form."""
        text = self.number.data or ""
        if not text:
            return None
        try:
            return domains.HAND_NUMBER.parse(text)
        except OutOfDomain:
            self.form_errors.append(_(DAMAGED))
            return None

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

    def _given(self, name: str) -> str | None:
        """What was posted for a field, or None when left blank: never dropped, the engine judges it.

        A question answered by tapping a choice takes one of the values offered, exactly: "South "
        (a trailing space) is refused, never stored raw beside the "South" the engine reads.
        """
        value = self[name].data
        if value in (None, ""):
            return None
        text = str(value)
        offered = getattr(self[name], "choices", None)
        # a player's name is among the choices even where the form offers fewer (a penetro's dealer declares)
        if offered and text not in {str(choice[0]) for choice in offered} | set(getattr(self, "players", ())):
            raise services.Refused(name, not_a_choice(text))
        return text

    def _surrender(self) -> str:
        """The surrender question's answer: "", "accepted" or "takeover"; anything else is refused."""
        value = self._given("surrender") or ""
        if value not in ("", "accepted", "takeover"):
            raise services.Refused("surrender", _("{value} is not one of the choices: no, accepted or taken over.")
                                   .format(value=quoted(value)))
        return value

    def to_hand(self) -> dict[str, Any]:
        """The session-file hand object this form describes: what was asked, as posted.

        A value is never read as blank: whatever was posted for a question the
        table asks goes into the hand, and the engine refuses what does not fit
        (the surrender question's words are the form's own, so the form checks them).
        """
        contract = self._given("contract")
        if contract is None:
            raise services.Refused("contract", _("Choose the contract."))
        hand: dict[str, Any] = {"contract": contract}
        if contract == "pass":
            return hand
        self._play_fields(hand, contract)
        self._condiciones(hand)
        for name in ("debt", "trump", "bet"):
            if name in self.asks or (name == "debt" and self.upcoming.tied_debtors):
                value = self._given(name)
                if value is not None:
                    hand[name] = value
        return hand

    def _play_fields(self, hand: dict[str, Any], contract: str) -> None:
        """Who played, the tricks, a surrender or takeover, who dropped out of a penetro."""
        declarer = self._given("declarer")
        if declarer is not None:
            hand["declarer"] = declarer
        if self.forced.data and contract == "entrada":
            hand["forced"] = True
        surrender = self._surrender()
        if surrender == "accepted":
            hand["surrender"] = {"takeover": None}
        else:
            if surrender == "takeover":
                taker = self._given("takeover")
                if taker is None:  # not read as an accepted surrender: the player tapped "taken over"
                    raise services.Refused("takeover", _("say who took the hand over"))
                hand["surrender"] = {"takeover": taker}
            self._how_it_ended(hand)
        if contract == "penetro" and surrender != "accepted" and "drops_out" in self.asks:
            drops = self._given("drops_out")
            if drops is not None:
                hand["drops_out"] = drops

    def _how_it_ended(self, hand: dict[str, Any]) -> None:
        """The outcome (and a codillo's winner) when the players said how it ended, else the tricks."""
        result = self._given("result") or ""
        if result in self.choices.outcomes:
            hand["outcome"] = result
            winner = self._given("winner")
            if result == "codillo" and winner is not None:
                hand["winner"] = winner
            return
        if result not in ("", "tricks"):
            raise services.Refused("outcome", not_a_choice(result))
        tricks = {p: f.data for p, f in self.trick_fields() if f.data is not None}
        if tricks:
            hand["tricks"] = tricks

    def told_hand(self) -> dict[str, Any]:
        """The hand as :meth:`to_hand` reads it, refused while how it ended is not told yet.

        The engine would refuse it too; the form says what to tell next after the answers above it,
        so the preview's "not yet" line follows the choices (a surrender already chosen is not offered).
        """
        hand = self.to_hand()
        contract = hand["contract"]
        played = contract != "pass" and (hand.get("surrender") or {"takeover": True}).get("takeover")
        if played and not ("tricks" in hand or "outcome" in hand) and ("declarer" in hand or contract == "penetro"):
            raise services.Refused(*self._untold(contract, self._surrender()))
        return hand

    def _untold(self, contract: str, surrender: str) -> tuple[str, str]:
        """How the hand ended is not told yet: the field to tell it in and what to tell, after the answers
        above it (a surrender is offered only before one was chosen, and only for a contract that has one)."""
        may_surrender = surrender == "" and contract in self.choices.surrender
        if not self.choices.outcomes or self.result.data == "tricks":
            return "tricks", (_("give the tricks (or the surrender)") if may_surrender and not self.choices.outcomes
                              else _("give the tricks"))
        if may_surrender:
            return "outcome", _("say how it ended, or the surrender")
        return "outcome", _("say how it ended")

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
        bola = self._given("bola")
        if bola is not None and "bola" in asked:
            hand["bola"] = bola

    def answers(self) -> Answers:
        """What the form says so far, as the rules of :mod:`.shown` read it."""
        return Answers(str(self.contract.data or ""), str(self.result.data or ""), str(self.surrender.data or "none"),
                       bool(self.choices.outcomes))

    def shown(self, part: str) -> Markup:
        """A part's conditions as the page writes them, hidden when the answers so far leave it out."""
        return self.parts[part].attributes(self.answers())

    def refuse(self, field_name: str, message: str) -> None:
        """A refusal on a field the page hides for the answers posted is shown at the top instead."""
        if not field_shown(self.parts, field_name, self.answers()):
            self.form_errors.append(message)
            return
        super().refuse(field_name, message)

    def field_for(self, engine_field: str) -> str:
        """Where an engine error is shown in this form."""
        mapping = {"tricks": "t0", "surrender": "surrender", "contract": "contract", "declarer": "declarer",
                   "bola": "bola", "primeras": "primeras", "estuche": "estuche", "contra_estuche": "contra_estuche",
                   "drops_out": "drops_out", "debt": "debt", "trump": "trump", "forced": "forced",
                   "bet": "bet", "takeover": "surrender", "estuche_count": "estuche", "version": "version",
                   "number": "number", "idem_key": "idem_key", "outcome": "result", "winner": "winner"}
        return mapping.get(engine_field, "contract")


def hand_form(gs: services.GameSession, *, formdata: Any = None, number: int | None = None,
              entry: services.Entry | None = None) -> HandForm:
    """The hand form for the next hand (or hand ``number``), built on one replay that the save reuses."""
    entry = entry or services.entry_for(gs, number)
    form = HandForm() if formdata is None else HandForm(formdata=formdata)
    form.setup_for(list(gs.players), services.choices_for(gs), entry.upcoming)
    form.entry = entry
    return form


class EndForm(ShownForm):
    paper = RadioField(_l("The paper"),
                       choices=[("settle", _l("Settle it tonight")), ("keep", _l("Keep it for next time"))],
                       default="settle", validate_choice=False,
                       validators=[InputRequired(_l("Settle the paper or keep it.")), AmongChoices()])
    version = HiddenField()
    key = FormKey()  # the end request's own key: a re-sent end is recognised
    confirm = HiddenField()  # "yes" once the confirmation page was answered
    phone = StringField(_l("This phone's name (optional)"), validators=[Optional(), InDomain(domains.PHONE_NAME)])

    SHOWN_AT_TOP = ("phone",)  # asked on the confirmation page; a refusal draws the end page


class DealerForm(Form):
    """Who dealt a hand (the later hands' deal passes on from there)."""

    dealer = RadioField(_l("Who dealt this hand"), validate_choice=False,
                        validators=[DataRequired(_l("Who dealt this hand?"))])

    def setup_for(self, players: list[str], seats: tuple[str, ...]) -> None:
        self.dealer.choices = [(p, p) for p in seats]

    def fill(self, dealer: str, seats: tuple[str, ...]) -> None:
        self.dealer.data = dealer

    def change(self, number: int, players: list[str]) -> services.Change | None:
        """The correction asked for, or None with the error next to the field."""
        if self.dealer.data in players:
            return services.Change("dealer", number, dealer=self.dealer.data)
        self.dealer.errors = [_("Choose one of {players}.").format(players=names(players))]
        return None


class SeatingForm(DealerForm):
    """The seating (the order the deal goes round) from a hand on, and who dealt that hand."""

    seat1 = SelectField(_l("Seat 1"), validate_choice=False)
    seat2 = SelectField(_l("Seat 2"), validate_choice=False)
    seat3 = SelectField(_l("Seat 3"), validate_choice=False)
    seat4 = SelectField(_l("Seat 4"), validate_choice=False)

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
        self.seat1.errors = [_("Each of {players} sits once.").format(players=names(players))]
        return None


class ReopenForm(Form):
    version = HiddenField()
    key = FormKey()
    phone = StringField(_l("This phone's name (optional)"), validators=[Optional(), InDomain(domains.PHONE_NAME)])

