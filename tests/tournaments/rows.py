"""Tournament states for the tests of the API, the export, the notifications and the links,
built from rows (the pairing and the scoring are tested on their own): a tournament, its
entries, a real table with a real game made through ``games.play`` as the pairing makes
them, and the results its scoring stored."""

from datetime import timedelta

from django.utils import timezone

from games.models import Table
from games.play.starts import start_game
from games.play.tables import create_table, take_seat
from tests.history.helpers import play_to_the_end
from tournaments.models import Entry, Result, Tournament, TournamentTable


def tournament(name="Kadi Night", **fields) -> Tournament:
    """A listed tournament that began ten minutes ago, running, with bots allowed (``fields``
    change any of it)."""
    values = {
        "starts_at": timezone.now() - timedelta(minutes=10),
        "status": Tournament.Status.RUNNING,
        "seats": 2,
        "bots_allowed": True,
        "preset": "friendly",
        **fields,
    }
    return Tournament.objects.create(name=name, **values)


def enter(tournament: Tournament, *users, **fields) -> list[Entry]:
    return [Entry.objects.create(tournament=tournament, user=user, **fields) for user in users]


def seat(tournament: Tournament, *users) -> TournamentTable:
    """A table of the tournament with ``users`` seated and its game started, as the pairing
    makes one; their entries point at it."""
    first, *others = users
    table = create_table(
        first,
        f"Arena table {tournament.tables.count() + 1}",
        len(users),
        tournament.preset,
        turn_timer_seconds=tournament.turn_timer_seconds,
        private=True,
        spectators=Table.Spectators.LINK,
        rule_overrides=tournament.rule_overrides,
        limited=False,
        rated=tournament.rated,
    )
    for other in others:
        take_seat(table, other, invited=True)
    game = start_game(table, first)
    made = TournamentTable.objects.create(tournament=tournament, table=table, game=game)
    Entry.objects.filter(tournament=tournament, user__in=users).update(table=made, waiting_since=None)
    return made


def score(made: TournamentTable) -> list[Result]:
    """``made``'s game played to its end (if it still runs), and the results its scoring
    (``tournaments.writes.results``) stored, best place first."""
    made.refresh_from_db()
    if made.game.is_running:
        play_to_the_end(made.game)
    return list(Result.objects.filter(game_id=made.game_id).order_by("place", "pk"))
