"""A tournament game's end: each entrant's result and running score, and back to the queue.

``game_finished`` receives ``games.signals.game_finished`` (connected in
``TournamentsConfig.ready``) inside the transaction that ends the game, so the scores commit
or roll back with the end itself. Places are scored among all the game's players
(``tournaments.scoring``); the bots the site seated score nothing (they are no entries).
A game the games app abandons (``games.play.abandon``) sends no signal: ``release_abandoned``,
run by the periodic job, counts it for nobody and sends its players back to the queue.
"""

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games.models import Game, GamePlayer
from tournaments import scoring
from tournaments.models import Entry, Result, Tournament, TournamentTable
from tournaments.writes import entries, finish, pairing


def game_finished(sender: object, game: Game, **kwargs: object) -> None:
    """Score ``game`` if a tournament made its table (a receiver of ``games.signals.game_finished``)."""
    made = TournamentTable.objects.filter(game_id=game.pk).values_list("pk", flat=True).first()
    if made is not None:
        count(made, game)


def count(table_id: int, game: Game, now: datetime | None = None) -> None:
    """Store each entrant's result of ``game`` (at tournament table ``table_id``), add it to
    their score and put them back in the queue; once only (``TournamentTable.counted``)."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament_id = TournamentTable.objects.values_list("tournament_id", flat=True).get(pk=table_id)
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)  # the pairing's lock first
        made = TournamentTable.objects.select_for_update().get(pk=table_id)
        if made.counted:
            return
        players = list(GamePlayer.objects.filter(game_id=game.pk))
        entered = {
            entry.user_id: entry
            for entry in Entry.objects.filter(tournament=tournament, user_id__in=[p.user_id for p in players])
        }
        for player in players:
            entry = entered.get(player.user_id)
            if entry is not None and player.place is not None:
                _score(entry, player, players, game, made, now)
        made.counted = True
        made.save(update_fields=["counted"])
        entries.changed(tournament)
        finish.finish_if_over(tournament, now)
        pairing.pair_on_commit(tournament.pk)


def _score(
    entry: Entry,
    player: GamePlayer,
    players: list[GamePlayer],
    game: Game,
    made: TournamentTable,
    now: datetime,
) -> None:
    lost_by = (scoring.TIMEOUT if player.stand_in_id else scoring.RESIGNED) if player.left else ""
    place = player.place or game.player_count
    result = scoring.score(place, game.player_count, entry.streak, lost_by)
    Result.objects.create(
        entry=entry,
        game=game,
        place=place,
        players=game.player_count,
        points=result.points,
        doubled=result.doubled,
        lost_by=lost_by,
    )
    entry.points += result.points
    entry.games += 1
    entry.wins += result.won
    entry.streak = result.streak
    if result.points:
        entry.scored_at = now
    entry.last_opponents = [other.user_id for other in players if other.user_id != entry.user_id]
    _back_to_queue(entry, made, now)
    fields = ["points", "games", "wins", "streak", "scored_at", "last_opponents", "table", "waiting_since"]
    entry.save(update_fields=fields)


def _back_to_queue(entry: Entry, made: TournamentTable, now: datetime) -> None:
    """Off ``made``'s table; waiting for the next one if still taking part."""
    if entry.table_id == made.pk:
        entry.table = None
        entry.waiting_since = now if entry.state == Entry.State.IN else None


def release_abandoned(tournament: Tournament, now: datetime) -> int:
    """Count nothing of the tournament's abandoned games (call with its row locked): their
    players back in the queue; returns how many."""
    abandoned = list(
        TournamentTable.objects.select_for_update().filter(
            tournament=tournament, counted=False, game__status=Game.Status.ABANDONED
        )
    )
    for made in abandoned:
        for entry in Entry.objects.filter(table=made):
            _back_to_queue(entry, made, now)
            entry.save(update_fields=["table", "waiting_since"])
        made.counted = True
        made.save(update_fields=["counted"])
    if abandoned:
        entries.changed(tournament)
    return len(abandoned)
