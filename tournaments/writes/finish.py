"""A tournament's end: past ``ends_at`` no new table is made (``ENDING``); once the games it
made are all over (finished and counted, or abandoned), its final places are stored and it is
``FINISHED``. Games running at the end finish and count (the lichess rule)."""

from datetime import datetime

from tournaments.models import Entry, Tournament
from tournaments.standings import ranked
from tournaments.writes import entries


def finish_if_over(tournament: Tournament, now: datetime) -> bool:
    """Move the tournament (its row locked) to ``ENDING`` past its end, and to ``FINISHED``
    once none of its games is left to count; returns whether it finished now."""
    if tournament.status == Tournament.Status.RUNNING and now >= tournament.ends_at:
        tournament.status = Tournament.Status.ENDING
        tournament.save(update_fields=["status"])
        entries.changed(tournament)
    if tournament.status != Tournament.Status.ENDING or tournament.tables.filter(counted=False).exists():
        return False
    ordered = list(ranked(tournament))
    for rank, entry in enumerate(ordered, start=1):
        entry.rank = rank
        entry.waiting_since = None
    Entry.objects.bulk_update(ordered, ["rank", "waiting_since"])
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = now
    tournament.save(update_fields=["status", "finished_at"])
    entries.changed(tournament)
    return True
