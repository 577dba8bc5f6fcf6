"""The end of the evening: share the dishes (and the paper), then settle in money.

The payments themselves are the platform's, the same for every game (:mod:`scorekeeper.core.transfers`).
"""

from __future__ import annotations

from decimal import Decimal, localcontext

from ....core.transfers import fewest_transfers
from .model import PaperDebt, Row, ScoringName, Settlement, Setup, build_money_transfer, build_settlement

#: digits of the decimal arithmetic that turns tantos into money: a net of up to 10^40 tantos times a
#: tanto value of up to 11 significant digits (domains.STAKE) is exact
MONEY_DIGITS = 60


def settle(setup: Setup, final: Row, scoring: ScoringName = "puesta") -> Settlement:
    """Settle the table as it stands after its last row ``final``.

    The plato and the pajaritos dish go into the pot; with ``end_paper`` "settle"
    each open reserved puesta is paid into it too (or else kept for the next
    session). The pot is shared equally, the odd tantos to the lowest bowls;
    then everyone's tantos against the start are settled in money.
    """
    players = setup.players
    mode = setup.end_paper
    bowls = final.bowls
    paper_paid: dict[str, int] = {}
    kept: tuple[PaperDebt, ...] = ()
    open_debts = final.open_debts()
    pot = final.plato + final.pajaritos
    if mode == "settle":
        for p in players:
            owed = sum(d.amount for d in open_debts if d.player == p)
            if owed:
                bowls[p] -= owed
                paper_paid[p] = owed
                pot += owed
    else:
        kept = tuple(PaperDebt(d.player, d.amount) for d in open_debts)
    share, remainder = divmod(pot, len(players))
    seat = {p: i for i, p in enumerate(players)}
    lowest = sorted(players, key=lambda p: (bowls[p], seat[p]))[:remainder]
    final_bowls = {p: bowls[p] + share + (1 if p in lowest else 0) for p in players}
    assert sum(final_bowls.values()) == setup.start_tokens * len(players), "settlement lost tokens"
    net = {p: final_bowls[p] - setup.start_tokens for p in players}
    value = setup.tanto_value
    with localcontext() as exact:  # wide enough that net × value is never rounded (domains bound both)
        exact.prec = MONEY_DIGITS
        money = {p: net[p] * value for p in players}
        assert sum(money.values()) == Decimal(0), "money does not sum to zero"
        transfers = tuple(
            build_money_transfer(a, b, t, t * value) for a, b, t in fewest_transfers(net, players)
        )
    return build_settlement(
        paper_mode=mode, plato=final.plato, pajaritos=final.pajaritos, paper_paid=paper_paid, pot=pot, share=share,
        remainder_to=tuple(p for p in players if p in lowest), final=final_bowls, net=net, money=money,
        transfers=transfers, kept_paper=kept, tanto_value=value, currency=setup.currency, scoring=scoring,
    )
