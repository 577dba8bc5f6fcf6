"""Screenshots of the demo pages as the players see them, to look at (not a test).

    .venv/bin/python bench/screens.py OUTDIR [page …]          # whole pages, to look at
    .venv/bin/python bench/screens.py --docs docs/screenshots   # the first screens kept in docs/

Each page in both themes at 360×640 and 390×844, and at 200% zoom of a
390-wide phone (195×422 CSS pixels drawn at twice the density). Whole-page
PNGs named ``<page>-<theme>-<size>.png``; also prints each page's height and
whether anything is wider than the screen. With ``--docs``, only what the
phone shows before any scrolling (the sticky Save bar where it really sits),
named ``small-<page>-<theme>-<size>.png`` and stored with a 64-colour palette
so the 24 pictures stay small in the repository.
"""

from __future__ import annotations

import argparse
import io
import logging
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from demo import demo_app  # noqa: E402

SIZES = {"360": (360, 640, 1), "390": (390, 844, 1), "zoom200": (195, 422, 2)}
THEMES = ("light", "dark")
DEFAULT = ("table", "hand", "hands", "settlement", "table-closed", "end", "group", "hand-favour")
#: the four pages of issue 13's screenshots, kept in docs/screenshots
DOCS = ("table", "hand", "hands", "settlement")


def small_png(png: bytes) -> bytes:
    """The picture with a 64-colour palette: flat page colours survive, the file is a third of the size."""
    from PIL import Image

    out = io.BytesIO()
    Image.open(io.BytesIO(png)).convert("RGB").quantize(64, dither=Image.Dither.NONE).save(out, "PNG", optimize=True)
    return out.getvalue()


def main() -> None:
    from playwright.sync_api import sync_playwright
    from werkzeug.serving import make_server

    ap = argparse.ArgumentParser()
    ap.add_argument("out", type=Path)
    ap.add_argument("pages", nargs="*")
    ap.add_argument("--docs", action="store_true", help="first screens only, small, named small-*.png")
    ap.add_argument("--lang", default=None, help="the phone's own language (es, en, fr, it), as its cookie")
    args = ap.parse_args()
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    logging.getLogger("alembic").setLevel(logging.WARNING)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    names = args.pages or list(DOCS if args.docs else DEFAULT)
    app, pages = demo_app(Path(tempfile.mkdtemp()) / "demo.sqlite")
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{srv.server_port}"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for theme in THEMES:
            for size, (w, h, dpr) in SIZES.items():
                ctx = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=dpr,
                                          color_scheme=theme)
                if args.lang:
                    ctx.add_cookies([{"name": "lang", "value": args.lang, "url": base}])
                page = ctx.new_page()
                for name in names:
                    page.goto(base + pages[name])
                    page.wait_for_timeout(300)  # the scripts have run; the page is still
                    wide = page.evaluate("document.documentElement.scrollWidth")
                    tall = page.evaluate("document.documentElement.scrollHeight")
                    if args.docs:
                        (out / f"small-{name}-{theme}-{size}.png").write_bytes(small_png(page.screenshot()))
                    else:
                        page.screenshot(path=str(out / f"{name}-{theme}-{size}.png"), full_page=True)
                    flag = "  TOO WIDE" if wide > w else ""
                    print(f"{name:14} {theme:5} {size:8} {wide}×{tall}{flag}")
                ctx.close()
        browser.close()
    srv.shutdown()


if __name__ == "__main__":
    main()
