"""What a game's record keeps of a move and of the end: pure functions of engine positions,
so the site's writes, history and the benchmarks read them the same way."""

from collections.abc import Collection

from .moves import PLAY, Move
from .state import State


def misplay_penalty(before: State, move: Move, after: State) -> int | None:
    """The cards drawn for ``move`` when the engine took it as a misplay (a play that breaks
    a rule, applied under ``misplay: penalty``: the cards stay in hand), else None."""
    if move.kind != PLAY or before.rules.misplay != "penalty" or before.problem(move) is None:
        return None  # elsewhere a play that breaks a rule is refused, never recorded
    return len(after.hands[before.turn]) - len(before.hands[before.turn])


def final_places(state: State, left: Collection[int]) -> list[int]:
    """Places by seat at the end of a game: the engine's (``State.places``; ``State.standing``
    when the site ends a game early). Seats in ``left`` that are still in play in the engine
    (a stand-in bot played for them, or they left before resignations were moves) share
    the last place, after the others."""
    places = state.standing()  # State.places once the game is finished
    stood_in = {seat for seat in left if not state.placed[seat]}
    if not stood_in:
        return places
    active = [seat for seat in range(state.players) if seat not in stood_in]
    return [
        len(active) + 1
        if seat in stood_in
        else 1 + sum(1 for other in active if places[other] < places[seat])
        for seat in range(state.players)
    ]
