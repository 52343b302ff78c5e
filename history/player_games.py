"""A player's finished games: the history list with its filters, and the profile's figures.

Reads only. A game is won by its winner, lost by everyone placed below first, and drawn by
those sharing first place in a game with no winner (the turn limit).
"""

from django.db.models import Avg, Count, Exists, F, OuterRef, Prefetch, Q

from games.models import Game, GamePlayer
from games.text.rules import preset_label
from games.whereabouts import public_listing
from history.models import RatingChange

WON, LOST, DRAWN, ABANDONED = "won", "lost", "drawn", "abandoned"
ENDED = (Game.Status.FINISHED, Game.Status.ABANDONED)  # the games a history lists
RECENT_GAMES = 5


def finished_games(user, viewer=None):
    """``user``'s GamePlayer rows in ended games (finished or abandoned), newest first, as
    ``viewer`` may see them (None: the player themselves; see ``listed_for``)."""
    seated = GamePlayer.objects.select_related("user").order_by("seat")
    return (
        listed_for(GamePlayer.objects.filter(user=user, game__status__in=ENDED), user, viewer)
        .select_related("game__table__created_by", "game__imported")
        .prefetch_related(Prefetch("game__players", queryset=seated, to_attr="seated"))
        .order_by("-game__finished_at", "-game_id")
    )


def listed_for(rows, player, viewer):
    """``player``'s rows as ``viewer`` may list them: all of them for the player and the
    staff; for others, the games of public tables, of private ones whose owner lists their
    games (``games.whereabouts.public_listing``) and those the viewer played in too."""
    if viewer is None or viewer.pk == player.pk or viewer.is_staff:
        return rows
    listed = public_listing("game__table")
    if viewer.is_authenticated:
        listed |= Q(Exists(GamePlayer.objects.filter(game=OuterRef("game"), user=viewer.pk)))
    return rows.filter(listed)


def filter_games(rows, result="", preset="", opponent="", date_from=None, date_to=None):
    """Narrow ``finished_games`` rows: by result, the preset the game was played under,
    another player's username (exact, any case), and the days the games ended (both ends
    included)."""
    if result == WON:
        rows = rows.filter(game__winner=F("seat"))
    elif result == LOST:
        rows = rows.filter(place__gt=1)
    elif result == DRAWN:
        rows = rows.filter(game__winner__isnull=True, place=1)
    if preset:
        rows = rows.filter(game__preset=preset)
    if opponent:
        others = GamePlayer.objects.filter(game=OuterRef("game"), user__username__iexact=opponent)
        rows = rows.filter(Exists(others.exclude(user=OuterRef("user"))))
    if date_from:
        rows = rows.filter(game__finished_at__date__gte=date_from)
    if date_to:
        rows = rows.filter(game__finished_at__date__lte=date_to)
    return rows


def game_entries(rows, user):
    """History list entries for a page of ``finished_games`` rows: the game, everyone in it,
    ``user``'s place and result, and their rating change (None when unrated)."""
    rows = list(rows)
    changes = RatingChange.objects.filter(user=user, game_id__in=[row.game_id for row in rows])
    changes = {change.game_id: change for change in changes}
    return [
        {
            "game": row.game,
            "place": row.place,
            "left": row.left,
            "result": result_of(row),
            "players": row.game.seated,
            "preset": preset_label(row.game.preset),
            "rating_change": changes.get(row.game_id),
            "imported": hasattr(row.game, "imported"),
        }
        for row in rows
    ]


def result_of(player):
    """WON, LOST, DRAWN or ABANDONED for a GamePlayer of an ended game."""
    if player.game.status == Game.Status.ABANDONED:
        return ABANDONED
    if player.game.winner == player.seat:
        return WON
    return LOST if player.place > 1 else DRAWN


def player_stats(user):
    """Games played, wins, win rate (0–1, None before any game) and average place."""
    figures = GamePlayer.objects.filter(user=user, game__status=Game.Status.FINISHED).aggregate(
        games=Count("pk"),
        wins=Count("pk", filter=Q(game__winner=F("seat"))),
        average_place=Avg("place"),
    )
    games = figures["games"]
    return {
        "games_played": games,
        "wins": figures["wins"],
        "win_rate": figures["wins"] / games if games else None,
        "average_place": figures["average_place"],
    }


PUBLIC_GAMES = 20


def latest_games(count=PUBLIC_GAMES):
    """The latest finished games of everyone, newest first, with their players: what a
    visitor who is not logged in sees of the history."""
    seated = GamePlayer.objects.select_related("user").order_by("seat")
    games = (
        Game.objects.filter(public_listing(), status=Game.Status.FINISHED)
        .select_related("table__created_by")
        .prefetch_related(Prefetch("players", queryset=seated, to_attr="seated"))
        .order_by("-finished_at", "-pk")[:count]
    )
    return [{"game": game, "players": game.seated, "preset": preset_label(game.preset)} for game in games]


def recent_games(user, count=RECENT_GAMES, viewer=None):
    return game_entries(finished_games(user, viewer)[:count], user)
