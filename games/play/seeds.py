"""The seeds new games are dealt from.

On the site each seed is 63 bits from the operating system's generator: nobody can foresee a
deal. A test suite, or a developer replaying the games of a failed test, names a source
instead (``draw_from``): every game started after, in any thread of this process, takes the
next seed of a generator seeded with that name, so the same test deals the same cards on
every run and on every machine. The site itself never names one.
"""

import random
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_source: random.Random | None = None  # None: the operating system's generator
_drawn: list[int] = []  # the seeds the named source gave, for a failure's report


def new_seed() -> int:
    """The seed of a game about to be dealt."""
    with _lock:
        if _source is None:
            return secrets.randbits(63)
        seed = _source.getrandbits(63)
        _drawn.append(seed)
        return seed


def draw_from(name: str | None) -> list[int]:
    """Deal the games started from now on from a generator seeded with ``name`` (None: from
    the operating system's again); the list the seeds drawn will be added to."""
    global _source, _drawn
    with _lock:
        _source = None if name is None else random.Random(f"kadi-game-seeds:{name}")
        _drawn = []
        return _drawn


@contextmanager
def drawn_from(name: str | None) -> Iterator[list[int]]:
    """``draw_from(name)`` for the block; the source before it is restored after."""
    global _source, _drawn
    with _lock:
        kept = _source, _drawn
    try:
        yield draw_from(name)
    finally:
        with _lock:
            _source, _drawn = kept
