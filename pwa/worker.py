"""The service worker's script: static/js/sw.js preceded by its settings (``KADI``), written
by the server so that the worker knows the static files' current (hashed) addresses.

The settings carry a version: a digest of everything the worker keeps (its own code, the
offline page's template, the rules documents, the Swahili catalogue, the static files the
offline page uses). A deploy that changes any of them changes the script's bytes, so the
browser installs the new worker, which caches the new offline page and drops the old one.
"""

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.template.loader import get_template
from django.templatetags.static import static
from django.urls import reverse

from pwa.manifest import ICONS

WORKER_SOURCE = "js/sw.js"
OFFLINE_TEMPLATE = "pwa/offline.html"
# The static files the offline page shows itself with (its template loads exactly these):
# base.html's style sheets, so that the games kept from the waiting page look as they did.
STYLESHEETS = ("css/site.css", "css/cards.css", "css/table.css", "css/history.css")
SCRIPTS = ("js/offline.js",)
PICTURES = ("favicon.svg",)
NOTIFICATION_ICON = ICONS[0][0]
NOTIFICATION_BADGE = "icons/badge-96.png"
OFFLINE_STATIC = STYLESHEETS + SCRIPTS + PICTURES + (NOTIFICATION_ICON, NOTIFICATION_BADGE)
# The page listing the player's games waiting for their move (games:waiting, issue 45): the
# one page with a player's own data the worker keeps, its latest answer, shown offline.
WAITING_PATH = "/waiting/"
WAITING_CACHE = "kadi-waiting"
# A POST to these (a navigation) changes who is signed in: the kept waiting page is dropped first.
SIGN_IN_OUT = ("login", "logout", "signup")


def _source_files() -> list[Path]:
    documents = Path(settings.BASE_DIR) / "docs"
    catalogues = [Path(folder) / "sw" / "LC_MESSAGES" / "django.mo" for folder in settings.LOCALE_PATHS]
    found = [finders.find(path) for path in (WORKER_SOURCE, *OFFLINE_STATIC)]
    return [
        Path(get_template(OFFLINE_TEMPLATE).origin.name),
        documents / "rules.md",
        documents / "rules.sw.md",
        *catalogues,
        *(Path(path) for path in found if path),
    ]


@lru_cache(maxsize=1)
def _digest(stamps: tuple) -> str:
    digest = hashlib.sha256()
    for name, _mtime, _size in stamps:
        digest.update(Path(name).read_bytes())
    return digest.hexdigest()[:16]


def version() -> str:
    """A digest of the files the worker keeps, read again only when one of them changed."""
    stamps = []
    for path in _source_files():
        stat = path.stat()
        stamps.append((str(path), stat.st_mtime_ns, stat.st_size))
    return _digest(tuple(stamps))


def worker_settings() -> dict:
    """What sw.js reads from ``KADI``: its version, the pages and files it keeps, the pushes' pictures."""
    precache = [static(path) for path in OFFLINE_STATIC]
    return {
        "version": f"{version()}-{hashlib.sha256(' '.join(precache).encode()).hexdigest()[:8]}",
        "offline": reverse("pwa:offline"),
        "precache": precache,
        "waiting": WAITING_PATH,
        "waitingCache": WAITING_CACHE,
        "signInOut": [reverse(name) for name in SIGN_IN_OUT],
        "icon": static(NOTIFICATION_ICON),
        "badge": static(NOTIFICATION_BADGE),
    }


def worker_script() -> str:
    """The worker's whole script: its settings, then static/js/sw.js."""
    code = Path(finders.find(WORKER_SOURCE)).read_text(encoding="utf-8")
    return f"const KADI = {json.dumps(worker_settings())};\n{code}"
