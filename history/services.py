"""Every write of the history app: ratings when a game ends, replay snapshots, imported games.

Site decisions:

- Every game that ends through play is rated, bots included: ``games.play.recording`` (the game's end)
  sends ``games.signals.game_finished`` in the transaction that ends the game, and
  ``rate_finished_game`` (connected in ``HistoryConfig.ready``) calls ``record_result``.
  The places it stored are the ranks (leavers last). A game that hit ``max_turns`` is
  rated as a draw among those still playing, as RULES.md section 6 gives them one shared
  place.
- A game with a guest (``accounts.guests``) is rated for nobody: a guest is no one to be
  rated against, and a guest's place would move the others' ratings for a player who may
  never come back (docs/rules.md, "Ratings").
- Imported games are stored as finished games, marked imported, and never rated.
- Snapshots are written when a game ends, once its transaction has committed (all its moves
  are stored then): ``store_snapshots``, connected in ``HistoryConfig.ready``; imports write
  them at once, having replayed the game anyway. The replay page only reads (a game with
  none, finished before they were written at the end, is replayed in memory).
"""

import logging

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine import IllegalMove, replay
from games.engine import Move as EngineMove
from games.engine.outcomes import outcome
from games.engine.results import misplay_penalty
from games.models import Game, GamePlayer, Move, Table
from history.models import GameSnapshot, ImportedGame, Rating, RatingChange
from history.ratings import Skill, is_provisional, rate
from history.records import RecordError, check_result, parse_record, replay_moves

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 50  # a replay step costs at most this many engine moves


def rate_finished_game(sender, game, **kwargs):
    """Receiver of ``games.signals.game_finished``: rates the game unless a guest played or
    its table is unrated (an unrated tournament's)."""
    if game.table.rated and not game.players.filter(user__is_guest=True).exists():
        record_result(game)


def record_result(game):
    """Rate ``game``, which has just ended with its places stored; one RatingChange a player."""
    players = list(game.players.select_related("user").order_by("seat"))
    ratings = _locked_ratings([player.user for player in players])
    before = [Skill(ratings[p.user_id].mu, ratings[p.user_id].sigma) for p in players]
    after = rate(before, [player.place for player in players])
    changes = []
    for player, old, new in zip(players, before, after, strict=True):
        rating = ratings[player.user_id]
        rating.mu, rating.sigma, rating.ordinal = new.mu, new.sigma, new.ordinal
        rating.games += 1
        rating.provisional = is_provisional(rating.games, new.sigma)
        rating.last_played = game.finished_at
        changes.append(
            RatingChange(
                game=game, user=player.user, place=player.place, played_at=game.finished_at,
                mu_before=old.mu, sigma_before=old.sigma, ordinal_before=old.ordinal,
                mu_after=new.mu, sigma_after=new.sigma, ordinal_after=new.ordinal,
            )
        )
        # A few rows: bulk_update's CASE expressions cost more to compile than these statements.
        rating.save(update_fields=["mu", "sigma", "ordinal", "games", "provisional", "last_played"])
    RatingChange.objects.bulk_create(changes)


def _locked_ratings(users):
    """The players' Rating rows (created for newcomers), locked in a fixed order: bots play
    at many tables at once, so two games may end together with a player in common."""
    Rating.objects.bulk_create([Rating(user=user, bot=user.is_bot) for user in users], ignore_conflicts=True)
    rows = Rating.objects.select_for_update().filter(user__in=users).order_by("user_id")
    return {rating.user_id: rating for rating in rows}


def snapshot_finished_game(sender, game, **kwargs):
    """Receiver of ``games.signals.game_finished``: the snapshots are stored after the commit
    (``robust``: a failure is logged, never the move's; the replay then reads the game in memory)."""
    transaction.on_commit(lambda: store_snapshots(game.pk), robust=True)


def store_snapshots(game_id: int) -> None:
    """Store the finished game's snapshots: one engine replay, once. A game its seed and
    moves do not replay (a position set by hand: the admin's or a test's) stores none, said
    in one line of the log: its replay page says so as before."""
    game = Game.objects.get(pk=game_id)
    moves = list(game.moves.order_by("index").values_list("text", flat=True))
    try:
        states = replay(game.engine_rules(), game.player_count, game.seed, moves, game.first_seat)
    except IllegalMove as error:
        log.warning("game %s does not replay from its seed (%s): no snapshots stored", game_id, error)
        return
    _store_snapshots(game, states)


def _store_snapshots(game, states):
    GameSnapshot.objects.bulk_create(
        [
            GameSnapshot(game=game, index=index, state=states[index].to_dict())
            for index in range(0, len(states), SNAPSHOT_EVERY)
        ],
        ignore_conflicts=True,  # stored once, whoever stores them twice
    )


def import_game(data, by_user):
    """Store the game record ``data`` (see ``history.records``) as a finished, imported game.

    The engine replays it first; any illegal move, an unfinished game or a result other than
    the record's raises ``RecordError`` with the reason, and nothing is stored."""
    record = parse_record(data)
    users = _record_users(record)
    states = replay_moves(record)
    left = {seat for seat, player in enumerate(record.players) if player.left}
    places, winner = check_result(record, states[-1], left, bots=[user.is_bot for user in users])
    with transaction.atomic():
        table = Table.objects.create(
            name=_imported_table_name(record.table_name),
            seat_count=record.player_count,
            preset=record.preset,
            rule_overrides=record.rules.overrides(record.preset),
            created_by=by_user,
            in_lobby=False,
        )
        game = Game.objects.create(
            table=table,
            number=1,
            rules=record.rules.to_dict(),
            preset=record.preset,
            player_count=record.player_count,
            seed=record.seed,
            first_seat=record.first_seat,
            state=states[-1].to_dict(),
            move_count=len(record.moves),
            seq=len(record.moves),
            turn=None,
            status=Game.Status.FINISHED,
            winner=winner,
            finished_at=record.finished_at or timezone.now(),
        )
        if record.started_at is not None:
            Game.objects.filter(pk=game.pk).update(created_at=record.started_at)  # auto_now_add
        GamePlayer.objects.bulk_create(
            GamePlayer(game=game, seat=seat, user=user, place=places[seat], left=player.left)
            for seat, (user, player) in enumerate(zip(users, record.players, strict=True))
        )
        steps = zip(states[:-1], states[1:], map(EngineMove.parse, record.moves), strict=True)
        Move.objects.bulk_create(
            Move(game=game, index=index, seat=before.mover(move), text=str(move),
                 penalty=misplay_penalty(before, move, after), outcome=outcome(before, move, after).to_dict())
            for index, (before, after, move) in enumerate(steps)
        )
        ImportedGame.objects.create(game=game, imported_by=by_user)
        _store_snapshots(game, states)
    return Game.objects.get(pk=game.pk)


def _record_users(record):
    """The site's users named by the record's players, by seat."""
    found = get_user_model().objects.in_bulk([p.username for p in record.players], field_name="username")
    missing = [p.username for p in record.players if p.username not in found]
    if missing:
        raise RecordError(_("No player named “%(name)s” plays on this site.") % {"name": missing[0]})
    return [found[p.username] for p in record.players]


def _imported_table_name(name):
    label = _("%(name)s (imported)") % {"name": name or _("Game")}
    return label[: Table._meta.get_field("name").max_length]
