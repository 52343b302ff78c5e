"""Notifications and push devices in the admin, behind the site's guard on hidden fields
(``kadi_site.admin_guard``). A device's keys are not shown: they let one push to it."""

from django.contrib import admin

from kadi_site.admin_guard import HiddenFieldsAdmin
from notifications.models import Notification, PushSubscription


@admin.register(Notification)
class NotificationAdmin(HiddenFieldsAdmin):
    list_display = ("user", "kind", "created_at", "seen_at", "emailed_at")
    list_filter = ("kind",)
    search_fields = ("user__username",)
    raw_id_fields = ("user",)


@admin.register(PushSubscription)
class PushSubscriptionAdmin(HiddenFieldsAdmin):
    list_display = ("user", "label", "created_at", "last_success_at")
    search_fields = ("user__username",)
    raw_id_fields = ("user",)
    readonly_fields = ("endpoint",)
    exclude = ("p256dh", "auth")
