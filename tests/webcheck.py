"""What a refusal must look like on the web: a visible message, and the database exactly as before."""

from __future__ import annotations

import html
import re
from typing import Any

from sqlalchemy import text

TABLES = ("groups", "players", "sessions", "hands", "history", "evening_summaries", "evening_seats",
          "evening_declared")

_ALERT = re.compile(r'<p class="error" role="alert">(.*?)</p>', re.S)
_LEAD = re.compile(r'<p class="lead">(.*?)</p>', re.S)


def snapshot(app: Any) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in order: two snapshots are equal when nothing was written."""
    from scorekeeper.db import db

    with app.app_context():
        with db.engine.connect() as conn:
            return {t: [tuple(r) for r in conn.execute(text(f"SELECT * FROM {t} ORDER BY id"))] for t in TABLES}


def message_of(response: Any) -> str:
    """The refusal a person reads on the page (a form error or the error page's message); fails when none."""
    if response.is_json:
        data = response.get_json()
        assert data.get("ok") is False and data.get("message"), data
        return str(data["message"])
    page = response.get_data(as_text=True)
    found = _ALERT.findall(page) or _LEAD.findall(page)
    words = " ".join(" ".join(html.unescape(re.sub(r"<[^>]+>", " ", m)).split()) for m in found)
    assert words.strip(), f"{response.status_code} without a visible message:\n{page[:3000]}"
    return words


def refused(response: Any, status: int | tuple[int, ...] = 400) -> str:
    """Assert ``response`` is a refusal with a visible message; return the message."""
    statuses = (status,) if isinstance(status, int) else status
    assert response.status_code in statuses, (response.status_code, response.get_data(as_text=True)[:2000])
    return message_of(response)
