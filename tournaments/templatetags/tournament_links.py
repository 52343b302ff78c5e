"""``{% tournament_of table_id %}`` and ``{% player_tournaments player %}``: a tournament's
game links to its tournament (the table page, the game page and its replay), and a profile
lists the player's tournaments with their final places. Template tags, so that games,
history and accounts never import this app: their templates load these.

A private tournament is named only to whoever may see it (``entries.visible``): to anyone
else, its game is a game like any other, and it is not on the profile.
"""

from django import template
from django.db.models import Count, Q

from tournaments.models import Entry, TournamentTable
from tournaments.writes.entries import visible

register = template.Library()

PROFILE_LISTED = 20  # a player's latest tournaments on their profile


@register.inclusion_tag("tournament_links/game.html", takes_context=True)
def tournament_of(context, table_id: int | None) -> dict:
    """The tournament whose pairing made table ``table_id``, if the viewer may know of it."""
    made = TournamentTable.objects.filter(table_id=table_id).select_related("tournament").first()
    tournament = made.tournament if made else None
    if tournament is not None and not visible(tournament, context.get("user")):
        tournament = None
    return {"tournament": tournament}


@register.inclusion_tag("tournament_links/profile.html", takes_context=True)
def player_tournaments(context, player) -> dict:
    """``player``'s latest tournaments, with their points and, once finished, their place
    among the entrants: the listed ones, and the private ones the viewer made or entered."""
    viewer = context.get("user")
    seen = Q(tournament__private=False)
    if viewer is not None and viewer.is_authenticated:
        seen |= Q(tournament__created_by=viewer) | Q(
            tournament__in=Entry.objects.filter(user=viewer).values("tournament")
        )
    entries = (
        Entry.objects.filter(seen, user=player)
        .select_related("tournament")
        .annotate(entrants=Count("tournament__entries"))
        .order_by("-tournament__starts_at", "-tournament__pk")[:PROFILE_LISTED]
    )
    return {"entries": list(entries), "profile_user": player}
