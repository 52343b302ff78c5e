"""URL root: admin, accounts, the language switcher, the bot API, notifications, history, the
tournaments, the games app, and the installable app's manifest, service worker and offline page."""

from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from api import pages as api_pages

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the language switcher
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),  # gettext() for scripts
    path("accounts/", include("accounts.urls")),
    path("accounts/own/", include("privacy.urls")),
    path("accounts/tokens/", api_pages.tokens, name="api_tokens"),
    path("accounts/tokens/<int:token_id>/revoke/", api_pages.revoke, name="api_token_revoke"),
    path("api/", include("api.urls")),
    path("", include("notifications.urls")),
    path("", include("pwa.urls")),
    path("", include("history.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("", include("moderation.urls")),
    path("", include("games.urls")),
]
