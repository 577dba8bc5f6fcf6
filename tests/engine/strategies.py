"""Hypothesis strategies: random *valid* sessions of `pagat` and `house`.

Hands are drawn against a live :class:`Table`, so each one fits the table as
it stands (who deals, who may declare, whether a debt tie needs naming).
"""

from __future__ import annotations

from decimal import Decimal

from hypothesis import strategies as st

from scorekeeper.games.tresillo.engine import Hand, PaperDebt, Session, Setup, Surrender, Table

NAMES = ("Ana", "Luis", "Pilar", "Jordi")


def split_nine(draw, players: list[str], declarer: str, *, bola: str | None) -> dict[str, int]:
    """Nine tricks over ``players``; with a bola, the declarer's share fits it."""
    if bola == "won":
        return {p: (9 if p == declarer else 0) for p in players}
    if bola == "failed":
        mine = draw(st.integers(5, 8))
    else:
        mine = draw(st.integers(0, 8))
    rest = 9 - mine
    others = [p for p in players if p != declarer]
    counts = {declarer: mine}
    for p in others[:-1]:
        c = draw(st.integers(0, rest))
        counts[p] = c
        rest -= c
    counts[others[-1]] = rest
    return counts


@st.composite
def setups(draw, rules: str | None = None) -> Setup:
    rules = rules or draw(st.sampled_from(["pagat", "house"]))
    n = draw(st.sampled_from([3, 4]))
    players = NAMES[:n]
    paper = tuple(
        PaperDebt(draw(st.sampled_from(players)), draw(st.integers(1, 40)))
        for _ in range(draw(st.integers(0, 3)))
    )
    return Setup(
        players=players,
        first_dealer=draw(st.sampled_from(players)),
        rules=rules,
        start_tokens=draw(st.sampled_from([100, 160, 200])),
        tanto_value=draw(st.sampled_from([Decimal("0.10"), Decimal("0.05"), Decimal("1")])),
        paper=paper,
        end_paper=draw(st.sampled_from(["settle", "keep"])),
    )


def draw_hand(draw, table: Table) -> Hand:
    """One valid hand for the table as it stands."""
    up = table.upcoming()
    rules = table.rules
    debt = draw(st.sampled_from(up.tied_debtors)) if up.tied_debtors and draw(st.booleans()) else None
    kind = draw(st.sampled_from(up.contracts))
    if kind == "pass":
        return Hand("pass")
    if kind == "penetro":
        if draw(st.booleans()):
            return Hand("penetro", surrender=Surrender(), debt=debt)
        drops = draw(st.sampled_from([p for p in table.players if p != up.dealer]))
        playing = [p for p in table.players if p != drops]
        tricks = split_nine(draw, playing, up.dealer, bola=None)
        return Hand("penetro", declarer=up.dealer, drops_out=drops, tricks=tricks, debt=debt)
    declarer = draw(st.sampled_from(up.declarers))
    opponents = [p for p in up.active if p != declarer]
    allowed = [f for f in ("estuche", "contra_estuche") if rules.allows(f)]
    flag = draw(st.sampled_from([None, *allowed]))
    flags = {flag: True} if flag else {}
    if kind in rules.surrender_contracts and draw(st.integers(0, 5)) == 0:
        if kind in rules.takeover_contracts and draw(st.booleans()):
            new = draw(st.sampled_from(opponents))
            bola = draw(st.sampled_from([None, "won", "failed"])) if "bola" in rules.takeover_paid else None
            paid_flags = {k: v for k, v in flags.items() if k in rules.takeover_paid}
            tricks = split_nine(draw, list(up.active), new, bola=bola)
            return Hand(kind, declarer=declarer, surrender=Surrender(new), tricks=tricks, bola=bola,
                        debt=debt, **paid_flags)
        return Hand(kind, declarer=declarer, surrender=Surrender(), debt=debt, **flags)
    if draw(st.integers(0, 9)) == 0:
        tricks = {p: (5 if p == declarer else 0) for p in up.active}
        return Hand(kind, declarer=declarer, primeras=True, tricks=tricks, debt=debt, **flags)
    bola = draw(st.sampled_from([None, None, None, "won", "failed"]))
    tricks = split_nine(draw, list(up.active), declarer, bola=bola)
    if bola is None and tricks[declarer] == 9:
        bola = "won"
    return Hand(kind, declarer=declarer, tricks=tricks, bola=bola, debt=debt,
                forced=kind == "entrada" and draw(st.booleans()), **flags)


@st.composite
def sessions(draw, max_hands: int = 30) -> Session:
    setup = draw(setups())
    table = Table(setup)
    hands = []
    for _ in range(draw(st.integers(0, max_hands))):
        hand = draw_hand(draw, table)
        table.play(hand)  # valid by construction: a refusal here is a bug
        hands.append(hand)
    return Session(setup, tuple(hands))
