"""History, game pages, replays, records and the leaderboard."""

from django.urls import path

from accounts import converters  # noqa: F401 (registers <username:…>)
from history import views

app_name = "history"

urlpatterns = [
    path("history/", views.my_history, name="mine"),
    path("history/u/<username:username>/", views.player_history, name="player"),
    path("history/import/", views.import_record, name="import"),
    path("games/<int:game_id>/", views.game, name="game"),
    path("games/<int:game_id>/replay/", views.replay, name="replay"),
    path("games/<int:game_id>/replay/hint/", views.replay_hint, name="replay_hint"),
    path("games/<int:game_id>/record.json", views.record, name="record"),
    path("leaderboard/", views.leaderboard, name="leaderboard"),
]
