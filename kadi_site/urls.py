"""URL root: admin, accounts, the language switcher, the bot API, history, and the games app."""

from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from api import pages as api_pages

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the language switcher
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),  # gettext() for scripts
    path("accounts/", include("accounts.urls")),
    path("accounts/tokens/", api_pages.tokens, name="api_tokens"),
    path("accounts/tokens/<int:token_id>/revoke/", api_pages.revoke, name="api_token_revoke"),
    path("api/", include("api.urls")),
    path("", include("history.urls")),
    path("", include("games.urls")),
]
