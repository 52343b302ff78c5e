from django.contrib import admin

from api.models import ApiToken


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Tokens can be seen and revoked here, never made or read: only their digest is stored."""

    list_display = ("label", "user", "prefix", "created_at", "last_used_at", "revoked_at")
    list_filter = ("revoked_at",)
    search_fields = ("label", "user__username", "prefix")
    readonly_fields = ("user", "label", "prefix", "created_at", "last_used_at")
    exclude = ("digest",)

    def has_add_permission(self, request):
        return False
