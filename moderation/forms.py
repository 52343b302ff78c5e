"""The forms of the moderation app: a player's report, and a moderator's action."""

from datetime import timedelta

from django import forms
from django.utils.translation import gettext_lazy as _

from moderation.models import ModerationAction, Report

DURATIONS = {  # a moderator's choices: for how long an action holds
    "1h": (timedelta(hours=1), _("an hour")),
    "1d": (timedelta(days=1), _("a day")),
    "3d": (timedelta(days=3), _("three days")),
    "7d": (timedelta(days=7), _("a week")),
    "30d": (timedelta(days=30), _("thirty days")),
    "365d": (timedelta(days=365), _("a year")),
}


class ReportForm(forms.Form):
    reason = forms.ChoiceField(
        label=_("What happened?"), choices=Report.Reason.choices, widget=forms.RadioSelect
    )
    note = forms.CharField(
        label=_("Tell the moderators more (optional)"),
        required=False,
        max_length=Report.NOTE_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 4}),
    )


class ActionForm(forms.Form):
    kind = forms.ChoiceField(label=_("Action"), choices=ModerationAction.Kind.choices)
    duration = forms.ChoiceField(
        label=_("For"),
        choices=[("", "—")] + [(key, label) for key, (_span, label) in DURATIONS.items()],
        required=False,
    )
    reason = forms.CharField(
        label=_("Reason shown to the player"), required=False, max_length=300, help_text=_("Not for closing.")
    )
    private_note = forms.CharField(
        label=_("Private note (moderators only)"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def span(self) -> timedelta | None:
        key = self.cleaned_data.get("duration")
        return DURATIONS[key][0] if key else None
