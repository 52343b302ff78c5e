"""Ratings, their changes and imported games in the admin: records to read, never to edit.

Game records are imported on the staff page ``history:import``."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from history.models import ImportedGame, Rating, RatingChange
from history.ratings import display
from kadi_site.admin_guard import HiddenFieldsAdmin


class ReadOnlyAdmin(HiddenFieldsAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ["user", "shown", "ordinal", "mu", "sigma", "games", "provisional", "bot", "last_played"]
    list_filter = ["provisional", "bot"]
    search_fields = ["user__username", "user__display_name"]
    list_select_related = ["user"]

    @admin.display(description=_("rating shown"), ordering="ordinal")
    def shown(self, rating):
        return display(rating.ordinal)


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ["user", "game", "place", "ordinal_before", "ordinal_after", "played_at"]
    search_fields = ["user__username"]
    list_select_related = ["user", "game__table"]
    date_hierarchy = "played_at"


@admin.register(ImportedGame)
class ImportedGameAdmin(ReadOnlyAdmin):
    list_display = ["game", "imported_by", "imported_at"]
    list_select_related = ["game__table", "imported_by"]
