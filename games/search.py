"""The search bots: information-set Monte Carlo tree search over the engine.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): each iteration deals the
cards the bot has not seen at random (``games.engine.determinize``: hand sizes, the
discard pile, a new seed), walks one shared tree of moves by UCB among the moves legal in
that deal (a move's "availability" counts the iterations where it could be chosen),
adds one node, plays the game out with the engine's light policy
(``games.engine.playout``) and credits each tree move with the result for the seat that
made it. The bot plays the root move visited most.

Cheap tricks from card-game bots: the root moves are greedy's best ``ROOT_MOVES`` (the
others are rarely good and dilute the search), ordered and biased by greedy's scores
(progressive bias, fading with visits); a deal where an opponent has declared Niko Kadi
is redrawn a few times to give them a hand that can finish, as they claim; a fixed
budget of iterations per level (reproducible with a seeded rng), with a CPU-time cap.

The search reads the position only through ``state.view(seat)``: it cannot see hidden cards.
"""

import math
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
ROOT_MOVES = 12
TREE_MOVE_LIMIT = 32  # moves weighed per tree node below the root (shorter plays first)
EXPLORATION = 0.7
PRIOR_WEIGHT = 1.0  # the progressive bias of greedy's best move on its first visits
PRIOR_SCALE = 2.0  # greedy points (cards) per e-fold of bias
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
    __slots__ = ("move", "seat", "children", "visits", "available", "wins", "prior")

    def __init__(self, move, seat, prior=0.0):
        self.move = move
        self.seat = seat  # who made the move into this node
        self.children = {}
        self.visits = 0
        self.available = 0
        self.wins = 0.0
        self.prior = prior


def analyse(state, level, rng):
    """Search ``state`` for the seat to move with the budget of search ``level``; an
    ``Analysis``. Reads the position only through the mover's view."""
    budget = BUDGETS[level]
    observation = Observation(state.view(state.turn))
    first = _deal(observation, rng)
    candidates = _candidate_moves(first)
    scored = sorted(((_score(first, m), i, m) for i, m in enumerate(candidates)), reverse=True)
    scored = scored[:ROOT_MOVES]
    best_score = scored[0][0]
    root = _Node(None, None)
    for score, _, move in scored:
        prior = PRIOR_WEIGHT * math.exp(max(-30.0, (score - best_score) / PRIOR_SCALE))
        root.children[move] = _Node(move, observation.seat, prior)
    iterations = 0
    if len(root.children) > 1:
        deadline = time.thread_time() + budget.seconds
        while iterations < budget.iterations and time.thread_time() < deadline:
            _iterate(root, first if iterations == 0 else _deal(observation, rng), rng)
            iterations += 1
    ranked = sorted(root.children.values(), key=lambda n: (n.visits, n.prior), reverse=True)
    figures = [(n.move, n.wins / n.visits if n.visits else 0.0, n.visits) for n in ranked]
    move = _declaring(first, ranked[0].move)
    return Analysis(move, figures[0][1] if iterations else 1.0 / state.players, figures, iterations)


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
    """One iteration: select and expand in the tree, play out, back up the result."""
    path = []
    node = root
    while not state.finished:
        moves = list(root.children) if node is root else _tree_moves(state)
        child, move = _select(node, moves, state.turn)
        path.append(child)
        state = apply(state, _declaring(state, move), True)
        node = child
        if child.visits == 0:
            break
    final = playout(state, rng, PLAYOUT_LIMIT)
    rewards = _rewards(final)
    root.visits += 1
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
    """The child to follow among ``moves`` (legal in this deal), created when new: the
    unvisited first (greedy's order at the root), else the best by UCB plus bias."""
    best = best_move = None
    best_value = -math.inf
    children = node.children
    for move in moves:
        child = children.get(move)
        if child is None:
            child = children[move] = _Node(move, seat)
        child.available += 1
        if child.visits == 0:
            value = 1e9 + child.prior
        else:
            value = (
                child.wins / child.visits
                + EXPLORATION * math.sqrt(math.log(child.available) / child.visits)
                + child.prior / (child.visits + 1)
            )
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
