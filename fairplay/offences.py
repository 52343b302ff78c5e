"""Which players ended a finished game unfairly, read from its players and moves.

A game counts when it is rated (its table is, and no guest played in it) and two or more
people played it: leaving a game of bots wrongs nobody. In such a game, one offence at most per person:

- let their turns run out: at a turn-based table ``FAIRPLAY_TIMEOUTS`` turns or more played
  by the server out of time; at a real-time one ``FAIRPLAY_MISSED_TURNS`` turns in a row or
  more missed at the end (a stand-in bot took over, say);
- resigned right after a big draw: they resigned within their next ``FAIRPLAY_RESIGN_WITHIN``
  moves after drawing ``FAIRPLAY_BIG_DRAW`` cards or more in one move (a penalty);
- left a game they were losing: when they resigned (or walked out), their hand held more than
  ``FAIRPLAY_LOSING_BY`` cards more than the smallest hand of another player still in play.
"""

import logging

from django.conf import settings

from fairplay.models import Offence
from games.engine import IllegalMove, replay
from games.engine.moves import Move as EngineMove
from games.models import Game, GamePlayer
from games.models import Move as MoveRow

Kind = Offence.Kind
log = logging.getLogger(__name__)


def counted(game: Game, players: list[GamePlayer]) -> bool:
    """Whether fair play judges ``game``: rated (its table is, and no guest played: history
    rates such a game for nobody), with two or more people."""
    if not game.table.rated or any(p.user.is_guest for p in players):
        return False
    return sum(1 for p in players if not p.user.is_bot) >= 2


def offences(game: Game, players: list[GamePlayer]) -> dict[int, str]:
    """The offence (an ``Offence.Kind``) of each person who has one, by seat."""
    moves = list(game.moves.order_by("index").values_list("index", "seat", "text", "actor", "drew"))
    found: dict[int, str] = {}
    resigned: dict[int, int] = {}  # seat: the index of their own resignation
    for player in players:
        if player.user.is_bot:
            continue
        if _let_time_run_out(game, player):
            found[player.seat] = Kind.TIMEOUTS
            continue
        resignation = str(EngineMove.resign(player.seat))
        index = next((m[0] for m in moves if m[3] == MoveRow.Actor.PLAYER and m[2] == resignation), None)
        if index is None:
            continue
        if _after_big_draw(moves, index, player.seat):
            found[player.seat] = Kind.RESIGNED_AFTER_PENALTY
        else:
            resigned[player.seat] = index
    if resigned:
        states = _positions(game, [m[2] for m in moves[: max(resigned.values())]])
        for seat, index in resigned.items():
            if states and _losing(states[index], seat):
                found[seat] = Kind.LEFT_LOSING
    return found


def _positions(game: Game, moves: list[str]) -> list:
    """Every position of ``game`` from the deal through ``moves``; empty for a game that does
    not replay from its seed (a position set by hand: the admin's or a test's), said in the log."""
    try:
        return replay(game.rules, game.player_count, game.seed, moves, game.first_seat)
    except IllegalMove as error:
        log.warning("game %s does not replay from its seed (%s): leavers not judged", game.pk, error)
        return []


def _let_time_run_out(game: Game, player: GamePlayer) -> bool:
    if game.table.turn_based:
        return player.timeouts >= settings.FAIRPLAY_TIMEOUTS
    return player.missed_turns >= settings.FAIRPLAY_MISSED_TURNS


def _after_big_draw(moves: list[tuple], resigned: int, seat: int) -> bool:
    """Whether one of the seat's last ``FAIRPLAY_RESIGN_WITHIN`` moves before move ``resigned``
    drew ``FAIRPLAY_BIG_DRAW`` cards or more."""
    own = [m for m in moves[:resigned] if m[1] == seat][-settings.FAIRPLAY_RESIGN_WITHIN :]
    return any((m[4] or 0) >= settings.FAIRPLAY_BIG_DRAW for m in own)


def _losing(state, seat: int) -> bool:
    """Whether ``seat`` held more than ``FAIRPLAY_LOSING_BY`` cards more than the smallest
    hand of another player in play in ``state`` (the position they left)."""
    others = [len(state.hands[s]) for s in state.in_play_seats() if s != seat]
    return bool(others) and len(state.hands[seat]) - min(others) > settings.FAIRPLAY_LOSING_BY
