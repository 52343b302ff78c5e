"""Bots think in a process pool, out of any transaction; the move is played only if the game
has not moved on since (games.bots.pool, play_server_turn with a thought move)."""

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from games import bots
from games.bots import pool as bot_pool
from games.engine import Rules, new_game
from games.engine.cards import CARD_TEXT
from games.models import Game, Move
from games.play.moves import resign, submit_move
from games.play.server_turns import BOT, game_moves, next_server_turn, play_server_turn
from games.play.starts import start_game
from games.play.tables import add_bot


@pytest.fixture
def pool(settings):
    settings.BOT_POOL_SIZE = 1
    yield
    bot_pool.shutdown()


def positions():
    """A few positions of a four-player classic game of greedy moves, as the server stores them."""
    rng = random.Random(3)
    state = new_game(Rules.preset("classic"), 4, 3)
    out = []
    while not state.finished and len(out) < 6:
        out.append(state.to_dict())
        state = state.apply(bots.choose_move(state, "greedy", rng))
    return out[1::2]


@pytest.mark.parametrize("level", bots.LEVELS)
async def test_the_pool_thinks_the_move_this_process_would(pool, level):
    for n, position in enumerate(positions()):
        thought = await bot_pool.think(position, level, f"seed:{n}")
        assert thought == bot_pool.choose(position, level, f"seed:{n}")


async def test_the_pool_replays_the_games_moves_as_this_process_would(pool):
    rng = random.Random(3)
    state = new_game(Rules.preset("classic"), 2, 7)
    texts = []
    for _ in range(6):
        move = bots.choose_move(state, "greedy", rng)
        texts.append(str(move))
        state = state.apply(move)
    position = state.to_dict()
    assert not state.finished and len(bots.replayed_history(state, 0, texts)) == 6
    thought = await bot_pool.think(position, "expert", 2, (0, texts))
    assert thought == bot_pool.choose(position, "expert", 2, (0, texts))


async def test_without_a_pool_a_thread_thinks_the_same_move(settings):
    settings.BOT_POOL_SIZE = 0
    position = positions()[0]
    assert await bot_pool.think(position, "expert", 1) == bot_pool.choose(position, "expert", 1)


@pytest.fixture
def bot_game(user, table):
    """amani against an expert bot, the bot to move."""
    add_bot(table, "expert")
    game = start_game(table, user)
    if game.turn == 0:
        submit_move(game.pk, user, str(bots.forfeit_move(game.engine_state())))
        game.refresh_from_db()
    assert game.turn == 1
    return game


@pytest.mark.django_db
def test_a_bot_plays_the_move_thought_from_the_position_of_its_turn(bot_game):
    turn = next_server_turn(bot_game.table_id)
    assert turn.reason == BOT and turn.think[0] == bot_game.state
    move = bot_pool.choose(*turn.think)
    row = play_server_turn(turn, move=move)
    assert row.text == move and row.seat == 1


@pytest.mark.django_db
def test_a_move_thought_before_the_game_moved_on_is_not_played(bot_game, user):
    turn = next_server_turn(bot_game.table_id)
    move = bot_pool.choose(*turn.think)
    resign(bot_game, user)  # the game moves on (here: it ends) while the bot thinks
    assert play_server_turn(turn, move=move) is None
    assert not Move.objects.filter(game=bot_game, seat=1).exists()
    assert Game.objects.get(pk=bot_game.pk).status == Game.Status.FINISHED


@pytest.mark.django_db
def test_a_thought_move_that_is_not_legal_here_is_thought_again(bot_game):
    turn = next_server_turn(bot_game.table_id)
    hand = bot_game.engine_state().hands[0]  # cards the bot does not hold
    moves = game_moves(bot_game.pk)
    row = play_server_turn(turn, move=CARD_TEXT[hand[0]])
    assert row.seat == 1 and row.text == bot_pool.choose(*turn.think, moves)


@pytest.mark.django_db
def test_a_search_bot_is_given_the_games_moves_so_far(bot_game):
    """What the others did tells the search of their hands: the game's moves, replayed."""
    moves = game_moves(bot_game.pk)
    texts = list(bot_game.moves.order_by("index").values_list("text", flat=True))
    assert moves == (bot_game.first_seat, texts)
    state = bot_game.engine_state()
    history = bots.replayed_history(state, *moves)
    assert [str(move) for _, move in history] == moves[1] and len(moves[1]) >= 1
    assert history[0][0] == new_game(state.rules, state.players, state.seed, bot_game.first_seat)
    assert bots.replayed_history(state, moves[0], []) == ()  # not this position's moves
    assert bots.replayed_history(state, moves[0], ["not a move"]) == ()


def test_the_pool_is_off_the_event_loop(pool):
    async def main():
        ticks = 0
        thinking = asyncio.ensure_future(bot_pool.think(positions()[0], "expert", 5))
        while not thinking.done():
            ticks += 1
            await asyncio.sleep(0)
        return ticks, await thinking

    ticks, move = asyncio.run(main())
    assert ticks > 1 and move


WORKERS_STARTED = """
import multiprocessing, os, django
django.setup()
from games.bots import pool
pool._executor().submit(os.getpid).result()
print(*(child.pid for child in multiprocessing.active_children()), flush=True)
input()  # until killed
"""


def gone(pid):
    """Whether process ``pid`` has ended (exited, or a zombie nobody reaped yet)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def test_the_workers_end_with_the_process_that_started_them():
    """A server process killed outright, with no chance to stop its pool: its workers end."""
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="kadi_site.settings")
    root = Path(__file__).resolve().parents[2]
    pipes = {"stdin": subprocess.PIPE, "stdout": subprocess.PIPE}
    server = subprocess.Popen([sys.executable, "-c", WORKERS_STARTED], cwd=root, env=env, **pipes)
    workers = [int(pid) for pid in server.stdout.readline().split()]
    try:
        assert workers and not any(gone(pid) for pid in workers)
        server.send_signal(signal.SIGKILL)
        server.wait()
        deadline = time.monotonic() + 10 * bot_pool.PARENT_CHECK_SECONDS
        while not all(gone(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.05)  # polled: the workers look for their parent on their own clock
        assert all(gone(pid) for pid in workers)
    finally:  # whatever happened, no process of the test's is left
        server.kill()
        for pid in workers:
            if not gone(pid):
                os.kill(pid, signal.SIGKILL)

