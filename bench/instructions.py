"""Instructions per move of the engine's playout loops, counted by callgrind: repeatable
figures on a shared, loaded machine, where CPU seconds are not.

    .venv/bin/python bench/instructions.py                      # 4-player classic, both loops
    .venv/bin/python bench/instructions.py --games 50 --players 2

For each loop of ``bench/engine.py``'s last table (``random-loop``: ``random_playout``,
``rollout``: ``playout`` from the deal, the search bots' rollouts) it runs this script under
``valgrind --tool=callgrind`` twice, once for ``--games`` games and once for none, and
divides the difference (the games alone, deals included) by the moves made. Needs valgrind.
"""

import argparse
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

LOOPS = ("random-loop", "rollout")
GAMES = {"random-loop": 200, "rollout": 2000}  # about the same number of moves


def play(loop, games, players, seed):
    """Play ``games`` classic games by ``loop``; return the moves made."""
    from games.engine import Rules, new_game
    from games.engine.playout import playout, random_playout

    rules, rng, moves = Rules.preset("classic"), random.Random(seed), 0
    for _ in range(games):
        state = new_game(rules, players, rng.getrandbits(32))
        if loop == "random-loop":
            moves += random_playout(state, rng)[1]
        else:
            moves += playout(state, rng).turns
    return moves


def counted(loop, games, players, seed):
    """``(instructions, moves)`` of one run of ``play`` under callgrind."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            sys.executable,
            __file__,
            "--child",
            loop,
            "--games",
            str(games),
            "--players",
            str(players),
            "--seed",
            str(seed),
        ]
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        instructions = re.search(r"summary: (\d+)", out.read_text())
    return int(instructions.group(1)), int(done.stdout.split()[-1])


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.ArgumentDefaultsHelpFormatter
    )
    parser.add_argument(
        "--games", type=int, default=0, help="games per loop (0: 200 random games, 2000 rollouts)"
    )
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--loops", nargs="+", choices=LOOPS, default=list(LOOPS))
    parser.add_argument("--child", choices=LOOPS, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(play(args.child, args.games, args.players, args.seed))
        return

    from games.engine import COMPILED

    build = "compiled by Cython" if COMPILED else "pure Python"
    print(
        f"Classic, {args.players} players, engine {build}; instructions counted by callgrind, "
        "less those of a run without games."
    )
    print(f"{'loop':<12}{'games':>7}{'moves':>9}{'instructions':>16}{'per move':>10}{'per game':>12}")
    for loop in args.loops:
        games = args.games or GAMES[loop]
        total, moves = counted(loop, games, args.players, args.seed)
        idle, _ = counted(loop, 0, args.players, args.seed)
        spent = total - idle
        print(
            f"{loop:<12}{games:>7}{moves:>9}{spent:>16,}{spent / moves:>10,.0f}{spent / games:>12,.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
