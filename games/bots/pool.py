"""Bots think in a pool of worker processes, off the event loop and outside any transaction.

The search levels spend up to a few hundred milliseconds of CPU a move: in the server's
event loop that would stall every table of the process, and under a game's row lock every
other write to the game. ``think`` hands the position to a ``ProcessPoolExecutor``
(started on first use, ``BOT_POOL_SIZE`` processes; 0 thinks in a thread of this process
instead) and returns an asyncio future of the move text; ``choose`` is the work itself,
the same in a worker as in this process, so a position, level and seed give one move
wherever it is thought. A worker ends when the process that started it is gone (killed,
say, where its pool had no chance to stop them): else it would wait for work for good.
"""

import asyncio
import multiprocessing
import os
import random
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, NoReturn

from django.conf import settings

from games.bots import choose_move, replayed_history
from games.engine import State

GameMoves = tuple[int, Sequence[str]]  # the first seat and the move texts of a game so far
PARENT_CHECK_SECONDS = 1.0  # how often a worker looks whether its server process is still there
_pool: ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()


def default_size() -> int:
    """One process fewer than the cores (the event loop needs one), at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


def choose(position: dict[str, Any], level: str, seed: str | int, game_moves: GameMoves | None = None) -> str:
    """The move text a bot of ``level`` plays in ``position`` (a ``State.to_dict()``),
    its choices drawn from ``random.Random(seed)``. ``game_moves``: ``(first seat, move
    texts)`` of the game so far, which a search bot replays to read the others' moves."""
    state = State.from_dict(position)
    history = replayed_history(state, *game_moves) if game_moves else ()
    return str(choose_move(state, level, random.Random(seed), history))


def think(
    position: dict[str, Any], level: str, seed: str | int, game_moves: GameMoves | None = None
) -> asyncio.Future[str]:
    """An asyncio future of ``choose(position, level, seed, game_moves)``, thought in the pool."""
    loop = asyncio.get_running_loop()
    return loop.run_in_executor(_executor(), choose, position, level, seed, game_moves)


def _executor() -> ProcessPoolExecutor | None:
    """The process pool, started on first use; None (the loop's default thread pool)
    when ``BOT_POOL_SIZE`` is 0."""
    global _pool
    size = settings.BOT_POOL_SIZE
    if size is None:
        size = default_size()
    if size == 0:
        return None
    with _pool_lock:
        if _pool is None:
            # spawn: a forked copy of a server process would inherit its threads' locks
            context = multiprocessing.get_context("spawn")
            parent = (os.getpid(),)
            _pool = ProcessPoolExecutor(size, mp_context=context, initializer=_end_with, initargs=parent)
        return _pool


def _end_with(parent: int) -> None:
    """In a worker: end it once ``parent``, the process that started it, is gone."""

    def watch() -> NoReturn:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="parent watch", daemon=True).start()


def shutdown() -> None:
    """Stop the pool's processes (a new one starts on the next ``think``)."""
    global _pool
    with _pool_lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(cancel_futures=True)
