"""Staff's second-factor devices in the admin, behind the site's guard: listed, renamed,
removed (a lost phone), never their secret key, which would let whoever read it pass the
second factor (django-otp's own admin shows it, with a QR code of it)."""

from django.contrib import admin
from django_otp.plugins.otp_totp.models import TOTPDevice

from kadi_site.admin_guard import HiddenFieldsAdmin

admin.site.unregister(TOTPDevice)


@admin.register(TOTPDevice)
class SecondFactorDeviceAdmin(HiddenFieldsAdmin):
    list_display = ("user", "name", "confirmed", "created_at", "last_used_at")
    search_fields = ("user__username",)
    fields = ("user", "name", "confirmed", "created_at", "last_used_at")
    readonly_fields = ("user", "created_at", "last_used_at")

    def lookup_allowed(self, lookup, value, request=None):
        return not lookup.startswith("key") and super().lookup_allowed(lookup, value, request)

    def has_add_permission(self, request):
        return False  # a device is made by its owner, from their settings (privacy.second_factor)
