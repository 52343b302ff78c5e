"""What a move's change frames cost a live server: after each move of seeded games at a
table of four players and ``--spectators`` logged-in watchers, every viewer's frame is made
from the reading the move left in this process, as a socket's consumer makes it
(``games.live.frames.change_frame``), and only that is timed, in this thread's CPU time:
not the move, not the sockets.

The deals and the moves (greedy's, from a seeded generator) are the same at every run, so
two versions of the code compare on the same frames; each figure is the smallest of
``--repeats`` runs of the games. Where ``perf stat`` cannot count instructions
(bench/README.md, ``live_move.py``), this is the steadiest figure of the frames' cost.

    .venv/bin/python bench/frames.py --moves 300 --spectators 2
"""

import argparse
import random
import time

from django.conf import settings
from django.utils import translation
from django_support import bench_database, describe_database

from accounts.models import User
from games import bots
from games.engine import Rules, new_game
from games.live import frames, readings
from games.models import Game
from games.play.moves import submit_table_move
from games.play.starts import start_game
from games.play.tables import create_table, take_seat

PLAYERS = 4


def make_people(spectators):
    """The players and the viewers of the games: the players and the watchers, logged in."""
    people = [User.objects.create_user(f"p{n}", password=None) for n in range(PLAYERS)]
    watchers = [User.objects.create_user(f"w{n}", password=None) for n in range(spectators)]
    return people, [frames.Viewer({"user": person}) for person in people + watchers]


def dealt(people, seed):
    """A new table's game, dealt from ``seed`` (``start_game`` draws a secret one)."""
    table = create_table(people[0], f"Bench {seed}", PLAYERS, "classic")
    for person in people[1:]:
        take_seat(table, person)
    game = start_game(table, people[0])
    state = new_game(Rules.from_dict(game.rules), players=game.player_count, seed=seed, first=game.first_seat)
    Game.objects.filter(pk=game.pk).update(seed=seed, state=state.to_dict(), turn=state.turn)
    return Game.objects.get(pk=game.pk)


def frames_seconds(people, viewers, moves, seed):
    """CPU seconds spent making every viewer's frame after each of ``moves`` moves."""
    rng, spent, made, games = random.Random(seed), 0.0, 0, 0
    while made < moves:
        game = dealt(people, seed * 1000 + games)
        games += 1
        table_id = game.table_id
        readings.latest(table_id, (game.pk, game.seq))  # read once, as by a new game's first frame
        while game.is_running and made < moves:
            state = game.engine_state()
            move = bots.choose_move(state, "greedy", rng)
            mover = game.players.get(seat=state.turn).user
            submit_table_move(table_id, mover, str(move), f"{made}", game.seq)
            game.refresh_from_db()
            if not game.is_running:  # a finished game's frames read its ratings: no move's cost
                break
            started = time.thread_time()
            made_here = [frames.change_frame(table_id, viewer, (game.pk, game.seq)) for viewer in viewers]
            spent += time.thread_time() - started
            assert None not in made_here, "a frame needed the database: the reading was not advanced here"
            made += 1
    return spent


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--spectators", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--language", default="en")
    args = parser.parse_args()
    translation.activate(args.language)
    settings.TABLES_PER_HOUR = 10**9  # a table for each game
    with bench_database("kadi_bench_frames"):
        people, viewers = make_people(args.spectators)
        runs = [frames_seconds(people, viewers, args.moves, seed=1) for _ in range(args.repeats)]
        best = min(runs)
        print(
            f"{describe_database()}; {PLAYERS} players + {args.spectators} spectators, {args.moves} moves "
            f"x {args.repeats}: the frames {best / args.moves * 1e6:.0f} µs of CPU a move "
            f"(runs: {', '.join(f'{run / args.moves * 1e6:.0f}' for run in runs)})"
        )


if __name__ == "__main__":
    main()
