"""The games of the registry at the table: start one, its table page, enter, fix and delete deals, end.

One set of pages for every game: what differs (the deal form's fields, the game's part of the table)
comes from the game's own pieces (:func:`services.games.pieces`); a game without them takes its
deals as the session file's deal objects. The views only read the form and call the services.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Response, get_template_attribute, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from wtforms import HiddenField

from .. import services
from ..core import domains
from ..games.base import GameSpec
from ..games.replay import Played
from ..games.views import Pieces
from ..i18n import N_, _, current_language, use_language
from ..services import GameSession, Group
from ..services.asked import Change
from ..services.groups import first_seats
from ..services.pending import kept_deal
from . import confirm, printing, screens
from .access import UnknownLink, group_or_404, session_or_404, watched_or_404
from .addresses import hint_number
from .changes import (
    Undo,
    after_change,
    closed_page,
    damaged_link,
    done_said,
    gone_page,
    history_page,
    phone_page,
    undo_page,
)
from .compare import Asked, asked, carried, compare_page
from .confirm import ChangeParts
from .forms import Form, FormKey, number_of
from .hardening import csp_nonce
from .language import document_language
from .offline import report_waiting, sync_answer
from .phones import phone_name
from .polls import version_answer

bp = Blueprint("games", __name__)

#: where a start refusal is shown, by the session file's field
START_FIELDS = {"players": "seat1", "teams": "seat1", "options.stake": "stake", "currency": "currency"}


class KeyForm(Form):
    """A form's CSRF token, its own key (a re-sent copy is recognised by it) and the session's version it was
    made at (compare-and-swap: a page older than another phone's change changes nothing)."""

    idem_key = FormKey(required=True)
    number = HiddenField()
    version = HiddenField()

    def made_at(self, gs: GameSession) -> None:
        """A form being shown: a fresh key and the session's version now."""
        self.idem_key.fresh()
        self.version.data = str(gs.version)

    def posted_version(self) -> int | None:
        """The version the page was made at; None for a form without one (a page from before it was carried),
        -1 for a damaged one (outdated: refused as stale)."""
        return number_of(self.version.data) if self.version.data else None


@bp.app_context_processor
def games_on_pages() -> dict[str, Any]:
    """The group page lists the games to start and the games kept (Tresillo's evenings are its own)."""
    return {"game_choices": services.games.game_choices, "group_games": services.games.group_games,
            "game_title": services.games.game_title}


def _words(pieces: Pieces | None, key: str, written: str) -> str:
    return services.games.option_words(pieces, key, written)


def _value(choice: Any) -> str:
    return json.dumps(choice)


def start_options(spec: GameSpec, pieces: Pieces | None) -> list[dict[str, Any]]:
    """The game's choice options as radios: each option's words and its values' words (as the session file
    writes them, for a game without words)."""
    return [{"name": o.name, "label": _words(pieces, o.name, o.name), "default": _value(o.default),
             "choices": [(_value(c), _words(pieces, f"{o.name}={str(c).lower() if isinstance(c, bool) else c}",
                                            _value(c)))
                         for c in o.choices]}
            for o in spec.options if o.choices]


def read_start(spec: GameSpec, form: Mapping[str, str]) -> tuple[list[str], dict[str, Any], dict[str, str]]:
    """The players in seating order, the options (a preset's first, ``preset``), and the errors by field."""
    errors: dict[str, str] = {}
    seats = [form.get(f"seat{i}", "") for i in range(1, max(spec.seats) + 1)]
    players = [s for s in seats if s]
    preset = spec.preset(form.get("preset", "")) if form.get("preset") else None
    options: dict[str, Any] = {k: v for k, v in (preset.options if preset else {}).items()
                               if not spec.option(k).choices}  # a preset's own figures; its choices are radios
    for o in spec.options:
        if not o.choices:
            continue
        posted = form.get(f"opt-{o.name}", "")
        chosen = [c for c in o.choices if _value(c) == posted]
        if posted and not chosen:
            errors[f"opt-{o.name}"] = _("Choose one of the answers shown.")
        elif chosen and chosen[0] != o.default:  # a default is not written: it may not apply (Terziglio's target)
            options[o.name] = chosen[0]
    stake = (form.get("stake") or "").strip().replace(",", ".")
    if stake:
        options["stake"] = stake
    return players, options, errors


#: the longest name a team may be given on the start form
TEAM_NAME_MOST = 24


def teams_of(spec: GameSpec, players: list[str], form: Mapping[str, str] | None = None) -> dict[str, list[str]] | None:
    """Fixed partners sit opposite: seats 1 and 3 against 2 and 4 (and so on round the table). A team is
    called by the name the start form gave it (``team-1``, ``team-2``…: Nosotros, Ellos), else A, B…"""
    if spec.partnership != "fixed" or not spec.teams:
        return None
    names = [chr(ord("A") + k) for k in range(spec.teams)]
    given = [" ".join((form or {}).get(f"team-{k + 1}", "").split())[:TEAM_NAME_MOST] for k in range(spec.teams)]
    if all(given) and len(set(given)) == len(given) and not set(given) & set(players):
        names = given
    return {name: players[k::spec.teams] for k, name in enumerate(names)}


@bp.route("/g/<token>/play/<game>", methods=["GET", "POST"])
def start(token: str, game: str) -> ResponseReturnValue:
    group = group_or_404(token)
    spec = services.games.game_spec(game)
    if spec is None:
        raise UnknownLink()
    form = KeyForm()
    if request.method == "GET":
        form.idem_key.fresh()
    values: dict[str, str] = dict(request.form) if request.method == "POST" else {}
    errors: dict[str, str] = {}
    if form.validate_on_submit():
        players, options, errors = read_start(spec, request.form)
        own = services.games.pieces_of(spec.name)
        if own is not None and own.read_start is not None:  # the game's own start fields
            more, wrong = own.read_start(players, request.form)
            options.update(more)
            errors.update(wrong)
        if not errors:
            try:
                gs = services.games.start_game(group, game, players, teams_of(spec, players, request.form), options,
                                               request.form.get("currency", ""), form.idem_key.data)
            except services.Refused as exc:
                field = START_FIELDS.get(exc.field) or (
                    "opt-" + exc.field.removeprefix("options.") if exc.field.startswith("options.") else "form")
                errors[field] = exc.message
            else:
                return redirect(url_for("games.table", token=gs.token))
    form.idem_key.fresh()  # a post refused for want of its key is sent again with one
    return _start_page(group, spec, form, values, errors)


def _start_page(group: Group, spec: GameSpec, form: KeyForm, values: dict[str, str],
                errors: dict[str, str]) -> ResponseReturnValue:
    errors = {**errors, **({"form": " ".join(e for es in form.errors.values() for e in es)} if form.errors else {})}
    pieces = services.games.pieces_of(spec.name)
    active = services.active_players(group)
    preset = spec.preset(request.values.get("preset", ""))
    if request.method == "GET":
        first = first_seats(group, spec.name, spec.seats)
        values = {**{f"seat{i}": name for i, name in enumerate(first, 1)},
                  **{f"opt-{k}": _value(v) for k, v in (preset.options if preset else {}).items()}}
    shown = max(min(spec.seats), min(max(spec.seats), len(active)))  # no more seats than the group has players
    seats = [values.get(f"seat{i}", "") for i in range(1, shown + 1)]
    return render_template("games/start.html", group=group, spec=spec, form=form, active=active, seats=seats,
                           pieces=pieces, preset=preset, title=preset.title if preset else spec.title,
                           options=start_options(spec, pieces), values=values, errors=errors,
                           stake=values.get("stake", "1"), currency=values.get("currency", "EUR")), \
        400 if errors else 200


@bp.get("/s/<token>/play")
def table(token: str) -> ResponseReturnValue:
    return _table(_game(token), watching=False)


@bp.get("/w/<token>/play")
def watch(token: str) -> ResponseReturnValue:
    return _table(watched_or_404(token, game=True), watching=True)


def _table(gs: GameSession, watching: bool) -> ResponseReturnValue:
    """The table screen: the game's own part, the last few deals, a link to the rest; its cost and weight do
    not grow with the game (``services.games.table_screen``, ``bench/scale.py``), and it is drawn once per
    version for every phone of the table (``web/screens.py``)."""
    return screens.table_screen(gs, lambda: _drawn_table(gs, watching), services.games.replay_kept, looks=(watching,),
                                addresses=screens.PLAIN if watching else screens.AFTER_A_CHANGE)


def _drawn_table(gs: GameSession, watching: bool) -> str:
    """The table screen; a phone led back after a change (a fix, insert, delete or undo: ``?done=``) is told what
    was done."""
    screen = services.games.table_screen(gs)
    return screens.with_holes(render_template(
        "games/table.html", game_session=gs, view=screen.view, pieces=screen.pieces, extra=screen.extra,
        recent=screen.recent, watching=watching, token=None if watching else gs.token,
        watch_token=gs.watch_token if watching else None, rendered_at=screens.RENDERED_HOLE,
        **({} if watching else done_said(gs))))


@bp.get("/s/<token>/play/deals")
def deals(token: str) -> ResponseReturnValue:
    return _deals(_game(token), watching=False)


@bp.get("/w/<token>/play/deals")
def watched_deals(token: str) -> ResponseReturnValue:
    return _deals(watched_or_404(token, game=True), watching=True)


def _deals(gs: GameSession, watching: bool) -> ResponseReturnValue:
    """All deals, newest first, a page at a time: ``?before=N`` the deals before N, ``?deal=N`` the page of N; each
    deal's item drawn once per version, language and link, as Tresillo's All hands (``DealsPage.items``)."""
    page = services.games.deals_page(gs, before=hint_number("before"), deal=hint_number("deal"))
    item = get_template_attribute("games/_macros.html", "deal_item")
    token, read_only, language = None if watching else gs.token, watching or gs.closed, current_language()
    items = page.items(lambda d: (language, token, read_only, d.number), lambda d: item(d, token, read_only))
    return render_template("games/table_deals.html", game_session=gs, view=page.view, page=page, items=items,
                           watching=watching, token=token, watch_token=gs.watch_token if watching else None)


@bp.get("/s/<token>/play/version")
def version(token: str) -> ResponseReturnValue:
    """The table screen's "anything new?" poll (``web/polls.py``)."""
    return version_answer(token, "session", _game)


@bp.get("/w/<token>/play/version")
def watched_version(token: str) -> ResponseReturnValue:
    return version_answer(token, "watch", lambda t: watched_or_404(t, game=True))


def _game(token: str) -> GameSession:
    return session_or_404(token, game=True)


def _ended(gs: GameSession) -> ResponseReturnValue:
    """An ended game takes no deal and no change (the platform's :func:`changes.closed_page`, 409: a phone's
    outbox keeps the post and says the game was ended elsewhere, never takes it for saved). A form opened, or a
    re-sent copy of a deal stored before the end, is shown the game's result."""
    result = url_for("games.result", token=gs.token)
    return closed_page(gs, saved=lambda _found: redirect(result), shown=result)


@bp.route("/s/<token>/play/deal", methods=["GET", "POST"], defaults={"number": None})
@bp.route("/s/<token>/play/deal/<int:number>", methods=["GET", "POST"])
def deal(token: str, number: int | None) -> ResponseReturnValue:
    """A new deal (no number in the address) or the fix of deal ``number``."""
    gs = _game(token)
    if gs.closed:
        return _ended(gs)
    kept = _kept_deal(token, number)
    if kept is not None:
        return kept
    view = services.games.game_view(gs)
    fixing = number is not None
    if fixing and not 1 <= (number or 0) <= len(view.deals):
        if request.method == "POST":  # gone since the form was opened: said, never put on another deal
            return _gone(gs, number or 0, KeyForm().posted_version())
        raise UnknownLink()
    if not fixing and view.result.finished and request.method == "GET":  # over: nothing more to enter
        return redirect(url_for("games.table", token=token))
    target = number if number is not None else view.next_number
    return _deal_page(gs, view, view.played, target, "fix" if fixing else "add")


@bp.route("/s/<token>/play/deal/<int:number>/insert", methods=["GET", "POST"])
def insert(token: str, number: int) -> ResponseReturnValue:
    """A forgotten deal put in before deal ``number``: its form is the game's deal form for that place."""
    gs = _game(token)
    if gs.closed:
        return _ended(gs)
    view = services.games.game_view(gs)
    if not 1 <= number <= len(view.deals):
        if request.method == "POST":
            return _gone(gs, number, KeyForm().posted_version())
        raise UnknownLink()
    return _deal_page(gs, view, services.games.played_before(gs, number), number, "insert")


def _deal_page(gs: GameSession, view: services.games.GameView, at: Played, target: int,
               how: str) -> ResponseReturnValue:
    """The deal form (``how``: add, fix or insert) for deal ``target``; ``at``: the game as the deal finds it."""
    pieces = services.games.pieces(gs)
    form = KeyForm()
    errors: dict[str, str] = {}
    if request.method == "GET":
        form.made_at(gs)
        form.number.data = str(target)
        stored = view.deals[target - 1].deal if how == "fix" else None
        values = (pieces.deal_fields(at, target, stored) if pieces is not None
                  else {"deal": json.dumps(stored, ensure_ascii=False) if stored else ""})
    else:
        values = dict(request.form)
        if form.validate_on_submit():
            saved = _save(gs, view, at, pieces, target, how, form, errors)
            if saved is not None:
                return saved
        else:
            errors["form"] = " ".join(e for es in form.errors.values() for e in es)
    extra = pieces.deal_extra(at, target) if pieces is not None else {}
    return render_template("games/deal.html", game_session=gs, view=view, pieces=pieces, extra=extra, form=form,
                           values=values, errors=errors, number=target, fixing=how == "fix",
                           inserting=how == "insert"), 400 if errors else 200


def _kept_deal(token: str, number: int | None) -> ResponseReturnValue | None:
    """A deal kept on the phone asked for at the deal form's address (``?key=…&number=…``, or ``&edit=n`` for a
    fix; an outbox entry kept before the comparison page, :func:`pending`, was the outbox's): the deal's own
    form, which the phone fills with the kept deal and its key (``?pending=``)."""
    key = request.args.get("key", "")
    if request.method != "GET" or not key or "pending" in request.args or number is not None:
        return None
    edit = number_of(request.args.get("edit"), domains.HAND_NUMBER)
    return redirect(url_for("games.deal", token=token, number=edit if edit > 0 else None, pending=key))


def _save(gs: GameSession, view: services.games.GameView, at: Played, pieces: Pieces | None, number: int,
          how: str, form: KeyForm, errors: dict[str, str]) -> ResponseReturnValue | None:
    """Read the deal and hand it to the services; the errors land in ``errors`` by form field. A fix that
    changes how the game comes out and every insert are shown first, on the platform's change page
    (:func:`_shown_first`); the outbox's posts (``X-Outbox``: sent when the phone was back) save as entered."""
    if pieces is not None:
        deal, found = pieces.read_deal(at, number, request.form)
    else:
        deal, found = _json_deal(request.form.get("deal", ""))
    errors.update(found)
    if deal is None:
        return None
    key = form.idem_key.data or ""
    version = form.posted_version()
    if how != "add" and not request.headers.get("X-Outbox"):
        shown = _shown_first(gs, number, deal, how, version, key, errors)
        if shown is not None or "form" in errors:
            return shown
    try:
        if how == "add":
            services.games.add_deal(gs, number_of(form.number.data), deal, key, phone_name(), version=version)
            return redirect(url_for("games.table", token=gs.token))
        change = services.games.replace_deal if how == "fix" else services.games.insert_deal
        entry, already = change(gs, number, deal, key, phone_name(), version=version)
    except services.Refused as exc:
        if exc.status == 409 and how == "insert":  # another phone changed (or ended) the game: look again first
            return closed_page(gs) if exc.field == "session" else (render_template(
                "web/error.html", title=_("Nothing was changed"), message=exc.message,
                back=url_for("games.table", token=gs.token)), 409)
        if exc.status == 409:
            return _compare(gs, number if how == "fix" else number_of(form.number.data), deal, key,
                            editing=how == "fix", message=exc.message, status=409)
        field = pieces.form_field(at, number, exc.field) if pieces is not None else "deal"
        errors[field if exc.status == 400 and exc.field not in ("deal", "change") else "form"] = exc.message
        return None
    return after_change(gs, entry.seq, already)  # the table says what was done, as after every change


def _shown_first(gs: GameSession, number: int, deal: dict[str, Any], how: str, version: int | None, key: str,
                 errors: dict[str, str]) -> ResponseReturnValue | None:
    """The platform's change page of a fix that changes how the game comes out, and of every insert (it moves
    every later deal, as Tresillo's does), unless another phone changed the game since the form was made (the
    save then says so) or the change cannot be made (the save refuses it next to its field). Confirmed there,
    what was shown is saved, never the form's fields as they are by then, with the form's ``key`` (a copy of the
    form re-sent afterwards finds it made). A fix to what is recorded already is refused by the platform's
    preview, as every game's: said next to the form (``errors``), nothing saved."""
    if version not in (None, gs.version):  # a re-sent copy of a change made, or stale: the save says which
        return None
    change = Change("fix" if how == "fix" else "insert", number, deal=deal)
    preview = services.games.preview_change(gs, change)
    if preview.same:
        errors["form"] = preview.refusal
        return None
    if preview.refusal or (how == "fix" and not preview.outcome):
        return None
    return confirm.preview_page(gs, change, PARTS, preview=preview, key=key)


def _gone(gs: GameSession, number: int, version: int | None) -> ResponseReturnValue:
    """A fix, delete or insert posted for a deal that is no longer there: said, nothing changed (409)."""
    return gone_page(gs, number, 409, url_for("games.deals", token=gs.token), version)


def _json_deal(text: str) -> tuple[dict[str, Any] | None, dict[str, str]]:
    """A game without its own form: the deal object as the session file writes it."""
    try:
        deal = json.loads(text)
    except ValueError:
        deal = None
    if not isinstance(deal, dict):
        return None, {"deal": _("Write the deal as the session file does: an object such as {example}.")
                      .format(example='{"points": {…}, "last": …}')}
    return deal, {}


@bp.route("/s/<token>/play/deal/<int:number>/delete", methods=["GET", "POST"])
def delete(token: str, number: int) -> ResponseReturnValue:
    """Delete deal ``number``, after the platform's change page that shows it and what deleting it changes; the
    page carries the version it was made at, so a delete opened before another phone's change never touches
    another deal. Confirmed here (the address it always was), the change read from the address."""
    gs = _game(token)
    if gs.closed:
        return _ended(gs)
    if request.method == "GET":
        if not 1 <= number <= len(gs.hands):
            raise UnknownLink()
        return confirm.preview_page(gs, Change("delete", number), PARTS)
    return confirm.make_change(gs, lambda _form: Change("delete", number), PARTS)


@bp.post("/s/<token>/play/change")
def change(token: str) -> ResponseReturnValue:
    """A fix or an insert confirmed on the platform's change page: made as it was shown."""
    gs = _game(token)
    if gs.closed:
        return _ended(gs)
    return confirm.make_change(gs, confirm.posted_change(gs), PARTS)


def _listed(gs: GameSession, number: int | None) -> str:
    if number is None:
        return url_for("games.deals", token=gs.token)
    return url_for("games.deals", token=gs.token, deal=number, _anchor=f"deal-{number}")


def _deleted_deal(gs: GameSession, change: Change) -> dict[str, Any]:
    """A delete's page shows the deal it deletes (its points and line)."""
    if change.kind != "delete":
        return {}
    return {"deal": services.games.game_view(gs).deals[change.number - 1]}


#: the games' part of the platform's change page (``web/confirm.py``): their deals and points, their addresses
PARTS = ChangeParts(template="games/_deal_preview.html", score=N_("Points"), confirm="games.change",
                    delete="games.delete", listed=_listed, cancel=lambda gs, _n: url_for("games.table", token=gs.token),
                    gone=lambda gs, number, _status, version: _gone(gs, number, version), extra=_deleted_deal)


@bp.route("/s/<token>/play/end", methods=["GET", "POST"])
def end(token: str) -> ResponseReturnValue:
    gs = _game(token)
    if gs.closed:
        return redirect(url_for("games.result", token=token))
    form = KeyForm()
    error, status = "", 200
    if request.method == "GET":
        form.made_at(gs)
    elif form.validate_on_submit():
        try:
            services.games.end_game(gs, form.idem_key.data or "", phone_name(), version=form.posted_version())
        except services.Refused as exc:
            error, status = exc.message, exc.status if exc.status == 409 else 400
            form.version.data = str(gs.version)
        else:
            return redirect(url_for("games.result", token=token))
    else:
        error, status = " ".join(e for es in form.errors.values() for e in es), 400
    return render_template("games/end.html", game_session=gs, view=services.games.game_view(gs), form=form,
                           error=error), status


@bp.route("/s/<token>/play/undo", methods=["GET", "POST"])
def undo(token: str) -> ResponseReturnValue:
    """Undo the last change (a deal entered, fixed, deleted or inserted, or the end), after a page that says
    which and what taking it back does: the platform's undo (:func:`changes.undo_page`)."""
    gs = _game(token)

    def take_back(seq: int, key: str, phone: str, version: int | None) -> tuple[int, bool]:
        entry, already = services.games.undo_last(gs, seq, key, phone, version=version)
        return entry.seq, already

    return undo_page(gs, take_back, url_for("games.history", token=token),
                     offer=lambda: services.games.undo_offer(gs))


@bp.get("/s/<token>/play/history")
def history(token: str) -> ResponseReturnValue:
    """Every change of the game, newest first: each fix field by field, and how it changed the outcome."""
    gs = _game(token)
    return history_page(gs, services.games.history_page(gs), Undo(page=url_for("games.undo", token=token)),
                        url_for("games.phone", token=token))


@bp.route("/s/<token>/play/phone", methods=["GET", "POST"])
def phone(token: str) -> ResponseReturnValue:
    """Name this phone (written in the history beside each change it makes)."""
    return phone_page(_game(token))


@bp.get("/s/<token>/play/pending")
def pending(token: str) -> ResponseReturnValue:
    """The outbox's compare-and-choose (``web/compare.py``): a deal kept on this phone (its fields in the address,
    with its key and the number it was entered as, or ``edit``: a fix of that deal) beside the deal the table
    holds there."""
    gs = _game(token)
    ask = asked(gs)
    if not isinstance(ask, Asked):
        return ask
    view = services.games.game_view(gs)
    pieces = services.games.pieces(gs)
    at = ask.edit if 0 < ask.edit <= len(view.deals) else view.next_number
    if pieces is not None:
        mine, _errors = pieces.read_deal(view.played, at, request.args)
    else:
        mine, _errors = _json_deal(request.args.get("deal", ""))
    if mine is None:
        return damaged_link(gs)
    return _compare(gs, ask.target, mine, ask.key, editing=ask.edit > 0, message="", status=200)


def _compare(gs: GameSession, number: int, mine: Mapping[str, Any], key: str, *, editing: bool,
             message: str, status: int) -> ResponseReturnValue:
    """The deal the table holds as deal ``number`` beside this phone's (a fix of it, or a deal entered as it)."""
    found = kept_deal(gs, mine, number, editing)
    fields = carried((request.form if request.method == "POST" else request.args).items(multi=True))
    return compare_page(gs, found, key, fields, message=message, status=status)


@bp.get("/s/<token>/play/result")
def result(token: str) -> ResponseReturnValue:
    gs = _game(token)
    view = services.games.game_view(gs)
    pieces = services.games.pieces(gs)
    extra = (pieces.result_extra(view.played, services.games.group_past(gs))
             if pieces is not None and pieces.result_extra is not None else {})
    again = KeyForm()
    again.idem_key.fresh()
    return render_template("games/result.html", game_session=gs, view=view, pieces=pieces, extra=extra,
                           again=again, again_fields=services.games.again_fields(gs, view))


@bp.get("/s/<token>/play/session.json")
def session_json(token: str) -> ResponseReturnValue:
    gs = _game(token)
    name = f"{gs.game}-{gs.created_at:%Y-%m-%d}.json"
    return Response(services.games.session_json(gs), mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


@bp.get("/s/<token>/play/sheet.<any(pdf, html):fmt>")
def sheet(token: str, fmt: str) -> ResponseReturnValue:
    return sheet_response(_game(token), fmt)


@bp.get("/w/<token>/play/sheet.<any(pdf, html):fmt>")
def watched_sheet(token: str, fmt: str) -> ResponseReturnValue:
    return sheet_response(watched_or_404(token, game=True), fmt)


def sheet_response(gs: GameSession, fmt: str) -> ResponseReturnValue:
    """The game's printed sheet as a page or as PDF (drawn one at a time per server, and kept)."""
    from ..reports import games as sheets

    language = document_language(gs.group.language)
    if fmt == "html":
        with use_language(language):
            return sheets.render_sheet_html(services.games.game_view(gs), nonce=csp_nonce())

    def draw() -> tuple[str, bytes]:
        with use_language(language):
            view = services.games.game_view(gs)
            return sheets.sheet_filename(view), sheets.render_sheet_pdf(view)

    made_of = services.games.session_json(gs)
    return printing.pdf_response(printing.document_key(gs, "sheet", language, made_of), draw)


@bp.get("/s/<token>/play/sync")
def sync(token: str) -> ResponseReturnValue:
    """What the phone's outbox needs before sending a kept deal: where the game stands, a fresh form token,
    and what waits on the other phones."""
    return sync_answer(_game(token), [])


@bp.post("/s/<token>/play/waiting")
def waiting(token: str) -> ResponseReturnValue:
    """A phone's outbox says how many deals of this game wait on it (shown to the other phones)."""
    return report_waiting(_game(token))
