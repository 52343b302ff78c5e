"""The staff read the offences and standings; the site writes them (``fairplay.writes``)."""

from django.contrib import admin

from fairplay.models import Offence, Standing
from kadi_site.admin_guard import HiddenFieldsAdmin


@admin.register(Offence)
class OffenceAdmin(HiddenFieldsAdmin):
    list_display = ["user", "kind", "game", "created_at"]
    list_filter = ["kind"]
    search_fields = ["user__username"]
    raw_id_fields = ["user", "game"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Standing)
class StandingAdmin(HiddenFieldsAdmin):
    list_display = ["user", "count", "clean_games", "last_offence_at"]
    search_fields = ["user__username"]
    raw_id_fields = ["user"]
