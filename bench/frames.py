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

import time

from django_support import bench_database, describe_database
from seeded_games import PLAYERS, arguments, make_people, played

from games.live import frames


def frames_seconds(people, viewers, moves, seed):
    """CPU seconds spent making every viewer's frame after each of ``moves`` moves, each
    viewer's a delta on their frame before it where one can be."""
    spent, timed, shown = 0.0, 0, {}
    for game in played(people, 10**9, seed):
        if timed == moves:
            break
        if not game.is_running:  # a finished game's frames read its ratings: no move's cost
            continue
        started = time.thread_time()
        made_here = [
            frames.change_frame(game.table_id, viewer, (game.pk, game.seq), after=shown.get(n))
            for n, viewer in enumerate(viewers)
        ]
        spent += time.thread_time() - started
        assert None not in made_here, "a frame needed the database: the reading was not advanced here"
        shown = {n: (frame.game_id, frame.seq) for n, frame in enumerate(made_here)}
        timed += 1
    return spent


def main():
    args = arguments(__doc__, moves=300, spectators=2, more=[("--repeats", {"type": int, "default": 3})])
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
