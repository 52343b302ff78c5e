"""A tournament's results as a JSON document, like a game record (``history.records``)::

    {"format": "kadi-tournament-results", "version": 1, "final": true,
     "tournament": {"id": 7, "name": "Kadi Night", "status": "finished", "preset": "classic",
                    "rules": {every option}, "seats": 4, "timer": 30, ...},
     "standings": [{"rank": 1, "username": "amani", "name": "Amani", "points": 36,
                    "games": 4, "wins": 3, "best_streak": 3, "withdrawn": false}, ...],
     "games": [{"id": 31, "table": 12, "status": "finished", "players": [{"seat": 0,
                "username": "amani", "place": 1, "points": 12, "doubled": false}, ...],
                "record": "/games/31/record.json", "replay": "/games/31/replay/"}, ...]}

Only a finished tournament's results are final (``final``); a running one's are its
standings so far. Nothing hidden is ever in it: a game is told by its players, places and
points; its hands, draw pile and seed are in its own record, given once it is over.
"""

from collections.abc import Callable, Iterable

from django.http import Http404, HttpRequest, JsonResponse
from django.urls import reverse
from django.views.decorators.http import require_safe

from games.models import Game, GamePlayer
from tournaments import pages
from tournaments.models import Result, Tournament, TournamentTable
from tournaments.standings import ranked

EXPORT_FORMAT = "kadi-tournament-results"
EXPORT_VERSION = 1
LARGEST_ID = 2**63 - 1  # a longer id is no tournament (and no database integer)


def export_results(tournament: Tournament, link: Callable[[str], str] = str) -> dict:
    """The tournament's terms, standings and games (a JSON-safe dict); ``link`` makes a
    path into the address written (the view's: absolute)."""
    results = list(
        Result.objects.filter(entry__tournament=tournament)
        .select_related("entry")
        .order_by("created_at", "pk")
    )
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "final": tournament.status == Tournament.Status.FINISHED,
        "tournament": _terms(tournament),
        "standings": _standings(tournament, results),
        "games": _games(tournament, results, link),
    }


def _terms(tournament: Tournament) -> dict:
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "status": tournament.status,
        "preset": tournament.preset,
        "overrides": tournament.rule_overrides,
        "rules": tournament.rules().to_dict(),
        "seats": tournament.seats,
        "timer": tournament.turn_timer_seconds,
        "minutes": tournament.minutes,
        "rated": tournament.rated,
        "bots_allowed": tournament.bots_allowed,
        "private": tournament.private,
        "starts_at": tournament.starts_at.isoformat(),
        "ends_at": tournament.ends_at.isoformat(),
        "finished_at": tournament.finished_at.isoformat() if tournament.finished_at else None,
    }


def _standings(tournament: Tournament, results: list[Result]) -> list[dict]:
    """Every entry in standings order: at the end, its stored final place."""
    streaks = _best_streaks(results)
    return [
        {
            "rank": entry.rank or position,
            "username": entry.user.username,
            "name": entry.user.name,
            "points": entry.points,
            "games": entry.games,
            "wins": entry.wins,
            "best_streak": streaks.get(entry.pk, 0),
            "withdrawn": entry.state == entry.State.WITHDRAWN,
        }
        for position, entry in enumerate(ranked(tournament), start=1)
    ]


def _best_streaks(results: Iterable[Result]) -> dict[int, int]:
    """Each entry's most wins in a row (``results`` in the order scored)."""
    best: dict[int, int] = {}
    running: dict[int, int] = {}
    for result in results:
        won = result.place == 1 and not result.lost_by
        running[result.entry_id] = running.get(result.entry_id, 0) + 1 if won else 0
        best[result.entry_id] = max(best.get(result.entry_id, 0), running[result.entry_id])
    return best


def _games(tournament: Tournament, results: list[Result], link: Callable[[str], str]) -> list[dict]:
    """The tournament's games in the order made: players, places and points; a finished
    one's record and replay."""
    scored = {(result.game_id, result.entry.user_id): result for result in results}
    made = (
        TournamentTable.objects.filter(tournament=tournament, game__isnull=False)
        .select_related("game")
        .prefetch_related("game__players__user")
        .order_by("created_at", "pk")
    )
    games = []
    for table in made:
        game = table.game
        over = game.status == Game.Status.FINISHED
        players = sorted(game.players.all(), key=lambda player: player.seat)
        games.append(
            {
                "id": game.pk,
                "table": table.table_id,
                "status": game.status,
                "started_at": game.created_at.isoformat(),
                "finished_at": game.finished_at.isoformat() if game.finished_at else None,
                "players": [_player(player, scored.get((game.pk, player.user_id))) for player in players],
                "record": link(reverse("history:record", args=[game.pk])) if over else None,
                "replay": link(reverse("history:replay", args=[game.pk])) if over else None,
            }
        )
    return games


def _player(player: GamePlayer, result: Result | None) -> dict:
    """A seat of a game: who, their place once over, and what the tournament scored them
    (None: a bot filling a seat, or a game not scored yet)."""
    return {
        "seat": player.seat,
        "username": player.user.username,
        "name": player.user.name,
        "bot": player.user.bot_level,
        "place": player.place,
        "left": player.left,
        "points": result.points if result else None,
        "doubled": result.doubled if result else False,
        "lost_by": result.lost_by if result else "",
    }


@require_safe
def results(request: HttpRequest, tournament_id: int) -> JsonResponse:
    """The results as a JSON download, to whoever may see the tournament (a private one's:
    its creator, its entrants, or a visitor with its invitation, ``?invite=``)."""
    token = request.GET.get("invite")
    shown = (
        pages.visible_tournament(tournament_id, request.user, token) if tournament_id <= LARGEST_ID else None
    )
    if shown is None:
        raise Http404
    response = JsonResponse(
        export_results(shown, request.build_absolute_uri), json_dumps_params={"indent": 1}
    )
    response["Content-Disposition"] = f'attachment; filename="kadi-tournament-{shown.pk}.json"'
    return response
