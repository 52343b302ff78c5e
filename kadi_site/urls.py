"""URL root: admin, accounts, history, and the games app at the site root."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("", include("history.urls")),
    path("", include("games.urls")),
]
