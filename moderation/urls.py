"""The report form and its confirmation."""

from django.urls import path

from accounts import converters  # noqa: F401 (registers <username:…>)
from moderation import views

app_name = "moderation"

urlpatterns = [
    path("reports/sent/", views.sent, name="sent"),
    path("report/<username:username>/", views.report, name="report"),
]
