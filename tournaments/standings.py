"""The order of a tournament's standings, in one place for every page, frame and export.

Ties are broken (docs/rules.md, "Tournaments"): more points; then fewer games (the same
points in fewer games); then whoever reached their points first; then who joined first.
"""

from django.db.models import F, QuerySet

from tournaments.models import Entry, Tournament

ORDER = ("-points", "games", F("scored_at").asc(nulls_last=True), "joined_at", "pk")


def ranked(tournament: Tournament | int) -> QuerySet[Entry]:
    """The tournament's entries in standings order (withdrawn ones included: they keep their
    points, as on lichess), with their users."""
    tournament_id = tournament if isinstance(tournament, int) else tournament.pk
    return Entry.objects.filter(tournament_id=tournament_id).select_related("user").order_by(*ORDER)
