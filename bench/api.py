"""The bot API's costs (issue 13): database queries and CPU time of what a stream does per
wake-up (``api.feed.game_frame``, unchanged and changed; on a turn with a hand of 1.7
million legal moves, of which it lists 200: issue 38), of a move through the API, and of a
replay hint (uncached, then cached).

    .venv/bin/python bench/api.py [--rounds 200]                 # SQLite in memory
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/kadi .venv/bin/python bench/api.py

CPU time (time.process_time), not wall time: the machine is shared. Figures are reported
on issue 13, never asserted.
"""

import argparse
import platform
import random
import statistics
import time
from functools import partial

from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django_support import bench_database, client, describe_database

from api import feed
from api.tokens import create_token
from games import bots
from games.play.moves import submit_move
from games.play.server_turns import play_bot_move
from games.play.starts import rematch, start_game
from games.play.tables import add_bot, create_table, take_seat
from history.hints import hint
from tests.games.helpers import put_position

DATABASE_NAME = "kadi_bench_api"
COUNTLESS = "QH QS QD QC 8H 8S 8D 8C AH AS 4H 4S 5D JKR"  # friendly: 1.7 million legal moves


def cpu_ms(call):
    start = time.process_time()
    call()
    return (time.process_time() - start) * 1000


def report(label, call, rounds):
    with CaptureQueriesContext(connection) as queries:
        call()
    times = [cpu_ms(call) for _ in range(rounds)]
    print(f"{label:<44}{len(queries):>8}{statistics.median(times):>12.2f}{max(times):>10.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args()
    with bench_database(DATABASE_NAME):
        print(f"Database: {describe_database()}; Python {platform.python_version()}")
        users = get_user_model().objects
        amani, baraka = users.create_user("amani"), users.create_user("baraka")
        table = create_table(amani, "Bench", 4, "classic")
        take_seat(table, baraka)
        add_bot(table, "greedy")
        add_bot(table, "random")
        game = start_game(table, amani)
        token = create_token(amani, "bench")[1]
        print(f"{'':<44}{'queries':>8}{'CPU p50 ms':>12}{'max ms':>10}")
        _, cursor = feed.game_frame(game.pk, 0)
        frame = partial(feed.game_frame, game.pk, 0)
        report("stream wake-up, nothing new (game_frame)", partial(frame, cursor), args.rounds)
        report("stream wake-up, a change (game_frame)", partial(frame, (-1, 0)), args.rounds)
        report("first frame (gameFull)", frame, args.rounds)
        countless = create_table(amani, "Countless", 2, "friendly")
        take_seat(countless, baraka)
        countless = start_game(countless, amani)
        put_position(countless, hands=(COUNTLESS, "7C 9C"), discard=("6H",), turn=0)
        report("first frame, 1.7 million legal moves", partial(feed.game_frame, countless.pk, 0), args.rounds)

        browser, rng = client(), random.Random(1)
        api_moves, hints_uncached, hints_cached = [], [], []
        while len(api_moves) < args.rounds:
            api_moves.extend(play_out(game, browser, token, rng))
            steps = list(game.moves.filter(seat=0).values_list("index", flat=True))
            hints_uncached += [cpu_ms(partial(hint, game, 0, step)) for step in steps]
            hints_cached += [cpu_ms(partial(hint, game, 0, step)) for step in steps]
            game = rematch(table, amani)
        line("a move through the API", api_moves)
        line(f"replay hint ({bots.LEVELS[-1]}), uncached", hints_uncached)
        line(f"replay hint ({bots.LEVELS[-1]}), cached", hints_cached)


def line(label, times):
    print(f"{label:<44}{'':>8}{statistics.median(times):>12.2f}{max(times):>10.2f}   n={len(times)}")


def play_out(game, browser, token, rng):
    """Play ``game`` to its end: amani (seat 0) through the API with greedy's choices, the
    others through games.play. Returns the CPU ms of each API move."""
    times = []
    game.refresh_from_db()
    while game.is_running:
        player = game.players.select_related("user").get(seat=game.turn)
        move = bots.choose_move(game.engine_state(), "greedy", rng)
        if player.user.is_bot:
            play_bot_move(game.pk)
        elif player.seat != 0:
            submit_move(game.pk, player.user, str(move))
        else:
            path = f"/api/bot/game/{game.pk}/move/{'-'.join(str(move).split())}"
            start = time.process_time()
            response = browser.post(path, HTTP_AUTHORIZATION=f"Bearer {token}")
            times.append((time.process_time() - start) * 1000)
            assert response.status_code == 200, response.content
        game.refresh_from_db()
    return times


if __name__ == "__main__":
    main()
