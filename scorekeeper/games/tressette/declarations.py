"""Declarations of the Tressette games (buon gioco): read, checked against each other, scored.

A declaration says which cards a player was dealt (four or three of a kind of Threes, Twos or
Aces, a napoletana 3-2-A of a suit, a decima of all ten cards of a suit) and, for three of a
kind, which one he lacks. The scorekeeper never sees the cards, so it checks only that the
declarations of one deal could all be true at once: no card in two hands, no hand over ten
cards, no card both held and lacked, no rank declared twice by one player. docs/rules.md,
"Tressette: declarations". Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...core.errors import N_
from ..base import name_in, one_of, only_fields, refuse

SUITS = ("swords", "batons", "cups", "coins")
#: the ranks a four or three of a kind is made of
HIGH_RANKS = ("3", "2", "A")
#: every rank of a suit, for the decima (K Re, C Cavallo, F Fante)
ALL_RANKS = ("3", "2", "A", "K", "C", "F", "7", "6", "5", "4")
#: cards in a hand as dealt (also in Tressette in due: ten each, the rest in the stock)
HAND = 10

KINDS = ("four_of_a_kind", "three_of_a_kind", "napoletana", "decima")
#: what each declaration scores; the decima scores nothing, it wins the game outright
VALUE: Mapping[str, int] = {"four_of_a_kind": 4, "three_of_a_kind": 3, "napoletana": 3, "decima": 0}
#: the fields each kind takes besides player and kind
FIELDS: Mapping[str, tuple[str, ...]] = {
    "four_of_a_kind": ("rank",),
    "three_of_a_kind": ("rank", "missing"),
    "napoletana": ("suit",),
    "decima": ("suit",),
}

Card = tuple[str, str]


@dataclass(frozen=True, slots=True)
class Declaration:
    """One declaration as entered: who, what, and the rank or suit that says which cards."""

    player: str
    kind: str
    rank: str = ""
    suit: str = ""
    missing: str = ""

    @property
    def points(self) -> int:
        return VALUE[self.kind]

    def holds(self) -> frozenset[Card]:
        """The cards this declaration says its player was dealt."""
        if self.kind == "four_of_a_kind":
            return frozenset((self.rank, s) for s in SUITS)
        if self.kind == "three_of_a_kind":
            return frozenset((self.rank, s) for s in SUITS if s != self.missing)
        if self.kind == "napoletana":
            return frozenset((r, self.suit) for r in HIGH_RANKS)
        return frozenset((r, self.suit) for r in ALL_RANKS)

    def lacks(self) -> frozenset[Card]:
        """The card this declaration says its player was not dealt (the missing suit of three of a kind)."""
        return frozenset({(self.rank, self.missing)}) if self.kind == "three_of_a_kind" else frozenset()


@dataclass(slots=True)
class Hands:
    """What the declarations of a deal (and a call) say about each hand, gathered as they are read."""

    holder: dict[Card, str] = field(default_factory=dict)
    held: dict[str, set[Card]] = field(default_factory=dict)
    lacked: dict[str, set[Card]] = field(default_factory=dict)
    ranks: dict[str, set[str]] = field(default_factory=dict)
    seen: set[tuple[str, str, str]] = field(default_factory=set)
    #: the caller of a chiamata deal: he lacks at least one Three, the one he called
    caller: str = ""

    def hold(self, player: str, card: Card) -> str | None:
        """Record that ``player`` holds ``card``; the reason it cannot be, if it cannot."""
        if card in self.lacked.get(player, set()):
            return "both"
        other = self.holder.get(card)
        if other is not None and other != player:
            return "taken"
        self.holder[card] = player
        self.held.setdefault(player, set()).add(card)
        return None

    def lack(self, player: str, card: Card) -> str | None:
        if card in self.held.get(player, set()):
            return "both"
        self.lacked.setdefault(player, set()).add(card)
        return None


def read_declaration(obj: Any, deal: int, where: str, players: Sequence[str]) -> Declaration:
    """One declaration object: its kind decides which of rank, suit and missing it takes."""
    if not isinstance(obj, Mapping):
        raise refuse(deal, where, N_("expected an object"))
    kind = one_of(obj.get("kind"), deal, f"{where}.kind", KINDS)
    only_fields(obj, deal, ("player", "kind", *FIELDS[kind]), where=where)
    for key in ("player", *FIELDS[kind]):
        if key not in obj:
            raise refuse(deal, f"{where}.{key}", N_("{value!r} is missing"), value=key)
    player = name_in(obj["player"], deal, f"{where}.player", players)
    rank = one_of(obj["rank"], deal, f"{where}.rank", HIGH_RANKS) if "rank" in FIELDS[kind] else ""
    suit = one_of(obj["suit"], deal, f"{where}.suit", SUITS) if "suit" in FIELDS[kind] else ""
    missing = one_of(obj["missing"], deal, f"{where}.missing", SUITS) if "missing" in FIELDS[kind] else ""
    return Declaration(player, kind, rank, suit, missing)


def check(declaration: Declaration, hands: Hands, deal: int, where: str) -> None:
    """Refuse ``declaration`` if it cannot be true beside what ``hands`` already holds; else add it."""
    if declaration.player == hands.caller and declaration.kind == "four_of_a_kind" and declaration.rank == "3":
        raise refuse(deal, where, N_("the caller cannot hold four Threes: he called one he lacks"))
    _check_repeat(declaration, hands, deal, where)
    _check_cards(declaration, hands, deal, where)


def _check_repeat(declaration: Declaration, hands: Hands, deal: int, where: str) -> None:
    """The same rank, or the same napoletana or decima, declared twice by one player."""
    player = declaration.player
    if declaration.rank:
        if declaration.rank in hands.ranks.get(player, set()):
            raise refuse(deal, where, N_("{player} already declared {ranks} in this deal"), player=player,
                         ranks=declaration.rank)
        hands.ranks.setdefault(player, set()).add(declaration.rank)
        return
    key = (player, declaration.kind, declaration.suit)
    if key in hands.seen:
        raise refuse(deal, where, N_("{player} already declared this {kind} of {suit}"), player=player,
                     kind=declaration.kind, suit=declaration.suit)
    hands.seen.add(key)


def _check_cards(declaration: Declaration, hands: Hands, deal: int, where: str) -> None:
    """The cards the declaration says a player holds or lacks, against every hand so far."""
    player = declaration.player
    for card in sorted(declaration.lacks()):
        if hands.lack(player, card):
            raise refuse(deal, where, N_("{player} cannot both hold and lack {rank} of {suit}"), player=player,
                         rank=card[0], suit=card[1])
    for card in sorted(declaration.holds()):
        reason = hands.hold(player, card)
        if reason == "taken":
            raise refuse(deal, where, N_("{rank} of {suit} is already in {other}'s hand"), rank=card[0],
                         suit=card[1], other=hands.holder[card])
        if reason == "both":
            raise refuse(deal, where, N_("{player} cannot both hold and lack {rank} of {suit}"), player=player,
                         rank=card[0], suit=card[1])
    if len(hands.held[player]) > HAND:
        raise refuse(deal, where, N_("{player} would hold {n} cards; a hand has {most}"), player=player,
                     n=len(hands.held[player]), most=HAND)


def read_declarations(raw: Any, deal: int, players: Sequence[str], hands: Hands | None = None,
                      ) -> tuple[Declaration, ...]:
    """The ``declarations`` list of a deal, each one checked against those before it (and ``hands``)."""
    if not isinstance(raw, list):
        raise refuse(deal, "declarations", N_("expected a list"))
    if len(raw) > len(players) * len(KINDS) * len(SUITS):
        raise refuse(deal, "declarations", N_("too many declarations"))
    hands = hands if hands is not None else Hands()
    out: list[Declaration] = []
    for i, obj in enumerate(raw):
        where = f"declarations[{i}]"
        declaration = read_declaration(obj, deal, where, players)
        check(declaration, hands, deal, where)
        out.append(declaration)
    return tuple(out)
