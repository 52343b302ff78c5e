"""Playouts: whole games from a position, as fast as the engine goes (compiled with the engine).

``playout`` plays every seat with ``light_move``, a cheap greedy-like policy (shed many
cards, keep aces and jokers, counter penalties, win when it can) with random noise, for
the search bots' simulations. ``random_playout`` plays uniformly random legal moves, as
``bench/engine.py`` times the engine. Both skip re-checking the moves the generator
listed (they are legal) and build no list of moves they do not need. Each changes one
copy of the position in place (``transitions.apply_in_place``).

The policy's weights are C constants when compiled (``playout.pxd``): set them here.
"""

from .cards import ACE, IS_JOKER, IS_PENALTY, IS_QUESTION, JACK, RANK, SUIT
from .generate import legal_move_at, move_groups
from .moves import DRAW, PLAY
from .transitions import apply_in_place, text_problem

LIGHT_MOVE_LIMIT = 48  # moves weighed per turn: the shorter plays come first
NOISE = 0.5  # a uniform random bonus in [0, NOISE) per move: playouts must vary
WIN = 100.0
EMPTY_WITHOUT_WIN = -3.0
KEEP_WILD = 2.0  # an ace or a joker spent without a penalty to answer
DRAW_COST = 1.5  # a draw costs more than the card: the tempo
DECLARE_AT = 2  # declare Niko Kadi whenever a move leaves this many cards or fewer
ATTACK = 0.5  # a penalty or a jack on top hurts the next player ...
ATTACK_NEAR_FINISH = 2.0  # ... and more when they hold two cards or fewer
SAME_SUIT_LEFT = 0.25  # per card kept of the suit to follow: a play for next turn
UNANSWERED_QUESTION = 1.0  # a question left unanswered costs a card
FINISH_NEXT = 2.0  # the cards kept are all of one finishing rank: one play can win next turn


def light_move(state, rng):
    """A good-enough move for the player to move, cheaply: the best of at most
    ``LIGHT_MOVE_LIMIT`` legal moves by a few rules of thumb plus noise."""
    return _light_move(state, rng.random)


def _light_move(state, random):
    """``light_move`` given the generator's ``random`` (a playout looks it up once)."""
    hand = state.hands[state.turn]
    held = len(hand)
    pending = state.pending
    owed = 0
    if pending is not None and pending[0] == "penalty":
        owed = pending[1]
    d = state._derived
    finishing = d.is_finishing
    next_held = len(state.hands[(state.turn + state.direction) % len(state.hands)])
    attack = ATTACK + (ATTACK_NEAR_FINISH if next_held <= 2 else 0.0)
    best = None
    best_score = -1e9
    seen = 0
    for group in move_groups(state, True):  # the legal moves, group by group
        for move in group:
            kind = move.kind
            if kind == PLAY:
                cards = move.cards
                played = len(cards)
                wild = 0
                for c in cards:
                    if IS_JOKER[c] or RANK[c] == ACE:
                        wild += 1
                if played == held:
                    joker = False
                    for c in cards:
                        joker = joker or IS_JOKER[c]
                    score = WIN if finishing[cards[-1]] and not joker else EMPTY_WITHOUT_WIN
                else:
                    last = cards[-1]
                    score = played + owed - KEEP_WILD * wild
                    if IS_PENALTY[last] or RANK[last] == JACK:
                        score += attack
                    elif IS_QUESTION[last] and d.answers_in_play:
                        score -= UNANSWERED_QUESTION
                    suit = move.suit if move.suit is not None else SUIT[last]
                    rank = -1  # the one rank kept, while every card kept is of a finishing rank
                    for c in hand:
                        if c not in cards:
                            if SUIT[c] == suit:
                                score += SAME_SUIT_LEFT
                            if rank == -1 and finishing[c]:
                                rank = RANK[c]
                            elif rank != RANK[c] or not finishing[c]:
                                rank = -2
                    if rank >= 0:
                        score += FINISH_NEXT
            elif kind == DRAW:
                score = -DRAW_COST - (owed if owed else 1)
            else:  # accept a jump, pass after a draw
                score = -DRAW_COST
            chance = random()
            score += chance * NOISE
            if score > best_score:
                best_score = score
                best = move
            seen += 1
            if seen >= LIGHT_MOVE_LIMIT:
                break
        if seen >= LIGHT_MOVE_LIMIT:
            break
    left = held - len(best.cards) if best.kind == PLAY else held + (best.kind == DRAW)
    if left <= DECLARE_AT and not best.declare:
        return declared_if_allowed(state, best)
    return best


def playout(state, rng, limit=1000):
    """The position after ``light_move`` plays every seat from ``state`` to the end of the
    game, or for ``limit`` moves."""
    state = state._copy()  # then changed in place: the caller's state stays as it was
    random = rng.random
    moves = 0
    while not state.finished and moves < limit:
        apply_in_place(state, _light_move(state, random))
        moves += 1
    return state


def random_playout(state, rng):
    """``(final state, moves)`` after uniformly random legal moves to the end of the game,
    under ``niko_kadi`` declaring on any move that leaves at most one card where the table allows
    it (``bench/engine.py``'s player)."""
    random = rng.random
    declaring = state.rules.niko_kadi
    state = state._copy()  # then changed in place
    moves = 0
    while not state.finished:
        move = legal_move_at(state, random())
        held = len(state.hands[state.turn])
        if declaring and held <= len(move.cards) + 1:
            left = held - len(move.cards) if move.kind == PLAY else held + (move.kind == DRAW)
            if left <= 1:
                move = declared_if_allowed(state, move)
        apply_in_place(state, move)
        moves += 1
    return state, moves


def declared_if_allowed(state, move):
    """``move`` with ``!``, or as it is when the table refuses that declaration here
    (``declare_allowed: finishable``): playouts apply their moves unchecked."""
    declared = move.with_declare()
    if state._derived.declare_finishable and text_problem(state, declared) is not None:
        return move
    return declared
