"""The search bots: Monte Carlo search over sampled deals (determinized flat Monte Carlo).

Each deal samples the cards the bot has not seen (``games.engine.determinize``: hand sizes,
the discard pile, a new seed); in it, each candidate move is made and the game played out
with the engine's light policy (``games.engine.playout``), and the move is credited with
the result for the bot's seat. The candidates are greedy's best ``ROOT_MOVES`` (the others
are rarely good and dilute the search); every one is tried on every sampled deal with the
same playout dice (common random numbers: the luck of the deal, which dwarfs the difference
between two moves, cancels out of their comparison). The bot plays the best mean, but keeps
greedy's first choice unless another move beats it by ``GREEDY_MARGIN`` (the means are
noisy, greedy's order is a sound prior); greedy's order breaks ties. A deal where an
opponent has declared Niko Kadi is redrawn a few times to give them a hand that can
finish, as they claim. A fixed budget of playouts per level (reproducible with a seeded
rng), with a CPU-time cap.

A tree below the root moves (information-set MCTS, Cowling, Powley and Whitehouse 2012)
was tried and measured weaker at the same budget: with a few hundred playouts per root
move the tree's statistics stay thin, while more deals sharpen the root's comparison.

The search reads the position only through ``state.view(seat)``: it cannot see hidden cards.
"""

import random
import time
from dataclasses import dataclass

from games.bots import _candidate_moves, _finishes_next, _score, can_finish
from games.engine.determinize import Observation
from games.engine.moves import Move
from games.engine.playout import playout
from games.engine.transitions import apply


@dataclass(frozen=True)
class Budget:
    iterations: int  # playouts per move: the figure that makes choices reproducible
    seconds: float  # a cap on the CPU time per move, in case a position is slow


# The search levels, weakest first (games.bots.LEVELS lists them after random and greedy).
BUDGETS = {"clever": Budget(100, 0.5), "expert": Budget(1500, 3.0)}
ROOT_MOVES = 6
DECLARED_REDEALS = 6  # tries to give each declared opponent a hand that can finish
PLAYOUT_LIMIT = 400  # moves per playout before the hands are compared
GREEDY_MARGIN = 0.03  # greedy's first choice stands unless another move's mean beats it by this


@dataclass
class Analysis:
    """The search's choice, with each root move's figures (from the mover's seat)."""

    move: Move
    win_chance: float
    moves: list  # (move, win chance, visits), the chosen move first
    iterations: int


class _Node:
    __slots__ = ("move", "seat", "visits", "wins")

    def __init__(self, move, seat):
        self.move = move
        self.seat = seat  # who makes the move: the bot
        self.visits = 0
        self.wins = 0.0


def analyse(state, level, rng):
    """Search ``state`` for the seat to move with the budget of search ``level``; an
    ``Analysis``. Reads the position only through the mover's view."""
    budget = BUDGETS[level]
    observation = Observation(state.view(state.turn))
    first = _deal(observation, rng)
    candidates = _candidate_moves(first)
    ranked = sorted(((_score(first, m), i, m) for i, m in enumerate(candidates)), reverse=True)
    roots = [_Node(move, observation.seat) for _, _, move in ranked[:ROOT_MOVES]]
    deals = 0
    if len(roots) > 1:
        deadline = time.thread_time() + budget.seconds
        deal = first
        while (deals + 1) * len(roots) <= budget.iterations and time.thread_time() < deadline:
            dice = rng.getrandbits(32)
            for node in roots:  # every root move on the same deal, with the same playout dice
                _iterate(node, deal, random.Random(dice))
            deals += 1
            deal = _deal(observation, rng)
    # the best mean; greedy's first choice unless beaten by GREEDY_MARGIN; between equals, greedy's order
    best = sorted(roots, key=_mean, reverse=True)
    if best[0] is not roots[0] and _mean(best[0]) < _mean(roots[0]) + GREEDY_MARGIN:
        best.remove(roots[0])
        best.insert(0, roots[0])
    figures = [(n.move, _mean(n), n.visits) for n in best]
    move = _declaring(first, best[0].move)
    return Analysis(move, figures[0][1] if deals else 1.0 / state.players, figures, deals * len(roots))


def _mean(node):
    return node.wins / node.visits if node.visits else 0.0


def _deal(observation, rng):
    """A sampled position; redrawn a few times until each opponent who declared Niko Kadi
    holds a hand that can finish (as their declaration claims)."""
    rules = observation.rules
    claims = [
        seat for seat, declared in enumerate(observation.declared) if declared and seat != observation.seat
    ]
    state = observation.sample(rng)
    for _ in range(DECLARED_REDEALS):
        if all(can_finish(state.hands[seat], rules) for seat in claims):
            break
        state = observation.sample(rng)
    return state


def _iterate(root, state, rng):
    """One playout of root move ``root`` in a sampled deal, credited to it."""
    state = apply(state, _declaring(state, root.move), True)
    root.visits += 1
    root.wins += _rewards(playout(state, rng, PLAYOUT_LIMIT))[root.seat]


def _declaring(state, move):
    """``move`` with Niko Kadi declared as greedy (and the bot itself) would: a move
    without it could never be followed by a win."""
    return move.with_declare() if _finishes_next(state, move) else move


def _rewards(state):
    """1 for the winner; without one (a turn limit, a cut-off playout), shared by the
    seats holding the fewest cards."""
    players = state.players
    if state.winner is not None:
        return [1.0 if seat == state.winner else 0.0 for seat in range(players)]
    sizes = [len(hand) for hand in state.hands]
    fewest = min(sizes)
    leaders = sizes.count(fewest)
    return [1.0 / leaders if size == fewest else 0.0 for size in sizes]
