"""The moderators' admin: the queue of reports (each with its evidence and the action form)
and the log of actions, read-only. Everything here needs ``moderation.moderate`` (staff in
the "Moderators" group, or superusers): a staff user without it sees neither, and acting
is refused (403). Acting writes through ``moderation.writes.act``."""

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kadi_site.admin_guard import HiddenFieldsMixin
from moderation import evidence
from moderation.forms import ActionForm
from moderation.models import ModerationAction, Report
from moderation.writes import MODERATE, Refused, act


class ModeratorsOnly(HiddenFieldsMixin, admin.ModelAdmin):
    """Seen by moderators, edited by nobody: rows are written by the site's own writes."""

    def has_module_permission(self, request):
        return request.user.has_perm(MODERATE)

    def has_view_permission(self, request, obj=None):
        return request.user.has_perm(MODERATE)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ActionInline(admin.TabularInline):
    model = ModerationAction
    fields = ["created_at", "moderator", "kind", "duration", "until", "reason", "private_note"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_view_permission(self, request, obj=None):
        return request.user.has_perm(MODERATE)

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Report)
class ReportAdmin(ModeratorsOnly):
    list_display = ["created_at", "subject", "reason", "status", "reporter"]
    list_filter = ["status", "reason", "created_at"]
    search_fields = ["subject__username", "reporter__username"]
    fields = [
        "created_at",
        "reporter",
        "subject",
        "reason",
        "note",
        "table",
        "game",
        "chat_message",
        "status",
    ]
    readonly_fields = fields
    inlines = [ActionInline]
    change_form_template = "admin/moderation/report/change_form.html"

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("reporter", "subject")

    def get_urls(self):
        act_view = self.admin_site.admin_view(require_POST(self.act_view))
        return [path("<int:report_id>/act/", act_view, name="moderation_report_act"), *super().get_urls()]

    def change_view(self, request, object_id, form_url="", extra_context=None):
        report = self.get_object(request, object_id)
        extra = dict(extra_context or {})
        if report is not None and self.has_view_permission(request, report):
            extra.update(evidence.for_report(report), action_form=ActionForm())
        return super().change_view(request, object_id, form_url, extra)

    def act_view(self, request, report_id):
        """A moderator's action on the report's player, from the report's page."""
        if not self.has_view_permission(request):
            raise PermissionDenied
        report = get_object_or_404(Report.objects.select_related("subject"), pk=report_id)
        here = reverse("admin:moderation_report_change", args=[report.pk])
        form = ActionForm(request.POST)
        if not form.is_valid():
            messages.error(request, _("The action was not taken: %(errors)s") % {"errors": _errors(form)})
            return redirect(here)
        try:
            act(
                request.user,
                report.subject,
                form.cleaned_data["kind"],
                duration=form.span(),
                reason=form.cleaned_data["reason"],
                private_note=form.cleaned_data["private_note"],
                report=report,
            )
        except Refused as refused:
            messages.error(request, str(refused))
            return redirect(here)
        messages.success(request, _("Done: the action is in the log."))
        return redirect("admin:moderation_report_changelist")


def _errors(form: ActionForm) -> str:
    return " ".join(str(error) for errors in form.errors.values() for error in errors)


@admin.register(ModerationAction)
class ModerationActionAdmin(ModeratorsOnly):
    list_display = ["created_at", "moderator", "subject", "kind", "duration", "until", "report"]
    list_filter = ["kind", "created_at"]
    search_fields = ["subject__username", "moderator__username"]
    fields = [
        "created_at",
        "moderator",
        "subject",
        "report",
        "kind",
        "duration",
        "until",
        "restriction",
        "reason",
        "private_note",
    ]
    readonly_fields = fields
