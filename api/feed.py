"""What the API's streams send, read from the database for one player (reads only).

A seat's frames hold ``State.view`` of that seat (its own hand, the others' hand sizes,
never the draw pile's order or the seed) and the moves everyone saw played, as the table
page shows them.
"""

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine.generate import shortest_legal_moves
from games.models import Challenge, Game, GamePlayer, Seat
from tournaments.models import TournamentTable

RUNNING = Game.Status.RUNNING

LEGAL_MOVES_LIMIT = 200  # a hand of questions can have millions of orderings: the shorter first


def player_of(game_id, user):
    """``user``'s ``GamePlayer`` in game ``game_id``, or None (no such game, or not theirs:
    the API answers both alike)."""
    return GamePlayer.objects.filter(game_id=game_id, user=user).select_related("game").first()


def game_frame(game_id, seat, after=None):
    """The seat's news of the game: ``(frame, cursor)``. The first frame (``after`` None) is
    "gameFull": the game, its players and every move so far; later ones, "gameState", hold
    the moves made since the frame that returned cursor ``after``, and are None when the
    game has not changed since."""
    game = Game.objects.get(pk=game_id)
    cursor = (game.seq, game.move_count)
    if after == cursor:
        return None, after
    first_new = after[1] if after else 0
    moves = game.moves.filter(index__gte=first_new, index__lt=game.move_count).order_by("index")
    players = list(game.players.select_related("user").order_by("seat"))
    state = game.engine_state()
    me = players[seat]
    your_turn = game.is_running and game.turn == seat and not me.left
    frame = {
        "type": "gameFull" if after is None else "gameState",
        "id": game.pk,
        "seq": game.seq,
        "status": game.status,
        "move_count": game.move_count,
        "moves": [{"index": m.index, "seat": m.seat, "move": m.text} for m in moves],
        "players": [_player(p) for p in players],
        "view": state.view(seat),
        "your_turn": your_turn,
        "winner": game.winner,
    }
    if your_turn:
        legal, complete = shortest_legal_moves(state, LEGAL_MOVES_LIMIT)
        frame["legal_moves"] = [str(move) for move in legal]
        frame["legal_moves_complete"] = complete
        if not complete:
            frame["legal_moves_note"] = _cut_note()
    if after is None:
        frame.update(table=game.table_id, number=game.number, seat=seat, rules=game.rules)
    return frame, cursor


def _cut_note():
    """What a cut ``legal_moves`` leaves out, and how to send it."""
    return _(
        "There are more legal moves than these %(limit)s: longer plays. Any legal move is accepted: send "
        'its cards in the order played, joined by "-" (QH-QS-8S-8C).'
    ) % {"limit": LEGAL_MOVES_LIMIT}


def _player(player):
    return {
        "seat": player.seat,
        "name": player.user.name,
        "username": player.user.username,
        "bot": player.user.is_bot,
        "left": player.left,
        "place": player.place,
    }


def player_events(user, told):
    """The tables where ``user`` holds a seat or plays a running game, and the events since
    ``told`` (game id -> the status last told, brought up to date here): "gameStart" for a
    running game of theirs not told yet (a tournament's game: "tournamentGameStart" before
    it), "gameFinish" for one told running that is over."""
    told_running = [game_id for game_id, status in told.items() if status == RUNNING]
    players = (
        GamePlayer.objects.filter(user=user)
        .filter(Q(game__status=RUNNING, left=False) | Q(game_id__in=told_running))
        .select_related("game", "game__table")
        .order_by("game_id")
    )
    tables = set(Seat.objects.filter(user=user).values_list("table_id", flat=True))
    news = [player for player in players if told.get(player.game_id) != player.game.status]
    starting = [player.game_id for player in news if player.game.is_running]
    tournament_of = dict(
        TournamentTable.objects.filter(game_id__in=starting).values_list("game_id", "tournament_id")
        if starting
        else ()
    )
    tables.update(player.game.table_id for player in players if player.game.is_running)
    events = []
    for player in news:
        game = player.game
        if game.pk in tournament_of:
            events.append(
                {
                    "type": "tournamentGameStart",
                    "tournament": tournament_of[game.pk],
                    "table": game.table_id,
                    "game": game.pk,
                }
            )
        if game.is_running or told.get(game.pk) == RUNNING:
            kind = "gameStart" if game.is_running else "gameFinish"
            events.append({"type": kind, "game": _summary(player)})
        told[game.pk] = game.status
    return tables, events


def _summary(player):
    game = player.game
    return {
        "id": game.pk,
        "table": game.table_id,
        "table_name": game.table.name,
        "number": game.number,
        "seat": player.seat,
        "players": game.player_count,
        "status": game.status,
        "winner": game.winner,
        "place": player.place,
    }


CHALLENGE_EVENTS = {  # a challenge told while open, decided since
    Challenge.Status.ACCEPTED: "challengeAccepted",
    Challenge.Status.DECLINED: "challengeDeclined",
    Challenge.Status.CANCELLED: "challengeCanceled",
    Challenge.Status.EXPIRED: "challengeExpired",
}


def challenge_events(user, told):
    """The events of ``user``'s challenges since ``told`` (challenge key -> the status last
    told, brought up to date here): "challenge" for an open one, sent or received, not told
    yet; then, for one told open, how it was decided (``CHALLENGE_EVENTS``). A challenge's
    status is read as of now: an open one past its expiry is told expired."""
    now = timezone.now()
    mine = Challenge.objects.filter(Q(challenger=user) | Q(challenged=user))
    current = mine.filter(Q(status=Challenge.Status.OPEN, expires_at__gt=now) | Q(key__in=list(told)))
    events = []
    for challenge in current.select_related("challenger", "challenged").order_by("created_at"):
        status = challenge.current_status(now)
        if told.get(challenge.key) == status:
            continue
        summary = challenge_summary(challenge, user, now)
        if status == Challenge.Status.OPEN:
            told[challenge.key] = status
            events.append({"type": "challenge", "challenge": summary})
        else:
            told.pop(challenge.key, None)
            events.append({"type": CHALLENGE_EVENTS[status], "challenge": summary})
    return events


def challenge_summary(challenge, user, now=None):
    """A challenge as the API shows it to ``user``, one of its two players."""
    return {
        "id": challenge.key,
        "direction": "in" if challenge.challenged_id == user.pk else "out",
        "challenger": challenge.challenger.username,
        "challenged": challenge.challenged.username,
        "preset": challenge.preset,
        "overrides": challenge.rule_overrides,
        "timer": challenge.turn_timer_seconds,
        "move_seconds": challenge.move_seconds,
        "bots": challenge.bot_levels,
        "status": challenge.current_status(now or timezone.now()),
        "expires": challenge.expires_at.isoformat(),
        "table": challenge.table_id,
    }
