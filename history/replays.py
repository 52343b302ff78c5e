"""Replays of finished games: the position after any number of moves, and what a step shows.

A step costs one snapshot read and at most ``SNAPSHOT_EVERY`` engine moves (the snapshots
are stored when the game ends, ``history.services``), never a replay from the start; it
writes nothing; its page lists the moves around it
rather than all of them, so a long game's page stays small. Only finished games are replayed:
every hand is shown, which must never happen while a game runs (RULES.md section 10).
"""

from games.engine import Rules, State, replay
from games.engine.cards import CARD_TEXT
from games.pages.game_view import describe_game
from games.text.moves import move_entry

MOVE_WINDOW = 10  # moves listed before and after the current step


def state_at(game, step):
    """The position of finished ``game`` after ``step`` moves (0: the deal)."""
    if not 0 <= step <= game.move_count:
        raise ValueError(f"step {step} is outside 0..{game.move_count}")
    snapshot = _snapshot_before(game, step)
    if snapshot is None:  # a game finished before its end stored them: replayed here, not stored
        moves = game.moves.filter(index__lt=step).order_by("index").values_list("text", flat=True)
        return replay(game.engine_rules(), game.player_count, game.seed, list(moves), game.first_seat)[-1]
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
    and the moves around it, the one just made marked. ``players``: the GamePlayers by seat."""
    state = state_at(game, step)
    view = state.view(None)
    view["hands"] = [[CARD_TEXT[card] for card in hand] for hand in state.hands]  # the game is over
    seats = [{"name": player.user.name, "left": player.left} for player in players]
    at_end = step == game.move_count
    result = {"places": [p.place for p in players], "winner": game.winner} if at_end else None
    first, last = max(1, step - MOVE_WINDOW), min(game.move_count, step + MOVE_WINDOW)
    moves = move_list(game, players, first, last)
    return {
        "step": step,
        "last_step": game.move_count,
        "at_end": at_end,
        "game": describe_game(view, seats, result),
        "moves": moves,
        "previous_move": next((move for move in moves if move["number"] == step), None),
        "earlier_moves": first > 1,
        "later_moves": last < game.move_count,
    }


def move_list(game, players, first, last):
    """Moves ``first`` to ``last`` (counted from 1; move n leads to step n): player, move."""
    names = [{"name": player.user.name} for player in players]
    rows = game.moves.filter(index__gte=first - 1, index__lt=last).order_by("index")
    fields = ("index", "seat", "text", "drew", "penalty", "outcome", "actor", "handed_to_bot")
    rules = Rules.from_dict(game.rules)
    return [
        {"number": index + 1, "name": names[seat]["name"], "names": names, **move_entry(*entry, rules=rules)}
        for index, seat, *entry in rows.values_list(*fields)
    ]
