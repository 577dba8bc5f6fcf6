"""Every game's table screen and list of all deals, as the phones of a table read them: the platform's.

A table's phones open each new version together (``bench/tableside.py``), and an evening grows to hundreds of
deals (``bench/scale.py``). So a screen is drawn once per version for every phone (:func:`kept_screen`), what
it draws from one version is kept with that version's replay (:class:`VersionParts`), and the list of all
deals shows a page at a time, each deal said once per version (:func:`deals_page`). A game brings only its
view pieces: the view its screen shows, a deal in words, its template.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import partial
from typing import Generic, TypeVar

from ..db import unwritten
from ..i18n import current_language
from ..models import GameSession, now
from .history import last_change_kept
from .kept import Kept
from .paging import window
from .replays import Version
from .shared import shared_pages

T = TypeVar("T")
V = TypeVar("V")
R = TypeVar("R")


class VersionParts:
    """What a page draws from one version, kept with that version's replay (:meth:`Version.kept`) under the
    page's own :attr:`parts` key: a deal's list item or the standings in one language are drawn once, not
    once per phone. A page made from no stored version (``whole`` None) draws every time."""

    whole: Version | None

    @property
    def parts(self) -> tuple[Hashable, ...]:
        """The first parts of the key of what this page keeps: its kind, and what else it was made with."""
        return ()

    def kept(self, key: Hashable, make: Callable[[], T]) -> T:
        """``make()`` kept with this version's replay under ``key`` (it must depend on nothing but the
        version and the key)."""
        if self.whole is None:
            return make()
        return self.whole.kept((*self.parts, key), make)

    def drawn(self, part: str, draw: Callable[..., T], *args: object) -> T:
        """``draw(*args)`` (a template's macro) drawn once for this version in the current language and
        kept: the standings, the paper, the last deals are the same on every phone of the table. ``args``
        must depend on nothing but the version (the view, whether the session is closed), never on the
        phone or the request."""
        return self.kept((part, current_language()), lambda: draw(*args))


@dataclass(frozen=True)
class DealsPage(VersionParts, Generic[V, R]):
    """One page of a table's list of all deals (Tresillo's All hands): deals ``top`` down to ``bottom`` of
    ``total``, newest first, each said as the game says it (``rows``), beside the table's view.

    ``newer`` and ``older`` are the ``before`` of the neighbouring pages (``newer`` is None when the page of
    newer deals is the newest one, which needs no ``before``); ``has_newer`` says whether there is one.
    """

    view: V
    rows: tuple[R, ...]
    top: int
    bottom: int
    total: int
    has_newer: bool
    newer: int | None
    older: int | None
    #: the replay this page was read from, for :meth:`kept`
    whole: Version | None = field(default=None, compare=False, repr=False)

    @property
    def parts(self) -> tuple[Hashable, ...]:
        return ("hands page",)

    def items(self, key: Callable[[R], Hashable], draw: Callable[[R], T]) -> list[T]:
        """Each deal of the page drawn by ``draw`` (a template's macro) once per version and ``key(row)`` (the
        language, the link, whether it may be fixed, the deal's number), then kept: paging through a long
        table draws nothing it drew before, so a page costs the same at deal 10 and deal 500."""
        return [self.kept(key(row), partial(draw, row)) for row in self.rows]


def deals_page(view: V, whole: Version | None, total: int, said: Callable[[int], R], *,
               before: int | None = None, deal: int | None = None) -> DealsPage[V, R]:
    """The page of the list asked for (``?before=N`` the deals before N, ``?deal=N`` the page of N): only its own
    deals are said (``said(number)``, which the game keeps per version and language), so the page costs the
    same at deal 10 and deal 500 and paging back and forth says nothing twice."""
    shown = window(total, before=before, hand=deal)
    return DealsPage(view, tuple(said(n) for n in shown.numbers), shown.top, shown.bottom, total,
                     has_newer=shown.has_newer, newer=shown.newer, older=shown.older, whole=whole)


def kept_screen(gs: GameSession, looks: Hashable, draw: Callable[[], str],
                sound: Callable[[GameSession], bool] = last_change_kept) -> str:
    """The table screen ``draw()`` draws, drawn once for this version and kept for the table's other phones.

    The four phones of a table open each new version together (bench/tableside.py), on both workers of
    the server: the first one draws it, the others wait for it and take it, from this worker's memory or
    from the server's shared pages (:mod:`.shared`, files every worker reads). ``looks`` is what else the
    page depends on (its language, its address, whether the phone has a name); the page must leave holes
    for what is the phone's own (its form tokens), filled in by the caller on every request
    (``web/screens.py``). A page is kept only when the last change drawn with it was read as this version's
    and kept (:func:`.history.last_change_kept`): the session and its log are read by separate statements,
    and a change committed between them must not be shown under the older version.
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
        return page, sound(gs) and unwritten()

    page, keep = shared_pages().made(gs.token, gs.version, looks, drawn_now)
    if keep:
        KEPT_SCREENS.put(key, page)
    return page


#: the table screens this worker drew or read from the shared pages, by session version and look (a page is
#: about 30 KB)
KEPT_SCREENS: Kept[tuple[Hashable, ...], str] = Kept(128)
