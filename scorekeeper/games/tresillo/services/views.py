"""What the pages show: one view model per session (screen, HTML report and PDF alike)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from .... import formats
from ....i18n import current_language
from ....models import GameSession
from ....reports.chart import PHONE, thin
from ....services.paging import HANDS_PER_PAGE as HANDS_PER_PAGE
from ....services.replays import ROW
from ....services.screens import DealsPage, VersionParts, deals_page
from ..engine import RULESETS, HandChoices, Ledger, get_ruleset, hand_choices, settle
from ..views import RowView, SessionView, SettlementView, build_view, row_view, settlement_view
from ..words import option_words, rules_title
from .replays import Replayed, ledger_for, replayed

T = TypeVar("T")


def rule_choices() -> list[tuple[str, str]]:
    """The rulesets a session may be started with, as (name, label)."""
    return [(r.name, f"{r.name} — {rules_title(r)}") for r in RULESETS.values()]


def choices_for(gs: GameSession) -> HandChoices:
    """What the hand form may offer at this table: contracts, surrenders, takeovers, the fields read."""
    return hand_choices(get_ruleset(gs.rules).with_options(gs.options or {}), len(gs.players))


def hand_asks(rules_name: str, options: dict[str, Any], players: int) -> tuple[str, ...]:
    """Which optional questions the hand form asks under these rules."""
    return tuple(hand_choices(get_ruleset(rules_name).with_options(options), players).questions)


def view_from(gs: GameSession, ledger: Ledger, *, rows: bool = False) -> SessionView:
    return build_view(
        ledger,
        title=f"{gs.group.name} — {formats.date(gs.created_at)}",  # in the document's language (not "04 Dec")
        group=gs.group.name,
        started=gs.created_at,
        ended=gs.closed_at,
        options=dict(option_words(gs.options)) if gs.options else None,
        rows=rows,
    )


def kept_view(gs: GameSession, whole: Replayed, end_paper: str | None = None) -> SessionView:
    """The session view of ``whole``'s version (its paper settled or kept as ``end_paper`` says, None: as the
    session says), built once per version, language and group name and kept: every page of the table
    shows it, and building it reads the whole evening's settlement."""
    key = ("view", current_language(), end_paper, gs.group.name)
    return whole.kept(key, lambda: view_from(gs, whole.ledger_as(end_paper)))


def view_for(gs: GameSession, *, rows: bool = False, end_paper: str | None = None) -> SessionView:
    return view_from(gs, ledger_for(gs, end_paper=end_paper), rows=rows)


@dataclass(frozen=True)
class TableScreen(VersionParts):
    """The table screen: the session view, the last hands and the one just saved; what it draws from one
    version is drawn once (the platform's :class:`VersionParts`: ``kept``, ``drawn``)."""

    view: SessionView
    recent: list[RowView]
    saved_row: RowView | None
    points: str | None  # French scoring: what each contract is worth (there is no plato)
    #: every bowl after every row so far, for the bowls chart (the view model's ``chart`` shape)
    chart: Mapping[str, Any] = field(default_factory=dict)
    #: the replay this screen was read from and its paper at the end, for :meth:`kept`
    whole: Replayed | None = field(default=None, compare=False, repr=False)
    end_paper: str | None = None

    @property
    def parts(self) -> tuple[Hashable, ...]:
        """What this screen draws from one version is kept under its kind and the paper at the end."""
        return ("table screen", self.end_paper)


def table_screen(gs: GameSession, saved: int | None) -> TableScreen:
    """The table screen. While the session is open its money says "if we settled now" (paper settled).

    Only what the screen shows is built (the last hands, a thinned chart): its cost does not grow
    with the evening.
    """
    whole = replayed(gs)
    end_paper = None if gs.closed else "settle"
    ledger = whole.ledger_as(end_paper)
    hands = len(ledger.results)  # hand n's row is row 2n (after its deal)
    saved_row = said_row(whole, 2 * saved) if saved and 1 <= saved <= hands else None
    recent = [said_row(whole, 2 * n) for n in range(hands, max(0, hands - 4), -1)]
    rules = ledger.rules
    points = None
    if rules.scoring == "points":
        points = " · ".join(f"{c} {rules.condicion(c)}" for c in ("entrada", "vuelta", "solo", "bola")
                            if rules.allows(c))
    view = kept_view(gs, whole, end_paper)
    chart = whole.kept(("bowls so far", end_paper), lambda: bowls_so_far(ledger))
    return TableScreen(view, recent, saved_row, points, chart, whole, end_paper)


def said_row(whole: Replayed, index: int) -> RowView:
    """Row ``index`` in words, in the current language: said once per version and language, then kept."""
    return whole.kept((ROW, current_language(), index), lambda: row_view(whole.ledger.rows[index]))


def bowls_so_far(ledger: Ledger, most: int | None = PHONE.most_points) -> dict[str, Any]:
    """Each player's bowl after every row (at most ``most`` rows, spread evenly, the first and the last
    kept: the phone's chart draws no more), for the bowls chart of the evening in progress."""
    players = ledger.setup.players
    rows = [ledger.rows[i] for i in thin(len(ledger.rows), most)]
    return {
        "players": list(players),
        "series": [[r.bowls_tuple[i] for r in rows] for i in range(len(players))],
        "hands": [r.hand or 0 for r in rows],
        "start": ledger.setup.start_tokens,
    }


#: a page of the All hands list: the platform's page of a table's deals, Tresillo's rows in words
HandsPage = DealsPage[SessionView, RowView]


def hands_page(gs: GameSession, *, before: int | None = None, hand: int | None = None) -> HandsPage:
    """A page of the All hands list: only its own hands' rows are put into words, each once per version
    and language (:func:`said_row`), so paging back and forth says nothing twice."""
    whole = replayed(gs)
    total = len(whole.ledger.results)
    # rows: the start, then a deal row and a hand row for each hand (hand n's row is rows[2n])
    return deals_page(kept_view(gs, whole), whole, total, lambda n: said_row(whole, 2 * n), before=before, deal=hand)


@dataclass(frozen=True)
class EndPage:
    """The end of the evening: the session view, and the settlement either way the paper goes."""

    view: SessionView
    if_settled: SettlementView
    if_kept: SettlementView


def end_page(gs: GameSession) -> EndPage:
    """One replay; the settlement is worked out from the last row for both choices of the paper."""
    ledger = ledger_for(gs)
    view = view_from(gs, ledger)
    either = {
        mode: settlement_view(ledger, settle(replace(ledger.setup, end_paper=mode), ledger.last, ledger.rules.scoring))
        for mode in ("settle", "keep")
    }
    return EndPage(view, either["settle"], either["keep"])
