"""From the games' signals (``games.signals``), and the tournaments' (``tournaments.signals``),
to notifications: who is told what.

Every receiver runs once the game's write has committed (the signals are sent on commit, and
``game_over`` waits for the commit itself), so a rolled-back write tells nobody, and only
people are told (``send.notify`` passes over bots).
"""

from functools import partial

from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from accounts.friends import relations
from accounts.models import User
from games.models import Challenge, Game, GamePlayer, Table
from notifications.models import Kind, Notification
from notifications.send import notify
from tournaments.models import Tournament


def _table_params(table: Table) -> dict:
    """A table's name as each reader's language will show it (``games.text.tables``)."""
    owner = table.created_by.name if table.created_by_id else None
    return {"table": table.name, "table_kind": table.name_kind, "owner": owner}


def your_turn(sender, game: Game, user_id: int, deadline, **kwargs) -> None:
    """A player's turn began at a turn-based table."""
    user = User.objects.filter(pk=user_id).first()
    if user is not None:
        table = game.table
        ref = Notification.turn_ref(game.pk, game.move_count)
        url = reverse("games:table", args=[table.pk]) + "#hand"  # the hand ready (static/js/keep_focus.js)
        notify(user, Kind.YOUR_TURN, ref, url, **_table_params(table))


def challenge(sender, user_ids, **kwargs) -> None:
    """A challenge between these two players was made or decided: the latest one between
    them says which. Made: its challenged player is told; accepted or declined: its
    challenger (a bot's answer comes at once, to a challenger who is looking)."""
    first, second = user_ids
    latest = Challenge.objects.select_related("challenger", "challenged").filter(
        Q(challenger_id=first, challenged_id=second) | Q(challenger_id=second, challenged_id=first)
    )
    open_one = (
        latest.filter(status=Challenge.Status.OPEN, expires_at__gt=timezone.now())
        .order_by("-created_at")
        .first()
    )
    decided = latest.exclude(decided_at=None).order_by("-decided_at").first()
    if open_one is not None:
        notify(
            open_one.challenged,
            Kind.CHALLENGE,
            f"challenge:{open_one.key}",
            reverse("games:challenges"),
            name=open_one.challenger.name,
        )
    if decided is not None and decided.status in (Challenge.Status.ACCEPTED, Challenge.Status.DECLINED):
        if decided.challenged.is_bot:
            return
        accepted = decided.status == Challenge.Status.ACCEPTED
        url = (
            reverse("games:table", args=[decided.table_id])
            if accepted and decided.table_id
            else reverse("games:challenges")
        )
        notify(
            decided.challenger,
            Kind.CHALLENGE_ANSWERED,
            f"challenge:{decided.key}",
            url,
            name=decided.challenged.name,
            answer=decided.status,
        )


def game_over(sender, game: Game, **kwargs) -> None:
    """A game ended (sent inside its transaction): once committed, each person who played is
    told their place."""
    transaction.on_commit(partial(_tell_places, game.pk), robust=True)


def _tell_places(game_id: int) -> None:
    game = Game.objects.select_related("table", "table__created_by").get(pk=game_id)
    players = GamePlayer.objects.filter(game=game).select_related("user")
    params = _table_params(game.table)
    url = reverse("games:table", args=[game.table_id])
    for player in players:
        notify(
            player.user,
            Kind.GAME_OVER,
            f"game:{game.pk}",
            url,
            place=player.place,
            players=game.player_count,
            **params,
        )


def rematch_offered(sender, table: Table, game: Game, user_id: int, **kwargs) -> None:
    """Someone asked to play again: the others seated are told."""
    offering = User.objects.get(pk=user_id)
    url = reverse("games:table", args=[table.pk])
    for seat in table.seats.select_related("user").exclude(user_id=user_id):
        notify(
            seat.user,
            Kind.REMATCH_OFFERED,
            f"rematch:{game.pk}",
            url,
            name=offering.name,
            **_table_params(table),
        )


def friend_seated(sender, table: Table, user_id: int, **kwargs) -> None:
    """Someone sat down at a table: if it is in the lobby (not private) with a seat still
    free, their friends are told."""
    table = Table.objects.select_related("created_by").get(pk=table.pk)
    if table.private or table.seats.count() >= table.seat_count:
        return
    person = User.objects.get(pk=user_id)
    url = reverse("games:table", args=[table.pk])
    for friend in relations(person).friends:
        notify(
            friend,
            Kind.FRIEND_SEATED,
            f"seat:{table.pk}:{user_id}",
            url,
            name=person.name,
            **_table_params(table),
        )


def tournament_started(sender, tournament: Tournament, user_ids, **kwargs) -> None:
    """A tournament began (committed): each person in it is told, with a link to its page (an
    entrant opens a private one's without its invitation)."""
    url = reverse("tournaments:detail", args=[tournament.pk])
    for user in User.objects.filter(pk__in=user_ids):
        notify(user, Kind.TOURNAMENT_STARTED, f"tournament:{tournament.pk}", url, tournament=tournament.name)
