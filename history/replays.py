"""Replays of finished games: the position after any number of moves, and what a step shows.

A step costs one snapshot read and at most ``SNAPSHOT_EVERY`` engine moves (see
``history.services``), never a replay from the start. Only finished games are replayed:
every hand is shown, which must never happen while a game runs (RULES.md section 10).
"""

from games.engine import State
from games.engine.cards import CARD_TEXT
from games.presentation import describe_game, move_entry
from history import services


def state_at(game, step):
    """The position of finished ``game`` after ``step`` moves (0: the deal)."""
    if not 0 <= step <= game.move_count:
        raise ValueError(f"step {step} is outside 0..{game.move_count}")
    snapshot = _snapshot_before(game, step)
    if snapshot is None:
        services.ensure_snapshots(game)
        snapshot = _snapshot_before(game, step)
    state = State.from_dict(snapshot.state)
    texts = game.moves.filter(index__gte=snapshot.index, index__lt=step).order_by("index")
    for text in texts.values_list("text", flat=True):
        state = state.apply(text)
    return state


def _snapshot_before(game, step):
    return game.snapshots.filter(index__lte=step).order_by("-index").first()


def clamp_step(value, game):
    """``?step=`` as a step of ``game``: a number clamped to 0..moves, else 0."""
    try:
        step = int(value)
    except (TypeError, ValueError):
        return 0
    return max(0, min(step, game.move_count))


def replay_board(game, players, step):
    """What the replay shows at ``step``: every hand, the pile, the pending effect, whose turn,
    and the move just made. ``players`` are the game's GamePlayers by seat."""
    state = state_at(game, step)
    view = state.view(None)
    view["hands"] = [[CARD_TEXT[card] for card in hand] for hand in state.hands]  # the game is over
    seats = [{"name": player.user.name, "left": player.left} for player in players]
    last = step == game.move_count
    result = {"places": [p.place for p in players], "winner": game.winner} if last else None
    board = describe_game(view, seats, result)
    return {
        "step": step,
        "last_step": game.move_count,
        "at_end": last,
        "game": board,
        "previous_move": _previous_move(game, players, step),
    }


def _previous_move(game, players, step):
    if step == 0:
        return None
    move = game.moves.only("index", "seat", "text").get(index=step - 1)
    return {"number": step, "name": players[move.seat].user.name, **move_entry(move.text)}


def move_list(game, players):
    """Every move of ``game`` for the replay's list: number (= the step it leads to), player, move."""
    names = [player.user.name for player in players]
    return [
        {"number": index + 1, "name": names[seat], **move_entry(text)}
        for index, seat, text in game.moves.order_by("index").values_list("index", "seat", "text")
    ]
