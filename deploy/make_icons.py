"""Writes the app's icons (static/icons/*.png) from the site's SVG pictures, drawn by the
Chromium the browser tests use, so the installed app shows the favicon's own card.

- ``kadi-192.png``, ``kadi-512.png``: static/favicon.svg (purpose "any": its corners round
  and transparent, as the tab shows it);
- ``kadi-maskable-512.png``, ``apple-touch-icon.png`` (180 px): static/icons/maskable.svg, the
  same card on a full square of felt, small enough to stay inside the 80 % circle a phone's
  mask may keep (a home screen crops it to its own shape; iOS fills transparency with black);
- ``badge-96.png``: static/icons/badge.svg, a white card with its K cut out: the small
  monochrome picture Android shows in the status bar beside a notification (only its
  transparency counts).

Run ``python deploy/make_icons.py`` after changing a picture; the PNGs are committed.
"""

import base64
from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parents[1] / "static"
CHROMIUM = "/usr/bin/chromium"
ICONS = {
    "kadi-192.png": ("favicon.svg", 192),
    "kadi-512.png": ("favicon.svg", 512),
    "kadi-maskable-512.png": ("icons/maskable.svg", 512),
    "apple-touch-icon.png": ("icons/maskable.svg", 180),
    "badge-96.png": ("icons/badge.svg", 96),
}


def main() -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page()
        for name, (source, size) in ICONS.items():
            picture = base64.b64encode((STATIC / source).read_bytes()).decode()
            page.set_viewport_size({"width": size, "height": size})
            page.set_content(
                f'<body style="margin:0"><img src="data:image/svg+xml;base64,{picture}" '
                f'width="{size}" height="{size}" style="display:block"></body>'
            )
            page.screenshot(path=STATIC / "icons" / name, omit_background=True)
            print(f"static/icons/{name}: {size}x{size}")
        browser.close()


if __name__ == "__main__":
    main()
