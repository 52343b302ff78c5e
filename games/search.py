"""The search bots: information-set Monte Carlo tree search over the engine.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): each iteration deals the
cards the bot has not seen at random (``games.engine.determinize``: hand sizes, the
discard pile, a new seed), walks a tree of moves by UCB among the moves legal in that
deal (a move's "availability" counts the iterations where it could be chosen), adds one
node, plays the game out with the engine's light policy (``games.engine.playout``) and
credits each tree move with the result for the seat that made it.

Cheap tricks from card-game bots: the root moves are greedy's best ``ROOT_MOVES`` (the
others are rarely good and dilute the search); each of them is tried on every sampled deal
with the same playout dice (common random numbers: the luck of the deal, which dwarfs the
difference between two moves, cancels out of their comparison), and the bot plays the best
mean, greedy's order breaking ties; a deal where an opponent has declared Niko Kadi is
redrawn a few times to give them a hand that can finish, as they claim; a fixed budget of
iterations per level (reproducible with a seeded rng), with a CPU-time cap.

The search reads the position only through ``state.view(seat)``: it cannot see hidden cards.
"""

import math
import random
import time
from dataclasses import dataclass
from itertools import islice

from games.bots import _candidate_moves, _finishes_next, _score, can_finish
from games.engine.determinize import Observation
from games.engine.moves import ACCEPT, DRAW, PASS, Move
from games.engine.playout import playout
from games.engine.transitions import apply


@dataclass(frozen=True)
class Budget:
    iterations: int  # per move: the figure that makes choices reproducible
    seconds: float  # a cap on the CPU time per move, in case a position is slow


# The search levels, weakest first (games.bots.LEVELS lists them after random and greedy).
BUDGETS = {"clever": Budget(100, 0.5), "expert": Budget(800, 1.5)}
ROOT_MOVES = 6
TREE_MOVE_LIMIT = 32  # moves weighed per tree node below the root (shorter plays first)
EXPLORATION = 0.7
DECLARED_REDEALS = 6  # tries to give each declared opponent a hand that can finish
PLAYOUT_LIMIT = 400  # moves per playout before the hands are compared


@dataclass
class Analysis:
    """The search's choice, with each root move's figures (from the mover's seat)."""

    move: Move
    win_chance: float
    moves: list  # (move, win chance, visits), most visited first
    iterations: int


class _Node:
    __slots__ = ("move", "seat", "children", "visits", "available", "wins")

    def __init__(self, move, seat):
        self.move = move
        self.seat = seat  # who made the move into this node
        self.children = {}
        self.visits = 0
        self.available = 0
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
    # the best mean; between equals, greedy's order
    best = sorted(roots, key=lambda n: n.wins / n.visits if n.visits else 0.0, reverse=True)
    figures = [(n.move, n.wins / n.visits if n.visits else 0.0, n.visits) for n in best]
    move = _declaring(first, best[0].move)
    return Analysis(move, figures[0][1] if deals else 1.0 / state.players, figures, deals * len(roots))


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


def _iterate(top, state, rng):
    """One iteration from root move ``top`` in a sampled deal: select and expand in its
    tree, play out, back up the result."""
    path = [top]
    state = apply(state, _declaring(state, top.move), True)
    node = top
    while not state.finished and node.visits:  # down to a node added by this iteration
        node, move = _select(node, _tree_moves(state), state.turn)
        path.append(node)
        state = apply(state, _declaring(state, move), True)
    rewards = _rewards(playout(state, rng, PLAYOUT_LIMIT))
    for node in path:
        node.visits += 1
        node.wins += rewards[node.seat]


def _declaring(state, move):
    """``move`` with Niko Kadi declared as greedy (and the bot itself) would: a tree move
    without it could never be followed by a win."""
    return move.with_declare() if _finishes_next(state, move) else move


def _tree_moves(state):
    """The legal moves weighed at a tree node: at most TREE_MOVE_LIMIT, plus draw, accept
    or pass when the list was cut short."""
    moves = list(islice(state.iter_legal_moves(), TREE_MOVE_LIMIT))
    if len(moves) == TREE_MOVE_LIMIT:
        for extra in (Move(DRAW), Move(ACCEPT), Move(PASS)):
            if extra not in moves and state.problem(extra) is None:
                moves.append(extra)
    return moves


def _select(node, moves, seat):
    """The child to follow among ``moves`` (legal in this deal), created when new: an
    unvisited one first, else the best by UCB over the deals where it was legal."""
    best = best_move = None
    best_value = -math.inf
    children = node.children
    for move in moves:
        child = children.get(move)
        if child is None:
            child = children[move] = _Node(move, seat)
        child.available += 1
        if child.visits == 0:
            return child, move
        value = child.wins / child.visits + EXPLORATION * math.sqrt(math.log(child.available) / child.visits)
        if value > best_value:
            best, best_move, best_value = child, move, value
    return best, best_move


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
