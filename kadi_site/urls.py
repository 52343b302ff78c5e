"""URL root: admin, accounts, the language switcher, history, and the games app at the site root."""

from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the language switcher
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),  # gettext() for scripts
    path("accounts/", include("accounts.urls")),
    path("", include("history.urls")),
    path("", include("games.urls")),
]
