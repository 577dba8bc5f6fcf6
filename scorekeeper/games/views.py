"""What a game gives the web platform beside its engine: its deal form and its part of the table page.

A game's record (:class:`~scorekeeper.games.base.GameRecord`) names its :class:`Pieces` (usually
``views:PIECES``); the platform finds them through :func:`pieces_for`, never by naming the game. A game
without them is still played: its deals are entered as the session file's deal objects. Its own printed
documents, if it has any beside the sheet every game has, are the :class:`Documents` its record names
(:func:`documents_for`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from .base import Game
from .replay import Played

#: the form's fields as posted (name → text)
FormData = Mapping[str, str]
#: a deal read from a form: the deal object, or the errors by form field
ReadDeal = tuple[dict[str, Any] | None, dict[str, str]]


@dataclass(frozen=True)
class Past:
    """One of the group's sessions of the same game, replayed (for records across games)."""

    played: Played
    day: date
    #: played the same evening as the game being shown
    tonight: bool


@dataclass(frozen=True)
class Pieces:
    """A game's web pieces: templates, words, and functions of the game as played so far.

    ``number`` is the deal a form is for: the next one, or an earlier one being fixed.
    """

    #: the template drawing the game's part of the table page (given ``played`` and ``extra``)
    table_template: str
    #: what that template needs beyond the platform's view (distances, who is out, who deals)
    table_extra: Callable[[Played], Mapping[str, Any]]
    #: the template of the deal form's own fields (given ``fields``, ``errors`` and ``extra``)
    deal_template: str
    #: what the deal form needs to be drawn for deal ``number`` (the players in it…)
    deal_extra: Callable[[Played, int], Mapping[str, Any]]
    #: the form's values for a new deal (``None``) or for a deal as entered
    deal_fields: Callable[[Played, int, Mapping[str, Any] | None], dict[str, str]]
    #: the posted form read into a deal object for the engine, or the errors by form field
    read_deal: Callable[[Played, int, FormData], ReadDeal]
    #: the form field that shows the engine's refusal of a field of the deal (``points.Ana``)
    form_field: Callable[[Played, int, str], str]
    #: a deal as entered, in one short line for the list of deals
    deal_line: Callable[[Mapping[str, Any]], str]
    #: a deal in one line by the session's own rules (a ruleset's words), when they differ by session
    line_for: Callable[[Played], Callable[[Mapping[str, Any]], str]] | None = None
    #: what deal ``number`` did to the game beyond its points, added to its line (a cama won), or None
    row_note: Callable[[Played, int], str] | None = None
    #: the score each deal's row shows after it, one per row, where the game counts in parts that start again
    #: (a cama of truc valencià restarts at 0), or None: the running score the engine gives
    row_scores: Callable[[Played], Sequence[tuple[tuple[str, int], ...]]] | None = None
    #: what the sheet's score columns mean in this session, in words ("": the platform's sentence), or None
    scores_note: Callable[[Played], str] | None = None
    #: where the game stands beyond its score, in lines (each cama and the partida), for the sheet and the
    #: result page, or None
    standing: Callable[[Played], Sequence[str]] | None = None
    #: the words of the start form: an option (``elimination``) or a value (``payout=each_pays_winner``)
    option_words: Mapping[str, str] = field(default_factory=dict)
    #: the game's own script on the deal form (a path under static/), or ""
    script: str = ""
    #: a section of the result page of the game's own (given ``extra``), or ""
    result_template: str = ""
    #: what that section needs: the game as played, and the group's sessions of it, oldest first
    result_extra: Callable[[Played, Sequence[Past]], Mapping[str, Any]] | None = None
    #: the template of the start form's own fields (given ``values`` and ``errors``), or ""
    start_template: str = ""
    #: those fields read into options for the session file (by the players seated), and their errors
    read_start: Callable[[Sequence[str], FormData], tuple[dict[str, Any], dict[str, str]]] | None = None
    #: the game's name on its pages as played (a ruleset's own name: Truco rioplatense), or None: the spec's title
    title: Callable[[Played], str] | None = None
    #: the options the session's rules read, given its options (a ruleset reads its own: the printed sheet
    #: leaves out another ruleset's, left at their defaults), or None: every option
    options_in_play: Callable[[Mapping[str, Any]], Collection[str]] | None = None


def part_of(game: Game[Any], part: str) -> Any:
    """What ``game``'s record names as its ``part`` (``"pieces"``, ``"service"``, ``"pages"``…), loaded now;
    None when the record names none."""
    from .registry import load, records

    record = records()[game.spec.name]
    return load(record, getattr(record, part))


def pieces_for(game: Game[Any]) -> Pieces | None:
    """The web pieces of ``game`` its record names (None: it has none); a package holding several games may
    name one mapping of them by game."""
    found = part_of(game, "pieces")
    if isinstance(found, Mapping):
        found = found.get(game.spec.name)
    return found if isinstance(found, Pieces) else None


def title_as_played(pieces: Pieces | None, p: Played) -> str:
    """The game's name on its pages as played (a ruleset's own: Truco rioplatense), else the spec's title."""
    return pieces.title(p) if pieces is not None and pieces.title is not None else p.game.spec.title


def row_scores_of(pieces: Pieces | None, p: Played) -> Sequence[tuple[tuple[str, int], ...]]:
    """The score each deal's row shows after it: the game's own count (a cama starting again), else the engine's."""
    if pieces is not None and pieces.row_scores is not None:
        return pieces.row_scores(p)
    return [row.scores for row in p.rows]


def row_note_of(pieces: Pieces | None) -> Callable[[Played, int], str]:
    """What a deal did beyond its points, added to its line (a cama won): the game's, else nothing."""
    return pieces.row_note if pieces is not None and pieces.row_note is not None else _no_note


def _no_note(_p: Played, _number: int) -> str:
    return ""


def standing_of(pieces: Pieces | None, p: Played) -> tuple[str, ...]:
    """Where the game stands beyond its score, in lines (each cama and the partida): the game's, else none."""
    return tuple(pieces.standing(p)) if pieces is not None and pieces.standing is not None else ()


def scores_note_of(pieces: Pieces | None, p: Played) -> str:
    """What the sheet's score columns mean in this session, in the game's words ("": the platform says it)."""
    return pieces.scores_note(p) if pieces is not None and pieces.scores_note is not None else ""


#: a game's own feats in one played session: player → feat (an ``N_("…")`` label) → how many times
Feats = Callable[[Played], Mapping[str, Mapping[str, int]]]


def feats_for(game: Game[Any]) -> Feats | None:
    """The function ``feats(played)`` a game's record may name: what each player did in one
    session worth counting across evenings (the statistics add the counts up). None: it gives none."""
    hook: Feats | None = part_of(game, "feats")
    return hook


@dataclass(frozen=True)
class Documents:
    """A game's own printed documents, beside the sheet every game has (``reports/games.py``).

    Each takes the game's own view of a session (Tresillo's ``SessionView``) and a document ``kind``;
    ``extra`` goes to the template (a nonce, the group's link). The platform serves them, bounded and
    kept (``web/printing.py``), and the evening's PDF prints one of them (``reports/night.py``).
    """

    #: the documents' names, as in their links (``report`` → ``/s/<token>/report.pdf``)
    kinds: tuple[str, ...]
    #: ``html(kind, view, page=None, **extra)``: a standalone page (a long document paged when ``page`` is given)
    html: Callable[..., str]
    #: ``pdf(kind, view, **extra)``: the A4 PDF's bytes
    pdf: Callable[..., bytes]
    #: ``pdf_html(kind, view)``: the HTML a PDF draws (no CSS inlined), for the evening's PDF
    pdf_html: Callable[..., str]
    #: ``filename(kind, view)``: the download's name
    filename: Callable[[str, Any], str]
    #: ``chart(data, title=…, frame=…)``: the game's chart of a session as SVG (its table screen's too), or None
    chart: Callable[..., str] | None = None
    #: ``add_commands(subparsers)``: the command line's commands printing them, or None
    add_commands: Callable[[Any], None] | None = None


def documents_for(game: Game[Any]) -> Documents | None:
    """The printed documents of ``game`` its record names (None: it has none, and prints the sheet every game
    has)."""
    found: Documents | None = part_of(game, "documents")
    return found
