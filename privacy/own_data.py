"""The export's sections kept by accounts, games, history, api and tournaments (reads only;
named in ``settings.OWN_DATA_SECTIONS``). What another player alone may see is never in them:
a running game is the player's own view of it (``State.view``: their hand, not the others'
nor the draw pile, no seed); a finished game is its record as history exports it, the seed
included, since nothing is hidden any more; nobody's blocks of the player, no token's secret.
Large sections are iterators read ``BATCH`` rows at a time."""

from collections import defaultdict
from collections.abc import Iterator
from itertools import islice
from typing import Any

from django.apps import apps

from accounts.models import Block, Follow, User
from api.models import ApiToken
from games.models import ChatMessage, Game, GamePlayer, Move, Vacation
from history.models import Rating, RatingChange
from history.records import export_record
from tournaments.models import Entry

BATCH = 200  # rows read at once: a batch of games brings its players and moves with it
# what a record says of its players (``export_record``, ``User.name``)
PLAYER_FIELDS = (
    "game_id",
    "seat",
    "place",
    "left",
    "user__username",
    "user__display_name",
    "user__bot_level",
    "user__erased_at",
)


def profile(user: User) -> dict[str, Any]:
    return {
        "username": user.username,
        "display_name": user.display_name,
        "email": user.email,
        "date_joined": user.date_joined,
        "last_login": user.last_login,
        "guest": user.is_guest,
        "preferences": {
            "hand_order": user.hand_order,
            "turn_notification": user.turn_notification,
            "challenges_from": user.challenges_from,
            "preferred_preset": user.preferred_preset,
            "play_now_level": user.play_now_level,
        },
    }


def games(user: User) -> Iterator[dict[str, Any]]:
    """Every game the player sat in, oldest first: an ended one as its record, a running one
    as the player sees it. Read ``BATCH`` games at a time, each batch's players and moves in
    one query each, as plain rows (instances that point at one another would be freed only
    by the cycle collector, and pile up until it runs)."""
    rows = Game.objects.filter(players__user=user).select_related("table").defer("state").order_by("pk")
    reader = rows.iterator(chunk_size=BATCH)
    while batch := list(islice(reader, BATCH)):
        ids = [game.pk for game in batch]
        seated = defaultdict(list)
        for player in (
            GamePlayer.objects.filter(game_id__in=ids)
            .select_related("user")
            .only(*PLAYER_FIELDS)
            .order_by("seat")
        ):
            seated[player.game_id].append(player)
        moves = defaultdict(list)
        for game_id, text in (
            Move.objects.filter(game_id__in=ids).order_by("index").values_list("game_id", "text")
        ):
            moves[game_id].append(text)
        for game in batch:
            players = seated[game.pk]
            seat = next(p.seat for p in players if p.user_id == user.pk)
            if game.is_running:
                yield _running_game(game, seat, players, moves[game.pk])
            else:
                record = export_record(game, players, moves[game.pk])
                yield {"id": game.pk, "status": game.status, "your_seat": seat} | record


def _running_game(game: Game, seat: int, players: list[GamePlayer], texts: list[str]) -> dict[str, Any]:
    """A running game as its player sees it: no seed, nobody else's cards."""
    state = Game.objects.only("state").get(pk=game.pk).engine_state()
    return {
        "id": game.pk,
        "status": game.status,
        "your_seat": seat,
        "table": game.table.name,
        "preset": game.preset,
        "players": [{"seat": p.seat, "name": p.user.name, "bot": p.user.bot_level} for p in players],
        "moves": texts,
        "your_view": state.view(seat),
        "started_at": game.created_at,
    }


def ratings(user: User) -> dict[str, Any] | None:
    rating = Rating.objects.filter(user=user).first()
    if rating is None:
        return None
    return {
        "ordinal": rating.ordinal,
        "mu": rating.mu,
        "sigma": rating.sigma,
        "games": rating.games,
        "provisional": rating.provisional,
        "last_played": rating.last_played,
    }


def rating_history(user: User) -> Iterator[dict[str, Any]]:
    fields = ("game_id", "place", "played_at", "ordinal_before", "ordinal_after", "mu_after", "sigma_after")
    rows = RatingChange.objects.filter(user=user).order_by("played_at", "pk").values(*fields)
    return rows.iterator(chunk_size=BATCH)


def chat(user: User) -> Iterator[dict[str, Any]]:
    """The chat lines the player wrote (others' lines are theirs)."""
    rows = ChatMessage.objects.filter(user=user).order_by("pk").values("table_id", "text", "created_at")
    return rows.iterator(chunk_size=BATCH)


def follows(user: User) -> dict[str, list[dict[str, Any]]]:
    """Whom the player follows, who follows them and whom they blocked; never who blocked them."""
    return {
        "following": _named(Follow.objects.filter(follower=user), "followed"),
        "followers": _named(Follow.objects.filter(followed=user), "follower"),
        "blocked": _named(Block.objects.filter(blocker=user), "blocked"),
    }


def _named(rows, other: str) -> list[dict[str, Any]]:
    return [
        {"username": row[f"{other}__username"], "since": row["created_at"]}
        for row in rows.order_by("created_at").values(f"{other}__username", "created_at")
    ]


def api_tokens(user: User) -> list[dict[str, Any]]:
    """The tokens' labels and dates: never a token, its digest or its prefix."""
    return list(
        ApiToken.objects.filter(user=user)
        .order_by("created_at")
        .values("label", "created_at", "last_used_at", "revoked_at")
    )


def vacations(user: User) -> list[dict[str, Any]]:
    return list(Vacation.objects.filter(user=user).order_by("starts_at").values("starts_at", "ends_at"))


def tournaments(user: User) -> list[dict[str, Any]]:
    fields = ("tournament_id", "tournament__name", "state", "joined_at", "points", "games", "wins", "rank")
    return list(Entry.objects.filter(user=user).order_by("joined_at").values(*fields))


def reports_made(user: User) -> list[dict[str, Any]]:
    """The reports the player made (never those about them, nor what became of them): read
    through the app registry, since the moderation app is written beside this one; empty
    while it is not installed."""
    try:
        report = apps.get_model("moderation", "Report")
    except LookupError:
        return []
    fields = ("subject__username", "reason", "note", "table_id", "game_id", "created_at")
    return list(report.objects.filter(reporter=user).order_by("created_at").values(*fields))
