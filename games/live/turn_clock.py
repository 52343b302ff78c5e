"""The turns the server plays, on time: a bot's after ``BOT_DELAY``, a player's whose turn
timer ran out or who is away (``games.play.server_turns.next_server_turn`` says which and when).

Each server process keeps one clock per table that has a websocket open in it. A clock
sleeps until the next server turn is due, plays it, and looks again; any news at the table
wakes it to look again at once (news of a game's event it has looked at since is no news:
every socket of the table passes the same news on). Clocks in several processes may try the same turn:
``server_turns.play_server_turn`` lets only one play it. A table nobody has open waits, and
resumes when someone opens it (after a restart too: the clock reads everything it needs
from the database). A look costs no query of its own but whether the player to move is
away: the clock reads the position from the reading the table's sockets rendered from
(``games.live.readings``), and that from ``games.presence``'s copy of the table's rows;
while both are kept in this process (after a move, as a rule) it looks in the event loop,
else in a database thread. A bot's move is thought in ``games.bots.pool`` (other processes) while
its delay runs, and played only if the game is still where it was thought.
"""

import asyncio
import logging

from django.conf import settings
from django.utils import timezone

from games import bots, presence
from games.bots import pool as bot_pool
from games.live import readings
from games.live.db_calls import db_call
from games.play import server_turns

log = logging.getLogger(__name__)
FOUND_PLAYED = object()  # the clock's turn was played (or changed) by someone else first
NOT_HERE = object()  # a look that would take the database


class TableClock:
    def __init__(self, table_id):
        self.table_id = table_id
        self.users = 0
        self.woken = asyncio.Event()
        self.news = self.looked_at = None  # (game, event number) of the latest news; of the last look
        self.change = None  # what the latest news changed (``readings.pack``), when it says
        self.task = asyncio.create_task(self._run(), name=f"turn clock of table {table_id}")

    def wake(self, news=None, change=None):
        if news is None or news != self.looked_at:
            self.news, self.change = news, change
            self.woken.set()

    async def _run(self):
        played = None  # the news of a turn this clock just played, or FOUND_PLAYED
        while True:
            self.woken.clear()
            self.looked_at = self.news  # the look below reads a position as new as that news
            try:
                if played is None:
                    turn = _next_turn_here(self.table_id, self.news, self.change)
                    if turn is NOT_HERE:
                        turn = await db_call(_next_turn)(self.table_id, self.news, self.change)
                elif played is FOUND_PLAYED:
                    turn = await db_call(_next_turn)(self.table_id, None, fresh=True)
                else:
                    turn = await db_call(_next_turn)(self.table_id, played)
                played = None
                # a bot thinks in the pool while its delay runs, out of any transaction
                thinking = await _thinking(turn) if turn is not None and turn.think else None
                if turn is not None and await self._sleep_until(turn.due):
                    move = await _thought(thinking, turn)
                    row = await db_call(server_turns.play_server_turn)(turn, move=move)
                    played = (row.game_id, row.game.seq) if row is not None else FOUND_PLAYED
                    continue
                if thinking is not None:
                    thinking.cancel()
            except Exception:  # a database hiccup must not stop the table's clock for good
                log.exception("turn clock of table %s", self.table_id)
            await self.woken.wait()

    async def _sleep_until(self, when):
        """Sleep until ``when``; False if woken first."""
        seconds = (when - timezone.now()).total_seconds()
        try:
            async with asyncio.timeout(max(0.0, seconds)):
                await self.woken.wait()
        except TimeoutError:
            return True
        return False


def _next_turn_here(table_id, news, change):
    """``_next_turn`` in the event loop, when it takes no database (after a move, as a rule:
    the table's reading and its presence rows are kept in this process), else ``NOT_HERE``.
    A thread's hop for the look was most of what a move cost the clock."""
    latest = readings.in_memory(table_id, news, change)
    rows = presence.kept_rows(table_id)
    if latest is None or rows is None:
        return NOT_HERE
    game = latest.reading.game
    return (
        None if game is None else server_turns.server_turn(game, latest.reading.players, presence_rows=rows)
    )


def _next_turn(table_id, news, change=None, fresh=False):
    """The next server turn at the table (``server_turns.server_turn``), from the reading this
    process keeps of it (``games.live.readings``, shared with its sockets' renders): as new
    as ``news`` (advanced by its ``change``), any kept one for news of no game (whether the
    player to move is away comes from ``games.presence``), or ``fresh`` from the database
    (after this clock found its turn played already, by another process)."""
    if fresh:
        latest = readings.latest(table_id)
    else:
        latest = readings.latest(table_id, news, reuse=news is None, change=change)
    game = latest.reading.game
    return None if game is None else server_turns.server_turn(game, latest.reading.players)


async def _thinking(turn):
    """The bot's move, being thought in the pool: a search bot's with the game's moves so
    far (one query), which it reads for what the others' moves tell of their hands."""
    position, level, seed = turn.think
    moves = await db_call(server_turns.game_moves)(turn.game_id) if bots.searches(level) else None
    return bot_pool.think(position, level, seed, moves)


async def _thought(thinking, turn):
    """The bot's move text, or, when the pool takes longer than ``BOT_THINK_SECONDS``
    (busy with other tables), greedy's move, thought in a thread: a bot always moves."""
    if thinking is None:
        return None
    try:
        return await asyncio.wait_for(thinking, settings.BOT_THINK_SECONDS)
    except TimeoutError:
        position, _, seed = turn.think
        log.warning("bot of game %s: the pool was too slow; greedy plays", turn.game_id)
        return await asyncio.to_thread(bot_pool.choose, position, "greedy", seed)


_clocks: dict[int, TableClock] = {}


def attach(table_id):
    """A websocket of this process opened at the table: make sure its clock runs."""
    table_clock = _clocks.get(table_id)
    if table_clock is None or table_clock.task.done():
        table_clock = _clocks[table_id] = TableClock(table_id)
    table_clock.users += 1


def detach(table_id):
    """A websocket closed: the last one to go stops the table's clock."""
    table_clock = _clocks.get(table_id)
    if table_clock is None:
        return
    table_clock.users -= 1
    if table_clock.users <= 0:
        table_clock.task.cancel()
        del _clocks[table_id]


def wake(table_id, news=None, change=None):
    """News at the table (``news``: a game's (id, event number), None for any other; with
    what it changed, ``change``): its clock looks again at what is due."""
    table_clock = _clocks.get(table_id)
    if table_clock is not None:
        table_clock.wake(news, change)
