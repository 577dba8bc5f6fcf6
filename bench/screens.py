"""Screenshots of the demo pages as the players see them, to look at (not a test).

    .venv/bin/python bench/screens.py OUTDIR [page …]

Each page in both themes at 360×640 and 390×844, and at 200% zoom of a
390-wide phone (195×422 CSS pixels drawn at twice the density). Full-page
PNGs named ``<page>-<theme>-<size>.png``; also prints each page's height and
whether anything is wider than the screen.
"""

from __future__ import annotations

import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from demo import demo_app  # noqa: E402

SIZES = {"360": (360, 640, 1), "390": (390, 844, 1), "zoom200": (195, 422, 2)}
THEMES = ("light", "dark")
DEFAULT = ("table", "hand", "hands", "settlement", "table-closed", "end", "group", "hand-favour")


def main() -> None:
    from playwright.sync_api import sync_playwright
    from werkzeug.serving import make_server

    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    names = sys.argv[2:] or list(DEFAULT)
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
                page = ctx.new_page()
                for name in names:
                    page.goto(base + pages[name])
                    wide = page.evaluate("document.documentElement.scrollWidth")
                    tall = page.evaluate("document.documentElement.scrollHeight")
                    page.screenshot(path=str(out / f"{name}-{theme}-{size}.png"), full_page=True)
                    flag = "  TOO WIDE" if wide > w else ""
                    print(f"{name:14} {theme:5} {size:8} {wide}×{tall}{flag}")
                ctx.close()
        browser.close()
    srv.shutdown()


if __name__ == "__main__":
    main()
