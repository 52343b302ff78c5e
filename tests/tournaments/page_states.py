"""Tournament states for the pages' tests, made by creating rows directly (the pairing and
the scoring are another module's): a tournament, entrants with scores, and a tournament's
game at a real table made through games.play."""

from datetime import timedelta

from django.utils import timezone

from games.models import Table
from games.play.starts import start_game
from games.play.tables import create_table, take_seat
from tournaments.models import Entry, Tournament, TournamentTable

UNTIL_START = timedelta(minutes=5)


def a_tournament(name="Jioni Cup", status=Tournament.Status.SCHEDULED, **fields):
    """A listed tournament; running ones started a minute ago."""
    now = timezone.now()
    starts = now + UNTIL_START if status == Tournament.Status.SCHEDULED else now - timedelta(minutes=1)
    fields.setdefault("starts_at", starts)
    if status == Tournament.Status.FINISHED:
        fields.setdefault("finished_at", now)
    return Tournament.objects.create(name=name, status=status, **fields)


def entrant(tournament, user, points=0, games=0, streak=0, **fields):
    """``user``'s entry with its score (``scored_at`` set when they have points)."""
    scored_at = timezone.now() if points else None
    return Entry.objects.create(
        tournament=tournament,
        user=user,
        points=points,
        games=games,
        streak=streak,
        wins=streak,
        scored_at=scored_at,
        waiting_since=timezone.now(),
        **fields,
    )


def tournament_game(tournament, users):
    """A running game of ``tournament`` between ``users`` (entered), as the pairing seats them."""
    table = create_table(
        users[0],
        tournament.name,
        len(users),
        tournament.preset,
        private=True,
        spectators=Table.Spectators.LINK,
        limited=False,
        rated=tournament.rated,
        turn_timer_seconds=tournament.turn_timer_seconds,
    )
    for user in users[1:]:
        take_seat(table, user, invited=True)
    game = start_game(table, users[0])
    made = TournamentTable.objects.create(tournament=tournament, table=table, game=game)
    Entry.objects.filter(tournament=tournament, user__in=users).update(table=made, waiting_since=None)
    return made
