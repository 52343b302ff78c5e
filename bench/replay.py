"""Replay speed: opening random steps of a 1,000-move game (issue 5).

Plays a four-player classic game of random moves to its 1,000-move limit with the engine,
stores it through the site's own record import (which replays and checks it), then times:
the position at a random step (``history.replays.state_at``), the replay page at a random
step (whole page, and the board alone as the page's controls fetch it), the very first
opening (which stores the snapshots), and, for scale, replaying from the deal to the step.

    .venv/bin/python bench/replay.py [--requests 200]          # SQLite in memory
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/kadi .venv/bin/python bench/replay.py

Figures are reported on issue 5, never asserted.
"""

import argparse
import platform
import random

from django.contrib.auth import get_user_model
from django_support import (
    SUMMARY_HEADER,
    bench_database,
    client,
    describe_database,
    summary,
    timed_ms,
)

from games.engine import Rules, new_game, replay
from games.engine.results import final_places
from history.models import GameSnapshot
from history.records import RECORD_FORMAT, RECORD_VERSION
from history.replays import state_at
from history.services import SNAPSHOT_EVERY, import_game

DATABASE_NAME = "kadi_bench_replay"
MOVES = 1000
PLAYERS = 4
COLD_OPENINGS = 10


def random_game(rng):
    """A game of uniformly random moves under classic: nobody declares, so nobody can win,
    and it runs to its turn limit of ``MOVES``."""
    rules = Rules.from_dict({"preset": "classic", "max_turns": MOVES})
    seed = rng.getrandbits(63)
    state = new_game(rules, PLAYERS, seed)
    moves = []
    while not state.finished:
        move = rng.choice(state.legal_moves())
        moves.append(str(move))
        state = state.apply(move)
    return rules, seed, moves, final_places(state, set())


def stored_game(rng):
    """The random game, stored as a finished game through the record import."""
    rules, seed, moves, places = random_game(rng)
    users = get_user_model().objects
    players = [users.create_user(f"replayer-{n}") for n in range(PLAYERS)]
    record = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "table": "Replay bench",
        "rules": rules.to_dict(),
        "players": [{"seat": n, "username": user.username} for n, user in enumerate(players)],
        "seed": seed,
        "first_seat": 0,
        "moves": moves,
        "result": {"winner": None, "places": places},
    }
    return import_game(record, None), moves


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=200, help="timed openings of each kind")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    with bench_database(DATABASE_NAME):
        print(f"Database: {describe_database()}; Python {platform.python_version()}")
        game, moves = stored_game(rng)
        print(f"A {PLAYERS}-player game of {game.move_count:,} moves; snapshots every {SNAPSHOT_EVERY} moves")
        url = f"/games/{game.pk}/replay/"
        browser = client()
        steps = [rng.randint(0, game.move_count) for _ in range(args.requests)]
        for step in steps[:5]:
            browser.get(url, {"step": step})

        print(SUMMARY_HEADER)
        positions = [timed_ms(lambda s=s: state_at(game, s))[0] for s in steps]
        print(summary("position at a random step (state_at)", positions))
        page_times, sizes = [], []
        for step in steps:
            elapsed, response = timed_ms(lambda s=step: browser.get(url, {"step": s}))
            page_times.append(elapsed)
            sizes.append(len(response.content))
        print(summary("replay page at a random step", page_times))
        board = [
            timed_ms(lambda s=s: browser.get(url, {"step": s}, HTTP_HX_REQUEST="true"))[0] for s in steps
        ]
        print(summary("board alone at a random step (htmx)", board))
        cold = []
        for step in steps[:COLD_OPENINGS]:
            GameSnapshot.objects.filter(game=game).delete()
            cold.append(timed_ms(lambda s=step: browser.get(url, {"step": s}))[0])
        print(summary("first opening ever (stores the snapshots)", cold))
        rules = game.engine_rules()
        naive = [
            timed_ms(lambda s=s: replay(rules, PLAYERS, game.seed, moves[:s], game.first_seat))[0]
            for s in steps[:50]
        ]
        print(summary("for scale: replaying from the deal (engine)", naive))
        print(f"replay page size: {min(sizes) / 1024:.0f}-{max(sizes) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
