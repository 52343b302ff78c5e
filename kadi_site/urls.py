"""URL root: admin, accounts, the bot API, history, and the games app at the site root."""

from django.contrib import admin
from django.urls import include, path

from api import pages as api_pages

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("accounts/tokens/", api_pages.tokens, name="api_tokens"),
    path("accounts/tokens/<int:token_id>/revoke/", api_pages.revoke, name="api_token_revoke"),
    path("api/", include("api.urls")),
    path("", include("history.urls")),
    path("", include("games.urls")),
]
