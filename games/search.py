"""The search bots: Monte Carlo search over sampled deals (determinized flat Monte Carlo).

Each deal samples the cards the bot has not seen (``games.engine.determinize``: hand sizes,
the discard pile, after a reshuffle the cards it put in the draw pile, a new seed); in it,
each candidate move is made and the game played out with the engine's light policy
(``games.engine.playout``), and the move is credited with the result for the bot's seat. The
candidates are greedy's best ``ROOT_MOVES`` (the others are rarely good and dilute the
search); every one is tried on every sampled deal with the same playout dice (common random
numbers: the luck of the deal, which dwarfs the difference between two moves, cancels out of
their comparison). The bot plays the best mean; greedy's order breaks ties. A deal where an
opponent has declared Niko Kadi is redrawn a few times to give them a hand that can finish,
as they claim. A fixed budget of playouts per level (reproducible with a seeded rng), with a
CPU-time cap.

What was measured and not kept (expert against greedy, heads-up classic, seeds 1..300 of
``bench/bots.py``; 66.3% for the search as kept, an interval of ±5.5 points): keeping
greedy's first choice unless another move's mean beat it by 0.03 (64.0%), and with that
margin twice the playouts (3000: 63.7%), 12 root moves (65.0%), less noise in the playouts
(64.3%); on seeds 1..200 (144 wins as kept), playouts cut after 30 or 80 moves and judged
by the hands' sizes (137 and 142 wins). The search's choices are about as good as the
light policy's playouts can tell, not short of samples. A tree below the root moves
(information-set MCTS, Cowling, Powley and Whitehouse 2012) was measured weaker at the
same budget (55 against 68 wins in 100 games): with a few hundred playouts per root move
its statistics stay thin.

What the opponents' moves tell of their hands (``games.inference``), given the game's
history: a deal is redrawn, up to ``DEAL_TRIES`` times, until greedy holding each opponent's
hand in it would have made that opponent's plays since it last received cards, and could not
have played where it last drew. Kept: over heads-up classic seeds 1..1000 of
``bench/bots.py`` it won 678 games where the search without it won 631 (the figures:
bench/README.md, "`bots.py`"); checking the plays' Niko Kadi declarations against greedy's
too won 681 heads-up but 68 of 200 four-player games against 75 (reverted). Two earlier
tries, which kept such a record in ``State`` (commits 1d2dcf1 and 6639545, reverted by
c9e0310), gained about 3 points over 600 seeds. The true hands of greedy players always
agree with this record (tests/games/test_inference.py): the card an unanswered question
brings with its play, a last card greedy keeps rather than empty its hand without winning,
or a card back from a reshuffle each had made them disagree. Deals agreeing with each
opponent's Niko Kadi flag, playouts nearer greedy for the opponents, a playout policy tuned
against greedy, and priors on which ranks greedy holds (commit 23bdbd7, reverted by fcb1cea)
gained nothing; the priors, right on average, lost games. Playouts in which the opponents
play exactly as greedy does (commit 178be24, reverted by e30b063) gained about 3 points
heads-up over 300 seeds, within the noise, at 2.5 times the think time, and lost 7 at four
players. Dealt the true hands (an experiment) the search wins 95%: the hands are worth the
most. What a reshuffle put in the draw pile (``State.restocked``) changed 23 of 1,000
heads-up games, 12 won and 11 lost.

The search reads the position, and each earlier one, only through ``view(seat)``: it cannot
see hidden cards.
"""

import random
import time
from dataclasses import dataclass

from games.bots import _candidate_moves, _finishes_next, _score, can_finish
from games.engine.determinize import Observation
from games.engine.moves import Move
from games.engine.playout import playout
from games.engine.transitions import apply
from games.inference import Record


@dataclass(frozen=True)
class Budget:
    iterations: int  # playouts per move: the figure that makes choices reproducible
    seconds: float  # a cap on the CPU time per move, in case a position is slow


# The search levels, weakest first (games.bots.LEVELS lists them after random and greedy).
BUDGETS = {"clever": Budget(400, 1.0), "expert": Budget(1500, 3.0)}
ROOT_MOVES = 6
DECLARED_REDEALS = 6  # tries to give each declared opponent a hand that can finish
DEAL_TRIES = 20  # ... and, with a record of their moves, one that agrees with it
PLAYOUT_LIMIT = 400  # moves per playout before the hands are compared


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


def analyse(state, level, rng, history=()):
    """Search ``state`` for the seat to move with the budget of search ``level``; an
    ``Analysis``. ``history``: the ``(position, move)`` pairs that led to ``state``, oldest
    first (or the latest of them), for the opponent model (``games.inference``). Reads the
    positions only through the mover's view."""
    budget = BUDGETS[level]
    observation = Observation(state.view(state.turn))
    record = Record(history, state, observation.seat) if history else None
    first = _deal(observation, rng, record)
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
            deal = _deal(observation, rng, record)
    best = sorted(roots, key=_mean, reverse=True)  # stable: between equal means, greedy's order
    figures = [(n.move, _mean(n), n.visits) for n in best]
    move = _declaring(first, best[0].move)
    return Analysis(move, figures[0][1] if deals else 1.0 / state.players, figures, deals * len(roots))


def _mean(node):
    return node.wins / node.visits if node.visits else 0.0


def _deal(observation, rng, record):
    """A sampled position; redrawn a few times until each opponent who declared Niko Kadi
    holds a hand that can finish (as their declaration claims) and, with a ``record``, would
    have made its latest moves (``games.inference``). Else the last one drawn."""
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
