from django.contrib import admin
from django.contrib.auth.admin import GroupAdmin as DjangoGroupAdmin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.contrib.auth.models import Group
from django.utils.translation import gettext_lazy as _

from accounts.forms import AdminLoginForm
from accounts.models import LoginFailure, User
from kadi_site.admin_guard import HiddenFieldsAdmin, HiddenFieldsMixin

# The admin log-in page is throttled like the site's own.
admin.site.login_form = AdminLoginForm


@admin.register(User)
class UserAdmin(HiddenFieldsMixin, DjangoUserAdmin):
    fieldsets = (
        *DjangoUserAdmin.fieldsets,
        (_("Kadi"), {"fields": ("display_name", "bot_level")}),
    )
    list_display = ("username", "display_name", "email", "bot_level", "is_staff", "date_joined")
    list_filter = ("bot_level", *DjangoUserAdmin.list_filter)
    search_fields = ("username", "display_name", "email")


# Groups reach users, and users their games: guarded like every admin (kadi_site/admin_guard.py).
admin.site.unregister(Group)


@admin.register(Group)
class GroupAdmin(HiddenFieldsMixin, DjangoGroupAdmin):
    pass


@admin.register(LoginFailure)
class LoginFailureAdmin(HiddenFieldsAdmin):
    list_display = ("username", "ip_address", "created_at")
    search_fields = ("username", "ip_address")
    readonly_fields = ("username", "ip_address", "created_at")

    def has_add_permission(self, request):
        return False
