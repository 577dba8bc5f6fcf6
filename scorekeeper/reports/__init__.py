"""The frame of every printed document: the templates' environment, the documents' CSS, the A4 PDF.

A game's own documents (Tresillo's report, paper and settlement sheet) live in the game's package
and are found through the registry (:func:`scorekeeper.games.views.documents_for`); every game
has its printed sheet (:mod:`scorekeeper.reports.games`); the evening's PDF puts each game's part
after its summary page (:mod:`scorekeeper.reports.night`). The same HTML is served as a page
(with print CSS inlined, so it stands alone) and turned into an A4 PDF by WeasyPrint.

Crossed-out figures are struck through *and* written ``~23~``: the stroke is
for the eye, the tildes survive text extraction and black-and-white copies.

>>> str(crossed(23))
'<span class="crossed">~<del>23</del>~</span>'
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from .. import formats
from ..i18n import current_language, gettext, ngettext, pgettext


def _asset_root(name: str) -> Path:
    """``templates`` or ``static``: beside the package when installed, else at the repository root."""
    here = Path(__file__).resolve().parent.parent  # the scorekeeper package
    for candidate in (here / name, here.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"scorekeeper cannot find its {name}/ folder")


def crossed(amount: int) -> Markup:
    """A crossed-out debt: struck through, with tildes that survive extraction."""
    return Markup('<span class="crossed">~<del>{}</del>~</span>').format(amount)


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(_asset_root("templates"))),
        autoescape=select_autoescape(("html",)),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    # the same catalogs as the pages, in the language of the request or of use_language()
    env.install_gettext_callables(  # type: ignore[attr-defined]  # added by jinja2.ext.i18n
        gettext, ngettext, newstyle=True, pgettext=pgettext)
    env.filters.update(formats.FILTERS)
    env.filters["t"] = formats.tantos  # a true minus for a bowl below zero, as for net figures
    env.globals["current_language"] = current_language
    env.globals["crossed"] = crossed
    return env


@lru_cache(maxsize=1)
def stylesheet() -> str:
    return (_asset_root("static") / "report.css").read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def _parsed_stylesheet() -> Any:
    """The documents' CSS parsed once per process (parsing it took a tenth of a short report's time)."""
    from weasyprint import CSS

    return CSS(string=stylesheet())


#: font configurations no render is using; each is used by one render at a time (see _font_config)
_idle_font_configs: list[Any] = []
_font_configs_lock = threading.Lock()


@contextmanager
def _font_config() -> Iterator[Any]:
    """A WeasyPrint font configuration for one render, an idle one reused when there is one.

    A fresh configuration reloads fontconfig's configuration and starts a Pango font map with no
    font loaded, on every render: it weighs most on the short documents (the worked example's
    report took 7% more instructions, and more wall time than that). Pango's font map is not
    safe to share between threads, so a configuration is lent to one render at a time; there are
    never more of them than PDFs rendered at once in the process."""
    from weasyprint.text.fonts import FontConfiguration

    with _font_configs_lock:
        config = _idle_font_configs.pop() if _idle_font_configs else None
    if config is None:
        config = FontConfiguration()
    try:
        yield config
    finally:
        with _font_configs_lock:
            _idle_font_configs.append(config)


def write_pdf(html: str) -> bytes:
    """A document's HTML as A4 PDF bytes, with the documents' CSS and fonts (every printed sheet)."""
    from weasyprint import HTML  # imported late: loading Pango is slow and only PDFs need it

    # WeasyPrint builds hundreds of thousands of boxes that are all alive until the end:
    # the cyclic garbage collector would walk them again and again for nothing
    paused = gc.isenabled()
    gc.disable()
    try:
        with _font_config() as fonts:
            pdf = HTML(string=html, base_url=str(_asset_root("static"))).write_pdf(
                stylesheets=[_parsed_stylesheet()], font_config=fonts)
    finally:
        if paused:
            gc.enable()
    assert pdf is not None
    return bytes(pdf)


def add_document_commands(sub: Any) -> None:
    """The command line's commands of every game printing its own documents (Tresillo's ``report``,
    ``paper`` and ``settlement``), found through the registry; each package's once."""
    from ..games import GAMES
    from ..games.views import documents_for

    added: list[object] = []
    for game in GAMES.values():
        documents = documents_for(game)
        if documents is not None and documents.add_commands is not None and documents not in added:
            documents.add_commands(sub)
            added.append(documents)
