"""A rendered form read as a browser posts it: what the pica-pica tests send back from a fix form."""

from __future__ import annotations

from html.parser import HTMLParser

NOT_SENT = {"submit", "button", "image", "reset", "file"}


class _Controls(HTMLParser):
    """Each control's value as the form would send it: a checked radio (the last checked of a group, as a
    browser keeps it), a select's selected option (else its first), an input's value."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.sent: dict[str, str] = {}
        self.select: str | None = None
        self.options: list[str] = []
        self.selected: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name and a.get("type", "text") not in NOT_SENT:
            if a.get("type") in ("radio", "checkbox"):
                if "checked" in a:
                    value = a.get("value")
                    self.sent[name] = "on" if value is None else value
            else:
                self.sent[name] = a.get("value") or ""
        elif tag == "select" and name:
            self.select, self.options, self.selected = name, [], None
        elif tag == "option" and self.select is not None:
            self.options.append(a.get("value") or "")
            if "selected" in a:
                self.selected = a.get("value") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "select" and self.select is not None:
            self.sent[self.select] = self.selected if self.selected is not None else (self.options or [""])[0]
            self.select = None


def form_fields(html: str) -> dict[str, str]:
    """The fields ``html``'s controls send as they stand (untouched)."""
    parser = _Controls()
    parser.feed(html)
    return parser.sent
