"""The paper and the settlement sheet: one page each, read back from the PDF."""

from __future__ import annotations

import json
import re

from scorekeeper.games.tresillo.documents.render import render_pdf
from scorekeeper.games.tresillo.engine import Ledger, load_session, replay
from scorekeeper.games.tresillo.views import SessionView, build_view

from .conftest import ENDED, GROUP, STARTED, pdf_pages, worked_session_text


def _flat(pdf: bytes) -> tuple[int, str]:
    pages = pdf_pages(pdf)
    return len(pages), " ".join(" ".join(pages).split())


def _keep_view(**changes: object) -> SessionView:
    data = json.loads(worked_session_text())
    data["end"] = {"paper": "keep"}
    data.update(changes)
    return build_view(replay(load_session(data)), group=GROUP, started=STARTED, ended=ENDED)


def test_paper_lists_each_players_open_puestas(worked_view: SessionView) -> None:
    pages, text = _flat(render_pdf("paper", worked_view))
    assert pages == 1
    assert text.startswith("The paper " + GROUP)
    assert "Date Tuesday, 17 November 2026" in text
    # one line per player in seating order: the puestas on the paper, then their total; the evening is over
    # (it has an end time) and its paper settled, so they are said settled, not owed
    assert "North none 0 West 22 22 South 21 21 East none 0" in text
    assert "Reserved puestas settled when the session ended" in text and "still owed" not in text
    # oldest first, with the hand that wrote each
    assert "1. South 21 — written at hand 3 2. West 22 — written at hand 4" in text
    # the debts paid tonight, marked as crossed
    assert "South ~23~, East ~23~" in text
    # the worked example settles its paper at the end: the sheet says so
    assert "Settled tonight." in text and "Keep this sheet." not in text
    assert text.endswith("1 / 1")


def test_kept_paper_reads_back_into_the_next_session() -> None:
    pages, text = _flat(render_pdf("paper", _keep_view()))
    assert pages == 1
    assert "Keep this sheet." in text
    listed = re.findall(r"(\d+)\. (\w+) (\d+) — written", text)
    assert [(p, int(a)) for _, p, a in listed] == [("South", 21), ("West", 22)]
    # what the sheet lists, entered as the next session's paper, is the same paper
    data = json.loads(worked_session_text())
    data["paper"] = [{"player": p, "amount": int(a)} for _, p, a in listed]
    data["hands"] = []
    nxt = replay(load_session(data))
    assert [(d.player, d.amount) for d in nxt.last.paper_version.open_debts()] == [("South", 21), ("West", 22)]
    # and a debt brought in is printed as such
    _, text2 = _flat(render_pdf("paper", build_view(nxt)))
    assert "1. South 21 — brought in from an earlier session" in text2


def test_settlement_sheet_final_bowls_money_and_transfers(worked_view: SessionView) -> None:
    pages, text = _flat(render_pdf("settlement", worked_view))
    assert pages == 1
    assert text.startswith("Settlement sheet " + GROUP)
    assert "Tanto value ESP 10 a tanto" in text
    assert (
        "North 179 +19 +ESP 190 West 148 −12 −ESP 120 "
        "South 165 +5 +ESP 50 East 148 −12 −ESP 120"
    ) in text
    assert "West North ESP 120 12 East North ESP 70 7 East South ESP 50 5" in text
    assert "53 tantos are shared out" in text
    assert text.endswith("1 / 1")


def test_settlement_sheet_when_the_paper_is_kept() -> None:
    _, text = _flat(render_pdf("settlement", _keep_view()))
    assert "Kept on the paper for the next session: South 21, West 22." in text
    # the money still sums to zero, whatever the paper mode
    amounts = re.findall(r"([+−])ESP (\d+)", text.split("Who pays whom")[0])
    assert sum(int(a) * (1 if s == "+" else -1) for s, a in amounts) == 0


def test_documents_without_a_date_leave_a_line_to_write_it_on(worked_ledger: Ledger) -> None:
    view = build_view(worked_ledger)
    for kind in ("paper", "settlement"):
        pages, text = _flat(render_pdf(kind, view))
        assert pages == 1
        assert "Date Times" in text  # both labels there, with blank lines for a pen
