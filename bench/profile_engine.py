"""Where the engine spends its time in random games (default: four-player classic).

Plays the same random games as ``bench/engine.py`` under cProfile (two tables: own time
and cumulative time) or, with ``--pyinstrument``, under pyinstrument's call tree.

    .venv/bin/python bench/profile_engine.py [--seconds N] [--games N] [--preset NAME]
                                              [--players N] [--top N] [--pyinstrument]
"""

import argparse
import cProfile
import pstats
from functools import partial

# bench/engine.py, beside this file; importing it puts the repo root on sys.path.
from engine import measure, play_kadi_game

from games.engine.rules import PRESETS, Rules


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.ArgumentDefaultsHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU seconds to profile")
    parser.add_argument("--games", type=int, default=0, help="or exactly this many games (0: use --seconds)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the generator behind deals and moves")
    parser.add_argument("--preset", choices=list(PRESETS), default="classic")
    parser.add_argument("--players", type=int, choices=range(2, 6), default=4)
    parser.add_argument("--top", type=int, default=25, help="rows per cProfile table")
    parser.add_argument("--pyinstrument", action="store_true", help="print pyinstrument's call tree instead")
    args = parser.parse_args()

    play = partial(measure, partial(play_kadi_game, Rules.preset(args.preset), args.players), args)
    if args.pyinstrument:
        from pyinstrument import Profiler

        profiler = Profiler(interval=0.0002)
        profiler.start()
        tally = play()
        profiler.stop()
        print(profiler.output_text(unicode=True, color=False))
    else:
        profiler = cProfile.Profile()
        tally = profiler.runcall(play)
        stats = pstats.Stats(profiler).strip_dirs()
        stats.sort_stats("tottime").print_stats(args.top)
        stats.sort_stats("cumulative").print_stats(args.top)
    print(f"{args.preset}, {args.players} players: {tally.games} games, {tally.moves} moves "
          f"(slowed by the profiler: {tally.games_per_second():.0f} games/s)")


if __name__ == "__main__":
    main()
