"""The bot API under /api/ (see docs/api.md)."""

from django.urls import path, re_path, register_converter

from accounts import converters  # noqa: F401 (registers <username:…>)
from api import views


class IdConverter:
    """A database id: at most 18 digits, so that it always fits a bigint."""

    regex = "[0-9]{1,18}"

    def to_python(self, value):
        return int(value)

    def to_url(self, value):
        return str(value)


register_converter(IdConverter, "id")

urlpatterns = [
    path("openapi.json", views.openapi_document, name="api_openapi"),
    path("stream/event", views.event_stream, name="api_event_stream"),
    path("bot/game/stream/<id:game_id>", views.game_stream, name="api_game_stream"),
    path("bot/game/<id:game_id>/move/<path:move>", views.move, name="api_move"),
    path("bot/game/<id:game_id>/resign", views.resign, name="api_resign"),
    path("table/<id:table_id>/join", views.join, name="api_join"),
    path("table", views.create_table, name="api_create_table"),
    path("challenge/<slug:key>/accept", views.accept_challenge, name="api_accept_challenge"),
    path("challenge/<slug:key>/decline", views.decline_challenge, name="api_decline_challenge"),
    path("challenge/<slug:key>/cancel", views.cancel_challenge, name="api_cancel_challenge"),
    path("challenge/<username:username>", views.challenge, name="api_challenge"),
    path("tournaments", views.tournaments, name="api_tournaments"),
    path("tournament/<id:tournament_id>", views.tournament, name="api_tournament"),
    path("tournament/<id:tournament_id>/join", views.join_tournament, name="api_join_tournament"),
    path("tournament/<id:tournament_id>/withdraw", views.withdraw_tournament, name="api_withdraw_tournament"),
    re_path(r"^(?P<rest>.*)$", views.not_found),
]
