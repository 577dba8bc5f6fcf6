"""QR codes as inline SVG (segno): a printed sheet or a screen carries a link a phone can scan.

>>> svg = qr_svg("https://example.org/g/abc", title="The group's page")
>>> svg.startswith("<svg") and "<title>The group's page</title>" in svg and "<script" not in svg
True
"""

from __future__ import annotations

import segno


def qr_svg(url: str, *, title: str, css_class: str = "qr") -> str:
    """``url`` as a black-on-white QR code (error correction M: survives a crease or a coffee ring).

    No width or height: the page's CSS sizes it (about 3 cm printed).
    """
    code = segno.make(url, error="m")
    return code.svg_inline(scale=4, border=4, dark="#000", light="#fff", title=title,
                           svgclass=css_class, omitsize=True)
