"""How bots choose their moves: pure Python over an engine ``State``, no Django, no database.

``random`` plays any legal move; ``greedy`` (``games.bots.greedy``) scores every legal move
with a few rules of thumb; ``clever`` and ``expert`` search (``games.bots.search``: Monte
Carlo playouts of greedy's best moves over deals sampled from what the bot has seen, and
agreeing with what the others did, ``games.bots.inference``). The levels and the search's
budgets: ``games.bots.levels``. The server thinks in a pool of processes: ``games.bots.pool``.
"""

from collections.abc import Sequence
from random import Random

from games.bots import greedy, search
from games.bots.levels import BUDGETS, LEVELS, searches
from games.engine import IllegalMove, Move, State, replay
from games.engine.moves import ACCEPT, DRAW, PASS

__all__ = ["LEVELS", "analyse", "choose_move", "forfeit_move", "replayed_history", "searches"]

History = Sequence[tuple[State, Move]]


def choose_move(state: State, level: str, rng: Random, history: History = ()) -> Move:
    """The move a bot of ``level`` makes in ``state`` (whose turn it is); ``rng``: a seeded
    one makes the choice reproducible. ``history``: the ``(position, move)`` pairs that led to
    ``state``, oldest first, which the search levels read (through the mover's view) to infer
    the others' hands."""
    if level == "random":
        return greedy.choose_at_random(state, rng)
    if level == "greedy":
        return greedy.choose(state, rng)
    if level in LEVELS:
        return analyse(state, level, rng, history)[0]
    raise ValueError(f"no bot level {level!r}; the levels are {', '.join(LEVELS)}")


def analyse(state: State, level: str, rng: Random, history: History = ()) -> tuple[Move, float]:
    """``(move, win_chance)``: the move search ``level`` ("clever" or "expert") makes in
    ``state`` and its estimated chance (0 to 1) that the seat to move wins the game, from
    what that seat can see. Costs what the level's move costs (``levels.BUDGETS``)."""
    if level not in BUDGETS:
        raise ValueError(f"{level!r} does not search; the search levels are {', '.join(BUDGETS)}")
    analysis = search.analyse(state, level, rng, history)
    return analysis.move, analysis.win_chance


def replayed_history(state: State, first: int, moves: Sequence[str]) -> History:
    """The ``(position, move)`` pairs of ``state``'s game, replayed from its deal (seat
    ``first`` to play first) through ``moves`` (texts), for ``choose_move``; empty when they
    do not lead to ``state`` (a game stored before some change of the engine, say)."""
    try:
        states = replay(state.rules, state.players, state.seed, moves, first)
    except (IllegalMove, ValueError):
        return ()
    if states[-1] != state:
        return ()
    return list(zip(states[:-1], map(Move.parse, moves), strict=True))


def forfeit_move(state: State) -> Move:
    """The move the server makes for a player who has left the game: accept, draw or pass
    when one is legal (so they never win); else, without ``voluntary_draw``, the first
    play listed, which is a single card."""
    for kind in (ACCEPT, DRAW, PASS):
        try:
            state.apply(Move(kind))
        except IllegalMove:
            continue
        return Move(kind)
    return next(state.iter_legal_moves())
