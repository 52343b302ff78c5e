"""Placeholder until the games views land: the home page only."""

from django.urls import path
from django.views.generic import TemplateView

app_name = "games"

urlpatterns = [
    path("", TemplateView.as_view(template_name="home.html"), name="lobby"),
]
