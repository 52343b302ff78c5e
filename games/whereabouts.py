"""Where players are now, as another player may be told (the friends page): online or not
(a table page or game stream open anywhere, ``games.presence``), and the table they play at
or have open, with whether a seat is free there.

Which tables a viewer may be shown is ``may_see_table``'s alone, and every page, socket,
API route and replay asks it (``public_listing`` is the same rule for lists of games): a
private table is seen by its owner, the staff, its players (seated now or in one of its
games) and, when anyone with the link may watch, a session that used its link; a finished
game of one is also seen by all when its owner lists its games publicly.
"""

from collections.abc import Mapping
from dataclasses import dataclass

from django.db.models import Count, OuterRef, Q, Subquery
from django.utils import timezone

from games import presence
from games.models import Game, GamePlayer, Seat, Table


@dataclass(frozen=True)
class Whereabouts:
    """``table``: where they play a running game, else a table they have open (None when
    neither, or not one the viewer may see); ``playing``: seated in that table's running
    game; ``seat_free``: a seat is free there (the viewer could join)."""

    online: bool
    table: Table | None = None
    playing: bool = False
    seat_free: bool = False


def may_see_table(
    viewer, table: Table, grants: Mapping[int, str] | None = None, ended_game: bool = False
) -> bool:
    """Whether ``viewer`` (a user, maybe anonymous) may see or be pointed to ``table``;
    ``grants``: ``{table id: token}`` of the invitation links the viewer's session used
    (``games.invites.granted``), which count while the token is still the table's;
    ``ended_game``: asked for a finished or abandoned game of the table, which a private
    table's owner may have listed publicly."""
    if not table.private or (ended_game and table.listed_in_history):
        return True
    if table.spectators == Table.Spectators.LINK and table.invite_opens((grants or {}).get(table.pk, "")):
        return True
    if viewer is None or not viewer.is_authenticated:
        return False
    return (
        viewer.is_staff
        or table.created_by_id == viewer.pk
        or Seat.objects.filter(table=table, user=viewer).exists()
        or GamePlayer.objects.filter(game__table=table, user=viewer).exists()
    )


def public_listing(table_path: str = "table") -> Q:
    """The games (or tables) any visitor's lists may show, as a filter through ``table_path``
    (``may_see_table`` for an ended game, for everyone): a public table's, or a private one's
    whose owner lists its games."""
    return Q(**{f"{table_path}__private": False}) | Q(**{f"{table_path}__listed_in_history": True})


def whereabouts(viewer, user_ids, now=None) -> dict[int, Whereabouts]:
    """``{user id: Whereabouts}`` for every one of ``user_ids``, in three queries whatever
    their number (presence rows, seats in running games, the tables)."""
    user_ids = list(user_ids)
    open_tables = presence.open_tables(user_ids, now or timezone.now())
    latest_status = Game.objects.filter(table=OuterRef("table")).order_by("-number").values("status")[:1]
    playing = dict(
        Seat.objects.filter(user_id__in=user_ids)
        .annotate(latest_status=Subquery(latest_status))
        .filter(latest_status=Game.Status.RUNNING)
        .order_by("table_id")
        .values_list("user_id", "table_id")
    )  # the newest table wins when someone plays at several
    chosen = {
        user_id: playing.get(user_id) or max(open_tables.get(user_id, ()), default=None)
        for user_id in user_ids
    }
    tables = {
        table.pk: table
        for table in Table.objects.filter(pk__in=set(chosen.values()) - {None})
        .select_related("created_by")  # a generated name shows its owner's (games.text.tables)
        .annotate(taken=Count("seats"))
    }
    found = {}
    for user_id, table_id in chosen.items():
        table = tables.get(table_id)
        online = user_id in open_tables
        if table is None or not may_see_table(viewer, table):
            found[user_id] = Whereabouts(online=online)
            continue
        found[user_id] = Whereabouts(
            online=online,
            table=table,
            playing=playing.get(user_id) == table_id,
            seat_free=table.taken < table.seat_count,
        )
    return found
