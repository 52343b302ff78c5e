"""The search bots (``clever``, ``expert``): flat Monte Carlo over sampled deals.

Why this shape: the luck of the deal dwarfs the difference between two moves, and the bot
cannot see the others' hands. So each deal samples the hidden cards from what the bot has
seen (``games.engine.determinize``), redrawn until it agrees with the others' moves
(``games.bots.inference``) and their Niko Kadi declarations; greedy's best ``ROOT_MOVES``
are each played out on every deal with the same dice (common random numbers, so the luck
cancels out of their comparison) by the engine's light policy (``games.engine.playout``);
the best mean wins, greedy's order breaking ties. A fixed budget of playouts per level
(``games.bots.levels``) keeps a seeded choice reproducible; a CPU-time cap bounds a slow
position. What was tried and measured instead (deeper trees, other cut-offs, priors):
bench/README.md, "The search bots: what was measured".

The search reads the position, and each earlier one, only through ``view(seat)``: it cannot
see hidden cards.
"""

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from games.bots.greedy import candidate_moves, finishes_next, score
from games.bots.inference import Record
from games.bots.levels import BUDGETS
from games.engine import State
from games.engine.determinize import Observation
from games.engine.moves import Move
from games.engine.playout import playout
from games.engine.transitions import apply
from games.engine.validate import can_finish

ROOT_MOVES = 6
DECLARED_REDEALS = 6  # tries to give each declared opponent a hand that can finish
DEAL_TRIES = 20  # ... and, with a record of their moves, one that agrees with it
PLAYOUT_LIMIT = 400  # moves per playout before the hands are compared


@dataclass
class Analysis:
    """The search's choice, with each root move's figures (from the mover's seat)."""

    move: Move
    win_chance: float
    moves: list[tuple[Move, float, int]]  # (move, win chance, visits), the chosen move first
    iterations: int


class RootMove:
    """A move the search weighs for the bot, with the playouts' tally after it."""

    __slots__ = ("move", "seat", "visits", "wins")

    def __init__(self, move: Move, seat: int):
        self.move = move
        self.seat = seat  # who makes the move: the bot
        self.visits = 0
        self.wins = 0.0


def analyse(
    state: State, level: str, rng: random.Random, history: Sequence[tuple[State, Move]] = ()
) -> Analysis:
    """Search ``state`` for the seat to move with the budget of search ``level``; an
    ``Analysis``. ``history``: the ``(position, move)`` pairs that led to ``state``, oldest
    first (or the latest of them), for the opponent model (``games.bots.inference``). Reads the
    positions only through the mover's view."""
    budget = BUDGETS[level]
    observation = Observation(state.view(state.turn))
    record = Record(history, state, observation.seat) if history else None
    first = _deal(observation, rng, record)
    candidates = candidate_moves(first)
    ranked = sorted(((score(first, m), i, m) for i, m in enumerate(candidates)), reverse=True)
    roots = [RootMove(move, observation.seat) for _, _, move in ranked[:ROOT_MOVES]]
    deals = 0
    if len(roots) > 1:
        deadline = time.thread_time() + budget.seconds
        deal = first
        while (deals + 1) * len(roots) <= budget.iterations and time.thread_time() < deadline:
            dice = rng.getrandbits(32)
            for root in roots:  # every root move on the same deal, with the same playout dice
                _iterate(root, deal, random.Random(dice))
            deals += 1
            deal = _deal(observation, rng, record)
    best = sorted(roots, key=_mean, reverse=True)  # stable: between equal means, greedy's order
    figures = [(n.move, _mean(n), n.visits) for n in best]
    move = _declaring(first, best[0].move)
    return Analysis(move, figures[0][1] if deals else 1.0 / state.players, figures, deals * len(roots))


def _mean(root: RootMove) -> float:
    return root.wins / root.visits if root.visits else 0.0


def _deal(observation: Observation, rng: random.Random, record: Record | None) -> State:
    """A sampled position; redrawn a few times until each opponent who declared Niko Kadi
    holds a hand that can finish (as their declaration claims) and, with a ``record``, would
    have made its latest moves (``games.bots.inference``). Else the last one drawn."""
    rules = observation.rules
    claims = [
        seat for seat, declared in enumerate(observation.declared) if declared and seat != observation.seat
    ]
    state = observation.sample(rng)
    for _ in range(DECLARED_REDEALS if record is None else DEAL_TRIES):
        if all(can_finish(state.hands[seat], rules) for seat in claims) and (
            record is None or record.agrees(state)
        ):
            break
        state = observation.sample(rng)
    return state


def _iterate(root: RootMove, state: State, rng: random.Random) -> None:
    """One playout of root move ``root`` in a sampled deal, credited to it."""
    state = apply(state, _declaring(state, root.move), True)
    root.visits += 1
    root.wins += _rewards(playout(state, rng, PLAYOUT_LIMIT))[root.seat]


def _declaring(state: State, move: Move) -> Move:
    """``move`` with Niko Kadi declared as greedy (and the bot itself) would: a move
    without it could never be followed by a win."""
    return move.with_declare() if finishes_next(state, move) else move


def _rewards(state: State) -> list[float]:
    """1 for the winner; without one (a turn limit, a cut-off playout), shared by the
    seats holding the fewest cards."""
    players = state.players
    if state.winner is not None:
        return [1.0 if seat == state.winner else 0.0 for seat in range(players)]
    sizes = [len(hand) for hand in state.hands]
    fewest = min(sizes)
    leaders = sizes.count(fewest)
    return [1.0 / leaders if size == fewest else 0.0 for size in sizes]
