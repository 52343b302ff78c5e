"""A pytest plugin (pyproject.toml's addopts load it first) giving each pytest-xdist worker its
own share of what the suite shares with the machine, before Django reads its settings:

- Redis: the channel layer's names (``REDIS_PREFIX``: publish/subscribe channels are the
  whole server's) and the cache's database (``REDIS_CACHE_URL``: a test's ``cache.clear()``
  empties a whole database). Daphne processes a test starts inherit both.
- PostgreSQL: pytest-django already gives each worker its own test database (``_gw0``...);
  SQLite: its file lies in the worker's own temporary folder (tests/conftest.py).
- Ports: every server a test starts takes a free one from the system.

Alone (no ``-n``, or ``-n 0``) it changes nothing."""

import os
from urllib.parse import urlsplit, urlunsplit

REDIS_DATABASES = 16  # Redis's default number of databases


def _share(worker: str) -> None:
    index = int(worker.removeprefix("gw"))
    prefix = os.environ.get("REDIS_PREFIX") or "asgi"
    os.environ["REDIS_PREFIX"] = f"{prefix}-{worker}"
    layer = urlsplit(os.environ["REDIS_URL"].split(",")[0].strip())
    given = os.environ.get("REDIS_CACHE_URL")
    cache = urlsplit(given) if given else layer._replace(path=f"/{int(layer.path.strip('/') or 0) + 1}")
    database = (int(cache.path.strip("/") or 0) + index) % REDIS_DATABASES
    os.environ["REDIS_CACHE_URL"] = urlunsplit(cache._replace(path=f"/{database}"))

if os.environ.get("PYTEST_XDIST_WORKER") and os.environ.get("REDIS_URL"):
    _share(os.environ["PYTEST_XDIST_WORKER"])
