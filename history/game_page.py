"""What a game's page shows: players and result, rules in words, duration and moves.

Reads only. Hands appear only once the game is finished (RULES.md section 10).
"""

from django.utils.timesince import timesince
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.text.rules import preset_label, rules_summary
from history.models import RatingChange


def game_summary(game):
    """The page's context for ``game`` (any status)."""
    players = list(game.players.select_related("user").order_by("seat"))
    finished = game.status == game.Status.FINISHED
    changes = {change.user_id: change for change in RatingChange.objects.filter(game=game)}
    hands = game.state["hands"] if finished else [None] * len(players)
    entries = [
        {
            "seat": player.seat,
            "user": player.user,
            "place": player.place,
            "left": player.left,
            "winner": finished and game.winner == player.seat,
            "hand": hands[player.seat],
            "rating_change": changes.get(player.user_id),
        }
        for player in players
    ]
    if finished:
        entries.sort(key=lambda entry: (entry["place"], entry["seat"]))
    return {
        "game": game,
        "finished": finished,
        "imported": hasattr(game, "imported"),
        "players": entries,
        "result_words": _result_words(game, players),
        "duration": duration_words(game.created_at, game.finished_at) if game.finished_at else None,
        "preset": preset_label(game.preset),
        "rules": rules_summary(game.rules, game.preset),
    }


def duration_words(start, end):
    """How long a game lasted: in seconds under a minute ("0 minutes" says nothing), else
    as Django's ``timesince`` puts it."""
    seconds = int((end - start).total_seconds())
    if seconds < 60:
        return ngettext("%(n)d second", "%(n)d seconds", seconds) % {"n": seconds}
    return timesince(start, end)


def _result_words(game, players):
    if game.status == game.Status.RUNNING:
        return _("This game is still being played.")
    if game.status == game.Status.ABANDONED:
        return _("This game was abandoned.")
    if game.winner is None:
        return _("No winner: first place is shared.")
    return _("%(name)s won.") % {"name": players[game.winner].user.name}
