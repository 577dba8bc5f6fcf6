"""The hand form offers exactly the choices the engine accepts, under every ruleset and variant.

The offered choices are read from the rendered form (each input and the
contracts, surrenders and ways of ending its box is shown for, as the page
declares them to its script); the accepted ones are found by trying a hand
with each choice on a fresh engine table. Neither side is computed from the
other.
"""

from __future__ import annotations

import dataclasses
from html.parser import HTMLParser
from typing import Any

import pytest

from conftest import gen_group, gen_session
from scorekeeper.core.errors import HandError
from scorekeeper.games.tresillo.engine import Hand as EngineHand
from scorekeeper.games.tresillo.engine import Setup, Surrender, Table

PLAYERS = ("North", "West", "South", "East")
VOID = {"input", "br", "img", "meta", "link", "hr"}
CONTRACTS = ("entrada", "vuelta", "solo", "penetro", "pass")
FLAGS = ("estuche", "contra_estuche", "primeras", "bola")

# (rules, seats, the start form's variant fields, the same as session options)
TABLES = [
    ("pagat", 4, {}, {}),
    ("pagat", 3, {}, {}),
    ("house", 4, {}, {}),
    ("house", 3, {}, {}),
    ("french", 4, {}, {}),
    ("french", 3, {}, {}),
    ("pagat", 4, {"penetro_four": "y"}, {"penetro_four": True}),
    ("pagat", 4, {"palo_de_favor": "oros", "scale": "5"}, {"palo_de_favor": "oros", "scale": 5}),
    ("house", 4, {"old_codillo": "y"}, {"codillo": "winner_only"}),
]


class FormInputs(HTMLParser):
    """Every input of the hand form with the conditions (data-show, data-hide, data-result,
    data-surrender, hidden) of the boxes around it."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[dict[str, Any]] = []
        self.inputs: list[dict[str, Any]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "input":
            self.inputs.append({"name": a.get("name"), "value": a.get("value"), "type": a.get("type"),
                                "when": [dict(s) for s in self.stack]})
        elif tag not in VOID:
            self.stack.append({k: v for k, v in a.items() if k.startswith("data-") or k == "hidden"})

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID and self.stack:
            self.stack.pop()


def shown(inp: dict[str, Any], contract: str, surrender: str, result: str, asks_result: bool) -> bool:
    """Whether the page shows ``inp`` after these answers (the rules static/games/tresillo.js applies)."""
    for box in inp["when"]:
        words = {k: (v or "").split() for k, v in box.items()}
        if "data-show" in box and contract not in words["data-show"]:
            return False
        if "data-hide" in box and contract in words["data-hide"]:
            return False
        if "data-result" in box and asks_result and result not in words["data-result"]:
            return False
        if "data-surrender" in box and surrender not in words["data-surrender"]:
            return False
        if "hidden" in box and not any(k in box for k in ("data-show", "data-hide", "data-result", "data-surrender")):
            return False  # hidden for good at this table (the resting dealer's tricks)
    return True


def offered(inputs: list[dict[str, Any]], name: str, **answers: str) -> set[str]:
    asks_result = any(i["name"] == "result" for i in inputs)
    return {i["value"] for i in inputs if i["name"] == name and shown(i, asks_result=asks_result, **answers)}


# ------------------------------------------------------------------ the engine's side


def accepts(table: Table, hand: EngineHand) -> bool:
    try:
        table.preview(hand)
    except HandError:
        return False
    return True


def played(table: Table, contract: str, **kw: Any) -> EngineHand:
    """A plain hand of ``contract`` the declarer wins (the penetro's first opponent drops out)."""
    up = table.upcoming()
    if contract == "pass":
        return EngineHand("pass")
    trump = {"trump": "copas"} if table.rules.favoured_suit else {}
    if contract == "penetro":
        others = [p for p in table.players if p != up.dealer]
        if len(others) < 3:
            return EngineHand("penetro", declarer=up.dealer, **trump, **kw)  # no penetro at three
        if table.rules.penetro_four:
            drops, tricks = {}, {up.dealer: 5, others[0]: 2, others[1]: 1, others[2]: 1}
        else:
            drops, tricks = {"drops_out": others[0]}, {up.dealer: 5, others[1]: 2, others[2]: 2}
        return EngineHand("penetro", declarer=up.dealer, tricks=tricks, **drops, **trump, **kw)
    declarer, *opponents = up.active
    tricks = {declarer: 5, opponents[0]: 2, opponents[1]: 2}
    return EngineHand(contract, declarer=declarer, tricks=tricks, **trump, **kw)


def surrendered(table: Table, contract: str, kind: str) -> EngineHand:
    hand = played(table, contract)
    if contract == "pass":
        return dataclasses.replace(hand, surrender=Surrender())
    if kind == "accepted":
        return dataclasses.replace(hand, tricks=None, drops_out=None, surrender=Surrender(),
                                   trump=None if contract == "penetro" else hand.trump)
    opponent = [p for p in hand.tricks if p != hand.declarer][0]
    tricks = {p: (5 if p == opponent else 2) for p in hand.tricks}
    return dataclasses.replace(hand, tricks=tricks, surrender=Surrender(opponent))


def engine_table(rules: str, seats: int, options: dict[str, Any]) -> Table:
    return Table(Setup(players=PLAYERS[:seats], first_dealer=PLAYERS[0], rules=rules, options=options))


# ------------------------------------------------------------------ the test


@pytest.mark.parametrize("rules, seats, fields, options", TABLES,
                         ids=[f"{t[0]}-{t[1]}-{'-'.join(t[3]) or 'plain'}" for t in TABLES])
def test_the_form_offers_what_the_engine_accepts(browser, rules, seats, fields, options):
    players = PLAYERS[:seats]
    s = gen_session(browser, gen_group(browser, players=players), players=players, rules=rules, **fields)
    parser = FormInputs()
    parser.feed(browser.get(f"/s/{s}/hand").get_data(as_text=True))
    inputs = parser.inputs
    table = engine_table(rules, seats, options)

    contracts = offered(inputs, "contract", contract="", surrender="none", result="")
    assert contracts == {c for c in CONTRACTS if accepts(table, played(table, c))}

    for c in contracts:
        kinds = offered(inputs, "surrender", contract=c, surrender="none", result="") - {""}
        engine = {k for k in ("accepted", "takeover") if c != "pass" and accepts(table, surrendered(table, c, k))}
        assert kinds == engine, c
        # every way of ending offered is accepted (and none the engine takes is missing)
        if c == "pass":
            continue
        results = offered(inputs, "result", contract=c, surrender="none", result="") - {"tricks"}
        base = played(table, c)
        told = {o for o in ("sacado", "puesta", "codillo")
                if accepts(table, dataclasses.replace(base, tricks=None, outcome=o,
                                                      winner=[p for p in base.tricks if p != base.declarer][0]
                                                      if o == "codillo" else None))}
        assert results == told, c

    # the condiciones, for a hand the declarer won: as played, and after a takeover
    for kind, surrender in (("none", None), ("takeover", "takeover")):
        flags = offered(inputs, "estuche", contract="entrada", surrender=kind, result="sacado") | \
            offered(inputs, "contra_estuche", contract="entrada", surrender=kind, result="sacado") | \
            offered(inputs, "primeras", contract="entrada", surrender=kind, result="sacado")
        names = {i["name"] for i in inputs if i["value"] in flags and i["name"] in FLAGS}
        if offered(inputs, "bola", contract="entrada", surrender=kind, result="sacado") - {""}:
            names.add("bola")
        hand = played(table, "entrada") if surrender is None else surrendered(table, "entrada", "takeover")
        playing = hand.surrender.takeover if hand.surrender else hand.declarer
        five = {p: (5 if p == playing else 0) for p in hand.tricks}
        trials = {
            "estuche": dataclasses.replace(hand, estuche=True),
            "contra_estuche": dataclasses.replace(hand, contra_estuche=True),
            "primeras": dataclasses.replace(hand, primeras=True, tricks=five),
            "bola": dataclasses.replace(hand, bola="failed"),
        }
        assert names == {f for f, h in trials.items() if accepts(table, h)}, kind
