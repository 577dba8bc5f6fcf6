"""Three players, the club's house rules, a paper kept and a paper brought in: the documents follow."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorekeeper.games.tresillo.documents.render import KINDS, render_pdf
from scorekeeper.games.tresillo.engine import Hand, PaperDebt, Session, Setup, Table, replay
from scorekeeper.games.tresillo.views import build_view

from .conftest import gen_hands, pdf_pages

THREE = ("Ana", "Blas", "Carmen")


@pytest.mark.parametrize("rules", ["pagat", "house"])
def test_three_players_and_house_rules(rules: str) -> None:
    setup = Setup(
        players=THREE, first_dealer="Blas", rules=rules, tanto_value=Decimal("0.05"), currency="EUR",
        paper=(PaperDebt("Carmen", 14),), end_paper="keep",
    )
    table = Table(setup)
    hands = list(gen_hands(24, table=table))
    # end on puestas until a debt is written, so the evening leaves something on the paper to keep
    while not any(not d.crossed and d.hand for d in table.last.paper):
        a, b, c = table.upcoming().active
        hands.append(Hand("entrada", declarer=a, tricks={a: 4, b: 4, c: 1}))
        table.play(hands[-1])
    ledger = replay(Session(setup, tuple(hands)))
    assert ledger.settlement.kept_paper
    view = build_view(ledger, group="Peña del Hombre", options={"Palo de favor": "none"})
    texts = {kind: " ".join(" ".join(pdf_pages(render_pdf(kind, view))).split()) for kind in KINDS}
    report = texts["report"]
    assert "1. Ana, 2. Blas (first dealer), 3. Carmen" in report
    assert "# Ana Blas Carmen Plato Pajaritos Paper" in report
    assert "Palo de favor none" in report  # options in force are printed
    assert "Paper brought in Carmen 14" in report
    assert "€0.05 a tanto" in report
    if rules == "house":
        assert "Puesta tanto per player none (the plato alone is in play)" in report
        assert "contra_estuche 3" in report
    assert "kept for the next session" in report
    for p, amount in ledger.settlement.money.items():
        sign = "+" if amount > 0 else ("−" if amount < 0 else "")
        assert f"{p} " in texts["settlement"] and f"{sign}€{abs(amount):.2f}" in texts["settlement"]
    kept = ledger.settlement.kept_paper
    assert ("Keep this sheet." in texts["paper"]) and len(pdf_pages(render_pdf("paper", view))) == 1
    for d in kept:
        assert f"{d.player} {d.amount}" in texts["paper"]


def test_an_evening_not_yet_dealt() -> None:
    view = build_view(replay(Session(Setup(players=THREE, first_dealer="Ana"))))
    report = " ".join(" ".join(pdf_pages(render_pdf("report", view))).split())
    assert "0 155 155 155 0 15 empty Start of session." in report
    assert "Nobody owes anybody anything." in report
    assert "Every bowl across the session" not in report  # no chart of a single row
    sheet = " ".join(" ".join(pdf_pages(render_pdf("settlement", view))).split())
    assert "Ana 160 0 €0.00" in sheet and "Nobody owes anybody anything." in sheet
    paper = " ".join(" ".join(pdf_pages(render_pdf("paper", view))).split())
    assert "The paper is clean: nobody owes a reserved puesta." in paper
