"""Whether a sampled deal agrees with what the other players did: an opponent model for the
search bots (``games.search``), which read only public facts.

Greedy bots, and people much of the time, make the play that sheds the most and keeps
their aces, jokers and longest suit (``games.bots._score``). Each opponent's latest plays
since it last received a card (``State.plays``) are public, with the position each was
made in; the hand it held then is its hand in the deal plus the cards played since. A deal
agrees when greedy, holding that hand, would have made each of those plays.
"""

from games.bots import _candidate_moves, _score
from games.engine import State

EPSILON = 1e-9


def agrees(deal, observation):
    """Whether every opponent's recorded plays are greedy's choice with its hand in ``deal``
    (a sample of ``observation``)."""
    rules = observation.rules
    for seat, plays in enumerate(observation.plays):
        if seat == observation.seat:
            continue
        hand = deal.hands[seat]
        for move, discard, suit, pending, declared, direction, sizes in reversed(plays):
            hand = hand + move.cards  # the hand it held just before that play
            # the other hands' cards do not change greedy's score, only their sizes
            hands = tuple(hand if other == seat else (0,) * size for other, size in enumerate(sizes))
            before = State(rules, hands, (), discard, seat, direction, suit, pending, declared)
            if not _greedy_would(before, move.with_declare(False)):
                return False
    return True


def _greedy_would(state, move):
    """Whether ``move`` scores as well as greedy's best here (ties: either would do)."""
    moves = _candidate_moves(state)
    if move not in moves:
        return False
    return _score(state, move) >= max(_score(state, m) for m in moves) - EPSILON
