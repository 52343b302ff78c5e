"""The tournament pages (namespace "tournaments", under /tournaments/)."""

from django.urls import path

from tournaments import export, views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("new/", views.new, name="new"),
    path("<int:tournament_id>/", views.detail, name="detail"),
    path("<int:tournament_id>/join/", views.join, name="join"),
    path("<int:tournament_id>/pause/", views.pause, name="pause"),
    path("<int:tournament_id>/resume/", views.resume, name="resume"),
    path("<int:tournament_id>/withdraw/", views.withdraw, name="withdraw"),
    path("<int:tournament_id>/pair/", views.pair, name="pair"),
    path("<int:tournament_id>/export.json", export.results, name="export"),
]
