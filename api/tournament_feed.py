"""What the API shows of tournaments, read for one player (reads only).

A tournament is told by its terms and its standings: names, points, games and streaks. Its
invitation token never is (a private tournament's invitation is its creator's to share on
the site), nor anything of a game being played: a program follows its own games through
the game stream, from its own seat.
"""

from datetime import datetime, timedelta

from django.db.models import Count, Q

from accounts.models import User
from tournaments import scoring
from tournaments.models import Entry, Tournament
from tournaments.standings import ranked
from tournaments.writes import entries

RECENTLY_FINISHED = timedelta(days=7)  # how long a finished tournament stays in the list
LISTED = 50  # tournaments of each kind in the list
STANDINGS = 50  # entries in a tournament's standings (the page pages further)
Status = Tournament.Status


def _with_entrants(tournaments):
    return tournaments.annotate(entrants=Count("entries", filter=~Q(entries__state=Entry.State.WITHDRAWN)))


def listed(now: datetime) -> dict[str, list[dict]]:
    """The tournaments anyone may see: upcoming (soonest first), running (ending ones too)
    and finished in the last ``RECENTLY_FINISHED`` (latest first)."""
    shown = _with_entrants(Tournament.objects.listed())
    kinds = {
        "upcoming": shown.filter(status=Status.SCHEDULED).order_by("starts_at", "pk"),
        "running": shown.filter(status__in=(Status.RUNNING, Status.ENDING)).order_by("starts_at", "pk"),
        "finished": shown.filter(status=Status.FINISHED, finished_at__gte=now - RECENTLY_FINISHED).order_by(
            "-finished_at", "-pk"
        ),
    }
    return {kind: [summary(t) for t in tournaments[:LISTED]] for kind, tournaments in kinds.items()}


def visible(tournament_id: int, user: User, token: str | None) -> Tournament | None:
    """The tournament, if ``user`` may know of it (``entries.visible``: public, or theirs,
    or ``token`` is its invitation); else None, as for no such tournament."""
    tournament = _with_entrants(Tournament.objects.filter(pk=tournament_id)).first()
    if tournament is None or not entries.visible(tournament, user, token):
        return None
    return tournament


def summary(tournament: Tournament) -> dict:
    """A tournament's terms and state (``tournament`` annotated with ``entrants``)."""
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "preset": tournament.preset,
        "overrides": tournament.rule_overrides,
        "rules": tournament.rules().to_dict(),
        "seats": tournament.seats,
        "timer": tournament.turn_timer_seconds,
        "starts": tournament.starts_at.isoformat(),
        "ends": tournament.ends_at.isoformat(),
        "minutes": tournament.minutes,
        "status": tournament.status,
        "rated": tournament.rated,
        "bots_allowed": tournament.bots_allowed,
        "private": tournament.private,
        "entrants": tournament.entrants,
    }


def detail(tournament: Tournament, user: User) -> dict:
    """``summary``, the standings' first ``STANDINGS`` entries and ``user``'s own entry
    (None: not in it), with its place in the standings."""
    order = list(ranked(tournament).values_list("pk", flat=True))
    top = ranked(tournament)[:STANDINGS]
    mine = Entry.objects.filter(tournament=tournament, user=user).select_related("table", "user").first()
    you = None
    if mine is not None:
        table = mine.table
        you = {
            **_standing(mine, order.index(mine.pk) + 1),
            "table": table.table_id if table else None,
            "game": table.game_id if table else None,
        }
    return {
        **summary(tournament),
        "finished_at": tournament.finished_at.isoformat() if tournament.finished_at else None,
        "standings": [_standing(entry, rank) for rank, entry in enumerate(top, start=1)],
        "you": you,
    }


def _standing(entry: Entry, position: int) -> dict:
    """One line of the standings: at the end, the stored final place; before, the position."""
    return {
        "rank": entry.rank or position,
        "username": entry.user.username,
        "name": entry.user.name,
        "points": entry.points,
        "games": entry.games,
        "wins": entry.wins,
        "streak": entry.streak,
        "on_fire": scoring.on_fire(entry.streak),
        "state": entry.state,
    }
