"""Every game's "anything new?" poll: the other phones of a table follow a save within one poll period.

The table screen (and the watch page) of any game polls its ``…/version`` address every few seconds with the
version it shows as ``If-None-Match`` (``static/follow.js``, Tresillo's table and watch pages too); nearly every
poll finds the session unchanged and is answered an empty 304 from one indexed row
(:func:`services.version_by_link`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from flask import Response, jsonify, request
from flask.typing import ResponseReturnValue

from .. import services
from ..services import GameSession


def version_answer(token: str, kind: Literal["session", "watch"],
                   opened: Callable[[str], GameSession]) -> ResponseReturnValue:
    """The screen's poll every few seconds: an empty 304 while the version it holds is still the session's.

    The phone sends the version it shows as ``If-None-Match``; the unchanged
    evening (nearly every poll) is answered from one indexed row. A new version
    (or a link that opens nothing, refused with its words by ``opened``) is
    answered in full: the version, the number of hands, whether it is closed.
    """
    now = services.version_by_link(token, kind)
    if now is not None and request.if_none_match.contains(str(now)):
        unchanged = Response(status=304)
        unchanged.set_etag(str(now))
        return unchanged
    gs = opened(token)
    answer = jsonify(version=gs.version, hands=services.count_hands(gs), closed=gs.closed)
    answer.set_etag(str(gs.version))
    return answer
