"""Counting requests in fixed windows of time in the cache (shared by every process through
Redis when it is set): the bot API's per-token rate limit and the invitation links' limit
per address. A count is never a database row, so a GET that counts writes nothing."""

import time

from django.core.cache import cache


def count(name: str, window: int) -> tuple[int, int]:
    """Count one more for ``name`` in the current window of ``window`` seconds: the count so
    far in this window, and the seconds until the next one begins."""
    now = time.time()
    key = f"window-count:{name}:{int(now // window)}"
    cache.add(key, 0, timeout=window + 1)
    try:
        counted = cache.incr(key)
    except ValueError:  # expired between add and incr: a new window
        cache.add(key, 1, timeout=window + 1)
        counted = 1
    return counted, max(1, int(window - now % window) + 1)
