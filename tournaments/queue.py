"""Who waits for a table in a tournament, and when the next pairing is due: read by the
pairing (which runs when due) and by the pages (whose countdown shows when).

A pairing is due once the tournament runs, enough entries wait to fill a table, and the
oldest of them has waited ``TOURNAMENT_PAIRING_SECONDS`` (players finishing meanwhile join
the same pairing, for tables of similar scores), or as soon as a tournament starts. Where
bots may play, fewer than a table's worth are paired with bots once the oldest has waited
``TOURNAMENT_BOT_WAIT_SECONDS`` (``tournaments.pairing``).
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Min, QuerySet

from tournaments.models import Entry, Tournament


def waiting(tournament: Tournament | int) -> QuerySet[Entry]:
    """The entries taking part and at no table: the pairing's queue."""
    tournament_id = tournament if isinstance(tournament, int) else tournament.pk
    return Entry.objects.filter(tournament_id=tournament_id, state=Entry.State.IN, table__isnull=True)


def pairing_due_at(tournament: Tournament) -> datetime | None:
    """When the next pairing runs (None: none is coming: not running, or too few wait to
    fill a table and no bot may fill it)."""
    if tournament.status != Tournament.Status.RUNNING:
        return None
    oldest = waiting(tournament).aggregate(oldest=Min("waiting_since"))["oldest"]
    if oldest is None:
        return None
    if waiting(tournament)[: tournament.seats].count() < tournament.seats:
        if not tournament.bots_allowed:
            return None
        return max(oldest + timedelta(seconds=settings.TOURNAMENT_BOT_WAIT_SECONDS), tournament.starts_at)
    return max(oldest + timedelta(seconds=settings.TOURNAMENT_PAIRING_SECONDS), tournament.starts_at)
