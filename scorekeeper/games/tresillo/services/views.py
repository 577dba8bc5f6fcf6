"""What the pages show: one view model per session (screen, HTML report and PDF alike)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from .... import formats
from ....db import unwritten
from ....i18n import current_language
from ....models import GameSession, now
from ....reports.chart import PHONE, thin
from ....services.history import last_change_kept
from ....services.kept import Kept
from ....services.paging import HANDS_PER_PAGE as HANDS_PER_PAGE
from ....services.paging import window
from ....services.replays import ROW
from ....services.shared import shared_pages
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
class TableScreen:
    """The table screen: the session view, the last hands and the one just saved."""

    view: SessionView
    recent: list[RowView]
    saved_row: RowView | None
    points: str | None  # French scoring: what each contract is worth (there is no plato)
    #: every bowl after every row so far, for the bowls chart (the view model's ``chart`` shape)
    chart: Mapping[str, Any] = field(default_factory=dict)
    #: the replay this screen was read from and its paper at the end, for :meth:`kept`
    whole: Replayed | None = field(default=None, compare=False, repr=False)
    end_paper: str | None = None

    def kept(self, key: Hashable, make: Callable[[], T]) -> T:
        """``make()`` kept with this version's replay under ``key`` (see :meth:`Replayed.kept`): what the
        screen draws from one version, e.g. its bowls chart in one language, is drawn once, not per phone."""
        if self.whole is None:
            return make()
        return self.whole.kept(("table screen", self.end_paper, key), make)

    def drawn(self, part: str, draw: Callable[..., T], *args: Any) -> T:
        """``draw(*args)`` (a template's macro) drawn once for this version in the current language and
        kept: the standings, the paper, the last hands are the same on every phone of the table, and
        four phones open a new version at once (bench/tableside.py). ``args`` must depend on nothing
        but the version (the view, whether the session is closed), never on the phone or the request."""
        return self.kept((part, current_language()), lambda: draw(*args))


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


def kept_screen(gs: GameSession, looks: Hashable, draw: Callable[[], str]) -> str:
    """The table screen ``draw()`` draws, drawn once for this version and kept for the table's other phones.

    The four phones of a table open each new version together (bench/tableside.py), on both workers of
    the server: the first one draws it, the others wait for it and take it, from this worker's memory or
    from the server's shared pages (:mod:`...services.shared`, files every worker reads). ``looks`` is
    what else the page depends on (its language, its address, whether the phone has a name); the page
    must leave holes for what is the phone's own (its form tokens), filled in by the caller on every
    request. A page is kept only when the last change drawn with it was read as this version's and kept
    (:func:`.history.last_change_kept`): the session and its log are read by separate statements, and
    a change committed between them must not be shown under the older version.
    """
    if gs.id is None or not unwritten():
        return draw()
    looks = (gs.closed, gs.group.name, now().date(), looks)
    key = (gs.token, gs.version, looks)
    found = KEPT_SCREENS.get(key)
    if found is not None:
        return found

    def drawn_now() -> tuple[str, bool]:
        page = draw()
        return page, last_change_kept(gs) and unwritten()

    page, keep = shared_pages().made(gs.token, gs.version, looks, drawn_now)
    if keep:
        KEPT_SCREENS.put(key, page)
    return page


#: the table screens this worker drew or read from the shared pages, by session version and look (a page is
#: about 30 KB)
KEPT_SCREENS: Kept[tuple[Hashable, ...], str] = Kept(128)


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


@dataclass(frozen=True)
class HandsPage:
    """One page of the All hands list: the rows of hands ``top`` down to ``bottom``, newest first.

    ``newer`` and ``older`` are the ``before`` of the neighbouring pages (``newer`` is None when the
    page of newer hands is the newest one, which needs no ``before``); ``has_newer`` says whether there is one.
    """

    view: SessionView
    rows: tuple[RowView, ...]
    top: int
    bottom: int
    has_newer: bool
    newer: int | None
    older: int | None
    #: the replay this page was read from, for :meth:`kept`
    whole: Replayed = field(compare=False, repr=False)

    def kept(self, key: Hashable, make: Callable[[], T]) -> T:
        """``make()`` kept with this version's replay under ``key`` (see :meth:`Replayed.kept`): what a
        page draws from one version, e.g. a hand's list item in one language, is drawn once."""
        return self.whole.kept(("hands page", key), make)


def hands_page(gs: GameSession, *, before: int | None = None, hand: int | None = None) -> HandsPage:
    """A page of the All hands list: only its own hands' rows are put into words, each once per version
    and language (:func:`said_row`), so paging back and forth says nothing twice."""
    whole = replayed(gs)
    ledger = whole.ledger_as(None)
    total = len(ledger.results)
    shown = window(total, before=before, hand=hand)
    # rows: the start, then a deal row and a hand row for each hand (hand n's row is rows[2n])
    rows = tuple(said_row(whole, 2 * n) for n in shown.numbers)
    return HandsPage(kept_view(gs, whole), rows, shown.top, shown.bottom, has_newer=shown.has_newer,
                     newer=shown.newer, older=shown.older, whole=whole)


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
