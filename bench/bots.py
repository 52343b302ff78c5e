"""How strong the bots are: each level against greedy bots, under every preset (issue 13).

For each level, preset and player count it plays ``--games`` games of one bot of the level
against greedy bots (the level's seat moves round the table from game to game; seat 0
starts; game ``g`` is dealt from seed ``--seed + g`` for every level, so the levels meet
the same deals) and prints its win rate with a 95% Wilson interval, what an equal player
would win (1 / players), and its mean think time per move in CPU time of this process
(the machine is shared, so wall time would say little). The greedy level plays greedy
against greedy: the baseline. ``--table`` prints the rows as a markdown table. Figures go
on the issue, never into tests.

    .venv/bin/python bench/bots.py                                  # every level, preset, 2 and 4 players
    .venv/bin/python bench/bots.py --table --levels random greedy clever --games 100
    .venv/bin/python bench/bots.py --levels expert --presets classic --players 2 --games 200
    .venv/bin/python bench/bots.py --levels expert --presets classic --decks 2 --players 6 10
"""

import argparse
import math
import os
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

from games.bots import LEVELS, choose_move
from games.engine import COMPILED, Rules, new_game
from games.engine.rules import PRESETS

OPPONENT = "greedy"
# the columns, with their widths as text ("<": left-aligned)
COLUMNS = {
    "level": "<8",
    "preset": "<14",
    "players": ">7",
    "games": ">7",
    "wins": ">6",
    "win %": ">7",
    "95% interval": ">16",
    "equal": ">7",
    "think ms": ">10",
    "no winner": ">10",
}


def wilson(wins, games, z=1.96):
    """The 95% Wilson score interval of a win rate, as (low, high)."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def match(level, preset, players, games, seed, each=False, decks=1):
    """``(wins, no winner, think seconds, moves thought)`` of one ``level`` bot against greedy
    ones; ``each``: print a line per game as it ends (a run cut short still tells);
    ``decks``: the preset's ``decks`` option (2: up to 10 players)."""
    rules = Rules.from_dict({"preset": preset, "decks": decks})
    wins = no_winner = moves = 0
    think = 0.0
    for g in range(games):
        seat = g % players
        rng = random.Random(f"bench-bots:{seed + g}")
        state = new_game(rules, players, seed + g)
        history = []
        while not state.finished:
            if state.turn == seat:
                start = time.process_time()
                move = choose_move(state, level, rng, history)
                think += time.process_time() - start
                moves += 1
            else:
                move = choose_move(state, OPPONENT, rng)
            history.append((state, move))
            state = state.apply(move)
        wins += state.winner == seat
        no_winner += state.winner is None
        if each:
            print(
                f"game {level} {preset} {players} seed {seed + g} won {int(state.winner == seat)} "
                f"no-winner {int(state.winner is None)} think-moves {moves} think-seconds {think:.3f}",
                flush=True,
            )
    return wins, no_winner, think, moves


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.ArgumentDefaultsHelpFormatter
    )
    parser.add_argument(
        "--levels",
        nargs="+",
        default=list(LEVELS),
        choices=LEVELS,
        help="greedy: greedy against greedy, the baseline",
    )
    parser.add_argument("--presets", nargs="+", default=list(PRESETS), choices=list(PRESETS))
    parser.add_argument("--players", nargs="+", type=int, default=[2, 4])
    parser.add_argument("--games", type=int, default=100, help="games per level, preset and player count")
    parser.add_argument("--decks", type=int, default=1, choices=(1, 2), help="2: two decks, up to 10 players")
    parser.add_argument("--seed", type=int, default=1, help="game g is dealt from seed + g")
    parser.add_argument("--each", action="store_true", help="also print a line per game (running totals)")
    parser.add_argument("--table", action="store_true", help="print the rows as a markdown table")
    args = parser.parse_args()

    build = "compiled by Cython" if COMPILED else "pure Python"
    print(
        f"Python {platform.python_version()}, engine {build}, {os.cpu_count()} cores, load average "
        f"{os.getloadavg()[0]:.2f}; {args.games} games per row, one bot of the level against "
        f"{OPPONENT} bots, its seat moving round; seeds {args.seed}..{args.seed + args.games - 1}."
    )
    print("think: mean CPU ms per move of the level's bot (CPU time of this process).")
    row = _markdown_row if args.table else _text_row
    print(row(COLUMNS), flush=True)
    if args.table:
        print(_markdown_row(["---"] * len(COLUMNS)))
    for preset in args.presets:
        for players in args.players:
            for level in args.levels:
                wins, no_winner, think, moves = match(
                    level, preset, players, args.games, args.seed, args.each, args.decks
                )
                low, high = wilson(wins, args.games)
                rate, interval = f"{100 * wins / args.games:.1f}%", f"{100 * low:.1f}–{100 * high:.1f}%"
                think_ms = f"{1000 * think / max(moves, 1):.2f}"
                cells = (level, preset, players, args.games, wins, rate, interval, f"{100 / players:.0f}%")
                print(row((*cells, think_ms, no_winner)), flush=True)


def _text_row(cells):
    return "".join(f"{cell:{width}}" for cell, width in zip(cells, COLUMNS.values(), strict=True))


def _markdown_row(cells):
    return "| " + " | ".join(str(cell) for cell in cells) + " |"


if __name__ == "__main__":
    main()
