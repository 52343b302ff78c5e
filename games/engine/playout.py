"""Playouts: whole games from a position, as fast as the engine goes (compiled with the engine).

``playout`` plays every seat with ``light_move``, a cheap greedy-like policy (shed many
cards, keep aces and jokers, counter penalties, win when it can) with random noise, for
the search bots' simulations. ``random_playout`` plays uniformly random legal moves, as
``bench/engine.py`` times the engine. Under classic-like rules both hand the position to
the playout core (``playcore``: lists changed in place, no Move built), which plays the
very same games; elsewhere they play here, skipping re-checks of the moves the generator
listed (they are legal) and building no list of moves they do not need, on one copy of the
position changed in place (``transitions.apply_in_place``).

The policy's weights are C constants when compiled: set them in ``policy``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .cards import without
from .generate import legal_move_at, move_groups
from .moves import DRAW, PLAY
from .playcore import bits_of, light_game, other_score, play_score, random_game, supports
from .policy import ATTACK, ATTACK_NEAR_FINISH, DECLARE_AT, LIGHT_MOVE_LIMIT, NOISE
from .transitions import apply_in_place, text_problem

if TYPE_CHECKING:
    import random as _random

    from .moves import Move
    from .state import State


def light_move(state: State, rng: _random.Random) -> Move:
    """A good-enough move for the player to move, cheaply: the best of at most
    ``LIGHT_MOVE_LIMIT`` legal moves by a few rules of thumb plus noise."""
    return _light_move(state, rng.random)


def _light_move(state: State, random: Callable[[], float]) -> Move:
    """``light_move`` given the generator's ``random`` (a playout looks it up once)."""
    hand = state.hands[state.turn]
    held = len(hand)
    pending = state.pending
    owed = 0
    if pending is not None and pending[0] == "penalty":
        owed = pending[1]
    d = state._derived
    copies = d.decks > 1
    next_held = len(state.hands[(state.turn + state.direction) % len(state.hands)])
    attack = ATTACK + (ATTACK_NEAR_FINISH if next_held <= 2 else 0.0)
    best: Move = None  # type: ignore[assignment]  # set by the first legal move: there is one
    best_score = -1e9
    seen = 0
    for group in move_groups(state, True):  # the legal moves, group by group
        for move in group:
            kind = move.kind
            if kind == PLAY:
                suit = -1 if move.suit is None else move.suit
                named = -1 if move.rank is None else move.rank  # ace_request
                bits, last = bits_of(move.cards), move.cards[-1]
                kept = without(hand, move.cards) if copies else None  # two decks: count the copies
                score = play_score(hand, bits, last, suit, owed, attack, d, named, kept)
            else:
                score = other_score(kind == DRAW, owed)
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


def playout(state: State, rng: _random.Random, limit: int = 1000) -> State:
    """The position after ``light_move`` plays every seat from ``state`` to the end of the
    game, or for ``limit`` moves."""
    if supports(state):
        return light_game(state, rng, limit)
    state = state._copy()  # then changed in place: the caller's state stays as it was
    random = rng.random
    moves = 0
    while not state.finished and moves < limit:
        apply_in_place(state, _light_move(state, random))
        moves += 1
    return state


def random_playout(state: State, rng: _random.Random) -> tuple[State, int]:
    """``(final state, moves)`` after uniformly random legal moves to the end of the game,
    under ``niko_kadi`` declaring on any move that leaves at most one card where the table allows
    it (``bench/engine.py``'s player)."""
    if supports(state):
        return random_game(state, rng)
    random = rng.random
    declaring = state.rules.niko_kadi
    state = state._copy()  # then changed in place
    moves = 0
    while not state.finished:
        move: Move = legal_move_at(state, random())  # type: ignore[assignment]  # running: a move
        held = len(state.hands[state.turn])
        if declaring and held <= len(move.cards) + 1:
            left = held - len(move.cards) if move.kind == PLAY else held + (move.kind == DRAW)
            if left <= 1:
                move = declared_if_allowed(state, move)
        apply_in_place(state, move)
        moves += 1
    return state, moves


def declared_if_allowed(state: State, move: Move) -> Move:
    """``move`` with ``!``, or as it is when the table refuses that declaration here
    (``declare_allowed: finishable``): playouts apply their moves unchecked."""
    declared = move.with_declare()
    if state._derived.declare_finishable and text_problem(state, declared) is not None:
        return move
    return declared
