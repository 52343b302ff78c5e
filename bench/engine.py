"""Speed of the Kadi engine under random play, beside OpenSpiel's crazy_eights (issue 2).

Every configuration plays whole games, choosing a uniformly random legal move each turn
from one seeded generator, until ``--seconds`` of CPU time are spent (or exactly
``--games`` games are played), in this single process. The figures are reported on
issue 2, never asserted in tests.

    .venv/bin/python bench/engine.py [--seconds N] [--games N] [--seed N] [--presets NAME ...]
                                     [--players N ...] [--decks 1|2]

Issue 48's big tables, 10 players on two decks beside 4 on one, in the same run:

    .venv/bin/python bench/engine.py --presets classic --players 4 --decks 1 2 --only-kadi

It times the compiled engine when ``make venv`` has built it; KADI_PURE_ENGINE=1 times the
pure-Python modules.
"""

import argparse
import os
import platform
import random
import sys
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

from games.engine import COMPILED, Rules, new_game
from games.engine.moves import PLAY
from games.engine.playout import playout, random_playout
from games.engine.rules import PRESETS

PLAYER_COUNTS = (2, 4)
BAR = 1000  # issue 2: four-player classic games per second on one core
BIG_TABLE_BAR = 1.5  # issue 48: µs/move at 10 players on two decks over 4 players on one
DECLARING_PRESETS = [name for name in PRESETS if Rules.preset(name).niko_kadi]

DECLARATION_NOTE = (
    'legal_moves() lists moves without the "!" declaration, and under niko_kadi ('
    + ", ".join(DECLARING_PRESETS)
    + ") nobody can win without having declared, so there the random player adds \"!\" to"
    " any move that leaves it with at most one card (a draw counts as one card)."
)


@dataclass
class Tally:
    """Games played in one configuration and what they cost."""

    games: int = 0
    moves: int = 0
    no_winner: int = 0
    widest: int = 0  # the most legal moves listed in any one position
    seconds: float = 0.0

    def games_per_second(self):
        return self.games / self.seconds

    def micros_per_move(self):
        return self.seconds / self.moves * 1e6

    def moves_per_game(self):
        return self.moves / self.games


def measure(play_game, args):
    """Call ``play_game(rng) -> (moves, won, widest)`` for ``args.games`` games, or ``args.seconds``.

    Each configuration gets its own generator seeded with ``args.seed``, so its games do
    not depend on which configurations ran before it.
    """
    rng = random.Random(args.seed)
    tally = Tally()
    start = time.process_time()
    deadline = start + args.seconds
    while (tally.games < args.games) if args.games else (time.process_time() < deadline):
        moves, won, widest = play_game(rng)
        tally.games += 1
        tally.moves += moves
        tally.no_winner += not won
        tally.widest = max(tally.widest, widest)
    tally.seconds = time.process_time() - start
    return tally


def cards_left_after(state, move):
    """How many cards the player to move holds after ``move``, counting a draw as one card."""
    held = len(state.hands[state.turn])
    if move.kind == PLAY:
        return held - len(move.cards)
    return held + 1 if move.kind == "draw" else held


def pick(legal, random):
    """A uniformly random item of ``legal``: ``int(random() * n)`` is uniform up to float
    rounding (a bias under 2**-30 for any list here) and costs a fraction of
    ``Random.choice``, which would otherwise weigh on every move of both engines."""
    return legal[int(random() * len(legal))]


def play_kadi_game(rules, players, rng):
    """One game of uniformly random legal moves, declaring as DECLARATION_NOTE says."""
    state = new_game(rules, players=players, seed=rng.getrandbits(32))
    declaring, random = rules.niko_kadi, rng.random
    moves = widest = 0
    while not state.finished:
        legal = state.legal_moves()
        if len(legal) > widest:
            widest = len(legal)
        move = pick(legal, random)
        # a cheap test first: it holds whenever cards_left_after(state, move) <= 1 does
        if declaring and len(state.hands[state.turn]) <= len(move.cards) + 1:
            if cards_left_after(state, move) <= 1:
                move = move.with_declare()
        state = state.apply(move)
        moves += 1
    return moves, state.winner is not None, widest


def play_openspiel_game(game, rng):
    """One crazy_eights game of uniformly random legal actions; chance sampled by its probabilities.

    Only the players' actions count as moves; the chance steps (each dealt or drawn card)
    are timed all the same. The winner is the one player left with no cards (return 0).
    """
    state = game.new_initial_state()
    moves = widest = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            legal = state.legal_actions()
            widest = max(widest, len(legal))
            state.apply_action(pick(legal, rng.random))
            moves += 1
    return moves, 0.0 in state.returns(), widest


def import_pyspiel():
    """``(pyspiel, None)``, or ``(None, why)`` when OpenSpiel is not installed."""
    try:
        import pyspiel
    except ImportError as error:
        return None, f"{error}; install it with: .venv/bin/pip install -r bench/requirements.txt"
    return pyspiel, None


def row(label, players, tally, base=None):
    """One line of a table; ``base`` is the OpenSpiel tally to compare with."""
    line = (
        f"{label:<14}{players:>7}{tally.games:>8}{tally.games_per_second():>10.0f}"
        f"{tally.micros_per_move():>10.1f}{tally.moves_per_game():>12.1f}{tally.no_winner:>11}"
        f"{tally.widest:>11,}"
    )
    if base:
        line += (
            f"{tally.games_per_second() / base.games_per_second():>13.3f}"
            f"{tally.micros_per_move() / base.micros_per_move():>13.2f}"
        )
    return line


HEADER = (
    f"{'':<14}{'players':>7}{'games':>8}{'games/s':>10}{'µs/move':>10}{'moves/game':>12}{'no winner':>11}"
    f"{'max legal':>11}"
)


def bench_openspiel(pyspiel, args):
    """Time crazy_eights for each player count; print its table and return the tallies."""
    tallies = {}
    for players in PLAYER_COUNTS:
        game = pyspiel.load_game("crazy_eights", {"players": players})
        if not tallies:
            params = ", ".join(f"{k}={v}" for k, v in sorted(game.get_parameters().items()) if k != "players")
            print(f"OpenSpiel {pyspiel.__version__} crazy_eights ({params}), from Python.")
            print("A move is one player action: a card, a draw, a pass or a suit nomination;")
            print("chance steps (each card dealt or drawn) are timed but not counted as moves.")
            print("'no winner': ended at max_turns card plays, or with everybody passing.")
            print(HEADER)
        tallies[players] = measure(partial(play_openspiel_game, game), args)
        print(row("crazy_eights", players, tallies[players]), flush=True)
    return tallies


def bench_kadi(args, openspiel):
    """Time each preset of ``--presets`` for each player count; print the table and return the tallies."""
    build = "compiled by Cython" if COMPILED else "pure Python"
    print(f"Kadi engine (games.engine, {build}). A move is one apply(): a whole play, a draw, "
          "accept or pass.")
    ratios = " The last two columns divide by OpenSpiel's." if openspiel else ""
    print("'no winner': ended at max_turns." + ratios)
    print(HEADER + ("  games/s ÷ OS  µs/move ÷ OS" if openspiel else ""))
    tallies = {}
    for decks in args.decks:
        for name in args.presets:
            rules = Rules.from_dict({"preset": name, "decks": decks})
            label = name if decks == 1 else f"{name} 2 decks"
            for players in args.players if decks == 1 else args.players_two_decks:
                tallies[name, players, decks] = measure(partial(play_kadi_game, rules, players), args)
                print(row(label, players, tallies[name, players, decks], openspiel.get(players)), flush=True)
    return tallies


def play_random_playout(rules, players, rng):
    """One game of ``play_kadi_game``'s player, by the engine's own loop (``random_playout``)."""
    state, moves = random_playout(new_game(rules, players=players, seed=rng.getrandbits(32)), rng)
    return moves, state.winner is not None, 0


def play_light_playout(rules, players, rng):
    """One search rollout from the deal: ``playout``'s light policy for every seat."""
    state = playout(new_game(rules, players=players, seed=rng.getrandbits(32)), rng)
    return state.turns, state.winner is not None, 0


def bench_playouts(args, openspiel):
    """Classic games by the engine's playout loops (games.engine.playout): the random player
    above without a Python loop around the engine, and the search bots' light-policy rollouts."""
    print("Classic games by the engine's playout loops ('max legal' not counted): random-loop plays the")
    print("same random player as above in the compiled playout core (games.engine.playcore); rollout is")
    print("a search bot's rollout from the deal (the light policy for every seat; its games/s are")
    print("rollouts per second).")
    print(HEADER + ("  games/s ÷ OS  µs/move ÷ OS" if openspiel else ""))
    rules = Rules.preset("classic")
    tallies = {}
    for label, play in (("random-loop", play_random_playout), ("rollout", play_light_playout)):
        for players in PLAYER_COUNTS:
            tallies[label, players] = measure(partial(play, rules, players), args)
            print(row(label, players, tallies[label, players], openspiel.get(players)), flush=True)
    return tallies


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.ArgumentDefaultsHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per configuration")
    parser.add_argument("--games", type=int, default=0, help="games per configuration (0: --seconds)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the generator behind deals and moves")
    parser.add_argument("--presets", nargs="+", choices=list(PRESETS), default=list(PRESETS), metavar="NAME",
                        help="the presets played by the Python loop (classic: the comparison with OpenSpiel)")
    parser.add_argument("--players", nargs="+", type=int, default=list(PLAYER_COUNTS),
                        help="player counts of the one-deck games")
    parser.add_argument("--decks", nargs="+", type=int, choices=(1, 2), default=[1],
                        help="the decks option of the Python loop's games (2: --players-two-decks)")
    parser.add_argument("--players-two-decks", nargs="+", type=int, default=[10],
                        help="player counts of the two-deck games")
    parser.add_argument("--only-kadi", action="store_true",
                        help="time the Python loop alone (no OpenSpiel, no playout loops)")
    args = parser.parse_args()

    budget = f"{args.games} games" if args.games else f"{args.seconds:g} CPU seconds"
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.2f}; one process, {budget} per configuration, seed {args.seed}.")
    print("Each turn a uniformly random legal move; times are CPU time of this process and include the deal.")
    print("Declaration: " + DECLARATION_NOTE)
    print("'max legal': the most legal moves listed in any one position of the configuration's games.")
    print()

    pyspiel, missing = (None, "--only-kadi") if args.only_kadi else import_pyspiel()
    if pyspiel:
        openspiel = bench_openspiel(pyspiel, args)
    else:
        openspiel = {}
        print(f"OpenSpiel skipped: {missing}")
    print()
    kadi = bench_kadi(args, openspiel)
    print()
    loops = {} if args.only_kadi else bench_playouts(args, openspiel)
    print()

    if ("classic", 4, 1) in kadi:
        classic = kadi["classic", 4, 1].games_per_second()
        verdict = "met" if classic >= BAR else "NOT met"
        print(f"Bar (issue 2): at least {BAR:,} four-player classic games/s on one core: {classic:,.0f}, "
              f"{verdict}.")
    for name in args.presets:
        base, big = kadi.get((name, 4, 1)), kadi.get((name, 10, 2))
        if base and big:
            ratio = big.micros_per_move() / base.micros_per_move()
            verdict = "met" if ratio <= BIG_TABLE_BAR else "NOT met"
            print(f"Bar (issue 48): {name}, 10 players on two decks within {BIG_TABLE_BAR}× the µs/move of "
                  f"4 on one: ×{ratio:.2f}, {verdict}.")
    for players, base in openspiel.items():
        ours = kadi.get(("classic", players, 1))
        if ours:
            games_ratio = ours.games_per_second() / base.games_per_second()
            move_ratio = ours.micros_per_move() / base.micros_per_move()
            print(f"classic vs crazy_eights, {players} players: games/s ×{games_ratio:.3f}, "
                  f"µs/move ×{move_ratio:.2f}")
        if loops:
            loop = loops["random-loop", players]
            loop_ratio = loop.games_per_second() / base.games_per_second()
            print(f"  by the compiled random loop: games/s ×{loop_ratio:.3f}, "
                  f"µs/move ×{loop.micros_per_move() / base.micros_per_move():.2f}; search rollouts/s "
                  f"{loops['rollout', players].games_per_second():,.0f}")


if __name__ == "__main__":
    main()
