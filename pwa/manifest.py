"""The web app manifest (https://www.w3.org/TR/appmanifest/) in the request's language.

The colours are site.css's: the felt of the header (theme) and the paper of the page
(background, the splash screen while the app starts). The icons are drawn by
deploy/make_icons.py from static/favicon.svg.
"""

from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language, gettext

THEME_COLOR = "#1d6b3c"  # site.css --felt
BACKGROUND_COLOR = "#f7f5ef"  # site.css --paper
# (static path, size in pixels, purpose)
ICONS = (
    ("icons/kadi-192.png", 192, "any"),
    ("icons/kadi-512.png", 512, "any"),
    ("icons/kadi-maskable-512.png", 512, "maskable"),
)


def web_app_manifest() -> dict:
    """The manifest's fields; ``start_url`` is marked so that visits from the installed app
    can be told apart, ``id`` is the site's root whatever the start URL becomes."""
    lobby = reverse("games:lobby")
    return {
        "id": lobby,
        "name": gettext("Kadi"),
        "short_name": gettext("Kadi"),
        "description": gettext("Kadi — the Kenyan shedding card game."),
        "lang": get_language(),
        "dir": "ltr",
        "start_url": f"{lobby}?source=pwa",
        "scope": lobby,
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "categories": ["games"],
        "icons": [
            {"src": static(path), "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
            for path, size, purpose in ICONS
        ],
    }
