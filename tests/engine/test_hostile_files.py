"""Any JSON value, any bytes: the engine answers with a Session or a SessionError naming hand and field.

Regression tests for every case issue 10 measured (a file nested 50,000 deep,
``rules`` as a list, a lone surrogate in a name, 2^63 start tokens, a tanto
value of 1e26 or with 31 digits, Latin-1 and BOM files, garbage read as blank),
then two hypothesis properties: arbitrary JSON, and valid sessions of every
ruleset and variant mutated (bench/fuzz.py runs the same generators 100,000 times).
"""

from __future__ import annotations

import json
import os
import random
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz import mutate, nudge, outcome, valid_document
from scorekeeper import words
from scorekeeper.core.domains import JSON_DEPTH
from scorekeeper.core.errors import SessionError
from scorekeeper.games.tresillo.engine import Session, dump_session, load_session, loads, replay

BASE: dict[str, Any] = {"format": "tresillo-session/1", "rules": "pagat", "players": ["Ana", "Bea", "Carlos"],
                        "first_dealer": "Ana", "hands": []}
WON = {"contract": "entrada", "declarer": "Bea", "tricks": {"Ana": 2, "Bea": 5, "Carlos": 2}}
#: enough hands that money moves (so a broken tanto value would be multiplied)
PLAYED = [WON, {"contract": "entrada", "declarer": "Carlos", "tricks": {"Ana": 4, "Bea": 4, "Carlos": 1}}]


def refusal(data: Any) -> tuple[int | None, str, str]:
    """(hand, field, message) of the refusal of ``data`` (a dict, text or bytes); the message as players read it."""
    with pytest.raises(SessionError) as caught:
        session = loads(data) if isinstance(data, str | bytes) else load_session(data)
        replay(session)
    err = caught.value.first
    return err.hand, err.field, words.refusal(err)


def test_nested_fifty_thousand_deep_is_refused_not_a_recursion_error() -> None:
    assert refusal("[" * 50_000 + "]" * 50_000)[1:] == ("format", refusal("[" * 50_000 + "]" * 50_000)[2])
    assert "nested too deeply" in refusal('{"a":' * 50_000 + "1" + "}" * 50_000)[2]
    inner: Any = 1
    for _ in range(JSON_DEPTH + 5):
        inner = [inner]
    hand, field, message = refusal(dict(BASE, hands=[dict(WON, tricks=inner)]))
    assert (hand, field) == (1, "tricks") and "nested too deeply" in message


@pytest.mark.parametrize("rules", [["pagat"], {"pagat": 1}, 3, None, True])
def test_rules_of_the_wrong_type(rules: Any) -> None:
    assert refusal(dict(BASE, rules=rules))[:2] == (None, "rules")


def test_a_lone_surrogate_anywhere_is_refused_naming_where() -> None:
    assert refusal('{"players": ["A\\ud800", "B", "C"]}')[:2] == (None, "players[0]")
    hand, field, _ = refusal(json.dumps(dict(BASE, hands=[dict(WON, bola="\ud800")])))
    assert (hand, field) == (1, "bola")
    hand, field, message = refusal(json.dumps(dict(BASE, hands=[dict(WON, **{"\udfff": 1})])))
    assert hand == 1 and "lone surrogate" in message


@pytest.mark.parametrize("tokens", [2**63, 2**31 + 1, 100_001, 4, 0, -5, 10**40, True, "160", 160.0])
def test_start_tokens_outside_their_domain(tokens: Any) -> None:
    hand, field, message = refusal(dict(BASE, start_tokens=tokens))
    assert (hand, field) == (None, "start_tokens") and "5 to 100,000" in message


@pytest.mark.parametrize("value", ["1e26", "1E+26", Decimal("1e26"), "1234567890123456789012345678.901",
                                   "0.12345", "100000.0001", "-0.10", "NaN", "Infinity", "", "0,10", "1 000",
                                   "٣", True, [], 10**30])
def test_tanto_values_outside_their_domain(value: Any) -> None:
    session = dict(BASE, tanto_value=value, hands=PLAYED)
    assert refusal(session)[:2] == (None, "tanto_value")


def test_a_tanto_value_as_a_json_number_is_exact() -> None:
    s = loads(json.dumps(BASE)[:-1] + ', "tanto_value": 0.1}')
    assert s.setup.tanto_value == Decimal("0.1")
    assert str(loads('{"players": ["A", "B", "C"], "tanto_value": 1e2}').setup.tanto_value) == "100"
    assert refusal('{"players": ["A", "B", "C"], "tanto_value": 1e400}')[1] == "tanto_value"


def test_numbers_of_thousands_of_digits_nan_and_infinity_are_refusals() -> None:
    assert refusal('{"start_tokens": ' + "9" * 5000 + "}")[1] == "format"
    assert refusal('{"start_tokens": NaN}')[1] == "format"
    assert refusal('{"tanto_value": -Infinity}')[1] == "format"


@pytest.mark.parametrize(("field", "value"), [
    ("players", ["Ana\x00", "Bea", "Carlos"]), ("players", ["x" * 100_000, "Bea", "Carlos"]),
    ("players", ["Ana", "ANA", "Carlos"]), ("players", ["Ana", "  ", "Carlos"]), ("players", ["Ana", 7, "Carlos"]),
    ("players", ["Ana", "Bea\u202e", "Carlos"]), ("players", ["A", "B"]), ("players", "Ana, Bea, Carlos"),
    ("currency", "EU\x00"), ("currency", "E U R"), ("currency", "EURO DOLLARS"), ("currency", ""),
    ("currency", 978), ("currency", "12"),
])
def test_names_and_currency_outside_their_domain(field: str, value: Any) -> None:
    assert refusal(dict(BASE, **{field: value}))[1].startswith(field)


def test_names_are_trimmed_and_their_spaces_made_single_everywhere() -> None:
    s = load_session(dict(BASE, players=["  Ana  María ", "Bea", "Carlos"], first_dealer="Ana María",
                          hands=[dict(WON, declarer="Ana   María", tricks={"Ana María": 5, "Bea": 2, "Carlos": 2})]))
    assert s.setup.players[0] == "Ana María" and s.hands[0].declarer == "Ana María"
    assert s.hands[0].tricks == {"Ana María": 5, "Bea": 2, "Carlos": 2}


@pytest.mark.parametrize(("field", "value"), [
    ("surrender", "yes please"), ("surrender", False), ("bola", "maybe"), ("bola", True), ("trump", "hearts"),
    ("bet", "X"), ("contract", 5), ("contract", "Entrada"), ("forced", "yes"), ("primeras", 1),
    ("estuche", 2), ("estuche", 13), ("estuche", "true"), ("declarer", "Nobody"), ("declarer", ["Bea"]),
    ("tricks", [5, 2, 2]), ("debt", 3),
])
def test_a_value_that_is_not_among_the_choices_is_refused_never_blank(field: str, value: Any) -> None:
    hand, where, _ = refusal(dict(BASE, hands=[dict(WON, **{field: value})]))
    assert hand == 1 and where.startswith(field)


@pytest.mark.parametrize("tricks", [{"Ana": 2, "Bea": 10**30, "Carlos": 2}, {"Ana": -1, "Bea": 5, "Carlos": 5},
                                    {"Ana": 2.0, "Bea": 5, "Carlos": 2}, {"Ana": 2, "Bea": 5, "Nobody": 2}])
def test_tricks_outside_their_domain_name_the_player(tricks: dict[str, Any]) -> None:
    hand, field, _ = refusal(dict(BASE, hands=[dict(WON, tricks=tricks)]))
    assert hand == 1 and field.startswith("tricks")


def test_unknown_fields_are_refused_never_dropped() -> None:
    assert refusal(dict(BASE, hands=[dict(WON, trick={"Bea": 5})]))[:2] == (1, "trick")
    assert refusal(dict(BASE, colour="red"))[:2] == (None, "colour")
    assert refusal(dict(BASE, end={"paper": "keep", "closed": True}))[:2] == (None, "end.closed")
    assert refusal(dict(BASE, hands=[dict(WON, surrender={"takeover": None, "why": "bad cards"})]))[:2] == (
        1, "surrender.why")


def test_own_amounts_outside_their_domain() -> None:
    for options, field in [({"condiciones": {"vuelta": 10**20}}, "options.condiciones.vuelta"),
                           ({"ante": 10_001}, "options.ante"), ({"pajarito": 0}, "options.pajarito"),
                           ({"condiciones": {"vuelta": -1}}, "options.condiciones.vuelta"),
                           ({"condiciones": ["vuelta", 2]}, "options.condiciones")]:
        assert refusal(dict(BASE, options=options))[1] == field


def test_paper_outside_its_domain() -> None:
    assert refusal(dict(BASE, paper=[{"player": "Ana", "amount": 10**40}]))[1] == "paper[0].amount"
    assert refusal(dict(BASE, paper=[{"player": "Ana", "amount": 5, "note": "x"}]))[1] == "paper[0].note"
    assert refusal(dict(BASE, paper={"Ana": 5}))[1] == "paper"


def test_too_many_hands_is_refused_before_reading_them() -> None:
    assert refusal(dict(BASE, hands=[WON] * 10_001))[1] == "hands"


def test_bytes_utf8_with_or_without_a_byte_order_mark() -> None:
    text = json.dumps(dict(BASE, players=["José", "Bea", "Carlos"], first_dealer="José"), ensure_ascii=False)
    assert loads(text.encode("utf-8")).setup.players[0] == "José"
    assert loads(b"\xef\xbb\xbf" + text.encode("utf-8")).setup.players[0] == "José"
    assert loads("\ufeff" + text).setup.players[0] == "José"


@pytest.mark.parametrize(("codec", "named"), [("latin-1", "Latin-1"), ("cp1252", "Windows-1252"),
                                              ("utf-16", "UTF-16"), ("utf-32", "UTF-32"),
                                              ("utf-16-le", "UTF-16")])
def test_other_encodings_are_refused_naming_the_encoding(codec: str, named: str) -> None:
    text = json.dumps(dict(BASE, players=["José", "Bea", "Carlos"], first_dealer="José"), ensure_ascii=False)
    hand, field, message = refusal(text.encode(codec))
    assert (hand, field) == (None, "format") and named in message and "UTF-8" in message


def test_an_ended_session_stays_ended_through_the_file() -> None:
    s = load_session(dict(BASE, hands=PLAYED, end={"paper": "keep", "ended": True}))
    assert s.setup.ended and s.setup.end_paper == "keep"
    out = dump_session(s)
    assert out["end"] == {"paper": "keep", "ended": True}
    assert loads(json.dumps(out)) == s
    assert "ended" not in dump_session(load_session(BASE))["end"]
    assert refusal(dict(BASE, end={"paper": "keep", "ended": "yes"}))[1] == "end.ended"


def test_not_json_at_all() -> None:
    for data in ["", "   ", "nul", "{", "[1,]", "\x00\x01", b"\xff\xfe\xfd", b"\x89PNG\r\n\x1a\n"]:
        assert refusal(data)[1] == "format"
    for data in [None, [], "text", 3, [BASE]]:
        assert refusal(data)[1] == "format"


def test_python_values_that_are_not_json_are_refused() -> None:
    assert refusal(dict(BASE, players=("Ana", "Bea", "Carlos")))[1] == "players"
    assert refusal(dict(BASE, options={"scale": {5}}))[1] == "options.scale"
    assert refusal({**BASE, 3: "x"})[1] == "format"


# ----------------------------------------------------------------- properties

EXAMPLES = int(os.environ.get("HOSTILE_EXAMPLES", "2000" if os.environ.get("CI") else "300"))
PROPERTY = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow],
                    derandomize=bool(os.environ.get("CI")))

SURROGATES = st.sampled_from(["\ud800", "A\udfff", "\udbff\udc00x"])
TEXT = st.one_of(st.text(max_size=30), SURROGATES, st.sampled_from(["", " ", "\x00", "x" * 5000, "²", "①"]))
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=-(10**400), max_value=10**400),
    st.floats(allow_nan=False, allow_infinity=False), st.decimals(allow_nan=False, allow_infinity=False), TEXT,
)
JSON = st.recursive(SCALARS, lambda kids: st.lists(kids, max_size=5) | st.dictionaries(TEXT, kids, max_size=5),
                    max_leaves=40)
#: a field's value: smaller, so a whole session-shaped object stays quick to draw
VALUE = st.recursive(SCALARS, lambda kids: st.lists(kids, max_size=3) | st.dictionaries(TEXT, kids, max_size=3),
                     max_leaves=6)
FIELDS = ["format", "rules", "players", "first_dealer", "start_tokens", "tanto_value", "currency", "paper",
          "end", "options", "hands"]
#: session-shaped objects: the right field names with arbitrary values go deeper into the reader
SHAPED = st.fixed_dictionaries({}, optional={f: VALUE for f in FIELDS})
HAND_SHAPED = st.fixed_dictionaries(
    {"players": st.just(["Ana", "Bea", "Carlos"])},
    optional={"hands": st.lists(st.fixed_dictionaries({}, optional={
        f: VALUE for f in ["contract", "declarer", "tricks", "surrender", "bola", "estuche", "trump", "bet", "debt"]
    }), max_size=3)},
)


def answered(data: Any) -> None:
    """Reading (as a value and as text) and replaying give a Session or a SessionError, nothing else."""
    for reader in (load_session, lambda d: loads(json.dumps(d, default=str, allow_nan=False))):
        try:
            session = reader(data)
        except SessionError as exc:
            assert str(exc)
            continue
        except ValueError as exc:  # json.dumps itself refused (a circular or non-finite value): not ours
            assert "JSON" in str(exc) or "Out of range" in str(exc)
            continue
        assert isinstance(session, Session)
        try:
            replay(session)
        except SessionError:
            pass


@PROPERTY
@given(st.one_of(JSON, SHAPED, HAND_SHAPED))
def test_arbitrary_json_is_a_session_or_a_session_error(data: Any) -> None:
    answered(data)


@PROPERTY
@given(st.randoms(use_true_random=False), st.integers(0, 2))
def test_mutated_valid_sessions_of_every_ruleset_are_a_session_or_a_session_error(rng: random.Random,
                                                                                   how: int) -> None:
    doc = valid_document(rng, max_hands=12)
    assert loads(json.dumps(doc)) is not None  # the unmutated file is valid
    changed = nudge(rng, doc) if how == 0 else mutate(rng, doc)
    if how == 2:
        assert outcome(json.dumps(changed, default=str)) in ("accepted", "refused")
    else:
        answered(changed)


def test_a_field_of_another_scoring_is_refused_with_a_message() -> None:
    """A pagat file carrying the French dealer's ``bet`` was accepted and re-exported without a word."""
    hand, field, message = refusal(dict(BASE, hands=[dict(WON, bet="J")]))
    assert (hand, field) == (1, "bet") and "French" in message
    french = dict(BASE, rules="french", start_tokens=100)
    assert refusal(dict(french, hands=[dict(WON, estuche=True)]))[:2] == (1, "estuche")


def test_the_largest_values_of_every_domain_settle_exactly() -> None:
    """A tanto of 99,999.9999 and start tokens of 100,000, own amounts of 10,000, 1,500 codillos against
    the declarer: the bowls run into the billions, and the money still sums to zero, to the cent."""
    from scorekeeper.games.tresillo.engine import Hand, Setup, Table
    from scorekeeper.games.tresillo.engine.model import Options
    from scorekeeper.games.tresillo.views import format_money

    most = {"entrada": 10_000, "vuelta": 10_000, "solo": 10_000, "bola": 10_000, "primeras": 10_000}
    setup = Setup(players=("A", "B", "C", "D"), first_dealer="A", start_tokens=100_000,
                  tanto_value=Decimal("99999.9999"),
                  options=Options({"condiciones": most, "ante": 10_000, "pajarito": 10_000}))
    table = Table(setup)
    for _ in range(1_500):
        up = table.upcoming()
        declarer = up.declarers[0]
        first, second = (p for p in up.active if p != declarer)
        table.play(Hand("solo", declarer=declarer, tricks={declarer: 2, first: 5, second: 2}))
    settlement = table.ledger().settlement
    assert max(abs(v) for v in table.last.bowls.values()) > 10**9
    assert sum(settlement.money.values()) == 0
    assert all(format_money(m, "EUR") for m in settlement.money.values())


def test_no_player_is_named_after_a_dish() -> None:
    from scorekeeper.games import record
    from scorekeeper.games.registry import player_name
    from scorekeeper.games.tresillo.engine.model import PARTIES

    assert set(record("tresillo").dishes) == PARTIES  # the record and the engine's parties are one list
    assert PARTIES <= player_name().reserved  # and no group's player takes one of them
    for name in ("plato", "Pot", "PAPER"):
        assert refusal(dict(BASE, players=[name, "Bea", "Carlos"], first_dealer="Bea"))[1] == "players[0]"
