"""The games app's pages: lobby, tables and their actions, rules."""

from django.urls import path

from accounts import converters  # noqa: F401 (registers <username:…>)
from games import challenge_views, invite_views, views, waiting_views

app_name = "games"

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("tables/new/", views.create_table, name="create_table"),
    path("play/bots/", views.play_bots_now, name="play_bots_now"),
    path("play/quick/", views.quick_game, name="quick_game"),
    path("t/<int:table_id>/", views.table, name="table"),
    path("t/<int:table_id>/area/", views.table_area, name="table_area"),
    path("t/<int:table_id>/poll/", views.poll, name="poll"),
    path("t/<int:table_id>/seat/take/", views.take_seat, name="take_seat"),
    path("t/<int:table_id>/seat/leave/", views.leave_seat, name="leave_seat"),
    path("t/<int:table_id>/seat/back/", views.take_back_seat, name="take_back_seat"),
    path("t/<int:table_id>/bots/add/", views.add_bot, name="add_bot"),
    path("t/<int:table_id>/bots/remove/", views.remove_bot, name="remove_bot"),
    path("t/<int:table_id>/start/", views.start_game, name="start_game"),
    path("t/<int:table_id>/start/bots/", views.fill_with_bots, name="fill_with_bots"),
    path("t/<int:table_id>/move/", views.move, name="move"),
    path("t/<int:table_id>/choice/", views.hand_choice, name="hand_choice"),
    path("t/<int:table_id>/resign/", views.resign, name="resign"),
    path("t/<int:table_id>/rematch/", views.rematch, name="rematch"),
    path("t/<int:table_id>/rematch/decline/", views.decline_rematch, name="decline_rematch"),
    path("t/<int:table_id>/join/<str:token>/", invite_views.join, name="join"),
    path("t/<int:table_id>/invite/renew/", invite_views.renew, name="renew_invite"),
    path("t/<int:table_id>/invite/revoke/", invite_views.revoke, name="revoke_invite"),
    path("rules/", views.rules, name="rules"),
    path("waiting/", waiting_views.waiting, name="waiting"),
    path("vacation/", waiting_views.vacation, name="vacation"),
    path("challenges/", challenge_views.challenge_list, name="challenges"),
    path("challenges/new/<username:username>/", challenge_views.new_challenge, name="new_challenge"),
    path("challenges/<slug:key>/accept/", challenge_views.accept, name="accept_challenge"),
    path("challenges/<slug:key>/decline/", challenge_views.decline, name="decline_challenge"),
    path("challenges/<slug:key>/cancel/", challenge_views.cancel, name="cancel_challenge"),
]
