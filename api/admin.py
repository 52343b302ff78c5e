from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from api.models import ApiToken
from api.tokens import revoke_tokens
from kadi_site.admin_guard import HiddenFieldsAdmin


@admin.register(ApiToken)
class ApiTokenAdmin(HiddenFieldsAdmin):
    """Tokens can be seen and revoked here, never made or read: only their digest is stored."""

    list_display = ("label", "user", "prefix", "created_at", "last_used_at", "revoked_at")
    list_filter = ("revoked_at",)
    search_fields = ("label", "user__username", "prefix")
    # Revoked only by the action (its streams end then), never un-revoked.
    readonly_fields = ("user", "label", "prefix", "created_at", "last_used_at", "revoked_at")
    exclude = ("digest",)
    actions = ["revoke"]

    def has_add_permission(self, request):
        return False

    @admin.action(description=_("Revoke the selected tokens"))
    def revoke(self, request, queryset):
        count = revoke_tokens(queryset)
        self.message_user(request, _("%(count)d tokens revoked.") % {"count": count})
