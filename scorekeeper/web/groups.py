"""Groups and their players, and a session file brought into a group (any game's: a game with pages of its own
starts its sessions there, ``ROUTES`` of its ``pages`` module)."""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from .. import services
from ..i18n import _, current_language, speak_group
from ..services import Group, Player
from ..services.groups import StartChoice, start_choices
from .access import group_or_404
from .addresses import hint_number
from .endpoints import endpoint, group_sections
from .forms import DAMAGED, GroupForm, ImportForm, LanguageForm, LinksForm, NextForm, PlayerForm, VersionForm

bp = Blueprint("groups", __name__)


def player_or_404(group: Group, player_id: int) -> Player:
    player = services.find_player(group, player_id)
    if player is None:
        abort(404)
    return player


@bp.route("/", methods=["GET", "POST"])
def index() -> ResponseReturnValue:
    form = GroupForm()
    if request.method == "GET":
        form.language.data = current_language()
        form.key.fresh()
    if form.validate_on_submit():
        try:
            group = services.create_group(form.name.data, form.language.data, form.key.data or "")
        except services.Refused as exc:
            form.refuse(exc.field, exc.message)
        else:
            return redirect(url_for("groups.show", token=group.token))
    form.key.fresh()  # a post refused for want of its key is sent again with one
    status = 400 if form.errors else 200
    return render_template("web/index.html", form=form), status


def group_page(group: Group, form: PlayerForm, **extra: object) -> str:
    """The group page: the players, the evenings across games, and each game's own sections (Tresillo's memory
    of past evenings, the paper, the next evening), found through the registry."""
    page = hint_number("page") or 1
    extra.setdefault("language_form", LanguageForm(language=group.language or current_language()))
    if "links_form" not in extra:
        links = LinksForm(formdata=None)
        links.key.fresh()
        extra["links_form"] = links
    return render_template("web/group.html", group=group, form=form, memory=services.group_memory(group, page),
                           next_form=NextForm(), sections=group_sections(), starts=start_links(group), **extra)


def start_links(group: Group) -> list[tuple[StartChoice, str]]:
    """Every game and preset alike, each with its start form's address (found through the registry)."""
    return [(c, url_for(endpoint(c.game, "start"), token=group.token, game=c.game, preset=c.preset or None))
            for c in start_choices(group)]


@bp.get("/g/<token>")
def show(token: str) -> ResponseReturnValue:
    return group_page(group_or_404(token), PlayerForm())


@bp.post("/g/<token>/language")
def set_language(token: str) -> ResponseReturnValue:
    """The group's language: its pages (for phones that chose none) and its PDFs."""
    group = group_or_404(token)
    form = LanguageForm()
    if form.validate_on_submit():
        try:
            services.set_group_language(group, form.language.data)
        except services.Refused as exc:
            form.language.errors = [*form.language.errors, exc.message]
        else:
            speak_group(group.language)
            return redirect(url_for("groups.show", token=token))
    return group_page(group, PlayerForm(formdata=None), language_form=form), 400


@bp.post("/g/<token>/links")
def replace_links(token: str) -> ResponseReturnValue:
    """New links for the group and all its sessions (docs/security.md); the old ones open nothing after."""
    form = LinksForm()
    valid = form.validate_on_submit()
    # looked up once: a twin that commits between two look-ups would leave this copy with neither
    found = services.find_group(token)
    if valid and found is None:
        # a copy of a request whose answer was lost, or of one that has just replaced them: the links it
        # made (committed with the old link's end), or the usual "opens nothing"
        replaced = services.replaced_by(token, form.key.data or "")
        if replaced is not None:
            return redirect(url_for("groups.show", token=replaced.token, replaced=1, _anchor="links"))
    group = group_or_404(token, found)
    if valid:
        services.replace_links(group, form.key.data or "")
        return redirect(url_for("groups.show", token=group.token, replaced=1, _anchor="links"))
    form.key.fresh()
    return group_page(group, PlayerForm(formdata=None), links_form=form), 400


def _named(form: PlayerForm, save: Callable[[str | None], object]) -> bool:
    """Save the name in ``form`` through ``save``; a refusal is shown next to the name."""
    if not form.validate_on_submit():
        return False
    try:
        save(form.name.data)
    except services.Refused as exc:
        form.refuse("name", exc.message)
        return False
    return True


@bp.post("/g/<token>/players")
def add_player(token: str) -> ResponseReturnValue:
    group = group_or_404(token)
    form = PlayerForm()
    if _named(form, lambda name: services.add_player(group, name)):
        return redirect(url_for("groups.show", token=token))
    return group_page(group, form), 400


@bp.post("/g/<token>/players/<int:player_id>/rename")
def rename_player(token: str, player_id: int) -> ResponseReturnValue:
    group = group_or_404(token)
    player = player_or_404(group, player_id)
    form = PlayerForm()
    if _named(form, lambda name: services.rename_player(player, name)):
        return redirect(url_for("groups.show", token=token))
    return group_page(group, PlayerForm(formdata=None), rename_form=form, rename_id=player.id), 400


@bp.post("/g/<token>/players/<int:player_id>/<any(retire, return):action>")
def retire_player(token: str, player_id: int, action: str) -> ResponseReturnValue:
    group = group_or_404(token)
    player = player_or_404(group, player_id)
    if not VersionForm().validate_on_submit():
        return render_template("web/error.html", title=_("Please try again"), message=_(DAMAGED),
                               back=url_for("groups.show", token=token)), 400
    services.set_retired(player, action == "retire")
    return redirect(url_for("groups.show", token=token))


@bp.route("/g/<token>/import", methods=["GET", "POST"])
def import_session(token: str) -> ResponseReturnValue:
    """A session file of any game brought into the group (``services.import_file`` finds who reads it); the same
    file again offers the session it made, or a copy."""
    group = group_or_404(token)
    form = ImportForm()
    if form.validate_on_submit():
        upload = request.files.get("file")
        data: str | bytes = upload.read() if upload and upload.filename else (form.text.data or "")
        try:
            if not data.strip():
                raise services.Refused("text", _("Choose a session file, or paste one."))
            gs = services.import_file(group, data, idem_key=form.idem_key.data, copy=request.form.get("copy") == "1")
        except services.Refused as exc:
            form.refuse("text" if exc.field in ("file", "text") else exc.field, exc.message)
        except services.AlreadyImported as seen:
            # the same file again: offer the session it made, or a copy (the file travels in the form)
            return render_template("web/import.html", group=group, form=form, seen=seen.session,
                                   file_text=seen.text)
        else:
            return redirect(url_for(endpoint(gs.game, "screen"), token=gs.token))
    form.idem_key.fresh()
    status = 400 if form.errors else 200
    return render_template("web/import.html", group=group, form=form), status
