"""The links that open a group or a session: what kind a link is, and replacing a group's links.

A link is the only key (docs/security.md): the group link manages the group,
the session link plays one session, the watch link follows one session
read-only. Replacing the links gives the group, and every session of it, new
random tokens; the old ones then open nothing.
"""

from __future__ import annotations

from typing import Literal

from sqlalchemy import select

from ..db import db
from ..models import GameSession, Group, new_token

LinkKind = Literal["group", "session", "watch"]


def find_watched(token: str) -> GameSession | None:
    """The session behind a watch link, or None."""
    return db.session.scalars(select(GameSession).where(GameSession.watch_token == token)).first()


def version_by_link(token: str, kind: Literal["session", "watch"]) -> int | None:
    """The version of the session a session (or watch) link opens, or None: the phones' "anything new?" poll.

    One row read through the link's unique index, nothing else (neither the
    group nor the hands): an unchanged evening costs the poll this one query.
    """
    link = GameSession.token if kind == "session" else GameSession.watch_token
    return db.session.scalar(select(GameSession.version).where(link == token))


def link_kind(token: str) -> LinkKind | None:
    """Which kind of link ``token`` is (None: no link of ours), to say why it opens nothing here."""
    if db.session.scalars(select(Group.id).where(Group.token == token)).first() is not None:
        return "group"
    if db.session.scalars(select(GameSession.id).where(GameSession.token == token)).first() is not None:
        return "session"
    if find_watched(token) is not None:
        return "watch"
    return None


def replace_links(group: Group) -> Group:
    """New links for the group and for every one of its sessions (session and watch); the old ones stop working.

    One commit: either every link is replaced or none is.
    """
    group.token = new_token()
    for gs in db.session.scalars(select(GameSession).where(GameSession.group_id == group.id)):
        gs.token = new_token()
        gs.watch_token = new_token()
    db.session.commit()
    return group
