"""The links that open a group or a session: what kind a link is, and replacing a group's links.

A link is the only key (docs/security.md): the group link manages the group,
the session link plays one session, the watch link follows one session
read-only. Replacing the links gives the group, and every session of it, new
tokens; the old ones then open nothing.

A request that makes links (creating a group, replacing the links) carries
its own key, drawn with its form; the new tokens are made from that key and
the app's secret (:func:`keyed_token`). A copy of the request (a double tap,
a resend after a lost answer) makes the very same tokens, so it finds what the
first copy made instead of making a second group or losing the new links;
nobody without both the key and the secret can make them.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from typing import Literal

from flask import current_app
from sqlalchemy import Select, bindparam, select

from ..db import begin_writing, db
from ..models import GameSession, Group, new_token

LinkKind = Literal["group", "session", "watch"]


def find_watched(token: str) -> GameSession | None:
    """The session behind a watch link, or None."""
    return db.session.scalars(select(GameSession).where(GameSession.watch_token == token)).first()


def version_by_link(token: str, kind: Literal["session", "watch"]) -> int | None:
    """The version of the session a session (or watch) link opens, or None: the phones' "anything new?" poll.

    One row read through the link's unique index, nothing else (neither the
    group nor the hands): an unchanged evening costs the poll this one query,
    on a connection of its own rather than the request's ORM session, which the
    unchanged evening's answer never opens (0.13 ms less CPU on SQLite, 0.2 ms
    on PostgreSQL). The version only decides whether to answer in full.
    """
    with db.engine.connect() as connection:
        return connection.scalar(VERSION_BY[kind], {"token": token})


_SESSIONS = GameSession.__table__
#: the poll's statement for each kind of link, built once: a plain select of one column, no ORM entity to load
#: (building an ORM select on every poll cost twice the CPU of the look-up: 0.3 ms more on SQLite, 0.4 ms on
#: PostgreSQL)
VERSION_BY: dict[str, Select[int]] = {
    "session": select(_SESSIONS.c.version).where(_SESSIONS.c.token == bindparam("token")),
    "watch": select(_SESSIONS.c.version).where(_SESSIONS.c.watch_token == bindparam("token")),
}


def link_kind(token: str) -> LinkKind | None:
    """Which kind of link ``token`` is (None: no link of ours), to say why it opens nothing here."""
    if db.session.scalars(select(Group.id).where(Group.token == token)).first() is not None:
        return "group"
    if db.session.scalars(select(GameSession.id).where(GameSession.token == token)).first() is not None:
        return "session"
    if find_watched(token) is not None:
        return "watch"
    return None


def keyed_token(purpose: str, *parts: str) -> str:
    """A link token made from a request's own key (in ``parts``) and the app's secret: 128 bits, URL-safe,
    the same for every copy of the request and unguessable without the key and the secret."""
    secret = current_app.config["SECRET_KEY"]
    secret = secret if isinstance(secret, bytes) else str(secret).encode()
    mac = hmac.new(secret, "\x00".join((purpose, *parts)).encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:16]).rstrip(b"=").decode()


def replace_links(group: Group, key: str = "") -> Group:
    """New links for the group and for every one of its sessions (session and watch); the old ones stop working.

    One commit: either every link is replaced or none is. With ``key`` (the request's own) the new links
    are made from it: a copy that waited while the first copy replaced them finds them replaced and
    returns the group as it is; a copy sent later to the old link finds them with :func:`replaced_by`.
    """
    old = group.token
    begin_writing()
    db.session.refresh(group, with_for_update=True)
    if group.token != old:
        return group  # replaced while this request waited (its own twin, or another phone)
    group.token = keyed_token("group", old, key) if key else new_token()
    for gs in db.session.scalars(select(GameSession).where(GameSession.group_id == group.id)):
        gs.token = keyed_token("session", gs.token, key) if key else new_token()
        gs.watch_token = keyed_token("watch", gs.watch_token, key) if key else new_token()
    db.session.commit()
    return group


def replaced_by(old_token: str, key: str) -> Group | None:
    """The group whose links a request with ``key`` replaced at ``old_token`` (its answer may have been lost)."""
    if not key:
        return None
    return db.session.scalars(select(Group).where(Group.token == keyed_token("group", old_token, key))).first()
