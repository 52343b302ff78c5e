"""The notification settings form: a box for each kind and channel, the e-mails' interval,
the quiet hours and the time zone they are read in. Bad input is refused with a sentence."""

import zoneinfo
from functools import cache

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from notifications.models import Channel, Kind, Preference, channel_allowed


@cache
def time_zones() -> list[tuple[str, str]]:
    return [
        (name, name.replace("_", " "))
        for name in sorted(zoneinfo.available_timezones())
        if "/" in name or name == "UTC"
    ]


def box_name(kind: str, channel: str) -> str:
    return f"{kind}__{channel}"


class PreferenceForm(forms.Form):
    email_interval = forms.TypedChoiceField(
        label=gettext_lazy("E-mails"), choices=Preference.Interval.choices, coerce=int
    )
    quiet_start = forms.TimeField(
        label=gettext_lazy("Quiet hours from"), required=False, widget=forms.TimeInput(attrs={"type": "time"})
    )
    quiet_end = forms.TimeField(
        label=gettext_lazy("until"), required=False, widget=forms.TimeInput(attrs={"type": "time"})
    )
    time_zone = forms.ChoiceField(label=gettext_lazy("Your time zone"), choices=time_zones)

    def __init__(self, *args, preference: Preference, **kwargs):
        initial = {
            "email_interval": preference.email_interval,
            "quiet_start": preference.quiet_start,
            "quiet_end": preference.quiet_end,
            "time_zone": preference.time_zone,
        }
        for kind in Kind.values:
            for channel in Channel.values:
                if channel_allowed(kind, channel):
                    initial[box_name(kind, channel)] = preference.is_on(kind, channel)
        super().__init__(*args, initial=initial, **kwargs)
        self.preference = preference
        for kind, kind_label in Kind.choices:
            for channel, channel_label in Channel.choices:
                if channel_allowed(kind, channel):
                    self.fields[box_name(kind, channel)] = forms.BooleanField(
                        required=False, label=f"{kind_label}: {channel_label}"
                    )

    def grid(self) -> list[dict]:
        """The boxes by kind (rows) and channel (columns); None where a kind never goes."""
        return [
            {
                "label": label,
                "boxes": [
                    self[box_name(kind, channel)] if channel_allowed(kind, channel) else None
                    for channel in Channel.values
                ],
            }
            for kind, label in Kind.choices
        ]

    def clean(self):
        data = super().clean()
        start, end = data.get("quiet_start"), data.get("quiet_end")
        if (start is None) != (end is None):
            raise forms.ValidationError(_("Give both ends of the quiet hours, or neither."))
        if start is not None and start == end:
            raise forms.ValidationError(_("Quiet hours must start and end at different times."))
        return data

    def save(self, language: str) -> Preference:
        preference, data = self.preference, self.cleaned_data
        preference.channels = {
            f"{kind}.{channel}": bool(data.get(box_name(kind, channel)))
            for kind in Kind.values
            for channel in Channel.values
            if channel_allowed(kind, channel)
        }
        preference.email_interval = data["email_interval"]
        preference.quiet_start, preference.quiet_end = data["quiet_start"], data["quiet_end"]
        preference.time_zone = data["time_zone"]
        preference.language = (
            language if language in dict(Preference._meta.get_field("language").choices) else "en"
        )
        preference.save()
        return preference
