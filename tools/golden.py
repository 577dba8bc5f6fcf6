"""Golden snapshots of everything Tresillo shows, to prove a refactor changed nothing a player sees.

    .venv/bin/python tools/golden.py write OUT        # every demo page in es/en/fr/it, the PDFs' text,
                                                      # session.json and ledger.csv of every demo session
    .venv/bin/python tools/golden.py compare A B      # the files that differ (exit 1 if any)

Take ``write`` on the commit before a refactor and on the commit after it (each in its own tree and
venv), then ``compare`` the two folders. What changes from run to run is blanked first: the links'
tokens (replaced by the demo page's name), form keys and CSRF tokens, script nonces, and dates
and times. Everything else (words, figures, the order of things) must be the same byte for byte.
"""

from __future__ import annotations

import argparse
import difflib
import io
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

LANGUAGES = ("es", "en", "fr", "it")
DOCUMENTS = ("report", "paper", "settlement")
#: what differs between two runs of the same code, and what it becomes
VOLATILE = (
    (re.compile(r'nonce="[^"]*"'), 'nonce="-"'),
    # a static file's address carries a hash of its content (web/assets.py): an edited script is compared
    # by what the page loads, not by the script's bytes
    (re.compile(r"(/static/[\w/.-]+?)\.[0-9a-f]{12}\.(js|css|png|svg|webmanifest)\b"), r"\1.\2"),
    (re.compile(r'data-rendered="\d+"'), 'data-rendered="-"'),
    # a QR code draws its link, token and all: the link is compared where it is written out
    (re.compile(r'<svg viewBox="[^"]*" class="qr">.*?</svg>', re.S), '<svg class="qr">-</svg>'),
    (re.compile(r'(name="(?:csrf_token|key|idem_key|form_key)"[^>]*value=")[^"]*"'), r'\1-"'),
    (re.compile(r'(value=")[^"]*("[^>]*name="(?:csrf_token|key|idem_key|form_key)")'), r'\1-\2'),
    (re.compile(r'"(?:csrf_token|key)": ?"[^"]*"'), '"key": "-"'),
    (re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?"), "DATETIME"),
    (re.compile(r"\b\d{1,2}:\d{2}(?::\d{2})?\b"), "TIME"),
    (re.compile(r"\b\d{4}-\d{2}-\d{2}\b"), "DATE"),
)


def blank(text: str, tokens: dict[str, str]) -> str:
    """``text`` with the tokens named and what changes from run to run blanked."""
    for token, name in tokens.items():
        text = text.replace(token, f"<{name}>")
    for pattern, replacement in VOLATILE:
        text = pattern.sub(replacement, text)
    return text


def pdf_text(data: bytes) -> str:
    from pypdf import PdfReader

    return "\n\f\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def write(out: Path) -> int:
    from demo import demo_app

    from scorekeeper.db import db
    from scorekeeper.models import GameSession, Group

    out.mkdir(parents=True, exist_ok=True)
    app, pages = demo_app(Path(tempfile.mkdtemp()) / "golden.sqlite")
    tokens: dict[str, str] = {}
    with app.app_context():
        for group in db.session.scalars(db.select(Group)):
            tokens[group.token] = f"group-{group.id}"
        for gs in db.session.scalars(db.select(GameSession)):
            tokens[gs.token] = f"session-{gs.id}"
            tokens[gs.watch_token] = f"watch-{gs.id}"
    client = app.test_client()
    count = 0
    for language in LANGUAGES:
        client.set_cookie("lang", language)
        for name, path in sorted(pages.items()):
            r = client.get(path)
            (out / f"{language}-{name}.{r.status_code}.html").write_text(blank(r.get_data(as_text=True), tokens))
            count += 1
        for kind in DOCUMENTS:
            r = client.get(f"{pages['table-closed']}/{kind}.pdf")
            (out / f"{language}-closed-{kind}.pdf.txt").write_text(blank(pdf_text(r.data), tokens))
            count += 1
    for name in ("table", "table-closed", "table-long", "hand-favour"):
        base = pages[name].replace("/hand", "")
        for export in ("session.json", "ledger.csv"):
            r = client.get(f"{base}/{export}")
            (out / f"export-{name}-{export}").write_text(blank(r.get_data(as_text=True), tokens))
            count += 1
    print(f"{count} snapshots in {out}")
    return 0


def compare(a: Path, b: Path) -> int:
    names_a = {p.name for p in a.iterdir()}
    names_b = {p.name for p in b.iterdir()}
    differ = 0
    for name in sorted(names_a ^ names_b):
        print(f"only in {a if name in names_a else b}: {name}")
        differ += 1
    for name in sorted(names_a & names_b):
        old, new = (a / name).read_text().splitlines(), (b / name).read_text().splitlines()
        if old != new:
            differ += 1
            print(f"differs: {name}")
            for line in list(difflib.unified_diff(old, new, lineterm="", n=0))[2:12]:
                print("    " + line[:200])
    print(f"{len(names_a & names_b)} compared, {differ} different")
    return 1 if differ else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    w = sub.add_parser("write")
    w.add_argument("out", type=Path)
    c = sub.add_parser("compare")
    c.add_argument("a", type=Path)
    c.add_argument("b", type=Path)
    args = ap.parse_args()
    return write(args.out) if args.command == "write" else compare(args.a, args.b)


if __name__ == "__main__":
    sys.exit(main())
