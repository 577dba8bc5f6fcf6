"""Draw the app's icons (static/icon-*.png): a gold coin (the oros suit, a token) on the table's felt.

Run once after changing the design: ``.venv/bin/python tools/icons.py``. Pillow comes with WeasyPrint.
The maskable icons fill the whole square and keep the coin inside the centre safe zone (80 %).
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

FELT = (20, 61, 43, 255)
GOLD = (224, 161, 0, 255)
DARK_GOLD = (150, 104, 0, 255)
CREAM = (255, 246, 214, 255)
STATIC = Path(__file__).resolve().parent.parent / "static"
SCALE = 4  # drawn large, then reduced: smooth edges


def coin(size: int, *, rounded: bool, coin_share: float) -> Image.Image:
    big = size * SCALE
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    if rounded:
        d.rounded_rectangle((0, 0, big - 1, big - 1), radius=int(big * 0.2), fill=FELT)
    else:
        d.rectangle((0, 0, big, big), fill=FELT)
    c = big / 2

    def ring(share: float, fill: tuple[int, int, int, int]) -> None:
        r = big * share / 2
        d.ellipse((c - r, c - r, c + r, c + r), fill=fill)

    ring(coin_share, GOLD)
    ring(coin_share * 0.86, DARK_GOLD)
    ring(coin_share * 0.8, GOLD)
    ring(coin_share * 0.46, CREAM)
    ring(coin_share * 0.2, GOLD)
    return img.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    for size in (192, 512):
        coin(size, rounded=True, coin_share=0.72).save(STATIC / f"icon-{size}.png", optimize=True)
        coin(size, rounded=False, coin_share=0.6).save(STATIC / f"icon-maskable-{size}.png", optimize=True)
    coin(180, rounded=False, coin_share=0.66).save(STATIC / "icon-180.png", optimize=True)


if __name__ == "__main__":
    main()
