"""A tournament game's end (tournaments.writes.results): its players scored by place, back in
the queue; a leaver scores nothing; bots are no entries; an abandoned game counts nothing."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game
from games.play.abandon import abandon_stale_games
from games.play.moves import resign
from games.play.server_turns import next_server_turn, play_server_turn
from tests.history.helpers import play_to_the_end
from tournaments.models import Entry, Result, Tournament, TournamentTable
from tournaments.queue import waiting
from tournaments.writes.pairing import pair_if_due
from tournaments.writes.schedule import run_due

pytestmark = pytest.mark.django_db
LATER = timedelta(seconds=60)


def paired_game(tournament, start):
    assert pair_if_due(tournament.pk, start + LATER) == 1
    return TournamentTable.objects.get(tournament=tournament).game


def scores(tournament):
    return {
        e.user.username: (e.points, e.games, e.wins, e.streak)
        for e in tournament.entries.select_related("user")
    }


def test_a_game_played_to_its_end_scores_its_players_and_puts_them_back_in_the_queue(arena, entrants, start):
    tournament = arena(seats=3)
    entrants(tournament, 3)
    game = play_to_the_end(paired_game(tournament, start))
    places = {p.user.username: p.place for p in game.players.select_related("user")}
    points = {1: 12, 2: 6, 3: 0}
    assert {name: s[0] for name, s in scores(tournament).items()} == {n: points[p] for n, p in places.items()}
    results = Result.objects.filter(game=game)
    assert sorted((r.place, r.players, r.points, r.doubled, r.lost_by) for r in results) == [
        (1, 3, 12, False, ""),
        (2, 3, 6, False, ""),
        (3, 3, 0, False, ""),
    ]
    assert TournamentTable.objects.get(game=game).counted
    assert waiting(tournament).count() == 3
    assert all(e.waiting_since is not None and e.games == 1 for e in tournament.entries.all())
    seated = {p.user_id for p in game.players.all()}
    assert all(set(e.last_opponents) == seated - {e.user_id} for e in tournament.entries.all())
    winner = tournament.entries.get(user__username=next(n for n, p in places.items() if p == 1))
    assert (winner.wins, winner.streak, winner.scored_at is not None) == (1, 1, True)


def test_a_win_on_a_streak_is_doubled(arena, entrants, start):
    tournament = arena(seats=2)
    entrants(tournament, 2)
    Entry.objects.update(streak=2)
    game = play_to_the_end(paired_game(tournament, start))
    won = Result.objects.get(game=game, place=1)
    assert (won.points, won.doubled, won.entry.streak) == (24, True, 3)
    lost = Result.objects.get(game=game, place=2)
    assert (lost.points, lost.doubled, lost.entry.streak) == (0, False, 0)


def test_a_player_who_resigns_scores_nothing_whatever_their_streak(arena, entrants, start):
    tournament = arena(seats=3)
    players = entrants(tournament, 3)
    Entry.objects.update(streak=4)
    game = paired_game(tournament, start)
    leaver = players[1]
    resign(game, leaver)
    play_to_the_end(game)
    result = Result.objects.get(game=game, entry__user=leaver)
    assert (result.place, result.points, result.lost_by, result.doubled) == (3, 0, "resigned", False)
    assert result.entry.streak == 0 and result.entry.games == 1


def test_the_site_s_bots_score_nothing_and_the_people_score_among_all_players(arena, entrants, start):
    tournament = arena(seats=4, bots_allowed=True)
    entrants(tournament, 2)
    game = play_to_the_end(paired_game(tournament, start))
    assert Result.objects.filter(game=game).count() == 2
    for result in Result.objects.filter(game=game).select_related("entry"):
        assert result.players == 4
        assert result.points == {1: 12, 2: 8, 3: 4, 4: 0}[result.place]


def test_a_paused_player_is_scored_but_not_put_back_in_the_queue(arena, entrants, start):
    tournament = arena(seats=2)
    players = entrants(tournament, 2)
    game = paired_game(tournament, start)
    Entry.objects.filter(user=players[0]).update(state=Entry.State.PAUSED)
    play_to_the_end(game)
    paused = Entry.objects.get(user=players[0])
    assert (paused.games, paused.table, paused.waiting_since) == (1, None, None)
    assert list(waiting(tournament).values_list("user", flat=True)) == [players[1].pk]


def test_an_abandoned_game_counts_nothing_and_its_players_wait_again(arena, entrants, start):
    tournament = arena(seats=2)
    entrants(tournament, 2)
    game = paired_game(tournament, start)
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(hours=2))
    assert abandon_stale_games() == 1
    run_due(start + 2 * LATER)
    assert not Result.objects.exists()
    assert TournamentTable.objects.get(game=game).counted
    assert set(scores(tournament).values()) == {(0, 0, 0, 0)}
    assert waiting(tournament).count() == 2  # back in the queue, paired at the next pairing
    run_due(start + 3 * LATER)
    assert waiting(tournament).count() == 0
    assert TournamentTable.objects.filter(tournament=tournament).count() == 2


def test_the_last_game_of_an_ending_tournament_finishes_it_with_its_places(arena, entrants, start):
    tournament = arena(seats=2, minutes=5)
    entrants(tournament, 2)
    game = paired_game(tournament, start)
    run_due(start + timedelta(minutes=6))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.ENDING
    play_to_the_end(game)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED and tournament.finished_at is not None
    ranks = dict(tournament.entries.values_list("rank", "points"))
    assert ranks == {1: 12, 2: 0}


def test_a_player_out_of_time_scores_nothing_as_a_timeout(arena, entrants, start, settings):
    settings.MISSED_TURNS_BEFORE_BOT = 1  # a stand-in bot takes the seat at the first turn missed
    tournament = arena(seats=2, turn_timer_seconds=15)
    entrants(tournament, 2)
    game = paired_game(tournament, start)
    slow = game.players.get(seat=game.turn).user
    turn = next_server_turn(game.table_id)
    assert play_server_turn(turn, now=turn.due + timedelta(seconds=1)) is not None
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED  # one person left in play: the game is over
    lost = Result.objects.get(game=game, entry__user=slow)
    assert (lost.points, lost.lost_by, lost.entry.streak) == (0, "timeout", 0)
    assert Result.objects.exclude(entry__user=slow).get(game=game).points == 12
