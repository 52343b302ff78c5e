"""History, game pages, replays, game records and the leaderboard.

Thin views: the queries live in ``history.player_games``, ``game_page``, ``replays`` and
``leaderboard``; the writes in ``history.services``.
"""

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from accounts import friends
from games import invites
from games.models import Game
from games.text.moves import move_entry
from games.whereabouts import may_see_table
from history import leaderboard as ranked
from history.forms import HistoryFilterForm, ImportForm, LeaderboardForm
from history.game_page import game_summary
from history.hints import hint
from history.player_games import filter_games, finished_games, game_entries, latest_games
from history.records import RecordError, export_record
from history.replays import clamp_step, replay_board
from history.services import import_game

HISTORY_PAGE_SIZE = 20


@require_safe
def my_history(request):
    """Your games; a visitor who is not logged in sees everyone's latest games instead."""
    if not request.user.is_authenticated:
        return render(request, "history/public.html", {"games": latest_games()})
    return _history(request, request.user)


@require_safe
def player_history(request, username):
    player = get_object_or_404(get_user_model(), username=username, is_active=True)
    return _history(request, player)


def _history(request, player):
    form = HistoryFilterForm(request.GET)
    rows = finished_games(player, viewer=request.user)
    rows = filter_games(rows, **form.cleaned_data) if form.is_valid() else rows.none()
    page = Paginator(rows, HISTORY_PAGE_SIZE).get_page(request.GET.get("page"))
    context = {
        "player": player,
        "yours": player == request.user,
        "form": form,
        "page": page,
        "entries": game_entries(page.object_list, player),
    }
    return render(request, "history/history.html", context)


def _game(request, game_id):
    """The game, or a 404 when the viewer may not see it (a private table's game:
    ``games.whereabouts.may_see_table``, which its owner's choice opens once it ended)."""
    game = get_object_or_404(Game.objects.select_related("table", "imported"), pk=game_id)
    ended = game.status != Game.Status.RUNNING
    if not may_see_table(request.user, game.table, invites.granted(request.session), ended_game=ended):
        raise Http404
    return game


@require_safe
def game(request, game_id):
    return render(request, "history/game.html", game_summary(_game(request, game_id)))


@require_safe
def replay(request, game_id):
    """A finished game step by step; ``?step=k`` shows it after k moves. An HTMX request
    gets the board alone (the page's controls fetch each step that way)."""
    game = _game(request, game_id)
    if game.status != Game.Status.FINISHED:
        return render(request, "history/replay_unavailable.html", {"game": game}, status=403)
    players = list(game.players.select_related("user").order_by("seat"))
    board = replay_board(game, players, clamp_step(request.GET.get("step"), game))
    board.update(_hint_context(request, game, players, board))
    if request.htmx:
        return render(request, "history/partials/replay_board.html", board)
    return render(request, "history/replay.html", {**board, "game_row": game})


def _hint_context(request, game, players, board):
    """Hints are offered to the players of the game (``?hints=1`` shows them), at their own
    turns; ``hint_here``: the step on screen is one."""
    seat = next((p.seat for p in players if p.user_id == request.user.pk), None)
    shown = seat is not None and request.GET.get("hints") == "1"
    return {
        "hint_seat": seat,
        "hint_url": reverse("history:replay_hint", args=[game.pk]),
        "hints_shown": shown,
        "hint_here": shown and any(p["to_play"] and p["seat"] == seat for p in board["game"]["players"]),
    }


@login_required
@require_safe
def replay_hint(request, game_id):
    """The strongest bot's move and win chance at the viewer's own turn ``?step=k`` of a
    finished game of theirs (an HTMX fragment), from what their seat saw then."""
    game = _game(request, game_id)
    player = game.players.filter(user=request.user).first()
    if player is None:
        raise Http404(_("Hints are only for the players of a game."))
    if game.status != Game.Status.FINISHED:
        return render(request, "history/replay_unavailable.html", {"game": game}, status=403)
    step = clamp_step(request.GET.get("step"), game)
    found = hint(game, player.seat, step)
    return render(
        request,
        "history/partials/replay_hint.html",
        {
            "hint": found,
            "move": {**move_entry(found["move"]), "name": _("The strongest bot:")} if found else None,
            "chance": round(100 * found["win_chance"]) if found else None,
        },
        status=200 if found else 400,
    )


@require_safe
def record(request, game_id):
    """The game record as a JSON download; finished games only (it holds the seed)."""
    game = _game(request, game_id)
    if game.status != Game.Status.FINISHED:
        return JsonResponse({"error": _("Only a finished game has a record.")}, status=403)
    response = JsonResponse(export_record(game), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="kadi-game-{game.pk}.json"'
    return response


@staff_member_required
@require_http_methods(["GET", "POST"])
def import_record(request):
    form = ImportForm(request.POST, request.FILES) if request.method == "POST" else ImportForm()
    if form.is_bound and form.is_valid():
        try:
            imported = import_game(form.cleaned_data["record"], request.user)
        except RecordError as refusal:
            form.add_error("record", str(refusal))
        else:
            messages.success(request, _("The game was imported."))
            return redirect("history:game", game_id=imported.pk)
    return render(request, "history/import.html", {"form": form}, status=400 if form.errors else 200)


@require_safe
def leaderboard(request):
    form = LeaderboardForm(request.GET)
    choice = form.cleaned_data if form.is_valid() else {"view": ranked.ALL_TIME, "kind": ranked.EVERYONE}
    view = choice["view"]
    ranking = ranked.standings(view, choice["kind"], provisional=choice.get("provisional", False))
    page = Paginator(ranking.rows, ranked.PAGE_SIZE).get_page(request.GET.get("page"))
    your_rank = ranking.rank_of(request.user) if request.user.is_authenticated else None
    context = {
        "form": form,
        "recent": view == ranked.RECENT,
        "with_provisional": choice.get("provisional", False) or ranking.newcomers,
        "newcomers": ranking.newcomers,
        "page": page,
        "entries": ranking.entries(page.object_list, page.start_index()),
        "your_rank": your_rank,
        "your_page": (your_rank - 1) // ranked.PAGE_SIZE + 1 if your_rank else None,
        "your_rating": getattr(request.user, "rating", None) if request.user.is_authenticated else None,
        "followed_ids": friends.followed_ids(request.user),
    }
    return render(request, "history/leaderboard.html", context)
