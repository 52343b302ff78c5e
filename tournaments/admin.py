"""The admin: staff make one-off tournaments and recurring templates with the same house-rules
widgets as a table (games.admin's ``HouseRulesAdmin``); entries are shown, never edited. The
invitation token is neither shown nor searchable (``Tournament.HIDDEN_FIELDS``)."""

from zoneinfo import available_timezones

from django.contrib import admin
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from games.admin import HouseRulesAdmin, ReadOnlyInline, rules_fieldsets
from games.pages.forms import TableRulesForm
from tournaments.models import Entry, RecurringTournament, Tournament

FROM_NEXT = _("Applies to the tables made from now on; games keep the rules they began with.")
SHARED = ["name", "seats", "turn_timer_seconds", "minutes", "rated", "bots_allowed", "preset"]


class TournamentRulesForm(TableRulesForm):
    class Meta:
        model = Tournament
        fields = [*SHARED, "starts_at", "status", "private", "created_by"]


class RecurringRulesForm(TableRulesForm):
    class Meta:
        model = RecurringTournament
        fields = [*SHARED, "every", "weekday", "at", "timezone", "active"]

    def clean_timezone(self):
        zone = self.cleaned_data["timezone"]
        if zone not in available_timezones():
            raise ValidationError(_("There is no such time zone: give one as “Africa/Nairobi”."))
        return zone

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("every") == RecurringTournament.Every.WEEK and cleaned.get("weekday") is None:
            self.add_error("weekday", _("A weekly tournament needs its weekday."))
        return cleaned


class EntryInline(ReadOnlyInline):
    model = Entry
    fields = ["user", "state", "points", "games", "wins", "streak", "rank", "joined_at"]
    ordering = ["rank", "-points"]


@admin.register(Tournament)
class TournamentAdmin(HouseRulesAdmin):
    form = TournamentRulesForm
    unsaved_words = _("Shown once the tournament is saved.")
    list_display = ["name", "starts_at", "minutes", "status", "seats", "private", "rated", "recurrence"]
    list_filter = ["status", "private", "rated", "bots_allowed"]
    search_fields = ["name"]
    autocomplete_fields = ["created_by"]
    inlines = [EntryInline]
    fieldsets = [
        (None, {"fields": ["name", "starts_at", "minutes", "status", "created_by"]}),
        (_("Tables"), {"fields": ["seats", "turn_timer_seconds", "rated", "private", "bots_allowed"]}),
        *rules_fieldsets(FROM_NEXT),
    ]

    def save_model(self, request, obj, form, change):
        if not change and obj.created_by is None:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)


@admin.register(RecurringTournament)
class RecurringTournamentAdmin(HouseRulesAdmin):
    form = RecurringRulesForm
    unsaved_words = _("Shown once the tournament is saved.")
    list_display = ["name", "every", "weekday", "at", "timezone", "active"]
    list_filter = ["active", "every"]
    search_fields = ["name"]
    fieldsets = [
        (None, {"fields": ["name", "every", "weekday", "at", "timezone", "minutes", "active"]}),
        (_("Tables"), {"fields": ["seats", "turn_timer_seconds", "rated", "bots_allowed"]}),
        *rules_fieldsets(FROM_NEXT),
    ]
